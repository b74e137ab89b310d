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

// The exchange figures of a solver, the phases of every rank (`index`: its
// index build) and the job's largest peak RSS. Collective.
void report(const ExchangeStats& x, const PhaseTimes& index, DistributedGenerateStats* out) {
  int rank = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  // All ranks, and all but rank 0 (which also holds the gathered tables).
  std::uint64_t rss[2] = {retro::peak_rss_bytes(), rank == 0 ? 0 : retro::peak_rss_bytes()};
  check_mpi(MPI_Allreduce(MPI_IN_PLACE, rss, 2, MPI_UINT64_T, MPI_MAX, MPI_COMM_WORLD), "MPI_Allreduce");
  PhaseTimes mine = x.mine, most, least;
  mine.wall[kIndexPhase] = index.wall[kIndexPhase];
  mine.cpu[kIndexPhase] = index.cpu[kIndexPhase];
  reduce_phases(mine, most, least, MPI_COMM_WORLD);
  if (!out) return;
  out->ranks = x.ranks;
  out->ghosts = x.ghosts;
  out->max_ghosts = x.max_ghosts;
  out->max_owned_states = x.max_owned_states;
  out->setup_bytes = x.setup_bytes;
  out->sweep_bytes = x.sweep_bytes;
  out->sweep_changed = x.sweep_changed;
  out->exchange_seconds = x.exchange_seconds;
  out->alltoallv_calls = x.alltoallv_calls;
  out->alltoallv_pair_bytes = x.alltoallv_pair_bytes;
  out->max_peak_rss = rss[0];
  out->max_peak_rss_workers = rss[1];
  out->most = most;
  out->least = least;
}

template <class Kernel>
void solve_with(const Kernel& kernel, retro::Tables& t, const retro::Progress& progress, const PhaseTimes& index,
                DistributedGenerateStats* out) {
  t.kernel = Kernel::description();
  DistributedFixpoint<Kernel> solver(*t.index, kernel, MPI_COMM_WORLD);
  const retro::SweepStats s = solver.run(progress);
  t.stats.sweeps = s.sweeps;
  t.stats.evaluations = s.evaluations;
  t.stats.sweep_seconds = s.seconds;
  solver.gather(t.upper, t.lower);
  report(solver.stats(), index, out);
}

template <bool kSuicideAllowed>
retro::ExactStats solve_exact(const RankIndex& ri, retro::ExactArrays& arrays, const retro::Progress& progress,
                              const PhaseTimes& index, DistributedGenerateStats* out) {
  DistributedExact<kSuicideAllowed> solver(ri, MPI_COMM_WORLD);
  const retro::ExactStats s = solver.run(arrays, progress);
  report(solver.stats(), index, out);
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
  PhaseTimes index;
  PhaseClock clock(index);
  retro::Tables t = retro::start_tables(board, rules, options.threads, progress, nullptr, session.size());
  clock.mark(kIndexPhase);
  if (retro::kernel_allows_suicide(rules))
    solve_with(retro::TrompTaylorKernel<true>(t.index->board()), t, progress, index, stats);
  else
    solve_with(retro::TrompTaylorKernel<false>(t.index->board()), t, progress, index, stats);
  retro::finish_stats(t.stats, progress);
  return t;
}

retro::ExactGenerated generate_exact_distributed(const Session& session, const Board& board, const RuleSet& rules,
                                                 int threads, bool progress_lines, DistributedGenerateStats* stats) {
  tbb::global_control limit(tbb::global_control::max_allowed_parallelism,
                            static_cast<std::size_t>(retro::resolve_threads(threads)));
  retro::Progress progress(progress_lines && session.rank() == 0);
  if (!retro::has_exact_kernel(rules)) return retro::start_exact(board, rules, threads, progress);  // throws
  PhaseTimes index;
  PhaseClock clock(index);
  // Every rank builds its part of the index only (rank_index.hpp).
  const RankIndex ri(board, MPI_COMM_WORLD);
  clock.mark(kIndexPhase);
  // Rank 0 writes the file through the 32-bit KoStateIndex after the
  // rounds: refuse a board past it now, not hours later (every rank alike).
  retro::check_exact_state_count(board, ri.states());
  const double index_seconds = progress.elapsed();
  std::uint64_t index_bytes = ri.bytes();
  check_mpi(MPI_Allreduce(MPI_IN_PLACE, &index_bytes, 1, MPI_UINT64_T, MPI_MAX, MPI_COMM_WORLD), "MPI_Allreduce");
  progress.line("%s %s: %llu positions stored (colour-normalised), %llu states (%llu with a ko ban) over %d ranks x "
                "%d threads; per-rank index %.2f s, at most %.1f MiB per rank",
                board.spec().c_str(), rules.to_string().c_str(), static_cast<unsigned long long>(ri.positions()),
                static_cast<unsigned long long>(ri.states()), static_cast<unsigned long long>(ri.ko_states()),
                session.size(), retro::resolve_threads(threads), index_seconds, index_bytes / 1048576.0);
  retro::ExactArrays arrays;
  const retro::ExactStats s = retro::kernel_allows_suicide(rules) ? solve_exact<true>(ri, arrays, progress, index, stats)
                                                                  : solve_exact<false>(ri, arrays, progress, index, stats);
  retro::ExactGenerated g;
  if (session.rank() == 0) {
    // Rank 0 writes the one file, whose writer and report read the whole
    // index: it alone builds it, after the solve (docs/distributed.md,
    // "Limits": the gather and the write are not distributed yet).
    g = retro::start_exact(board, rules, threads, retro::Progress(false), session.size());
    if (g.index->states() != ri.states() || g.index->positions().positions() != ri.positions())
      throw std::logic_error("exact --mpi: the per-rank index numbers another set of states");
    g.arrays = std::move(arrays);
    g.stats.index_seconds = index_seconds;
  }
  if (stats) stats->max_index_bytes = index_bytes;
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
