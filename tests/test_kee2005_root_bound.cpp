// kee-2005 chinese: the first player's value is at least 0 points (session
// 29; docs/solving.md section 4, "Session 29: kee-2005 chinese, the first
// player's value is at least 0"). The bound rests on a strategy-stealing
// argument, so it is checked here three ways: (1) its steps on the boards
// where every value is computable (after Black's first ban-deleting pass,
// each White move m is worth at least minus Black's first move m, by colour
// swap with one extra ban); (2) the search with it equals the reference
// solver and the search without it, and on boards whose value is 0 (1x1,
// 1x2, 1x5) the bound is met, so a bound one point too high fails; (3) it
// enters the node bounds at the game's first node only (a bound applied at
// any other node, such as every empty board with Black to move, fails).
#include <catch2/catch.hpp>

#include <algorithm>
#include <random>

#include "core/rules/games.hpp"
#include "core/rules/kee2005.hpp"
#include "generator/search/generic_search.hpp"
#include "tests/kee2005_search.hpp"
#include "tests/random_history.hpp"
#include "tests/solve_value.hpp"

using namespace gotb;

namespace {

Value search_value(const std::string& board, const std::string& rules, bool root_bound,
                   const std::vector<std::string>& moves = {}) {
  return test::kee2005_search_value(
      board, rules, [&](Kee2005Game& g, search::GenericOptions&) { g.set_root_bound(root_bound); }, moves);
}

}  // namespace

TEST_CASE("kee-2005 chinese root bound: the strategy-stealing steps hold", "[kee-2005][generic][bounds][root-bound]") {
  // Step 2 of the argument: for each White move m after Black's first
  // ban-deleting pass (other than the pass that ends the game at 0),
  // value(pass, m) >= -value(m): the colour-swapped line is Black's line m
  // with one extra ban that only forbids Black's moves. Step 3 then gives
  // value >= min(0, -value) >= 0 ... checked directly too.
  int checked = 0, tight = 0;
  for (const char* rules : {"kee-2005", "kee-2005:no-suicide"})
    for (const char* board : {"1x1", "1x2", "1x3", "1x4"}) {
      const Board b = Board::parse(board);
      Kee2005Game g(b, RuleSet::parse(rules), 0);
      const Value root = search_value(board, rules, false);
      INFO(rules << " " << board << " value " << root.to_string());
      REQUIRE(root >= Value::score(0, 0));
      g.play(Move::pass());
      std::vector<Move> moves;
      g.legal_moves(moves);
      for (Move m : moves) {
        if (m.kind == MoveKind::Pass) continue;  // ends the game: b2 = b0 (C.3)
        const std::string text = g.move_name(m);
        const Value after_pass = search_value(board, rules, false, {"pass", text});
        const Value direct = search_value(board, rules, false, {text});
        INFO("White " << text << " after pass: " << after_pass.to_string() << ", Black " << text << " first: "
                      << direct.to_string());
        const Value minus_direct = Value::score_half_points(-direct.order);
        CHECK(after_pass >= minus_direct);
        ++checked;
        if (after_pass == minus_direct) ++tight;
      }
      // The pass that ends the game: 0.
      CHECK(search_value(board, rules, false, {"pass", "pass"}).identical(Value::score(0, 0)));
    }
  CHECK(checked > 10);
  CHECK(tight > 0);
}

TEST_CASE("kee-2005 chinese root bound: search values unchanged, the bound met", "[kee-2005][generic][bounds][root-bound]") {
  for (const char* rules : {"kee-2005", "kee-2005:no-suicide"}) {
    for (const char* board : {"1x1", "1x2", "1x3"}) {
      INFO(rules << " " << board);
      const Value ref = test::solve_value(board, rules, true);
      CHECK(search_value(board, rules, true).identical(ref));
    }
    for (const char* board : {"1x4", "1x5"}) {
      INFO(rules << " " << board);
      CHECK(search_value(board, rules, true).identical(search_value(board, rules, false)));
    }
    // Boards whose value the bound meets: a bound one point higher would
    // cross the value there.
    for (const char* board : {"1x1", "1x2", "1x5"}) {
      INFO(rules << " " << board);
      const Board b = Board::parse(board);
      Kee2005Game g(b, RuleSet::parse(rules), 0);
      CHECK(g.node_outcome_bounds().first == Value::score(0, 0));
      CHECK(search_value(board, rules, true).identical(Value::score(0, 0)));
    }
  }
  // Komi shifts it like any score; japanese scoring has no such bound (the
  // colour swap reverses the order of the confirmation phases).
  const Board b = Board::parse("2x2");
  Kee2005Game c(b, RuleSet::parse("kee-2005"), 0.5);
  CHECK(c.node_outcome_bounds().first == Value::score(0, 0.5));
  c.set_root_bound(false);
  CHECK(c.node_outcome_bounds().first < Value::score(0, 0.5));
  Kee2005Game j(b, RuleSet::parse("kee-2005:japanese"), 0);
  Kee2005Game j0(b, RuleSet::parse("kee-2005:japanese"), 0);
  j0.set_root_bound(false);
  CHECK(j.node_outcome_bounds().first == j0.node_outcome_bounds().first);
}

TEST_CASE("kee-2005 chinese root bound: only at the game's first node", "[kee-2005][generic][bounds][root-bound]") {
  std::mt19937 rng(2929);
  int nodes = 0, empty_black = 0;
  for (const char* rules : {"kee-2005", "kee-2005:no-suicide"})
    for (const char* board : {"1x1", "1x2", "1x3", "2x2"}) {
      const Board b = Board::parse(board);
      for (int line = 0; line < 40; ++line) {
        Kee2005Game g(b, RuleSet::parse(rules), 0);
        for (int ply = 0; ply < 24 && !g.is_over(); ++ply) {
          // Passes and keeps often, so empty boards with Black to move recur
          // (after keep-keep, or after suicides on 1x1 and 1x2).
          g.play(test::random_move_passes_often(g, rng, 2));
          if (g.is_over()) break;
          const auto with = g.node_outcome_bounds();
          g.set_root_bound(false);
          const auto without = g.node_outcome_bounds();
          g.set_root_bound(true);
          INFO(rules << " " << board << " line " << line << " ply " << ply);
          CHECK(with.first.identical(without.first));
          CHECK(with.second.identical(without.second));
          ++nodes;
          if (g.position().occupied() == 0 && g.to_move() == Color::Black) ++empty_black;
        }
      }
    }
  CHECK(nodes > 500);
  CHECK(empty_black > 20);  // the nodes a looser condition would have hit
}

TEST_CASE("kee-2005 first node: one occupying move per orbit in the search's list", "[kee-2005][generic][root-bound]") {
  for (const auto& [board, orbits] : {std::pair{"1x1", 1}, std::pair{"1x4", 2}, std::pair{"1x5", 3}, std::pair{"2x2", 1},
                                      std::pair{"2x3", 2}}) {
    INFO(board);
    const Board b = Board::parse(board);
    for (const char* rules : {"kee-2005", "kee-2005:japanese"}) {
      Kee2005Game g(b, RuleSet::parse(rules), 0);
      // (1x1's only play is a one-stone suicide, which session 33's
      // pruning leaves out; the orbits are this test's subject.)
      g.set_suicide_pruning(false);
      g.set_pass_dominance(false);
      std::vector<Move> listed, all;
      std::vector<std::uint64_t> ids;
      g.legal_moves_with_facts(listed, ids);
      g.legal_moves(all);
      auto plays = [](const std::vector<Move>& v) {
        return std::count_if(v.begin(), v.end(), [](Move m) { return m.kind == MoveKind::Play; });
      };
      CHECK(plays(listed) == orbits);
      CHECK(plays(all) == b.size());
      CHECK(listed.size() == static_cast<std::size_t>(orbits) + 2);  // and both passes
      // After any move the list is complete again (on 1x1 White's suicide
      // would recreate the first situation, which C.2 forbids).
      g.play(Move::pass(MoveKind::BanKeepingPass));
      listed.clear();
      g.legal_moves_with_facts(listed, ids);
      all.clear();
      g.legal_moves(all);
      CHECK(plays(listed) == plays(all));
      CHECK(plays(all) == (b.size() == 1 ? 0 : b.size()));
      g.set_root_symmetry(false);
      g.undo();
      listed.clear();
      g.legal_moves_with_facts(listed, ids);
      CHECK(plays(listed) == b.size());
    }
  }
  auto value = [](const std::string& board, const std::string& rules, bool prune) {
    return test::kee2005_search_value(
        board, rules, [&](Kee2005Game& g, search::GenericOptions&) { g.set_root_symmetry(prune); }, {});
  };
  for (const char* rules : {"kee-2005", "kee-2005:no-suicide"})
    for (const char* board : {"1x1", "1x2", "1x3", "1x4", "1x5"}) {
      INFO(rules << " " << board);
      CHECK(value(board, rules, true).identical(value(board, rules, false)));
    }
  for (const char* rules : {"kee-2005:japanese", "kee-2005:japanese,no-suicide"})
    for (const char* board : {"1x1", "1x2", "1x3"}) {
      INFO(rules << " " << board);
      CHECK(value(board, rules, true).identical(value(board, rules, false)));
    }
}
