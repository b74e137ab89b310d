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
    const int points = idx_.board().size();
    std::vector<std::uint8_t> count(P), stones(P);
    for_positions([&](std::uint64_t n, const Position& pos) {
      int k = 0;
      k_.plays(pos, 0, [&](const Position&) { ++k; });
      count[n] = static_cast<std::uint8_t>(k);
      stones[n] = static_cast<std::uint8_t>(popcount(pos.occupied()));
    });
    // Positions are relabelled by stone count, most stones first (stable in
    // the index's order): a play adds a stone, so a pass meets most children
    // before their parents and carries their new values up at once.
    std::vector<std::uint64_t> start(static_cast<std::size_t>(points) + 2, 0);
    for (std::uint64_t n = 0; n < P; ++n) ++start[static_cast<std::size_t>(points - stones[n]) + 1];
    for (std::size_t i = 1; i < start.size(); ++i) start[i] += start[i - 1];
    label_.resize(P);
    for (std::uint64_t n = 0; n < P; ++n)
      label_[n] = static_cast<std::uint32_t>(start[static_cast<std::size_t>(points - stones[n])]++);
    std::vector<std::uint8_t> count_at(P);
    for (std::uint64_t n = 0; n < P; ++n) count_at[label_[n]] = count[n];
    first_.assign(P + 1, 0);
    pass_child_.assign(P, 0);
    end_score_.assign(P, 0);
    std::uint64_t total = 0;
    for (std::uint64_t m = 0; m < P; ++m) {
      first_[m] = total;
      total += count_at[m];
    }
    first_[P] = total;
    child_.assign(total, 0);
    for_positions([&](std::uint64_t n, const Position& pos) {
      const std::uint32_t m = label_[n];
      std::uint64_t k = first_[m];
      k_.plays(pos, 0, [&](const Position& child) { child_[k++] = label_[idx_.number_of(child)]; });
      pass_child_[m] = label_[idx_.number_of(swap_colours(pos))];
      end_score_[m] = static_cast<std::int8_t>(k_.pass(pos, 1).score);
    });
  }

  // Gauss-Seidel passes until nothing changes; returns the passes.
  // The two fixpoints of a state are kept side by side (one 16-bit cell per
  // state) while the passes run, so that reading a child costs one cache
  // miss instead of two (a pass reads both fixpoints of every child); they
  // are split into the two tables at the end.
  int solve(std::vector<std::int8_t>& up, std::vector<std::int8_t>& lo, std::uint64_t& evaluations) {
    std::vector<std::uint16_t> cells(idx_.states(), pack(kMoverWins, kOpponentWins));
    std::uint16_t* const cell = cells.data();
    auto get = [](const std::uint16_t& x) {
      return std::atomic_ref<const std::uint16_t>(x).load(std::memory_order_relaxed);
    };
    auto set = [](std::uint16_t& x, std::uint16_t y) {
      std::atomic_ref<std::uint16_t>(x).store(y, std::memory_order_relaxed);
    };
    const std::uint64_t P = idx_.positions();
    int passes = 0;
    for (int pass = 1;; ++pass) {
      tbb::combinable<std::uint64_t> changed, evaluated;
      std::atomic<bool> broken{false};
      tbb::parallel_for(tbb::blocked_range<std::uint64_t>(0, P, 4096), [&](const tbb::blocked_range<std::uint64_t>& r) {
        std::uint64_t c = 0, e = 0;
        bool ok = true;
        for (std::uint64_t n = r.begin(); n != r.end(); ++n) {
          const std::uint64_t s0 = 2 * n, s1 = s0 + 1;
          const std::uint16_t c0 = get(cell[s0]), c1 = get(cell[s1]);
          const int u0 = upper(c0), u1 = upper(c1), l0 = lower(c0), l1 = lower(c1);
          if (u0 == l0 && u1 == l1) continue;  // final (lower <= lfp <= gfp <= upper)
          e += 2;
          int bu = -128, bl = -128;
          for (std::uint64_t k = first_[n], z = first_[n + 1]; k < z; ++k) {
            const std::uint16_t cc = get(cell[2 * static_cast<std::uint64_t>(child_[k])]);
            bu = std::max(bu, -lower(cc));
            bl = std::max(bl, -upper(cc));
          }
          const std::uint16_t pc = get(cell[2 * static_cast<std::uint64_t>(pass_child_[n]) + 1]);
          const int nu0 = std::max(bu, -lower(pc));
          const int nl0 = std::max(bl, -upper(pc));
          const int score = end_score_[n];
          const int nu1 = std::max(bu, score), nl1 = std::max(bl, score);
          ok &= nu0 <= u0 && nu1 <= u1 && nl0 >= l0 && nl1 >= l1;
          c += (nu0 != u0) + (nu1 != u1) + (nl0 != l0) + (nl1 != l1);
          if (nu0 != u0 || nl0 != l0) set(cell[s0], pack(nu0, nl0));
          if (nu1 != u1 || nl1 != l1) set(cell[s1], pack(nu1, nl1));
        }
        if (limits_) limits_->charge(e);
        changed.local() += c;
        evaluated.local() += e;
        if (!ok) broken = true;
      });
      if (broken) throw std::logic_error("retrograde graph sweep: a value moved against its fixpoint (bug)");
      evaluations += evaluated.combine(std::plus<>{});
      if (changed.combine(std::plus<>{}) == 0) {
        passes = pass;
        break;
      }
    }
    up.resize(cells.size());
    lo.resize(cells.size());
    for (std::uint64_t n = 0; n < P; ++n)
      for (std::uint64_t p = 0; p < 2; ++p) {
        const std::uint16_t c = cells[2 * static_cast<std::uint64_t>(label_[n]) + p];
        up[2 * n + p] = static_cast<std::int8_t>(upper(c));
        lo[2 * n + p] = static_cast<std::int8_t>(lower(c));
      }
    return passes;
  }

 private:
  // A state's cell: the upper fixpoint's code in the low byte, the lower's in the high byte.
  static std::uint16_t pack(int u, int l) {
    return static_cast<std::uint16_t>(static_cast<std::uint8_t>(u) | static_cast<std::uint8_t>(l) << 8);
  }
  static int upper(std::uint16_t c) { return static_cast<std::int8_t>(c & 0xFF); }
  static int lower(std::uint16_t c) { return static_cast<std::int8_t>(c >> 8); }

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
  std::vector<std::uint32_t> label_;  // position number -> its place in the passes' order
  std::vector<std::uint32_t> child_, pass_child_;  // (by label)
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
