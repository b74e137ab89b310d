#include <catch2/catch.hpp>

#include "core/position.hpp"
#include "core/scoring.hpp"
#include "core/zobrist.hpp"

using namespace gotb;

namespace {
PlayOutcome must_play(const Board& b, const Position& pos, Color c, const char* point,
                      SuicideRule s = SuicideRule::Allowed) {
  PlayOutcome o;
  int p = b.parse_point(point);
  REQUIRE(p >= 0);
  REQUIRE(play_stone(b, pos, c, p, s, o) == PlayStatus::Ok);
  return o;
}
}  // namespace

TEST_CASE("diagrams parse and print", "[engine]") {
  Board b = Board::rectangle(2, 3);
  Position pos = parse_diagram(b, "X.O/.X.");
  CHECK(pos.black == (bit(0) | bit(4)));
  CHECK(pos.white == bit(2));
  CHECK(diagram(b, pos) == "X.O\n.X.\n");
  CHECK_THROWS_WITH(parse_diagram(b, "X.O/.X"), Catch::Contains("has 5 points"));
  CHECK_THROWS_WITH(parse_diagram(b, "X.O/.Xq"), Catch::Contains("unexpected character"));
}

TEST_CASE("a play captures a string without liberties", "[engine]") {
  Board b = Board::rectangle(3, 3);
  Position pos = parse_diagram(b, ".X./XO./.X.");
  auto o = must_play(b, pos, Color::Black, "C2");
  CHECK(o.captured == bit(4));
  CHECK(o.next == parse_diagram(b, ".X./X.X/.X."));
  CHECK(o.suicided == 0);
}

TEST_CASE("one play captures several strings at once", "[engine]") {
  Board b = Board::rectangle(1, 5);
  // X O . O X : Black at C1 captures both white stones.
  Position pos = parse_diagram(b, "XO.OX");
  auto o = must_play(b, pos, Color::Black, "C1");
  CHECK(o.captured == (bit(1) | bit(3)));
  CHECK(o.next == parse_diagram(b, "X.X.X"));
}

TEST_CASE("captures come before the suicide test", "[engine]") {
  Board b = Board::rectangle(1, 3);
  // . O X : Black at A1 has no liberty but captures O first, so it lives.
  Position pos = parse_diagram(b, ".OX");
  auto o = must_play(b, pos, Color::Black, "A1", SuicideRule::Forbidden);
  CHECK(o.captured == bit(1));
  CHECK(o.next == parse_diagram(b, "X.X"));
}

TEST_CASE("suicide: forbidden, or removes the own string", "[engine]") {
  Board b = Board::rectangle(2, 2);
  // Single-stone suicide.
  Position one = parse_diagram(b, ".O/O.");
  PlayOutcome o;
  CHECK(play_stone(b, one, Color::Black, b.parse_point("A2"), SuicideRule::Forbidden, o) == PlayStatus::Suicide);
  REQUIRE(play_stone(b, one, Color::Black, b.parse_point("A2"), SuicideRule::Allowed, o) == PlayStatus::Ok);
  CHECK(o.next == one);
  CHECK(o.suicided == bit(0));
  // Multi-stone suicide removes the whole string.
  Board line = Board::rectangle(1, 5);
  Position pos = parse_diagram(line, "XX.O.");  // White keeps its liberty at E1
  CHECK(play_stone(line, pos, Color::Black, line.parse_point("C1"), SuicideRule::Forbidden, o) ==
        PlayStatus::Suicide);
  REQUIRE(play_stone(line, pos, Color::Black, line.parse_point("C1"), SuicideRule::Allowed, o) == PlayStatus::Ok);
  CHECK(o.suicided == (bit(0) | bit(1) | bit(2)));
  CHECK(o.next == parse_diagram(line, "...O."));
  CHECK(play_stone(line, pos, Color::White, line.parse_point("A1"), SuicideRule::Allowed, o) ==
        PlayStatus::Occupied);
}

TEST_CASE("strings and liberties", "[engine]") {
  Board b = Board::rectangle(3, 3);
  Position pos = parse_diagram(b, "XX./.XO/..O");
  Mask s = string_at(b, pos, 0);
  CHECK(s == (bit(0) | bit(1) | bit(4)));
  CHECK(liberties(b, pos, s) == (bit(2) | bit(3) | bit(7)));
  CHECK(is_legal_position(b, pos));
  CHECK(!is_legal_position(b, parse_diagram(b, "XO./O../...")));
}

TEST_CASE("area scoring counts stones and single-colour regions", "[engine][scoring]") {
  Board b = Board::rectangle(3, 3);
  SECTION("territory") {
    auto a = area_count(b, parse_diagram(b, ".X./XX./..."));
    CHECK(a.black() == 9);
    CHECK(a.white() == 0);
  }
  SECTION("a region touching both colours is neutral (seki-like)") {
    // X . O : the middle column touches both.
    auto a = area_count(b, parse_diagram(b, "X.O/X.O/X.O"));
    CHECK(a.black() == 3);
    CHECK(a.white() == 3);
    CHECK(a.neutral == (bit(1) | bit(4) | bit(7)));
    CHECK(a.difference() == 0);
  }
  SECTION("the empty board scores nothing") {
    auto a = area_count(b, Position{});
    CHECK(a.black() == 0);
    CHECK(a.white() == 0);
    CHECK(popcount(a.neutral) == 9);
  }
  SECTION("separate regions are judged separately") {
    auto a = area_count(b, parse_diagram(b, ".X./XOO/.O."));
    CHECK(a.black() == 2 + 1);  // A3 reaches only black
    CHECK(a.white() == 3 + 1);  // C1 reaches only white
    CHECK(a.neutral == (bit(2) | bit(6)));  // C3 and A1 reach both
  }
}

TEST_CASE("zobrist hashes are incremental XORs", "[engine][hash]") {
  Board b = Board::rectangle(2, 2);
  Position p = parse_diagram(b, "XO/..");
  CHECK(zobrist(p) == (kZobrist.stone[0][0] ^ kZobrist.stone[1][1]));
  CHECK(zobrist(Position{}) == 0);
  CHECK(zobrist(p) != zobrist(parse_diagram(b, "OX/..")));
}
