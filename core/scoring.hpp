// Area scoring primitives shared by the area-scoring rulesets.
#pragma once

#include "core/position.hpp"

namespace gotb {

struct AreaCount {
  Mask black_area = 0;  // black stones + empty points reaching only black
  Mask white_area = 0;
  Mask neutral = 0;     // empty points reaching both colours or neither
  int black() const { return popcount(black_area); }
  int white() const { return popcount(white_area); }
  int difference() const { return black() - white(); }  // Black minus White
};

// Tromp-Taylor area: a player's points are her stones plus the empty points
// from which a path of empty points reaches only her colour.
inline AreaCount area_count(const Board& b, const Position& pos) {
  Mask empty = pos.empty(b);
  Mask reach_black = b.flood(b.dilate(pos.black) & empty, empty);
  Mask reach_white = b.flood(b.dilate(pos.white) & empty, empty);
  AreaCount a;
  a.black_area = pos.black | (reach_black & ~reach_white);
  a.white_area = pos.white | (reach_white & ~reach_black);
  a.neutral = b.all() & ~(a.black_area | a.white_area);
  return a;
}

}  // namespace gotb
