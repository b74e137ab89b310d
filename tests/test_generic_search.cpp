// The generic exact search (generator/search/generic_search.hpp) against the
// reference solver: kee-2005 (both scorings, both suicide options) and
// japanese-2003, from the empty board and after random histories, with one
// table carried across many histories (the graph-history-interaction test:
// a fact missing from a proof would let a bound leak into another history).
#include <catch2/catch.hpp>

#include <random>

#include "core/rules/games.hpp"
#include "generator/search/generic_solve.hpp"
#include "generator/search/solve_search.hpp"
#include "tests/solve_value.hpp"

using namespace gotb;

namespace {

Value generic_value(const std::string& board, const std::string& rules, std::vector<std::string> moves = {},
                    int deepening = 8) {
  SolveRequest req{Board::parse(board), RuleSet::parse(rules), 0, std::move(moves), {}};
  req.with_move_values = false;
  req.with_pv = false;
  search::GenericOptions o;
  o.deepening_step = deepening;
  return generic_solve(req, o).value;
}

// Up to len random legal moves, as names; stops before a move that ends the game.
template <class G>
std::vector<std::string> random_line(G& g, std::mt19937& rng, int len) {
  std::vector<std::string> out;
  for (int i = 0; i < len && !g.is_over(); ++i) {
    std::vector<Move> legal;
    g.legal_moves(legal);
    const Move m = legal[rng() % legal.size()];
    g.play(m);
    if (g.is_over()) {
      g.undo();
      break;
    }
    out.push_back(g.move_name(m));
  }
  for (std::size_t i = 0; i < out.size(); ++i) g.undo();
  return out;
}

}  // namespace

TEST_CASE("generic search equals the reference solver on kee-2005 boards", "[generic][kee-2005]") {
  for (const char* rules : {"kee-2005", "kee-2005:no-suicide"})
    for (const char* board : {"1x1", "1x2", "1x3"})
      for (int deepening : {0, 8}) {
        INFO(rules << " " << board << " deepening " << deepening);
        CHECK(generic_value(board, rules, {}, deepening).identical(test::solve_value(board, rules)));
      }
  for (const char* rules : {"kee-2005:japanese", "kee-2005:japanese,no-suicide"})
    for (const char* board : {"1x1", "1x2"}) {
      INFO(rules << " " << board);
      CHECK(generic_value(board, rules).identical(test::solve_value(board, rules)));
    }
}

TEST_CASE("generic search equals the reference solver on kee-2005 after random histories", "[generic][kee-2005]") {
  std::mt19937 rng(2005);
  for (const char* rules : {"kee-2005", "kee-2005:japanese"}) {
    const std::string board = std::string(rules) == "kee-2005" ? "1x3" : "1x2";
    const Board b = Board::parse(board);
    for (int trial = 0; trial < 6; ++trial) {
      Kee2005Game g(b, RuleSet::parse(rules), 0);
      const auto moves = random_line(g, rng, 2 + trial * 3);
      INFO(rules << " " << board << " after " << moves.size() << " moves");
      CHECK(generic_value(board, rules, moves).identical(test::solve_value(board, rules, true, moves)));
    }
  }
}

TEST_CASE("generic search equals the reference solver on japanese-2003 boards", "[generic][japanese-2003]") {
  for (const char* board : {"1x1", "1x2", "1x3", "1x4", "1x5", "2x2", "2x3"}) {
    INFO(board);
    CHECK(generic_value(board, "japanese-2003").identical(test::solve_value(board, "japanese-2003")));
  }
}

TEST_CASE("one generic search table stays exact across many japanese-2003 histories", "[generic][japanese-2003][ghi]") {
  std::mt19937 rng(2003);
  for (const char* board : {"1x4", "2x2", "1x5"}) {
    const Board b = Board::parse(board);
    const RuleSet rules = RuleSet::parse("japanese-2003");
    Japanese2003Game g(b, rules, 0);
    search::GenericSearch<Japanese2003Game> solver(g, {});
    for (int trial = 0; trial < 25; ++trial) {
      const auto moves = random_line(g, rng, 1 + trial % 9);
      replay_moves(g, moves);
      const Value v = solver.value();
      for (std::size_t i = 0; i < moves.size(); ++i) g.undo();
      INFO(board << " after " << trial << ": " << moves.size() << " moves");
      CHECK(v.identical(test::solve_value(board, "japanese-2003", true, moves)));
    }
    CHECK(solver.stats().hits > 0);  // the table was used across histories
  }
}

TEST_CASE("one generic search table stays exact across kee-2005 histories", "[generic][kee-2005][ghi]") {
  std::mt19937 rng(17);
  const Board b = Board::parse("1x3");
  Kee2005Game g(b, RuleSet::parse("kee-2005"), 0);
  search::GenericSearch<Kee2005Game> solver(g, {});
  for (int trial = 0; trial < 8; ++trial) {
    const auto moves = random_line(g, rng, 1 + trial);
    replay_moves(g, moves);
    const Value v = solver.value();
    for (std::size_t i = 0; i < moves.size(); ++i) g.undo();
    INFO("after " << moves.size() << " moves");
    CHECK(v.identical(test::solve_value("1x3", "kee-2005", true, moves)));
  }
}

TEST_CASE("gotb solve --method search reaches the generic search with move values and a PV", "[generic]") {
  for (const char* rules : {"kee-2005", "japanese-2003"}) {
    SolveRequest req{Board::parse("1x3"), RuleSet::parse(rules), 0.5, {}, {}};
    req.with_pv = true;
    SolveReport s = solve_with_method("search", req);
    SolveReport r = reference_solve(req);
    INFO(rules);
    CHECK(s.method == "search");
    CHECK(s.value.identical(r.value));
    REQUIRE(s.moves.size() == r.moves.size());
    for (std::size_t i = 0; i < s.moves.size(); ++i) {
      bool found = false;
      for (const auto& m : r.moves) found = found || (m.move == s.moves[i].move && m.value.identical(s.moves[i].value));
      CHECK(found);
    }
    // The PV replays to a finished game with the value.
    visit_game(req.board, req.rules, req.komi, [&](auto& g) {
      replay_moves(g, s.pv);
      CHECK(g.is_over());
      CHECK(g.outcome().identical(s.value));
    });
    CHECK(solve_with_method("auto", req).value.identical(r.value));
  }
  SolveRequest kee2016{Board::parse("1x2"), RuleSet::parse("kee-2016"), 0, {}, {}};
  std::string why;
  CHECK(!search_supports(kee2016, &why));
  CHECK(!generic_search_supports(kee2016));
}
