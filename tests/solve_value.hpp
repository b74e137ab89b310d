// The reference solver's value of a board (after an optional history),
// for tests that only need the number: no move values, no PV.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "generator/reference/solve.hpp"

namespace gotb::test {

inline Value solve_value(const std::string& board, const std::string& rules, bool memo = true,
                         std::vector<std::string> moves = {}, std::uint64_t node_limit = 0,
                         RepeatScoring repeat = RepeatScoring::Superko) {
  SolveRequest req{Board::parse(board), RuleSet::parse(rules), 0, std::move(moves), {}};
  req.options.memo = memo;
  req.options.node_limit = node_limit;
  req.with_move_values = false;
  req.with_pv = false;
  req.repeat = repeat;
  return reference_solve(req).value;
}

// A retrograde fixpoint in the mover's view (span = a win) as a Value from
// Black's point of view (komi 0).
inline Value as_black_value(int v, int span, Color mover) {
  const bool black = mover == Color::Black;
  if (v == span) return black ? Value::black_wins() : Value::white_wins();
  if (v == -span) return black ? Value::white_wins() : Value::black_wins();
  return Value::score(black ? v : -v, 0);
}

}  // namespace gotb::test
