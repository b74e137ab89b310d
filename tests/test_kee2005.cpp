// Kee Rules 2005 (docs/rules/kee-2005.md): bans, the two prohibitions,
// phase ends, confirmation phases, irremovable groups and both scorings.
#include <catch2/catch.hpp>

#include "core/rules/games.hpp"
#include "generator/reference/solve.hpp"
#include "tests/solve_value.hpp"

using namespace gotb;

namespace {
bool legal(const Kee2005Game& g, const char* move, std::string* why = nullptr) {
  Move m;
  REQUIRE(g.parse_move(move, m));
  return g.is_legal(m, why);
}
void play(Kee2005Game& g, const std::string& moves) { replay_moves(g, split_moves(moves)); }
Value solve(const std::string& board, const std::string& rules, std::vector<std::string> moves = {}) {
  return test::solve_value(board, rules, true, std::move(moves));
}
}  // namespace

TEST_CASE("kee-2005: C.2 forbids a repeated situation within the history", "[kee-2005]") {
  Board b = Board::parse("1x3");
  Kee2005Game g(b, RuleSet::parse("kee-2005"), 0);
  // Black B1; White's A1 is a suicide (B.3): the board stays .X. with Black
  // to move. After a ban-keeping pass White's A1 again would recreate the
  // situation (.X., Black) inside the same history.
  play(g, "B1 A1 keep");
  std::string why;
  CHECK_FALSE(legal(g, "A1", &why));
  CHECK_THAT(why, Catch::Contains("C.2"));
  CHECK(legal(g, "pass"));  // passes are never restricted
  CHECK(legal(g, "keep"));
}

TEST_CASE("kee-2005: a ban-deleting pass deletes the ban, but not against a repeated history", "[kee-2005]") {
  Board b = Board::parse("1x3");
  Kee2005Game g(b, RuleSet::parse("kee-2005"), 0);
  play(g, "B1 A1 pass");
  // The earlier ban with situation (.X., Black) had the history {empty
  // board, .X. White to move, .X. Black to move}; the new history after the
  // ban-deleting pass lacks the empty board, so A1 is allowed again.
  CHECK(legal(g, "A1"));
  // C.2b across windows: after "B1 pass pass" the ban recorded after
  // White's ban-deleting pass, (.X., Black to move) with history
  // {(.X., Black)}, is contained in the history White's A1 would produce;
  // after "B1 keep pass" the corresponding earlier history also holds the
  // empty board, so A1 is allowed.
  Kee2005Game h(b, RuleSet::parse("kee-2005"), 0);
  play(h, "B1 pass pass");
  std::string why;
  CHECK_FALSE(legal(h, "A1", &why));
  CHECK_THAT(why, Catch::Contains("C.2"));
  Kee2005Game k(b, RuleSet::parse("kee-2005"), 0);
  play(k, "B1 keep pass");
  CHECK(legal(k, "A1"));
}

TEST_CASE("kee-2005: a phase ends when the ban is the same as two moves before", "[kee-2005]") {
  Board b = Board::parse("1x3");
  const RuleSet chinese = RuleSet::parse("kee-2005");
  SECTION("two ban-deleting passes at the start") {
    Kee2005Game g(b, chinese, 0);
    play(g, "pass");
    CHECK_FALSE(g.is_over());
    play(g, "pass");
    CHECK(g.is_over());
    CHECK(g.outcome().to_string() == "0");
  }
  SECTION("after an occupying move, three passes of one kind") {
    for (const char* kind : {"pass", "keep"}) {
      Kee2005Game g(b, chinese, 0);
      play(g, std::string("B1 ") + kind + " " + kind);
      CHECK_FALSE(g.is_over());
      play(g, kind);
      CHECK(g.is_over());
      CHECK(g.outcome().to_string() == "B+3");  // F.5: gross area of the final position
    }
  }
  SECTION("mixed passes: the history keeps growing until it repeats") {
    Kee2005Game g(b, chinese, 0);
    play(g, "B1 pass keep keep");
    CHECK_FALSE(g.is_over());
    play(g, "keep");
    CHECK(g.is_over());
  }
}

TEST_CASE("kee-2005: D.2 compares the neighbour of the occupied point", "[kee-2005][japanese]") {
  Board b = Board::parse("1x3");
  // Common phase: Black passes, White B1; Black's A1 is a suicide that
  // leaves the board as it was, but the situation (.O., White to move) is
  // new, so C.2 allows it.
  Kee2005Game c(b, RuleSet::parse("kee-2005:japanese"), 0);
  play(c, "pass B1");
  CHECK(legal(c, "A1"));
  // Black's confirmation phase on the empty common position (two
  // ban-deleting passes): White moves first (D.1). After White B1, Black's
  // A1 leaves the neighbour {A1, B1} as it was in the ban just recorded.
  Kee2005Game g(b, RuleSet::parse("kee-2005:japanese"), 0);
  play(g, "pass pass");
  REQUIRE(g.phase() == Kee2005Game::Phase::BlackConfirmation);
  CHECK(g.to_move() == Color::White);
  play(g, "B1");
  std::string why;
  CHECK_FALSE(legal(g, "A1", &why));
  CHECK_THAT(why, Catch::Contains("D.2"));
  play(g, "pass pass pass");
  REQUIRE(g.phase() == Kee2005Game::Phase::WhiteConfirmation);
  CHECK(g.to_move() == Color::Black);  // D.1: in White's phase Black moves first
  CHECK(g.position() == Position{});   // from the common position again
}

TEST_CASE("kee-2005: irremovable groups (F.2)", "[kee-2005][japanese]") {
  Board b = Board::parse("3x3");
  for (SuicideRule s : {SuicideRule::Allowed, SuicideRule::Forbidden}) {
    // A cross with four one-point eyes: White can never fill them all.
    Position cross = parse_diagram(b, ".X./XXX/.X.");
    CHECK(Kee2005Scoring::irremovable(b, cross, 0, Color::Black, s) == cross.black);
    // A group with one eye next to a white stone is removable.
    Position one = parse_diagram(b, "XXX/XXX/.XO");
    CHECK(Kee2005Scoring::irremovable(b, one, 0, Color::Black, s) == 0);
  }
  // Two stones sharing their only liberty (1x3 X.O): each side can fill
  // it and capture, so neither group is irremovable and neither player has
  // permanent area ("zero points in seki").
  Board line = Board::parse("1x3");
  Position dual = parse_diagram(line, "X.O");
  CHECK(Kee2005Scoring::irremovable(line, dual, 0, Color::Black, SuicideRule::Allowed) == 0);
  CHECK(Kee2005Scoring::irremovable(line, dual, 0, Color::White, SuicideRule::Allowed) == 0);
  // Indeterminate points are not unoccupied: an empty region next to one
  // belongs to nobody.
  Position lone = parse_diagram(line, ".X.");
  CHECK(Kee2005Scoring::area(line, lone, 0, lone.black) == line.all());
  CHECK(Kee2005Scoring::area(line, lone, bit(0), lone.black) == (lone.black | bit(2)));
}

TEST_CASE("kee-2005: Japanese scoring counts permanent area and removed stones", "[kee-2005][japanese]") {
  Board b = Board::parse("1x3");
  Kee2005Game g(b, RuleSet::parse("kee-2005:japanese"), 0);
  // White's A1 is a suicide: one white stone removed in the common phase.
  play(g, "B1 A1 pass pass pass");
  REQUIRE(g.phase() == Kee2005Game::Phase::BlackConfirmation);
  CHECK(g.common_position() == parse_diagram(b, ".X."));
  CHECK(g.removed_in_common_phase(Color::White) == 1);
  play(g, "pass pass pass pass");
  REQUIRE(g.is_over());
  // Black: A1 and C1 (F.6a) = 2; White: -1 (F.6c).
  CHECK(g.outcome().to_string() == "B+3");
  // The same game scored the Chinese way: gross area 3 (F.5), no prisoners.
  Kee2005Game c(b, RuleSet::parse("kee-2005"), 0);
  play(c, "B1 A1 pass pass pass");
  REQUIRE(c.is_over());
  CHECK(c.outcome().to_string() == "B+3");
  Kee2005Game h(b, RuleSet::parse("kee-2005:japanese"), 0);
  play(h, "B1 pass pass pass pass pass pass pass");
  REQUIRE(h.is_over());
  CHECK(h.outcome().to_string() == "B+2");  // territory only, stones do not count
}

TEST_CASE("kee-2005: solved tiny boards", "[kee-2005][reference]") {
  CHECK(solve("1x1", "kee-2005").to_string() == "0");
  CHECK(solve("1x2", "kee-2005").to_string() == "0");
  CHECK(solve("1x3", "kee-2005").to_string() == "B+3");
  CHECK(solve("1x1", "kee-2005:japanese").to_string() == "0");
  CHECK(solve("1x2", "kee-2005:japanese").to_string() == "0");
}

TEST_CASE("kee-2005: suicide=no forbids a captive own group without captures (B.1)", "[kee-2005]") {
  Board b = Board::parse("1x4");
  Kee2005Game yes(b, RuleSet::parse("kee-2005"), 0);
  play(yes, "B1");
  CHECK(legal(yes, "A1"));  // B.3: the white stone is removed again
  Kee2005Game no(b, RuleSet::parse("kee-2005:no-suicide"), 0);
  play(no, "B1");
  std::string why;
  CHECK_FALSE(legal(no, "A1", &why));
  CHECK_THAT(why, Catch::Contains("B.1"));
  // A capture is not suicide: after White C1, White A1 captures B1.
  play(no, "C1 pass");
  REQUIRE(legal(no, "A1"));
  play(no, "A1");
  CHECK(no.position() == parse_diagram(b, "O.O."));
  CHECK(no.removed_in_common_phase(Color::Black) == 1);
  CHECK(solve("1x3", "kee-2005:no-suicide").to_string() == "B+3");
}
