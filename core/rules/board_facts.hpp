// History facts "board X occurred before" for the generic search
// (generator/search/generic_search.hpp), shared by the rulesets whose ko
// rule is a positional superko (international ko=positional, ikeda-1
// ko=positional and ko=positional-per-phase).
//
// Under positional superko the same board can be created by a play of
// either colour, so the fact "X occurred" alone prohibits moves of both
// players and can carry no side. The id therefore names the mover too: fact
// (X, c) is the legality test of a play of c that creates X. Its value is
// the same for both colours (1 iff X occurred in the history the ko rule
// reads, else 0), and value 1 prohibits only plays of c, so it has side +1
// (c = Black) or -1 (c = White) for the search's one-sided reuse
// (HasFactSides; docs/solving.md section 4, "Session 25: one-sided reuse for
// the area rulesets").
//
// Layout: black stones in bits 0-31, white stones in bits 32-62, the mover
// in bit 63 (1 = White). That needs boards of at most 31 points; on a
// 32-point board the id is the board alone (black | white << 32, the layout
// before session 25) and the fact has no side.
#pragma once

#include <cstdint>

#include "core/position.hpp"

namespace gotb::board_facts {

inline constexpr int kMaxSidedPoints = 31;
inline constexpr std::uint64_t kWhiteMover = std::uint64_t{1} << 63;

// Whether a board of `points` points gets ids with the mover (and sides).
inline bool sided(int points) { return points <= kMaxSidedPoints; }

inline std::uint64_t id(const Position& p, Color mover, bool with_mover) {
  const std::uint64_t board = p.black | p.white << 32;
  return with_mover && mover == Color::White ? board | kWhiteMover : board;
}

inline Position position(std::uint64_t id, bool with_mover) {
  return Position{id & 0xffffffffULL, (id >> 32) & (with_mover ? 0x7fffffffULL : 0xffffffffULL)};
}

// +1: a play of Black creates the board (value 1 prohibits it); -1: White.
inline int side(std::uint64_t id) { return id & kWhiteMover ? -1 : 1; }

}  // namespace gotb::board_facts
