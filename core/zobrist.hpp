// Zobrist hashing of positions: fixed keys, so hashes are stable across runs
// and may be stored in files.
#pragma once

#include <array>
#include <cstdint>

#include "core/position.hpp"

namespace gotb {

struct ZobristKeys {
  std::array<std::array<std::uint64_t, kMaxPoints>, 2> stone{};
  std::uint64_t white_to_move = 0;
  constexpr ZobristKeys() {
    std::uint64_t x = 0x6a09e667f3bcc909ULL;  // splitmix64 from a fixed seed
    auto next = [&x]() {
      std::uint64_t z = (x += 0x9e3779b97f4a7c15ULL);
      z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
      z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
      return z ^ (z >> 31);
    };
    for (auto& row : stone)
      for (auto& k : row) k = next();
    white_to_move = next();
  }
};

inline constexpr ZobristKeys kZobrist{};

inline std::uint64_t zobrist(const Position& pos) {
  std::uint64_t h = 0;
  for_each_bit(pos.black, [&](int p) { h ^= kZobrist.stone[0][p]; });
  for_each_bit(pos.white, [&](int p) { h ^= kZobrist.stone[1][p]; });
  return h;
}

}  // namespace gotb
