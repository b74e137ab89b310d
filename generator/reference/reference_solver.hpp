// The reference solver: exact minimax over full game histories.
//
// It plays the game object literally (every legal move, the real history)
// with fail-soft alpha-beta, which never changes the minimax value.
//
// Its only cache is history-safe by construction (docs/solving.md). A game
// that offers it names, besides a state key (board, player to move, pass
// count), the set of earlier situations as a bitset H, and reports which
// situations' membership in H decided the legality of moves at a node. The
// search accumulates those situations over a subtree into a dependency set
// V. A bound proved for the subtree relied on H only through H & V, so it
// holds for any later visit of the same state whose history H' has
// H' & V == H & V: every legality decision inside the proof is the same.
// The table is lossy (entries may be overwritten); every hit compares the
// full state key and the dependency bits.
#pragma once

#include <algorithm>
#include <array>
#include <chrono>
#include <concepts>
#include <cstdint>
#include <cstdlib>
#include <deque>
#include <memory>
#include <new>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/budget.hpp"
#include "core/stack_guard.hpp"
#include "core/color.hpp"
#include "core/move.hpp"
#include "core/value.hpp"

namespace gotb {

template <class G>
concept ReferenceGame = requires(G& g, const G& cg, Move m, std::vector<Move>& moves) {
  { cg.is_over() } -> std::same_as<bool>;
  { cg.outcome() } -> std::same_as<Value>;
  { cg.to_move() } -> std::same_as<Color>;
  cg.legal_moves(moves);
  g.play(m);
  g.undo();
  { cg.move_name(m) } -> std::convertible_to<std::string>;
};

// A game that reports its history dependencies (see the file comment).
template <class G>
concept HasHistoryDependencies = requires(const G& cg, std::vector<Move>& moves, std::uint64_t* examined) {
  { cg.state_key() } -> std::same_as<typename G::StateKey>;
  { cg.dependency_words() } -> std::convertible_to<int>;
  { cg.history_bits() } -> std::same_as<const std::uint64_t*>;
  cg.legal_moves(moves, examined);
  cg.mark_current_situation(examined);
};

// A game that knows bounds on its outcomes.
template <class G>
concept HasOutcomeBounds = requires(const G& cg) {
  { cg.min_outcome() } -> std::same_as<Value>;
  { cg.max_outcome() } -> std::same_as<Value>;
};

// A search that exceeds its node or time budget throws NodeLimitReached
// (core/budget.hpp); nothing it computed is used.

struct ReferenceOptions {
  bool memo = true;                       // use the dependency cache when the game offers it
  // Both limits count all the solver's calls together, and include the work
  // the game model charges to the budget inside nodes (core/budget.hpp).
  std::uint64_t node_limit = 0;           // 0 = unlimited
  double time_limit = 0;                  // seconds of wall time from construction; 0 = unlimited
  std::size_t memo_megabytes = 512;       // cache size cap
  int max_dependency_words = 1024;        // larger situation spaces run without cache
  // Every outcome lies in [lower, upper]; narrowed from the game's own
  // min_outcome()/max_outcome() when it has them.
  Value lower = Value::minus_infinity();
  Value upper = Value::plus_infinity();
};

namespace detail {
template <class G>
struct StateKeyOf {
  using type = std::array<std::uint64_t, 1>;
};
template <HasHistoryDependencies G>
struct StateKeyOf<G> {
  using type = typename G::StateKey;
};
}  // namespace detail

template <ReferenceGame G>
class ReferenceSolver {
 public:
  struct MoveValue {
    Move move;
    Value value;
  };

  ReferenceSolver(G& game, ReferenceOptions opt)
      : g_(game), opt_(opt), budget_(opt.node_limit, opt.time_limit) {
    if constexpr (HasOutcomeBounds<G>) {
      opt_.lower = std::max(opt_.lower, g_.min_outcome());
      opt_.upper = std::min(opt_.upper, g_.max_outcome());
    }
    if constexpr (HasHistoryDependencies<G>) {
      int w = g_.dependency_words();
      if (opt_.memo && w > 0 && w <= opt_.max_dependency_words) {
        words_ = w;
        std::size_t entry_bytes = sizeof(Slot) + 2 * sizeof(std::uint64_t) * w;
        std::size_t cap = opt_.memo_megabytes * (std::size_t{1} << 20) / entry_bytes;
        // A few hundred entries per situation are plenty.
        cap = std::min(cap, std::size_t{256} * 64 * static_cast<std::size_t>(w));
        std::size_t buckets = 1;
        while (buckets * 2 * kWays <= cap) buckets *= 2;
        nslots_ = buckets * kWays;
        // calloc: the OS hands out zero pages lazily, so a large table costs
        // nothing until it is used (all-zero bytes are an unused Slot).
        slots_.reset(static_cast<Slot*>(std::calloc(nslots_, sizeof(Slot))));
        bits_.reset(static_cast<std::uint64_t*>(std::calloc(nslots_ * 2 * w, sizeof(std::uint64_t))));
        if (!slots_ || !bits_) throw std::bad_alloc();
      }
    }
  }

  // Exact value of the game's current state.
  Value value() {
    BudgetScope scope(&budget_);
    return search(opt_.lower.order - 1, opt_.upper.order + 1, 0);
  }

  // Fail-soft search with exclusive window (alpha, beta) on `order`.
  Value window(std::int32_t alpha, std::int32_t beta) {
    BudgetScope scope(&budget_);
    return search(alpha, beta, 0);
  }

  // Exact value of every legal move at the current state, in legal_moves order.
  std::vector<MoveValue> move_values() {
    BudgetScope scope(&budget_);
    std::vector<Move> moves;
    g_.legal_moves(moves);
    std::vector<MoveValue> out;
    for (Move m : moves) {
      g_.play(m);
      Undoer u{g_};
      out.push_back({m, value()});
    }
    return out;
  }

  // One principal variation from the current state (which has exact value
  // v): repeatedly a move whose child has value v, until the game ends.
  std::vector<Move> principal_variation(Value v) {
    BudgetScope scope(&budget_);
    std::vector<Move> pv;
    std::vector<Move> moves;
    struct Rewind {  // leaves the game where it was, also on NodeLimitReached
      G& g;
      std::vector<Move>& pv;
      ~Rewind() {
        for (size_t i = 0; i < pv.size(); ++i) g.undo();
      }
    } rewind{g_, pv};
    while (!g_.is_over()) {
      moves.clear();
      g_.legal_moves(moves);
      bool found = false;
      for (Move m : moves) {
        g_.play(m);
        pv.push_back(m);  // on the stack before searching, so Rewind sees it
        if (search(v.order - 1, v.order + 1, 0) == v) {
          found = true;
          break;
        }
        pv.pop_back();
        g_.undo();
      }
      if (!found) throw std::logic_error("reference solver: no move keeps the value (inconsistent search)");
    }
    return pv;
  }

  // A fresh node budget (no time limit) for the next calls; the cache
  // stays. The game object may meanwhile have been given another root
  // state (same board, rules and komi): an entry's claim (docs/solving.md,
  // section 1) is about a node (state, history), whatever root it was
  // proved under, so one cache serves many roots.
  void reset_budget(std::uint64_t node_limit) { budget_ = Budget(node_limit, 0); }

  std::uint64_t nodes() const { return nodes_; }
  // Work charged to the budget: the nodes plus what the game model charged
  // inside them (the Japanese 2003 analysis's graph nodes).
  std::uint64_t work() const { return budget_.used(); }
  std::uint64_t memo_hits() const { return memo_hits_; }
  bool memo_active() const { return words_ > 0; }

 private:
  using StateKey = typename detail::StateKeyOf<G>::type;
  static constexpr std::size_t kWays = 4;
  struct Slot {
    StateKey key{};
    Value lower, upper;
    Move best;
    std::uint64_t work = 0;  // nodes spent proving it; the cheapest entry is replaced first
    bool used = false;
  };
  struct Undoer {  // undoes one play, also when a search below throws
    G& g;
    ~Undoer() { g.undo(); }
  };

  std::uint64_t* dep_bits(std::size_t slot) { return &bits_[slot * 2 * words_]; }      // V
  std::uint64_t* held_bits(std::size_t slot) { return &bits_[slot * 2 * words_ + words_]; }  // H & V

  std::uint64_t* scratch(int depth) {
    while (scratch_.size() <= static_cast<size_t>(depth)) scratch_.emplace_back(words_, 0);
    return scratch_[depth].data();
  }

  static std::size_t hash_key(const StateKey& k) {
    std::uint64_t h = 0x243f6a8885a308d3ULL;
    for (std::uint64_t w : k) {
      h ^= w;
      h *= 0x9e3779b97f4a7c15ULL;
      h ^= h >> 31;
    }
    return static_cast<std::size_t>(h);
  }

  // Does the entry's proof hold under the current history?
  bool holds_now(std::size_t slot, const std::uint64_t* history) {
    const std::uint64_t* dep = dep_bits(slot);
    const std::uint64_t* held = held_bits(slot);
    for (int i = 0; i < words_; ++i)
      if ((history[i] & dep[i]) != held[i]) return false;
    return true;
  }

  // Fail-soft alpha-beta in Black-maximises form; alpha and beta are
  // exclusive bounds on `order`. With the cache on, the situations whose
  // membership in the history this result relied on are left in
  // scratch(depth) for the caller:
  //  - a cut-off (a bound from one child) relies on this node's own
  //    situation and that child's dependencies (the child's situation bit
  //    records that the move was legal);
  //  - any other result relies on every move's legality here, every
  //    child's dependencies and the prior cache entry that narrowed the
  //    window.
  Value search(std::int32_t alpha, std::int32_t beta, int depth) {
    // Both limits; the game model charges the same budget for work inside
    // a node (legality, outcome), so neither limit waits for a slow node.
    budget_.charge(1);
    // Superko lines can outgrow the stack (core/stack_guard.hpp); asked every
    // 64 plies, well inside the reserve.
    if ((depth & 63) == 0 && stack_near_end()) throw NodeLimitReached(kStackLimitMessage);
    ++nodes_;
    std::uint64_t* deps = nullptr;
    if constexpr (HasHistoryDependencies<G>) {
      if (words_) {
        deps = scratch(depth);
        std::fill(deps, deps + words_, 0);
      }
    }
    if (g_.is_over()) {
      // A game may end because its current situation occurred before (a
      // repeated state in the finite-state game, a long-cycle rule); that
      // outcome rests on the situation's membership in the history, so a
      // terminal node records its own situation.
      if constexpr (HasHistoryDependencies<G>)
        if (deps) g_.mark_current_situation(deps);
      return g_.outcome();
    }
    const std::uint64_t nodes_before = nodes_;

    // Step 1: a cached proof that holds under this history may settle the
    // node or narrow the window.
    StateKey key{};
    std::size_t bucket = 0;
    Move hint = Move::play(-1);
    Value prior_lower = opt_.lower, prior_upper = opt_.upper;
    const std::uint64_t* history = nullptr;
    if constexpr (HasHistoryDependencies<G>) {
      if (words_) {
        key = g_.state_key();
        bucket = (hash_key(key) & (nslots_ / kWays - 1)) * kWays;
        history = g_.history_bits();
        for (std::size_t s = bucket; s < bucket + kWays; ++s) {
          const Slot& e = slots_[s];
          if (!e.used || e.key != key || !holds_now(s, history)) continue;
          const std::uint64_t* dep = dep_bits(s);
          for (int i = 0; i < words_; ++i) deps[i] |= dep[i];
          if (e.lower == e.upper || e.lower.order >= beta || e.upper.order <= alpha) {
            ++memo_hits_;
            return e.lower.order >= beta ? e.lower : e.upper.order <= alpha ? e.upper : e.lower;
          }
          prior_lower = e.lower;
          prior_upper = e.upper;
          hint = e.best;
          alpha = std::max(alpha, e.lower.order - 1);
          beta = std::min(beta, e.upper.order + 1);
          break;
        }
      }
    }
    const std::int32_t alpha0 = alpha, beta0 = beta;

    // Step 2: moves, the cached best move first, then by history score.
    if (moves_.size() <= static_cast<size_t>(depth)) moves_.resize(depth + 1);
    std::vector<Move>& moves = moves_[depth];
    moves.clear();
    if constexpr (HasHistoryDependencies<G>) {
      if (deps) g_.legal_moves(moves, deps);
      else g_.legal_moves(moves);
    } else {
      g_.legal_moves(moves);
    }
    const bool maximise = g_.to_move() == Color::Black;
    const int side = index(g_.to_move());
    std::stable_sort(moves.begin(), moves.end(), [&](Move a, Move b) {
      if (a == hint || b == hint) return a == hint && !(b == hint);
      return history_[side][slot_of(a)] > history_[side][slot_of(b)];
    });

    // Step 3: minimax with cut-offs at the window and at the outcome bounds.
    Value best = maximise ? Value::minus_infinity() : Value::plus_infinity();
    Move best_move = moves.empty() ? Move::pass() : moves.front();
    bool cut = false;
    for (size_t i = 0; i < moves.size(); ++i) {
      const Move m = moves[i];
      Value v;
      {
        g_.play(m);
        Undoer u{g_};
        v = search(alpha, beta, depth + 1);
      }
      if (maximise ? v > best : v < best) {
        best = v;
        best_move = m;
      }
      if (maximise ? best.order >= beta || best >= opt_.upper : best.order <= alpha || best <= opt_.lower) {
        history_[side][slot_of(m)] += 1 + (64 - std::min(depth, 63));
        if (deps) {  // the bound rests on this child alone
          const std::uint64_t* child = scratch(depth + 1);
          std::copy(child, child + words_, deps);
        }
        cut = true;
        break;
      }
      if (deps) {
        const std::uint64_t* child = scratch(depth + 1);
        for (int w = 0; w < words_; ++w) deps[w] |= child[w];
      }
      if (maximise) alpha = std::max(alpha, best.order);
      else beta = std::min(beta, best.order);
    }

    // Step 4: store what the subtree proved, with the situations it relied on.
    if constexpr (HasHistoryDependencies<G>) {
      if (deps) {
        g_.mark_current_situation(deps);
        Value lower = cut ? opt_.lower : prior_lower, upper = cut ? opt_.upper : prior_upper;
        if (best.order <= alpha0) upper = std::min(upper, best);      // fail low: upper bound
        else if (best.order >= beta0) lower = std::max(lower, best);  // fail high: lower bound
        else lower = upper = best;                                    // exact
        std::size_t victim = bucket;
        for (std::size_t s = bucket; s < bucket + kWays; ++s) {
          const Slot& e = slots_[s];
          if (e.used && e.key == key && holds_now(s, history)) {  // superseded
            victim = s;
            break;
          }
          if (!e.used || e.work < slots_[victim].work) victim = s;
          if (!e.used) break;
        }
        slots_[victim] = Slot{key, lower, upper, best_move, nodes_ - nodes_before + 1, true};
        std::uint64_t* dep = dep_bits(victim);
        std::uint64_t* held = held_bits(victim);
        for (int i = 0; i < words_; ++i) {
          dep[i] = deps[i];
          held[i] = deps[i] & history[i];
        }
      }
    }
    return best;
  }

  static int slot_of(Move m) { return m.kind == MoveKind::Play ? m.point + 8 : static_cast<int>(m.kind); }

  G& g_;
  ReferenceOptions opt_;
  std::uint64_t nodes_ = 0, memo_hits_ = 0;
  Budget budget_;  // node and time limits (core/budget.hpp)
  std::array<std::array<std::uint32_t, 72>, 2> history_{};
  std::deque<std::vector<Move>> moves_;  // per depth; a deque keeps references stable
  int words_ = 0;                        // dependency bitset size; 0 = no cache
  struct FreeDeleter {
    void operator()(void* p) const { std::free(p); }
  };
  std::size_t nslots_ = 0;
  std::unique_ptr<Slot[], FreeDeleter> slots_;
  std::unique_ptr<std::uint64_t[], FreeDeleter> bits_;
  std::deque<std::vector<std::uint64_t>> scratch_;  // per-depth dependency accumulators
};

}  // namespace gotb
