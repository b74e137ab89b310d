// What a side keeps under territory scoring when it passes for the rest of
// the game: its pass-alive (Benson) chains, their one-point eyes, and the
// eyes of the chains that have two of them ("sure eyes"). Kee 2005's
// japanese scoring (F.6) turns these into a bound on a common-phase node's
// value that holds under every history (docs/solving.md section 4,
// "Session 26: territory bounds from pass-alive chains"); the same shape
// gives japanese-2003 a bound only under conditions on the history, which
// is why that ruleset does not use it (same section).
//
// A function of the board colouring alone, like core/benson.hpp.
#pragma once

#include "core/board.hpp"
#include "core/color.hpp"
#include "core/position.hpp"

namespace gotb {

struct TerritoryShape {
  // Benson's pass-alive stones of c (BensonResult::alive).
  Mask alive = 0;
  // One-point regions enclosed by them: empty points all of whose
  // neighbours are alive c stones. While c passes the opponent can never
  // keep a stone there (it would capture nothing and have no liberty).
  Mask eyes = 0;
  // The eyes whose neighbours all belong to "two-eyed" chains: the greatest
  // set S of alive chains such that every chain of S borders at least two
  // eyes all of whose neighbours lie in S. A group holding a chain of S is
  // irremovable in Kee's sense (F.2) in every scoring position where those
  // eyes are unoccupied, whatever the other points are (indeterminate
  // included), and the sure eyes are then its permanent area.
  Mask sure_eyes = 0;
};

// `suicide` selects Benson's healthy test as in benson(): Allowed is sound
// under both rules.
TerritoryShape territory_shape(const Board& b, const Position& pos, Color c, SuicideRule suicide);

// The sure eyes of `eyes` around the chains (connected parts) of `stones`:
// the greatest set S of chains such that every chain of S borders at least
// two points of `eyes` whose neighbours all lie in S; returns those points.
// (territory_shape's sure_eyes is sure_eyes(b, alive, eyes).)
Mask sure_eyes(const Board& b, Mask stones, Mask eyes);

}  // namespace gotb
