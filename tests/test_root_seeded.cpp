// Issue 20: the fallback search of a root file (gotb generate --root) seeded
// from its entries (RootFile::seeds; docs/solving.md, "Seeded re-proofs
// from a root file"). Where a game leaves the stored lines, the search
// seeded from the file gives the value (and every move's value) of the
// fresh search and of the reference solver, and really uses the seeds.
#include <catch2/catch.hpp>

#include <filesystem>
#include <memory>
#include <random>
#include <unistd.h>

#include <nlohmann/json.hpp>

#include "cli_runner.hpp"
#include "core/rules/tromp_taylor.hpp"
#include "format/tablebase.hpp"
#include "generator/reference/reference_solver.hpp"
#include "generator/search/search_solver.hpp"
#include "generator/search/superko_table.hpp"
#include "query/probe.hpp"
#include "query/superko_probe.hpp"
#include "random_history.hpp"
#include "superko_fixtures.hpp"

using namespace gotb;

namespace {

std::string temp_path(const std::string& name) { return test::temp_path("gotb_rootseed", name); }
using test::reference_agrees;
using test::solver_on;

// Histories of random games (seeded) at their first state the file does not
// answer exactly (the game left the stored lines), at most `want`.
std::vector<std::vector<std::string>> uncovered_histories(const RootFile& file, const GameSpec& spec, unsigned seed,
                                                          std::size_t want) {
  std::vector<std::vector<std::string>> out;
  std::mt19937 rng(seed);
  for (int game = 0; game < 300 && out.size() < want; ++game) {
    TrompTaylorGame g(spec.board, spec.rules, 0);
    const std::vector<std::string> full = test::random_history(g, rng, 30);
    TrompTaylorGame line(spec.board, spec.rules, 0);
    std::vector<std::string> h;
    for (const std::string& t : full) {
      Move m;
      line.parse_move(t, m);
      line.play(m);
      h.push_back(t);
      if (line.is_over()) break;
      if (!file.probe(h).exact()) {
        out.push_back(h);
        break;
      }
    }
  }
  return out;
}

}  // namespace

TEST_CASE("root files: the search seeded from the file = the fresh search = reference solver off the stored lines",
          "[root][superko][issue20]") {
  struct Case {
    const char* board;
    const char* args;
    bool reference;  // small enough for the reference solver
  };
  std::uint64_t seeded_nodes = 0, fresh_nodes = 0, used = 0, cutoffs = 0, histories = 0;
  for (Case c : {Case{"2x3", "-r tromp-taylor", true}, Case{"2x3", "-r tromp-taylor:ko=situational", true},
                 Case{"1x5", "-r tromp-taylor", true}, Case{"2x4", "--merge states -r tromp-taylor", false}}) {
    INFO(c.board << " " << c.args);
    const std::string path = temp_path("seeded.gotb");
    REQUIRE(test::run_gotb(std::string("generate --root -q -b ") + c.board + " " + c.args + " -o " + path)
                .exit_code == 0);
    auto reader = std::make_shared<TablebaseReader>(path);
    const GameSpec spec{reader->board(), RuleSet::parse(reader->meta().rules), reader->meta().komi};
    const RootFile file(reader, spec);
    const auto hs = uncovered_histories(file, spec, 2025, 5);
    REQUIRE(!hs.empty());
    for (const auto& h : hs) {
      std::string text;
      for (const auto& m : h) text += " " + m;
      INFO("history" << text);
      ++histories;
      const auto seeds = file.seeds();
      search::TrompTaylorSearch seeded = solver_on(spec.board, spec.rules, seeds.get(), h);
      search::TrompTaylorSearch fresh = solver_on(spec.board, spec.rules, nullptr, h);
      const Value vs = seeded.value(), vf = fresh.value();
      CHECK(vs == vf);
      if (c.reference) {
        TrompTaylorGame g(spec.board, spec.rules, 0);
        replay_moves(g, h);
        CHECK(reference_agrees(g, vs));
      }
      const auto ms = seeded.move_values(), mf = fresh.move_values();
      REQUIRE(ms.size() == mf.size());
      for (std::size_t i = 0; i < ms.size(); ++i) {
        CHECK(ms[i].move == mf[i].move);
        CHECK(ms[i].value == mf[i].value);
      }
      seeded_nodes += seeded.stats().nodes;
      fresh_nodes += fresh.stats().nodes;
      used += seeded.stats().seed_used;
      cutoffs += seeded.stats().seed_cutoffs;
    }
    std::filesystem::remove(path);
  }
  WARN("root-file seeded re-proofs of " << histories << " histories off the stored lines: " << seeded_nodes
                                        << " nodes against " << fresh_nodes << " fresh; seeds used " << used
                                        << ", settled " << cutoffs);
  CHECK(used > 0);
  CHECK(cutoffs > 0);
  CHECK(seeded_nodes < fresh_nodes);
}

TEST_CASE("root files: a seed proof is an entry's, in the search's frame", "[root][superko][issue20]") {
  // On the empty board's state (Black to move, no stones: every symmetry
  // fixes it) the seed proof is the root entry's, value and facts as
  // stored; the same state with White to move (colours swapped: the same
  // normalised position) is not a different seed state.
  const std::string path = temp_path("frame.gotb");
  REQUIRE(test::run_gotb("generate --root -q -b 2x3 -r tromp-taylor -o " + path).exit_code == 0);
  auto reader = std::make_shared<TablebaseReader>(path);
  const GameSpec spec{reader->board(), RuleSet::parse(reader->meta().rules), reader->meta().komi};
  const RootFile file(reader, spec);
  const auto seeds = file.seeds();
  int g = -1;
  const search::StateProof* p = seeds->find(Position{}, 0, g);
  REQUIRE(p != nullptr);
  const ProbeResult root = file.probe({});
  REQUIRE(root.exact());
  CHECK(Value::score(p->value, 0) == root.value.lower);  // Black moves: mover's view = Black's
  CHECK(!p->lo.unknown);
  CHECK(!p->hi.unknown);
  CHECK(p->best >= -1);
  std::filesystem::remove(path);
}

TEST_CASE("root files: gotb query re-proves off the stored lines from the file's seeds",
          "[root][superko][issue20][cli]") {
  const std::string path = temp_path("cli.gotb");
  REQUIRE(test::run_gotb("generate --root -q -b 2x3 -r tromp-taylor -o " + path).exit_code == 0);
  auto reader = std::make_shared<TablebaseReader>(path);
  const GameSpec spec{reader->board(), RuleSet::parse(reader->meta().rules), reader->meta().komi};
  const RootFile file(reader, spec);
  const auto hs = uncovered_histories(file, spec, 7, 3);
  REQUIRE(!hs.empty());
  for (const auto& h : hs) {
    std::string moves;
    for (const auto& m : h) moves += (moves.empty() ? "" : " ") + m;
    INFO(moves);
    auto q = test::run_gotb("query " + path + " --fallback search --json --moves '" + moves + "'");
    REQUIRE(q.exit_code == 0);
    const auto j = nlohmann::json::parse(q.out);
    CHECK(j["source"] == "search-seeded");
    CHECK(j["counters"].contains("seed_probes"));
    auto u = test::run_gotb("query " + path + " --fallback search --unseeded --json --moves '" + moves + "'");
    REQUIRE(u.exit_code == 0);
    const auto k = nlohmann::json::parse(u.out);
    CHECK(k["source"] == "search");
    auto s = test::run_gotb("solve -b 2x3 --method search --json --moves '" + moves + "'");
    REQUIRE(s.exit_code == 0);
    const auto v = nlohmann::json::parse(s.out);
    CHECK(j["value"] == v["value"]);
    CHECK(k["value"] == v["value"]);
  }
  std::filesystem::remove(path);
}
