// The situations of the current line of play (the real history followed by
// the search path), as a multiset that also remembers where on the line
// each situation first occurred.
//
// The exact search asks two questions of it at every node: "is this
// situation on the line?" (superko legality, and the validity test of a
// stored proof) and "how early did it first occur?" (whether a proof's
// dependency on it concerns the history above a node or only the node's own
// subtree). Keys are exact situation encodings, never hashes, so a
// membership answer is exact.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

namespace gotb::search {

class PathSet {
 public:
  PathSet() { reset(10); }

  // `index` is the situation's position on the line (0 = first).
  void push(std::uint64_t key, int index) {
    if (2 * (used_ + 1) > slots_.size()) grow();
    std::size_t i = home(key);
    while (slots_[i].count && slots_[i].key != key) i = (i + 1) & mask_;
    if (slots_[i].count == 0) {
      slots_[i] = {key, 0, index};
      ++used_;
      std::uint8_t& c = filter_[filter_index(key)];
      c += c != 0xFF;
    }
    ++slots_[i].count;
  }

  // Removes one occurrence; `key` must be present.
  void pop(std::uint64_t key) {
    std::size_t i = find(key);
    if (--slots_[i].count) return;
    --used_;
    std::uint8_t& c = filter_[filter_index(key)];
    c -= c != 0xFF;  // a saturated count stays: never a false "absent"
    // Backward-shift deletion keeps every probe sequence unbroken.
    std::size_t hole = i;
    for (std::size_t j = (i + 1) & mask_; slots_[j].count; j = (j + 1) & mask_) {
      std::size_t h = home(slots_[j].key);
      bool movable = hole <= j ? (h <= hole || h > j) : (h <= hole && h > j);
      if (movable) {
        slots_[hole] = slots_[j];
        hole = j;
      }
    }
    slots_[hole].count = 0;
  }

  bool contains(std::uint64_t key) const { return maybe(key) && slots_[find(key)].count != 0; }
  // Line index of the first occurrence, -1 when absent.
  int first_index(std::uint64_t key) const {
    if (!maybe(key)) return -1;
    const Slot& s = slots_[find(key)];
    return s.count ? s.first : -1;
  }

 private:
  struct Slot {
    std::uint64_t key = 0;
    std::uint32_t count = 0;
    std::int32_t first = 0;
  };

  // A first answer from 4 KiB of counts of the distinct keys by another
  // hash (session 31): most questions are about proof facts that are not on
  // the line (the check of a stored proof's list, 57 words a node on 4x4),
  // and a zero count answers them from a table that stays in the L1 cache
  // beside the lists, the symmetry tables and the slots (16 KiB and more).
  static constexpr int kFilterBits = 12;
  static std::size_t filter_index(std::uint64_t key) {
    return static_cast<std::size_t>((key * 0xc2b2ae3d27d4eb4fULL) >> (64 - kFilterBits));
  }
  bool maybe(std::uint64_t key) const { return filter_[filter_index(key)] != 0; }

  std::size_t home(std::uint64_t key) const {
    return static_cast<std::size_t>((key * 0x9e3779b97f4a7c15ULL) >> shift_) & mask_;
  }
  std::size_t find(std::uint64_t key) const {
    std::size_t i = home(key);
    while (slots_[i].count && slots_[i].key != key) i = (i + 1) & mask_;
    return i;
  }
  void reset(int bits) {
    slots_.assign(std::size_t{1} << bits, Slot{});
    mask_ = slots_.size() - 1;
    shift_ = 64 - bits;
    used_ = 0;
  }
  void grow() {
    std::vector<Slot> old = std::move(slots_);
    reset(64 - shift_ + 1);
    for (const Slot& s : old)
      if (s.count) {
        std::size_t i = home(s.key);
        while (slots_[i].count) i = (i + 1) & mask_;
        slots_[i] = s;
        ++used_;
      }
  }

  std::vector<Slot> slots_;
  std::array<std::uint8_t, std::size_t{1} << kFilterBits> filter_{};  // saturating at 255
  std::size_t mask_ = 0, used_ = 0;
  int shift_ = 0;
};

}  // namespace gotb::search
