// A scratch set of 64-bit keys for removing duplicates in linear time.
//
// ProofDeps::unite joins the proof lists of a node's children; sorting the
// concatenation (n log n, and most lists arrive unsorted after a board
// symmetry) was the largest single cost of the search on 4x4
// (docs/solving.md §3, "Session 23"). Open addressing with linear probing,
// sized to at least twice the keys it will hold, cleared per use; one
// instance per thread (unite keeps a thread_local one).
#pragma once

#include <bit>
#include <cstdint>
#include <vector>

namespace gotb::search {

class KeySet {
 public:
  // Empties the set, with room for `n` keys.
  void reset(std::size_t n) {
    const int bits = std::bit_width(std::max<std::size_t>(2 * n, 16) - 1);
    shift_ = 64 - bits;
    mask_ = (std::size_t{1} << bits) - 1;
    slots_.assign(mask_ + 1, kEmpty);
    has_empty_key_ = false;
  }
  // Adds k; true when it was not in the set yet. At most `n` (reset) keys.
  bool insert(std::uint64_t k) {
    if (k == kEmpty) {  // the marker of a free slot is a key like any other
      const bool fresh = !has_empty_key_;
      has_empty_key_ = true;
      return fresh;
    }
    for (std::size_t i = static_cast<std::size_t>((k * 0x9E3779B97F4A7C15ull) >> shift_);; i = (i + 1) & mask_) {
      if (slots_[i] == k) return false;
      if (slots_[i] == kEmpty) {
        slots_[i] = k;
        return true;
      }
    }
  }

 private:
  static constexpr std::uint64_t kEmpty = ~std::uint64_t{0};
  std::vector<std::uint64_t> slots_;
  std::size_t mask_ = 0;
  int shift_ = 64;
  bool has_empty_key_ = false;
};

}  // namespace gotb::search
