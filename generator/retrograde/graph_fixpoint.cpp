#include "generator/retrograde/graph_fixpoint.hpp"

#include <algorithm>
#include <atomic>
#include <chrono>
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

// A cache line asked for ahead. GCC deletes a loop whose body is nothing
// but __builtin_prefetch (it has no side effect), so on x86 the
// instruction is written out.
inline void fetch_line(const void* p) {
#if defined(__x86_64__) || defined(__i386__)
  asm volatile("prefetcht0 (%0)" : : "r"(p));
#else
  __builtin_prefetch(p);
#endif
}

template <bool kSuicideAllowed>
class GraphFixpoint {
 public:
  GraphFixpoint(const StateIndex& idx, WorkLimits* limits) : idx_(idx), k_(idx.board()), limits_(limits) {}

  // The graph: for each position (by label) its plays' children and its
  // pass child, by label, and the area score that a second pass ends with.
  //
  // Session 30 (docs/solving.md section 3): one enumeration of the plays
  // instead of two. A position's plays are at most its empty points, so
  // each position gets that many slots and the plays it has (count_) fill
  // the first of them; before, a first enumeration counted the plays to
  // place them exactly. The children are ranked incrementally (a play adds
  // one stone: rank_g(child) from the parent's per-symmetry sums, section
  // "ranks" below) and looked up in batches, whose index words and labels
  // are fetched ahead (each look-up is two cache misses on 4x4: the index's
  // 11 MB of words, then the 12 MB of labels).
  void build() {
    const std::uint64_t P = idx_.positions();
    const int points = idx_.board().size();
    std::vector<std::uint8_t> stones(P);
    for_positions([&](std::uint64_t n, const Position& pos) {
      stones[n] = static_cast<std::uint8_t>(popcount(pos.occupied()));
    });
    // Positions are relabelled by stone count, most stones first (stable in
    // the index's order): a play adds a stone, so a pass meets most children
    // before their parents and carries their new values up at once.
    std::vector<std::uint64_t> start(static_cast<std::size_t>(points) + 2, 0);
    for (std::uint64_t n = 0; n < P; ++n) ++start[static_cast<std::size_t>(points - stones[n]) + 1];
    for (std::size_t i = 1; i < start.size(); ++i) start[i] += start[i - 1];
    label_.resize(P);
    // Labelled in stone-count order, a position's slots (its empty points)
    // start where those of the labels before it end.
    first_.assign(P + 1, 0);
    for (std::uint64_t n = 0; n < P; ++n) {
      const std::uint64_t m = start[static_cast<std::size_t>(points - stones[n])]++;
      label_[n] = static_cast<std::uint32_t>(m);
      first_[m + 1] = static_cast<std::uint64_t>(points - stones[n]);
    }
    for (std::uint64_t m = 0; m < P; ++m) first_[m + 1] += first_[m];
    stones = {};
    child_.resize(first_[P]);
    count_.resize(P);
    pass_child_.resize(P);
    end_score_.resize(P);
    // Per-symmetry weights of the points: rank_g(Q) = sum over Q's black
    // stones of w[g][p] + 2 * that sum over its white stones.
    const Symmetries& sym = idx_.symmetries();
    const int G = sym.count();
    std::vector<std::uint64_t> pow3(static_cast<std::size_t>(points) + 1, 1);
    for (int k = 1; k <= points; ++k) pow3[k] = 3 * pow3[k - 1];
    std::vector<std::uint64_t> weight(static_cast<std::size_t>(G) * points);
    for (int g = 0; g < G; ++g)
      for (int p = 0; p < points; ++p) weight[static_cast<std::size_t>(g) * points + p] = pow3[sym.perm(g)[p]];
    const CanonicalRanker canon(idx_.board(), sym);
    const Board& board = idx_.board();
    tbb::parallel_for(tbb::blocked_range<std::uint64_t>(0, idx_.words(), 64), [&](const tbb::blocked_range<std::uint64_t>& r) {
      std::uint64_t work = 0;
      // A batch of look-ups: the canonical rank and where its label goes.
      struct Lookup {
        std::uint64_t rank;
        std::uint32_t* dest;
      };
      // Flushed once it holds kBatch: a position adds at most points + 1.
      constexpr std::size_t kBatch = 64;
      std::vector<Lookup> batch(kBatch + static_cast<std::size_t>(points) + 1);
      std::vector<std::uint64_t> number(batch.size());
      std::size_t filled = 0;
      auto flush = [&] {
        for (std::size_t i = 0; i < filled; ++i) idx_.prefetch(batch[i].rank);
        for (std::size_t i = 0; i < filled; ++i) {
          number[i] = idx_.number(batch[i].rank);
          __builtin_prefetch(&label_[number[i]]);
        }
        for (std::size_t i = 0; i < filled; ++i) *batch[i].dest = label_[number[i]];
        filled = 0;
      };
      std::vector<std::uint64_t> black_sum(static_cast<std::size_t>(G)), white_sum(static_cast<std::size_t>(G));
      for (std::uint64_t w = r.begin(); w != r.end(); ++w) {
        std::uint64_t n = idx_.first_number(w);
        for (std::uint64_t bits = idx_.bits(w); bits; bits &= bits - 1, ++n, ++work) {
          const Position pos = idx_.ranker().unrank(64 * w + static_cast<std::uint64_t>(std::countr_zero(bits)));
          const std::uint32_t m = label_[n];
          // ranks: rank_g(pos) = black_sum[g] + 2 * white_sum[g].
          for (int g = 0; g < G; ++g) {
            black_sum[g] = canon.rank_under(g, Position{pos.black, 0});
            white_sum[g] = canon.rank_under(g, Position{pos.white, 0});
          }
          // The pass child swap(pos): its black stones are pos's white.
          std::uint64_t best = ~std::uint64_t{0};
          for (int g = 0; g < G; ++g) best = std::min(best, white_sum[g] + 2 * black_sum[g]);
          batch[filled++] = {best, &pass_child_[m]};
          std::uint32_t* slot = &child_[first_[m]];
          std::uint8_t k = 0;
          for_each_play<kSuicideAllowed>(board, pos, [&](int p, const Position& child, Mask captured) {
            // child = {pos.white less the captured stones, pos.black + p}
            // unless the play was a suicide (suicide allowed): then from
            // scratch.
            std::uint64_t c = ~std::uint64_t{0};
            if (child.white == (pos.black | bit(p))) {
              for (int g = 0; g < G; ++g) {
                const std::uint64_t* wg = &weight[static_cast<std::size_t>(g) * points];
                std::uint64_t lost = 0;
                for_each_bit(captured, [&](int q) { lost += wg[q]; });
                c = std::min(c, white_sum[g] - lost + 2 * (black_sum[g] + wg[p]));
              }
            } else {
              c = canon.canonical(child);
            }
            batch[filled++] = {c, slot + k++};
          });
          count_[m] = k;
          end_score_[m] = static_cast<std::int8_t>(k_.pass(pos, 1).score);
          if (filled >= kBatch) flush();
        }
      }
      flush();
      if (limits_) limits_->charge(work);
    });
  }

  // Gauss-Seidel passes until nothing changes; returns the passes.
  // The two fixpoints of a state are kept side by side (one 16-bit cell per
  // state) while the passes run, so that reading a child costs one cache
  // miss instead of two (a pass reads both fixpoints of every child); they
  // are split into the two tables at the end.
  //
  // Only positions whose children moved are evaluated again (session 30):
  // a bit per position says "one of its cells changed in this pass"
  // (`now`), and the bits of the pass before are kept (`before`). A
  // position is evaluated in pass p > 1 only when one of its children's
  // bits (plays and pass) is set in either map. Why that skips nothing that
  // could change: a position's new cells are a function of its children's
  // cells alone. Claim: at the end of pass p, every position that is not
  // final is consistent with its children's cells (re-evaluating it would
  // change nothing) or has a child whose bit is set in pass p's map. If it
  // was evaluated in pass p, it read each child's cell as written before
  // the pass or during it; a value that differs from the child's cell at
  // the end of the pass was (or was overwritten) in pass p, which set that
  // child's bit in pass p. If it was skipped, no child's bit was set in
  // pass p - 1 (that map is complete: the passes are separated by the
  // parallel loop's join), so by the claim for p - 1 it was consistent at
  // the end of p - 1, and any change since sets a bit in pass p. Pass 1
  // evaluates every position. So when a pass changes nothing (its map is
  // empty), every position is consistent: the cells are a fixpoint of the
  // operator reached from the same start by the same monotone steps, i.e.
  // the same greatest and least fixpoints as evaluating every position in
  // every pass (fixpoint.hpp: any order of evaluation converges to them).
  // The maps are a bit per position (4x4: 372 KiB each, in L2), read where
  // the cells would be read; on 4x4 the last twelve of the 21 passes
  // evaluated 1.3M states each that change almost nothing.
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
    const std::uint64_t map_words = (P + 63) / 64;
    std::vector<std::uint64_t> before(map_words, 0), now(map_words, 0);
    int passes = 0;
    for (int pass = 1;; ++pass) {
      tbb::combinable<std::uint64_t> changed, evaluated;
      std::atomic<bool> broken{false};
      const std::uint64_t* const was = before.data();
      std::uint64_t* const is = now.data();
      auto moved = [&](std::uint32_t m) {
        const std::uint64_t b = std::uint64_t{1} << (m & 63);
        return ((was[m >> 6] | std::atomic_ref<const std::uint64_t>(is[m >> 6]).load(std::memory_order_relaxed)) &
                b) != 0;
      };
      tbb::parallel_for(tbb::blocked_range<std::uint64_t>(0, P, 4096), [&](const tbb::blocked_range<std::uint64_t>& r) {
        std::uint64_t c = 0, e = 0;
        bool ok = true;
        // In runs of 64 positions: first those to evaluate (not final,
        // and from pass 2 on with a child that moved), then their
        // evaluations, each fetching ahead the children's cells of the one
        // kDistance later in the list (random reads, one cache miss each on
        // 4x4). Deciding a run's list before its evaluations is sound by the
        // claim above: a skip rests on pass p - 1's bits, complete by then;
        // a child that moves after the test sets its bit in pass p.
        constexpr std::uint64_t kRun = 64;
        constexpr std::size_t kDistance = 4;
        std::uint64_t todo[kRun];
        for (std::uint64_t base = r.begin(); base < r.end(); base += kRun) {
          const std::uint64_t stop = std::min(r.end(), base + kRun);
          std::size_t count = 0;
          for (std::uint64_t n = base; n != stop; ++n) {
            const std::uint16_t c0 = get(cell[2 * n]), c1 = get(cell[2 * n + 1]);
            if (upper(c0) == lower(c0) && upper(c1) == lower(c1)) continue;  // final (lower <= lfp <= gfp <= upper)
            if (pass > 1) {
              bool any = moved(pass_child_[n]);
              for (std::uint64_t k = first_[n], z = k + count_[n]; k < z && !any; ++k) any = moved(child_[k]);
              if (!any) continue;  // consistent with its children (see above)
            }
            todo[count++] = n;
          }
          auto fetch = [&](std::uint64_t n) {
            for (std::uint64_t k = first_[n], z = k + count_[n]; k < z; ++k)
              fetch_line(&cell[2 * static_cast<std::uint64_t>(child_[k])]);
            fetch_line(&cell[2 * static_cast<std::uint64_t>(pass_child_[n]) + 1]);
          };
          for (std::size_t i = 0; i < std::min(count, kDistance); ++i) fetch(todo[i]);
          for (std::size_t i = 0; i < count; ++i) {
            if (i + kDistance < count) fetch(todo[i + kDistance]);
            const std::uint64_t n = todo[i];
            const std::uint64_t s0 = 2 * n, s1 = s0 + 1;
            const std::uint16_t c0 = get(cell[s0]), c1 = get(cell[s1]);
            const int u0 = upper(c0), u1 = upper(c1), l0 = lower(c0), l1 = lower(c1);
            e += 2;
            int bu = -128, bl = -128;
            for (std::uint64_t k = first_[n], z = k + count_[n]; k < z; ++k) {
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
            const std::uint64_t d = (nu0 != u0) + (nu1 != u1) + (nl0 != l0) + (nl1 != l1);
            if (d == 0) continue;
            c += d;
            if (nu0 != u0 || nl0 != l0) set(cell[s0], pack(nu0, nl0));
            if (nu1 != u1 || nl1 != l1) set(cell[s1], pack(nu1, nl1));
            // After the cells: a reader that sees the bit re-reads them in
            // a later pass at the latest (the bit stays set for one more
            // pass).
            std::atomic_ref<std::uint64_t>(is[n >> 6]).fetch_or(std::uint64_t{1} << (n & 63),
                                                                 std::memory_order_relaxed);
          }
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
      before.swap(now);
      std::fill(now.begin(), now.end(), 0);
    }
    up.resize(cells.size());
    lo.resize(cells.size());
    // In parallel: a random read per position (by label), on the clock of
    // every solve with two cores.
    tbb::parallel_for(tbb::blocked_range<std::uint64_t>(0, P, 4096), [&](const tbb::blocked_range<std::uint64_t>& r) {
      for (std::uint64_t n = r.begin(); n != r.end(); ++n)
        for (std::uint64_t p = 0; p < 2; ++p) {
          const std::uint16_t c = cells[2 * static_cast<std::uint64_t>(label_[n]) + p];
          up[2 * n + p] = static_cast<std::int8_t>(upper(c));
          lo[2 * n + p] = static_cast<std::int8_t>(lower(c));
        }
    });
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
  std::vector<std::uint8_t> count_;  // plays of a position (by label): the first of its slots in child_
  std::vector<std::int8_t> end_score_;
};

template <bool kSuicideAllowed>
void solve_graph(Tables& t, WorkLimits* lim) {
  GraphFixpoint<kSuicideAllowed> g(*t.index, lim);
  const auto start = std::chrono::steady_clock::now();
  g.build();
  t.stats.graph_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
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
