// Kee rulesets through the command line: selection, histories with their
// pass kinds, bad input.
#include <catch2/catch.hpp>

#include "tests/cli_runner.hpp"

using gotb::test::run_gotb;

TEST_CASE("gotb solve runs kee-2016 with appealing passes in the history", "[cli][kee-2016]") {
  auto r = run_gotb("solve -b 1x2 -r kee-2016 -m \"A1 B1 appeal\"");
  REQUIRE(r.exit_code == 0);
  CHECK(r.out.find("appeal") != std::string::npos);  // White may appeal too (a move value line)
  auto bad = run_gotb("solve -b 1x2 -r kee-2016 -m \"appeal\"");
  CHECK(bad.exit_code != 0);
  CHECK(bad.out.find("rule 12") != std::string::npos);
}

TEST_CASE("gotb solve runs kee-2005 with both scorings and rejects bad options", "[cli][kee-2005]") {
  auto r = run_gotb("solve -b 1x2 -r kee-2005:japanese --no-move-values");
  REQUIRE(r.exit_code == 0);
  CHECK(r.out.find("value      0") != std::string::npos);
  auto k = run_gotb("solve -b 1x3 -r kee-2005 -m \"B1 keep keep keep\"");
  REQUIRE(k.exit_code == 0);
  CHECK(k.out.find("B+3") != std::string::npos);
  auto bad = run_gotb("solve -b 1x2 -r kee-2005:scoring=korean");
  CHECK(bad.exit_code != 0);
  CHECK(bad.out.find("korean") != std::string::npos);
  auto ill = run_gotb("solve -b 1x3 -r kee-2005 -m \"B1 A1 keep A1\"");
  CHECK(ill.exit_code != 0);
  CHECK(ill.out.find("C.2") != std::string::npos);
}

TEST_CASE("gotb solve finishes 2x3 under kee-2016 (the text's draw)", "[cli][kee-2016]") {
  auto r = run_gotb("solve --board 2x3 --rules kee-2016");
  REQUIRE(r.exit_code == 0);
  CHECK(r.out.find("value      0 ") != std::string::npos);
  // Every corner first play loses by 6 (the text's 2x3 commentary).
  CHECK(r.out.find("A1      W+6") != std::string::npos);
  // --no-cache is the literal search; it agrees where it finishes.
  auto lit = run_gotb("solve --board 2x2 --rules kee-2016 --method reference --no-cache --no-move-values");
  REQUIRE(lit.exit_code == 0);
  CHECK(lit.out.find("value      0 ") != std::string::npos);
}
