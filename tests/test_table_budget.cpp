// The results table's budget (`gotb table`, issue 22): an entry's value and
// its cost depend on a node budget alone when there is no time limit, and a
// generic-search entry whose first moves run out of the budget keeps its
// proven value with the moves not yet decided marked undecided.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <unistd.h>

#include "core/budget.hpp"
#include "generator/search/solve_search.hpp"
#include "tests/cli_runner.hpp"

using namespace gotb;

namespace {

// What a value-only solve charged to its budget: search nodes plus the
// game's own charged work (the analysis_nodes counter) plus the build of
// the move-order tables (retro_build_work, session 25's order; the build
// counts its work only under a limit, hence the large one).
std::uint64_t value_work(const SolveRequest& base) {
  SolveRequest req = base;
  req.options.node_limit = std::uint64_t{1} << 40;
  req.with_move_values = false;
  req.with_optimal_moves = false;
  req.with_pv = false;
  const SolveReport rep = solve_with_method("search", req);
  std::uint64_t work = rep.nodes;
  for (const auto& [name, v] : rep.counters)
    if (name == "analysis_nodes" || name == "retro_build_work") work += v;
  return work;
}

}  // namespace

TEST_CASE("generic search: first moves over budget leave the proven value with the moves undecided", "[generic][table]") {
  // kee-2016 runs through its own driver (Kee2016Anchored), the others
  // through GenericSearch directly.
  for (const char* rules : {"kee-2005", "kee-2005:scoring=japanese", "ikeda-1", "international", "kee-2016",
                            "japanese-2003"}) {
    INFO(rules);
    SolveRequest req{Board::parse("1x3"), RuleSet::parse(rules), 0, {}, {}};
    req.with_pv = false;
    req.with_move_values = false;
    req.with_optimal_moves = true;
    const SolveReport full = solve_with_method("search", req);  // no limit: every first move decided
    REQUIRE(!full.optimal.empty());
    CHECK(full.optimal_undecided.empty());
    const std::uint64_t w = value_work(req);
    // Enough for the value, not for a search per move: the value stays.
    // kee-2005 (session 32): the depth-first search gets a quarter of the
    // budget and proof-number tests the rest, so its value needs four times
    // the depth-first search's work, and the rest then decides 1x3's moves.
    const bool kee2005 = req.rules.is(Family::Kee2005);
    req.options.node_limit = kee2005 ? 4 * (w + 1) : w + 1;
    const SolveReport cut = solve_with_method("search", req);
    CHECK(cut.value.identical(full.value));
    // The moves decided before the stop (session 31: one test per move;
    // a test the table answers at once costs one node) are reported, the
    // others undecided: what it says optimal is optimal, and every optimal
    // move is in one of its two lists.
    if (!kee2005) CHECK(!cut.optimal_undecided.empty());
    for (const std::string& m : cut.optimal)
      CHECK(std::find(full.optimal.begin(), full.optimal.end(), m) != full.optimal.end());
    for (const std::string& m : full.optimal)
      CHECK((std::find(cut.optimal_undecided.begin(), cut.optimal_undecided.end(), m) != cut.optimal_undecided.end() ||
             std::find(cut.optimal.begin(), cut.optimal.end(), m) != cut.optimal.end()));
    // Not enough for the value: not proven.
    req.options.node_limit = kee2005 ? 4 : w / 2;
    CHECK_THROWS_AS(solve_with_method("search", req), NodeLimitReached);
    // Move values asked for themselves (gotb solve) still need the whole budget.
    req.options.node_limit = w + 1;
    req.with_move_values = true;
    CHECK_THROWS_AS(solve_with_method("search", req), NodeLimitReached);
  }
}

TEST_CASE("gotb table: a node budget without a time limit gives the same entries every run", "[cli][table]") {
  // The seed rulesets through the generic search, one entry over budget;
  // two runs give the same values, moves, methods and node counts (only
  // the seconds may differ), and the budget line says there is no clock.
  const auto dir = std::filesystem::temp_directory_path() / ("gotb_test_table_nodes_" + std::to_string(::getpid()));
  std::string csv[2];
  for (int run = 0; run < 2; ++run) {
    std::filesystem::remove_all(dir);
    const auto r = test::run_gotb("table --boards 1x2,1x3,2x2 --rules kee-2005 ikeda-1 japanese-2003 --method search "
                                  "--node-limit 40000 --time-limit 0 --no-plot --out-dir " + dir.string());
    REQUIRE(r.exit_code == 0);
    std::ifstream f(dir / "table.csv");
    std::stringstream s;
    std::string line;
    while (std::getline(f, line)) {
      // Drop the seconds column (the 10th field; no field before it holds a comma).
      std::size_t at = 0;
      for (int k = 0; k < 9; ++k) at = line.find(',', at) + 1;
      const std::size_t end = line.find(',', at);
      s << line.substr(0, at) << line.substr(end) << "\n";
    }
    csv[run] = s.str();
  }
  CHECK(csv[0] == csv[1]);
  CHECK(csv[0].find("\"40000 nodes, no time limit\"") != std::string::npos);
  CHECK(csv[0].find("1x3,3,\"ikeda-1\",0,exact,B+2,\"B1\",search,") != std::string::npos);
  CHECK(csv[0].find("2x2,4,\"kee-2005\",0,over-budget,") != std::string::npos);
  std::filesystem::remove_all(dir);
}

TEST_CASE("gotb table --resume keeps entries settled under the same node-only budget", "[cli][table]") {
  const auto dir = std::filesystem::temp_directory_path() / ("gotb_test_table_settled_" + std::to_string(::getpid()));
  std::filesystem::remove_all(dir);
  const std::string args = "table --boards 1x3,2x2,2x3 --rules kee-2005 --method search --no-plot --out-dir " +
                           dir.string();
  auto r = test::run_gotb(args + " --node-limit 40000 --time-limit 0");
  REQUIRE(r.exit_code == 0);
  CHECK(r.out.find("solving 2x2 under kee-2005") != std::string::npos);
  auto slurp = [&] {
    std::ifstream f(dir / "table.csv");
    std::stringstream s;
    s << f.rdbuf();
    return s.str();
  };
  const std::string first = slurp();
  CHECK(first.find("2x2,4,\"kee-2005\",0,over-budget,") != std::string::npos);
  CHECK(first.find("2x3,6,\"kee-2005\",0,skipped,") != std::string::npos);
  // Same budget: nothing left to solve (the outcome would be the same), and
  // 2x3 is still not attempted because of 2x2.
  r = test::run_gotb(args + " --node-limit 40000 --time-limit 0 --resume");
  REQUIRE(r.exit_code == 0);
  CHECK(r.out.find("solving") == std::string::npos);
  CHECK(slurp() == first);
  // Another budget: the over-budget entry and the one it kept out are retried.
  r = test::run_gotb(args + " --node-limit 40001 --time-limit 0 --resume");
  REQUIRE(r.exit_code == 0);
  CHECK(r.out.find("solving 2x2 under kee-2005") != std::string::npos);
  CHECK(r.out.find("solving 1x3 under kee-2005") == std::string::npos);  // proven: kept under any budget
  // A time limit makes outcomes depend on the load: retried as well.
  r = test::run_gotb(args + " --node-limit 40001 --time-limit 60 --resume");
  REQUIRE(r.exit_code == 0);
  CHECK(r.out.find("solving 2x2 under kee-2005") != std::string::npos);
  std::filesystem::remove_all(dir);
}
