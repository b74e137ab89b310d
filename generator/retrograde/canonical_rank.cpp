#include "generator/retrograde/canonical_rank.hpp"

#include <stdexcept>
#include <string>

#include "core/rank.hpp"

namespace gotb::retro {

CanonicalRanker::CanonicalRanker(const Board& board, const Symmetries& sym)
    : n_(board.size()), nsym_(sym.count()), nibbles_((board.size() + 3) / 4) {
  if (n_ > kMaxRankPoints)
    throw std::invalid_argument("board " + board.spec() + " has " + std::to_string(n_) +
                                " points; base-3 indexing supports at most " + std::to_string(kMaxRankPoints));
  std::vector<std::uint64_t> pow3(n_ + 1, 1);
  for (int k = 1; k <= n_; ++k) pow3[k] = pow3[k - 1] * 3;
  table_.assign(static_cast<std::size_t>(nsym_) * nibbles_ * 256, 0);
  for (int g = 0; g < nsym_; ++g) {
    const std::vector<int>& perm = sym.perm(g);
    for (int k = 0; k < nibbles_; ++k)
      for (unsigned v = 0; v < 256; ++v) {
        const unsigned b = v & 15, w = v >> 4;
        if (b & w) continue;  // never indexed: a point is not both colours
        std::uint64_t r = 0;
        for (int i = 0; i < 4; ++i) {
          const int p = 4 * k + i;
          if (p >= n_) break;
          if ((b >> i) & 1) r += pow3[perm[p]];
          if ((w >> i) & 1) r += 2 * pow3[perm[p]];
        }
        table_[(static_cast<std::size_t>(g) * nibbles_ + k) * 256 + v] = r;
      }
  }
}

std::uint64_t CanonicalRanker::canonical(const Position& pos, int& which) const {
  std::uint64_t best = rank_under(0, pos);
  which = 0;
  for (int g = 1; g < nsym_; ++g) {
    std::uint64_t r = rank_under(g, pos);
    if (r < best) best = r, which = g;
  }
  return best;
}

}  // namespace gotb::retro
