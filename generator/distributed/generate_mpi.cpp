#include "generator/distributed/generate_mpi.hpp"

#include <stdexcept>

#include <tbb/global_control.h>
#include <tbb/info.h>

#include "core/rules/tromp_taylor.hpp"
#include "generator/retrograde/kernel_tromp_taylor.hpp"
#include "generator/retrograde/progress.hpp"

#if GOTB_MPI
#include "generator/distributed/fixpoint_mpi.hpp"
#endif

namespace gotb::dist {

#if GOTB_MPI

namespace {

template <class Kernel>
void solve_with(const Kernel& kernel, retro::Tables& t, const retro::Progress& progress,
                DistributedGenerateStats* out) {
  t.kernel = Kernel::description();
  DistributedFixpoint<Kernel> solver(*t.index, kernel, MPI_COMM_WORLD);
  const retro::SweepStats s = solver.run(progress);
  t.stats.sweeps = s.sweeps;
  t.stats.evaluations = s.evaluations;
  t.stats.sweep_seconds = s.seconds;
  solver.gather(t.upper, t.lower);
  if (out) {
    const ExchangeStats& x = solver.stats();
    out->ranks = x.ranks;
    out->ghosts = x.ghosts;
    out->max_ghosts = x.max_ghosts;
    out->max_owned_states = x.max_owned_states;
    out->setup_bytes = x.setup_bytes;
    out->sweep_bytes = x.sweep_bytes;
    out->sweep_changed = x.sweep_changed;
    out->exchange_seconds = x.exchange_seconds;
  }
}

}  // namespace

retro::Tables generate_distributed(const Session& session, const Board& board, const RuleSet& rules,
                                   const retro::GenerateOptions& options, DistributedGenerateStats* stats) {
  if (!retro::has_kernel(rules))
    throw RulesError("no retrograde generator for ruleset family '" + rules.family() +
                     "' yet (available: tromp-taylor)");
  const int threads = options.threads > 0 ? options.threads : tbb::info::default_concurrency();
  tbb::global_control limit(tbb::global_control::max_allowed_parallelism, static_cast<std::size_t>(threads));
  retro::Progress progress(options.progress && session.rank() == 0);
  retro::Tables t;
  t.stats.threads = threads;
  // Every rank builds the whole index (replicated; docs/distributed.md says
  // what 5x5 needs instead) and owns a range of it.
  t.index = std::make_shared<const retro::StateIndex>(board);
  t.stats.index_seconds = progress.elapsed();
  t.stats.positions = t.index->positions();
  t.stats.states = t.index->states();
  t.stats.index_bytes = t.index->bytes();
  progress.line("%s %s: %llu positions stored, %llu states over %d ranks x %d threads; index %.2f s",
                board.spec().c_str(), rules.to_string().c_str(), static_cast<unsigned long long>(t.stats.positions),
                static_cast<unsigned long long>(t.stats.states), session.size(), threads, t.stats.index_seconds);
  if (TrompTaylorConfig::from(rules).suicide == SuicideRule::Allowed)
    solve_with(retro::TrompTaylorKernel<true>(t.index->board()), t, progress, stats);
  else
    solve_with(retro::TrompTaylorKernel<false>(t.index->board()), t, progress, stats);
  t.stats.total_seconds = progress.elapsed();
  t.stats.peak_rss = retro::peak_rss_bytes();
  if (stats) {
    std::uint64_t rss = t.stats.peak_rss;
    MPI_Allreduce(MPI_IN_PLACE, &rss, 1, MPI_UINT64_T, MPI_MAX, MPI_COMM_WORLD);
    stats->max_peak_rss = rss;
  }
  return t;
}

#else

retro::Tables generate_distributed(const Session&, const Board&, const RuleSet&, const retro::GenerateOptions&,
                                   DistributedGenerateStats*) {
  throw std::runtime_error("--mpi: this gotb was built without MPI (configure with -DGOTB_MPI=ON)");
}

#endif

}  // namespace gotb::dist
