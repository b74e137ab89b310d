// kee-2005's reach bounds (session 27; docs/solving.md section 4, "Session
// 27: kee-2005 reach bounds"): under chinese scoring, the passing
// strategies' worst areas computed exactly over the positions the
// opponent's plays reach, without facts (node_outcome_bounds, every
// prohibition ignored) and with the prohibitions the current record puts
// on the opponent's plays (strategy_bounds, listed as facts). Checked four
// ways: (1) every line in which one side only passes from a node on ends
// within the bound read at each node of it; (2) at every node of random
// lines both bounds contain the node's exact value (the search without
// them); (3) the search gives the same values with them and without them,
// also after random lines; (4) one table across random histories equals
// the reference solver.
#include <catch2/catch.hpp>

#include <random>

#include "core/rules/games.hpp"
#include "core/rules/kee2005.hpp"
#include "generator/search/generic_search.hpp"
#include "tests/kee2005_search.hpp"
#include "tests/random_history.hpp"
#include "tests/solve_value.hpp"

using namespace gotb;

namespace {

Value search_value(const std::string& board, const std::string& rules, bool reach,
                   const std::vector<std::string>& moves = {}, search::GenericStats* stats = nullptr) {
  return test::kee2005_search_value(
      board, rules, [&](Kee2005Game& g, search::GenericOptions&) { g.set_reach_bounds(reach); }, moves, stats);
}

constexpr std::int32_t kLow = Value::minus_infinity().order, kHigh = Value::plus_infinity().order;

// Both sides' bounds at the current node: the node bounds narrowed by the
// strategy bounds (as the search combines them).
std::pair<Value, Value> bounds_now(const Kee2005Game& g, std::vector<std::uint64_t>* ids = nullptr) {
  auto [lo, hi] = g.node_outcome_bounds();
  std::vector<std::uint64_t> scratch;
  const auto [slo, shi] = g.strategy_bounds(kLow, kHigh, kHigh, ids ? *ids : scratch);
  return {std::max(lo, slo), std::min(hi, shi)};
}

struct Tally {
  int checked = 0, by_facts = 0, tight = 0;
};

// After a random prefix, `passer` passes (either kind, at random) at every
// turn and the other side plays at random to the end of the game; the
// passer's bound read at every node of that line must hold for the outcome.
void check_strategy(Kee2005Game& g, std::mt19937& rng, Color passer, int prefix, Tally& t) {
  int plies = 0;
  for (; plies < prefix && !g.is_over(); ++plies) g.play(test::random_move_passes_often(g, rng, 1));
  std::vector<std::pair<Value, bool>> seen;
  while (!g.is_over() && plies < 4000) {
    const auto [lo, hi] = bounds_now(g);
    const auto [nlo, nhi] = g.node_outcome_bounds();
    seen.push_back(passer == Color::Black ? std::pair{lo, lo > nlo} : std::pair{hi, hi < nhi});
    Move m;
    if (g.to_move() == passer) m = rng() % 2 ? Move::pass() : Move::pass(MoveKind::BanKeepingPass);
    else m = test::random_move_passes_often(g, rng, rng() % 3 == 0 ? 0 : 1);
    g.play(m);
    ++plies;
  }
  if (g.is_over()) {
    const Value v = g.outcome();
    for (const auto& [b, facts] : seen) {
      INFO("passer " << (passer == Color::Black ? "Black" : "White") << " bound " << b.to_string() << " outcome "
                     << v.to_string());
      if (passer == Color::Black) REQUIRE(b <= v);
      else REQUIRE(v <= b);
      ++t.checked;
      if (facts) ++t.by_facts;
      if (b == v) ++t.tight;
    }
  }
  for (int i = 0; i < plies; ++i) g.undo();
}

}  // namespace

TEST_CASE("kee-2005 reach bounds hold on every line of the passing strategy", "[kee-2005][generic][bounds][reach]") {
  std::mt19937 rng(2027);
  for (const char* rules : {"kee-2005", "kee-2005:no-suicide"}) {
    Tally t;
    for (const char* board : {"1x3", "1x4", "1x5", "2x2", "2x3"}) {
      const Board b = Board::parse(board);
      Kee2005Game g(b, RuleSet::parse(rules), 0);
      // The root bound (session 29) is strategy stealing, no passing strategy's
      // guarantee: a line where Black only passes from the start ends below it.
      g.set_root_bound(false);
      g.set_end_bound(false);  // (session 30) likewise a bound on the value, not a passing strategy's
      g.set_reach_bounds(true);
      for (int game = 0; game < 150; ++game) {
        INFO(rules << " " << board << " game " << game);
        check_strategy(g, rng, game % 2 ? Color::White : Color::Black, static_cast<int>(rng() % 24), t);
      }
    }
    INFO(rules << ": checked " << t.checked << ", by facts " << t.by_facts << ", tight " << t.tight);
    CHECK(t.checked > 2000);
    CHECK(t.tight > 0);  // a bound one point too tight would have failed
  }
}

TEST_CASE("kee-2005 reach bounds contain the exact value at every node", "[kee-2005][generic][bounds][reach]") {
  std::mt19937 rng(27);
  int narrowed = 0, by_facts = 0, tight = 0;
  for (const auto& [board, rules, lines, len] :
       {std::tuple{"1x3", "kee-2005", 6, 24}, std::tuple{"1x3", "kee-2005:no-suicide", 5, 24},
        std::tuple{"1x4", "kee-2005", 2, 16}, std::tuple{"1x4", "kee-2005:no-suicide", 2, 16}}) {
    int nodes = 0;
    const Board b = Board::parse(board);
    for (int line = 0; line < lines; ++line) {
      const auto moves = test::random_line_on<Kee2005Game>(board, rules, rng, len);
      Kee2005Game g(b, RuleSet::parse(rules), 0);
      g.set_reach_bounds(true);
      for (std::size_t i = 0; i <= moves.size(); ++i) {
        if (g.is_over()) break;
        const auto [lo, hi] = bounds_now(g);
        const auto [nlo, nhi] = g.node_outcome_bounds();
        g.set_reach_bounds(false);
        const auto [lo0, hi0] = g.node_outcome_bounds();
        const Value v = test::kee2005_value_now(g);
        g.set_reach_bounds(true);
        INFO(board << " " << rules << " after " << i << " moves: [" << lo.to_string() << ", " << hi.to_string()
                   << "] value " << v.to_string());
        REQUIRE(lo <= v);
        REQUIRE(v <= hi);
        REQUIRE(lo0 <= nlo);  // never weaker than Benson's
        REQUIRE(nhi <= hi0);
        ++nodes;
        if (nlo > lo0 || nhi < hi0) ++narrowed;
        if (lo > nlo || hi < nhi) ++by_facts;
        if ((lo > lo0 && lo == v) || (hi < hi0 && hi == v)) ++tight;
        if (i < moves.size()) {
          Move m;
          REQUIRE(g.parse_move(moves[i], m));
          g.play(m);
        }
      }
    }
    INFO(board << " " << rules);
    CHECK(nodes > 0);
  }
  INFO("narrowed " << narrowed << " by facts " << by_facts << " tight " << tight);
  CHECK(narrowed > 0);
  CHECK(tight > 0);
}

TEST_CASE("kee-2005 reach bounds: the prohibitions narrow the bound", "[kee-2005][generic][bounds][reach]") {
  // Nodes of random lines at which the record prohibits a play of the
  // opponent's reach and the bound narrows: it must rest on listed facts,
  // each a prohibition (value 1) with a side.
  std::mt19937 rng(2705);
  int found = 0;
  for (const char* board : {"1x3", "1x4", "2x2"}) {
    const Board b = Board::parse(board);
    for (int line = 0; line < 40 && found < 20; ++line) {
      const auto moves = test::random_line_on<Kee2005Game>(board, "kee-2005", rng, 40);
      Kee2005Game g(b, RuleSet::parse("kee-2005"), 0);
      g.set_reach_bounds(true);
      for (const std::string& t : moves) {
        Move m;
        REQUIRE(g.parse_move(t, m));
        g.play(m);
        if (g.is_over()) break;
        std::vector<std::uint64_t> ids;
        const auto [lo, hi] = bounds_now(g, &ids);
        const auto [nlo, nhi] = g.node_outcome_bounds();
        if (lo > nlo || hi < nhi) {
          ++found;
          REQUIRE(!ids.empty());  // a narrower bound rests on listed prohibitions
          for (std::uint64_t id : ids) {
            CHECK(g.fact(id) == 1);
            CHECK(g.fact_side(id) != 0);
          }
        }
      }
    }
  }
  CHECK(found > 0);
}

TEST_CASE("kee-2005 reach bounds never change a search value", "[kee-2005][generic][bounds][reach]") {
  for (const char* rules : {"kee-2005", "kee-2005:no-suicide"})
    for (const char* board : {"1x1", "1x2", "1x3", "1x4", "1x5"}) {
      INFO(rules << " " << board);
      search::GenericStats st{};
      CHECK(search_value(board, rules, true, {}, &st).identical(search_value(board, rules, false)));
    }
  std::mt19937 rng(2727);
  // (Not 1x5: after some random lines it takes minutes either way.)
  for (const char* board : {"1x3", "1x4"})
    for (int trial = 0; trial < 6; ++trial) {
      const auto moves = test::random_line_on<Kee2005Game>(board, "kee-2005", rng, 4 + 5 * trial);
      INFO("chinese " << board << " after " << moves.size() << " moves");
      CHECK(search_value(board, "kee-2005", true, moves).identical(search_value(board, "kee-2005", false, moves)));
    }
}

TEST_CASE("kee-2005 reach bounds: one table across histories equals the reference solver",
          "[kee-2005][generic][bounds][reach][ghi]") {
  for (const auto& [board, rules, trials] : {std::tuple{"1x3", "kee-2005", 8}, std::tuple{"1x3", "kee-2005:no-suicide", 5}}) {
    const Board b = Board::parse(board);
    Kee2005Game g(b, RuleSet::parse(rules), 0);
    g.set_reach_bounds(true);
    search::GenericOptions o;
    o.deepening_step = 4;
    search::GenericSearch<Kee2005Game> solver(g, o);
    std::mt19937 rng(277);
    for (int trial = 0; trial < trials; ++trial) {
      const auto moves = test::random_line_on<Kee2005Game>(board, rules, rng, 1 + trial * 3);
      replay_moves(g, moves);
      const Value v = solver.value();
      for (std::size_t i = 0; i < moves.size(); ++i) g.undo();
      INFO(board << " " << rules << " after " << moves.size() << " moves");
      CHECK(v.identical(test::solve_value(board, rules, true, moves)));
    }
    CHECK(solver.stats().bound_cutoffs > 0);
    // (On 1x3 the prohibitions narrow no node of these searches: the fact
    // path is checked against exact values by the tests above.)
  }
}
