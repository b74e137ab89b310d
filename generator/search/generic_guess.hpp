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

// The default node budget of one guess (GenericOptions::guess_nodes = 0):
// 2^22 up to 10 points, three times as much per point beyond, at most
// 2^28. Why: the tromp-taylor search's nodes grow about threefold per
// point (with the first moves, in the results table: 1x10 2.2 M, 1x11
// 7.7 M, 2x7 94 M), and a fixed 2^22 left kee-2016 1x11 without a guess
// (docs/solving.md section 4, "Session 33: kee-2016"); the cap keeps a
// guess that is not proven (1x12, 16 points) to minutes of CPU. The budget
// changes which tests run first, never a value.
std::uint64_t guess_node_budget(const Board& board);

}  // namespace gotb::search
