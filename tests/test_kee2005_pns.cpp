// The proof-number test (generator/search/proof_number.hpp; docs/solving.md
// section 4, "Session 31: kee-2005, a proof-number search for the open
// test"): "value >= t" is proven exactly when the value is at least t, for
// t one point below, at and above the value, with and without the generic
// search's horizon tests at the leaves; against the reference solver where
// it finishes, else the generic search, from the empty board and after
// random lines (so at records that are not the start's).
#include <catch2/catch.hpp>

#include <random>

#include "core/rules/games.hpp"
#include "core/rules/kee2005.hpp"
#include "generator/search/proof_number.hpp"
#include "tests/kee2005_search.hpp"
#include "tests/random_history.hpp"
#include "tests/solve_value.hpp"

using namespace gotb;

namespace {

using Pns = search::ProofNumberTest<Kee2005Game>;

// Checks the test at t = v - 1, v, v + 1 points against v, the exact value
// after `moves`; returns the leaves the generic search decided.
std::uint64_t check_around(const std::string& board, const std::string& rules, const std::vector<std::string>& moves,
                           Value v, int leaf_horizon) {
  std::uint64_t by_leaf = 0;
  for (int d : {-2, 0, 2}) {
    const Board b = Board::parse(board);  // the game keeps a pointer to it
    Kee2005Game g(b, RuleSet::parse(rules), 0);
    replay_moves(g, moves);
    search::ProofNumberOptions o;
    o.max_nodes = 1 << 22;
    o.leaf_horizon = leaf_horizon;
    o.leaf_nodes = 2048;
    o.leaf.deepening_step = 4;
    Pns pns(g, o);
    const Value t = Value::score_half_points(v.order + d);
    INFO(rules << " " << board << " after " << moves.size() << " moves, value " << v.to_string() << ", test >= "
               << t.to_string() << ", leaf horizon " << leaf_horizon);
    const Pns::Result r = pns.at_least(t);
    REQUIRE(r != Pns::Result::Open);
    CHECK((r == Pns::Result::Proven) == (v >= t));
    by_leaf += pns.stats().proven_by_leaf;
    // The game is left where the test started.
    CHECK(g.ply() == moves.size());
  }
  return by_leaf;
}

}  // namespace

TEST_CASE("kee-2005 proof-number test equals the reference solver", "[kee-2005][generic][pns]") {
  std::uint64_t by_leaf = 0;
  for (int leaf : {0, 4}) {
    for (const char* rules : {"kee-2005", "kee-2005:no-suicide"})
      for (const char* board : {"1x1", "1x2", "1x3"})
        by_leaf += check_around(board, rules, {}, test::solve_value(board, rules, true), leaf);
    for (const char* rules : {"kee-2005:japanese", "kee-2005:japanese,no-suicide"})
      for (const char* board : {"1x1", "1x2"})
        by_leaf += check_around(board, rules, {}, test::solve_value(board, rules, true), leaf);
  }
  CHECK(by_leaf > 0);
}

TEST_CASE("kee-2005 proof-number test equals the generic search", "[kee-2005][generic][pns]") {
  std::uint64_t by_leaf = 0;
  for (const char* rules : {"kee-2005", "kee-2005:no-suicide"})
    by_leaf += check_around("1x4", rules, {}, test::kee2005_search_value("1x4", rules, [](auto&, auto&) {}, {}), 4);
  by_leaf += check_around("1x3", "kee-2005:japanese", {},
                          test::kee2005_search_value("1x3", "kee-2005:japanese", [](auto&, auto&) {}, {}), 0);
  // After random lines: other records than the start's (the first node's
  // bound and one-move-per-orbit list no longer apply).
  std::mt19937 rng(3131);
  for (const char* rules : {"kee-2005", "kee-2005:no-suicide", "kee-2005:japanese"})
    for (int i = 0; i < 6; ++i) {
      const bool japanese = std::string(rules).find("japanese") != std::string::npos;
      const std::string board = japanese || i % 2 ? "1x3" : "1x4";
      const std::vector<std::string> line =
          test::random_line_on<Kee2005Game>(board, rules, rng, static_cast<int>(3 + rng() % 12));
      const Value v = test::kee2005_search_value(board, rules, [](auto&, auto&) {}, line);
      by_leaf += check_around(board, rules, line, v, i % 3 == 0 ? 0 : 4);
    }
  CHECK(by_leaf > 0);
}

TEST_CASE("kee-2005 proof-number test: a full tree drops decided subtrees", "[kee-2005][generic][pns]") {
  // Chinese 1x5 (value 0): the test ">= +1" expands about 5,600 nodes into a
  // tree of about 23,000; with a cap of 8,000 it must drop the subtrees of
  // decided nodes several times and still answer the same.
  const Value v = test::kee2005_search_value("1x5", "kee-2005", [](auto&, auto&) {}, {});
  const Board b = Board::parse("1x5");
  for (int d : {0, 2}) {
    Kee2005Game g(b, RuleSet::parse("kee-2005"), 0);
    search::ProofNumberOptions o;
    o.max_nodes = 8000;
    Pns pns(g, o);
    const Value t = Value::score_half_points(v.order + d);
    INFO("test >= " << t.to_string());
    const Pns::Result r = pns.at_least(t);
    REQUIRE(r != Pns::Result::Open);
    CHECK((r == Pns::Result::Proven) == (v >= t));
    if (d > 0) CHECK(pns.stats().compactions > 0);
  }
  // Too small a cap: open, never a wrong answer.
  Kee2005Game g(b, RuleSet::parse("kee-2005"), 0);
  search::ProofNumberOptions o;
  o.max_nodes = 3000;
  Pns pns(g, o);
  CHECK(pns.at_least(Value::score_half_points(v.order + 2)) == Pns::Result::Open);
  CHECK(g.ply() == 0);
}
