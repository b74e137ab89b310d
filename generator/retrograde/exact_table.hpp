// Exact tables of tromp-taylor:ko=basic: generation result and reader.
//
// CONTRACT (what a reader, e.g. the probe API in query/, may rely on):
//
//  * A file is exact iff its metadata say kind "exact" (extra["kind"] =
//    "exact", extra["exact"] = "true", index scheme kExactIndexScheme,
//    value encoding kExactValueEncoding). ExactTable refuses any other file
//    with TablebaseError. Board, ruleset (canonical text, e.g.
//    "tromp-taylor:ko=basic" or "tromp-taylor:ko=basic,suicide=no") and
//    komi come from the file.
//
//  * A state is (position, player to move, passes since the last play in
//    {0, 1}, ko ban: the point the mover may not retake at once, or -1),
//    i.e. TrompTaylorGame's position(), to_move(), consecutive_passes()
//    and ko_ban() under ko=basic. state_of() maps it to a StateRef; an
//    invalid one (string without liberties, ban that no play can leave)
//    gives !ref.valid().
//
//  * value(ref) is the EXACT value, from Black's point of view with the
//    file's komi (or the komi given), of the game started at that state
//    with a history holding that state alone (docs/rules/tromp-taylor.md:
//    a repeated situation ends the game as a tie = Value::no_result(0)).
//    It is not the value of the same state under a longer history that
//    already contains other situations: the reader of a real game must say
//    so (or re-solve) when the history matters. Along a game that starts
//    at the root and only makes value-keeping moves, every state's value
//    is the root's value.
//
//  * Optimal play without cycling. progress_side(ref) says who must force the
//    game to an end to get the value, and depth(ref) is a number for that:
//      - ProgressSide::Black: value > tie (Black wins on the board). At a
//        Black-to-move state, some move keeps the value and leads to a
//        child with depth(child) < depth(state); at a White-to-move state
//        every value-keeping move leads to depth(child) < depth(state).
//      - ProgressSide::White: value < tie; the same with the colours swapped.
//      - ProgressSide::None: the value is the tie (order 0); any value-keeping
//        move is optimal and cycling is fine (it ends as the tie).
//    The game-ending pass (at passes = 1) has depth 0. So: the player who
//    must make progress picks, among the moves whose child value equals the
//    state's value, one whose child has the smallest depth; this never
//    repeats a situation and reaches the value. Depths are at most 65535.
//
//  * Thread safety: an ExactTable reads the whole file when opened (every
//    chunk verified by its checksum) and is then immutable: value(),
//    depth(), state_of() may run in parallel. A file that is truncated,
//    corrupt or of another kind throws TablebaseError at open; nothing
//    unverified is ever returned.
//
// Memory: 6 bytes per state (four arrays) plus the index (16 bytes per 64
// base-3 ranks + 4 bytes per stored position); a 4x4 table is ~60 MiB.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "core/board.hpp"
#include "core/color.hpp"
#include "core/position.hpp"
#include "core/rules/ruleset.hpp"
#include "core/value.hpp"
#include "generator/retrograde/exact_solver.hpp"
#include "generator/retrograde/ko_index.hpp"

namespace gotb {
struct TablebaseMeta;
}

namespace gotb::retro {

// Names written into exact files (docs/generator.md, docs/format.md).
inline constexpr const char* kExactIndexScheme = "tt-basic-ko-v1";
inline constexpr const char* kExactValueEncoding = "int8-mover-area-fixpoints+depth-v1";
inline constexpr const char* kExactLower = "lower";   // lfp, mover's view, komi 0 (int8)
inline constexpr const char* kExactUpper = "upper";   // gfp, mover's view, komi 0 (int8)
// Depths as uint16 split into two byte arrays each (low byte, high byte).
inline constexpr const char* kDepthLowerLo = "depth_lower_lo";
inline constexpr const char* kDepthLowerHi = "depth_lower_hi";
inline constexpr const char* kDepthUpperLo = "depth_upper_lo";
inline constexpr const char* kDepthUpperHi = "depth_upper_hi";

// True for the rulesets with exact tables (tromp-taylor:ko=basic, both
// suicide options).
bool has_exact_kernel(const RuleSet& rules);

struct ExactGenerateStats {
  std::uint64_t positions = 0, states = 0, ko_states = 0;
  ExactStats solve;
  double index_seconds = 0, total_seconds = 0;
  std::uint64_t peak_rss = 0, index_bytes = 0;
  int threads = 0;
  int mpi_ranks = 0;  // > 0: an MPI run (written into the file's metadata)
  std::vector<PhaseTime> phases;  // wall / CPU per phase (gotb generate --profile)
};

// The exact table of one board under a ko=basic ruleset, komi-free.
struct ExactGenerated {
  std::shared_ptr<const KoStateIndex> index;
  ExactArrays arrays;
  ExactGenerateStats stats;
  std::string game;  // description of the solved game
};

// Throws RulesError for a ruleset without exact kernel, std::invalid_argument
// for a board the index cannot hold. threads 0 = oneTBB's default.
// `limits` (optional; move ordering builds): past them NodeLimitReached.
ExactGenerated generate_exact(const Board& board, const RuleSet& rules, int threads, bool progress,
                              WorkLimits* limits = nullptr);

// The steps generate_exact() shares with the MPI generator
// (generator/distributed/generate_mpi.cpp); the caller holds the thread
// limit. start_exact checks the ruleset, builds the index, fills the index
// part of the stats and the game text and prints the opening line (`ranks`
// > 0: an MPI run of that many ranks); finish_exact takes the solver's
// figures and prints the closing line.
ExactGenerated start_exact(const Board& board, const RuleSet& rules, int threads, const Progress& progress,
                           int ranks = 0);
void finish_exact(ExactGenerated& g, const ExactStats& solve, const Progress& progress);

// Writes an exact file (format/, atomically).
void write_exact(const std::string& path, const Board& board, const RuleSet& rules, double komi,
                 const ExactGenerated& g, int threads = 0);

// Value from the two fixpoints (mover's codes at a state with `mover` to
// move), the tie at order 0 after komi (exact_solver.hpp).
Value exact_value(std::int8_t lower, std::int8_t upper, Color mover, double komi);

struct StateRef {
  std::uint64_t index = kNoStateIndex;
  Color to_move = Color::Black;
  bool valid() const { return index != kNoStateIndex; }
};

enum class ProgressSide { None, Black, White };

class ExactTable {
 public:
  // Reads and verifies the whole file. Throws TablebaseError.
  explicit ExactTable(const std::string& path);
  // From a generation result in memory (tests, `gotb generate`).
  ExactTable(const Board& board, const RuleSet& rules, double komi, const ExactGenerated& g);

  const Board& board() const { return *board_; }
  const RuleSet& rules() const { return rules_; }
  double komi() const { return komi_; }
  std::string kind() const { return "exact"; }
  std::uint64_t states() const { return index_->states(); }
  const KoStateIndex& index() const { return *index_; }

  StateRef state_of(const Position& pos, Color to_move, int passes, int ko_ban) const {
    return {index_->state_of(pos, to_move, passes, ko_ban), to_move};
  }
  // Exact value, Black's point of view, with the file's komi / the komi given.
  Value value(StateRef s) const { return value(s, komi_); }
  Value value(StateRef s, double komi) const;
  ProgressSide progress_side(StateRef s) const { return progress_side(s, komi_); }
  ProgressSide progress_side(StateRef s, double komi) const;
  // The depth of the side that must make progress; 0 when ProgressSideSide::None.
  int depth(StateRef s) const { return depth(s, komi_); }
  int depth(StateRef s, double komi) const;

 private:
  std::unique_ptr<Board> board_;
  RuleSet rules_;
  double komi_ = 0;
  std::shared_ptr<const KoStateIndex> index_;
  std::vector<std::int8_t> lower_, upper_;
  std::vector<std::uint16_t> depth_lower_, depth_upper_;
};

}  // namespace gotb::retro
