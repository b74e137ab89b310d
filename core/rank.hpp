// Base-3 ranking of positions: rank = sum over points p of digit(p) * 3^p
// with digit 0 = empty, 1 = black, 2 = white. Dense and order-preserving in
// the sense that rank 0 is the empty board; defined for boards of at most 40
// points (3^40 < 2^64).
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "core/position.hpp"

namespace gotb {

inline constexpr int kMaxRankPoints = 40;

class Ranker {
 public:
  explicit Ranker(int points);  // throws std::invalid_argument above 40 points

  int points() const { return n_; }
  std::uint64_t count() const { return pow3_[n_]; }  // 3^points
  std::uint64_t pow3(int k) const { return pow3_[k]; }

  std::uint64_t rank(const Position& pos) const {
    std::uint64_t r = 0;
    Mask b = pos.black, w = pos.white;
    for (int chunk = 0; chunk < chunks_; ++chunk) {
      r += pow3_[8 * chunk] * to_base3_[(b & 0xff) | ((w & 0xff) << 8)];
      b >>= 8;
      w >>= 8;
    }
    return r;
  }

  Position unrank(std::uint64_t r) const {
    Position pos;
    for (int chunk = 0; chunk < chunks_; ++chunk) {
      auto digits = static_cast<std::uint32_t>(r % 6561);
      r /= 6561;
      pos.black |= Mask{from_base3_[digits] & 0xffu} << (8 * chunk);
      pos.white |= Mask{static_cast<std::uint32_t>(from_base3_[digits] >> 8)} << (8 * chunk);
    }
    return pos;
  }

 private:
  int n_ = 0, chunks_ = 0;
  std::array<std::uint64_t, kMaxRankPoints + 1> pow3_{};
  std::vector<std::uint16_t> to_base3_;    // (black byte | white byte << 8) -> 0..6560
  std::vector<std::uint16_t> from_base3_;  // 0..6560 -> black byte | white byte << 8
};

}  // namespace gotb
