// The dense state index of the retrograde tables (index scheme
// "tt-canon-rank3-v1", docs/generator.md).
//
// Positions are colour-normalised: `black` holds the stones of the player to
// move. A position is stored iff every string has a liberty and its base-3
// rank (core/rank.hpp) is the smallest rank in its orbit under the board's
// symmetry group. Stored positions are numbered 0, 1, ... in increasing rank
// order; a state (position, passes) has index 2 * position_number + passes.
//
// The numbering is a bitmap over all 3^points ranks with a running count per
// 64-bit word (rank/select), 16 bytes per 64 ranks, so a lookup is one cache
// line plus the canonical ranking.
#pragma once

#include <bit>
#include <cstdint>
#include <memory>
#include <vector>

#include "core/board.hpp"
#include "core/position.hpp"
#include "core/rank.hpp"
#include "core/symmetry.hpp"
#include "generator/retrograde/big_array.hpp"
#include "generator/retrograde/canonical_rank.hpp"

namespace gotb::retro {

class WorkLimits;  // progress.hpp

inline constexpr int kPassStates = 2;  // passes in {0, 1} since the last play

class StateIndex {
 public:
  // Enumerates every rank (in parallel with oneTBB). Throws
  // std::invalid_argument for boards above 40 points; with `limits`, one
  // unit of work per rank, NodeLimitReached past them.
  explicit StateIndex(const Board& board, WorkLimits* limits = nullptr);

  const Board& board() const { return board_; }
  const Symmetries& symmetries() const { return sym_; }
  const Ranker& ranker() const { return ranker_; }
  std::uint64_t positions() const { return positions_; }
  std::uint64_t states() const { return positions_ * kPassStates; }
  std::uint64_t words() const { return words_.size(); }
  // Bytes of the index structure itself.
  std::uint64_t bytes() const { return words_.size() * sizeof(Word); }

  std::uint64_t canonical_rank(const Position& pos) const { return canon_.canonical(pos); }
  // The same, naming a symmetry g with rank(g(pos)) minimal.
  std::uint64_t canonical_rank_with(const Position& pos, int& g) const { return canon_.canonical(pos, g); }
  // The stored (canonical, colour-normalised) position numbered n.
  Position position_of(std::uint64_t n) const;
  bool stored(std::uint64_t rank) const { return (words_[rank >> 6].bits >> (rank & 63)) & 1; }
  // Position number of a stored rank.
  std::uint64_t number(std::uint64_t rank) const {
    const Word& w = words_[rank >> 6];
    return w.before + static_cast<std::uint64_t>(std::popcount(w.bits & ((std::uint64_t{1} << (rank & 63)) - 1)));
  }
  // Asks for the cache line that number(rank) reads (a hint; batches of
  // look-ups overlap their misses, graph_fixpoint.cpp).
  void prefetch(std::uint64_t rank) const { __builtin_prefetch(&words_[rank >> 6]); }
  // Position number of any legal colour-normalised position.
  std::uint64_t number_of(const Position& pos) const { return number(canonical_rank(pos)); }
  // Number of a legal position, or ~0 when pos is not a legal position.
  std::uint64_t checked_number_of(const Position& pos) const;

  // For sweeps: the stored ranks of word w are the set bits of bits(w) plus
  // 64 * w, numbered from first_number(w) on.
  std::uint64_t bits(std::uint64_t w) const { return words_[w].bits; }
  std::uint64_t first_number(std::uint64_t w) const { return words_[w].before; }

 private:
  struct Word {  // trivial: a BigVector's fresh words are zero
    std::uint64_t bits;
    std::uint64_t before;  // stored ranks below 64 * this word
  };
  Board board_;
  Symmetries sym_;
  Ranker ranker_;
  CanonicalRanker canon_;
  BigVector<Word> words_;  // filled in parallel (big_array.hpp)
  std::uint64_t positions_ = 0;
};

}  // namespace gotb::retro
