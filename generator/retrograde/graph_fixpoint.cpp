#include "generator/retrograde/graph_fixpoint.hpp"

#include <algorithm>
#include <atomic>
#include <stdexcept>
#include <vector>

#include <tbb/blocked_range.h>
#include <tbb/combinable.h>
#include <tbb/global_control.h>
#include <tbb/info.h>
#include <tbb/parallel_for.h>

#include "core/rules/tromp_taylor.hpp"
#include "generator/retrograde/kernel_tromp_taylor.hpp"
#include "generator/retrograde/progress.hpp"
#include "generator/retrograde/value_code.hpp"

namespace gotb::retro {

namespace {

template <bool kSuicideAllowed>
class GraphFixpoint {
 public:
  GraphFixpoint(const StateIndex& idx, WorkLimits* limits) : idx_(idx), k_(idx.board()), limits_(limits) {}

  void build() {
    const std::uint64_t P = idx_.positions();
    first_.assign(P + 1, 0);
    pass_child_.assign(P, 0);
    end_score_.assign(P, 0);
    std::vector<std::uint8_t> count(P);
    for_positions([&](std::uint64_t n, const Position& pos) {
      int k = 0;
      k_.plays(pos, 0, [&](const Position&) { ++k; });
      count[n] = static_cast<std::uint8_t>(k);
    });
    std::uint64_t total = 0;
    for (std::uint64_t n = 0; n < P; ++n) {
      first_[n] = total;
      total += count[n];
    }
    first_[P] = total;
    child_.assign(total, 0);
    for_positions([&](std::uint64_t n, const Position& pos) {
      std::uint64_t k = first_[n];
      k_.plays(pos, 0, [&](const Position& child) { child_[k++] = static_cast<std::uint32_t>(idx_.number_of(child)); });
      pass_child_[n] = static_cast<std::uint32_t>(idx_.number_of(swap_colours(pos)));
      end_score_[n] = static_cast<std::int8_t>(k_.pass(pos, 1).score);
    });
  }

  // Gauss-Seidel passes until nothing changes; returns the passes.
  int solve(std::vector<std::int8_t>& up, std::vector<std::int8_t>& lo, std::uint64_t& evaluations) {
    up.assign(idx_.states(), kMoverWins);
    lo.assign(idx_.states(), kOpponentWins);
    std::int8_t* u = up.data();
    std::int8_t* l = lo.data();
    auto get = [](const std::int8_t& x) { return std::atomic_ref<const std::int8_t>(x).load(std::memory_order_relaxed); };
    auto set = [](std::int8_t& x, int y) {
      std::atomic_ref<std::int8_t>(x).store(static_cast<std::int8_t>(y), std::memory_order_relaxed);
    };
    const std::uint64_t P = idx_.positions();
    for (int pass = 1;; ++pass) {
      tbb::combinable<std::uint64_t> changed, evaluated;
      std::atomic<bool> broken{false};
      tbb::parallel_for(tbb::blocked_range<std::uint64_t>(0, P, 4096), [&](const tbb::blocked_range<std::uint64_t>& r) {
        std::uint64_t c = 0, e = 0;
        bool ok = true;
        for (std::uint64_t n = r.begin(); n != r.end(); ++n) {
          const std::uint64_t s0 = 2 * n, s1 = s0 + 1;
          const int u0 = get(u[s0]), u1 = get(u[s1]), l0 = get(l[s0]), l1 = get(l[s1]);
          if (u0 == l0 && u1 == l1) continue;  // final (lower <= lfp <= gfp <= upper)
          e += 2;
          int bu = -128, bl = -128;
          for (std::uint64_t k = first_[n], z = first_[n + 1]; k < z; ++k) {
            const std::uint64_t cs = 2 * static_cast<std::uint64_t>(child_[k]);
            bu = std::max(bu, -static_cast<int>(get(l[cs])));
            bl = std::max(bl, -static_cast<int>(get(u[cs])));
          }
          const std::uint64_t pc = 2 * static_cast<std::uint64_t>(pass_child_[n]) + 1;
          const int nu0 = std::max(bu, -static_cast<int>(get(l[pc])));
          const int nl0 = std::max(bl, -static_cast<int>(get(u[pc])));
          const int score = end_score_[n];
          const int nu1 = std::max(bu, score), nl1 = std::max(bl, score);
          ok &= nu0 <= u0 && nu1 <= u1 && nl0 >= l0 && nl1 >= l1;
          c += (nu0 != u0) + (nu1 != u1) + (nl0 != l0) + (nl1 != l1);
          if (nu0 != u0) set(u[s0], nu0);
          if (nu1 != u1) set(u[s1], nu1);
          if (nl0 != l0) set(l[s0], nl0);
          if (nl1 != l1) set(l[s1], nl1);
        }
        if (limits_) limits_->charge(e);
        changed.local() += c;
        evaluated.local() += e;
        if (!ok) broken = true;
      });
      if (broken) throw std::logic_error("retrograde graph sweep: a value moved against its fixpoint (bug)");
      evaluations += evaluated.combine(std::plus<>{});
      if (changed.combine(std::plus<>{}) == 0) return pass;
    }
  }

 private:
  template <class F>
  void for_positions(F&& f) {
    tbb::parallel_for(tbb::blocked_range<std::uint64_t>(0, idx_.words(), 64),
                      [&](const tbb::blocked_range<std::uint64_t>& r) {
                        std::uint64_t work = 0;
                        for (std::uint64_t w = r.begin(); w != r.end(); ++w) {
                          std::uint64_t n = idx_.first_number(w);
                          for (std::uint64_t bits = idx_.bits(w); bits; bits &= bits - 1, ++n, ++work)
                            f(n, idx_.ranker().unrank(64 * w + static_cast<std::uint64_t>(std::countr_zero(bits))));
                        }
                        if (limits_) limits_->charge(work);
                      });
  }

  const StateIndex& idx_;
  TrompTaylorKernel<kSuicideAllowed> k_;
  WorkLimits* limits_;
  std::vector<std::uint64_t> first_;
  std::vector<std::uint32_t> child_, pass_child_;
  std::vector<std::int8_t> end_score_;
};

template <bool kSuicideAllowed>
void solve_graph(Tables& t, WorkLimits* lim) {
  GraphFixpoint<kSuicideAllowed> g(*t.index, lim);
  g.build();
  t.stats.sweeps = g.solve(t.upper, t.lower, t.stats.evaluations);
  t.kernel = TrompTaylorKernel<kSuicideAllowed>::description() + " (successor graph)";
}

}  // namespace

Tables generate_with_graph(const Board& board, const RuleSet& rules, const GenerateOptions& options) {
  if (!has_kernel(rules))
    throw RulesError(no_kernel_message(rules));
  const int threads = options.threads > 0 ? options.threads : tbb::info::default_concurrency();
  tbb::global_control limit(tbb::global_control::max_allowed_parallelism, static_cast<std::size_t>(threads));
  Progress progress(options.progress);
  Tables t;
  t.stats.threads = threads;
  WorkLimits limits(options.max_work, options.time_limit);
  WorkLimits* lim = limits.active() ? &limits : nullptr;
  t.index = std::make_shared<const StateIndex>(board, lim);
  if (t.index->positions() >= (std::uint64_t{1} << 32))
    throw std::invalid_argument("retrograde graph: 2^32 positions or more");
  t.stats.index_seconds = progress.elapsed();
  t.stats.positions = t.index->positions();
  t.stats.states = t.index->states();
  t.stats.index_bytes = t.index->bytes();
  if (TrompTaylorConfig::from(rules).suicide == SuicideRule::Allowed) solve_graph<true>(t, lim);
  else solve_graph<false>(t, lim);
  t.work = limits.used();
  t.stats.total_seconds = progress.elapsed();
  t.stats.sweep_seconds = t.stats.total_seconds - t.stats.index_seconds;
  t.stats.peak_rss = peak_rss_bytes();
  return t;
}

}  // namespace gotb::retro
