// What a proved bound relied on about the history (docs/solving.md §3).
//
// A bound proved at a node under history H stays valid under another
// history H' (same state) when every situation in `absent` is missing from
// H' (those were results of moves the proof plays, legal because they were
// not in H) and every situation in `present` is in H' (those made moves of
// the opponent of the bound's beneficiary illegal; were they legal, the
// opponent would have more choices). Situations that first occurred at or
// below the node itself are part of the state's own line and are dropped
// (`drop_from`). A set larger than the cap is marked overflowed: the bound
// is still correct for this visit but is never stored for reuse.
//
// `stone_cap`: a bound that rests on a fill guarantee (core/benson.hpp)
// needs every position of H before the node to hold at most that many stones
// of the bound's beneficiary (Black for lower bounds, White for upper ones).
// The positions between the node and the place where the guarantee was used
// are the proof's own line, the same under every history, so only the
// history before the node is checked; merging keeps the smallest cap.
#pragma once

#include <algorithm>
#include <cstdint>
#include <vector>

namespace gotb::search {

struct Present {
  std::uint64_t key;
  std::int32_t first;  // line index of the situation's first occurrence
  bool operator<(const Present& o) const { return key < o.key; }
  bool operator==(const Present& o) const { return key == o.key; }
};

struct ProofDeps {
  static constexpr int kNoCap = 127;
  std::vector<std::uint64_t> absent;  // sorted, unique
  std::vector<Present> present;       // sorted by key, unique
  int stone_cap = kNoCap;
  bool overflow = false;

  void clear() {
    absent.clear();
    present.clear();
    stone_cap = kNoCap;
    overflow = false;
  }
  void limit_stones(int cap) { stone_cap = std::min(stone_cap, cap); }
  std::size_t size() const { return absent.size() + present.size(); }

  void assign(const ProofDeps& o) {
    if (o.overflow) {
      set_overflow();
      return;
    }
    overflow = false;
    stone_cap = o.stone_cap;
    absent.assign(o.absent.begin(), o.absent.end());
    present.assign(o.present.begin(), o.present.end());
  }

  void add_absent(std::uint64_t key, std::size_t cap) {
    if (overflow) return;
    auto it = std::lower_bound(absent.begin(), absent.end(), key);
    if (it == absent.end() || *it != key) absent.insert(it, key);
    check(cap);
  }
  void add_present(Present p, std::size_t cap) {
    if (overflow) return;
    auto it = std::lower_bound(present.begin(), present.end(), p);
    if (it == present.end() || it->key != p.key) present.insert(it, p);
    check(cap);
  }

  // this := this ∪ o; `tmp` is scratch space (kept to avoid allocations).
  void merge(const ProofDeps& o, std::size_t cap, std::vector<std::uint64_t>& tmp, std::vector<Present>& ptmp) {
    if (overflow) return;
    if (o.overflow) {
      set_overflow();
      return;
    }
    limit_stones(o.stone_cap);
    if (!o.absent.empty()) {
      tmp.clear();
      std::set_union(absent.begin(), absent.end(), o.absent.begin(), o.absent.end(), std::back_inserter(tmp));
      absent.swap(tmp);
    }
    if (!o.present.empty()) {
      ptmp.clear();
      std::set_union(present.begin(), present.end(), o.present.begin(), o.present.end(), std::back_inserter(ptmp));
      present.swap(ptmp);
    }
    check(cap);
  }

  // Forgets the situations that first occurred at line index >= index.
  void drop_from(int index) {
    if (overflow || present.empty()) return;
    present.erase(std::remove_if(present.begin(), present.end(), [&](const Present& p) { return p.first >= index; }),
                  present.end());
  }

  void set_overflow() {
    overflow = true;
    absent.clear();
    present.clear();
  }

 private:
  void check(std::size_t cap) {
    if (size() > cap) set_overflow();
  }
};

}  // namespace gotb::search
