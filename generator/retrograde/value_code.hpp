// The int8 value code of the retrograde tables (value encoding
// "int8-mover-area-v1", docs/generator.md).
//
// Every stored value is from the point of view of the player to move in the
// stored (colour-normalised) state, komi 0:
//   -64..64  the raw area difference, mover minus opponent;
//   +127     the mover wins by infinite play (cycles are scored for her);
//   -127     the opponent wins by infinite play;
//   -128     no state here (an illegal or non-canonical index slot).
// Negation maps a child's code to the parent's view (127 <-> -127), so the
// fixpoint sweeps are negamax over int8. Komi is applied when a value is
// read (`to_black_value`), which is exact because max and min commute with
// subtracting a constant, and the infinite-play outcomes are not scores.
#pragma once

#include <cstdint>

#include "core/color.hpp"
#include "core/value.hpp"

namespace gotb::retro {

inline constexpr std::int8_t kMoverWins = 127;
inline constexpr std::int8_t kOpponentWins = -127;
inline constexpr std::int8_t kNoState = -128;

constexpr bool is_score_code(std::int8_t v) { return v > kOpponentWins && v < kMoverWins; }

// A stored code, seen by the player `mover` who is to move in the real
// state, as a Value from Black's point of view with komi applied.
inline Value to_black_value(std::int8_t code, Color mover, double komi) {
  const bool black = mover == Color::Black;
  if (code == kMoverWins) return black ? Value::black_wins() : Value::white_wins();
  if (code == kOpponentWins) return black ? Value::white_wins() : Value::black_wins();
  return Value::score(black ? code : -code, komi);
}

}  // namespace gotb::retro
