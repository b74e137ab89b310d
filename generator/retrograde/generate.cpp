#include "generator/retrograde/generate.hpp"

#include <tbb/global_control.h>
#include <tbb/info.h>

#include "core/rules/tromp_taylor.hpp"
#include "generator/retrograde/fixpoint.hpp"
#include "generator/retrograde/kernel_tromp_taylor.hpp"

namespace gotb::retro {

std::string symmetry_scheme(const StateIndex& index) {
  return "min-rank-orbit/" + std::to_string(index.symmetries().count()) + "+colour-normalised";
}

bool has_kernel(const RuleSet& rules) { return rules.support().fixpoint_kernel; }

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

Tables generate(const Board& board, const RuleSet& rules, const GenerateOptions& options) {
  if (!has_kernel(rules))
    throw RulesError("no retrograde generator for ruleset family '" + rules.family() +
                     "' yet (available: tromp-taylor)");
  const int threads = options.threads > 0 ? options.threads : tbb::info::default_concurrency();
  tbb::global_control limit(tbb::global_control::max_allowed_parallelism, static_cast<std::size_t>(threads));
  Progress progress(options.progress);
  Tables t;
  t.stats.threads = threads;
  WorkLimits limits(options.max_work, options.time_limit);
  WorkLimits* lim = limits.active() ? &limits : nullptr;
  t.index = std::make_shared<const StateIndex>(board, lim);
  t.stats.index_seconds = progress.elapsed();
  t.stats.positions = t.index->positions();
  t.stats.states = t.index->states();
  t.stats.index_bytes = t.index->bytes();
  progress.line("%s %s: %llu positions stored (%d symmetries, colour-normalised), %llu states; index %.2f s",
                board.spec().c_str(), rules.to_string().c_str(), static_cast<unsigned long long>(t.stats.positions),
                t.index->symmetries().count(), static_cast<unsigned long long>(t.stats.states),
                t.stats.index_seconds);
  if (TrompTaylorConfig::from(rules).suicide == SuicideRule::Allowed)
    solve_with(TrompTaylorKernel<true>(t.index->board()), t, progress, lim);
  else
    solve_with(TrompTaylorKernel<false>(t.index->board()), t, progress, lim);
  t.work = limits.used();
  t.stats.total_seconds = progress.elapsed();
  t.stats.peak_rss = peak_rss_bytes();
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
