// tromp-taylor:ko=basic: the basic ko ban and the long-cycle tie
// (docs/rules/tromp-taylor.md, "ko=basic").
#include <catch2/catch.hpp>

#include "core/rules/games.hpp"
#include "tests/solve_value.hpp"

using namespace gotb;

namespace {
bool legal(const TrompTaylorGame& g, const char* move, std::string* why = nullptr) {
  Move m;
  REQUIRE(g.parse_move(move, m));
  return g.is_legal(m, why);
}
void play(TrompTaylorGame& g, const std::string& moves) { replay_moves(g, split_moves(moves)); }
}  // namespace

TEST_CASE("ko=basic: the immediate single-stone retake is illegal, later it is legal", "[tromp-taylor][basic-ko]") {
  // 1x8 after B E1, W B1, B pass, W D1:  . W . W B . . .  Black to move.
  Board b = Board::parse("1x8");
  TrompTaylorGame g(b, RuleSet::parse("tromp-taylor:ko=basic"), 0);
  play(g, "E1 B1 pass D1");
  CHECK(g.ko_ban() == -1);
  play(g, "C1");  // captures D1 alone; C1 is a single stone whose only liberty is D1
  CHECK(g.position().white == bit(1));
  CHECK(g.ko_ban() == 3);
  std::string why;
  CHECK(!legal(g, "D1", &why));
  CHECK_THAT(why, Catch::Contains("basic ko"));
  std::vector<Move> moves;
  g.legal_moves(moves);
  CHECK(std::find(moves.begin(), moves.end(), Move::play(3)) == moves.end());
  // A play elsewhere lifts the ban; after Black's pass White may retake,
  // which bans Black's immediate retake at C1 in turn.
  play(g, "H1");
  CHECK(g.ko_ban() == -1);
  play(g, "pass D1");
  CHECK(g.position().black == bit(4));
  CHECK(g.ko_ban() == 2);
  CHECK(!legal(g, "C1"));
  // Under superko the same retake was illegal only while the board repeats.
  TrompTaylorGame s(b, RuleSet::parse("tromp-taylor"), 0);
  play(s, "E1 B1 pass D1 C1");
  CHECK(!legal(s, "D1"));
}

TEST_CASE("ko=basic: a one-stone capture by a stone with two liberties is no ko", "[tromp-taylor][basic-ko]") {
  // 1x5: B E1, W B1, B pass, W D1 captures E1; D1 keeps the liberties C1
  // and E1, so Black may play E1 again at once (it captures nothing).
  Board b = Board::parse("1x5");
  TrompTaylorGame g(b, RuleSet::parse("tromp-taylor:ko=basic"), 0);
  play(g, "E1 B1 pass D1");
  CHECK(g.position().black == 0);
  CHECK(g.ko_ban() == -1);
  CHECK(legal(g, "E1"));
}

TEST_CASE("ko=basic: recreating an earlier situation ends the game as a tie", "[tromp-taylor][basic-ko]") {
  Board b = Board::parse("1x2");
  // B A1, W B1 captures it (ban on A1 for Black), B passes, W A1 is a
  // two-stone suicide: empty board, Black to move, no pass, no ban = the
  // start. The pass inside the cycle does not prevent it.
  TrompTaylorGame g(b, RuleSet::parse("tromp-taylor:ko=basic"), 0);
  play(g, "A1 B1");
  CHECK(g.ko_ban() == 0);
  CHECK(!legal(g, "A1"));
  play(g, "pass");
  CHECK(!g.is_over());
  play(g, "A1");
  CHECK(g.is_over());
  CHECK(g.long_cycle());
  CHECK(g.outcome().identical(Value::no_result(0)));
  g.undo();
  CHECK(!g.is_over());
  // The same board with a different pass count is another situation: B
  // pass, W pass would end by two passes, never as a cycle.
  TrompTaylorGame h(b, RuleSet::parse("tromp-taylor:ko=basic"), 0);
  play(h, "pass");
  CHECK(!h.is_over());
  play(h, "pass");
  CHECK(h.is_over());
  CHECK(!h.long_cycle());
  CHECK(h.outcome().identical(Value::score(0, 0)));
  // 1x1 with suicide: B's and W's one-stone suicides return to the start.
  Board one = Board::parse("1x1");
  TrompTaylorGame s(one, RuleSet::parse("tromp-taylor:ko=basic"), 0);
  play(s, "A1");
  CHECK(!s.is_over());
  play(s, "A1");
  CHECK(s.long_cycle());
}

TEST_CASE("ko=basic: a game started at a situation", "[tromp-taylor][basic-ko]") {
  Board b = Board::parse("1x3");
  const RuleSet r = RuleSet::parse("tromp-taylor:ko=basic");
  // B on A1, W on C1, White to move, banned at B1 (the game checks only
  // that a ban is an empty point after a play).
  TrompTaylorGame g(b, r, 0, Position{bit(0), bit(2)}, Color::White, 0, 1);
  CHECK(g.to_move() == Color::White);
  CHECK(g.ko_ban() == 1);
  CHECK(!legal(g, "B1"));  // it would capture A1 alone
  CHECK_THROWS_AS(TrompTaylorGame(b, r, 0, Position{bit(0), bit(2)}, Color::White, 0, 0), std::invalid_argument);
  CHECK_THROWS_AS(TrompTaylorGame(b, r, 0, Position{bit(0), bit(2)}, Color::White, 1, 1), std::invalid_argument);
  CHECK_THROWS_AS(TrompTaylorGame(b, r, 0, Position{bit(0), bit(1)}, Color::White, 0, -1), std::invalid_argument);
  // Superko: the state's shortest history (tests/test_superko_table.cpp
  // checks values); a ko ban exists only under ko=basic.
  CHECK_THROWS_AS(TrompTaylorGame(b, RuleSet::parse("tromp-taylor"), 0, Position{}, Color::Black, 0, 1),
                  std::invalid_argument);
  {
    // A superko game may start after a pass (its history then also holds
    // the situation before the pass).
    TrompTaylorGame s(b, RuleSet::parse("tromp-taylor:ko=situational"), 0, Position{bit(0), 0}, Color::White, 1, -1);
    CHECK(s.consecutive_passes() == 1);
    CHECK(s.to_move() == Color::White);
  }
  // The starting situation is in the history: a one-stone suicide pair
  // returns to it.
  TrompTaylorGame f(b, r, 0, Position{bit(0), bit(2)}, Color::Black, 0, -1);
  play(f, "pass");
  CHECK(!f.is_over());
  play(f, "B1");  // W B1 captures A1: B1-C1 white, Black to move, ban A1
  CHECK(f.ko_ban() == -1);  // B1-C1 is not a single stone
  CHECK(!f.is_over());
}

TEST_CASE("ko=basic: published and hand-checked values", "[tromp-taylor][basic-ko][reference]") {
  // van der Werf & Winands 2009 (MIGOS II): 2x2 = 0 under basic ko with
  // long cycles scored as a tie. Here the tie itself is the value (order 0).
  for (const char* r : {"tromp-taylor:ko=basic", "tromp-taylor:ko=basic,suicide=no"}) {
    INFO(r);
    CHECK(test::solve_value("2x2", r).order == 0);
    CHECK(test::solve_value("2x2", r, true) == test::solve_value("2x2", r, false));
  }
  // 1x1: without suicide only passes (0); with suicide either player can
  // repeat the start by a one-stone suicide, and the tie is the value.
  CHECK(test::solve_value("1x1", "tromp-taylor:ko=basic,suicide=no").identical(Value::score(0, 0)));
  CHECK(test::solve_value("1x1", "tromp-taylor:ko=basic").identical(Value::no_result(0)));
  // 1x3 without suicide: B B1 owns the board (as under superko).
  CHECK(test::solve_value("1x3", "tromp-taylor:ko=basic,suicide=no").to_string() == "B+3");
  // The cache never changes a value.
  for (const char* board : {"1x3", "1x4", "ring:4"})
    for (const char* r : {"tromp-taylor:ko=basic", "tromp-taylor:ko=basic,suicide=no"}) {
      INFO(board << " " << r);
      CHECK(test::solve_value(board, r, true) == test::solve_value(board, r, false));
    }
}

TEST_CASE("ko=basic: the tie stays at order 0 whatever the komi", "[tromp-taylor][basic-ko][reference]") {
  SolveRequest req{Board::parse("2x2"), RuleSet::parse("tromp-taylor:ko=basic,suicide=no"), 0.5, {}, {}};
  req.with_pv = false;
  req.with_move_values = false;
  CHECK(reference_solve(req).value.identical(Value::no_result(0)));
  req.komi = -0.5;
  CHECK(reference_solve(req).value.identical(Value::no_result(0)));
}
