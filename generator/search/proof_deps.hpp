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
// `sorted`: the lists are sorted when `sorted` is set, and then kept so;
// otherwise they hold the same facts in no particular order until something
// needs the order (`normalize`: a merge, a root proof handed out). Lists
// read from the table and long unions (`unite`, through a hash set) are
// unsorted: sorting them was the largest cost of the search on 4x4, and
// nothing in the search itself needs the order (docs/solving.md §3,
// "Session 23"). Either way each list holds every fact once.
//
// `stone_cap` and `stone_mask`, the stone fact (M, k): a bound that rests
// on a fill or safe-region guarantee (core/benson.hpp, core/safe_regions.hpp)
// needs that no position of H before the node holds every point of M as a
// stone of the bound's beneficiary (Black for lower bounds, White for upper
// ones) and more than k stones of it (docs/benson.md, "The history
// condition as a superset test"). M = 0 is the plain count cap "at most k
// stones"; k = kNoCap means no fact (M is then ignored). The positions
// between the node and the place where the guarantee was used are the
// proof's own line, the same under every history, so only the history
// before the node is checked; merging keeps the least count and the
// intersection of the masks, which implies every merged fact. Dropping the
// mask (M = 0) only strengthens a fact: formats without room for it do so.
#pragma once

#include <algorithm>
#include <cstdint>
#include <vector>

#include "generator/search/key_set.hpp"

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
  std::uint64_t stone_mask = 0;  // meaningful only when stone_cap < kNoCap
  bool overflow = false;
  bool sorted = true;  // false: the same sets, in no particular order

  void clear() {
    absent.clear();
    present.clear();
    stone_cap = kNoCap;
    stone_mask = 0;
    overflow = false;
    sorted = true;
  }
  // Sorts lists left unsorted (see above); they hold no duplicates.
  void normalize() {
    if (sorted) return;
    std::sort(absent.begin(), absent.end());
    std::sort(present.begin(), present.end());
    sorted = true;
  }
  // this fact := its merge with the fact (mask, cap) (see above).
  void limit_stones(int cap, std::uint64_t mask = 0) {
    if (cap >= kNoCap) return;
    if (stone_cap >= kNoCap) {
      stone_cap = cap;
      stone_mask = mask;
      return;
    }
    stone_cap = std::min(stone_cap, cap);
    stone_mask &= mask;
  }
  // Sets the fact (replacing the one held).
  void set_stones(int cap, std::uint64_t mask) {
    stone_cap = cap;
    stone_mask = cap >= kNoCap ? 0 : mask;
  }
  std::size_t size() const { return absent.size() + present.size(); }

  void assign(const ProofDeps& o) {
    if (o.overflow) {
      set_overflow();
      return;
    }
    overflow = false;
    sorted = o.sorted;
    stone_cap = o.stone_cap;
    stone_mask = o.stone_mask;
    absent.assign(o.absent.begin(), o.absent.end());
    present.assign(o.present.begin(), o.present.end());
  }

  void add_absent(std::uint64_t key, std::size_t cap) {
    if (overflow) return;
    if (!sorted) {  // a linear scan is cheaper than sorting a list that may never need it
      if (std::find(absent.begin(), absent.end(), key) == absent.end()) absent.push_back(key);
      check(cap);
      return;
    }
    auto it = std::lower_bound(absent.begin(), absent.end(), key);
    if (it == absent.end() || *it != key) absent.insert(it, key);
    check(cap);
  }
  void add_present(Present p, std::size_t cap) {
    if (overflow) return;
    if (!sorted) {  // as add_absent
      if (std::find(present.begin(), present.end(), p) == present.end()) present.push_back(p);
      check(cap);
      return;
    }
    auto it = std::lower_bound(present.begin(), present.end(), p);
    if (it == present.end() || it->key != p.key) present.insert(it, p);
    check(cap);
  }

  // this := this ∪ o; `tmp` is scratch space (kept to avoid allocations).
  void merge(ProofDeps& o, std::size_t cap, std::vector<std::uint64_t>& tmp, std::vector<Present>& ptmp) {
    if (overflow) return;
    if (o.overflow) {
      set_overflow();
      return;
    }
    normalize();
    o.normalize();
    limit_stones(o.stone_cap, o.stone_mask);
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

  // this := the union of parts[0..n) (each sorted or not); overflowed when
  // one of them is or the union has more than cap facts. The stone fact is
  // the merge of theirs.
  void unite(const ProofDeps* parts, std::size_t n, std::size_t cap) {
    clear();
    std::size_t na = 0, np = 0, nonempty = 0, last = 0;
    for (std::size_t i = 0; i < n; ++i) {
      if (parts[i].overflow) {
        set_overflow();
        return;
      }
      limit_stones(parts[i].stone_cap, parts[i].stone_mask);
      na += parts[i].absent.size();
      np += parts[i].present.size();
      if (parts[i].size()) ++nonempty, last = i;
    }
    if (nonempty == 0) return;
    if (nonempty == 1) {
      absent.assign(parts[last].absent.begin(), parts[last].absent.end());
      present.assign(parts[last].present.begin(), parts[last].present.end());
      sorted = parts[last].sorted;
    } else if (na + np <= kSortedUnite) {
      absent.reserve(na);
      present.reserve(np);
      for (std::size_t i = 0; i < n; ++i) {
        absent.insert(absent.end(), parts[i].absent.begin(), parts[i].absent.end());
        present.insert(present.end(), parts[i].present.begin(), parts[i].present.end());
      }
      std::sort(absent.begin(), absent.end());
      absent.erase(std::unique(absent.begin(), absent.end()), absent.end());
      std::sort(present.begin(), present.end());
      present.erase(std::unique(present.begin(), present.end()), present.end());
    } else {
      // Long lists: duplicates dropped through a hash set in linear time,
      // the union left unsorted (each fact once, in no particular order).
      static thread_local KeySet seen;
      absent.reserve(na);
      present.reserve(np);
      seen.reset(na);
      for (std::size_t i = 0; i < n; ++i)
        for (std::uint64_t k : parts[i].absent)
          if (seen.insert(k)) absent.push_back(k);
      seen.reset(np);
      for (std::size_t i = 0; i < n; ++i)
        for (const Present& p : parts[i].present)
          if (seen.insert(p.key)) present.push_back(p);
      sorted = false;
    }
    check(cap);
  }

  // Forgets the situations that first occurred at line index >= index.
  void drop_from(int index) {
    if (overflow || present.empty()) return;
    present.erase(std::remove_if(present.begin(), present.end(), [&](const Present& p) { return p.first >= index; }),
                  present.end());
  }

  // unite() sorts unions of at most this many facts (with duplicates) and
  // hashes longer ones.
  static constexpr std::size_t kSortedUnite = 32;

  void set_overflow() {
    overflow = true;
    sorted = true;
    absent.clear();
    present.clear();
  }

 private:
  void check(std::size_t cap) {
    if (size() > cap) set_overflow();
  }
};

}  // namespace gotb::search
