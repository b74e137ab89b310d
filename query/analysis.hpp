// The seam between the query front ends (GTP engine, SGF/PV export, JSON)
// and whatever knows game values.
//
// A backend answers one question: given a game (board, ruleset, komi) and a
// move history, what is the value of the current state, and what is the
// value after each legal move? Either exactly, or as a proven bound pair
// [lower, upper] when that is all it has; the answer always says which.
//
// Backends today:
//  - ReferenceBackend (query/reference_backend.hpp): the reference solver,
//    exact for every implemented ruleset, tiny boards only.
// A tablebase backend plugs in here once a file holds proven values: a
// class derived from AnalysisBackend whose unsupported() accepts exactly
// the file's board, ruleset and komi, and whose analyze() replays the
// history on the file's game model, probes the file for the current state
// and every child, and returns exact values only where the file proves the
// superko value. Today's retrograde files hold finite-state fixpoints,
// which are neither (docs/solving.md section 2), so make_backend() refuses
// them. make_backend() (query/backends.hpp) is the one place that chooses
// a backend for the CLI; docs/frontends.md has the checklist.
//
// Calls are per query (a GTP command, an SGF node), never per search state,
// so a virtual interface costs nothing that matters.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/color.hpp"
#include "core/value.hpp"
#include "query/game_record.hpp"

namespace gotb {

// A proven range of values, from Black's point of view. Exact when lower
// and upper are identical.
struct ValueBounds {
  Value lower, upper;

  static ValueBounds exactly(Value v) { return {v, v}; }
  bool exact() const { return lower.identical(upper); }
  // "B+1" when exact, "[W+2, B+1]" otherwise.
  std::string to_string() const;
};

struct MoveEval {
  std::string move;   // canonical name ("A2", "pass", or the ruleset's own pass names)
  ValueBounds value;  // value of the state after the move
};

struct Analysis {
  bool game_over = false;
  Color to_move = Color::Black;    // meaningless when game_over
  ValueBounds value;               // current state; the result when game_over
  std::vector<MoveEval> moves;     // every legal move, in the ruleset's legal-move order
  std::string method;              // "reference", "tablebase", ...
  std::string note;                // why values are only bounds, if they are
  std::uint64_t nodes = 0;         // search effort for this answer (0 if none)
  double seconds = 0;
};

class AnalysisBackend {
 public:
  virtual ~AnalysisBackend() = default;
  virtual std::string name() const = 0;
  // Empty when the backend can analyse games of this spec; otherwise the
  // reason it cannot (board too large, other ruleset or komi than a file).
  virtual std::string unsupported(const GameSpec& spec) const = 0;
  // Throws std::invalid_argument for an illegal history, NodeLimitReached
  // (generator/reference/reference_solver.hpp) when a budget runs out.
  virtual Analysis analyze(const GameSpec& spec, const std::vector<std::string>& history) = 0;
};

// Does the move keep what the state guarantees the player to move? Black
// keeps the state's lower bound, White its upper bound; with exact values
// this is "the move's value equals the state's value".
bool keeps_value(const Analysis& a, const MoveEval& m);

// The move an optimal player plays (GTP genmove, principal variations):
// the best guarantee for the player to move (Black: highest lower bound,
// then highest upper; White: lowest upper, then lowest lower), then moves
// a GTP peer can express (plays and the plain pass) before the ruleset's
// other pass kinds, then the ruleset's legal-move order. Deterministic.
// Returns an index into a.moves; nullopt when there is no legal move.
std::optional<std::size_t> choose_move(const Analysis& a, const Board& board);

// The moves, best first for the player to move (same order as choose_move
// without the GTP preference; stable, so legal order breaks ties).
std::vector<MoveEval> best_first(const Analysis& a);

// Moves from the current state to the end of the game, each chosen by
// choose_move (one analysis per step). Stops early after max_moves.
std::vector<std::string> principal_variation(AnalysisBackend& backend, const GameSpec& spec,
                                             std::vector<std::string> history, std::size_t max_moves = 10000);

}  // namespace gotb
