#include <catch2/catch.hpp>
#include <algorithm>

#include "core/rules/games.hpp"

using namespace gotb;

namespace {
bool legal(const TrompTaylorGame& g, const char* move) {
  Move m;
  REQUIRE(g.parse_move(move, m));
  return g.is_legal(m);
}
void play(TrompTaylorGame& g, const std::string& moves) { replay_moves(g, split_moves(moves)); }
}  // namespace

TEST_CASE("two consecutive passes end the game, a play resets the count", "[tromp-taylor]") {
  Board b = Board::parse("2x2");
  TrompTaylorGame g(b, RuleSet::parse("tromp-taylor"), 0);
  play(g, "pass A1 pass");
  CHECK(!g.is_over());
  CHECK(g.consecutive_passes() == 1);
  play(g, "pass");
  CHECK(g.is_over());
  CHECK(g.outcome().to_string() == "W+4");  // White played A1 and holds the whole board
  std::vector<Move> moves;
  g.legal_moves(moves);
  CHECK(moves.empty());
  CHECK_THROWS_WITH(play(g, "B2"), Catch::Contains("game is over"));
}

TEST_CASE("komi is subtracted from the area difference", "[tromp-taylor]") {
  Board b = Board::parse("1x3");
  TrompTaylorGame g(b, RuleSet::parse("tromp-taylor"), 2.5);
  play(g, "B1 pass pass");
  CHECK(g.outcome().to_string() == "B+0.5");
}

TEST_CASE("positional superko forbids recreating any earlier board", "[tromp-taylor][superko]") {
  // A ko on 1x4: Black D1 captures the white stone on C1 ...
  Board b = Board::parse("1x4");
  TrompTaylorGame g(b, RuleSet::parse("tromp-taylor"), 0);
  play(g, "B1 C1 D1");
  CHECK(diagram(b, g.position()) == ".X.X\n");
  // White C1 would capture D1 and recreate .XO., the board after move 2.
  std::string why;
  CHECK(!g.is_legal(Move::play(b.parse_point("C1")), &why));
  CHECK(why.find("positional superko") != std::string::npos);
  // White A1 is a suicide that leaves .X.X unchanged: also a repetition.
  CHECK(!legal(g, "A1"));
  std::vector<Move> moves;
  g.legal_moves(moves);
  CHECK(moves == std::vector<Move>{Move::pass()});
}

TEST_CASE("positional and situational superko differ on the player to move", "[tromp-taylor][superko]") {
  // On 1x2, Black A1, White pass, Black B1 is a two-stone suicide that
  // recreates the empty board with White to move. The empty board occurred
  // before (with Black to move), so positional superko forbids it and
  // situational superko allows it.
  Board b = Board::parse("1x2");
  TrompTaylorGame psk(b, RuleSet::parse("tromp-taylor"), 0);
  TrompTaylorGame ssk(b, RuleSet::parse("tromp-taylor:ko=situational"), 0);
  for (auto* g : {&psk, &ssk}) play(*g, "A1 pass");
  CHECK(!legal(psk, "B1"));
  CHECK(legal(ssk, "B1"));
  play(ssk, "B1");
  CHECK(ssk.position() == Position{});
  CHECK(ssk.to_move() == Color::White);
  // White A1 and Black pass; now White's two-stone suicide at B1 would give
  // the empty board with Black to move, the situation at the start.
  play(ssk, "A1 pass");
  CHECK(!legal(ssk, "B1"));  // White suicide -> empty board, Black to move: occurred at the start
}

TEST_CASE("no-suicide variant forbids suicide, including single stones", "[tromp-taylor]") {
  Board b = Board::parse("1x1");
  TrompTaylorGame yes(b, RuleSet::parse("tromp-taylor"), 0);
  TrompTaylorGame no(b, RuleSet::parse("tromp-taylor:no-suicide"), 0);
  std::string why;
  CHECK(!yes.is_legal(Move::play(0), &why));  // suicide allowed, but it recreates the empty board
  CHECK(why.find("superko") != std::string::npos);
  CHECK(!no.is_legal(Move::play(0), &why));
  CHECK(why.find("suicide") != std::string::npos);
  // Under situational superko the same suicide leaves the empty board with
  // White to move, a new situation (docs/rules/tromp-taylor.md).
  TrompTaylorGame ssk(b, RuleSet::parse("tromp-taylor:ssk"), 0);
  CHECK(ssk.is_legal(Move::play(0)));
}

TEST_CASE("undo restores the state exactly", "[tromp-taylor]") {
  Board b = Board::parse("2x3");
  TrompTaylorGame g(b, RuleSet::parse("tromp-taylor"), 0);
  play(g, "B1 B2 A2 C1");
  auto key = g.state_key();
  std::vector<Move> before;
  g.legal_moves(before);
  play(g, "A1 pass");
  for (int i = 0; i < 2; ++i) g.undo();
  CHECK(g.state_key() == key);
  std::vector<Move> after;
  g.legal_moves(after);
  CHECK(before == after);
  CHECK(g.ply() == 4);
}

TEST_CASE("move replay reports the offending move", "[tromp-taylor][errors]") {
  Board b = Board::parse("2x2");
  TrompTaylorGame g(b, RuleSet::parse("tromp-taylor"), 0);
  CHECK_THROWS_WITH(play(g, "A1 A1"), Catch::Contains("move 2 'A1'") && Catch::Contains("occupied"));
  TrompTaylorGame h(b, RuleSet::parse("tromp-taylor"), 0);
  CHECK_THROWS_WITH(play(h, "A1 Z9"), Catch::Contains("move 2 'Z9' names no point"));
}
