#include "generator/distributed/generate_mpi.hpp"

#include <stdexcept>

#include <tbb/global_control.h>

#include "generator/retrograde/kernel_tromp_taylor.hpp"
#include "generator/retrograde/progress.hpp"

#if GOTB_MPI
#include "generator/distributed/exact_mpi.hpp"
#include "generator/distributed/fixpoint_mpi.hpp"
#endif

namespace gotb::dist {

#if GOTB_MPI

namespace {

// The exchange figures of a solver, and the whole job's largest peak RSS
// and index build time. Collective.
void report(const ExchangeStats& x, double index_seconds, DistributedGenerateStats* out) {
  std::uint64_t rss = retro::peak_rss_bytes();
  check_mpi(MPI_Allreduce(MPI_IN_PLACE, &rss, 1, MPI_UINT64_T, MPI_MAX, MPI_COMM_WORLD), "MPI_Allreduce");
  double hi = index_seconds, lo = index_seconds;
  check_mpi(MPI_Allreduce(MPI_IN_PLACE, &hi, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD), "MPI_Allreduce");
  check_mpi(MPI_Allreduce(MPI_IN_PLACE, &lo, 1, MPI_DOUBLE, MPI_MIN, MPI_COMM_WORLD), "MPI_Allreduce");
  if (!out) return;
  out->ranks = x.ranks;
  out->ghosts = x.ghosts;
  out->max_ghosts = x.max_ghosts;
  out->max_owned_states = x.max_owned_states;
  out->setup_bytes = x.setup_bytes;
  out->sweep_bytes = x.sweep_bytes;
  out->sweep_changed = x.sweep_changed;
  out->exchange_seconds = x.exchange_seconds;
  out->max_peak_rss = rss;
  out->index_max = hi, out->index_min = lo;
  out->setup_max = x.setup_max, out->setup_min = x.setup_min;
  out->compute_max = x.compute_max, out->compute_min = x.compute_min;
  out->exchange_max = x.exchange_max, out->exchange_min = x.exchange_min;
  out->exchange_cpu_max = x.exchange_cpu_max, out->exchange_cpu_min = x.exchange_cpu_min;
}

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
  report(solver.stats(), t.stats.index_seconds, out);
}

template <bool kSuicideAllowed>
retro::ExactStats solve_exact(retro::ExactGenerated& g, const retro::Progress& progress,
                              DistributedGenerateStats* out) {
  DistributedExact<kSuicideAllowed> solver(*g.index, MPI_COMM_WORLD);
  const retro::ExactStats s = solver.run(g.arrays, progress);
  report(solver.stats(), g.stats.index_seconds, out);
  return s;
}

}  // namespace

// Every rank builds the whole index (replicated; docs/distributed.md says
// what 5x5 needs instead) and owns a range of it.

retro::Tables generate_distributed(const Session& session, const Board& board, const RuleSet& rules,
                                   const retro::GenerateOptions& options, DistributedGenerateStats* stats) {
  tbb::global_control limit(tbb::global_control::max_allowed_parallelism,
                            static_cast<std::size_t>(retro::resolve_threads(options.threads)));
  retro::Progress progress(options.progress && session.rank() == 0);
  retro::Tables t = retro::start_tables(board, rules, options.threads, progress, nullptr, session.size());
  if (retro::kernel_allows_suicide(rules))
    solve_with(retro::TrompTaylorKernel<true>(t.index->board()), t, progress, stats);
  else
    solve_with(retro::TrompTaylorKernel<false>(t.index->board()), t, progress, stats);
  retro::finish_stats(t.stats, progress);
  return t;
}

retro::ExactGenerated generate_exact_distributed(const Session& session, const Board& board, const RuleSet& rules,
                                                 int threads, bool progress_lines, DistributedGenerateStats* stats) {
  tbb::global_control limit(tbb::global_control::max_allowed_parallelism,
                            static_cast<std::size_t>(retro::resolve_threads(threads)));
  retro::Progress progress(progress_lines && session.rank() == 0);
  retro::ExactGenerated g = retro::start_exact(board, rules, threads, progress, session.size());
  const retro::ExactStats s = retro::kernel_allows_suicide(rules) ? solve_exact<true>(g, progress, stats)
                                                                  : solve_exact<false>(g, progress, stats);
  retro::finish_exact(g, s, progress);
  return g;
}

#else

retro::Tables generate_distributed(const Session&, const Board&, const RuleSet&, const retro::GenerateOptions&,
                                   DistributedGenerateStats*) {
  throw std::runtime_error("--mpi: this gotb was built without MPI (configure with -DGOTB_MPI=ON)");
}

retro::ExactGenerated generate_exact_distributed(const Session&, const Board&, const RuleSet&, int, bool,
                                                 DistributedGenerateStats*) {
  throw std::runtime_error("--mpi: this gotb was built without MPI (configure with -DGOTB_MPI=ON)");
}

#endif

}  // namespace gotb::dist
