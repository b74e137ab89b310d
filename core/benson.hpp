// Benson's unconditional life ("pass-alive" stones) and the score bounds it
// proves for Tromp-Taylor area scoring. The argument is docs/benson.md.
//
// Everything here is a function of the board colouring alone: the results
// hold whatever the history, the player to move and the pass count, so a
// search may use them at any node without history dependency.
//
// Cost: bitboard floods over fixed-size arrays; no allocation.
#pragma once

#include "core/board.hpp"
#include "core/color.hpp"
#include "core/position.hpp"

namespace gotb {

// A "region" of colour c is a connected component of the points that do not
// hold a c stone (empty points and opposing stones).
struct BensonResult {
  // Stones of c that the opponent cannot capture even if c passes forever
  // and the opponent plays any number of consecutive moves (superko or not).
  Mask alive = 0;
  // Points of the regions that border at least one alive chain and no chain
  // of c that is not alive. Their points never hold a c stone while c only
  // passes, and the alive chains keep enclosing them.
  Mask enclosed = 0;
  // The subset of `enclosed` made of regions healthy for (vital to) at least
  // one alive chain: every point of the region that can ever be empty is a
  // liberty of that chain.
  Mask vital = 0;
};

// Benson's algorithm for colour c. `suicide` selects which points of a
// region count as "can ever be empty" in the healthy test:
//  - Forbidden: the region's empty points (the opponent's stones there can
//    never be removed while c passes), Benson's original test;
//  - Allowed: every point of the region, since the opponent can empty its
//    own stones by suicide. This test is sound under both rules, hence the
//    default.
// Precondition: every string has a liberty (is_legal_position); every
// position reached in play satisfies it.
BensonResult benson(const Board& b, const Position& pos, Color c, SuicideRule suicide = SuicideRule::Allowed);

inline Mask pass_alive_stones(const Board& b, const Position& pos, Color c,
                              SuicideRule suicide = SuicideRule::Allowed) {
  return benson(b, pos, c, suicide).alive;
}

// Bounds on the value (Black minus White area, no komi) of the Tromp-Taylor
// game from `pos`, under positional or situational superko, with `suicide`,
// for every history that reaches pos, any player to move and any pass count
// (the game may even be over: then its score lies in the bounds too):
// lo <= minimax value <= hi. lo is what Black guarantees by passing for the
// rest of the game, hi what White guarantees the same way (docs/benson.md).
// lo == hi means the value is known exactly; with komi k the value lies in
// [lo - k, hi - k].
struct AreaBound {
  int lo, hi;
};
AreaBound area_bounds(const Board& b, const Position& pos, SuicideRule suicide);

// The part of area_bounds for one colour: a guaranteed margin g such that c
// passing for the rest of the game ends with (c's area - opponent's area) >= g.
int pass_guarantee(const Board& b, const Position& pos, Color c, SuicideRule suicide);

// Two guarantees for c from one analysis:
//  - pass: pass_guarantee(), valid for every history and whoever is to move;
//  - fill: what c guarantees by first filling one point of every "tight pair"
//    (a two-point enclosed region both of whose points neighbour alive c
//    stones), then passing: pass + 3 per pair. Equal to pass unless every c
//    stone is pass-alive. It holds (docs/benson.md, "Filling two-point
//    regions") only when (a) no earlier position of the history holds more
//    c stones than pos (so every fill makes a new position: superko cannot
//    forbid it) and (b) the game is not over and it is not the case that the
//    opponent is to move right after a pass of c (c moves before the game
//    can end). The caller checks both.
struct Guarantees {
  int pass, fill;
};
Guarantees guarantees(const Board& b, const Position& pos, Color c, SuicideRule suicide);

}  // namespace gotb
