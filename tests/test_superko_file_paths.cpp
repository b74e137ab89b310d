// Issue 20's checks on superko files as written and read back (the checklist
// in docs/generator.md, "Issue 20 requirements"): every state read from the
// file through the reader equals the search and the reference solver, and
// the query and GTP front ends state which path answered (text, JSON,
// stderr). tests/test_superko_table.cpp checks the generator's proofs in
// memory; these go through `gotb generate -o`, the file and the CLI.
#include <catch2/catch.hpp>

#include <array>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>
#include <sys/wait.h>
#include <unistd.h>

#include <nlohmann/json.hpp>

#include "cli_runner.hpp"
#include "core/budget.hpp"
#include "core/rules/ruleset.hpp"
#include "core/rules/tromp_taylor.hpp"
#include "format/tablebase.hpp"
#include "generator/reference/reference_solver.hpp"
#include "generator/retrograde/state_index.hpp"
#include "generator/search/search_solver.hpp"
#include "query/probe.hpp"
#include "query/superko_probe.hpp"
#include "random_history.hpp"
#include "superko_fixtures.hpp"

using namespace gotb;

namespace {

std::string temp_path(const std::string& name) { return test::temp_path("gotb_skpaths", name); }
using test::slurp;
using test::reference_agrees;
const auto& kVariants = test::kTrompTaylorVariants;

// Runs gotb with stdout and stderr kept apart (tests/cli_runner.hpp joins them).
struct SplitResult {
  int exit_code = -1;
  std::string out, err;
};
SplitResult run_split(const std::string& args, const std::string& stdin_text) {
  const std::string in = temp_path("stdin.txt"), err = temp_path("stderr.txt");
  {
    std::ofstream f(in);
    f << stdin_text;
  }
  const std::string cmd = std::string(GOTB_BINARY) + " " + args + " < " + in + " 2> " + err;
  SplitResult r;
  FILE* p = popen(cmd.c_str(), "r");
  if (!p) return r;
  std::array<char, 4096> buf{};
  size_t n;
  while ((n = fread(buf.data(), 1, buf.size(), p)) > 0) r.out.append(buf.data(), n);
  const int status = pclose(p);
  r.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  r.err = slurp(err);
  std::filesystem::remove(in);
  std::filesystem::remove(err);
  return r;
}

// The shortest history H0(S) of state S (docs/solving.md, "Superko
// tablebases"): the position alone, and with pass count 1 the same
// position with the other player to move before it (the pass).
SuperkoFile::Answer at_shortest_history(const SuperkoFile& file, const Position& pos, int passes) {
  if (passes == 0) return file.at({pos}, {Color::Black}, 0);
  return file.at({pos, pos}, {Color::White, Color::Black}, 1);
}

}  // namespace

TEST_CASE("superko files: every state read back from the written file = search = reference solver",
          "[superko][issue20]") {
  // The file as `gotb generate --exact` writes it with its defaults (two
  // lanes on node clocks, exchange on, two threads), read back through
  // SuperkoFile: under each state's shortest history both stored bounds'
  // facts must hold and give the exact value.
  const std::string path = temp_path("every.gotb");
  for (const char* board : {"1x4", "1x5", "2x2", "2x3"}) {
    for (const char* rules : kVariants) {
      INFO(board << " " << rules);
      const auto gen = test::run_gotb(std::string("generate --exact -q -t 2 -b ") + board + " -r " + rules + " -o " +
                                      path);
      REQUIRE(gen.exit_code == 0);
      const Board b = Board::parse(board);
      const RuleSet r = RuleSet::parse(rules);
      TablebaseReader reader(path);
      const SuperkoFile file(reader, GameSpec{b, r, 0});
      retro::StateIndex idx(b);
      REQUIRE(file.states() == idx.states());
      search::TrompTaylorSearch fresh(b, TrompTaylorConfig::from(r), 0);
      std::uint64_t checked = 0;
      for (std::uint64_t s = 0; s < idx.states(); ++s) {
        const Position pos = idx.position_of(s / 2);
        const int passes = static_cast<int>(s & 1);
        INFO("state " << s);
        const SuperkoFile::Answer a = at_shortest_history(file, pos, passes);
        CHECK(a.lo_holds);
        CHECK(a.hi_holds);
        REQUIRE(a.value.exact());
        fresh.set_root(pos, Color::Black, passes);
        const Value searched = fresh.value();
        CHECK(a.value.lower == searched);
        CHECK(a.stored == searched);
        TrompTaylorGame g(b, r, 0, pos, Color::Black, passes, -1);
        CHECK(reference_agrees(g, a.value.lower));
        ++checked;
      }
      CHECK(checked == idx.states());
    }
  }
  std::filesystem::remove(path);
  // The empty board through the command line, both ways: the file's answer
  // and `gotb solve --method search` print the same value.
  REQUIRE(test::run_gotb("generate --exact -q -b 2x3 -r tromp-taylor:ko=situational -o " + path).exit_code == 0);
  const auto q = test::run_gotb("query " + path + " --json");
  const auto s = test::run_gotb("solve -b 2x3 -r tromp-taylor:ko=situational --method search --no-move-values --json");
  REQUIRE(q.exit_code == 0);
  REQUIRE(s.exit_code == 0);
  const auto jq = nlohmann::json::parse(q.out), js = nlohmann::json::parse(s.out);
  CHECK(jq["source"] == "file-facts");
  CHECK(jq["exact"] == true);
  CHECK(jq["lower"] == js["value"]);
  std::filesystem::remove(path);
}

TEST_CASE("superko files: query and GTP state which path answered (file facts or the search)",
          "[superko][issue20][gtp][cli]") {
  const std::string path = temp_path("paths.gotb");
  // --move-test plain: the file whose first defeating history (below) also
  // defeats the mover's bound, so that GTP without the fallback refuses it;
  // with the default pass-early test the stored facts differ and that
  // history leaves the mover's bound standing (GTP then plays the stored
  // move, another path).
  REQUIRE(test::run_gotb("generate --exact -q --move-test plain -b 2x3 -r tromp-taylor -o " + path).exit_code == 0);
  const Board b = Board::parse("2x3");
  const RuleSet r = RuleSet::parse("tromp-taylor");
  // A history whose superko bans defeat the stored facts of its last state
  // (one exists on 2x3: tests/test_superko_table.cpp, "[ghi]"), and one the
  // file answers from its facts; found by random games, first of each.
  const TablebaseProbe probe(path);
  std::mt19937 rng(2024);
  std::vector<std::string> defeated, answered;
  bool have_defeated = false, have_answered = false;
  for (int game = 0; game < 400 && !(have_defeated && have_answered); ++game) {
    TrompTaylorGame g(b, r, 0);
    const std::vector<std::string> full = test::random_history(g, rng, 40);
    for (std::size_t len = 1; len <= full.size(); ++len) {
      const std::vector<std::string> h(full.begin(), full.begin() + static_cast<long>(len));
      TrompTaylorGame line(b, r, 0);
      replay_moves(line, h);
      if (line.is_over()) break;
      const ProbeResult pr = probe.probe(h);
      if (!have_defeated && pr.source == ValueSource::FileBounds) {
        defeated = h;
        have_defeated = true;
      }
      if (!have_answered && len >= 3 && pr.source == ValueSource::FileFacts) {
        answered = h;
        have_answered = true;
      }
    }
  }
  REQUIRE(have_defeated);
  REQUIRE(have_answered);
  std::string defeated_text, answered_text;
  for (const auto& m : defeated) defeated_text += (defeated_text.empty() ? "" : " ") + m;
  for (const auto& m : answered) answered_text += (answered_text.empty() ? "" : " ") + m;
  INFO("defeated: " << defeated_text << "; answered: " << answered_text);

  // The truth under the defeating history, from the reference solver.
  TrompTaylorGame truth_game(b, r, 0);
  replay_moves(truth_game, defeated);
  ReferenceOptions ropt;
  ropt.memo_megabytes = 16;
  ReferenceSolver ref(truth_game, ropt);
  const Value truth = ref.value();

  SECTION("query: text and JSON name the path") {
    // From the file's facts.
    auto t = test::run_gotb("query " + path + " --moves \"" + answered_text + "\"");
    REQUIRE(t.exit_code == 0);
    CHECK(t.out.find("exact (file-facts)") != std::string::npos);
    auto j = nlohmann::json::parse(test::run_gotb("query " + path + " --moves \"" + answered_text + "\" --json").out);
    CHECK(j["source"] == "file-facts");
    CHECK(j["exact"] == true);
    // Facts defeated, no fallback: bounds only, said so.
    t = test::run_gotb("query " + path + " --moves \"" + defeated_text + "\"");
    REQUIRE(t.exit_code == 0);
    CHECK(t.out.find("not exact (proven bounds, file-bounds)") != std::string::npos);
    j = nlohmann::json::parse(test::run_gotb("query " + path + " --moves \"" + defeated_text + "\" --json").out);
    CHECK(j["source"] == "file-bounds");
    CHECK(j["exact"] == false);
    // With the fallback: re-proved by the search seeded from the file,
    // exact, said so, and right; --unseeded: the fresh search, the same value.
    t = test::run_gotb("query " + path + " --fallback search --moves \"" + defeated_text + "\"");
    REQUIRE(t.exit_code == 0);
    CHECK(t.out.find("exact (search seeded from file)") != std::string::npos);
    j = nlohmann::json::parse(
        test::run_gotb("query " + path + " --fallback search --moves \"" + defeated_text + "\" --json").out);
    CHECK(j["source"] == "search-seeded");
    CHECK(j["exact"] == true);
    CHECK(j["lower"]["text"] == truth.to_string());
    t = test::run_gotb("query " + path + " --fallback search --unseeded --moves \"" + defeated_text + "\"");
    REQUIRE(t.exit_code == 0);
    CHECK(t.out.find("exact (search)") != std::string::npos);
    j = nlohmann::json::parse(test::run_gotb("query " + path + " --fallback search --unseeded --moves \"" +
                                             defeated_text + "\" --json")
                                  .out);
    CHECK(j["source"] == "search");
    CHECK(j["lower"]["text"] == truth.to_string());
  }

  SECTION("gtp: a genmove the file answers is silent; one it cannot is solved and said on stderr") {
    auto plays = [](const std::vector<std::string>& h) {
      std::string s;
      for (std::size_t i = 0; i < h.size(); ++i) s += std::string("play ") + (i % 2 ? "w " : "b ") + h[i] + "\n";
      return s;
    };
    const std::string colour = answered.size() % 2 ? "w" : "b";
    auto g = run_split("gtp --tablebase " + path + " --fallback search",
                       plays(answered) + "genmove " + colour + "\nquit\n");
    REQUIRE(g.exit_code == 0);
    CHECK(g.out.find("?") == std::string::npos);
    CHECK(g.err.find("do not hold") == std::string::npos);
    const std::string colour2 = defeated.size() % 2 ? "w" : "b";
    g = run_split("gtp --tablebase " + path + " --fallback search", plays(defeated) + "genmove " + colour2 + "\nquit\n");
    REQUIRE(g.exit_code == 0);
    CHECK(g.out.find("?") == std::string::npos);  // every command answered, the genmove too
    CHECK(g.err.find("the file's stored facts do not hold under this game's history; solved by the search solver") !=
          std::string::npos);
    CHECK(g.out.find("do not hold") == std::string::npos);  // stdout stays plain GTP
    // Without the fallback the genmove is refused, with the reason.
    g = run_split("gtp --tablebase " + path, plays(defeated) + "genmove " + colour2 + "\nquit\n");
    CHECK(g.out.find("? no exact value for this position (file-bounds)") != std::string::npos);
  }
  std::filesystem::remove(path);
}

TEST_CASE("superko files: sampled states of a written 3x3 file = the search from scratch", "[superko][issue20]") {
  // The reference solver is out of reach here: from random 3x3 states,
  // even those with at most two empty points, it finished fewer than 4 of 8
  // per variant within 2M nodes (captures reopen the board; session 23),
  // so 3x3 is checked
  // against a fresh search (the solver of `gotb solve --method search`),
  // which the reference solver checks on the smaller boards above.
  const std::string path = temp_path("s33.gotb");
  for (const char* rules : kVariants) {
    INFO(rules);
    REQUIRE(test::run_gotb(std::string("generate --exact -q -t 2 -b 3x3 -r ") + rules + " -o " + path).exit_code == 0);
    const Board b = Board::parse("3x3");
    const RuleSet r = RuleSet::parse(rules);
    TablebaseReader reader(path);
    const SuperkoFile file(reader, GameSpec{b, r, 0});
    retro::StateIndex idx(b);
    std::mt19937 rng(11);
    for (int k = 0; k < 24; ++k) {
      const std::uint64_t s = rng() % idx.states();
      const Position pos = idx.position_of(s / 2);
      const int passes = static_cast<int>(s & 1);
      INFO("state " << s);
      const SuperkoFile::Answer a = at_shortest_history(file, pos, passes);
      CHECK(a.lo_holds);
      CHECK(a.hi_holds);
      REQUIRE(a.value.exact());
      search::TrompTaylorSearch fresh(b, TrompTaylorConfig::from(r), 0);  // nothing carried over
      fresh.set_root(pos, Color::Black, passes);
      CHECK(fresh.value() == a.value.lower);
    }
    // The empty board: 3x3 = B+9 under every variant.
    CHECK(at_shortest_history(file, Position{}, 0).value.lower == Value::score(9, 0));
  }
  std::filesystem::remove(path);
}
