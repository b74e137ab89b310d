// The seam between the query front ends (GTP engine, SGF/PV export, JSON)
// and whatever knows game values.
//
// A backend answers one question: given a game (board, ruleset, komi) and a
// move history, what is the value of the current state, and what is the
// value after each legal move? Either exactly, or as a proven bound pair
// [lower, upper] when that is all it has; the answer always says which.
//
// Backends today:
//  - ReferenceBackend (query/reference_backend.hpp): the reference solver
//    or the exact search, on the fly, exact for every implemented ruleset,
//    tiny boards only.
//  - TablebaseBackend (query/probe.hpp): a tablebase file through the
//    probe API, exact where the file's values cover the history, an
//    optional on-the-fly fallback elsewhere, never a guess.
// make_backend() (query/backends.hpp) is the one place that chooses a
// backend for the CLI; docs/frontends.md has the details.
//
// Calls are per query (a GTP command, an SGF node), never per search state,
// so a virtual interface costs nothing that matters.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
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

// Where a value came from. Exact sources: GameOver (the area result of a
// game that is over, or that the move ends), FileExact (an exact-value
// tablebase file whose values cover the history, query/probe.hpp),
// Search and Reference (solved on the fly). FileFixpoints is never exact:
// the file holds the two finite-state fixpoints (docs/solving.md §2), shown
// in `fixpoints`, and `value` holds only the trivially proven score range.
// FileChecked: an exact file's value under a real history, exact: the
// file's value checked (or re-solved) under that history by a bounded
// search over the file's states (query/probe.hpp, docs/solving.md).
// FileBounds: the same when that search ran out of its budget: proven
// bounds between the file's value and the tie; or the bounds a superko
// file proves where it proves no value.
// FileFacts: a superko file (query/superko_probe.hpp) whose stored bounds'
// history facts hold under this history, so the stored value is exact here.
// SearchSeeded: the exact search, seeded from a superko file's stored
// bounds and moves where their facts hold (query/superko_probe.hpp).
enum class ValueSource {
  GameOver,
  FileExact,
  FileChecked,
  FileBounds,
  FileFixpoints,
  Search,
  Reference,
  FileFacts,
  SearchSeeded
};
// "game-over", "file-exact", "file-history-checked", "file-bounds", "file-fixpoints", "search", "reference",
// "file-facts", "search-seeded".
const char* source_name(ValueSource s);

// The two finite-state fixpoints a retrograde fixpoint file stores (Black's
// view, komi applied): gfp scores infinite play for Black, lfp for White.
// Not a proven value nor proven bounds on one; shown, never claimed.
struct FixpointPair {
  Value gfp, lfp;
  bool agree() const { return gfp.identical(lfp); }
};

struct MoveEval {
  std::string move;   // canonical name ("A2", "pass", or the ruleset's own pass names)
  ValueBounds value;  // value of the state after the move
  ValueSource source = ValueSource::Reference;
  bool ends_game = false;                  // the move ends the game (value = its result)
  std::optional<FixpointPair> fixpoints;   // fixpoint files only
  // Exact files: plies from the state after the move to the end of the game
  // when both sides keep the value and the side that gains by ending it
  // hurries (the file's depth, docs/format.md); choose_move uses it so that
  // play from a file always makes progress. nullopt when not known.
  std::optional<int> depth;
  // Exact files: the file's value of the game started after the move (the
  // value under this history lies between it and the tie). choose_move
  // ranks by it, then by depth: the side that must make progress then gets
  // the file's value without a cycle (query/probe.hpp).
  std::optional<Value> file_value;
};

// THE result type of every front end (gotb solve / query / pv, GTP, JSON,
// the probe API of query/probe.hpp; ProbeResult is the same type): the
// value of the state after a history, every legal move's value, and where
// each came from.
struct Analysis {
  bool game_over = false;
  Color to_move = Color::Black;    // meaningless when game_over
  ValueBounds value;               // current state; the result when game_over
  ValueSource source = ValueSource::Reference;  // where `value` came from
  std::vector<MoveEval> moves;     // every legal move, in the ruleset's legal-move order
                                   // (gotb solve: best first for the player to move)
  std::string method;              // "reference", "search", "tablebase", ...
  std::string note;                // why values are only bounds, if they are
  std::optional<FixpointPair> fixpoints;  // fixpoint files only
  std::optional<int> depth;        // exact files: see MoveEval::depth
  // Exact files: the file's value of the game started at this state (the
  // value under the history is `value`; they differ where the history
  // spoils the file's value, docs/solving.md). nullopt otherwise.
  std::optional<Value> file_value;
  // Superko and root files: `value` is only a bound, but the mover's side
  // of it is proven and the file's stored move (listed first among moves of
  // its value) keeps it: a player that holds that bound can play from the
  // file (gotb gtp says so on stderr). Not an exact value.
  bool strategy_move = false;
  std::vector<std::string> pv;     // a principal variation, when asked for
  std::uint64_t nodes = 0;         // search effort for this answer (0 if none)
  std::uint64_t memo_hits = 0;     // solver cache hits (gotb solve)
  int threads = 1;
  // Solver-specific counters (e.g. the search's table statistics), in print order.
  std::vector<std::pair<std::string, std::uint64_t>> counters;
  double seconds = 0;

  bool exact() const { return value.exact(); }
};
using ProbeResult = Analysis;

// A solver's report (gotb solve: reference, search or auto) as the one
// result type: exact values, source Search or Reference by rep.method.
struct SolveReport;
Analysis to_analysis(const SolveReport& rep);
// Sets MoveEval::ends_game (and source GameOver) for the moves that end the
// game after `history`, by the ruleset's game model. Throws like replay_moves.
void mark_game_ends(const GameSpec& spec, const std::vector<std::string>& history, Analysis& a);

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

// Whether the values are a proof (exact, or bounds a solver proved) rather
// than the bare score range of a source that proves nothing (a fixpoint
// file, source FileFixpoints), and enough to choose a move: a superko
// file's bounds without an exact value are not (no move is known to keep
// the value). choose_move, keeps_value and principal variations need it.
bool proven(const Analysis& a);

// Does the move keep what the state guarantees the player to move? Black
// keeps the state's lower bound, White its upper bound; with exact values
// this is "the move's value equals the state's value". False when the
// values are not proven (a fixpoint file's score range would make every
// move look value-keeping).
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
// choose_move (one analysis per step). Stops early after max_moves; throws
// std::invalid_argument where a value on the way is not exact.
std::vector<std::string> principal_variation(AnalysisBackend& backend, const GameSpec& spec,
                                             std::vector<std::string> history, std::size_t max_moves = 10000);

}  // namespace gotb
