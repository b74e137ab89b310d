// Bounds on the minimax value of a japanese-2003 node from the passing
// strategies (docs/solving.md section 4, "japanese-2003: bounds from the
// passing strategies"). Black's strategy "always pass" is worth, against
// White's best reply, a lower bound on the node's value; White's "always
// pass" an upper bound. Each is the exact value of a one-player game (the
// other side's plays only: its stones only grow, so the game is small and
// a line never repeats a position of its own), evaluated under the node's
// actual history: a play that recreates an earlier position ends the game
// by the long-cycle rule with the result the rules give. The bound rests on
// the history facts of every position such a play creates (their ids are
// appended to `facts`), like a proof of the search.
#pragma once

#include <array>
#include <cstdint>
#include <unordered_map>
#include <utility>
#include <vector>

#include "core/value.hpp"

namespace gotb {

class Japanese2003Game;

namespace japanese {

struct PassStrategyOptions {
  // Moves played by one bound's one-player game; a side that needs more is
  // left open (minus / plus infinity), which is always a valid bound.
  std::uint64_t max_moves = 4096;
  // Reuse each side's one-player game per state key where the history facts
  // it read hold (StrategyCache below); false: recompute every time
  // (cross-checks).
  bool cache = true;
  // Partial-analysis leaves (docs/solving.md, "Session 32: japanese-2003"):
  // where the alternation would end by two passes, the one-player game
  // takes the side's end of Japanese2003Game::end_bounds (capture tests
  // only) instead of the analysed score; the chooser may always end it
  // (also where the direct ko rule might forbid that: a superset of its
  // options), the passer's ending pass counts as forbidden (the side open)
  // wherever the position has a ko stone. Each change only moves the
  // side's value away from the node's (lower for the lower side), so it
  // stays a bound. The game sets it on boards whose shared graphs are not
  // prefilled; tests set it on small boards.
  bool partial_analysis = false;
  // The cache is cleared when its entries hold more fact values than this.
  std::size_t cache_max_facts = std::size_t{1} << 24;
};

struct PassStrategyStats {
  std::uint64_t computations = 0, moves = 0, given_up = 0;
  std::uint64_t cache_hits = 0, cache_rejected = 0, cache_stores = 0, cache_clears = 0;
};

// One side's one-player games per state key (docs/solving.md section 4,
// "Session 24: japanese-2003"). An entry holds the value F computed with the
// limit L and every (fact id, value) the computation read. By (S4) the
// computation is a function of the key and those values, so under another
// history that agrees on them it would return F again. And F tells what a
// computation with any limit L' would return (lower side; the upper side is
// the mirror image): F > L means no cut-off happened (every node of a min
// game is worth at least its root), F is the exact value V, and a
// computation with L' returns V where V > L' and an open side otherwise;
// F <= L means V <= F <= L, so any L' >= L gives an open side, and only a
// lower L' needs a new computation. Given-up computations are not stored.
class StrategyCache {
 public:
  using Key = std::array<std::uint64_t, 5>;
  struct Entry {
    Value value;         // F
    std::int32_t limit;  // L
    std::vector<std::pair<std::uint64_t, std::int64_t>> facts;
  };
  // The entry for (key, side) whose facts all hold in g, or null.
  Entry* find(const Japanese2003Game& g, const Key& key, bool lower, PassStrategyStats* stats);
  // Stores e for (key, side); `replace`: an entry find returned, superseded
  // by e (computed with a lower limit under the same facts).
  void store(const Key& key, bool lower, Entry e, Entry* replace, const PassStrategyOptions& opt,
             PassStrategyStats* stats);
  std::size_t entries() const { return entries_; }

 private:
  struct Hash {
    std::size_t operator()(const Key& k) const;
  };
  std::unordered_map<Key, std::vector<Entry>, Hash> map_[2];  // [lower]
  std::size_t facts_ = 0, entries_ = 0;
};

// Bounds lo <= v <= hi on the minimax value v of g's current node (not
// over) under its actual history. `floor` / `ceiling` (orders): a lower
// bound at or below floor (an upper bound at or above ceiling) is of no use
// to the caller and is returned as minus (plus) infinity without facts;
// the upper side is not computed when the lower one reaches `beta`. The
// facts a finite side rests on are appended to `facts`. g is left as found.
std::pair<Value, Value> pass_strategy_bounds(Japanese2003Game& g, std::int32_t floor, std::int32_t ceiling,
                                             std::int32_t beta, std::vector<std::uint64_t>& facts,
                                             const PassStrategyOptions& opt, PassStrategyStats* stats = nullptr,
                                             StrategyCache* cache = nullptr);

}  // namespace japanese
}  // namespace gotb
