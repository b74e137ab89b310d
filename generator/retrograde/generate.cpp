#include "generator/retrograde/generate.hpp"

#include <cstdio>

#include <tbb/global_control.h>
#include <tbb/info.h>

#include "core/rules/ikeda.hpp"
#include "core/rules/international.hpp"
#include "core/rules/tromp_taylor.hpp"
#include "generator/retrograde/fixpoint.hpp"
#include "generator/retrograde/kernel_tromp_taylor.hpp"

namespace gotb::retro {

std::string symmetry_scheme(const StateIndex& index) {
  return "min-rank-orbit/" + std::to_string(index.symmetries().count()) + "+colour-normalised";
}

bool has_kernel(const RuleSet& rules) { return rules.support().fixpoint_kernel; }

std::string no_kernel_message(const RuleSet& rules) {
  const bool long_cycle = (rules.is(Family::International) && InternationalConfig::from(rules).basic_exceptional) ||
                          (rules.is(Family::Ikeda1) && IkedaConfig::from(rules).ko == IkedaKo::BasicPlay) ||
                          rules.is(Family::Japanese2003);
  std::string text = "no retrograde generator for ruleset '" + rules.to_string() + "'";
  if (long_cycle)
    return text +
           ": its long-cycle rule ends the game on a recreated board, so its values are not those of a "
           "finite-state game (counterexamples in docs/solving.md, \"The other long-cycle rulesets\"); "
           "exact values of single positions: gotb solve";
  return text + " yet (available: tromp-taylor)";
}

namespace {

template <class Kernel>
void solve_with(const Kernel& kernel, Tables& t, const Progress& progress, WorkLimits* limits) {
  t.kernel = Kernel::description();
  FixpointSolver<Kernel> solver(*t.index, kernel, t.upper, t.lower);
  SweepStats s = solver.run(progress, limits);
  t.stats.sweeps = s.sweeps;
  t.stats.evaluations = s.evaluations;
  t.stats.sweep_seconds = s.seconds;
}

}  // namespace

int resolve_threads(int threads) { return threads > 0 ? threads : tbb::info::default_concurrency(); }

bool kernel_allows_suicide(const RuleSet& rules) {
  return TrompTaylorConfig::from(rules).suicide == SuicideRule::Allowed;
}

Tables start_tables(const Board& board, const RuleSet& rules, int threads, const Progress& progress,
                    WorkLimits* limits, int ranks) {
  if (!has_kernel(rules))
    throw RulesError(no_kernel_message(rules));
  Tables t;
  t.stats.threads = resolve_threads(threads);
  t.index = std::make_shared<const StateIndex>(board, limits);
  t.stats.index_seconds = progress.elapsed();
  t.stats.positions = t.index->positions();
  t.stats.states = t.index->states();
  t.stats.index_bytes = t.index->bytes();
  char where[64] = "";
  if (ranks > 0) std::snprintf(where, sizeof where, " over %d ranks x %d threads", ranks, t.stats.threads);
  progress.line("%s %s: %llu positions stored (%d symmetries, colour-normalised), %llu states%s; index %.2f s",
                board.spec().c_str(), rules.to_string().c_str(), static_cast<unsigned long long>(t.stats.positions),
                t.index->symmetries().count(), static_cast<unsigned long long>(t.stats.states), where,
                t.stats.index_seconds);
  return t;
}

void finish_stats(GenerateStats& stats, const Progress& progress) {
  stats.total_seconds = progress.elapsed();
  stats.peak_rss = peak_rss_bytes();
}

Tables generate(const Board& board, const RuleSet& rules, const GenerateOptions& options) {
  tbb::global_control limit(tbb::global_control::max_allowed_parallelism,
                            static_cast<std::size_t>(resolve_threads(options.threads)));
  Progress progress(options.progress);
  WorkLimits limits(options.max_work, options.time_limit);
  WorkLimits* lim = limits.active() ? &limits : nullptr;
  Tables t = start_tables(board, rules, options.threads, progress, lim);
  if (kernel_allows_suicide(rules))
    solve_with(TrompTaylorKernel<true>(t.index->board()), t, progress, lim);
  else
    solve_with(TrompTaylorKernel<false>(t.index->board()), t, progress, lim);
  t.work = limits.used();
  finish_stats(t.stats, progress);
  return t;
}

std::uint64_t state_of(const StateIndex& index, const Position& pos, Color to_move, int passes) {
  const Position norm = to_move == Color::Black ? pos : Position{pos.white, pos.black};
  const std::uint64_t n = index.checked_number_of(norm);
  if (n == ~std::uint64_t{0} || passes < 0 || passes > 1) return ~std::uint64_t{0};
  return 2 * n + static_cast<std::uint64_t>(passes);
}

Bracket bracket_at(const std::vector<std::int8_t>& upper, const std::vector<std::int8_t>& lower,
                   std::uint64_t state, Color to_move, double komi) {
  // Black to move: gfp is the mover's "cycles for me" table; White to move:
  // cycles for Black are cycles for White's opponent.
  if (to_move == Color::Black)
    return {to_black_value(upper[state], to_move, komi), to_black_value(lower[state], to_move, komi)};
  return {to_black_value(lower[state], to_move, komi), to_black_value(upper[state], to_move, komi)};
}

}  // namespace gotb::retro
