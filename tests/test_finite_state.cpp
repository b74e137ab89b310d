#include <catch2/catch.hpp>

#include "core/rules/games.hpp"
#include "generator/reference/solve.hpp"
#include "tests/solve_value.hpp"

using namespace gotb;

namespace {

Value finite(const std::string& board, const std::string& rules, RepeatScoring s, bool memo,
             std::vector<std::string> moves = {}) {
  return test::solve_value(board, rules, memo, std::move(moves), 0, s);
}

}  // namespace

TEST_CASE("repeated-state modes: the cache never changes a value", "[reference][repeated]") {
  for (auto rules : {"tromp-taylor", "tromp-taylor:no-suicide"})
    for (auto board : {"1x1", "1x2", "1x3", "1x4", "2x2"})
      for (auto s : {RepeatScoring::BlackWins, RepeatScoring::WhiteWins}) {
        INFO(board << " " << rules << " " << (s == RepeatScoring::BlackWins ? "black" : "white"));
        CHECK(finite(board, rules, s, true) == finite(board, rules, s, false));
      }
}

TEST_CASE("repeated-state modes: hand-checked 1x1 and 1x2", "[reference][repeated]") {
  // 1x1, suicide allowed: the only play is a suicide that leaves the board
  // empty and hands the move over, so Black can repeat (empty, White, 0)...
  // whoever profits from a repetition repeats; otherwise both pass (0).
  CHECK(finite("1x1", "tromp-taylor", RepeatScoring::BlackWins, true).to_string() == "B wins (special)");
  CHECK(finite("1x1", "tromp-taylor", RepeatScoring::WhiteWins, true).to_string() == "W wins (special)");
  // Without suicide 1x1 has only passes: pass, pass ends 0 before any repeat.
  CHECK(finite("1x1", "tromp-taylor:no-suicide", RepeatScoring::BlackWins, true).to_string() == "0");
  CHECK(finite("1x1", "tromp-taylor:no-suicide", RepeatScoring::WhiteWins, true).to_string() == "0");
}
