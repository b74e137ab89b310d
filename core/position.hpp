// A board colouring: one bitboard per colour. No side to move, no history.
#pragma once

#include <string>
#include <string_view>

#include "core/board.hpp"
#include "core/color.hpp"

namespace gotb {

struct Position {
  Mask black = 0, white = 0;

  Mask stones(Color c) const { return c == Color::Black ? black : white; }
  Mask& stones(Color c) { return c == Color::Black ? black : white; }
  Mask occupied() const { return black | white; }
  Mask empty(const Board& b) const { return b.all() & ~(black | white); }
  bool operator==(const Position&) const = default;
};

// The string (maximal connected same-coloured set) through point p, which
// must hold a stone.
Mask string_at(const Board& b, const Position& pos, int p);

// Empty points adjacent to the stones in s.
inline Mask liberties(const Board& b, const Position& pos, Mask s) {
  return b.dilate(s) & pos.empty(b);
}

// Stones of colour c that belong to a string with at least one liberty.
inline Mask stones_with_liberties(const Board& b, const Position& pos, Color c) {
  Mask own = pos.stones(c);
  return b.flood(own & b.dilate(pos.empty(b)), own);
}

// True when every string has a liberty (the positions reachable in play).
inline bool is_legal_position(const Board& b, const Position& pos) {
  return (pos.black & pos.white) == 0 && (pos.occupied() & ~b.all()) == 0 &&
         stones_with_liberties(b, pos, Color::Black) == pos.black &&
         stones_with_liberties(b, pos, Color::White) == pos.white;
}

enum class SuicideRule : std::uint8_t {
  Forbidden,  // a play whose string has no liberty after captures is illegal
  Allowed,    // such a play removes its own string (after opposing captures)
};

enum class PlayStatus : std::uint8_t { Ok, Occupied, Suicide };

struct PlayOutcome {
  Position next;
  Mask captured = 0;  // opposing stones removed
  Mask suicided = 0;  // own stones removed (suicide allowed only)
};

// Places a stone of colour c at empty point p, removes opposing strings left
// without liberties, then (suicide allowed) the own string if it has none.
// Returns Occupied or Suicide (forbidden) without touching out.
PlayStatus play_stone(const Board& b, const Position& pos, Color c, int p, SuicideRule suicide,
                      PlayOutcome& out);

// Text diagrams: one row per line for grid boards (top row first), one line
// of size() characters for graph boards. Black: X, B, x, b, #, @. White: O,
// W, o, w. Empty: '.', '+', '-', ','. Spaces are ignored; rows may also be
// separated by '/'. Throws std::invalid_argument on a malformed diagram.
Position parse_diagram(const Board& b, std::string_view text);
std::string diagram(const Board& b, const Position& pos, bool with_coords = false);

}  // namespace gotb
