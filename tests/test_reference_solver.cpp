#include <catch2/catch.hpp>
#include <random>

#include "core/rules/games.hpp"
#include "generator/reference/solve.hpp"
#include "tests/solve_value.hpp"

using namespace gotb;

namespace {

Value solve(const std::string& board, const std::string& rules, bool memo = true, std::vector<std::string> moves = {},
            std::uint64_t node_limit = 0) {
  return test::solve_value(board, rules, memo, std::move(moves), node_limit);
}

}  // namespace

// Published values for area scoring with positional superko and suicide
// allowed (J. Tromp's small-board results; the 2x2 value is also stated in
// the Kee 2016 text: "with normal superko rules, Black would win by 1").
TEST_CASE("reference solver reproduces published small-board values", "[reference][literature]") {
  CHECK(solve("1x1", "tromp-taylor").to_string() == "0");
  CHECK(solve("1x2", "tromp-taylor").to_string() == "0");
  CHECK(solve("1x3", "tromp-taylor").to_string() == "B+3");
  CHECK(solve("1x4", "tromp-taylor").to_string() == "B+4");
  CHECK(solve("1x5", "tromp-taylor").to_string() == "0");
  CHECK(solve("2x2", "tromp-taylor").to_string() == "B+1");
  CHECK(solve("2x3", "tromp-taylor").to_string() == "0");
}

TEST_CASE("the dependency cache never changes a value", "[reference][cache]") {
  for (auto rules : {"tromp-taylor", "tromp-taylor:ssk", "tromp-taylor:no-suicide", "tromp-taylor:ssk,no-suicide"})
    for (auto board : {"1x1", "1x2", "1x3", "1x4", "1x5", "2x2"}) {
      INFO(board << " " << rules);
      CHECK(solve(board, rules, true) == solve(board, rules, false));
    }
}

TEST_CASE("cached and uncached search agree after random histories", "[reference][cache]") {
  // The uncached search is the literal oracle. On 2x2 and 1x5 it is cheap
  // from any history; on 2x3 and 1x6 longer prefixes keep it small, and the
  // few states it cannot finish within its budget are skipped (counted).
  struct Case {
    const char* board;
    int trials, min_len, max_len;
  };
  std::mt19937 rng(12345);
  int compared = 0, attempted = 0;
  for (auto rules : {"tromp-taylor", "tromp-taylor:ssk"})
    for (Case c : {Case{"2x2", 30, 1, 10}, Case{"1x5", 30, 1, 10}, Case{"2x3", 15, 6, 16}, Case{"1x6", 15, 6, 16}}) {
      Board b = Board::parse(c.board);
      for (int trial = 0; trial < c.trials; ++trial) {
        TrompTaylorGame g(b, RuleSet::parse(rules), 0);
        std::vector<std::string> moves;
        int len = c.min_len + static_cast<int>(rng() % (c.max_len - c.min_len + 1));
        for (int i = 0; i < len && !g.is_over(); ++i) {
          std::vector<Move> legal;
          g.legal_moves(legal);
          Move m = legal[rng() % legal.size()];
          if (m.kind == MoveKind::Pass && g.consecutive_passes() == 1) break;  // keep the game going
          moves.push_back(g.move_name(m));
          g.play(m);
        }
        ++attempted;
        Value cached = solve(c.board, rules, true, moves);
        Value plain;
        try {
          plain = solve(c.board, rules, false, moves, 1'000'000);
        } catch (const NodeLimitReached&) {
          continue;
        }
        INFO(c.board << " " << rules << " after " << moves.size() << " moves");
        CHECK(cached.identical(plain));
        ++compared;
      }
    }
  INFO(compared << " of " << attempted << " histories compared");
  CHECK(compared >= 100);
}

TEST_CASE("move values, principal variation and value agree", "[reference]") {
  for (auto board : {"1x3", "1x4", "2x2", "1x6", "2x3"}) {
    SolveRequest req{Board::parse(board), RuleSet::parse("tromp-taylor"), 0.5, {}, {}};
    SolveReport rep = reference_solve(req);
    INFO(board);
    REQUIRE(!rep.moves.empty());
    CHECK(rep.moves.front().value == rep.value);  // best first for Black
    for (const auto& m : rep.moves) CHECK(m.value <= rep.value);
    // Playing the PV to its end yields the value.
    TrompTaylorGame g(req.board, req.rules, req.komi);
    replay_moves(g, rep.pv);
    CHECK(g.is_over());
    CHECK(g.outcome() == rep.value);
  }
}

TEST_CASE("komi shifts the value by exactly komi", "[reference]") {
  SolveRequest req{Board::parse("2x2"), RuleSet::parse("tromp-taylor"), 1.5, {}, {}};
  req.with_move_values = false;
  CHECK(reference_solve(req).value.to_string() == "W+0.5");
}

TEST_CASE("a node limit aborts without a value", "[reference]") {
  CHECK_THROWS_AS(solve("2x3", "tromp-taylor", false, {}, 1000), NodeLimitReached);
}

TEST_CASE("a time limit aborts without a value", "[reference]") {
  SolveRequest req{Board::parse("3x3"), RuleSet::parse("tromp-taylor"), 0, {}, {}};
  req.options.time_limit = 0.2;  // 3x3 takes far longer than this
  try {
    reference_solve(req);
    FAIL("3x3 solved within 0.2 s: pick a harder board for this test");
  } catch (const NodeLimitReached& e) {
    CHECK(std::string(e.what()) == "time limit reached");
  }
}
