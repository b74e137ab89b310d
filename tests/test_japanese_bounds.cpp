// japanese-2003's bounds from the passing strategies (HasStrategyBounds,
// docs/solving.md section 4, "japanese-2003: bounds from the passing
// strategies"): at every node of random games the bounds must contain the
// node's exact value under its actual history (the generic search without
// them), and the search must give the same values with them and without.
#include <catch2/catch.hpp>

#include <random>

#include "core/rules/games.hpp"
#include "generator/search/generic_search.hpp"
#include "generator/search/generic_solve.hpp"
#include "tests/random_history.hpp"

using namespace gotb;

namespace {

Value exact_value(Japanese2003Game& g) {
  search::GenericOptions o;
  o.node_bounds = false;  // the plain full-window search
  search::GenericSearch<Japanese2003Game> s(g, o);
  return s.value();
}

struct Tally {
  int nodes = 0, finite_lo = 0, finite_hi = 0, tight = 0, cycle_bounds = 0, with_facts = 0;
};

// One random game (passes drawn often, so that pass-rich lines and long
// cycles occur); at every node before the end, the bounds must contain the
// exact value there, and the game must be left as found.
void check_game(Japanese2003Game& g, std::mt19937& rng, Tally& t) {
  int plies = 0;
  while (!g.is_over() && plies < 40) {
    const auto key = g.state_key();
    std::vector<std::uint64_t> facts;
    const auto [lo, hi] = g.strategy_bounds(Value::minus_infinity().order, Value::plus_infinity().order,
                                            Value::plus_infinity().order + 1, facts);
    REQUIRE(g.state_key() == key);
    const Value v = exact_value(g);
    INFO("ply " << plies << " value " << v.order << " bounds [" << lo.order << ", " << hi.order << "]");
    REQUIRE(lo <= v);
    REQUIRE(v <= hi);
    ++t.nodes;
    if (lo > Value::minus_infinity()) ++t.finite_lo;
    if (hi < Value::plus_infinity()) ++t.finite_hi;
    if (lo == v || hi == v) ++t.tight;
    if (lo.kind == ValueKind::BlackWins || lo.kind == ValueKind::WhiteWins || hi.kind == ValueKind::BlackWins ||
        hi.kind == ValueKind::WhiteWins)
      ++t.cycle_bounds;
    if (!facts.empty()) ++t.with_facts;
    g.play(test::random_move_passes_often(g, rng, 1));
    ++plies;
  }
  for (int i = 0; i < plies; ++i) g.undo();
}

}  // namespace

TEST_CASE("japanese-2003 passing-strategy bounds contain the value of every node of random games",
          "[generic][japanese-2003][bounds]") {
  std::mt19937 rng(2003);
  Tally t;
  for (const auto& [board, games] : {std::pair{"1x2", 30}, {"1x3", 80}, {"1x4", 80}, {"2x2", 60}, {"1x5", 10}}) {
    const Board b = Board::parse(board);
    Japanese2003Game g(b, RuleSet::parse("japanese-2003"), 0);
    for (int game = 0; game < games; ++game) {
      INFO(board << " game " << game);
      check_game(g, rng, t);
    }
  }
  INFO(t.nodes << " nodes, finite lower " << t.finite_lo << ", finite upper " << t.finite_hi << ", tight " << t.tight
               << ", long-cycle bounds " << t.cycle_bounds << ", with facts " << t.with_facts);
  CHECK(t.nodes > 1000);
  CHECK(t.finite_lo > t.nodes / 2);  // the bounds say something
  CHECK(t.finite_hi > t.nodes / 2);
  CHECK(t.tight > t.nodes / 4);      // and often exactly the value, so a bound one too tight would fail
  CHECK(t.cycle_bounds > 0);         // long-cycle results occur inside the one-player games
  CHECK(t.with_facts > 0);
}

TEST_CASE("japanese-2003 passing-strategy bounds never change a generic search value",
          "[generic][japanese-2003][bounds]") {
  std::mt19937 rng(22);
  for (const char* board : {"1x1", "1x2", "1x3", "1x4", "1x5", "2x2"}) {
    const Board b = Board::parse(board);
    for (int trial = 0; trial < 6; ++trial) {
      std::vector<std::string> moves;
      {
        Japanese2003Game g(b, RuleSet::parse("japanese-2003"), 0);
        for (int i = 0; i < 3 * trial && !g.is_over(); ++i) {
          std::vector<Move> legal;
          g.legal_moves(legal);
          const Move m = legal[rng() % legal.size()];
          g.play(m);
          if (g.is_over()) break;
          moves.push_back(g.move_name(m));
        }
      }
      std::uint64_t used = 0;
      Value with, without;
      for (bool on : {true, false}) {
        SolveRequest req{b, RuleSet::parse("japanese-2003"), 0, moves, {}};
        req.with_move_values = trial == 0;
        req.with_pv = false;
        search::GenericOptions o;
        o.node_bounds = on;
        const SolveReport rep = generic_solve(req, o);
        (on ? with : without) = rep.value;
        if (on)
          for (const auto& [name, count] : rep.counters)
            if (name == "strategy_bounds") used = count;
      }
      INFO(board << " after " << moves.size() << " moves");
      CHECK(with.identical(without));
      if (std::string(board) == "1x4" && trial == 0) CHECK(used > 0);  // the bounds were used
    }
  }
}
