// kee-2005: the pass that ends the game bounds the value on its mover's side
// (session 30; docs/solving.md section 4, "Session 30: kee-2005, the pass
// that ends the game"). Checked three ways: (1) the game's own prediction
// (pass_end_outcome) against playing the pass, at every node of random
// pass-rich lines under both scorings, and a prediction that ignored the
// history comparison or the position fails there; (2) the node bounds
// contain the node's exact value (the search without the bound) along random
// lines; (3) the search's values with the bound equal the reference solver's
// and the search's without it.
#include <catch2/catch.hpp>

#include <optional>
#include <random>

#include "core/rules/games.hpp"
#include "core/rules/kee2005.hpp"
#include "generator/search/generic_search.hpp"
#include "tests/kee2005_search.hpp"
#include "tests/random_history.hpp"
#include "tests/solve_value.hpp"

using namespace gotb;

namespace {

Value search_value(const std::string& board, const std::string& rules, bool end_bound,
                   const std::vector<std::string>& moves = {}) {
  return test::kee2005_search_value(
      board, rules, [&](Kee2005Game& g, search::GenericOptions&) { g.set_end_bound(end_bound); }, moves);
}

}  // namespace

TEST_CASE("kee-2005 end bound: the predicted end is the end the pass makes", "[kee-2005][generic][bounds][end-bound]") {
  std::mt19937 rng(3030);
  int nodes = 0, ends = 0, keep_ends = 0, phase_ends = 0, no_end = 0;
  for (const char* rules : {"kee-2005", "kee-2005:no-suicide", "kee-2005:japanese", "kee-2005:japanese,no-suicide"})
    for (const char* board : {"1x1", "1x2", "1x3", "2x2", "1x4"}) {
      const Board b = Board::parse(board);
      for (int line = 0; line < 60; ++line) {
        Kee2005Game g(b, RuleSet::parse(rules), 0);
        for (int ply = 0; ply < 60 && !g.is_over(); ++ply) {
          for (MoveKind kind : {MoveKind::Pass, MoveKind::BanKeepingPass}) {
            const bool predicted_end = g.pass_ends_phase(kind);
            const std::optional<Value> predicted = g.pass_end_outcome(kind);
            const Kee2005Game::Phase before = g.phase();
            g.play(Move::pass(kind));
            const bool ended = g.is_over();
            INFO(rules << " " << board << " line " << line << " ply " << ply << " kind " << static_cast<int>(kind));
            REQUIRE(predicted_end == (g.phase() != before));
            REQUIRE(predicted.has_value() == ended);
            if (ended) {
              CHECK(predicted->identical(g.outcome()));
              ++ends;
              if (kind == MoveKind::BanKeepingPass) ++keep_ends;
            } else if (predicted_end) {
              ++phase_ends;  // japanese: into the next confirmation phase
            } else {
              ++no_end;
            }
            g.undo();
          }
          ++nodes;
          g.play(test::random_move_passes_often(g, rng, 2));
        }
      }
    }
  CHECK(nodes > 5000);
  CHECK(ends > 500);
  CHECK(keep_ends > 50);
  CHECK(phase_ends > 200);
  CHECK(no_end > 5000);
}

TEST_CASE("kee-2005 end bound: the node bounds contain the value", "[kee-2005][generic][bounds][end-bound]") {
  std::mt19937 rng(3031);
  int checked = 0, narrowed = 0;
  for (const char* rules : {"kee-2005", "kee-2005:no-suicide", "kee-2005:japanese"})
    for (const char* board : {"1x2", "1x3"}) {
      const Board b = Board::parse(board);
      for (int line = 0; line < 6; ++line) {
        Kee2005Game g(b, RuleSet::parse(rules), 0);
        for (int ply = 0; ply < 16 && !g.is_over(); ++ply) {
          const auto with = g.node_outcome_bounds();
          g.set_end_bound(false);
          const auto without = g.node_outcome_bounds();
          g.set_pass_bounds(false);
          const Value v = test::kee2005_value_now(g);
          g.set_pass_bounds(true);
          g.set_end_bound(true);
          INFO(rules << " " << board << " line " << line << " ply " << ply << ": [" << with.first.to_string() << ", "
                     << with.second.to_string() << "] value " << v.to_string());
          REQUIRE(with.first <= v);
          REQUIRE(v <= with.second);
          ++checked;
          if (with.first > without.first || with.second < without.second) ++narrowed;
          const Move m = test::random_move_passes_often(g, rng, 2);
          g.play(m);
        }
      }
    }
  CHECK(checked > 100);
  CHECK(narrowed > 5);
}

TEST_CASE("kee-2005 end bound: search values unchanged", "[kee-2005][generic][bounds][end-bound]") {
  for (const char* rules : {"kee-2005", "kee-2005:no-suicide"}) {
    for (const char* board : {"1x1", "1x2", "1x3"}) {
      INFO(rules << " " << board);
      CHECK(search_value(board, rules, true).identical(test::solve_value(board, rules, true)));
    }
    for (const char* board : {"1x4", "1x5"}) {
      INFO(rules << " " << board);
      CHECK(search_value(board, rules, true).identical(search_value(board, rules, false)));
    }
  }
  for (const char* rules : {"kee-2005:japanese", "kee-2005:japanese,no-suicide"}) {
    for (const char* board : {"1x1", "1x2"}) {
      INFO(rules << " " << board);
      CHECK(search_value(board, rules, true).identical(test::solve_value(board, rules, true)));
    }
    INFO(rules << " 1x3");
    CHECK(search_value("1x3", rules, true).identical(search_value("1x3", rules, false)));
  }
  // After random lines (both scorings), where later phases and long records
  // make the bound apply deep in the tree.
  std::mt19937 rng(3032);
  for (const char* rules : {"kee-2005", "kee-2005:japanese"})
    for (int i = 0; i < 6; ++i) {
      const std::string board = i % 2 ? "1x3" : "1x4";
      if (board == "1x4" && std::string(rules).find("japanese") != std::string::npos) continue;
      const std::vector<std::string> line =
          test::random_line_on<Kee2005Game>(board, rules, rng, static_cast<int>(4 + rng() % 10));
      INFO(rules << " " << board << " after " << line.size() << " moves");
      CHECK(search_value(board, rules, true, line).identical(search_value(board, rules, false, line)));
    }
}
