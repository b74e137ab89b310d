#include "core/rules/repetition.hpp"

namespace gotb {

RepetitionSet::RepetitionSet(int points, int tags) : tags_(tags) {
  if (points <= kMaxRankPoints) {
    std::uint64_t count = 1;
    for (int i = 0; i < points && count <= kDenseLimit; ++i) count *= 3;
    count *= tags;
    if (count <= kDenseLimit) {
      ranker_ = std::make_unique<Ranker>(points);
      bits_.assign((count + 63) / 64, 0);
      return;
    }
  }
  slots_.resize(1024);
}

void RepetitionSet::push(const Position& pos, int tag) {
  if (dense()) {
    std::uint64_t i = index(pos, tag);
    std::uint64_t& w = bits_[i >> 6];
    stack_.push_back({pos, tag, 0, bool((w >> (i & 63)) & 1)});
    w |= std::uint64_t{1} << (i & 63);
    return;
  }
  std::uint64_t h = hash(pos, tag);
  stack_.push_back({pos, tag, h, false});
  ++slot_for(h).count;
  if (used_ * 2 > slots_.size()) rehash();
}

void RepetitionSet::pop() {
  const Entry& e = stack_.back();
  if (dense()) {
    if (!e.was_member) {
      std::uint64_t i = index(e.pos, e.tag);
      bits_[i >> 6] &= ~(std::uint64_t{1} << (i & 63));
    }
  } else {
    --slot_for(e.hash).count;  // a zero count marks an absent key
  }
  stack_.pop_back();
}

// Slots are never freed between rehashes, so linear probing needs no
// tombstones.
RepetitionSet::Slot& RepetitionSet::slot_for(std::uint64_t h) {
  std::size_t mask = slots_.size() - 1;
  for (std::size_t i = h & mask;; i = (i + 1) & mask) {
    Slot& s = slots_[i];
    if (!s.used) {
      s.used = true;
      s.hash = h;
      ++used_;
      return s;
    }
    if (s.hash == h) return s;
  }
}

std::uint32_t RepetitionSet::find(std::uint64_t h) const {
  std::size_t mask = slots_.size() - 1;
  for (std::size_t i = h & mask;; i = (i + 1) & mask) {
    const Slot& s = slots_[i];
    if (!s.used) return 0;
    if (s.hash == h) return s.count;
  }
}

// Drops keys whose count fell to zero; keeps live keys at most a quarter of
// the table.
void RepetitionSet::rehash() {
  std::size_t live = 0;
  for (const Slot& s : slots_) live += s.used && s.count;
  std::size_t size = 1024;
  while (size < 4 * live) size *= 2;
  std::vector<Slot> old;
  old.swap(slots_);
  slots_.assign(size, Slot{});
  used_ = 0;
  for (const Slot& s : old)
    if (s.used && s.count) slot_for(s.hash).count = s.count;
}

}  // namespace gotb
