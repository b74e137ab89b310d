#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>
#include <cstdio>

#include "tests/cli_runner.hpp"

using gotb::test::run_gotb;

TEST_CASE("gotb solve prints value, move values, pv, nodes and time", "[cli]") {
  auto r = run_gotb("solve --board 2x2 --rules tromp-taylor");
  REQUIRE(r.exit_code == 0);
  // The fast exact path is the default (issue 18).
  CHECK(r.out.find("exact, search solver") != std::string::npos);
  auto ref = run_gotb("solve --board 2x2 --rules tromp-taylor --method reference");
  REQUIRE(ref.exit_code == 0);
  CHECK(ref.out.find("value      B+1  (Black minus White, exact, reference solver)") != std::string::npos);
  CHECK(r.out.find("value      B+1") != std::string::npos);
  CHECK(r.out.find("moves") != std::string::npos);
  CHECK(r.out.find("pass") != std::string::npos);
  CHECK(r.out.find("pv ") != std::string::npos);
  CHECK(r.out.find("nodes") != std::string::npos);
  CHECK(r.out.find("time") != std::string::npos);
}

TEST_CASE("gotb solve --json has stable fields", "[cli][json]") {
  auto r = run_gotb("solve -b 1x3 -r tromp-taylor --komi 0.5 --json");
  REQUIRE(r.exit_code == 0);
  auto j = nlohmann::json::parse(r.out);
  CHECK(j["board"] == "1x3");
  CHECK(j["rules"] == "tromp-taylor");
  CHECK(j["komi"] == 0.5);
  CHECK(j["perspective"] == "black");
  CHECK(j["value"]["text"] == "B+2.5");
  CHECK(j["value"]["points"] == 2.5);
  CHECK(j["value"]["kind"] == "score");
  CHECK(j["to_move"] == "Black");
  CHECK(j["exact"] == true);
  REQUIRE(j["moves"].size() == 4);  // A1 B1 C1 pass
  CHECK(j["moves"][0]["move"] == "B1");
  CHECK(j["moves"][0]["value"]["text"] == "B+2.5");
  CHECK(j["pv"].size() >= 2);
  CHECK(j["nodes"].get<long>() > 0);
}

TEST_CASE("gotb solve after a history", "[cli]") {
  auto r = run_gotb("solve -b 1x3 --moves 'B1 pass' --json");
  REQUIRE(r.exit_code == 0);
  auto j = nlohmann::json::parse(r.out);
  CHECK(j["to_move"] == "Black");
  CHECK(j["history"].size() == 2);
}

TEST_CASE("gotb reports bad input with a message and a non-zero exit", "[cli][errors]") {
  auto bad_board = run_gotb("solve -b 9x9");
  CHECK(bad_board.exit_code != 0);
  CHECK(bad_board.out.find("at most 64") != std::string::npos);
  auto bad_rules = run_gotb("solve -b 2x2 -r japanese-1989");
  CHECK(bad_rules.exit_code != 0);
  CHECK(bad_rules.out.find("unknown ruleset 'japanese-1989'") != std::string::npos);
  auto bad_move = run_gotb("solve -b 2x2 --moves 'A1 A1'");
  CHECK(bad_move.exit_code != 0);
  CHECK(bad_move.out.find("move 2 'A1' is illegal") != std::string::npos);
  auto bad_komi = run_gotb("solve -b 2x2 --komi 0.3");
  CHECK(bad_komi.exit_code != 0);
  CHECK(bad_komi.out.find("multiple of 0.5") != std::string::npos);
  auto limit = run_gotb("solve -b 2x3 --method reference --no-cache --node-limit 100");
  CHECK(limit.exit_code == 3);
  CHECK(limit.out.find("no value was proven") != std::string::npos);
  // The search stopped after its deepening narrowed the value (3x3 without
  // the retrograde ordering: [B+4, B+9] after 3,090 of 3,400 nodes): the
  // message gives the proven bounds, and they hold the value (B+9).
  auto bounds = run_gotb("solve -b 3x3 --method search --ordering history --no-move-values --no-pv --node-limit 3400");
  CHECK(bounds.exit_code == 3);
  const auto at = bounds.out.find("proven before the stop: B+");
  REQUIRE(at != std::string::npos);
  int lo = 0, hi = 0;
  REQUIRE(std::sscanf(bounds.out.c_str() + at, "proven before the stop: B+%d <= value <= B+%d", &lo, &hi) == 2);
  CHECK(lo <= 9);
  CHECK(9 <= hi);
  CHECK(limit.out.find("proven before the stop") == std::string::npos);  // nothing proven, nothing said
  auto no_args = run_gotb("");
  CHECK(no_args.exit_code != 0);
}

TEST_CASE("gotb solve --json stopped by a limit prints what was proven, and exits 3", "[cli][json]") {
  // stdout only (stderr, the text message, is checked above).
  auto json_of = [](const std::string& args) {
    auto r = run_gotb(args + " --json 2>/dev/null; }", "{ ");
    INFO(args << "\n" << r.out);
    CHECK(r.exit_code == 3);
    return nlohmann::json::parse(r.out);
  };
  // The search narrowed the value before the stop (as above): its bounds,
  // which hold the value (B+9).
  const auto b = json_of("solve -b 3x3 --method search --ordering history --no-move-values --no-pv --node-limit 3400");
  CHECK(b["exact"] == false);
  CHECK(b["value"].is_null());
  CHECK(b["stopped"] == "node limit reached");
  CHECK(b["method"] == "search");
  REQUIRE(b["lower"].is_object());
  REQUIRE(b["upper"].is_object());
  CHECK(b["lower"]["kind"] == "score");
  CHECK(b["lower"]["points"].get<double>() <= 9.0);
  CHECK(b["upper"]["points"].get<double>() >= 9.0);
  CHECK(b["lower"]["points"].get<double>() < b["upper"]["points"].get<double>());
  CHECK(b["note"].get<std::string>().find("proven before the stop: B+") != std::string::npos);
  CHECK(b["board"] == "3x3");
  // --method auto: the search's half stops with bounds, the reference
  // solver spends the rest; the stop still reports the search's bounds.
  const auto a = json_of("solve -b 3x3 --ordering history --no-move-values --no-pv --node-limit 6800");
  CHECK(a["method"] == "search");
  REQUIRE(a["lower"].is_object());
  CHECK(a["lower"]["points"].get<double>() <= 9.0);
  CHECK(a["upper"]["points"].get<double>() >= 9.0);
  CHECK(a["note"].get<std::string>().find("before the reference solver had the rest") != std::string::npos);
  // Nothing proven (the reference solver): no bounds, and no claim.
  const auto n = json_of("solve -b 2x3 --method reference --no-cache --node-limit 100");
  CHECK(n["exact"] == false);
  CHECK(n["lower"].is_null());
  CHECK(n["upper"].is_null());
  CHECK(n["method"] == "reference");
  CHECK(n["note"] == "no value was proven");
  // A time limit: the reason says so (a 4x4 search does not finish in 0.2 s).
  const auto t = json_of("solve -b 4x4 --method search --no-move-values --no-pv --time-limit 0.2");
  CHECK(t["stopped"] == "time limit reached");
  CHECK(t["lower"].is_null() == t["upper"].is_null());
}

TEST_CASE("gotb rules and --help describe the program", "[cli]") {
  auto rules = run_gotb("rules");
  CHECK(rules.exit_code == 0);
  CHECK(rules.out.find("tromp-taylor") != std::string::npos);
  CHECK(rules.out.find("situational") != std::string::npos);
  auto help = run_gotb("solve --help");
  CHECK(help.exit_code == 0);
  CHECK(help.out.find("--board") != std::string::npos);
}
