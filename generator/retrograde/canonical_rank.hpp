// Base-3 rank of a position's canonical image under the board's symmetry
// group, in one pass of small table lookups.
//
// rank(P) is core/rank.hpp's: sum over points p of digit(p) * 3^p with
// digit 0 = empty, 1 = black, 2 = white. The canonical rank of P is
//   min over symmetries g of rank(g(P)),
// the representative the generator stores for the whole orbit. Instead of
// permuting the bitboards and ranking the result (two table passes per
// symmetry), each symmetry g has one table per group of 4 points mapping
// those points' colours straight to their contribution to rank(g(P)):
// 81 useful entries of a 256-entry table indexed by (4 black bits | 4 white
// bits << 4). A 16-point board costs 4 lookups per symmetry; the tables of
// the 8 symmetries of 4x4 take 64 KiB and stay in L2.
#pragma once

#include <cstdint>
#include <vector>

#include "core/board.hpp"
#include "core/position.hpp"
#include "core/symmetry.hpp"

namespace gotb::retro {

class CanonicalRanker {
 public:
  // Uses every element of `sym` (which must belong to `board`); throws
  // std::invalid_argument above 40 points (3^40 is the largest 64-bit rank).
  CanonicalRanker(const Board& board, const Symmetries& sym);

  int symmetries() const { return nsym_; }
  int points() const { return n_; }

  // rank(g(P)) for element g of the group.
  std::uint64_t rank_under(int g, const Position& pos) const {
    const std::uint64_t* t = &table_[static_cast<std::size_t>(g) * nibbles_ * 256];
    std::uint64_t r = 0;
    Mask b = pos.black, w = pos.white;
    for (int k = 0; k < nibbles_; ++k, t += 256, b >>= 4, w >>= 4) r += t[(b & 15) | ((w & 15) << 4)];
    return r;
  }

  // min over the group of rank(g(P)).
  std::uint64_t canonical(const Position& pos) const {
    // Nibbles outermost: each loads the board's bits once and feeds every
    // symmetry's running sum (sums are independent, so they pipeline).
    constexpr int kBatch = 8;
    std::uint64_t best = ~std::uint64_t{0};
    for (int g0 = 0; g0 < nsym_; g0 += kBatch) {
      const int m = nsym_ - g0 < kBatch ? nsym_ - g0 : kBatch;
      std::uint64_t acc[kBatch] = {};
      Mask b = pos.black, w = pos.white;
      for (int k = 0; k < nibbles_; ++k, b >>= 4, w >>= 4) {
        const unsigned idx = static_cast<unsigned>((b & 15) | ((w & 15) << 4));
        const std::uint64_t* t = &table_[(static_cast<std::size_t>(g0) * nibbles_ + k) * 256 + idx];
        for (int j = 0; j < m; ++j) acc[j] += t[static_cast<std::size_t>(j) * nibbles_ * 256];
      }
      for (int j = 0; j < m; ++j) best = acc[j] < best ? acc[j] : best;
    }
    return best;
  }

  // Whether `rank` (which must be rank(P)) is the canonical rank of P: no
  // element g gives a smaller rank(g(P)). Stops at the first that does, so
  // it costs about half of canonical() where most ranks are not canonical
  // (the state index's enumeration, session 30). Element 0 is the identity
  // (symmetry.hpp) and is skipped.
  bool is_canonical(const Position& pos, std::uint64_t rank) const {
    for (int g = 1; g < nsym_; ++g)
      if (rank_under(g, pos) < rank) return false;
    return true;
  }

  // The same, also naming one element g with rank(g(P)) minimal.
  std::uint64_t canonical(const Position& pos, int& which) const;

 private:
  int n_ = 0, nsym_ = 0, nibbles_ = 0;
  std::vector<std::uint64_t> table_;  // [g][nibble][b4 | w4 << 4]
};

}  // namespace gotb::retro
