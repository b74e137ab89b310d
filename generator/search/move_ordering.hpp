// Move ordering for the exact search from the retrograde tables.
//
// The retrograde generator solves the finite-state game of a board (superko
// ignored, infinite play scored for one side): two fixpoints per state.
// They are NOT bounds on the superko value (docs/solving.md §3), so this
// module may only ever decide the ORDER in which the search tries moves.
// Alpha-beta with any move order returns the same exact value (every move
// is still searched unless a bound proves it irrelevant); the order changes
// only how soon cut-offs come, i.e. speed.
//
// The score of a move is read from the child state it leads to, seen by the
// player who made the move:
//   pessimistic = the child's value when infinite play is scored against
//                 the mover (her least fixpoint),
//   optimistic  = ... scored for the mover (her greatest fixpoint),
// both area differences (komi-free; komi does not change the order), with
// infinite play as +-(points + 1). Larger scores are tried first.
//
// Which tables: by default those of the game WITHOUT suicide, for every
// tromp-taylor variant. With suicide allowed the finite-state game's
// fixpoints say nothing: a single-stone suicide is a legal play at any
// empty point, so the side that cycles are scored for never has to pass and
// every state before a pass is a win by infinite play for her (measured: on
// 3x3 every passes-0 state is +-infinite). Without suicide a player can run
// out of plays, the fixpoints are area scores, and they order moves well for
// the suicide variants too (docs/solving.md §3 has the measurements).
#pragma once

#include <array>
#include <bit>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "core/board.hpp"
#include "core/color.hpp"
#include "core/position.hpp"
#include "core/rules/ruleset.hpp"
#include "generator/retrograde/big_array.hpp"
#include "generator/retrograde/exact_table.hpp"
#include "generator/retrograde/generate.hpp"
#include "generator/retrograde/ko_index.hpp"
#include "generator/retrograde/state_index.hpp"

namespace gotb::search {

// How the two fixpoints of a child combine into one order.
enum class RetroKey {
  Sum,          // pessimistic + optimistic
  Pessimistic,  // pessimistic first, optimistic breaks ties
  Optimistic,   // optimistic first, pessimistic breaks ties
};

// Limits of a retrograde build (0 = none), as in retro::GenerateOptions.
struct RetroLimits {
  std::uint64_t max_work = 0;
  double time_limit = 0;
};

class RetroOrdering {
 public:
  // Both fixpoints of a child from the mover's view (see above).
  struct MoverView {
    int pessimistic, optimistic;
  };

  // Which tables (see above). BasicKo: the exact tables of
  // tromp-taylor:ko=basic without suicide (retro::generate_exact), whose
  // two fixpoints live on (position, passes, ko ban): the same kind of
  // pessimistic / optimistic scores, with the immediate recapture of a ko
  // ruled out, built from a successor graph by Gauss-Seidel passes in place
  // (retro::exact_fixpoints: the same arrays as the files' Jacobi rounds,
  // without their depths). Order only, like the others.
  enum class Tables { NoSuicide, SuicideAllowed, BasicKo };
  // Runs retro::generate for the board (threads as retro::GenerateOptions,
  // 0 = all cores). Throws like retro::generate (std::invalid_argument above
  // 40 points; NodeLimitReached past `limits`: max_work and time_limit as
  // in retro::GenerateOptions).
  static std::shared_ptr<const RetroOrdering> build(const Board& board, int threads = 0,
                                                    RetroKey key = RetroKey::Pessimistic,
                                                    Tables tables = Tables::NoSuicide, RetroLimits limits = {});
  // From tables already generated for `board` (which the tables must belong to).
  RetroOrdering(const retro::Tables& tables, RetroKey key);
  // From exact ko=basic tables (Tables::BasicKo).
  RetroOrdering(const retro::ExactGenerated& exact, RetroKey key);

  // The ko ban a play leaves (the exact tables' rule, exact_solver.hpp):
  // the point of the single stone it captured when the new stone has no
  // friendly neighbour and that point is its only liberty; else -1.
  static int ko_after_play(const Board& b, const Position& before, Color mover, int point, const Position& after) {
    const Mask own_before = mover == Color::Black ? before.black : before.white;
    const Mask opp_before = mover == Color::Black ? before.white : before.black;
    const Mask opp_after = mover == Color::Black ? after.white : after.black;
    const Mask captured = opp_before & ~opp_after;
    if (popcount(captured) != 1 || (b.neighbours(point) & own_before)) return -1;
    const Mask empty_after = b.all() & ~(after.black | after.white);
    return (b.neighbours(point) & empty_after) == captured ? lowest(captured) : -1;
  }
  // Whether view() uses the ko ban (BasicKo tables).
  bool uses_ko() const { return ko_index_ != nullptr; }

  // The child (next, to_move_next, passes_next) that a move leads to, seen
  // by the player who moved (opponent(to_move_next)). passes_next == 2 is
  // the end of the game: both views are the area score.
  // `ko`: the ban the move left (ko_after_play; -1 none), used by BasicKo
  // tables only.
  MoverView view(const Position& next, Color to_move_next, int passes_next, int ko = -1) const {
    const Color mover = opponent(to_move_next);
    if (passes_next >= 2) {
      const int s = area_for(next, mover);
      return {s, s};
    }
    if (ko_index_) {
      // A game's child is a legal position (state_of_legal's contract); a
      // ban the exact game does not have reads the state without one.
      const std::uint64_t s = ko_index_->state_of_legal(next, to_move_next, passes_next, ko);
      return {-decode(cells_[s].upper), -decode(cells_[s].lower)};
    }
    // The tables are from the child's mover's view: -upper is the value
    // with cycles scored for the child's mover (against ours), -lower with
    // cycles scored for us.
    const Position norm = to_move_next == Color::Black ? next : Position{next.white, next.black};
    const std::uint64_t s = 2 * index_->number_of(norm) + static_cast<std::uint64_t>(passes_next);
    return {-decode(cells_[s].upper), -decode(cells_[s].lower)};
  }

  // The state itself (pos, to_move, passes < 2) seen by the player to move:
  // pessimistic = infinite play scored against her, optimistic = for her;
  // +-(points + 1) for infinite play. Not a bound on the superko value
  // (docs/solving.md §2): the search uses it as a guess only.
  MoverView state_view(const Position& pos, Color to_move, int passes, int ko = -1) const {
    const MoverView v = view(pos, to_move, passes, ko);  // seen by the other player
    return {-v.optimistic, -v.pessimistic};
  }

  // The same keys as key() in three steps (no ko ban: not for BasicKo
  // tables; passes_next < 2), for a node's moves at once (the search's move
  // loop, docs/solving.md §3, "Session 31"): child_rank() for every move,
  // then child_state(), then key_of_state(). A look-up is two cache misses
  // (the index's word, then the cell; 11 and 12 MB on 4x4, far out of cache
  // beside the search's table), and each step fetches what the next one
  // reads, so a node's misses overlap instead of following one another.
  std::uint64_t child_rank(const Position& next, Color to_move_next) const {
    const Position norm = to_move_next == Color::Black ? next : Position{next.white, next.black};
    const std::uint64_t r = index_->canonical_rank(norm);
    index_->prefetch(r);
    return r;
  }
  // child_rank() from the parent (session 31): rank_g of the child is
  // sum over its to-move stones of 3^g(p) plus twice that over the other
  // colour's (canonical_rank.hpp), so with the parent's per-symmetry sums
  // of each colour (parent_sums(), once per node) a child costs one add or
  // subtraction per symmetry and changed point (the stone played, the
  // stones it captured) instead of four table look-ups per symmetry. Same
  // ranks. Only with at most kSumSymmetries elements (sums_ok()).
  static constexpr int kSumSymmetries = 8;
  struct Sums {
    std::array<std::uint64_t, kSumSymmetries> mover{}, opp{};
  };
  bool sums_ok() const { return !weights_.empty(); }
  void parent_sums(const Position& pos, Color mover, Sums& s) const {
    s = {};
    for (Mask b = pos.stones(mover); b; b &= b - 1) add(s.mover, std::countr_zero(b), 1);
    for (Mask b = pos.stones(opponent(mover)); b; b &= b - 1) add(s.opp, std::countr_zero(b), 1);
  }
  // The child `next` that `mover` reached from `parent` by a play or a pass.
  std::uint64_t child_rank(const Sums& s, const Position& parent, Color mover, const Position& next) const {
    const Color other = opponent(mover);
    const Mask m0 = parent.stones(mover), o0 = parent.stones(other);
    const Mask m1 = next.stones(mover), o1 = next.stones(other);
    Sums c = s;
    for (Mask b = m1 & ~m0; b; b &= b - 1) add(c.mover, std::countr_zero(b), 1);
    for (Mask b = m0 & ~m1; b; b &= b - 1) add(c.mover, std::countr_zero(b), -1);
    for (Mask b = o1 & ~o0; b; b &= b - 1) add(c.opp, std::countr_zero(b), 1);
    for (Mask b = o0 & ~o1; b; b &= b - 1) add(c.opp, std::countr_zero(b), -1);
    // Normalised, the player to move next (other) holds digit 1.
    std::uint64_t best = ~std::uint64_t{0};
    for (int g = 0; g < kSumSymmetries; ++g) {
      const std::uint64_t r = c.opp[g] + 2 * c.mover[g];
      best = r < best ? r : best;
    }
    index_->prefetch(best);
    return best;
  }
  std::uint64_t child_state(std::uint64_t rank, int passes_next) const {
    const std::uint64_t s = 2 * index_->number(rank) + static_cast<std::uint64_t>(passes_next);
    __builtin_prefetch(&cells_[s]);
    return s;
  }
  std::uint32_t key_of_state(std::uint64_t s, std::uint32_t history) const {
    return static_cast<std::uint32_t>(combine({-decode(cells_[s].upper), -decode(cells_[s].lower)})) << 18 |
           squeeze(history);
  }

  // Larger = better for the mover; 0 <= score < 2^13.
  int score(const Position& next, Color to_move_next, int passes_next, int ko = -1) const {
    return combine(view(next, to_move_next, passes_next, ko));
  }

  // The search's sort key (unsigned, larger first, below 0xFFFFFFFF which
  // the search keeps for the table's move): the score, then the history
  // heuristic's count as a tie-break, squeezed monotonically into 18 bits.
  std::uint32_t key(const Position& next, Color to_move_next, int passes_next, std::uint32_t history,
                    int ko = -1) const {
    return static_cast<std::uint32_t>(score(next, to_move_next, passes_next, ko)) << 18 | squeeze(history);
  }

  int combine(MoverView v) const {
    const int p = v.pessimistic + span_, o = v.optimistic + span_;  // 0 .. 2 * span_
    switch (key_) {
      case RetroKey::Pessimistic: return p * (2 * span_ + 1) + o;
      case RetroKey::Optimistic: return o * (2 * span_ + 1) + p;
      case RetroKey::Sum: break;
    }
    return p + o;
  }

  RetroKey retro_key() const { return key_; }
  const retro::GenerateStats& build_stats() const { return stats_; }
  double build_seconds() const { return stats_.total_seconds; }
  // Work the build charged to its limits (retro::Tables::work; 0 without limits).
  std::uint64_t build_work() const { return work_; }
  // Memory held for lookups: the state index and two bytes per state.
  std::uint64_t bytes() const {
    return (ko_index_ ? ko_index_->bytes() : index_->bytes()) + cells_.size() * sizeof(Cell);
  }

  // Monotone map of a 32-bit count to 18 bits: the bit pattern of a
  // non-negative float grows with its value; dropping 13 mantissa bits keeps
  // 10 bits of precision.
  static std::uint32_t squeeze(std::uint32_t h) {
    return std::bit_cast<std::uint32_t>(static_cast<float>(h)) >> 13;
  }

 private:
  struct Cell {
    std::int8_t upper, lower;  // retro value codes, one cache line for both
  };
  int decode(std::int8_t code) const { return code >= 127 ? span_ : code <= -127 ? -span_ : code; }
  int area_for(const Position& p, Color mover) const;

  void init_weights();

  std::shared_ptr<const retro::StateIndex> index_;
  // weights_[p * kSumSymmetries + g] = 3^g(p) for the index's symmetries
  // (Sums; elements past the group's repeat the identity's, which leaves
  // the minimum alone); empty where the group is larger.
  std::vector<std::uint64_t> weights_;
  void add(std::array<std::uint64_t, kSumSymmetries>& a, int p, int sign) const {
    const std::uint64_t* w = &weights_[static_cast<std::size_t>(p) * kSumSymmetries];
    for (int g = 0; g < kSumSymmetries; ++g) a[g] += sign > 0 ? w[g] : -w[g];
  }
  std::shared_ptr<const retro::KoStateIndex> ko_index_;  // BasicKo tables (index_ then its positions)
  // On huge pages (big_array.hpp): the search reads a random cell per
  // move, and 4 KiB pages made most of those reads a TLB miss as well.
  retro::BigVector<Cell> cells_;
  RetroKey key_;
  int span_;  // points + 1: infinite play
  retro::GenerateStats stats_;
  std::uint64_t work_ = 0;
};

// --ordering of the front ends.
enum class OrderingMode {
  Auto,     // retro where the tables are cheap to build (retro_ordering_cheap), history elsewhere
  History,  // the search's own: table move, history heuristic
  Retro,    // table move, retrograde score, history heuristic (any board the generator takes)
  RetroKo,  // the same from the exact ko=basic tables (RetroOrdering::Tables::BasicKo)
};
// "auto", "history", "retro", "retro-ko"; throws std::invalid_argument otherwise.
OrderingMode parse_ordering(const std::string& name);
inline constexpr int kRetroOrderingMaxPoints = 16;
// Auto builds the tables only up to kRetroOrderingMaxPoints points.
bool retro_ordering_cheap(const Board& board);
// An estimate of the work (build_work()) that building the no-suicide
// tables of `board` charges, from the board alone, before building: the
// index's enumeration of every rank (3^points) plus the graph's positions
// and sweeps, a multiple of 3^points calibrated on 1x1..4x4 (docs/solving.md
// section 4, "Session 27"). Deterministic, so a choice made from it is the
// same on every run; at least the index's own charge.
std::uint64_t retro_build_estimate(const Board& board);
// The ordering a mode asks for on this board (built now), or null for the
// history heuristic.
// `limits` bound the build (RetroOrdering::build).
std::shared_ptr<const RetroOrdering> retro_ordering_for(const Board& board, OrderingMode mode,
                                                        RetroLimits limits = {});

}  // namespace gotb::search
