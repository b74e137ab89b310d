// The generic search's aimed tests and their guess budget (--aim,
// --guess-nodes; docs/solving.md section 4, "Session 33: kee-2016"): the
// default budget grows with the board, a budget reaches the guess (too
// small a one leaves the tests unaimed), a position's guess is computed once
// per solve and reused, and none of it changes a value or a first move
// (checked against the reference solver and the unaimed search).
#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstdio>
#include <sstream>
#include <string>

#include "core/rules/games.hpp"
#include "generator/search/generic_guess.hpp"
#include "generator/search/generic_solve.hpp"
#include "tests/cli_runner.hpp"
#include "tests/solve_value.hpp"

using namespace gotb;

namespace {

std::uint64_t counter(const SolveReport& rep, const std::string& name) {
  for (const auto& [k, v] : rep.counters)
    if (k == name) return v;
  return 0;
}

SolveReport kee2016(const std::string& board, const std::vector<std::string>& moves, const search::GenericOptions& o,
                    bool first_moves) {
  SolveRequest req{Board::parse(board), RuleSet::parse("kee-2016"), 0, moves, {}};
  req.with_move_values = false;
  req.with_optimal_moves = first_moves;
  req.with_pv = false;
  return generic_solve(req, o, search::OrderingMode::Auto);
}

std::vector<std::string> sorted(std::vector<std::string> v) {
  std::sort(v.begin(), v.end());
  return v;
}

}  // namespace

TEST_CASE("generic search: the default guess budget grows with the board", "[generic][generic-order][guess-budget]") {
  constexpr std::uint64_t base = std::uint64_t{1} << 22, cap = std::uint64_t{1} << 28;
  CHECK(search::guess_node_budget(Board::parse("1x5")) == base);
  CHECK(search::guess_node_budget(Board::parse("1x10")) == base);
  CHECK(search::guess_node_budget(Board::parse("2x5")) == base);
  // tromp-taylor 1x11 needs more than 2^22 nodes (5.7 M with 64 + 64 MB
  // tables, session 33), the reason for the scaling.
  CHECK(search::guess_node_budget(Board::parse("1x11")) == 3 * base);
  CHECK(search::guess_node_budget(Board::parse("2x6")) == 9 * base);
  CHECK(search::guess_node_budget(Board::parse("3x5")) == cap);
  CHECK(search::guess_node_budget(Board::parse("4x4")) == cap);
  CHECK(search::guess_node_budget(Board::parse("5x5")) == cap);
}

TEST_CASE("generic search: kee-2016 with aimed tests under any guess budget keeps values and first moves",
          "[generic][generic-order][guess-budget][kee-2016]") {
  // Positions where the first moves' tests re-solve positions (a move kept
  // only through its rescind, session 32) and plain ones.
  const std::vector<std::pair<const char*, std::vector<std::string>>> cases = {
      {"1x4", {}},
      {"2x2", {}},
      {"1x5", {}},
      {"1x5", {"B1", "D1", "C1"}},
      {"1x5", {"B1", "D1", "C1", "E1"}},
      {"2x3", {}},
  };
  std::uint64_t reused = 0;
  for (const auto& [board, moves] : cases) {
    std::string line;
    for (const auto& m : moves) line += m + " ";
    INFO(board << " after '" << line << "'");
    // The slower solver: the reference solver (cached), its first moves from every move's value.
    SolveRequest rreq{Board::parse(board), RuleSet::parse("kee-2016"), 0, moves, {}};
    rreq.with_move_values = false;
    rreq.with_optimal_moves = true;
    rreq.with_pv = false;
    const SolveReport ref = reference_solve(rreq);
    REQUIRE(!ref.optimal.empty());
    const SolveReport plain = kee2016(board, moves, {}, true);  // unaimed
    CHECK(plain.value.identical(ref.value));
    CHECK(sorted(plain.optimal) == sorted(ref.optimal));
    for (std::uint64_t budget : {std::uint64_t{1}, std::uint64_t{0}}) {  // too small; by the board
      INFO("guess budget " << budget);
      search::GenericOptions o;
      o.aim = true;
      o.guess_nodes = budget;
      const SolveReport rep = kee2016(board, moves, o, true);
      CHECK(rep.value.identical(ref.value));
      CHECK(sorted(rep.optimal) == sorted(ref.optimal));
      CHECK(rep.optimal_undecided.empty());
      REQUIRE(counter(rep, "guess_asks") > 0);
      CHECK(counter(rep, "guesses") <= counter(rep, "guess_asks"));
      // Each position is guessed once: a repeated solve() reads it back.
      reused += counter(rep, "guess_asks") - counter(rep, "guesses");
      if (budget == 1) {
        CHECK(counter(rep, "guesses_proven") == 0);  // one node proves no tromp-taylor value here
      } else {
        CHECK(counter(rep, "guesses_proven") == counter(rep, "guesses"));  // the board's budget is ample
      }
    }
  }
  CHECK(reused > 0);  // some case re-solved a position
}

TEST_CASE("gotb solve --guess-nodes reaches the guess and is validated", "[cli][guess-budget]") {
  using test::run_gotb;
  auto proven = [](const std::string& extra) {
    auto r = run_gotb("solve -b 1x4 -r kee-2016 --method search --no-move-values --no-pv --json --aim " + extra);
    REQUIRE(r.exit_code == 0);
    const auto j = nlohmann::json::parse(r.out);
    CHECK(j["value"]["text"] == "B+4");
    return j["counters"].value("guesses_proven", -1);
  };
  CHECK(proven("") == 1);
  CHECK(proven("--guess-nodes 0") == 1);
  CHECK(proven("--guess-nodes 1") == 0);
  CHECK(proven("--guess-nodes 1000000") == 1);
  // Only with --aim, and only a count.
  auto no_aim = run_gotb("solve -b 1x4 -r kee-2016 --method search --guess-nodes 100");
  CHECK(no_aim.exit_code != 0);
  CHECK(no_aim.out.find("--aim") != std::string::npos);
  for (const char* bad : {"-1", "abc", "", "1e6", "99999999999999999999"}) {
    INFO("--guess-nodes '" << bad << "'");
    auto r = run_gotb(std::string("solve -b 1x4 -r kee-2016 --method search --aim --guess-nodes '") + bad + "'");
    CHECK(r.exit_code != 0);
    CHECK(r.out.find("--guess-nodes") != std::string::npos);
  }
  auto help = run_gotb("solve --help");
  CHECK(help.out.find("--guess-nodes") != std::string::npos);
}

TEST_CASE("aimed generic search: the test of the guess runs before the test past it", "[cli][guess-budget]") {
  // kee-2016 1x6 and 1x7: at some horizon the lower bound reaches the
  // guess g while "value <= g" is still open; the next horizon used to run
  // "value > g" first (1x11: 54 M of 57 M nodes, and false). Each root test
  // prints "horizon H, lower|upper test at order a".
  using test::run_gotb;
  for (const char* board : {"1x6", "1x7", "1x9"}) {
    INFO(board);
    auto r = run_gotb(std::string("solve -b ") + board +
                      " -r kee-2016 --method search --aim --no-move-values --no-pv --progress");
    REQUIRE(r.exit_code == 0);
    const auto at = r.out.find("tromp-taylor guess ");
    REQUIRE(at != std::string::npos);
    const int g = 2 * std::stoi(r.out.substr(at + 19));  // order units, komi 0
    std::istringstream lines(r.out);
    std::string line;
    int horizon = -1, past = 0;
    bool lower_of_g = false, upper_of_g = false;  // run at this horizon
    while (std::getline(lines, line)) {
      int h = 0, a = 0;
      char side[8] = {};
      if (std::sscanf(line.c_str(), "generic search: horizon %d, %7s test at order %d", &h, side, &a) != 3) continue;
      if (h != horizon) horizon = h, lower_of_g = upper_of_g = false;
      const bool lower = std::string(side) == "lower";
      if (lower && a == g - 1) lower_of_g = true;
      if (!lower && a == g) upper_of_g = true;
      // Past g: "value > g" (lower at g) and "value < g" (upper at g - 1).
      if (lower && a == g) {
        ++past;
        CHECK(upper_of_g);
      }
      if (!lower && a == g - 1) {
        ++past;
        CHECK(lower_of_g);
      }
    }
    CHECK(past > 0);  // (these boards do run a test past the guess)
  }
}

TEST_CASE("aimed generic search: a guess at an end of the range aims too", "[cli][guess-budget]") {
  // kee-2016 2x4: the guess B+8 is the board's maximum; the first test is
  // then "value >= B+8" (lower test at order 15), not the plain test at
  // the bottom of the range (order -16). Session 33: 2x6 7.47 M nodes
  // against 11.0 M.
  using test::run_gotb;
  auto r = run_gotb("solve -b 2x4 -r kee-2016 --method search --aim --no-move-values --no-pv --progress");
  REQUIRE(r.exit_code == 0);
  CHECK(r.out.find("value      B+8") != std::string::npos);
  CHECK(r.out.find("tromp-taylor guess +8 points") != std::string::npos);
  const auto first = r.out.find("generic search: horizon");
  REQUIRE(first != std::string::npos);
  // The first test's line, whatever its horizon (16 since session 34:
  // aimed kee-2016 runs on boards of two rows use horizons of at least
  // twice the points, run_kee2016).
  const std::string line = r.out.substr(first, r.out.find('\n', first) - first);
  CHECK(line.find("lower test at order 15 ->") != std::string::npos);
  CHECK(line.find("generic search: horizon 16,") == 0);
}
