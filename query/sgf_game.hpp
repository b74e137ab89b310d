// Turning an SGF game record into a gotb game: the spec (board, ruleset,
// komi) and a history the ruleset's game model accepts.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "query/game_record.hpp"
#include "query/sgf.hpp"

namespace gotb {

struct SgfGameChoices {
  std::optional<Board> board;     // --board: must match the file's SZ when it has one
  std::optional<RuleSet> rules;   // --rules: wins over RU
  std::optional<double> komi;     // --komi: wins over KM
  // Non-empty (e.g. "the tablebase"): rules and komi are fixed by that, and
  // an RU or KM in the record that says otherwise (or an RU gotb cannot
  // read, so cannot compare) is an error naming both, never ignored.
  std::string must_agree_with;
};

struct SgfGame {
  GameSpec spec;
  std::vector<std::string> moves;  // canonical names
};

// The board comes from the file (or `choices.board` when the file has none;
// both given and different is an error). The ruleset: choices.rules, else
// RU when it is a gotb ruleset text, else an error (RU[Chinese] and the like
// name rules gotb does not guess at). Komi: choices.komi, else KM, else 0.
// The main line is replayed on the ruleset's game model; its colours must
// alternate as the model says (no implicit passes). Throws SgfError or
// std::invalid_argument naming the node / move at fault.
SgfGame sgf_game(const SgfRecord& rec, const SgfGameChoices& choices);

}  // namespace gotb
