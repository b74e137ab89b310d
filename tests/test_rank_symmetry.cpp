#include <catch2/catch.hpp>
#include <set>

#include "core/rank.hpp"
#include "core/symmetry.hpp"

using namespace gotb;

namespace {
std::uint64_t count_legal(const Board& b) {
  Ranker r(b.size());
  std::uint64_t legal = 0;
  for (std::uint64_t i = 0; i < r.count(); ++i) legal += is_legal_position(b, r.unrank(i));
  return legal;
}
}  // namespace

TEST_CASE("rank and unrank are inverse over every index", "[rank]") {
  for (auto spec : {"1x1", "1x3", "2x2", "2x3", "3x3"}) {
    Board b = Board::parse(spec);
    Ranker r(b.size());
    for (std::uint64_t i = 0; i < r.count(); ++i) {
      Position p = r.unrank(i);
      REQUIRE((p.black & p.white) == 0);
      REQUIRE((p.occupied() & ~b.all()) == 0);
      REQUIRE(r.rank(p) == i);
    }
  }
  Ranker big(40);
  Position p{bit(39) | bit(0), bit(20)};
  CHECK(big.unrank(big.rank(p)) == p);
  CHECK(big.rank(p) == big.pow3(39) + 1 + 2 * big.pow3(20));
  CHECK_THROWS(Ranker(41));
}

TEST_CASE("legal position counts match Tromp & Farnebäck", "[rank][counts]") {
  CHECK(count_legal(Board::parse("1x1")) == 1);
  CHECK(count_legal(Board::parse("1x2")) == 5);
  CHECK(count_legal(Board::parse("1x3")) == 15);
  CHECK(count_legal(Board::parse("1x4")) == 41);
  CHECK(count_legal(Board::parse("2x2")) == 57);
  CHECK(count_legal(Board::parse("3x3")) == 12675);
}

TEST_CASE("legal position count of 4x4", "[rank][counts][slow]") {
  CHECK(count_legal(Board::parse("4x4")) == 24318165);
}

TEST_CASE("symmetry groups have the expected sizes", "[symmetry]") {
  CHECK(Symmetries(Board::parse("1x1")).count() == 1);
  CHECK(Symmetries(Board::parse("1x5")).count() == 2);
  CHECK(Symmetries(Board::parse("2x3")).count() == 4);
  CHECK(Symmetries(Board::parse("3x3")).count() == 8);
  CHECK(Symmetries(Board::parse("5x5")).count() == 8);
  CHECK(Symmetries(Board::parse("ring:6")).count() == 12);      // dihedral D6
  CHECK(Symmetries(Board::parse("torus:3x3")).count() == 72);   // 9 translations x 8
  CHECK(Symmetries(Board::parse("cylinder:2x5")).count() == 20);  // D5 x swapping the rows
  CHECK(Symmetries(Board::parse("cylinder:2x4")).count() == 48);  // this prism is the cube graph
}

TEST_CASE("symmetries are automorphisms, form a group and keep legality", "[symmetry]") {
  for (auto spec : {"2x3", "3x3", "ring:5", "cylinder:2x3", "torus:3x4"}) {
    Board b = Board::parse(spec);
    Symmetries sym(b);
    REQUIRE(sym.complete());
    std::set<std::vector<int>> elements;
    for (int s = 0; s < sym.count(); ++s) elements.insert(sym.perm(s));
    for (int s = 0; s < sym.count(); ++s) {
      const auto& p = sym.perm(s);
      for (int a = 0; a < b.size(); ++a)
        for (int c = 0; c < b.size(); ++c)
          REQUIRE(bool(b.neighbours(a) & bit(c)) == bool(b.neighbours(p[a]) & bit(p[c])));
      CHECK(sym.perm(sym.inverse(s))[p[0]] == 0);
      for (int t = 0; t < sym.count(); ++t) {  // closure under composition
        std::vector<int> comp(b.size());
        for (int a = 0; a < b.size(); ++a) comp[a] = sym.perm(t)[p[a]];
        REQUIRE(elements.count(comp) == 1);
      }
    }
  }
  Board b = Board::parse("3x3");
  Symmetries sym(b);
  Ranker r(9);
  for (std::uint64_t i = 0; i < r.count(); i += 7) {
    Position pos = r.unrank(i);
    for (int s = 0; s < sym.count(); ++s) {
      Position img = sym.apply(s, pos);
      REQUIRE(is_legal_position(b, img) == is_legal_position(b, pos));
      REQUIRE(popcount(img.black) == popcount(pos.black));
      REQUIRE(sym.apply(sym.inverse(s), img) == pos);
    }
  }
}
