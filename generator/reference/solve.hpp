// Runtime entry point of the reference solver for any implemented ruleset.
#pragma once

#include <algorithm>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "core/board.hpp"
#include "core/position.hpp"
#include "core/rules/ruleset.hpp"
#include "core/value.hpp"
#include "generator/reference/finite_state_game.hpp"
#include "generator/reference/reference_solver.hpp"

namespace gotb {

struct SolveRequest {
  Board board;
  RuleSet rules;
  double komi = 0;
  std::vector<std::string> moves;  // history played before solving
  ReferenceOptions options;
  bool with_move_values = true;    // value of every legal move
  bool with_pv = true;
  // Which moves keep the value (SolveReport::optimal). A solver with a
  // cheaper way (the search: one one-sided test per move) uses it when the
  // move values are not wanted; the others take them from the move values.
  bool with_optimal_moves = false;
  // Superko: the real ruleset. BlackWins / WhiteWins: the repeated-state
  // mode, the finite-state game in which reaching a state (position, player
  // to move, pass count) that occurred before in the line ends the game as a
  // win for that player, and superko is not applied (finite_state_game.hpp).
  RepeatScoring repeat = RepeatScoring::Superko;
};

struct MoveReport {
  std::string move;
  Value value;
};

struct SolveReport {
  Value value;
  std::string to_move;              // "Black" / "White"; empty when the game is over
  bool game_over = false;
  std::vector<MoveReport> moves;    // best first for the player to move, then legal order
  std::vector<std::string> pv;
  std::vector<std::string> optimal;  // with_optimal_moves: the moves that keep the value
  // ... and the moves the budget left undecided (the search stops testing
  // moves when the budget runs out after the value; empty = `optimal` is complete).
  std::vector<std::string> optimal_undecided;
  std::uint64_t nodes = 0;
  std::uint64_t memo_hits = 0;
  double seconds = 0;
  std::string method = "reference";
  int threads = 1;  // threads that worked on it
  // Solver-specific counters (e.g. the search's table statistics), in print order.
  std::vector<std::pair<std::string, std::uint64_t>> counters;
};

// Appends every move's value to rep.moves, best first for `to_move` (ties in
// the solver's order); shared by the solvers' reports.
template <class MoveValues, class NameOf>
void record_move_values(SolveReport& rep, Color to_move, const MoveValues& values, NameOf name_of) {
  const bool black = to_move == Color::Black;
  for (const auto& mv : values) rep.moves.push_back({name_of(mv.move), mv.value});
  std::stable_sort(rep.moves.begin(), rep.moves.end(), [&](const MoveReport& a, const MoveReport& b) {
    return black ? a.value > b.value : a.value < b.value;
  });
}

// Whether a solver must compute every move's value for `req`.
inline bool needs_move_values(const SolveRequest& req) { return req.with_move_values || req.with_optimal_moves; }

// After a solver filled rep.moves as needs_move_values() asked (or
// rep.optimal itself): the optimal moves from the move values, and no move
// values that were not asked for.
inline void finish_move_report(const SolveRequest& req, SolveReport& rep) {
  if (req.with_optimal_moves && rep.optimal.empty())
    for (const MoveReport& m : rep.moves)
      if (m.value == rep.value) rep.optimal.push_back(m.move);
  if (!req.with_move_values) rep.moves.clear();
}

// Throws RulesError / std::invalid_argument for bad rules or an illegal
// history, NodeLimitReached when options.node_limit is exceeded.
SolveReport reference_solve(const SolveRequest& request);

// Value (Black's view) of the repeated-state game started at the state
// (pos, to_move, passes) with an empty history. Throws like reference_solve.
Value finite_state_value(const Board& board, const RuleSet& rules, double komi, RepeatScoring scoring,
                         const Position& pos, Color to_move, int passes, const ReferenceOptions& options = {});

}  // namespace gotb
