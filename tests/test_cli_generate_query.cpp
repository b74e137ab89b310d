// `gotb generate -o` and `gotb query` end to end.
#include <unistd.h>

#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

#include "core/rules/games.hpp"
#include "generator/reference/solve.hpp"
#include "tests/cli_runner.hpp"

namespace fs = std::filesystem;
using gotb::test::run_gotb;
using namespace gotb;

namespace {

struct Tmp {
  fs::path dir = fs::temp_directory_path() / ("gotb-cli-gen-" + std::to_string(::getpid()));
  Tmp() {
    fs::remove_all(dir);
    fs::create_directories(dir);
  }
  ~Tmp() {
    std::error_code ec;
    fs::remove_all(dir, ec);
  }
};

nlohmann::json query_json(const std::string& file, const std::string& moves) {
  auto r = run_gotb("query " + file + " --json --moves \"" + moves + "\"");
  INFO(r.out);
  REQUIRE(r.exit_code == 0);
  return nlohmann::json::parse(r.out);
}

// Reference values of the finite-state game after `moves`, both modes.
std::pair<Value, Value> reference_pair(const std::string& board, const std::string& rules, double komi,
                                       const std::vector<std::string>& moves) {
  const Board b = Board::parse(board);
  const RuleSet rs = RuleSet::parse(rules);
  TrompTaylorGame g(b, rs, komi);
  replay_moves(g, moves);
  const int passes = std::min(g.consecutive_passes(), 1);
  return {finite_state_value(b, rs, komi, RepeatScoring::BlackWins, g.position(), g.to_move(), passes),
          finite_state_value(b, rs, komi, RepeatScoring::WhiteWins, g.position(), g.to_move(), passes)};
}

}  // namespace

TEST_CASE("gotb generate -o writes a file that gotb query reads", "[retrograde][cli]") {
  Tmp tmp;
  const std::string file = (tmp.dir / "2x2.h5").string();
  auto g = run_gotb("generate -q -b 2x2 -r tromp-taylor:no-suicide -k 0.5 -o " + file);
  INFO(g.out);
  REQUIRE(g.exit_code == 0);
  CHECK(g.out.find("bytes/state on disk") != std::string::npos);

  for (std::string moves : {"", "A1", "A1 B2", "A1 pass", "B1 A2 pass"}) {
    INFO("moves: " << moves);
    nlohmann::json j = query_json(file, moves);
    auto ref = reference_pair("2x2", "tromp-taylor:no-suicide", 0.5, split_moves(moves));
    CHECK(j["fixpoints"]["gfp"]["text"] == ref.first.to_string());
    CHECK(j["fixpoints"]["lfp"]["text"] == ref.second.to_string());
    CHECK(j["komi"] == 0.5);
    CHECK(j["file_kind"] == "fixpoints");
    // Fixpoints are never presented as exact superko values, even where
    // they agree: only final scores are exact.
    CHECK(j["exact"] == false);
    CHECK(j["value"].is_null());
    CHECK(j["source"] == "file-fixpoints");
    CHECK(j["best_move"].is_null());
    CHECK(j["lower"]["text"] == "W+4.5");  // the score range, komi 0.5
    CHECK(j["upper"]["text"] == "B+3.5");
    CHECK(j["fixpoints"]["agree"] == (ref.first.identical(ref.second)));
    // Every listed move carries the values of the state it leads to.
    for (const auto& m : j["moves"]) {
      std::vector<std::string> after = split_moves(moves);
      after.push_back(m["move"]);
      if (m["ends_game"]) {
        CHECK(m["exact"] == true);
        CHECK(m["source"] == "game-over");
        continue;
      }
      CHECK(m["exact"] == false);
      auto child = reference_pair("2x2", "tromp-taylor:no-suicide", 0.5, after);
      CHECK(m["fixpoints"]["gfp"]["text"] == child.first.to_string());
      CHECK(m["fixpoints"]["lfp"]["text"] == child.second.to_string());
    }
  }
}

TEST_CASE("gotb query lists only moves legal under superko and rejects illegal histories", "[retrograde][cli]") {
  Tmp tmp;
  const std::string file = (tmp.dir / "1x3.h5").string();
  REQUIRE(run_gotb("generate -q -b 1x3 -o " + file).exit_code == 0);
  // After B1 White's plays at A1 and C1 are single-stone suicides that
  // recreate the current board: legal in the finite-state game, illegal
  // under positional superko. Only the pass remains.
  nlohmann::json j = query_json(file, "B1");
  REQUIRE(j["moves"].size() == 1);
  CHECK(j["moves"][0]["move"] == "pass");
  CHECK(j["to_move"] == "White");

  auto bad = run_gotb("query " + file + " --moves \"B1 A1\"");
  CHECK(bad.exit_code != 0);
  CHECK(bad.out.find("move 2 'A1'") != std::string::npos);
  CHECK(bad.out.find("superko") != std::string::npos);

  auto missing = run_gotb("query " + (tmp.dir / "nope.h5").string());
  CHECK(missing.exit_code != 0);

  // Two passes end the game: the area score, exact.
  nlohmann::json end = query_json(file, "B1 pass pass");
  CHECK(end["game_over"] == true);
  CHECK(end["exact"] == true);
  CHECK(end["source"] == "game-over");
  CHECK(end["value"]["text"] == "B+3");
}

TEST_CASE("gotb query --sgf reads the history from a game record", "[retrograde][cli][sgf]") {
  Tmp tmp;
  const std::string file = (tmp.dir / "2x2.h5").string();
  REQUIRE(run_gotb("generate -q -b 2x2 -r tromp-taylor:no-suicide -o " + file).exit_code == 0);
  const std::string sgf = (tmp.dir / "game.sgf").string();
  // SZ[2], B at a2 (SGF "aa" = top-left = A2), W at b1 ("bb").
  std::ofstream(sgf) << "(;GM[1]FF[4]SZ[2]RU[tromp-taylor:suicide=no];B[aa];W[bb])";
  auto r = run_gotb("query " + file + " --json --sgf " + sgf);
  INFO(r.out);
  REQUIRE(r.exit_code == 0);
  nlohmann::json from_sgf = nlohmann::json::parse(r.out);
  nlohmann::json from_moves = query_json(file, "A2 B1");
  CHECK(from_sgf["history"] == nlohmann::json({"A2", "B1"}));
  CHECK(from_sgf["fixpoints"] == from_moves["fixpoints"]);
  CHECK(from_sgf["moves"] == from_moves["moves"]);

  // A record with variations: the main line (first variation at each fork).
  std::ofstream(tmp.dir / "var.sgf") << "(;GM[1]FF[4]SZ[2]C[root \\] x];B[aa](;W[bb](;B[])(;B[ba]))(;W[ab]))";
  auto v = run_gotb("query " + file + " --json --sgf " + (tmp.dir / "var.sgf").string());
  INFO(v.out);
  REQUIRE(v.exit_code == 0);
  nlohmann::json from_var = nlohmann::json::parse(v.out);
  CHECK(from_var["history"] == nlohmann::json({"A2", "B1", "pass"}));
  CHECK(from_var["fixpoints"] == query_json(file, "A2 B1 pass")["fixpoints"]);

  std::ofstream(tmp.dir / "big.sgf") << "(;GM[1]FF[4]SZ[3];B[aa])";
  auto wrong = run_gotb("query " + file + " --sgf " + (tmp.dir / "big.sgf").string());
  CHECK(wrong.exit_code != 0);
  CHECK(run_gotb("query " + file + " --sgf " + sgf + " --moves A2").exit_code != 0);
}

TEST_CASE("generate: the superko pass options are refused where they do not apply", "[cli][generate]") {
  // Each would be silently ignored (no --exact: a fixpoint file; --root: one
  // proof, no passes; --order flat: one pass), so the user is told instead.
  for (const std::string opt : {"--last-pass-order most", "--report-nodes 10", "--passes 3", "--pass-growth 4",
                                 "--later-chunk-states 4"}) {
    auto plain = run_gotb("generate -q -b 1x3 -o /dev/null/never " + opt);
    CHECK(plain.exit_code != 0);
    CHECK(plain.out.find("need --exact") != std::string::npos);
    auto root = run_gotb("generate -q -b 1x3 --root -o /dev/null/never " + opt);
    CHECK(root.exit_code != 0);
    CHECK(root.out.find("need --exact") != std::string::npos);
  }
  // An option given with its default value is refused all the same: what
  // counts is that the user asked for something that does not apply.
  for (const std::string opt : {"--chunk-states 256", "--passes 2", "--first-pass-nodes 2000", "--order levels"}) {
    INFO(opt);
    auto plain = run_gotb("generate -q -b 1x3 -o /dev/null/never " + opt);
    CHECK(plain.exit_code != 0);
    CHECK(plain.out.find("need --exact") != std::string::npos);
  }
  for (const std::string opt : {"--merge facts", "--values exact", "--max-walk 0"}) {
    INFO(opt);
    auto r = run_gotb("generate -q -b 1x3 --exact -o /dev/null/never " + opt);
    CHECK(r.exit_code != 0);
    CHECK(r.out.find("need --root") != std::string::npos);
  }
  auto flat_default = run_gotb("generate -q -b 1x3 --exact --order flat --passes 2 -o /dev/null/never");
  CHECK(flat_default.exit_code != 0);
  CHECK(flat_default.out.find("belong to --order levels") != std::string::npos);
  auto flat = run_gotb("generate -q -b 1x3 --exact --order flat --last-pass-order most -o /dev/null/never");
  CHECK(flat.exit_code != 0);
  CHECK(flat.out.find("belong to --order levels") != std::string::npos);
  auto flat_later = run_gotb("generate -q -b 1x3 --exact --order flat --later-chunk-states 1 -o /dev/null/never");
  CHECK(flat_later.exit_code != 0);
  CHECK(flat_later.out.find("belong to --order levels") != std::string::npos);
  auto flat_move_test = run_gotb("generate -q -b 1x3 --exact --order flat --move-test plain -o /dev/null/never");
  CHECK(flat_move_test.exit_code != 0);
  CHECK(flat_move_test.out.find("belong to --order levels") != std::string::npos);
  auto plain_move_test = run_gotb("generate -q -b 1x3 --move-test pass-early -o /dev/null/never");
  CHECK(plain_move_test.exit_code != 0);
  CHECK(plain_move_test.out.find("need --exact") != std::string::npos);
  // The lanes' options: the level order of --exact only.
  for (const std::string opt : {"--lane-exchange off", "--exchange-min-work 4", "--profile", "--lanes 1"}) {
    INFO(opt);
    for (const std::string where : {"", "--exact --order flat "}) {
      auto r = run_gotb("generate -q -b 1x3 " + where + "-o /dev/null/never " + opt);
      CHECK(r.exit_code != 0);
      CHECK(r.out.find("belong to --exact with the level order") != std::string::npos);
    }
  }
  // --profile also serves the exact tables of tromp-taylor:ko=basic: one line per phase.
  auto prof = run_gotb("generate -q -b 2x2 -r tromp-taylor:ko=basic --profile");
  CHECK(prof.exit_code == 0);
  for (const char* phase : {"index", "graph rows", "round update", "report"}) {
    INFO(phase);
    CHECK(prof.out.find(std::string("  ") + phase + " ") != std::string::npos);
  }
}
