// The small parsers of the command line: ruleset strings, board specs (not
// graph files: fuzz_graph), move texts on a board, values, and a history
// replayed under every ruleset. The input is split at the first two
// newlines: ruleset, board, moves.
#include <exception>
#include <string>

#include "core/board.hpp"
#include "core/budget.hpp"
#include "core/rules/games.hpp"
#include "core/rules/move_text.hpp"
#include "core/rules/ruleset.hpp"
#include "core/value.hpp"
#include "fuzz/fuzz_util.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::string_view text = gotb::fuzz::as_text(data, size);
  auto next = [&]() {
    const std::size_t nl = text.find('\n');
    std::string_view part = text.substr(0, nl);
    text = nl == std::string_view::npos ? std::string_view{} : text.substr(nl + 1);
    return std::string(part);
  };
  const std::string rules_text = next(), board_text = next(), moves_text(text);
  gotb::RuleSet rules = gotb::RuleSet::parse("tromp-taylor");
  try {
    rules = gotb::RuleSet::parse(rules_text);
    if (gotb::RuleSet::parse(rules.to_string()).to_string() != rules.to_string()) __builtin_trap();
  } catch (const std::exception&) {
  }
  try {
    (void)gotb::Value::parse(rules_text);
  } catch (const std::exception&) {
  }
  gotb::Board board = gotb::Board::rectangle(2, 2);
  try {
    if (board_text.rfind("graph:", 0) != 0) {  // no file access from here
      board = gotb::Board::parse(board_text);
      if (gotb::Board::parse(board.spec()).spec() != board.spec()) __builtin_trap();
    }
  } catch (const std::exception&) {
  }
  try {
    gotb::Move m;
    for (std::size_t i = 0; i < moves_text.size();) {
      std::size_t sp = moves_text.find(' ', i);
      if (sp == std::string::npos) sp = moves_text.size();
      (void)gotb::parse_move_text(board, std::string_view(moves_text).substr(i, sp - i), m);
      i = sp + 1;
    }
    // Replay (legality, captures, the rules' own bookkeeping), no solving;
    // a japanese-2003 pass after a pass analyses the position: bounded.
    gotb::Budget budget(200000, 2.0);
    gotb::BudgetScope scope(&budget);
    gotb::visit_game(board, rules, 0, [&](auto& game) { gotb::replay_moves(game, gotb::split_moves(moves_text)); });
  } catch (const std::exception&) {
  }
  return 0;
}
