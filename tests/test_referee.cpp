#include <catch2/catch.hpp>

#include "query/reference_backend.hpp"
#include "query/referee.hpp"
#include "tests/cli_runner.hpp"

using namespace gotb;
using gotb::test::run_gotb;

namespace {
const std::string kGotb = GOTB_BINARY;
const std::string kAlwaysPass = std::string("sh ") + GOTB_SOURCE_DIR + "/tests/gtp_always_pass.sh";
}  // namespace

TEST_CASE("referee: gotb against itself on a rectangle ends exactly at the value", "[referee][gtp]") {
  RefereeOptions opt(GameSpec{Board::parse("2x3"), RuleSet::parse("tromp-taylor"), 0.5});
  opt.engine_a = kGotb + " gtp --board 2x3";
  opt.engine_b = kGotb + " gtp --board 2x2";  // rectangular_boardsize switches it to 2x3
  opt.openings = {{}, {"B1"}, {"A1", "C2"}};
  opt.perfect = 'a';
  ReferenceBackend backend;
  RefereeReport rep = run_referee(opt, backend, nullptr);
  REQUIRE(rep.games.size() == 6);
  CHECK(rep.all_ok);
  for (const auto& g : rep.games) {
    INFO(g.end);
    REQUIRE(g.result);
    CHECK(g.result->identical(g.start));  // two perfect players: exactly the value
    CHECK(g.end == "two passes");
  }
  CHECK(rep.games[1].black == 'b');
  CHECK(rep.games[5].opening == std::vector<std::string>{"A1", "C2"});
}

TEST_CASE("referee: the perfect-player check fails for an engine that only passes", "[referee][gtp]") {
  RefereeOptions opt(GameSpec{Board::parse("2x2"), RuleSet::parse("tromp-taylor"), 0});
  opt.engine_a = kAlwaysPass;
  opt.engine_b = kGotb + " gtp --board 2x2";
  opt.perfect = 'a';
  ReferenceBackend backend;
  RefereeReport rep = run_referee(opt, backend, nullptr);
  CHECK_FALSE(rep.all_ok);
  // As Black, passing at once gives White the board.
  REQUIRE(rep.games[0].result);
  CHECK(*rep.games[0].result < rep.games[0].start);

  auto r = run_gotb("referee -b 2x2 --engine-a '" + kAlwaysPass + "' --engine-b '" + kGotb +
                    " gtp -b 2x2' --perfect a");
  CHECK(r.exit_code == 1);
  CHECK(r.out.find("PERFECT PLAYER BELOW START VALUE") != std::string::npos);
  CHECK(r.out.find("gotb: error: the perfect player ended below the start value") != std::string::npos);
}

TEST_CASE("referee: bad engines and bad options give clear errors", "[referee][gtp][errors]") {
  auto r = run_gotb("referee -b 2x2 --engine-a 'sh -c \"exit 0\"' --engine-b '" + kGotb + " gtp' --timeout 5");
  CHECK(r.exit_code == 1);
  CHECK(r.out.find("engine a") != std::string::npos);
  r = run_gotb("referee -b 2x2 --engine-a '" + kGotb + " gtp' --engine-b '" + kGotb + " gtp' --openings 'A1 A1'");
  CHECK(r.exit_code == 1);
  CHECK(r.out.find("opening move 'A1' is illegal") != std::string::npos);
  r = run_gotb("referee -b 3x3 --engine-a x --engine-b y");
  CHECK(r.exit_code == 1);
  CHECK(r.out.find("limited to 8 points") != std::string::npos);
  r = run_gotb("referee -b 2x2 --engine-a x --engine-b y --perfect c");
  CHECK(r.exit_code == 1);
  // An engine that does not echo ids breaks the protocol.
  r = run_gotb("referee -b 2x2 --engine-a 'while read l; do printf \"= 2\\n\\n\"; done' --engine-b '" + kGotb +
               " gtp' --timeout 5");
  CHECK(r.exit_code == 1);
  CHECK(r.out.find("malformed GTP response") != std::string::npos);
}

TEST_CASE("gotb referee on 3x3 takes its start values from --method search", "[referee][gtp][search]") {
  // The reference solver stops at 8 points; the referee needs the search
  // for 3x3 start values, like the engines it judges.
  const std::string s3 = " --method search --max-points 9";
  auto r = run_gotb("referee -b 3x3 --komi 8.5" + s3 + " --openings '-;A1' --perfect a --engine-a '" + kGotb +
                    " gtp -b 3x3" + s3 + "' --engine-b '" + kGotb + " gtp -b 3x3" + s3 + "'");
  INFO(r.out);
  REQUIRE(r.exit_code == 0);
  CHECK(r.out.find("summary: 4 games; engine a (claimed perfect) never ended below") != std::string::npos);
  // Two perfect players: every game ends by two passes exactly at its start
  // value, which is the value `gotb solve` gives the same position.
  std::size_t games = 0;
  for (std::size_t at = r.out.find("\ngame "); at != std::string::npos; at = r.out.find("\ngame ", at + 1)) {
    std::string line = r.out.substr(at + 1, r.out.find('\n', at + 1) - at - 1);
    INFO(line);
    auto start = line.find("start ") + 6, result = line.find("result ") + 7;
    std::string sv = line.substr(start, line.find(',', start) - start);
    CHECK(line.substr(result, sv.size() + 1) == sv + " ");
    CHECK(line.find("(two passes,") != std::string::npos);
    const bool corner = line.find("opening [A1]") != std::string::npos;
    auto solved = run_gotb("solve -b 3x3 --komi 8.5 --method search --no-move-values" +
                           std::string(corner ? " --moves A1" : ""));
    CHECK(solved.out.find("value      " + sv + " ") != std::string::npos);
    ++games;
  }
  CHECK(games == 4);

  // An engine that always passes is caught on 3x3 as on 2x2.
  r = run_gotb("referee -b 3x3" + s3 + " --perfect a --engine-a '" + kAlwaysPass + "' --engine-b '" + kGotb +
               " gtp -b 3x3" + s3 + "'");
  CHECK(r.exit_code == 1);
  CHECK(r.out.find("PERFECT PLAYER BELOW START VALUE") != std::string::npos);
}
