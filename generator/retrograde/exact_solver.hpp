// Exact retrograde solution of tromp-taylor:ko=basic over its finite state
// graph (docs/generator.md, "Exact tables"; proof in docs/solving.md,
// "Exact values of first-cycle games").
//
// The game is a first-cycle game: it ends at the first repeated situation
// with a constant outcome (the tie). Its value at a state s is
//   median(lfp(s), tie, gfp(s)),
// where lfp / gfp are the least / greatest fixpoints of the minimax operator
// on the state graph (infinite play scored as a White / Black win). The
// solver computes both fixpoints komi-free and in negamax form, from the
// point of view of the player to move at each stored state (value_code.hpp):
//   lower[s] = max over moves of -upper[child]   (infinite play: mover loses)
//   upper[s] = max over moves of -lower[child]   (infinite play: mover wins)
// a game end by two passes contributing its area score. The komi and the
// tie are applied when a value is read (exact_table.hpp), so one file
// serves every komi.
//
// Depths. The iteration is Jacobi (round k reads only round k-1's values),
// from lower = -127 and upper = +127. depth_lower[s] is the round in which
// lower[s] reached its final value (0: it never moved, i.e. lower[s] = -127),
// depth_upper[s] likewise. Then along every move that keeps the value the
// depth falls (docs/solving.md proves it):
//  - a state with finite lower[s] has a move to a child c with
//    -upper[c] = lower[s] and depth_upper[c] < depth_lower[s] (or the
//    game-ending pass, when it gives lower[s]);
//  - at a state with finite upper[s], every child c with -lower[c] =
//    upper[s] has depth_lower[c] < depth_upper[s].
// So the player who must force an end (lower's mover, upper's opponent)
// makes progress by choosing value-keeping moves of smaller depth, and
// never cycles.
//
// The successor graph is built once in compressed rows (5 bytes per play,
// 9 per position, 1 per ko state) so that a round is a pass of gathers without move
// generation or canonical ranking; rounds run in parallel over positions
// (oneTBB) and are deterministic (every round writes every state of the
// other buffer of a pair, from the values of the last round only).
// ExactRows holds the rows and the step of a range of positions, so that a
// distributed run (generator/distributed/exact_mpi.hpp) uses the very same
// code on each rank's part.
#pragma once

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <cstring>
#include <stdexcept>
#include <vector>

#include <tbb/blocked_range.h>
#include <tbb/combinable.h>
#include <tbb/parallel_for.h>

#include "core/board.hpp"
#include "core/position.hpp"
#include "core/scoring.hpp"
#include "generator/retrograde/big_array.hpp"
#include "generator/retrograde/kernel_tromp_taylor.hpp"
#include "generator/retrograde/ko_index.hpp"
#include "generator/retrograde/progress.hpp"
#include "generator/retrograde/value_code.hpp"

namespace gotb::retro {

struct ExactStats {
  int rounds = 0;
  std::uint64_t plays = 0;           // edges of the successor graph
  std::uint64_t evaluations = 0;     // state evaluations over all rounds
  std::uint64_t graph_bytes = 0;     // successor graph in memory
  double graph_seconds = 0, round_seconds = 0;
  int max_depth = 0;
};

// One state's two codes side by side: a round reads both of every child,
// so one cache line per child instead of one per array (the rounds' reads
// of children are random; two arrays took twice the lines and, with two
// threads, twice the shared-cache traffic).
struct Bounds {
  std::int8_t lo, up;  // lower, upper
};

struct ExactArrays {
  BigVector<std::int8_t> lower, upper;               // mover's view, komi 0
  BigVector<std::uint16_t> depth_lower, depth_upper;  // rounds (above)
};

// Every legal play of the mover (`black`) in a colour-normalised position
// (kernel_tromp_taylor.hpp's for_each_play): f(point, child, child_ko),
// child_ko the basic-ko ban the play leaves (-1: none): the point of the
// single captured stone when the capturing stone has no own neighbour and
// its only liberty is that point (the immediate retake would recreate the
// board).
template <bool kSuicideAllowed, class F>
void for_each_play_with_ko(const Board& b, const Position& pos, F&& f) {
  for_each_play<kSuicideAllowed>(b, pos, [&](int p, const Position& child, Mask captured) {
    int ko = -1;
    if (popcount(captured) == 1 && (b.neighbours(p) & pos.black) == 0 &&
        (b.neighbours(p) & (b.all() & ~(child.black | child.white))) == captured)
      ko = lowest(captured);
    f(p, child, ko);
  });
}

// lo[i] = v[i].lo, up[i] = v[i].up for i in [0, n), in parallel.
inline void split_bounds(const Bounds* v, std::uint64_t n, std::int8_t* lo, std::int8_t* up) {
  tbb::parallel_for(tbb::blocked_range<std::uint64_t>(0, n, std::uint64_t{1} << 16),
                    [&](const tbb::blocked_range<std::uint64_t>& r) {
                      for (std::uint64_t i = r.begin(); i != r.end(); ++i) lo[i] = v[i].lo, up[i] = v[i].up;
                    });
}

// The whole index as ExactRows reads it (one process): children named by
// their global state numbers.
class WholeKoIndex {
 public:
  explicit WholeKoIndex(const KoStateIndex& k) : k_(k) {}
  const Board& board() const { return k_.board(); }
  std::uint64_t positions() const { return k_.positions().positions(); }
  std::uint64_t words() const { return k_.positions().words(); }
  std::uint64_t first_number(std::uint64_t w) const { return k_.positions().first_number(w); }
  std::uint64_t bits(std::uint64_t w) const { return k_.positions().bits(w); }
  Position unrank(std::uint64_t r) const { return k_.positions().ranker().unrank(r); }
  std::uint64_t ko_first(std::uint64_t n) const { return k_.ko_first(n); }
  int ko_count(std::uint64_t n) const { return k_.ko_count(n); }
  std::uint64_t child(const Position& pos, int passes, int ko) const { return k_.state_of_normalised(pos, passes, ko); }

 private:
  const KoStateIndex& k_;
};

// The successor rows of the positions in index words [w0, w1) and the
// Jacobi step over them: the whole solver's work for one process (all
// words), one rank's part of it in a distributed run
// (generator/distributed/exact_mpi.hpp).
//
// Index: WholeKoIndex (one process), or a rank's part of the index
// (dist::RankIndex), which knows only its own words: what ExactRows reads
// is board(), positions() (all of them), words(), first_number(w) and
// bits(w) for its words [w0, w1] (first_number(w1) too), unrank(r),
// ko_first(n) and ko_count(n) for its positions, and child(pos, passes,
// ko), a 64-bit name of a child state (WholeKoIndex: the global state
// number; RankIndex: canonical rank and code).
//
// Local state numbering: the range's positions n0 <= n < n1 keep the global
// layout restricted to them, i.e. state 2n + passes is local 2(n - n0) +
// passes, and the ko states of those positions follow as one block in the
// global order. With every word in the range, local numbers are global
// ones. Children are read through arrays of the local states followed by
// whatever the caller appends (another rank's states: ghosts); build(resolve)
// stores each child as resolve(name), the caller's numbering of it.
template <bool kSuicideAllowed, class Index = WholeKoIndex>
class ExactRows {
 public:
  ExactRows(const Index& index, std::uint64_t w0, std::uint64_t w1)
      : idx_(index), b_(index.board()), w0_(w0), w1_(w1) {
    n0_ = w0 < idx_.words() ? idx_.first_number(w0) : idx_.positions();
    n1_ = w1 < idx_.words() ? idx_.first_number(w1) : idx_.positions();
    k0_ = idx_.ko_first(n0_);
    k1_ = idx_.ko_first(n1_);
  }

  std::uint64_t first_position() const { return n0_; }
  std::uint64_t end_position() const { return n1_; }
  std::uint64_t own_states() const { return 2 * (n1_ - n0_) + (k1_ - k0_); }
  std::uint64_t plays() const { return child_.size(); }
  std::uint64_t bytes() const {
    return child_.size() * (sizeof(std::uint32_t) + sizeof(std::uint8_t)) +
           (n1_ - n0_) * (2 * sizeof(std::uint32_t) + sizeof(std::int8_t)) + ko_point_.size();
  }

  // Builds the rows; resolve(name) -> std::uint32_t: where the rounds read
  // the child named `name` (called in parallel). `progress` (optional):
  // marks the phases "graph count" and "graph rows".
  template <class Resolve>
  void build(Resolve&& resolve, const Progress* progress = nullptr) {
    const std::uint64_t m = n1_ - n0_;
    // Fresh arrays (big_array.hpp): no serial pass over them here; the
    // parallel passes below write every element.
    first_ = BigVector<std::uint32_t>(m + 1);
    pass_child_ = BigVector<std::uint32_t>(m);
    end_score_ = BigVector<std::int8_t>(m);
    // Pass 1: number of plays per position (no ranking needed).
    BigVector<std::uint8_t> count(m);
    for_positions([&](std::uint64_t n, const Position& pos) {
      int k = 0;
      for_each_play<kSuicideAllowed>(b_, pos, [&](int, const Position&, Mask) { ++k; });
      count[n - n0_] = static_cast<std::uint8_t>(k);
    });
    const std::uint64_t total = parallel_prefix(
        m, [&](std::uint64_t i) { return std::uint64_t{count[i]}; },
        [&](std::uint64_t i, std::uint64_t before) { first_[i] = static_cast<std::uint32_t>(before); });
    if (total >= (std::uint64_t{1} << 32)) throw std::invalid_argument("exact retrograde: 2^32 plays or more");
    first_[m] = static_cast<std::uint32_t>(total);
    if (progress) progress->phase("graph count");
    child_ = BigVector<std::uint32_t>(total);
    point_ = BigVector<std::uint8_t>(total);
    ko_point_ = BigVector<std::uint8_t>(k1_ - k0_);
    // Pass 2: the children.
    for_positions([&](std::uint64_t n, const Position& pos) {
      const std::uint64_t i = n - n0_;
      std::uint32_t k = first_[i];
      for_each_play_with_ko<kSuicideAllowed>(b_, pos, [&](int p, const Position& child, int ko) {
        child_[k] = static_cast<std::uint32_t>(resolve(idx_.child(child, 0, ko)));
        point_[k] = static_cast<std::uint8_t>(p);
        ++k;
      });
      Mask kp = ko_points(b_, pos);
      for (std::uint64_t j = idx_.ko_first(n) - k0_; kp; kp &= kp - 1, ++j)
        ko_point_[j] = static_cast<std::uint8_t>(lowest(kp));
      pass_child_[i] = static_cast<std::uint32_t>(resolve(idx_.child(Position{pos.white, pos.black}, 1, -1)));
      end_score_[i] = static_cast<std::int8_t>(area_count(b_, pos).difference());
    });
    if (progress) progress->phase("graph rows");
  }

  // f(name) for the name of every child the rows will read (plays and
  // passes), in parallel, repeats included; before build(), to find the
  // children another rank owns (move generation and ranking run twice
  // then, instead of keeping 8-byte names per play).
  template <class F>
  void for_each_child(F&& f) const {
    for_positions([&](std::uint64_t, const Position& pos) {
      for_each_play_with_ko<kSuicideAllowed>(b_, pos,
                                             [&](int, const Position& child, int ko) { f(idx_.child(child, 0, ko)); });
      f(idx_.child(Position{pos.white, pos.black}, 1, -1));
    });
  }

  // One Jacobi round over the range (in parallel): reads v (round - 1,
  // indexed as the children are), writes EVERY own state of v2 (its round
  // value: v2 need not hold anything before; what lies beyond the own
  // states is left alone) and the depth of every own value that changed.
  // Adds to changed / evaluated.
  void round(const Bounds* v, Bounds* v2, std::uint16_t* dl, std::uint16_t* du, int round, std::uint64_t& changed,
             std::uint64_t& evaluated) const {
    tbb::combinable<std::uint64_t> ch, ev;
    tbb::parallel_for(tbb::blocked_range<std::uint64_t>(0, n1_ - n0_, 1024),
                      [&](const tbb::blocked_range<std::uint64_t>& r) {
                        std::uint64_t c = 0, e = 0;
                        for (std::uint64_t i = r.begin(); i != r.end(); ++i)
                          update_position(i, v, v2, dl, du, round, c, e);
                        ch.local() += c;
                        ev.local() += e;
                      });
    changed += ch.combine(std::plus<>{});
    evaluated += ev.combine(std::plus<>{});
  }

  // One Gauss-Seidel pass in place over the range (in parallel), for
  // builds that need the two fixpoints but not the depths (the search's
  // move ordering, exact_fixpoints.hpp): each state is set from the values
  // its children hold now, read and written through relaxed atomics, the
  // lower and upper code of a state being separate variables. No depths.
  // Adds to changed / evaluated; a pass that changes nothing has reached
  // the fixpoints (exact_fixpoints.hpp says why they are round()'s).
  void sweep_in_place(Bounds* v, std::uint64_t& changed, std::uint64_t& evaluated) const {
    tbb::combinable<std::uint64_t> ch, ev;
    tbb::parallel_for(tbb::blocked_range<std::uint64_t>(0, n1_ - n0_, 1024),
                      [&](const tbb::blocked_range<std::uint64_t>& r) {
                        std::uint64_t c = 0, e = 0;
                        for (std::uint64_t i = r.begin(); i != r.end(); ++i) update_in_place(i, v, c, e);
                        ch.local() += c;
                        ev.local() += e;
                      });
    changed += ch.combine(std::plus<>{});
    evaluated += ev.combine(std::plus<>{});
  }

 private:
  static int load_code(const std::int8_t& x) {
    return std::atomic_ref<const std::int8_t>(x).load(std::memory_order_relaxed);
  }
  // sweep_in_place's step for every state of local position i: the same
  // operator as update_position.
  void update_in_place(std::uint64_t i, Bounds* v, std::uint64_t& changed, std::uint64_t& evaluated) const {
    const std::uint64_t n = n0_ + i;
    const std::uint64_t s0 = 2 * i, s1 = s0 + 1;
    const std::uint64_t kf = 2 * (n1_ - n0_) + (idx_.ko_first(n) - k0_);
    const int kc = idx_.ko_count(n);
    // Only this thread writes this position's states: plain reads of them.
    bool open = v[s0].lo != v[s0].up || v[s1].lo != v[s1].up;
    for (int j = 0; j < kc && !open; ++j) open = v[kf + j].lo != v[kf + j].up;
    if (!open) return;
    auto set = [&](std::uint64_t s, int nl, int nu) {
      ++evaluated;
      // From the bottom, a monotone operator only raises lower codes and
      // lowers upper ones; anything else is a bug.
      if (nl < v[s].lo || nu > v[s].up) throw std::logic_error("exact retrograde sweep: a value moved back (bug)");
      if (nl != v[s].lo) {
        std::atomic_ref<std::int8_t>(v[s].lo).store(static_cast<std::int8_t>(nl), std::memory_order_relaxed);
        ++changed;
      }
      if (nu != v[s].up) {
        std::atomic_ref<std::int8_t>(v[s].up).store(static_cast<std::int8_t>(nu), std::memory_order_relaxed);
        ++changed;
      }
    };
    apply_operator(i, kf, kc, v, load_code, set);
  }

  template <class F>
  void for_positions(F&& f) const {
    tbb::parallel_for(tbb::blocked_range<std::uint64_t>(w0_, w1_, 64),
                      [&](const tbb::blocked_range<std::uint64_t>& r) {
                        for (std::uint64_t w = r.begin(); w != r.end(); ++w) {
                          std::uint64_t n = idx_.first_number(w);
                          for (std::uint64_t bits = idx_.bits(w); bits; bits &= bits - 1, ++n)
                            f(n, idx_.unrank(64 * w + static_cast<std::uint64_t>(std::countr_zero(bits))));
                        }
                      });
  }

  // One Jacobi step for every state of local position i.
  void update_position(std::uint64_t i, const Bounds* v, Bounds* v2, std::uint16_t* dl, std::uint16_t* du, int round,
                       std::uint64_t& changed, std::uint64_t& evaluated) const {
    const std::uint64_t n = n0_ + i;
    const std::uint64_t s0 = 2 * i, s1 = s0 + 1;
    const std::uint64_t kf = 2 * (n1_ - n0_) + (idx_.ko_first(n) - k0_);
    const int kc = idx_.ko_count(n);
    bool open = v[s0].lo != v[s0].up || v[s1].lo != v[s1].up;
    for (int j = 0; j < kc && !open; ++j) open = v[kf + j].lo != v[kf + j].up;
    if (!open) {  // final (lower <= lfp <= gfp <= upper): carried over
      v2[s0] = v[s0], v2[s1] = v[s1];
      for (int j = 0; j < kc; ++j) v2[kf + j] = v[kf + j];
      return;
    }
    auto set = [&](std::uint64_t s, int nl, int nu) {
      ++evaluated;
      v2[s] = Bounds{static_cast<std::int8_t>(nl), static_cast<std::int8_t>(nu)};
      if (nl != v[s].lo) {
        dl[s] = static_cast<std::uint16_t>(round);
        ++changed;
      }
      if (nu != v[s].up) {
        du[s] = static_cast<std::uint16_t>(round);
        ++changed;
      }
    };
    const auto load_plain = [](const std::int8_t& x) { return static_cast<int>(x); };
    apply_operator(i, kf, kc, v, load_plain, set);
  }

  // The operator on every state of local position i (both colours to move,
  // then each own ko state with its ban), reading children through `load`
  // (plain for the Jacobi rounds, atomic for the in-place sweep, where other
  // threads write children) and handing each state's new bounds to `set`.
  template <class Load, class Set>
  void apply_operator(std::uint64_t i, std::uint64_t kf, int kc, const Bounds* v, Load load, Set set) const {
    const std::uint32_t a = first_[i], z = first_[i + 1];
    int bl = -128, bu = -128;
    for (std::uint32_t k = a; k < z; ++k) {
      const Bounds& c = v[child_[k]];
      bl = std::max(bl, -load(c.up));
      bu = std::max(bu, -load(c.lo));
    }
    const Bounds& pc = v[pass_child_[i]];
    const int pass_l = -load(pc.up), pass_u = -load(pc.lo);
    const int score = end_score_[i];
    const std::uint64_t s0 = 2 * i, s1 = s0 + 1;
    set(s0, std::max(bl, pass_l), std::max(bu, pass_u));
    set(s1, std::max(bl, score), std::max(bu, score));
    if (kc == 0) return;
    const std::uint8_t* ko_point = &ko_point_[kf - 2 * (n1_ - n0_)];
    for (int j = 0; j < kc; ++j) {
      const int q = ko_point[j];
      int l = pass_l, u = pass_u;
      for (std::uint32_t k = a; k < z; ++k) {
        if (point_[k] == q) continue;  // the ban: this play captures exactly the ko stone
        const Bounds& c = v[child_[k]];
        l = std::max(l, -load(c.up));
        u = std::max(u, -load(c.lo));
      }
      set(kf + j, l, u);
    }
  }

  const Index& idx_;
  const Board& b_;
  std::uint64_t w0_, w1_, n0_ = 0, n1_ = 0, k0_ = 0, k1_ = 0;
  // Per local position: first play, pass child, area score at a game end.
  BigVector<std::uint32_t> first_, child_, pass_child_;
  BigVector<std::uint8_t> point_, ko_point_;  // play points; ban point of every own ko state
  BigVector<std::int8_t> end_score_;
};

// The one-process solver: every word, Jacobi rounds to the fixpoints.
template <bool kSuicideAllowed>
class ExactSolver {
 public:
  ExactSolver(const KoStateIndex& index) : idx_(index) {}

  // `limits` (optional; move-ordering builds): one unit of work per state
  // evaluated, charged once per round; the time limit is also checked once
  // the graph is built.
  ExactStats run(ExactArrays& out, const Progress& progress, WorkLimits* limits = nullptr) {
    ExactStats st;
    const double t0 = progress.elapsed();
    const WholeKoIndex whole(idx_);
    ExactRows<kSuicideAllowed> rows(whole, 0, whole.words());
    progress.phase("solver setup");
    rows.build([](std::uint64_t s) { return static_cast<std::uint32_t>(s); },  // < 2^32: KoStateIndex checks
               &progress);
    if (limits) limits->charge(0);
    st.plays = rows.plays();
    st.graph_bytes = rows.bytes();
    st.graph_seconds = progress.elapsed() - t0;
    progress.line("successor graph: %llu plays, %.1f MiB, %.2f s", static_cast<unsigned long long>(st.plays),
                  st.graph_bytes / 1048576.0, st.graph_seconds);
    const std::uint64_t S = idx_.states();
    // Two buffers per fixpoint, swapped after every round (a round writes
    // every state of the new one); depths start at 0 (fresh BigVectors).
    BigVector<Bounds> v(S), v2(S);
    parallel_fill(v.data(), S, Bounds{kOpponentWins, kMoverWins});
    out.depth_lower = BigVector<std::uint16_t>(S);
    out.depth_upper = BigVector<std::uint16_t>(S);
    const double t1 = progress.elapsed();
    progress.phase("round setup");
    for (int round = 1;; ++round) {
      if (round > 65535) throw std::logic_error("exact retrograde: more than 65535 rounds (depth overflow)");
      std::uint64_t ch = 0;
      const std::uint64_t evaluated_before = st.evaluations;
      rows.round(v.data(), v2.data(), out.depth_lower.data(), out.depth_upper.data(), round, ch, st.evaluations);
      if (limits) limits->charge(st.evaluations - evaluated_before);
      progress.phase("round update");
      std::swap(v, v2);
      ++st.rounds;
      if (progress.chatty())
        progress.line("round %d: %llu values changed", round, static_cast<unsigned long long>(ch));
      if (ch == 0) break;
      st.max_depth = round;
    }
    st.round_seconds = progress.elapsed() - t1;
    v2 = BigVector<Bounds>();  // before the split, which needs as much again
    out.lower = BigVector<std::int8_t>(S);
    out.upper = BigVector<std::int8_t>(S);
    split_bounds(v.data(), S, out.lower.data(), out.upper.data());
    progress.phase("round finish");
    return st;
  }

 private:
  const KoStateIndex& idx_;
};

}  // namespace gotb::retro
