#include <catch2/catch.hpp>
#include <cstdio>
#include <fstream>

#include "core/board.hpp"

using namespace gotb;

TEST_CASE("rectangle neighbours follow the grid", "[board]") {
  Board b = Board::rectangle(2, 3);  // points: row 0 = 0 1 2 (top), row 1 = 3 4 5
  CHECK(b.size() == 6);
  CHECK(b.neighbours(0) == (bit(1) | bit(3)));
  CHECK(b.neighbours(4) == (bit(1) | bit(3) | bit(5)));
  CHECK(b.neighbours(5) == (bit(2) | bit(4)));
  // The shift fast path agrees with the per-point masks on every subset.
  for (Mask s = 0; s < 64; ++s) {
    Mask slow = 0;
    for_each_bit(s, [&](int p) { slow |= b.neighbours(p); });
    CHECK(b.dilate(s) == slow);
  }
}

TEST_CASE("1xN and Nx1 boards have path adjacency", "[board]") {
  for (auto spec : {"1x7", "7x1"}) {
    Board b = Board::parse(spec);
    CHECK(b.size() == 7);
    CHECK(b.neighbours(0) == bit(1));
    CHECK(b.neighbours(3) == (bit(2) | bit(4)));
    CHECK(b.neighbours(6) == bit(5));
  }
  Board wide = Board::rectangle(1, 64);
  CHECK(wide.all() == ~Mask{0});
  CHECK(wide.dilate(bit(63)) == bit(62));
}

TEST_CASE("cylinder, torus and ring wrap", "[board]") {
  Board c = Board::parse("cylinder:2x4");
  CHECK(c.neighbours(0) == (bit(1) | bit(3) | bit(4)));
  Board t = Board::parse("torus:3x3");
  for (int p = 0; p < 9; ++p) CHECK(t.degree(p) == 4);
  Board r = Board::parse("ring:5");
  for (int p = 0; p < 5; ++p) CHECK(r.degree(p) == 2);
  CHECK(r.neighbours(0) == (bit(1) | bit(4)));
  CHECK(r.spec() == "ring:5");
  CHECK(Board::parse(r.spec()) == r);
  // dilate on non-rectangles uses the masks; check a sample.
  CHECK(t.dilate(bit(0)) == (bit(1) | bit(2) | bit(3) | bit(6)));
}

TEST_CASE("GTP and SGF coordinates round-trip", "[board][coords]") {
  Board b = Board::rectangle(3, 10);  // columns A..H J K (no I)
  CHECK(b.point_name(0) == "A3");
  CHECK(b.point_name(2 * 10 + 0) == "A1");
  CHECK(b.point_name(8) == "J3");
  CHECK(b.point_name(9) == "K3");
  CHECK(b.parse_point("j3") == 8);
  CHECK(b.parse_point("I3") == -1);
  CHECK(b.parse_point("A4") == -1);
  CHECK(b.parse_point("A0") == -1);
  CHECK(b.parse_point("L1") == -1);
  CHECK(b.parse_point("") == -1);
  CHECK(b.sgf_point(0) == "aa");
  CHECK(b.sgf_point(2 * 10 + 3) == "dc");
  for (int p = 0; p < b.size(); ++p) {
    CHECK(b.parse_point(b.point_name(p)) == p);
    CHECK(b.parse_sgf_point(b.sgf_point(p)) == p);
  }
  Board wide = Board::rectangle(1, 30);  // beyond 25 columns: two letters
  for (int p = 0; p < wide.size(); ++p) CHECK(wide.parse_point(wide.point_name(p)) == p);
}

TEST_CASE("graph boards from a file", "[board][graph]") {
  std::string path = "gotb_test_graph.txt";
  {
    std::ofstream f(path);
    f << "# a triangle with a tail\npoints a b c d\na: b c\nb c\nc d   # tail\n";
  }
  Board g = Board::parse("graph:" + path);
  CHECK(g.size() == 4);
  CHECK(!g.has_grid());
  CHECK(g.neighbours(0) == (bit(1) | bit(2)));
  CHECK(g.neighbours(2) == (bit(0) | bit(1) | bit(3)));
  CHECK(g.point_name(3) == "d");
  CHECK(g.parse_point("D") == 3);
  CHECK(g.parse_point("e") == -1);
  CHECK(g.sgf_point(0).empty());
  {
    std::ofstream f(path);
    f << "points 3\n0 1\n1 7\n";
  }
  CHECK_THROWS_WITH(Board::parse("graph:" + path), Catch::Contains("unknown point '7'"));
  {
    std::ofstream f(path);
    f << "0 1\n";
  }
  CHECK_THROWS_WITH(Board::parse("graph:" + path), Catch::Contains("points"));
  std::remove(path.c_str());
  CHECK_THROWS_WITH(Board::parse("graph:/nonexistent/file"), Catch::Contains("cannot read graph file"));
}

TEST_CASE("impossible boards are rejected with a message", "[board][errors]") {
  CHECK_THROWS_WITH(Board::parse("0x3"), Catch::Contains("no points"));
  CHECK_THROWS_WITH(Board::parse("9x9"), Catch::Contains("at most 64"));
  CHECK_THROWS_WITH(Board::parse("2by3"), Catch::Contains("RxC"));
  CHECK_THROWS_WITH(Board::parse("hex:3"), Catch::Contains("unknown board kind"));
  CHECK_THROWS_WITH(Board::parse("ring:2"), Catch::Contains("at least 3"));
  CHECK_THROWS(Board::graph("loop", 2, {{0, 0}}));
  CHECK_NOTHROW(Board::parse("8x8"));
  CHECK_NOTHROW(Board::parse("5"));
}
