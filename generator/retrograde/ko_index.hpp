// The dense state index of the exact tables of tromp-taylor:ko=basic
// (index scheme "tt-basic-ko-v1", docs/generator.md).
//
// A state of the game is (position, player to move, passes in {0, 1}, ko
// ban or none); see docs/rules/tromp-taylor.md. Positions are
// colour-normalised (`black` holds the mover's stones) and stored once per
// symmetry orbit exactly as in StateIndex ("tt-canon-rank3-v1"), numbered
// n = 0, 1, ... in increasing canonical rank. States are numbered
//   2 n + passes                       no ko ban (passes 0 or 1);
//   2 P + ko_first(n) + slot           a ko ban (passes 0 after a play),
// where P is the number of positions, ko_first(n) counts the ko states of
// positions below n, and slot is the rank of the banned point among
// ko_points(canonical position) in point order.
//
// ko_points(P) are the points a ban can name in P (mover to play): empty
// points q whose every neighbour is an opposing stone, such that exactly
// one opposing string next to q has q as its only liberty and that string
// is a single stone. Every ban the game produces is one of them
// (docs/generator.md proves it), so a real state always has an index.
// Symmetric bans of a self-symmetric position are stored separately; they
// have equal values.
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "core/board.hpp"
#include "core/color.hpp"
#include "core/position.hpp"
#include "generator/retrograde/big_array.hpp"
#include "generator/retrograde/state_index.hpp"

namespace gotb::retro {

inline constexpr std::uint64_t kNoStateIndex = ~std::uint64_t{0};

// The exact tables number their states in 32 bits (this index, the
// successor rows, the file's arrays): throws std::invalid_argument naming
// the board when `states` (or a lower bound of its state count) reaches
// 2^32. Called before any work that would need them numbered, also by the
// --mpi generator, whose per-rank index could count more.
void check_exact_state_count(const Board& board, std::uint64_t states);

// The ban points of a colour-normalised position (file comment).
Mask ko_points(const Board& board, const Position& normalised);

class KoStateIndex {
 public:
  // Builds the position index and counts every position's ko states (in
  // parallel with oneTBB). Throws std::invalid_argument for boards above
  // 40 points or with 2^32 states or more.
  explicit KoStateIndex(const Board& board);

  const StateIndex& positions() const { return *pos_; }
  const Board& board() const { return pos_->board(); }
  std::uint64_t states() const { return 2 * pos_->positions() + ko_states_; }
  std::uint64_t ko_states() const { return ko_states_; }
  std::uint64_t ko_first(std::uint64_t n) const { return 2 * pos_->positions() + ko_first_[n]; }
  int ko_count(std::uint64_t n) const { return static_cast<int>(ko_first_[n + 1] - ko_first_[n]); }
  std::uint64_t bytes() const { return pos_->bytes() + ko_first_.size() * sizeof(std::uint32_t); }

  // The state of a colour-normalised legal position with ko ban `ko` (a
  // point of ko_points(pos), or -1) and passes; ko >= 0 needs passes 0.
  // Unchecked: the caller guarantees a real state (the generator does).
  std::uint64_t state_of_normalised(const Position& pos, int passes, int ko) const;
  // The same for any (pos, to_move, passes, ko) from a game; kNoStateIndex
  // when it is not a state (a string without liberties, passes outside
  // {0, 1}, a ko ban that is not one of ko_points, or a ban with passes 1).
  std::uint64_t state_of(const Position& pos, Color to_move, int passes, int ko) const;

  // The same for a legal position reached in a game (a real position: no
  // string without liberties) and passes in {0, 1}, unchecked, with one
  // canonical rank: a ban that is not one of ko_points (the exact game has
  // no ban there) reads the state without a ban. The search's move ordering
  // calls this for every child (docs/solving.md §3, "Session 23").
  std::uint64_t state_of_legal(const Position& pos, Color to_move, int passes, int ko) const;

  // The stored state s: canonical colour-normalised position, passes, ban.
  struct Stored {
    Position pos;
    int passes = 0;
    int ko = -1;
  };
  Stored stored(std::uint64_t s) const;

 private:
  std::shared_ptr<const StateIndex> pos_;
  BigVector<std::uint32_t> ko_first_;  // positions + 1 prefix counts
  std::uint64_t ko_states_ = 0;
};

}  // namespace gotb::retro
