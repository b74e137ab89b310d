// ikeda-1's playout solved by the tromp-taylor search (docs/solving.md
// section 4, "Session 33: ikeda-1's playout is an area game shifted by the
// stones spent").
//
// In the playout every move costs its mover one stone (a play puts one on
// the board, a pass pays one) and with an odd number of playout moves the
// last pass is refunded, so the two sides spend equally many stones there.
// With score = (area difference) - (stones Black spent) + (stones White
// spent), the value of a playout node N is
//   S(N) - owed_B(N) + TT(N),
// S the spent balance at N (prisoners and stones on the board), owed_B the
// pass stone the playout's parity still owes (as in the node bounds of
// session 31) and TT the value of tromp-taylor without suicide (positional
// superko, two passes end it, area scoring) from N's board, player to move
// and passes in a row, under the history the ko rule reads: under
// ko=positional the whole game with the two passes that ended the
// alternation left out (a pass changes no board), under
// ko=positional-per-phase the playout alone, from its first board. The
// value rests on the tromp-taylor proof's history facts (boards absent or
// present), which map one to one onto ikeda-1's board facts. ko=basic-play
// is not served (basic ko with a no-result long-cycle rule is no
// tromp-taylor game).
//
// IkedaPlayoutGame is IkedaGame plus that value as the generic search's
// strategy bounds (HasStrategyBounds): at every playout node exact bounds,
// or (PlayoutTest::NullWindow, session 34) the one bound that decides the
// generic search's null-window test, with the facts they rest on, so the
// generic search never enters a playout; the alternation stays with it. Where the tromp-taylor proof's
// facts cannot be expressed (a dependency list over its cap) the bounds are
// left open and the generic search plays the playout itself.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <utility>
#include <vector>

#include "core/rules/ikeda.hpp"
#include "generator/reference/solve.hpp"
#include "generator/search/search_solver.hpp"

namespace gotb::search {

// Whether the reduction serves (rules, board): ikeda-1 under a superko ko
// option on a board the tromp-taylor search takes (at most 31 points).
bool ikeda_playout_reduces(const RuleSet& rules, const Board& board);
// How a playout node's bounds are asked of the tromp-taylor search.
//  Exact: its value (prove_root), both bounds with the facts of each.
//  NullWindow: only the test the generic search's window asks ("value >=
//   beta?", beta in order units): the tromp-taylor test "TT >= t" at the t
//   that decides it (prove_bound), and where that fails, "TT <= t - 1"
//   (a failing test's proof has no facts, so the bound that holds is proved
//   by a second test). One bound comes back, with the facts of its proof
//   alone (docs/solving.md section 4, "Session 34: ikeda-1").
enum class PlayoutTest { Exact, NullWindow };

// Whether gotb solve / table take it, and with which test (nullopt: the
// plain IkedaGame). By default the null-window tests under both superko
// options (docs/solving.md section 4, "Session 34"; before, Session 33 took
// the exact tests under ko=positional-per-phase only: under ko=positional
// each exact proof rests on the alternation's boards and 1x8 was not proven
// in 100 M nodes). The environment variable GOTB_IKEDA_PLAYOUT (off,
// exact, null-window) overrides the default where the reduction serves,
// for measurements (an unknown value is an error).
std::optional<PlayoutTest> ikeda_playout_choice(const RuleSet& rules, const Board& board);

struct IkedaPlayoutStats {
  std::uint64_t solves = 0;     // tromp-taylor root proofs asked (NullWindow: tests)
  std::uint64_t second_tests = 0;  // NullWindow: first tests that failed, so a second test ran
  std::uint64_t nodes = 0;      // their nodes (charged to the current budget)
  std::uint64_t fallbacks = 0;  // proofs whose facts overflowed: bounds left open
  std::uint64_t facts = 0;      // board facts handed to the generic search
};

class IkedaPlayoutGame : public IkedaGame {
 public:
  // node_limit / time_limit: caps on each tromp-taylor solve (0: none); its
  // nodes are charged to the budget of the search that asks (current_budget).
  IkedaPlayoutGame(const Board& board, const RuleSet& rules, double komi, std::uint64_t node_limit = 0,
                   double time_limit = 0, PlayoutTest test = PlayoutTest::Exact);
  ~IkedaPlayoutGame();
  IkedaPlayoutGame(const IkedaPlayoutGame&) = delete;
  IkedaPlayoutGame& operator=(const IkedaPlayoutGame&) = delete;

  // The game's moves are recorded: the tromp-taylor line is built from them.
  void play(Move m);
  void undo();
  // Not supported: the line must start at the empty board.
  void setup(const Position&, Color);

  // The generic search's HasStrategyBounds: at a playout node (not over)
  // exact bounds (PlayoutTest::Exact) or the one bound that answers "value
  // >= beta?" (NullWindow); open elsewhere.
  std::pair<Value, Value> strategy_bounds(std::int32_t floor, std::int32_t ceiling, std::int32_t beta,
                                          std::vector<std::uint64_t>& facts);
  // The value of the current playout node by the reduction, with the ids of
  // the board facts it rests on appended to *facts (ikeda-1's ids, both
  // movers of each board: the value holds under every history with this
  // state key that agrees on them); nullopt where the node is not in the
  // playout, is over, or the proof's facts overflowed.
  std::optional<Value> playout_value(std::vector<std::uint64_t>* facts);
  // NullWindow's bound at the current playout node: {lower bound >= beta,
  // +inf} or {-inf, upper bound < beta}, with its proof's facts appended to
  // *facts as in playout_value; nullopt as there.
  std::optional<std::pair<Value, Value>> playout_bound(std::int32_t beta, std::vector<std::uint64_t>* facts);

  const IkedaPlayoutStats& playout_stats() const { return stats_; }
  void add_counters(SolveReport& rep) const;

 private:
  // The playout node's tromp-taylor line made current, the order tables'
  // build charged; false where the node is not in the playout or is over.
  bool prepare();
  // The spent balance less the owed pass stone: value = score(shift + TT).
  int shift() const;
  // Appends ikeda-1's ids of d's boards (both movers) to *facts; false
  // where d cannot be handed over (overflow, a stone fact).
  bool hand_over(const ProofDeps& d, std::vector<std::uint64_t>* facts);
  void sync_line();
  // Runs test() (a proof of tt_) with the node accounting of every test.
  template <class Test>
  auto tt_solve(Test&& test);

  // The order tables and the tromp-taylor search, at the first playout node.
  void build_search();

  std::shared_ptr<const RetroOrdering> retro_;  // the tromp-taylor search's order tables (order only)
  std::unique_ptr<TrompTaylorSearch> tt_;       // null until the first playout node
  std::uint64_t node_limit_;
  double time_limit_;
  PlayoutTest test_;
  std::vector<Move> line_;  // the game's moves
  int alt_end_ = -1;        // moves when the alternation ended (its last pass included); -1: in it
  Position alt_pos_{};      // the board and player at the playout's start
  Color alt_to_move_ = Color::Black;
  // The tromp-taylor search's line: its root (set_root) and the moves since.
  bool tt_rooted_ = false;
  Position tt_root_{};
  Color tt_root_to_move_ = Color::Black;
  std::vector<Move> tt_line_;
  IkedaPlayoutStats stats_;
};

}  // namespace gotb::search
