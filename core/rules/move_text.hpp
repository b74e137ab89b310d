// The names of moves in histories, shared by every game model so that a
// move list reads the same under every ruleset: a point name (GTP
// coordinates or the graph's names), "pass", and the ruleset-specific pass
// kinds "keep" (Kee 2005 ban-keeping pass), "appeal" (Kee 2016 appealing
// pass) and "ko-pass" (Japanese 2003 hypothetical sequences).
#pragma once

#include <initializer_list>
#include <string>
#include <string_view>

#include "core/board.hpp"
#include "core/move.hpp"

namespace gotb {

std::string move_text(const Board& board, Move m);

// Parses a point name or "pass" (lower, upper or capitalised), and the
// words of the pass kinds in `extra` (those the ruleset has). Returns false
// for anything else; legality is the game's business.
bool parse_move_text(const Board& board, std::string_view text, Move& out,
                     std::initializer_list<MoveKind> extra = {});

}  // namespace gotb
