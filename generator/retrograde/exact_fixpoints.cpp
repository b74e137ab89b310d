#include "generator/retrograde/exact_fixpoints.hpp"

#include <tbb/global_control.h>

#include "generator/retrograde/exact_solver.hpp"
#include "generator/retrograde/generate.hpp"

namespace gotb::retro {

namespace {

template <bool kSuicideAllowed>
ExactStats solve_in_place(const KoStateIndex& idx, ExactArrays& out, const Progress& progress, WorkLimits* limits) {
  ExactStats st;
  const double t0 = progress.elapsed();
  const WholeKoIndex whole(idx);
  ExactRows<kSuicideAllowed> rows(whole, 0, whole.words());
  rows.build([](std::uint64_t s) { return static_cast<std::uint32_t>(s); });  // < 2^32: KoStateIndex checks
  if (limits) limits->charge(0);
  st.plays = rows.plays();
  st.graph_bytes = rows.bytes();
  st.graph_seconds = progress.elapsed() - t0;
  const std::uint64_t S = idx.states();
  BigVector<Bounds> v(S);
  parallel_fill(v.data(), S, Bounds{kOpponentWins, kMoverWins});
  const double t1 = progress.elapsed();
  for (;;) {
    std::uint64_t changed = 0;
    const std::uint64_t evaluated_before = st.evaluations;
    rows.sweep_in_place(v.data(), changed, st.evaluations);
    if (limits) limits->charge(st.evaluations - evaluated_before);
    ++st.rounds;
    if (changed == 0) break;
  }
  st.round_seconds = progress.elapsed() - t1;
  out.lower = BigVector<std::int8_t>(S);
  out.upper = BigVector<std::int8_t>(S);
  split_bounds(v.data(), S, out.lower.data(), out.upper.data());
  return st;
}

}  // namespace

ExactGenerated exact_fixpoints(const Board& board, const RuleSet& rules, int threads, WorkLimits* limits) {
  tbb::global_control limit(tbb::global_control::max_allowed_parallelism,
                            static_cast<std::size_t>(resolve_threads(threads)));
  Progress progress(false);
  ExactGenerated g = start_exact(board, rules, threads, progress);
  if (limits) limits->charge(0);  // the time limit, after the index
  finish_exact(g,
               kernel_allows_suicide(rules) ? solve_in_place<true>(*g.index, g.arrays, progress, limits)
                                            : solve_in_place<false>(*g.index, g.arrays, progress, limits),
               progress);
  return g;
}

}  // namespace gotb::retro
