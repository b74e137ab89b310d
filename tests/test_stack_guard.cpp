// Deep superko lines must end a solve with "not proven", never a crash
// (core/stack_guard.hpp). The reference solver's first line on 1x11 under
// situational superko is about 24,000 plies deep, far beyond a small stack.
#include <catch2/catch.hpp>

#include <string>

#include "core/budget.hpp"
#include "core/stack_guard.hpp"
#include "generator/search/search_solver.hpp"
#include "tests/cli_runner.hpp"
#include "tests/solve_value.hpp"

using namespace gotb;

TEST_CASE("a solver stops at the end of a small stack with a clear reason", "[stack]") {
  for (std::size_t mib : {2, 8}) {
    INFO(mib << " MiB stack");
    std::string why;
    run_with_stack(mib << 20, [&] {
      try {
        test::solve_value("1x11", "tromp-taylor:ssk", true);
      } catch (const NodeLimitReached& e) {
        why = e.what();
      }
    });
    CHECK(why == kStackLimitMessage);
  }
  // The search recurses too; with deepening off its first line is long as well.
  std::string why;
  run_with_stack(std::size_t{2} << 20, [&] {
    search::SearchOptions o;
    o.deepening_step = 0;
    o.table_megabytes = o.proof_megabytes = 16;
    o.time_limit = 30;
    const Board b = Board::parse("1x11");  // (the search keeps a reference to it)
    search::TrompTaylorSearch s(b, TrompTaylorConfig::from(RuleSet::parse("tromp-taylor:ssk")), 0, o);
    try {
      s.value();
    } catch (const NodeLimitReached& e) {
      why = e.what();
    }
  });
  CHECK(why == kStackLimitMessage);
}

TEST_CASE("run_with_stack passes exceptions back", "[stack]") {
  CHECK_THROWS_WITH(run_with_stack(std::size_t{4} << 20, [] { throw std::runtime_error("inside"); }), "inside");
  int ran = 0;
  run_with_stack(std::size_t{4} << 20, [&] { ran = 1; });
  CHECK(ran == 1);
}

TEST_CASE("gotb solve ends a too-deep or too-long search with exit 3", "[stack][cli]") {
  auto r = test::run_gotb("solve -b 1x11 -r tromp-taylor:ssk --method reference --no-move-values --time-limit 1");
  CHECK(r.exit_code == 3);
  CHECK(r.out.find("no value was proven") != std::string::npos);
}
