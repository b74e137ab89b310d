#include <catch2/catch.hpp>
#include <random>

#include "generator/reference/solve.hpp"
#include "query/analysis.hpp"
#include "query/backends.hpp"
#include "query/game_record.hpp"
#include "query/reference_backend.hpp"
#include "tests/solve_value.hpp"

using namespace gotb;

// The backend keeps one solver (and its history-safe cache) across queries
// with different histories. Every answer must equal a fresh solve.
TEST_CASE("reference backend: cached answers across histories equal fresh solves", "[query][backend]") {
  for (const char* rules : {"tromp-taylor", "tromp-taylor:ko=situational", "tromp-taylor:suicide=no"}) {
    for (const char* board : {"2x2", "1x5"}) {
      GameSpec spec{Board::parse(board), RuleSet::parse(rules), 0.5};
      ReferenceBackend backend;
      std::mt19937 rng(12345);
      for (int walk = 0; walk < 6; ++walk) {
        GameRecord g(spec);
        for (int ply = 0; ply < 14 && !g.now().over; ++ply) {
          Analysis a = backend.analyze(spec, g.moves());
          SolveRequest req{spec.board, spec.rules, spec.komi, g.moves(), {}};
          // Fresh solver each time; uncached where that is fast (1x5 under
          // situational superko is not).
          req.options.memo = spec.board.size() > 4;
          req.with_pv = false;
          SolveReport fresh = reference_solve(req);
          INFO(board << " " << rules << " after " << g.moves().size() << " moves");
          REQUIRE(a.value.exact());
          CHECK(a.value.lower.identical(fresh.value));
          REQUIRE(a.moves.size() == fresh.moves.size());
          for (const MoveReport& m : fresh.moves) {
            auto it = std::find_if(a.moves.begin(), a.moves.end(), [&](const MoveEval& e) { return e.move == m.move; });
            REQUIRE(it != a.moves.end());
            CHECK(it->value.lower.identical(m.value));
          }
          const auto& legal = g.now().legal;
          REQUIRE(!legal.empty());
          REQUIRE(g.play(legal[rng() % legal.size()]));
        }
      }
    }
  }
}

TEST_CASE("choose_move keeps the value, keeps_value and best_first agree", "[query][backend]") {
  GameSpec spec{Board::parse("2x3"), RuleSet::parse("tromp-taylor"), 0};
  ReferenceBackend backend;
  Analysis a = backend.analyze(spec, {"B1"});
  auto pick = choose_move(a, spec.board);
  REQUIRE(pick);
  CHECK(keeps_value(a, a.moves[*pick]));
  CHECK(a.moves[*pick].value.lower == a.value.lower);
  auto sorted = best_first(a);
  CHECK(sorted.front().value.lower == a.value.lower);
  for (std::size_t i = 1; i < sorted.size(); ++i) CHECK(sorted[i - 1].value.lower <= sorted[i].value.lower);  // White minimises
}

TEST_CASE("backends: unsupported specs and the tablebase option say why", "[query][backend][errors]") {
  ReferenceBackend backend;
  CHECK(backend.unsupported(GameSpec{Board::parse("3x3"), RuleSet::parse("tromp-taylor"), 0}).find("9 points") !=
        std::string::npos);
  CHECK(backend.unsupported(GameSpec{Board::parse("2x2"), RuleSet::parse("tromp-taylor"), 0}).empty());
  CHECK_THROWS_WITH(backend.analyze(GameSpec{Board::parse("2x2"), RuleSet::parse("tromp-taylor"), 0}, {"A1", "A1"}),
                    Catch::Contains("move 2 'A1' is illegal"));
  BackendOptions o;
  o.tablebase = "/nonexistent/x.h5";
  CHECK_THROWS_WITH(make_backend(o), Catch::Contains("x.h5") && Catch::Contains("cannot open"));
}

// Session 30 (docs/solving.md section 4, "Session 30: the kind of a tied
// value"): under ikeda-1:ko=basic-play a value 0 prints as a jigo or a no
// result by tie_kind.hpp's rule, the node's and each move's, whatever the
// session's cache found first: equal to `gotb solve` of the node and of
// each move's child, kind included.
TEST_CASE("reference backend: ikeda basic-play tied values print the rule's kind across histories",
          "[query][backend][tie-kind]") {
  GameSpec spec{Board::parse("2x2"), RuleSet::parse("ikeda-1:ko=basic-play"), 0};
  ReferenceBackend backend;
  std::mt19937 rng(3030);
  int ties = 0;
  for (int walk = 0; walk < 4; ++walk) {
    GameRecord g(spec);
    for (int ply = 0; ply < 8 && !g.now().over; ++ply) {
      Analysis a = backend.analyze(spec, g.moves());
      INFO("after " << g.moves().size() << " moves");
      REQUIRE(a.value.exact());
      CHECK(a.value.lower.identical(test::solve_value("2x2", "ikeda-1:ko=basic-play", true, g.moves())));
      for (const MoveEval& e : a.moves) {
        std::vector<std::string> child = g.moves();
        child.push_back(e.move);
        INFO("move " << e.move);
        CHECK(e.value.lower.identical(test::solve_value("2x2", "ikeda-1:ko=basic-play", true, child)));
        if (e.value.lower.order == 0) ++ties;
      }
      const auto& legal = g.now().legal;
      REQUIRE(!legal.empty());
      REQUIRE(g.play(legal[rng() % legal.size()]));
    }
  }
  CHECK(ties > 10);
}
