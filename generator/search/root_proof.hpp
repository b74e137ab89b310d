// Root proofs: the exact value of the empty board under a tromp-taylor
// superko ruleset, stored with both sides' strategies (`gotb generate
// --root`; docs/solving.md, "Root proofs"; docs/format.md, "Root files").
//
// For boards where every state is out of reach, the file holds the states a
// game from the empty board meets while either side follows its stored
// strategy: for Black's strategy one move at Black's nodes (one that keeps
// the node's exact value) and every legal reply at White's, for White's the
// mirror image. Each such node gets an entry: its exact value under the
// history that reached it, a value-keeping move, and for each side of the
// value the history facts of its proof (absent situations, present
// situations, a stone cap; docs/solving.md §3). A reader holding any real
// history checks the facts and uses the entry only when they hold, so an
// entry proved under one line serves every line that satisfies its facts.
//
// States are stored in a canonical orientation (the least state key over the
// board's symmetries), their facts and moves mapped with it; a state may
// have several entries (proved under histories with different facts).
//
// Coverage: the walk that builds the file visits the strategy trees along
// real lines and merges a node with an earlier one only when the facts of
// the whole earlier subtree hold under the new history (the node set of the
// walk below it is then a superset of what any line through it meets, and
// every entry there holds; docs/solving.md, "Root proofs"). So every game
// from the empty board in which one side follows its stored moves meets
// only states with an entry whose facts hold, whatever the other side plays.
#pragma once

#include <cstdint>
#include <vector>

#include "core/board.hpp"
#include "core/color.hpp"
#include "core/position.hpp"
#include "core/rules/ruleset.hpp"
#include "core/symmetry.hpp"
#include "generator/search/superko_table.hpp"

namespace gotb::search {

class RetroOrdering;
class RootStore;

inline constexpr const char* kRootKind = "superko-root";
inline constexpr const char* kRootIndexScheme = "tt-state-key-canonical-v1";
inline constexpr const char* kRootValueEncoding = "int8-black-area-root-facts-v1";
// Array names beyond the superko files' value/best/lo_cap/hi_cap/facts/fact_index.
inline constexpr const char* kRootStateKey = "state_key";  // 8 bytes LE per entry, sorted

// One stored node. proof.value: area difference from Black's view, komi-free;
// proof.best: a move of the player to move that keeps it (canonical frame,
// -1 pass); proof.lo: facts of "value >= v" (cap on Black's stones),
// proof.hi: facts of "value <= v" (cap on White's stones), fact keys in the
// canonical frame (search::fact_key with real colours: black = Black).
struct RootEntry {
  std::uint64_t key = 0;
  StateProof proof;
  bool operator==(const RootEntry&) const = default;
};

// The canonical orientation of states and the mapping of facts into it.
class RootFrame {
 public:
  RootFrame(const Board& board, bool situational);
  // black | white << n | (White to move) << 2n | passes << (2n + 1).
  std::uint64_t state_key(const Position& p, Color to_move, int passes) const;
  struct Canon {
    std::uint64_t key;
    int to;  // the symmetry that maps the real state onto the stored one
  };
  Canon canonical(const Position& p, Color to_move, int passes) const;
  std::uint64_t fact(const Position& p, Color to_move, int s) const;  // fact key of s(p)
  std::uint64_t map_fact(std::uint64_t key, int s) const;
  int map_point(int point, int s) const { return point < 0 || s == 0 ? point : sym_.perm(s)[point]; }
  int inverse(int s) const { return sym_.inverse(s); }
  int points() const { return n_; }
  bool situational() const { return situational_; }
  // The history (positions[j], to_move[j]; the last is the current state)
  // in orientation s: sorted fact keys, and the most Black (before_mover)
  // and White (before_opponent) stones of a position before the current one.
  HistoryView view(const std::vector<Position>& positions, const std::vector<Color>& to_move, int s) const;

 private:
  int n_;
  bool situational_;
  Symmetries sym_;
};

// A bound whose proof's facts overflowed (more than max_dependencies) is
// stored with this cap code and, as `present`, every situation of the
// history it was proved under (the current one included): it holds under
// exactly the histories with that set of situations. The game from a state
// depends on the history only through that set (superko bans a play by
// membership of its result; docs/solving.md, "Same-history facts"). A
// superko file reader that does not know the code reads a cap below every
// stone count: never holds.
inline constexpr int kSameHistoryCap = -127;

// Whether an entry's bound holds under a history view in its frame
// (lower: "value >= v", cap on Black's stones; upper: cap on White's).
inline bool root_facts_hold(const StoredFacts& f, const HistoryView& h, bool lower) {
  if (f.cap == kSameHistoryCap) return !f.unknown && f.absent.empty() && f.present == h.keys;
  return facts_hold(f, h, lower);
}

// The entry of a state whose stored move a reader plays (and the walk
// follows): the first, in file order, whose both bounds hold under the
// history; else, among those whose mover's bound holds (lower for Black to
// move, upper for White), the first of the best value for the mover; -1
// when none. `entries` are the state's entries in file order, `h` the
// history in their frame.
int root_move_entry(const std::vector<const RootEntry*>& entries, const HistoryView& h, bool black_moves);

struct RootGenerateOptions {
  std::size_t table_megabytes = 256;
  std::size_t max_dependencies = 4096;
  // Subtree fact sets above this many facts are not kept for merging (the
  // walk then re-walks such a subtree on another line).
  std::size_t max_subtree_facts = 4096;
  // false (default): a node merges with an earlier walk of its state only
  // when that subtree's facts hold, so every line where one side follows
  // its strategy is covered. true: one walk per state and strategy, the
  // first line's; other lines may meet states without an entry that holds
  // (a reader then falls back to search). For boards where the complete
  // walk is out of reach.
  bool merge_states = false;
  // false (default): every walked node gets its exact value. true
  // (--values strategy): each node gets only the bound its strategies need,
  // the root value v: "value >= v" on Black's strategy, "<= v" on White's
  // (both, so exact, where the node is on both); the side that holds the
  // bound gets a move that keeps it. A blunder of the other side leaves the
  // value proved only as a bound. Needs merge_states.
  bool strategy_values = false;
  std::uint64_t walk_limit = 0;  // NodeLimitReached past this many walked nodes; 0 = none
  bool progress = false;
  const RetroOrdering* ordering = nullptr;
};

struct RootGenerateStats {
  int value = 0;                  // empty board, Black's view, komi-free area difference
  std::uint64_t walked = 0;       // nodes visited by the walk
  std::uint64_t merged = 0;       // ... settled by an earlier subtree whose facts held
  std::uint64_t searched = 0;     // searches that made an entry
  std::uint64_t line_proofs = 0;  // ... on the real line, the shortest history's facts failing there
  std::uint64_t reused = 0;       // ... whose state already had an entry that held
  std::uint64_t unknown = 0;      // entries whose facts overflowed (not usable by a reader)
  std::uint64_t one_sided = 0;    // strategy_values: entries with one bound only (by design, not overflow)
  std::uint64_t same_history = 0; // strategy_values: bounds stored with same-history facts (kSameHistoryCap)
  std::uint64_t benson_ends = 0;  // strategy_values: walked nodes where every strategy's bound is a pass guarantee
  std::uint64_t nodes = 0;        // search nodes
  std::uint64_t max_depth = 0;    // longest line walked (plies)
  std::uint64_t facts = 0;        // facts in all entries' lists
  std::uint64_t states = 0;       // canonical states with an entry
  std::uint64_t store_bytes = 0;  // memory of the entry store at the end (RootStore::memory_bytes)
  std::uint64_t map_bytes = 0;    // ... of the walk's state map (approximate)
  double seconds = 0;
  bool stopped = false;  // walk_limit reached: the entries are incomplete
};

// Builds the entries (sorted by key, several per key in the order made);
// past walk_limit it stops with `stopped` set (the entries then cover only
// part of the strategies).
// Throws std::invalid_argument outside the tromp-taylor superko family or
// above 31 points.
// `entries` (empty) receives them in creation order, compact (its spill
// file, if any, keeps the fact records out of memory); RootStore::pack()
// gives the file's arrays.
RootGenerateStats generate_root(const Board& board, const RuleSet& rules, const RootGenerateOptions& options,
                                RootStore& entries);
// The same, decoded into `entries` (sorted by key).
RootGenerateStats generate_root(const Board& board, const RuleSet& rules, const RootGenerateOptions& options,
                                std::vector<RootEntry>& entries);

// The file's arrays: state keys (8 bytes little-endian each, a stream
// array) and the superko files' per-entry arrays (pack_proofs).
struct RootArrays {
  std::vector<std::int8_t> state_key;
  SuperkoArrays rest;
};
RootArrays pack_root(const std::vector<RootEntry>& entries);

}  // namespace gotb::search
