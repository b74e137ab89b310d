// One exact search for the rulesets whose legality and game end depend on
// more history than the superko set (docs/solving.md, "One search for every
// ruleset"). Templated on the game model: no virtual call per node.
//
// The game declares what its future depends on, in two parts:
//  - search_key(key): a key of the node such that, together with the facts
//    below, the whole rest of the game (legal moves, game ends, outcomes)
//    is a function of it. A game may put its whole relevant history summary
//    into the key (kee-2005: the current phase's bans) and declare no facts:
//    then equal keys mean equal subgames and every reuse is trivially sound.
//  - facts: history facts outside the key, each a 64-bit id whose value in
//    the current history the game reports (fact(id)); legal_moves(moves,
//    facts) appends the ids whose values decided the legality, end or
//    outcome of each move it lists, current_facts(facts) those the current
//    node's own end or outcome rests on (japanese-2003: a position and the
//    prisoner difference at its first occurrence, for the long-cycle rule).
//
// The search is fail-soft alpha-beta returning proven bounds lo <= v <= hi,
// with iterative deepening (a node at the horizon returns the bounds it
// already knows) and null-window tests at the root until lo == hi. The
// table stores, per key, the bounds with the facts their proof rested on
// and those facts' values; a bound is reused only where every stored fact
// has the same value now (the argument of docs/solving.md section 1, facts
// in place of situations). The table is lossy: a lost entry costs time only.
#pragma once

#include <algorithm>
#include <array>
#include <bit>
#include <chrono>
#include <concepts>
#include <cstdio>
#include <cstdint>
#include <cstring>
#include <ctime>
#include <limits>
#include <deque>
#include <functional>
#include <iterator>
#include <memory>
#include <optional>
#include <stdexcept>
#include <unordered_map>
#include <utility>
#include <vector>

#include "core/budget.hpp"
#include "core/move.hpp"
#include "core/stack_guard.hpp"
#include "core/value.hpp"
#include "generator/reference/reference_solver.hpp"
#include "generator/search/generic_order.hpp"
#include "generator/search/search_solver.hpp"

namespace gotb::search {

// Optional: a game whose outcomes below the node are all shifted by a
// constant the key leaves out (kee-2005's common-phase removals during the
// confirmation phases) reports it in `order` units; the table stores
// bounds without it.
template <class G>
concept HasKeyShift = requires(const G& g) {
  { g.key_shift() } -> std::same_as<std::int32_t>;
};

// Optional, for the profile only (never read by the search's logic): whether
// the current node repeats a position of the history the game's ko rule
// reads (kee-2005: the current situation occurred earlier in this phase;
// japanese-2003: the position occurred before, which only passes allow).
template <class G>
concept HasCycleProbe = requires(const G& g) {
  { g.in_cycle() } -> std::same_as<bool>;
};

// Optional: a game whose fact values are interned (kee-2005: a set of
// histories per situation) reports their memory, counted against the
// table's cap, and may forget them when the table is cleared (no stored
// value is in use then).
template <class G>
concept HasFactMemory = requires(const G& g) {
  { g.fact_bytes() } -> std::same_as<std::size_t>;
  g.clear_fact_values();
};

// Optional: bounds on every outcome that can end the game from the current
// node, whatever the history and whatever either player does (kee-2005
// japanese scoring in the confirmation phases, where the common position
// and removals are fixed: docs/solving.md section 4, "Outcome bounds of a
// node"). They need no facts; the search starts each node's bounds from
// them and cuts the node off when they already decide its window. All the
// search needs is weaker: bounds on the node's minimax value under every
// history with this key (international and the kee-2016 search game:
// Benson's pass guarantees, docs/solving.md section 4, "Session 24").
template <class G>
concept HasNodeBounds = requires(const G& g) {
  { g.node_outcome_bounds() } -> std::same_as<std::pair<Value, Value>>;
};

// Optional: bounds on the minimax value of the current node that hold under
// the game's *current* history only (international:ko=basic-exceptional:
// no special win where the history admits none, docs/solving.md section 4,
// "Session 33"). Read only where a solve or a move test starts (solve(),
// decide_above()), to narrow the root's bounds between the root tests;
// never inside search() and never stored, since a table entry is reused
// under other histories with the same key.
template <class G>
concept HasHistoryBounds = requires(const G& g) {
  { g.history_outcome_bounds() } -> std::same_as<std::pair<Value, Value>>;
};

// Optional: a game whose facts imply one another (kee-2005: a contained
// fact is monotone in its examined history) may drop, from a proof's
// (id, value) pairs about to be stored, those implied by the pairs it
// keeps: every history that agrees on the kept pairs agrees on all.
template <class G>
concept HasFactReduction = requires(const G& g, std::vector<std::pair<std::uint64_t, std::int64_t>>& f) {
  g.reduce_facts(f);
};

// Optional: bounds on the minimax value of the current node (not over)
// under its actual history, resting on history facts whose ids the game
// appends (japanese-2003: the values of the two passing strategies,
// docs/solving.md section 4, "japanese-2003: bounds from the passing
// strategies"). They hold at (K, H') for every H' that agrees with H on
// those facts, like a proof of the search. A lower bound at or below
// `floor`, an upper one at or above `ceiling`, may come back open (minus /
// plus infinity, no facts); the upper side may be left open once the lower
// reaches `beta`. The game may play and undo moves; it is left as found.
template <class G>
concept HasStrategyBounds = requires(G& g, std::vector<std::uint64_t>& ids) {
  { g.strategy_bounds(std::int32_t{}, std::int32_t{}, std::int32_t{}, ids) } -> std::same_as<std::pair<Value, Value>>;
};

// Optional: a finished game's outcome bounded cheaply for the window
// (alpha, beta) (japanese-2003: the score's bounds from the capture tests
// alone where they decide the window, the analysed score otherwise;
// docs/solving.md section 4, "Session 33: japanese-2003"). Called only where
// is_over(); the bounds contain outcome() and rest on the same facts as it
// (the current ones). Used under node_bounds, like HasStrategyBounds.
template <class G>
concept HasTerminalBounds = requires(const G& g) {
  { g.terminal_bounds(std::int32_t{}, std::int32_t{}) } -> std::same_as<std::pair<Value, Value>>;
};

// Optional: facts that agree in one direction only (kee-2005's contained
// facts; the superko facts of international, ikeda-1 and the kee-2016
// search game; docs/solving.md section 4, "kee-2005: facts that agree in
// one direction" and "Session 25"). fact_side(id) = +1 (-1): a larger value
// of the fact never gives Black (White) a move, never takes a move of
// White (Black) away, and decides nothing else (no game end, no outcome);
// every move updates it by a nondecreasing function of its old value (with
// the key and the move fixed); 0: no such order, equality only (kee-2005's
// contained facts: 0 / 1, value 1 prohibits moves of the side's player).
// A stored lower bound then holds where each +1 fact is at most and each
// -1 fact at least its stored value (Black keeps his moves, White gains
// none), an upper bound where the mirror holds.
template <class G>
concept HasFactSides = requires(const G& g) {
  { g.fact_side(std::uint64_t{}) } -> std::same_as<int>;
};

// Optional, with HasFactSides: the least and the greatest value a fact with
// a side takes under any history (international and ikeda-1's superko
// facts: 0 and 1; kee-2016's ranks: 0 and 3). A fact at the end of its
// range on the harmless side of a bound constrains no history for that
// bound (a +1 fact at its greatest value: "now <= stored" holds always), so
// a proof that needs only that bound may drop it (GenericOptions::
// drop_vacuous_facts; docs/solving.md section 4, "Session 31").
template <class G>
concept HasFactRange = HasFactSides<G> && requires(const G& g) {
  { g.fact_range(std::uint64_t{}) } -> std::same_as<std::pair<std::int64_t, std::int64_t>>;
};

// Optional, for the profile only (--progress; never read by the search's
// logic): a small kind number (0-7) per fact id and their names, to count
// which kind of fact rejected a table entry (kee-2005, session 27).
template <class G>
concept HasFactKind = requires(const G& g) {
  { g.fact_kind(std::uint64_t{}) } -> std::same_as<int>;
  { G::kFactKindNames } -> std::convertible_to<const char*>;
};

// Optional: a game whose rules are invariant under symmetries of its board
// (kee-2005 with contained facts, session 28: docs/solving.md section 4,
// "Session 28: kee-2005 board symmetry"). symmetric_key(key) replaces the
// node's search_key by the least of its images under the symmetries and
// returns the symmetry s (the frame) that maps the node onto it; the image
// of the node's history under s has that key. map_fact(id, s) is the fact
// of the mapped history that corresponds to fact id of this one, with the
// same value (or kUnmapped: no such fact, and an entry resting on it is not
// reused); map_move the same for moves; inverse_frame(s) the inverse. The
// table stores an entry's facts and move mapped into the frame of the node
// that proved it, and a probe reads them back through the inverse of its
// own frame.
template <class G>
concept HasKeySymmetry = requires(const G& g, std::vector<std::uint64_t>& key) {
  { g.symmetric_key(key) } -> std::same_as<int>;
  { g.map_fact(std::uint64_t{}, int{}) } -> std::same_as<std::uint64_t>;
  { g.map_move(Move::pass(), int{}) } -> std::same_as<Move>;
  { g.inverse_frame(int{}) } -> std::same_as<int>;
  { G::kUnmapped } -> std::convertible_to<std::uint64_t>;
};

template <class G>
concept GenericSearchGame =
    ReferenceGame<G> && requires(const G& g, std::vector<std::uint64_t>& ids, std::vector<Move>& moves) {
      g.search_key(ids);
      g.legal_moves_with_facts(moves, ids);
      g.current_facts(ids);
      { g.fact(std::uint64_t{}) } -> std::same_as<std::int64_t>;
    };

// A proof's (id, value) pairs as a table entry keeps them (session 30,
// docs/solving.md section 4, "Session 30"): the ids in 4 bytes each where
// all of them fit (kee-2016's ids are board ranks), else 8, and the values
// in 1 byte each where all of them fit (every ruleset's but
// international:basic-exceptional's), else 8; ids first, then values.
// Lossless: the pairs read back are exactly those given, in the same order,
// so every reuse rule is unchanged. A kee-2016 1x10 proof rests on about
// 500 facts and kept 16 bytes per fact (8 KB), which filled the 512 MB
// table every 500 k nodes; packed, 5 bytes per fact (international's
// board ids: 9). (A varint coding of the id differences took about 3 bytes
// per kee-2016 fact but made international 1x8 half as slow again: its
// probes decode every stored fact.)
class PackedFacts {
 public:
  using Pair = std::pair<std::uint64_t, std::int64_t>;

  class iterator {
   public:
    using iterator_category = std::input_iterator_tag;
    using value_type = Pair;
    using difference_type = std::ptrdiff_t;
    using pointer = const Pair*;
    using reference = const Pair&;
    iterator() = default;
    iterator(const PackedFacts* f, std::uint32_t i) : f_(f), i_(i) {
      if (f_ && i_ < f_->count_) cur_ = f_->at(i_);
    }
    const Pair& operator*() const { return cur_; }
    iterator& operator++() {
      if (++i_ < f_->count_) cur_ = f_->at(i_);
      return *this;
    }
    iterator operator++(int) {
      iterator before = *this;
      ++*this;
      return before;
    }
    bool operator==(const iterator& o) const { return i_ == o.i_; }  // (iterators of one PackedFacts)

   private:
    const PackedFacts* f_ = nullptr;
    std::uint32_t i_ = 0;
    Pair cur_{0, 0};
  };

  iterator begin() const { return iterator(this, 0); }
  iterator end() const { return iterator(nullptr, count_); }
  std::size_t size() const { return count_; }
  bool empty() const { return count_ == 0; }
  // Heap bytes held (the table's memory cap counts them).
  std::size_t heap_bytes() const { return bytes_.capacity(); }

  Pair at(std::uint32_t i) const {
    const std::uint8_t* p = bytes_.data();
    Pair out;
    if (wide_ids_) {
      std::memcpy(&out.first, p + 8 * std::size_t{i}, 8);
    } else {
      std::uint32_t id;
      std::memcpy(&id, p + 4 * std::size_t{i}, 4);
      out.first = id;
    }
    const std::uint8_t* v = p + std::size_t{count_} * (wide_ids_ ? 8 : 4);
    if (wide_values_) {
      std::memcpy(&out.second, v + 8 * std::size_t{i}, 8);
    } else {
      out.second = static_cast<std::int8_t>(v[i]);
    }
    return out;
  }

  // Calls f(id, value) for each pair in order until f returns false;
  // whether it never did. One loop per width (the probes' hot loop: a loop
  // through at() made international 1x8 a quarter slower).
  template <class F>
  bool every(F&& f) const {
    if (wide_ids_) return wide_values_ ? every_as<std::uint64_t, std::int64_t>(f) : every_as<std::uint64_t, std::int8_t>(f);
    return wide_values_ ? every_as<std::uint32_t, std::int64_t>(f) : every_as<std::uint32_t, std::int8_t>(f);
  }

  void assign(const std::vector<Pair>& pairs) {
    if (pairs.size() > std::numeric_limits<std::uint32_t>::max())
      throw std::length_error("generic search: too many facts in one proof");
    count_ = static_cast<std::uint32_t>(pairs.size());
    wide_ids_ = wide_values_ = false;
    for (const auto& [id, v] : pairs) {
      if (id > std::numeric_limits<std::uint32_t>::max()) wide_ids_ = true;
      if (v < std::numeric_limits<std::int8_t>::min() || v > std::numeric_limits<std::int8_t>::max()) wide_values_ = true;
    }
    const std::size_t n = count_, need = n * ((wide_ids_ ? 8 : 4) + (wide_values_ ? 8 : 1));
    if (bytes_.capacity() > 2 * need + 64) std::vector<std::uint8_t>().swap(bytes_);  // (a reused way kept a longer proof)
    bytes_.resize(need);
    std::uint8_t* p = bytes_.data();
    std::uint8_t* v = p + n * (wide_ids_ ? 8 : 4);
    for (std::size_t i = 0; i < n; ++i) {
      const auto& [id, val] = pairs[i];
      if (wide_ids_) {
        std::memcpy(p + 8 * i, &id, 8);
      } else {
        const auto id32 = static_cast<std::uint32_t>(id);
        std::memcpy(p + 4 * i, &id32, 4);
      }
      if (wide_values_) std::memcpy(v + 8 * i, &val, 8);
      else v[i] = static_cast<std::uint8_t>(static_cast<std::int8_t>(val));
    }
  }

 private:
  template <class I, class V, class F>
  bool every_as(F& f) const {
    const std::uint8_t* p = bytes_.data();
    const std::uint8_t* v = p + std::size_t{count_} * sizeof(I);
    for (std::uint32_t i = 0; i < count_; ++i) {
      I id;
      V val;
      std::memcpy(&id, p + sizeof(I) * i, sizeof(I));
      std::memcpy(&val, v + sizeof(V) * i, sizeof(V));
      if (!f(static_cast<std::uint64_t>(id), static_cast<std::int64_t>(val))) return false;
    }
    return true;
  }
  std::vector<std::uint8_t> bytes_;
  std::uint32_t count_ = 0;
  bool wide_ids_ = false, wide_values_ = false;
};

struct GenericOptions {
  std::uint64_t node_limit = 0;  // 0 = unlimited (counts the game's own charged work too)
  double time_limit = 0;         // seconds; 0 = unlimited
  // Horizon increment in plies (the horizon grows by max(step, horizon / 2));
  // 0 = one full-window search. Games without finite outcome bounds always
  // get the full-window search (solve()).
  int deepening_step = 8;
  std::size_t max_entries = std::size_t{1} << 21;  // table keys; the table is cleared when full
  // Approximate table memory (keys, entries, facts); the table is cleared
  // when it grows past this (kee-2005 keys hold a phase's whole ban record:
  // 1x4 japanese reached 2.9 GB in 1.3 M stores without a cap).
  std::size_t max_megabytes = 1024;
  // Store only proofs that took at least this many nodes (1: every
  // internal node). Cheap proofs are quick to redo and cost as much memory.
  std::uint64_t min_store_work = 1;
  std::size_t max_facts = 4096;  // a proof resting on more facts is used but not stored
  bool node_bounds = true;       // use HasNodeBounds / HasStrategyBounds where the game has them (off: cross-checks)
  bool fact_sides = true;        // accept one side of an entry by HasFactSides (off: equality only, cross-checks)
  // A node that read a table entry but whose returned bounds its children
  // (and the fact-free outcome / node bounds) prove as well without the
  // entry's bounds drops the entry's facts from its own (docs/solving.md
  // section 4, "Session 29"): the same bounds, proven under more histories.
  // Changes which proofs are stored, so node counts; generic_solve() sets it
  // for international, ikeda-1 and kee-2016 only.
  bool drop_unused_entry_facts = false;
  // HasFactRange: a node stores and passes up only the facts that constrain
  // a bound it proved beyond the fact-free (outcome and node) bounds; a fact
  // at the harmless end of its range for every such bound is dropped (the
  // node's own facts stay in the list its parent reads), and a result that
  // is no tighter than the fact-free bounds is not stored (it holds under
  // every history and says nothing the node does not know without it).
  // docs/solving.md section 4, "Session 31". Changes which proofs are
  // stored, so node counts; generic_solve() sets it for international,
  // kee-2016 and ikeda-1 (the games with HasFactRange).
  bool drop_vacuous_facts = false;
  // When the table is full, keep the entries whose proofs took the most
  // nodes (up to about half the caps) instead of clearing it (a dropped
  // entry costs time only). Not for games with HasFactMemory, whose
  // interned values are renumbered by a clear. generic_solve() sets it for
  // international, ikeda-1, kee-2016 and japanese-2003 (docs/solving.md
  // section 4, "Session 29"; two helpers wrote it independently).
  bool prune_when_full = false;
  bool progress = false;         // one line per root test on stderr
  // Move order from the tromp-taylor retrograde tables of the board
  // (generic_order.hpp; games with HasOrderBoard): the table's move, the
  // tables' score of the child, the history count. Null: the table's move,
  // then the history heuristic. Order only, never a value.
  std::shared_ptr<const GenericMoveOrder> order;
  // generic_solve() only, --ordering auto under a node limit: the tables are
  // skipped (history order) where their estimated build work
  // (retro_build_estimate) is more than half the node limit and at least
  // this much. Smaller builds are always made: they take about a
  // millisecond, and a budget too small for them is a test of the budget
  // itself, whose meaning (the work of the default path) should not change
  // with the budget. Order only, never a value.
  std::uint64_t order_skip_min_work = std::uint64_t{1} << 16;
  // The deepening driver (docs/solving.md section 4, "Session 25"); which
  // tests run and when changes speed only, never a value.
  // The horizon grows by max(deepening_step, horizon * horizon_growth / 100)
  // (50: 4, 8, 12, 18, 27, 40, ...; 0: by the step).
  int horizon_growth = GenericDriverDefaults::horizon_growth;
  // A root test may spend at most this factor times the nodes of this
  // deepening so far (at least test_budget_min); past it the test stops as
  // if it had moved nothing and the horizon counts as incomplete (as
  // SearchOptions::test_budget). 0 = no budget.
  double test_budget = GenericDriverDefaults::test_budget;
  std::uint64_t test_budget_min = 1 << 14;
  // A guess at the value of a node (Black's view), for the root tests to aim
  // at: "value >= g" and "value <= g" first, a test beyond g only after the
  // other side's test of g failed at the previous horizon (the tromp-taylor
  // driver's rule, docs/solving.md section 3, "Session 22"). Read once per
  // solve() from the game's board (HasOrderBoard); empty or no answer: the
  // plain tests from the proven bounds.
  std::function<std::optional<Value>(const Position&, Color, int passes)> guess;
  // generic_solve() only: where `guess` is empty, aim at the tromp-taylor
  // value of the board (generic_guess.hpp), proven within guess_nodes
  // nodes of the tromp-taylor search per position guessed (not counted in
  // node_limit); 0 = by the board (search::guess_node_budget).
  // Off by default: with the retrograde order it cost more nodes on 5 of
  // the 7 session-25 boards where it changed anything (docs/solving.md).
  bool aim = GenericDriverDefaults::aim;
  std::uint64_t guess_nodes = 0;
  // generic_solve() only, international: passes in a row that end the game
  // it searches. 4 is the game (InternationalGame::kEndingPasses); 2 the
  // two-pass game that the pass-pair reduction of ko=basic-exceptional
  // solves in its place (international_reduction.hpp; docs/solving.md
  // section 4, "Session 33"), whose values are not the game's after an odd
  // number of passes: only that reduction sets it.
  int international_ending_passes = 4;
};

struct GenericStats {
  std::uint64_t nodes = 0, probes = 0, hits = 0, cutoffs = 0, stores = 0, unstorable = 0, clears = 0,
                iterations = 0, horizon_nodes = 0;
  std::uint64_t bound_cutoffs = 0;  // nodes decided by the game's node bounds (HasNodeBounds, HasStrategyBounds)
  std::uint64_t strategy_bounds = 0;  // nodes whose bounds HasStrategyBounds narrowed
  std::uint64_t one_sided = 0;  // entries used for one side only (HasFactSides)
  std::uint64_t symmetric_keys = 0;  // probes whose key was an image under a symmetry other than the identity (HasKeySymmetry)
  std::uint64_t retro_ordered = 0;  // nodes whose moves GenericOptions::order sorted
  std::uint64_t budget_stops = 0;   // root tests stopped by GenericOptions::test_budget
  std::uint64_t entry_facts_dropped = 0;  // stores whose table entry's facts were dropped (drop_unused_entry_facts)
  std::uint64_t prunes = 0;  // clears that kept the costliest entries (prune_when_full; counted in clears too)
  // Profile (docs/solving.md section 4, "Where the nodes go"): probes that
  // found the key but no entry whose facts hold now; nodes whose position
  // repeats (HasCycleProbe); nodes by ply from the root, in buckets
  // [0,8), [8,16), [16,32), [32,64), ... (bucket i >= 1: [2^(i+2), 2^(i+3))).
  std::uint64_t rejected = 0, cycle_nodes = 0, max_ply = 0;
  // Fact ids of the lists store() sorted: before and after duplicates were
  // removed (session 28: the cost of a store grows with the first).
  std::uint64_t store_ids_in = 0, store_ids_out = 0;
  // drop_vacuous_facts: ids dropped as vacuous, and results not stored
  // (no tighter than the fact-free bounds); (id, value) pairs stored.
  std::uint64_t vacuous_dropped = 0, fact_free_results = 0, stored_pairs = 0;
  // With --progress and HasFactKind: per entry of a rejected probe, the
  // kind of its first fact whose value differs now.
  std::array<std::uint64_t, 8> rejected_by_kind{};
  std::array<std::uint64_t, 24> ply_buckets{};
  static int bucket_of(int ply) {
    int b = 0;
    while (ply >= 8 && b < 23) ply >>= 1, ++b;
    return b;
  }
};

template <GenericSearchGame G>
class GenericSearch {
 public:
  struct MoveValue {
    Move move;
    Value value;
  };

  GenericSearch(G& game, GenericOptions opt) : g_(game), opt_(opt), budget_(opt.node_limit, opt.time_limit) {
    if constexpr (HasOutcomeBounds<G>) {
      min_ = g_.min_outcome();
      max_ = g_.max_outcome();
    }
  }

  // Exact value of the game's current state.
  Value value() {
    BudgetScope scope(&budget_);
    try {
      return solve();
    } catch (...) {
      if (opt_.progress) print_profile();  // where an unfinished search spent its nodes
      throw;
    }
  }

  // Exact value of every legal move, in legal_moves order.
  std::vector<MoveValue> move_values() {
    BudgetScope scope(&budget_);
    std::vector<Move> moves;
    g_.legal_moves(moves);
    std::vector<MoveValue> out;
    for (Move m : moves) {
      g_.play(m);
      Undoer u{g_};
      out.push_back({m, solve()});
    }
    return out;
  }

  // Whether the legal move m keeps v, the proven value of the current state
  // (not over): with Black to move every child is at most v, so m keeps it
  // iff its child is "> v - 1"; with White, iff its child is "<= v". One
  // question at one point, where move_values() proves the child's exact
  // value from both sides (a losing move's value cost more than the root's
  // on japanese-2003 1x8: docs/solving.md section 4, "Session 31:
  // japanese-2003"). Decided by decide_above() on the same table.
  bool keeps_value(Move m, Value v) {
    BudgetScope scope(&budget_);
    const bool black = g_.to_move() == Color::Black;
    g_.play(m);
    Undoer u{g_};
    const std::int32_t a = black ? v.order - 1 : v.order;
    return decide_above(a, black) == black;
  }

  // A principal variation from the current state of exact value v.
  std::vector<Move> principal_variation(Value v) {
    BudgetScope scope(&budget_);
    std::vector<Move> pv, moves;
    struct Rewind {
      G& g;
      std::vector<Move>& pv;
      ~Rewind() {
        for (std::size_t i = 0; i < pv.size(); ++i) g.undo();
      }
    } rewind{g_, pv};
    while (!g_.is_over()) {
      moves.clear();
      g_.legal_moves(moves);
      bool found = false;
      for (Move m : moves) {
        g_.play(m);
        pv.push_back(m);
        if (solve() == v) {
          found = true;
          break;
        }
        pv.pop_back();
        g_.undo();
      }
      if (!found) throw std::logic_error("generic search: no move keeps the value (inconsistent search)");
    }
    return pv;
  }

  // Hook for a driver above the search (proof_number.hpp's leaves): one
  // null-window search (a, a + 1) of the current node to `horizon`, at most
  // `node_limit` nodes (0: none); the proven bounds under the current
  // history (the claim of search()), or nullopt where the limit stopped it.
  std::optional<std::pair<Value, Value>> horizon_test(std::int32_t a, int horizon, std::uint64_t node_limit) {
    BudgetScope scope(&budget_);
    if (g_.is_over()) return std::pair{g_.outcome(), g_.outcome()};
    test_limit_ = node_limit ? stats_.nodes + node_limit : 0;
    try {
      const Bounds r = search(a, a + 1, horizon, 0, 0);
      test_limit_ = 0;
      return std::pair{r.lo, r.hi};
    } catch (const TestBudgetSpent&) {
      test_limit_ = 0;
      return std::nullopt;
    }
  }

  const GenericStats& stats() const { return stats_; }
  std::uint64_t work() const { return budget_.used(); }

 private:
  struct Bounds {
    Value lo, hi;
  };
  struct Entry {
    Bounds b;
    Move best = Move::pass();
    std::uint64_t work = 0;  // nodes its proof took
    PackedFacts facts;  // (id, value when proved), sorted by id
  };
  struct KeyHash {
    std::size_t operator()(const std::vector<std::uint64_t>& k) const {
      std::uint64_t h = 0x243f6a8885a308d3ULL ^ k.size();
      for (std::uint64_t w : k) {
        h ^= w;
        h *= 0x9e3779b97f4a7c15ULL;
        h ^= h >> 29;
      }
      return static_cast<std::size_t>(h);
    }
  };
  struct Undoer {
    G& g;
    ~Undoer() { g.undo(); }
  };

  // Root driver: deepen the horizon; at each horizon, null-window tests
  // "value > lo" and "value < hi" until neither moves the bounds.
  Value solve() {
    test_limit_ = 0;  // (a limit's stop may have left one set)
    if (g_.is_over()) return g_.outcome();
    Bounds root{min_, max_};
    if constexpr (HasHistoryBounds<G>) {
      // (the driver's bounds only: search() and the table never see them)
      const auto [lo, hi] = g_.history_outcome_bounds();
      if (lo > root.lo) root.lo = lo;
      if (hi < root.hi) root.hi = hi;
      if (root.lo == root.hi) return root.lo;
    }
    // Deepening pays where a horizon node's bounds can decide something:
    // games with finite outcome bounds (kee-2005 chinese: 1x3 in 32,317
    // nodes deepening by 8 against 8,421,448 in one full-window search).
    // Without them (kee-2005 japanese, japanese-2003 without its node
    // bounds) a horizon node
    // decides nothing and one full-window search is far cheaper (kee-2005
    // japanese 1x3: 1,603,536 nodes against 13,431,590).
    const bool bounded = min_ > Value::minus_infinity() && max_ < Value::plus_infinity();
    // Node bounds (HasNodeBounds) give horizon nodes something to decide
    // with even where the root is unbounded (kee-2005 japanese 1x3: 4,822
    // nodes deepening by 4 against 168,745 in one full-window search), and
    // so do strategy bounds (HasStrategyBounds; japanese-2003 2x4: 4,312
    // nodes against 25,462,798).
    bool deepen = bounded;
    if constexpr (HasNodeBounds<G>) deepen = deepen || opt_.node_bounds;
    if constexpr (HasStrategyBounds<G>) deepen = deepen || opt_.node_bounds;
    if (opt_.deepening_step <= 0 || !deepen) {  // one full-window search to the end of every line
      ++stats_.iterations;
      root = search(min_.order - 1, max_.order + 1, 1 << 30, 0, 0);
      if (opt_.progress) print_profile();
      if (!(root.lo == root.hi)) throw std::logic_error("generic search: full-window search left the value open");
      return root.lo.kind == ValueKind::Unknown ? root.hi : root.lo;
    }
    const int step = opt_.deepening_step;
    // A side still unbounded (a game without outcome bounds) is tested at a
    // finite point `span` away from the other side or from 0, the span
    // doubling each iteration: a test at any point is a valid test.
    std::int32_t span = 64;
    // Aimed tests (GenericOptions::guess; docs/solving.md section 4,
    // "Session 25"): g in order units, and the test points that moved
    // nothing at the previous horizon.
    constexpr std::int32_t kNone = std::numeric_limits<std::int32_t>::min();
    std::int32_t g = kNone;
    if constexpr (HasOrderBoard<G>)
      if (opt_.guess)
        if (const std::optional<Value> v = opt_.guess(g_.position(), g_.to_move(), order_passes(g_)))
          if (*v >= root.lo && *v <= root.hi) g = v->order;  // (at an end too: session 33)
    std::int32_t prev_failed_lo = kNone, prev_failed_hi = kNone;
    const std::uint64_t deepen_start = stats_.nodes;
    for (int horizon = step;;
         horizon = horizon > (1 << 29) ? horizon : horizon + std::max(step, horizon * opt_.horizon_growth / 100),
             span = std::min(span * 2, 1 << 18)) {
      ++stats_.iterations;
      bool moved = true, aborted = false;
      std::int32_t failed_lo = kNone, failed_hi = kNone;  // tests that moved nothing here
      horizon_hit_ = false;
      while (moved && root.lo < root.hi) {
        moved = false;
        // Aimed: the test of g before the test beyond it (session 33: on
        // kee-2016 1x11 the lower test past g, run first at horizon 27,
        // took 54 M of 57 M nodes and failed; the upper test of g then
        // proved the value). Plain tests: lower first, as before.
        const int first = g != kNone && root.lo.order >= g && root.hi.order > g ? 1 : 0;
        for (int k = 0; k < 2 && root.lo < root.hi; ++k) {
          const int side = (first + k) % 2;
          const bool lo_known = root.lo > Value::minus_infinity(), hi_known = root.hi < Value::plus_infinity();
          // Lower test at a: "value > a"; upper test at a: "value <= a".
          std::int32_t a;
          if (side == 0) a = lo_known ? root.lo.order : (hi_known ? root.hi.order - 1 - span : -span);
          else a = hi_known ? root.hi.order - 1 : (lo_known ? root.lo.order + span : span);
          if (g != kNone && (g < root.lo.order || g > root.hi.order)) g = kNone;  // a wrong guess: plain tests
          if (g != kNone) {
            // "value >= g" (a = g - 1) and "value <= g" (a = g); once one
            // side has reached g, the test beyond it only after the other
            // side's test of g failed at the previous horizon (if g is the
            // value that test is false and costs a whole horizon).
            if (side == 0 ? root.lo.order < g : root.hi.order > g) a = side == 0 ? g - 1 : g;
            else if (side == 0 ? prev_failed_hi != g : prev_failed_lo != g - 1) continue;
          }
          std::int32_t& failed = side == 0 ? failed_lo : failed_hi;
          if (a == failed) continue;  // it would search the same unproven tree again
          test_limit_ = root_test_limit(deepen_start);
          Bounds r;
          try {
            r = search(a, a + 1, horizon, 0, side == 0 ? 1 : -1);
          } catch (const TestBudgetSpent&) {
            // Nothing proven at the root (the table keeps what was): this
            // horizon is incomplete, and the budget grows with the work.
            test_limit_ = 0;
            ++stats_.budget_stops;
            aborted = true;
            failed = a;
            if (opt_.progress)
              std::fprintf(stderr, "generic search: horizon %d, %s test at order %d: budget spent, %llu nodes\n", horizon,
                           side == 0 ? "lower" : "upper", a, static_cast<unsigned long long>(stats_.nodes));
            continue;
          }
          test_limit_ = 0;
          if (opt_.progress) {
            // work: what --node-limit counts (nodes plus the game's charged
            // work); cpu: this process's CPU seconds, to size work budgets.
            std::fprintf(stderr,
                         "generic search: horizon %d, %s test at order %d -> [%d, %d], %llu nodes, %zu entries, "
                         "work %llu, cpu %.1f s\n",
                         horizon, side == 0 ? "lower" : "upper", a, r.lo.order, r.hi.order,
                         static_cast<unsigned long long>(stats_.nodes), table_.size(),
                         static_cast<unsigned long long>(budget_.used()),
                         static_cast<double>(std::clock()) / CLOCKS_PER_SEC);
            print_profile();
          }
          const bool m = r.lo > root.lo || r.hi < root.hi;
          if (r.lo > root.lo) root.lo = r.lo;
          if (r.hi < root.hi) root.hi = r.hi;
          if (m) moved = true;
          else failed = a;
        }
      }
      prev_failed_lo = failed_lo;
      prev_failed_hi = failed_hi;
      if (root.lo == root.hi) return root.lo.kind == ValueKind::Unknown ? root.hi : root.lo;
      // Complete tests (no node at the horizon, none stopped by its budget)
      // decide their windows; the aimed rule runs a test at every horizon.
      if (!horizon_hit_ && !aborted) throw std::logic_error("generic search: complete search left the value undecided");
    }
  }
  struct TestBudgetSpent {};

  // Whether the value of the current state is > a: solve()'s deepening
  // with its two tests both at a, so that the first that decides (lo > a
  // or hi <= a) answers; lower_first: the lower test "value > a" first at
  // each horizon. Every bound a test returns is proven whatever its window
  // (as in solve()), so either test's answer is the answer.
  bool decide_above(std::int32_t a, bool lower_first) {
    test_limit_ = 0;
    if (g_.is_over()) return g_.outcome().order > a;
    if constexpr (HasHistoryBounds<G>) {
      const auto [lo, hi] = g_.history_outcome_bounds();
      if (lo.order > a) return true;
      if (hi.order <= a) return false;
    }
    // Deepening only where solve() deepens (the same rule, same reasons).
    bool deepen = min_ > Value::minus_infinity() && max_ < Value::plus_infinity();
    if constexpr (HasNodeBounds<G>) deepen = deepen || opt_.node_bounds;
    if constexpr (HasStrategyBounds<G>) deepen = deepen || opt_.node_bounds;
    if (opt_.deepening_step <= 0 || !deepen) {
      ++stats_.iterations;
      const Bounds r = search(a, a + 1, 1 << 30, 0, 0);
      if (r.lo.order > a) return true;
      if (r.hi.order <= a) return false;
      throw std::logic_error("generic search: full-window search left a null window undecided");
    }
    const int step = opt_.deepening_step;
    const std::uint64_t deepen_start = stats_.nodes;
    for (int horizon = step;;
         horizon = horizon > (1 << 29) ? horizon : horizon + std::max(step, horizon * opt_.horizon_growth / 100)) {
      ++stats_.iterations;
      horizon_hit_ = false;
      bool aborted = false;
      for (int k = 0; k < 2; ++k) {
        const bool lower = (k == 0) == lower_first;
        test_limit_ = root_test_limit(deepen_start);
        Bounds r;
        try {
          r = search(a, a + 1, horizon, 0, lower ? 1 : -1);
        } catch (const TestBudgetSpent&) {
          test_limit_ = 0;
          ++stats_.budget_stops;
          aborted = true;
          continue;
        }
        test_limit_ = 0;
        if (opt_.progress)
          std::fprintf(stderr,
                       "generic search: move test, horizon %d, %s test at order %d -> [%d, %d], %llu nodes, %zu "
                       "entries, work %llu, cpu %.1f s\n",
                       horizon, lower ? "lower" : "upper", a, r.lo.order, r.hi.order,
                       static_cast<unsigned long long>(stats_.nodes), table_.size(),
                       static_cast<unsigned long long>(budget_.used()),
                       static_cast<double>(std::clock()) / CLOCKS_PER_SEC);
        if (r.lo.order > a) return true;
        if (r.hi.order <= a) return false;
      }
      if (!horizon_hit_ && !aborted) throw std::logic_error("generic search: complete search left a null window undecided");
    }
  }

  // Proven bounds of the current node. The exclusive window (alpha, beta)
  // only decides where to stop; every bound returned is proven, with the
  // facts it rests on left in facts_[ply]. test = 1: a lower test (is the
  // value >= beta?): a White node gives up at its first child that the
  // horizon left undecided, since White's bound "over all moves" cannot be
  // formed then; test = -1: an upper test, the mirror image for Black.
  Bounds search(std::int32_t alpha, std::int32_t beta, int depth, int ply, int test) {
    budget_.charge(1);
    if ((ply & 63) == 0 && stack_near_end()) throw NodeLimitReached(kStackLimitMessage);
    if (test_limit_ && stats_.nodes >= test_limit_) throw TestBudgetSpent{};  // (GenericOptions::test_budget)
    ++stats_.nodes;
    ++stats_.ply_buckets[GenericStats::bucket_of(ply)];
    if (static_cast<std::uint64_t>(ply) > stats_.max_ply) stats_.max_ply = ply;
    if constexpr (HasCycleProbe<G>)
      if (g_.in_cycle()) ++stats_.cycle_nodes;
    std::vector<std::uint64_t>& facts = level(facts_, ply);
    facts.clear();
    if (g_.is_over()) {
      g_.current_facts(facts);
      if constexpr (HasTerminalBounds<G>)
        if (opt_.node_bounds) {
          const auto [lo, hi] = g_.terminal_bounds(alpha, beta);
          return {lo, hi};
        }
      const Value v = g_.outcome();
      return {v, v};
    }
    Bounds b{min_, max_};
    if constexpr (HasNodeBounds<G>) {
      // Bounds on every outcome below, for every history: no facts.
      if (opt_.node_bounds) {
        const auto [lo, hi] = g_.node_outcome_bounds();
        b.lo = std::max(b.lo, lo);
        b.hi = std::min(b.hi, hi);
        if (b.lo == b.hi || b.lo.order >= beta || b.hi.order <= alpha) {
          ++stats_.bound_cutoffs;
          // No facts for the bounds, but D always holds this node's own
          // (the legality of the move that led here, which the parent's
          // one-child bound drops from its own list): without them a
          // bound chosen through this move leaked into histories where
          // the move is illegal (international 2x2, one table).
          g_.current_facts(facts);
          return b;
        }
      }
    }
    // The bounds that need no facts (outcome and node bounds), before the
    // table's: the entry's facts are dropped where these prove as much
    // (GenericOptions::drop_unused_entry_facts).
    const Bounds b_free = b;
    // Table: the bounds of an entry whose facts hold now.
    std::vector<std::uint64_t>& key = level(keys_, ply);
    key.clear();
    g_.search_key(key);
    // The frame (HasKeySymmetry): stored facts and moves are those of the
    // image of this node's history under it; `back` maps them to this one.
    int frame = 0, back = 0;
    if constexpr (HasKeySymmetry<G>) {
      frame = g_.symmetric_key(key);
      back = frame ? g_.inverse_frame(frame) : 0;
      if (frame) ++stats_.symmetric_keys;
    }
    ++stats_.probes;
    Move hint = Move::play(-1);
    auto it = table_.find(key);
    const Entry* held = nullptr;
    if (it != table_.end())
      for (const Entry& e : it->second)
        if (holds(e, back)) {
          held = &e;
          break;
        }
    if (held) {
      const Bounds e = shifted(held->b, shift());
      b.lo = std::max(b.lo, e.lo);
      b.hi = std::min(b.hi, e.hi);
      hint = unmap_move(held->best, back);
      if (back)
        for (const auto& f : held->facts) facts.push_back(unmap(f.first, back));
      else
        append_ids(facts, held->facts);
    }
    if constexpr (HasFactSides<G>) {
      // One side of an entry whose facts moved only the harmless way for
      // it (docs/solving.md section 4, "kee-2005: facts that agree in one
      // direction"); used only where it decides the node, so that its facts
      // never weigh on a bound that does not need them.
      if (opt_.fact_sides && it != table_.end() && !(b.lo == b.hi || b.lo.order >= beta || b.hi.order <= alpha))
        for (const Entry& e : it->second) {
          if (&e == held) continue;
          const Bounds eb = shifted(e.b, shift());
          const bool lo_cuts = eb.lo.order >= beta || std::max(b.lo, eb.lo) == b.hi;
          const bool hi_cuts = eb.hi.order <= alpha || std::min(b.hi, eb.hi) == b.lo;
          if (!lo_cuts && !hi_cuts) continue;
          const auto [lo_ok, hi_ok] = holds_sides(e, back, lo_cuts, hi_cuts);
          if ((lo_cuts && lo_ok) || (hi_cuts && hi_ok)) {
            if (lo_cuts && lo_ok) b.lo = std::max(b.lo, eb.lo);
            else b.hi = std::min(b.hi, eb.hi);
            if (back)
              for (const auto& f : e.facts) facts.push_back(unmap(f.first, back));
            else
              append_ids(facts, e.facts);
            ++stats_.one_sided;
            held = &e;
            break;
          }
        }
    }
    if (!held && it != table_.end()) {
      ++stats_.rejected;
      if constexpr (HasFactKind<G>)
        if (opt_.progress)
          for (const Entry& e : it->second)
            for (const auto& [stored, v] : e.facts) {
              const std::uint64_t id = unmap(stored, back);
              if (id == kUnmappedFact) break;
              if (g_.fact(id) != v) {
                ++stats_.rejected_by_kind[static_cast<std::size_t>(g_.fact_kind(id)) & 7];
                break;
              }
            }
    }
    if (held) {
      ++stats_.hits;
      if (b.lo == b.hi || b.lo.order >= beta || b.hi.order <= alpha) {
        ++stats_.cutoffs;
        // This node's own facts, as at every other return: the parent's
        // one-child bound rests on them at its own values (the legality of
        // the move that led here). An entry's list held them until
        // drop_vacuous_facts, which drops them where they are vacuous at
        // the storing node (always, for the board's own presence); without
        // it they are in the list already (only there, so that the other
        // rulesets' node counts stay as they were).
        if (opt_.drop_vacuous_facts) g_.current_facts(facts);
        return b;
      }
    }
    // Strategy bounds (HasStrategyBounds): costly, so only where the table
    // did not decide the node. Their facts join this node's only where a
    // bound returned rests on them (b0: the bounds without them).
    const Bounds b0 = b;
    std::vector<std::uint64_t>& strategy = level(strategy_facts_, ply);
    strategy.clear();
    bool by_strategy = false;
    if constexpr (HasStrategyBounds<G>) {
      if (opt_.node_bounds) {
        const auto [lo, hi] = g_.strategy_bounds(b.lo.order, b.hi.order, beta, strategy);
        if (lo > b.lo || hi < b.hi) {
          by_strategy = true;
          ++stats_.strategy_bounds;
          b.lo = std::max(b.lo, lo);
          b.hi = std::min(b.hi, hi);
          if (b.hi < b.lo) throw std::logic_error("generic search: strategy bounds cross the proven bounds");
          if (b.lo == b.hi || b.lo.order >= beta || b.hi.order <= alpha) {
            ++stats_.bound_cutoffs;
            facts.insert(facts.end(), strategy.begin(), strategy.end());
            g_.current_facts(facts);  // this node's own, as above
            return b;
          }
        }
      }
    }
    const std::uint64_t nodes_before = stats_.nodes;
    if (depth <= 0) {
      ++stats_.horizon_nodes;
      horizon_hit_ = true;
      if (by_strategy) facts.insert(facts.end(), strategy.begin(), strategy.end());
      g_.current_facts(facts);  // this node's own, as above
      return b;  // what is known here, with the facts it rests on
    }
    std::vector<Move>& moves = level(moves_, ply);
    moves.clear();
    // facts: [0, own) the entry's, [own, mid) the moves' legality and
    // ends, [mid, ...) this node's own (whether it is not over yet).
    const std::size_t own = facts.size();
    g_.legal_moves_with_facts(moves, facts);
    const std::size_t mid = facts.size();
    g_.current_facts(facts);
    const std::size_t kids = facts.size();  // [kids, ...): the children's, in search order
    const bool black = g_.to_move() == Color::Black;
    // Order: the entry's best move, then by the history heuristic (moves
    // that caused cut-offs before, weighted toward shallow ones).
    // With GenericOptions::order, the retrograde score comes between the two.
    const int side = black ? 0 : 1;
    if (order_moves(opt_.order.get(), g_, moves, hint, [&](Move m) { return history_[side][slot_of(m)]; },
                    level(order_scratch_, ply)))
      ++stats_.retro_ordered;
    else
      std::stable_sort(moves.begin(), moves.end(), [&](Move x, Move y) {
        if (x == hint || y == hint) return x == hint && !(y == hint);
        return history_[side][slot_of(x)] > history_[side][slot_of(y)];
      });
    // Black: lo from the best child so far, hi from every child once all are
    // searched; White: the mirror image.
    Value best = black ? Value::minus_infinity() : Value::plus_infinity();
    Value other = black ? Value::minus_infinity() : Value::plus_infinity();
    Move best_move = moves.empty() ? Move::pass() : moves.front();
    bool cut = false, give_up = false;
    for (Move m : moves) {
      Bounds c;
      {
        g_.play(m);
        Undoer u{g_};
        const std::int32_t ca = black ? std::max(alpha, std::max(b.lo, best).order) : alpha;
        const std::int32_t cb = black ? beta : std::min(beta, std::min(b.hi, best).order);
        c = search(ca, cb, depth - 1, ply + 1, test);
      }
      const std::vector<std::uint64_t>& child = facts_[ply + 1];
      if (black ? c.lo > best : c.hi < best) best = black ? c.lo : c.hi, best_move = m;
      if (black ? c.hi > other : c.lo < other) other = black ? c.hi : c.lo;
      if (black ? best.order >= beta || best >= max_ : best.order <= alpha || best <= min_) {
        // This side's bound rests on this child alone (the child's own
        // facts include what made the move legal and what did not end the
        // game there), this node's own facts, and the entry whose other
        // bound is kept (measured: dropping it and its facts, as section 1
        // does, cost japanese-2003 2x3 1,175,107 nodes against 677,343).
        // Not the facts of the children searched before this one (this
        // child alone raised the bound past the window): keeping them made
        // international 1x5 take over 3 M nodes against 3,713.
        facts.resize(kids);
        facts.erase(facts.begin() + own, facts.begin() + mid);
        facts.insert(facts.end(), child.begin(), child.end());
        history_[side][slot_of(m)] += 1 + (64 - std::min(ply, 63));
        cut = true;
        break;
      }
      facts.insert(facts.end(), child.begin(), child.end());
      if (test == (black ? -1 : 1) && c.lo.order < beta && c.hi.order > alpha) {
        give_up = true;  // the one-sided bound over all moves is out of reach at this horizon
        break;
      }
    }
    auto result = [&](const Bounds& from) {
      if (cut || give_up) {
        // Only this side's bound from the children searched (one child
        // suffices for it); the other side's from the entry, whose facts stay.
        return black ? Bounds{std::max(from.lo, best), from.hi} : Bounds{from.lo, std::min(from.hi, best)};
      }
      if (moves.empty()) return from;  // no move (a game model that allows it): nothing proven
      return black ? Bounds{std::max(from.lo, best), std::min(from.hi, other)}
                   : Bounds{std::max(from.lo, other), std::min(from.hi, best)};
    };
    const Bounds r = result(b);
    if (r.hi < r.lo) throw std::logic_error("generic search: crossed bounds");
    if (by_strategy) {
      // Every child bound is proven whatever the window it was searched
      // with, so the same bounds formed without the strategy bounds are
      // proven too; where they are as good, the strategy's facts are not
      // needed.
      const Bounds r0 = result(b0);
      if (!(r0.lo == r.lo && r0.hi == r.hi)) facts.insert(facts.end(), strategy.begin(), strategy.end());
    } else if (opt_.drop_unused_entry_facts && own > 0) {
      // The same argument for the table entry read above: its facts are
      // [0, own), and where the bounds formed from the children and the
      // fact-free bounds alone equal r, r does not rest on the entry.
      const Bounds rf = result(b_free);
      if (rf.lo == r.lo && rf.hi == r.hi) {
        facts.erase(facts.begin(), facts.begin() + static_cast<std::ptrdiff_t>(own));
        ++stats_.entry_facts_dropped;
      }
    }
    store(key, r, best_move, facts, stats_.nodes - nodes_before, frame, back, r.lo > b_free.lo, r.hi < b_free.hi);
    return r;
  }

  // The profile so far on stderr (--progress).
  void print_profile() const {
    auto u = [](std::uint64_t x) { return static_cast<unsigned long long>(x); };
    std::fprintf(stderr,
                 "  profile: probes %llu hits %llu (cut-offs %llu) rejected %llu stores %llu clears %llu cycle-nodes %llu "
                 "max-ply %llu bound-cut-offs %llu strategy-bounds %llu one-sided %llu symmetric-keys %llu stored-ids %llu "
                 "of %llu\n  nodes by ply:",
                 u(stats_.probes), u(stats_.hits), u(stats_.cutoffs), u(stats_.rejected), u(stats_.stores),
                 u(stats_.clears), u(stats_.cycle_nodes), u(stats_.max_ply), u(stats_.bound_cutoffs), u(stats_.strategy_bounds),
                 u(stats_.one_sided), u(stats_.symmetric_keys), u(stats_.store_ids_out), u(stats_.store_ids_in));
    for (int i = 0; i < 24; ++i)
      if (stats_.ply_buckets[i]) std::fprintf(stderr, " [%d,%d) %llu", i ? 4 << i : 0, 8 << i, u(stats_.ply_buckets[i]));
    std::fprintf(stderr, "\n");
    if (stats_.entry_facts_dropped)
      std::fprintf(stderr, "  entry facts dropped %llu\n", u(stats_.entry_facts_dropped));
    if (stats_.stores)
      std::fprintf(stderr, "  stored pairs %llu (%.1f per store), vacuous ids dropped %llu, fact-free results unstored %llu\n",
                   u(stats_.stored_pairs), static_cast<double>(stats_.stored_pairs) / static_cast<double>(stats_.stores),
                   u(stats_.vacuous_dropped), u(stats_.fact_free_results));
    if constexpr (HasFactKind<G>) {
      std::fprintf(stderr, "  rejected entries by first differing fact (%s):", G::kFactKindNames);
      for (std::uint64_t c : stats_.rejected_by_kind) std::fprintf(stderr, " %llu", u(c));
      std::fprintf(stderr, "\n");
    }
  }

  std::int32_t shift() const {
    if constexpr (HasKeyShift<G>) return g_.key_shift();
    return 0;
  }
  // Scores move by the shift; the open ends (minus/plus infinity) do not.
  static Bounds shifted(Bounds b, std::int32_t by) {
    if (b.lo.is_score()) b.lo.order += by;
    if (b.hi.is_score()) b.hi.order += by;
    return b;
  }

  // A stored fact id (or move) in the current node's terms, `back` the
  // inverse of its frame (HasKeySymmetry); kUnmappedFact: none.
  static constexpr std::uint64_t kUnmappedFact = ~std::uint64_t{0};
  std::uint64_t unmap(std::uint64_t id, int back) const {
    if constexpr (HasKeySymmetry<G>) {
      static_assert(G::kUnmapped == kUnmappedFact);
      if (back) return g_.map_fact(id, back);
    }
    return id;
  }
  Move unmap_move(Move m, int back) const {
    if constexpr (HasKeySymmetry<G>)
      if (back) return g_.map_move(m, back);
    return m;
  }

  // The ids of an entry's facts, appended (one resize: a hit's list is
  // tens to hundreds of ids, and push_back per id was 8% of international
  // 1x8's instructions).
  static void append_ids(std::vector<std::uint64_t>& to, const PackedFacts& from) {
    std::size_t at = to.size();
    to.resize(at + from.size());
    std::uint64_t* out = to.data() + at;
    from.every([&](std::uint64_t id, std::int64_t) {
      *out++ = id;
      return true;
    });
  }

  bool holds(const Entry& e, int back) const {
    return e.facts.every([&](std::uint64_t stored, std::int64_t v) {
      const std::uint64_t id = unmap(stored, back);
      return id != kUnmappedFact && g_.fact(id) == v;
    });
  }
  // holds(e), reading the current value of an id from `known` (pairs
  // (id, fact(id)) sorted by id: store()'s) where it is there and from the
  // game elsewhere: the same answer with fewer fact() calls, since a way of
  // the key being stored mostly rests on the same facts as the new proof.
  bool holds_known(const Entry& e, const std::vector<std::pair<std::uint64_t, std::int64_t>>& known) const {
    auto k = known.begin();
    return e.facts.every([&](std::uint64_t id, std::int64_t v) {
      while (k != known.end() && k->first < id) ++k;
      const std::int64_t now = k != known.end() && k->first == id ? k->second : g_.fact(id);
      return now == v;
    });
  }
  // Whether the entry's lower and upper bounds hold now (HasFactSides).
  // Only the sides asked for (want_lo, want_hi) are decided; a side not
  // asked for comes back false unread, so the walk over the facts stops
  // once every side asked for has failed (the search asks only for the
  // sides that would cut: ikeda-1 1x7 spent a fifth of its instructions
  // deciding both; docs/solving.md section 4, "Session 28").
  std::pair<bool, bool> holds_sides(const Entry& e, int back, bool want_lo = true, bool want_hi = true) const {
    if constexpr (HasFactSides<G>) {
      if (!opt_.fact_sides) {
        const bool h = holds(e, back);
        return {h && want_lo, h && want_hi};
      }
      bool lo_ok = want_lo, hi_ok = want_hi;
      e.facts.every([&](std::uint64_t stored, std::int64_t v) {
        if (!lo_ok && !hi_ok) return false;
        const std::uint64_t id = unmap(stored, back);
        if (id == kUnmappedFact) {
          lo_ok = hi_ok = false;
          return false;
        }
        const std::int64_t now = g_.fact(id);
        if (now == v) return true;
        const int side = g_.fact_side(id);
        // side * (now - v) < 0: Black keeps his moves / White gains none.
        const std::int64_t d = side * (now - v);
        if (side == 0 || d > 0) lo_ok = false;
        if (side == 0 || d < 0) hi_ok = false;
        return true;
      });
      return {lo_ok, hi_ok};
    } else {
      const bool h = holds(e, back);
      return {h && want_lo, h && want_hi};
    }
  }

  // frame: the node's frame (HasKeySymmetry), back its inverse; the facts
  // are valued and reduced here, then stored mapped into the frame.
  // keep_lo, keep_hi: whether r's lower (upper) bound is tighter than the
  // fact-free bounds, i.e. rests on facts (drop_vacuous_facts).
  void store(const std::vector<std::uint64_t>& key, const Bounds& r, Move best, std::vector<std::uint64_t>& facts,
             std::uint64_t work, int frame, int back, bool keep_lo, bool keep_hi) {
    if (work < opt_.min_store_work) return;
    if constexpr (HasFactRange<G>)
      if (opt_.drop_vacuous_facts && !keep_lo && !keep_hi) {
        // Nothing proven beyond the fact-free bounds, which hold under
        // every history with the key: the parent needs only this node's
        // own facts, and the result is not stored (it would only give a
        // move hint, and as a way that holds under every history it
        // displaced proofs: international 1x7, 349,785 nodes stored,
        // 64,341 not; docs/solving.md section 4, "Session 31").
        const std::size_t n = facts.size();
        facts.clear();
        g_.current_facts(facts);
        stats_.vacuous_dropped += n > facts.size() ? n - facts.size() : 0;
        ++stats_.fact_free_results;
        return;
      }
    sort_unique(facts);
    std::size_t fact_bytes = 0;
    if constexpr (HasFactMemory<G>) fact_bytes = g_.fact_bytes();
    if (table_.size() >= opt_.max_entries || bytes_ + fact_bytes > (opt_.max_megabytes << 20)) {
      bool pruned = false;
      if constexpr (!HasFactMemory<G>)
        if (opt_.prune_when_full) pruned = prune();
      if (!pruned) {
        table_.clear();
        bytes_ = 0;
        if constexpr (HasFactMemory<G>) g_.clear_fact_values();
      }
      ++stats_.clears;
    }
    // The values after any clear (interned values are renumbered by it).
    std::vector<std::pair<std::uint64_t, std::int64_t>>& valued = valued_;
    valued.clear();
    for (std::uint64_t id : facts) valued.push_back({id, g_.fact(id)});
    if constexpr (HasFactRange<G>)
      if (opt_.drop_vacuous_facts && !(keep_lo && keep_hi)) drop_vacuous(facts, valued, keep_lo, keep_hi);
    if constexpr (HasFactReduction<G>) g_.reduce_facts(valued);
    if (valued.size() > opt_.max_facts) {
      ++stats_.unstorable;
      return;
    }
    if constexpr (HasKeySymmetry<G>) {
      if (frame) {
        for (auto& f : valued) {
          f.first = g_.map_fact(f.first, frame);
          if (f.first == kUnmappedFact) {  // (a family fact: no image)
            ++stats_.unstorable;
            return;
          }
        }
        std::sort(valued.begin(), valued.end());
        best = g_.map_move(best, frame);
      }
    }
    // Up to kWays entries per key, proved under different histories: one
    // that holds now is superseded (the new bounds started from it), else
    // a free way, else the one that took the fewest nodes to prove.
    auto [slot, fresh] = table_.try_emplace(key);
    std::vector<Entry>& ways = slot->second;
    if (fresh) bytes_ += key_bytes(key);
    Entry* victim = nullptr;
    for (Entry& w : ways)
      // (holds_known reads ids in the node's frame: with a symmetry the
      // stored ids are in the key's frame, so they are mapped back one by one.)
      if (back ? holds(w, back) : holds_known(w, valued)) {
        victim = &w;
        break;
      }
    if (!victim && ways.size() < kWays) {
      victim = &ways.emplace_back();
      bytes_ += sizeof(Entry);
    }
    if (!victim) {
      victim = &ways[0];
      for (Entry& w : ways)
        if (w.work < victim->work) victim = &w;
    }
    Entry& e = *victim;
    e.work = work;
    e.b = shifted(r, -shift());
    e.best = best;
    bytes_ -= e.facts.heap_bytes();
    e.facts.assign(valued);
    bytes_ += e.facts.heap_bytes();
    ++stats_.stores;
    stats_.stored_pairs += valued.size();
  }

  // GenericOptions::drop_vacuous_facts (docs/solving.md section 4, "Session
  // 31"): of the sorted unique ids `facts` and their values now (`valued`,
  // the same order), drops those whose relation for every kept bound holds
  // under every history: for the lower bound a +1 fact at the greatest value
  // of its range or a -1 fact at the least (H' <=_lo H asks "now <= stored"
  // of the first and "now >= stored" of the second), the mirror for the
  // upper bound; a fact without a side only when neither bound is kept. The
  // node's own facts (current_facts) stay in `facts`, the list its parent
  // reads: the parent's bound rests on them at the parent's values (the
  // legality of the move that led here), which may differ from ours.
  void drop_vacuous(std::vector<std::uint64_t>& facts, std::vector<std::pair<std::uint64_t, std::int64_t>>& valued,
                    bool keep_lo, bool keep_hi) {
    std::vector<std::uint64_t>& own = own_scratch_;
    own.clear();
    g_.current_facts(own);
    std::size_t kept_ids = 0, kept_pairs = 0;
    for (std::size_t i = 0; i < valued.size(); ++i) {
      const auto [id, v] = valued[i];
      const int side = g_.fact_side(id);
      bool vacuous = !keep_lo && !keep_hi;
      if (side != 0 && !vacuous) {
        const auto [least, greatest] = g_.fact_range(id);
        const bool lo_free = v == (side > 0 ? greatest : least), hi_free = v == (side > 0 ? least : greatest);
        vacuous = (!keep_lo || lo_free) && (!keep_hi || hi_free);
      }
      if (!vacuous) valued[kept_pairs++] = valued[i];
      if (!vacuous || std::find(own.begin(), own.end(), id) != own.end()) facts[kept_ids++] = id;
    }
    stats_.vacuous_dropped += valued.size() - kept_pairs;
    valued.resize(kept_pairs);
    facts.resize(kept_ids);
  }

  // The table's memory as store() counts it: per key the hash node and the
  // key's words, per way the entry and its facts.
  std::size_t way_bytes(const Entry& e) const { return sizeof(Entry) + e.facts.heap_bytes(); }
  std::size_t key_bytes(const std::vector<std::uint64_t>& key) const {
    return kNodeBytes + key.size() * sizeof(std::uint64_t);
  }

  // GenericOptions::prune_when_full: keeps the ways whose proofs took at
  // least 2^t nodes, t the least power for which they fit in half of both
  // caps, and drops the rest (and keys left without a way). A function of
  // the table's contents alone, so node counts stay deterministic. False
  // (nothing changed) where only the empty table fits.
  bool prune() {
    constexpr int kBuckets = 65;
    auto bucket = [](std::uint64_t work) { return work ? 64 - std::countl_zero(work) : 0; };  // floor(log2) + 1
    std::array<std::size_t, kBuckets> bytes{}, ways{};
    for (const auto& [key, entries] : table_)
      for (const Entry& e : entries) {
        bytes[bucket(e.work)] += way_bytes(e) + key_bytes(key);  // (a key's bytes counted per way: an upper bound)
        ++ways[bucket(e.work)];
      }
    const std::size_t cap_bytes = (opt_.max_megabytes << 20) / 2, cap_entries = opt_.max_entries / 2;
    int t = kBuckets;
    std::size_t kept_bytes = 0, kept_ways = 0;
    while (t > 0 && kept_bytes + bytes[t - 1] <= cap_bytes && kept_ways + ways[t - 1] <= cap_entries) {
      --t;
      kept_bytes += bytes[t];
      kept_ways += ways[t];
    }
    if (t >= kBuckets || kept_ways == 0) return false;
    bytes_ = 0;
    for (auto it = table_.begin(); it != table_.end();) {
      std::vector<Entry>& entries = it->second;
      std::erase_if(entries, [&](const Entry& e) { return bucket(e.work) < t; });
      if (entries.empty()) {
        it = table_.erase(it);
        continue;
      }
      bytes_ += key_bytes(it->first);
      for (const Entry& e : entries) bytes_ += way_bytes(e);
      ++it;
    }
    ++stats_.prunes;
    return true;
  }

  // facts sorted with duplicates removed: the result of std::sort and
  // std::unique, computed from the list's sorted runs. A node's list is
  // its own few facts followed by its children's lists, each already sorted
  // and unique (the child's store() left it so), with many ids in common:
  // merging the runs pairwise with set_union costs O(n log runs) and drops
  // the common ids at the first merge, where sorting the whole list was
  // over half of the search's instructions (international 1x8 and kee-2016
  // 1x9; docs/solving.md section 4, "Session 28"). Lists of many short runs
  // (no such structure) are sorted.
  void sort_unique(std::vector<std::uint64_t>& v) {
    const std::size_t n = v.size();
    std::vector<std::size_t>& runs = run_starts_;
    runs.clear();
    for (std::size_t i = 0; i < n; ++i)
      if (i == 0 || v[i] < v[i - 1]) runs.push_back(i);
    if (runs.size() > 1 && runs.size() * 8 > n) {
      std::sort(v.begin(), v.end());
    } else {
      runs.push_back(n);
      std::vector<std::uint64_t>& buf = merge_buf_;
      std::vector<std::size_t>& next = run_next_;
      // Bottom-up: merge runs 2k and 2k+1 into buf, then swap; the runs'
      // bounds in buf are the merged lengths.
      // (buf never shrinks: growing it zero-fills, and v's own length is
      // set once at the end.)
      std::size_t len = n;
      while (runs.size() > 2) {
        if (buf.size() < len) buf.resize(len);
        next.clear();
        std::size_t out = 0;
        for (std::size_t r = 0; r + 1 < runs.size(); r += 2) {
          next.push_back(out);
          const auto a = v.begin() + static_cast<std::ptrdiff_t>(runs[r]);
          const auto b = v.begin() + static_cast<std::ptrdiff_t>(runs[r + 1]);
          if (r + 2 < runs.size()) {
            const auto c = v.begin() + static_cast<std::ptrdiff_t>(runs[r + 2]);
            out = static_cast<std::size_t>(std::set_union(a, b, b, c, buf.begin() + static_cast<std::ptrdiff_t>(out)) -
                                           buf.begin());
          } else {
            out = static_cast<std::size_t>(std::copy(a, b, buf.begin() + static_cast<std::ptrdiff_t>(out)) - buf.begin());
          }
        }
        next.push_back(out);
        len = out;
        v.swap(buf);
        runs.swap(next);
      }
      v.resize(len);
    }
    stats_.store_ids_in += n;
    v.erase(std::unique(v.begin(), v.end()), v.end());
    stats_.store_ids_out += v.size();
  }

  static int slot_of(Move m) { return m.kind == MoveKind::Play ? m.point + 8 : static_cast<int>(m.kind); }

  template <class T>
  static T& level(std::deque<T>& d, int ply) {
    while (d.size() <= static_cast<std::size_t>(ply)) d.emplace_back();
    return d[ply];
  }

  G& g_;
  GenericOptions opt_;
  Budget budget_;
  Value min_ = Value::minus_infinity(), max_ = Value::plus_infinity();
  GenericStats stats_;
  bool horizon_hit_ = false;
  std::uint64_t test_limit_ = 0;  // the running root test's node budget (0: none)
  // --test-budget: a root test stops past this node count, the factor
  // times the deepening's nodes so far (at least test_budget_min); 0: none.
  std::uint64_t root_test_limit(std::uint64_t deepen_start) const {
    if (opt_.test_budget <= 0) return 0;
    return stats_.nodes + std::max<std::uint64_t>(opt_.test_budget_min,
                                                  static_cast<std::uint64_t>(opt_.test_budget *
                                                                             static_cast<double>(stats_.nodes - deepen_start)));
  }
  std::array<std::array<std::uint32_t, 72>, 2> history_{};
  static constexpr std::size_t kWays = 4;
  // Per key: the hash node, the key's own heap block and the ways vector.
  static constexpr std::size_t kNodeBytes = 112;
  std::size_t bytes_ = 0;
  std::unordered_map<std::vector<std::uint64_t>, std::vector<Entry>, KeyHash> table_;
  std::deque<std::vector<std::uint64_t>> facts_, keys_, strategy_facts_;
  std::vector<std::pair<std::uint64_t, std::int64_t>> valued_;  // store()'s scratch
  std::vector<std::uint64_t> merge_buf_;                           // sort_unique's scratch
  std::vector<std::uint64_t> own_scratch_;                         // drop_vacuous's scratch
  std::vector<std::size_t> run_starts_, run_next_;
  std::deque<std::vector<Move>> moves_;
  std::deque<std::vector<std::pair<std::uint32_t, Move>>> order_scratch_;  // order_moves' per ply
};

}  // namespace gotb::search
