// Bit helpers shared by the engine: a board point set is a 64-bit mask.
#pragma once

#include <bit>
#include <cstdint>

namespace gotb {

using Mask = std::uint64_t;

constexpr Mask bit(int p) { return Mask{1} << p; }
constexpr int popcount(Mask m) { return std::popcount(m); }
constexpr int lowest(Mask m) { return std::countr_zero(m); }
constexpr Mask low_bits(int n) { return n >= 64 ? ~Mask{0} : (Mask{1} << n) - 1; }

// Calls f(point) for every set bit, lowest first.
template <class F>
inline void for_each_bit(Mask m, F&& f) {
  while (m) {
    f(lowest(m));
    m &= m - 1;
  }
}

}  // namespace gotb
