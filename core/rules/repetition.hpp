// The record of earlier board situations that superko rules consult.
//
// A stack of (position, tag) entries, where the tag is whatever else the
// rule compares (0 for positional superko, the player to move for
// situational superko). Membership is exact in both storage modes:
//  - dense: on small boards (3^points * tags <= 2^22) a bitset over the
//    situation index rank(position) * tags + tag; this mode also exposes
//    the bitset, which the reference solver's dependency cache reads;
//  - hashed: an open-addressing table of hashes filters, then full
//    positions are compared, so a collision can never change legality.
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "core/position.hpp"
#include "core/rank.hpp"
#include "core/zobrist.hpp"

namespace gotb {

class RepetitionSet {
 public:
  static constexpr std::uint64_t kDenseLimit = std::uint64_t{1} << 22;

  RepetitionSet(int points, int tags);

  void push(const Position& pos, int tag = 0);
  void pop();
  bool contains(const Position& pos, int tag = 0) const {
    if (dense()) {
      std::uint64_t i = index(pos, tag);
      return (bits_[i >> 6] >> (i & 63)) & 1;
    }
    std::uint64_t h = hash(pos, tag);
    if (find(h) == 0) return false;
    for (const Entry& e : stack_)
      if (e.hash == h && e.pos == pos && e.tag == tag) return true;
    return false;
  }
  std::size_t size() const { return stack_.size(); }

  // Dense mode only: the situation index and the membership bitset.
  bool dense() const { return ranker_ != nullptr; }
  std::uint64_t index(const Position& pos, int tag) const { return ranker_->rank(pos) * tags_ + tag; }
  int words() const { return static_cast<int>(bits_.size()); }
  const std::uint64_t* bits() const { return bits_.data(); }
  // Sets the bit of (pos, tag) in a bitset over the same indices (the
  // reference solver's dependency sets: which situations a result read).
  void mark(std::uint64_t* set, const Position& pos, int tag) const {
    const std::uint64_t i = index(pos, tag);
    set[i >> 6] |= std::uint64_t{1} << (i & 63);
  }

 private:
  struct Entry {
    Position pos;
    int tag;
    std::uint64_t hash;   // hashed mode
    bool was_member;      // dense mode: the bit was already set before this push
  };
  struct Slot {
    std::uint64_t hash = 0;
    std::uint32_t count = 0;
    bool used = false;
  };

  static std::uint64_t hash(const Position& pos, int tag) {
    return zobrist(pos) ^ (static_cast<std::uint64_t>(tag) * 0x9e3779b97f4a7c15ULL);
  }
  Slot& slot_for(std::uint64_t h);
  std::uint32_t find(std::uint64_t h) const;
  void rehash();

  int tags_;
  std::unique_ptr<Ranker> ranker_;
  std::vector<std::uint64_t> bits_;
  std::vector<Entry> stack_;
  std::vector<Slot> slots_;
  std::size_t used_ = 0;
};

}  // namespace gotb
