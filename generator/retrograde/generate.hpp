// Runtime entry point of the retrograde generator: builds the state index
// of a board, picks the ruleset's kernel and runs the fixpoint sweeps.
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
#include "generator/retrograde/progress.hpp"
#include "generator/retrograde/state_index.hpp"

namespace gotb::retro {

// Names written into tablebase files (docs/generator.md defines them).
inline constexpr const char* kIndexScheme = "tt-canon-rank3-v1";
inline constexpr const char* kValueEncoding = "int8-mover-area-v1";
inline constexpr const char* kUpperArray = "upper";  // cycles scored for the player to move
inline constexpr const char* kLowerArray = "lower";  // cycles scored for her opponent
std::string symmetry_scheme(const StateIndex& index);

struct GenerateOptions {
  int threads = 0;        // 0 = oneTBB's default (all cores)
  bool progress = false;  // progress lines and summary on stderr
  // Limits (0 = none): work in ranks enumerated plus states evaluated, and
  // seconds of wall time. Past either, generate() throws NodeLimitReached
  // within a block of positions (milliseconds).
  std::uint64_t max_work = 0;
  double time_limit = 0;
};

struct GenerateStats {
  std::uint64_t positions = 0, states = 0, evaluations = 0;
  int sweeps = 0;
  double index_seconds = 0, sweep_seconds = 0, total_seconds = 0;
  double graph_seconds = 0;  // retro::generate_with_graph: building the successor graph (part of sweep_seconds)
  std::uint64_t peak_rss = 0, index_bytes = 0;
  int threads = 0;
};

// The two fixpoint tables of one board and ruleset (komi-free).
struct Tables {
  std::shared_ptr<const StateIndex> index;
  std::string kernel;  // description of the game that was solved
  std::vector<std::int8_t> upper, lower;
  GenerateStats stats;
  std::uint64_t work = 0;  // ranks enumerated plus states evaluated (GenerateOptions::max_work)
};

// True when the ruleset has a retrograde kernel (the tromp-taylor family).
bool has_kernel(const RuleSet& rules);
// The error text for a ruleset without a kernel: why there is none. The
// basic-ko long-cycle rulesets (international:ko=basic-exceptional,
// ikeda-1:ko=basic-play, japanese-2003) are not finite-state games
// (counterexamples in docs/solving.md, "The other long-cycle rulesets");
// for the others a kernel is merely not written.
std::string no_kernel_message(const RuleSet& rules);

// Throws RulesError for a ruleset without kernel, std::invalid_argument for
// a board the index cannot hold.
Tables generate(const Board& board, const RuleSet& rules, const GenerateOptions& options);

// The steps of a run that generate() and the MPI generator
// (generator/distributed/generate_mpi.cpp) share, so that both check,
// build and report alike. The caller holds the thread limit
// (tbb::global_control with resolve_threads()) for the whole run.
int resolve_threads(int threads);  // 0 = oneTBB's default
// Checks the ruleset (RulesError), builds the index (charged to `limits`
// if given), fills the index part of t.stats and prints the opening line;
// `ranks` > 0 names the ranks of an MPI run in it.
Tables start_tables(const Board& board, const RuleSet& rules, int threads, const Progress& progress,
                    WorkLimits* limits, int ranks = 0);
// True when the ruleset's kernel allows suicide (TrompTaylorKernel<true>).
bool kernel_allows_suicide(const RuleSet& rules);
// Closing figures: total seconds and peak RSS.
void finish_stats(GenerateStats& stats, const Progress& progress);

// Both fixpoint values of a real state, from Black's point of view with komi:
// gfp = infinite play scored as a Black win, lfp = as a White win.
struct Bracket {
  Value gfp, lfp;
  bool exact() const { return gfp.identical(lfp); }
};
// state index of (pos, to_move, passes in {0,1}); ~0 for an illegal position.
std::uint64_t state_of(const StateIndex& index, const Position& pos, Color to_move, int passes);
Bracket bracket_at(const std::vector<std::int8_t>& upper, const std::vector<std::int8_t>& lower,
                   std::uint64_t state, Color to_move, double komi);

}  // namespace gotb::retro
