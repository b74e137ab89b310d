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
// (oneTBB) and are deterministic (every round writes into a fresh copy).
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

struct ExactArrays {
  std::vector<std::int8_t> lower, upper;               // mover's view, komi 0
  std::vector<std::uint16_t> depth_lower, depth_upper;  // rounds (above)
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

template <bool kSuicideAllowed>
class ExactSolver {
 public:
  ExactSolver(const KoStateIndex& index) : idx_(index), b_(index.board()) {}

  ExactStats run(ExactArrays& out, const Progress& progress) {
    ExactStats st;
    const double t0 = progress.elapsed();
    build_graph(st);
    st.graph_seconds = progress.elapsed() - t0;
    progress.line("successor graph: %llu plays, %.1f MiB, %.2f s", static_cast<unsigned long long>(st.plays),
                  st.graph_bytes / 1048576.0, st.graph_seconds);
    const std::uint64_t S = idx_.states();
    std::vector<std::int8_t> lo(S, kOpponentWins), up(S, kMoverWins), lo2, up2;
    out.depth_lower.assign(S, 0);
    out.depth_upper.assign(S, 0);
    const double t1 = progress.elapsed();
    for (int round = 1;; ++round) {
      if (round > 65535) throw std::logic_error("exact retrograde: more than 65535 rounds (depth overflow)");
      lo2 = lo;
      up2 = up;
      tbb::combinable<std::uint64_t> changed, evaluated;
      const std::uint64_t P = idx_.positions().positions();
      tbb::parallel_for(tbb::blocked_range<std::uint64_t>(0, P, 1024), [&](const tbb::blocked_range<std::uint64_t>& r) {
        std::uint64_t c = 0, e = 0;
        for (std::uint64_t n = r.begin(); n != r.end(); ++n)
          update_position(n, lo, up, lo2, up2, out, round, c, e);
        changed.local() += c;
        evaluated.local() += e;
      });
      std::swap(lo, lo2);
      std::swap(up, up2);
      ++st.rounds;
      const std::uint64_t ch = changed.combine(std::plus<>{});
      st.evaluations += evaluated.combine(std::plus<>{});
      if (progress.chatty())
        progress.line("round %d: %llu values changed", round, static_cast<unsigned long long>(ch));
      if (ch == 0) break;
      st.max_depth = round;
    }
    st.round_seconds = progress.elapsed() - t1;
    out.lower = std::move(lo);
    out.upper = std::move(up);
    return st;
  }

 private:
  void build_graph(ExactStats& st) {
    const StateIndex& idx = idx_.positions();
    const std::uint64_t P = idx.positions();
    first_.assign(P + 1, 0);
    pass_child_.assign(P, 0);
    end_score_.assign(P, 0);
    // Pass 1: number of plays per position (no ranking needed).
    std::vector<std::uint8_t> count(P);
    for_positions([&](std::uint64_t n, const Position& pos) {
      int k = 0;
      for_each_play<kSuicideAllowed>(b_, pos, [&](int, const Position&, Mask) { ++k; });
      count[n] = static_cast<std::uint8_t>(k);
    });
    std::uint64_t total = 0;
    for (std::uint64_t n = 0; n < P; ++n) {
      first_[n] = static_cast<std::uint32_t>(total);
      total += count[n];
      if (total >= (std::uint64_t{1} << 32)) throw std::invalid_argument("exact retrograde: 2^32 plays or more");
    }
    first_[P] = static_cast<std::uint32_t>(total);
    child_.assign(total, 0);
    point_.assign(total, 0);
    ko_point_.assign(idx_.ko_states(), 0);
    // Pass 2: children's state numbers.
    for_positions([&](std::uint64_t n, const Position& pos) {
      std::uint32_t k = first_[n];
      for_each_play_with_ko<kSuicideAllowed>(b_, pos, [&](int p, const Position& child, int ko) {
        child_[k] = static_cast<std::uint32_t>(idx_.state_of_normalised(child, 0, ko));
        point_[k] = static_cast<std::uint8_t>(p);
        ++k;
      });
      Mask kp = ko_points(b_, pos);
      for (std::uint64_t i = idx_.ko_first(n) - 2 * P; kp; kp &= kp - 1, ++i)
        ko_point_[i] = static_cast<std::uint8_t>(lowest(kp));
      pass_child_[n] = static_cast<std::uint32_t>(idx_.state_of_normalised(Position{pos.white, pos.black}, 1, -1));
      end_score_[n] = static_cast<std::int8_t>(area_count(b_, pos).difference());
    });
    st.plays = total;
    st.graph_bytes = total * (sizeof(std::uint32_t) + sizeof(std::uint8_t)) +
                     P * (2 * sizeof(std::uint32_t) + sizeof(std::int8_t)) + idx_.ko_states();
  }

  template <class F>
  void for_positions(F&& f) const {
    const StateIndex& idx = idx_.positions();
    tbb::parallel_for(tbb::blocked_range<std::uint64_t>(0, idx.words(), 64),
                      [&](const tbb::blocked_range<std::uint64_t>& r) {
                        for (std::uint64_t w = r.begin(); w != r.end(); ++w) {
                          std::uint64_t n = idx.first_number(w);
                          for (std::uint64_t bits = idx.bits(w); bits; bits &= bits - 1, ++n)
                            f(n, idx.ranker().unrank(64 * w + static_cast<std::uint64_t>(std::countr_zero(bits))));
                        }
                      });
  }

  // One Jacobi step for every state of position n: reads lo/up (round - 1),
  // writes lo2/up2 and the depth of every value that changed.
  void update_position(std::uint64_t n, const std::vector<std::int8_t>& lo, const std::vector<std::int8_t>& up,
                       std::vector<std::int8_t>& lo2, std::vector<std::int8_t>& up2, ExactArrays& out, int round,
                       std::uint64_t& changed, std::uint64_t& evaluated) const {
    const std::uint64_t s0 = 2 * n, s1 = s0 + 1;
    const std::uint64_t kf = idx_.ko_first(n);
    const int kc = idx_.ko_count(n);
    bool open = lo[s0] != up[s0] || lo[s1] != up[s1];
    for (int i = 0; i < kc && !open; ++i) open = lo[kf + i] != up[kf + i];
    if (!open) return;
    const std::uint32_t a = first_[n], z = first_[n + 1];
    int bl = -128, bu = -128;
    for (std::uint32_t k = a; k < z; ++k) {
      const std::uint32_t c = child_[k];
      bl = std::max(bl, -static_cast<int>(up[c]));
      bu = std::max(bu, -static_cast<int>(lo[c]));
    }
    const std::uint32_t pc = pass_child_[n];
    const int pass_l = -static_cast<int>(up[pc]), pass_u = -static_cast<int>(lo[pc]);
    const int score = end_score_[n];
    auto set = [&](std::uint64_t s, int nl, int nu) {
      ++evaluated;
      if (nl != lo[s]) {
        lo2[s] = static_cast<std::int8_t>(nl);
        out.depth_lower[s] = static_cast<std::uint16_t>(round);
        ++changed;
      }
      if (nu != up[s]) {
        up2[s] = static_cast<std::int8_t>(nu);
        out.depth_upper[s] = static_cast<std::uint16_t>(round);
        ++changed;
      }
    };
    set(s0, std::max(bl, pass_l), std::max(bu, pass_u));
    set(s1, std::max(bl, score), std::max(bu, score));
    if (kc == 0) return;
    const std::uint8_t* ko_point = &ko_point_[kf - 2 * idx_.positions().positions()];
    for (int i = 0; i < kc; ++i) {
      const int q = ko_point[i];
      int l = pass_l, u = pass_u;
      for (std::uint32_t k = a; k < z; ++k) {
        if (point_[k] == q) continue;  // the ban: this play captures exactly the ko stone
        const std::uint32_t c = child_[k];
        l = std::max(l, -static_cast<int>(up[c]));
        u = std::max(u, -static_cast<int>(lo[c]));
      }
      set(kf + i, l, u);
    }
  }

  const KoStateIndex& idx_;
  const Board& b_;
  std::vector<std::uint32_t> first_, child_, pass_child_;
  std::vector<std::uint8_t> point_, ko_point_;  // play points; ban point of every ko state
  std::vector<std::int8_t> end_score_;
};

}  // namespace gotb::retro
