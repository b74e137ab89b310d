// Retrograde kernel for the Tromp-Taylor family as a finite-state game.
//
// The finite-state game drops superko: legal moves are the plays the engine
// allows (suicide per the ruleset's option) and the pass. Note that a
// single-stone suicide leaves the board unchanged but is still a play: it
// hands the move to the opponent and resets the pass count. Two consecutive
// passes end the game with the Tromp-Taylor area score of the board. The
// state is (position, player to move, passes in {0, 1}); superko's
// ko/situational option does not change this game, so every tromp-taylor
// variant with the same suicide option shares its tables.
//
// Kernel contract (what FixpointSolver needs; no virtual calls):
//  - kAux: number of auxiliary values per position (here: passes 0 or 1).
//    A basic-ko ruleset would use passes x (ko point or none); its aux then
//    has to be mapped through the symmetry that canonicalises the position.
//  - kPlaysIgnoreAux: the plays (and their children) do not depend on aux,
//    so the sweep generates them once per position.
//  - valid_position(P): P can occur (every string has a liberty).
//  - plays(P, aux, f): calls f(child) for every legal play of the mover, with
//    child already colour-normalised (its `black` = the stones of the
//    child's mover) and child aux 0.
//  - pass(P, aux): either ends the game with a score (mover's view) or leads
//    to (swap(P), child_aux).
// Positions are colour-normalised: `black` holds the mover's stones.
#pragma once

#include <string>

#include "core/board.hpp"
#include "core/position.hpp"
#include "core/scoring.hpp"

namespace gotb::retro {

inline Position swap_colours(const Position& p) { return {p.white, p.black}; }

// Every legal play of the mover (the `black` stones) in a colour-normalised
// position, as core/position.cpp's play_stone specialised to the mover being
// `black`: captures first, then the own string if it has no liberty
// (suicide: the child lacks that string; forbidden: the play is skipped).
// Calls f(point, child, captured): child colour-normalised for the opponent
// (its `black` = the opponent's remaining stones), captured = the opposing
// stones removed. The generators' hot loop: the finite-state kernel below
// and the exact ko=basic solver (exact_solver.hpp) both call it.
template <bool kSuicideAllowed, class F>
inline void for_each_play(const Board& b, const Position& pos, F&& f) {
  const Mask empty = b.all() & ~(pos.black | pos.white);
  for_each_bit(empty, [&](int p) {
    const Mask at = bit(p);
    const Mask own = pos.black | at;
    const Mask still_empty = empty & ~at;
    Mask opp = pos.white;
    // Only opposing strings next to p can have lost their last liberty.
    Mask todo = b.neighbours(p) & opp;
    while (todo) {
      const Mask s = b.flood(todo & (~todo + 1), pos.white);
      todo &= ~s;
      if ((b.dilate(s) & still_empty) == 0) opp &= ~s;
    }
    const Mask captured = pos.white & ~opp;
    if (captured == 0 && (b.neighbours(p) & empty) == 0) {
      // Nothing captured and no empty neighbour: the new string may be
      // without liberties.
      const Mask str = b.flood(at, own);
      if ((b.dilate(str) & still_empty) == 0) {
        if constexpr (kSuicideAllowed) f(p, Position{opp, own & ~str}, Mask{0});
        return;
      }
    }
    f(p, Position{opp, own}, captured);
  });
}

template <bool kSuicideAllowed>
class TrompTaylorKernel {
 public:
  static constexpr int kAux = 2;
  static constexpr bool kPlaysIgnoreAux = true;

  explicit TrompTaylorKernel(const Board& board) : b_(&board) {}

  static std::string description() {
    return std::string("tromp-taylor finite-state game (superko ignored), suicide ") +
           (kSuicideAllowed ? "allowed" : "forbidden");
  }

  bool valid_position(const Position& p) const { return is_legal_position(*b_, p); }

  template <class F>
  void plays(const Position& pos, int /*aux*/, F&& f) const {
    for_each_play<kSuicideAllowed>(*b_, pos, [&](int, const Position& child, Mask) { f(child); });
  }

  struct PassResult {
    bool ends;
    int score;      // ends: area difference, mover minus opponent
    int child_aux;  // otherwise: the child is (swap(P), child_aux)
  };
  PassResult pass(const Position& pos, int aux) const {
    if (aux == 1) return {true, area_count(*b_, pos).difference(), 0};
    return {false, 0, 1};
  }

 private:
  const Board* b_;
};

}  // namespace gotb::retro
