// Runtime entry point of the reference solver for any implemented ruleset.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/board.hpp"
#include "core/rules/ruleset.hpp"
#include "core/value.hpp"
#include "generator/reference/reference_solver.hpp"

namespace gotb {

struct SolveRequest {
  Board board;
  RuleSet rules;
  double komi = 0;
  std::vector<std::string> moves;  // history played before solving
  ReferenceOptions options;
  bool with_move_values = true;    // value of every legal move
  bool with_pv = true;
};

struct MoveReport {
  std::string move;
  Value value;
};

struct SolveReport {
  Value value;
  std::string to_move;              // "Black" / "White"; empty when the game is over
  bool game_over = false;
  std::vector<MoveReport> moves;    // best first for the player to move, then legal order
  std::vector<std::string> pv;
  std::uint64_t nodes = 0;
  std::uint64_t memo_hits = 0;
  double seconds = 0;
  std::string method = "reference";
};

// Throws RulesError / std::invalid_argument for bad rules or an illegal
// history, NodeLimitReached when options.node_limit is exceeded.
SolveReport reference_solve(const SolveRequest& request);

}  // namespace gotb
