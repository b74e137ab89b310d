// Parallel fixpoint sweeps over the dense state index (docs/generator.md).
//
// Two int8 tables, both from the point of view of the player to move in the
// stored (colour-normalised) state, komi 0 (value_code.hpp):
//   upper[s]: value when every infinite play is scored as a win for the
//             player to move at s;
//   lower[s]: value when it is scored as a win for her opponent.
// Seen from Black these are the greatest fixpoint (cycles for Black) and
// the least fixpoint (cycles for White) of the minimax operator: at a state
// with Black to move gfp = upper, lfp = lower; with White to move
// gfp = -lower, lfp = -upper. Negamax links them: a child c of s has the
// other player to move, so a cycle scored for s's mover is scored for c's
// opponent, and
//   upper[s] = max over moves of -lower[c],  lower[s] = max over moves of -upper[c],
// with a game end (two passes) contributing its area score instead.
//
// Iteration: upper starts at +127 (mover wins) and lower at -127 everywhere
// and the sweeps apply the operator in place (Gauss-Seidel, several threads
// at once). The operator is monotone, so every value stays on its side of
// the fixpoint it tends to (upper only falls, lower only rises) whatever the
// order and interleaving of updates; a sweep that changes nothing proves
// that every state satisfies its equation, i.e. the tables are the greatest
// and least fixpoints. A state whose upper and lower have met is final
// (lower <= lfp <= gfp <= upper) and is skipped.
#pragma once

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <stdexcept>
#include <vector>

#include <tbb/blocked_range.h>
#include <tbb/combinable.h>
#include <tbb/parallel_for.h>

#include "generator/retrograde/kernel_tromp_taylor.hpp"
#include "generator/retrograde/progress.hpp"
#include "generator/retrograde/state_index.hpp"
#include "generator/retrograde/value_code.hpp"

namespace gotb::retro {

struct SweepStats {
  int sweeps = 0;
  std::uint64_t evaluations = 0;  // states evaluated over all sweeps
  double seconds = 0;
};

// The operator at every stored position of bitmap word w (both pass states
// of each), shared by the single-process solver below and the distributed
// one (generator/distributed/): `Values` decides where a state's codes live.
//   v.up(s), v.lo(s)          current codes of any state s (own or a child's)
//   v.set_up(s, x), v.set_lo(s, x)   store a new code of an own state
// Returns false if a value moved against its fixpoint (a bug).
template <class Kernel, class Values>
bool sweep_word(const StateIndex& idx, const Kernel& k, Values& v, std::uint64_t w, std::uint64_t& changed,
                std::uint64_t& evaluated) {
  std::uint64_t bits = idx.bits(w);
  std::uint64_t n = idx.first_number(w);
  bool ok = true;
  for (; bits; bits &= bits - 1, ++n) {
    const std::uint64_t s0 = 2 * n, s1 = s0 + 1;
    const std::int8_t u0 = v.up(s0), u1 = v.up(s1), l0 = v.lo(s0), l1 = v.lo(s1);
    if (u0 == l0 && u1 == l1) continue;
    evaluated += 2;  // both pass states of the position
    const std::uint64_t rank = 64 * w + static_cast<std::uint64_t>(std::countr_zero(bits));
    const Position pos = idx.ranker().unrank(rank);
    // Best over the plays (shared by both pass states; a play resets passes).
    int bu = -128, bl = -128;
    k.plays(pos, 0, [&](const Position& child) {
      const std::uint64_t c = 2 * idx.number_of(child);
      bu = std::max(bu, -static_cast<int>(v.lo(c)));
      bl = std::max(bl, -static_cast<int>(v.up(c)));
    });
    // Pass with no pass before: the opponent moves in the same position.
    const std::uint64_t c = 2 * idx.number_of(swap_colours(pos)) + 1;
    const int nu0 = std::max(bu, -static_cast<int>(v.lo(c)));
    const int nl0 = std::max(bl, -static_cast<int>(v.up(c)));
    // Pass after a pass: the game ends with the area score.
    const int score = k.pass(pos, 1).score;
    const int nu1 = std::max(bu, score), nl1 = std::max(bl, score);
    ok &= nu0 <= u0 && nu1 <= u1 && nl0 >= l0 && nl1 >= l1;
    changed += (nu0 != u0) + (nu1 != u1) + (nl0 != l0) + (nl1 != l1);
    if (nu0 != u0) v.set_up(s0, static_cast<std::int8_t>(nu0));
    if (nu1 != u1) v.set_up(s1, static_cast<std::int8_t>(nu1));
    if (nl0 != l0) v.set_lo(s0, static_cast<std::int8_t>(nl0));
    if (nl1 != l1) v.set_lo(s1, static_cast<std::int8_t>(nl1));
  }
  return ok;
}

// The states a word's positions read (children by a play, and the pass
// child), for f(state): what a distributed sweep has to fetch from other
// ranks. Same order and set as sweep_word's reads.
template <class Kernel, class F>
void word_reads(const StateIndex& idx, const Kernel& k, std::uint64_t w, F&& f) {
  for (std::uint64_t bits = idx.bits(w); bits; bits &= bits - 1) {
    const std::uint64_t rank = 64 * w + static_cast<std::uint64_t>(std::countr_zero(bits));
    const Position pos = idx.ranker().unrank(rank);
    k.plays(pos, 0, [&](const Position& child) { f(2 * idx.number_of(child)); });
    f(2 * idx.number_of(swap_colours(pos)) + 1);
  }
}

template <class Kernel>
class FixpointSolver {
 public:
  FixpointSolver(const StateIndex& index, const Kernel& kernel, std::vector<std::int8_t>& upper,
                 std::vector<std::int8_t>& lower)
      : idx_(index), k_(kernel), up_(upper), lo_(lower) {}

  // `limits` (optional): one unit of work per state evaluated.
  SweepStats run(const Progress& progress, WorkLimits* limits = nullptr) {
    up_.assign(idx_.states(), kMoverWins);
    lo_.assign(idx_.states(), kOpponentWins);
    SweepStats st;
    const double t0 = progress.elapsed();
    Shared values{up_.data(), lo_.data()};
    for (;;) {
      const double ts = progress.elapsed();
      tbb::combinable<std::uint64_t> changed, evaluated;
      std::atomic<bool> broken{false};
      tbb::parallel_for(tbb::blocked_range<std::uint64_t>(0, idx_.words(), 64),
                        [&](const tbb::blocked_range<std::uint64_t>& r) {
                          std::uint64_t c = 0, e = 0;
                          bool ok = true;
                          for (std::uint64_t w = r.begin(); w != r.end(); ++w)
                            ok &= sweep_word(idx_, k_, values, w, c, e);
                          if (limits) limits->charge(e);
                          changed.local() += c;
                          evaluated.local() += e;
                          if (!ok) broken = true;
                        });
      if (broken) throw std::logic_error("retrograde sweep: a value moved against its fixpoint (bug)");
      ++st.sweeps;
      const std::uint64_t ch = changed.combine(std::plus<>{});
      const std::uint64_t ev = evaluated.combine(std::plus<>{});
      st.evaluations += ev;
      const double dt = progress.elapsed() - ts;
      if (progress.chatty())
        progress.line("sweep %d: %llu states evaluated, %llu changed, %.2f s (%.3g states/s)", st.sweeps,
                      static_cast<unsigned long long>(ev), static_cast<unsigned long long>(ch), dt,
                      dt > 0 ? ev / dt : 0.0);
      if (ch == 0) break;
    }
    st.seconds = progress.elapsed() - t0;
    return st;
  }

 private:
  // Both tables in this process; threads read and write them concurrently
  // (relaxed atomics: any interleaving is sound, see above).
  struct Shared {
    std::int8_t* u;
    std::int8_t* l;
    static std::int8_t load(const std::int8_t& x) {
      return std::atomic_ref<const std::int8_t>(x).load(std::memory_order_relaxed);
    }
    static void store(std::int8_t& x, std::int8_t y) { std::atomic_ref<std::int8_t>(x).store(y, std::memory_order_relaxed); }
    std::int8_t up(std::uint64_t s) const { return load(u[s]); }
    std::int8_t lo(std::uint64_t s) const { return load(l[s]); }
    void set_up(std::uint64_t s, std::int8_t x) { store(u[s], x); }
    void set_lo(std::uint64_t s, std::int8_t x) { store(l[s], x); }
  };

  const StateIndex& idx_;
  const Kernel& k_;
  std::vector<std::int8_t>& up_;
  std::vector<std::int8_t>& lo_;
};

}  // namespace gotb::retro
