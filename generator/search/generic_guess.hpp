// A guess at the value of a node of the generic search (generic_search.hpp,
// GenericOptions::guess) from the tromp-taylor search of the same board:
// the positional-superko value of the game started at the node's board and
// player to move. The area rulesets share that game's placement, capture
// and, mostly, its value (docs/solving.md section 4, "Session 24"); for
// territory scoring it is a hint. The guess only decides which null-window
// tests the generic driver runs first: any guess, right or wrong, gives the
// same value (docs/solving.md section 4, "Session 25").
#pragma once

#include <cstdint>
#include <memory>
#include <optional>

#include "core/board.hpp"
#include "core/color.hpp"
#include "core/position.hpp"

namespace gotb::search {

class RetroOrdering;

// The tromp-taylor (positional superko, suicide allowed, komi 0) value in
// points for Black of the game started at (pos, to_move, passes: 0 or 1,
// with that state as its only history), proven by the tromp-taylor search
// within `node_limit` nodes (its retrograde order from `ordering` where
// given, which must be the board's and outlive the call); nullopt where it
// is not proven in them, or the board is beyond that search (31 points).
std::optional<int> tromp_taylor_guess(const Board& board, const Position& pos, Color to_move, int passes,
                                      std::uint64_t node_limit, const RetroOrdering* ordering = nullptr,
                                      std::uint64_t* nodes = nullptr);

}  // namespace gotb::search
