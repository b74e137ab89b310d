// Issue 20: the query's re-proof seeded from a superko file (SuperkoFile::
// seeds, a lazy search::ProofSeeds; docs/solving.md "Superko tablebases",
// "Seeded re-proofs"). Under histories that defeat the stored facts of the
// current state (graph-history interaction), the search seeded from the
// file gives the value of the fresh search and of the reference solver,
// really uses the seeds, never a stored bound whose facts fail under the
// node's line, and says which path answered (text, JSON, GTP stderr).
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
#include "core/rules/ruleset.hpp"
#include "core/rules/tromp_taylor.hpp"
#include "format/tablebase.hpp"
#include "generator/reference/reference_solver.hpp"
#include "generator/retrograde/state_index.hpp"
#include "generator/search/search_solver.hpp"
#include "generator/search/superko_table.hpp"
#include "query/probe.hpp"
#include "query/superko_probe.hpp"
#include "random_history.hpp"
#include "superko_fixtures.hpp"

using namespace gotb;

namespace {

std::string temp_path(const std::string& name) { return test::temp_path("gotb_skseed", name); }
using test::reference_agrees;
using test::solver_on;

// A history and what the file says about its last state.
struct Defeated {
  std::vector<std::string> moves;
  std::vector<Position> positions;
  std::vector<Color> to_move;
  bool stale = false;  // the stored value is not the value under this history
};

// Histories from random games (seeded) whose current state's stored facts
// do not both hold (the file alone does not answer the state: the root of
// the re-proof is a GHI node), at most `want` of them.
std::vector<Defeated> defeated_histories(const SuperkoFile& file, const Board& b, const RuleSet& r, unsigned seed,
                                         std::size_t want) {
  std::vector<Defeated> out;
  std::mt19937 rng(seed);
  for (int game = 0; game < 400 && out.size() < want; ++game) {
    TrompTaylorGame g(b, r, 0);
    const std::vector<std::string> full = test::random_history(g, rng, 40);
    TrompTaylorGame line(b, r, 0);
    Defeated d;
    d.positions = {line.position()};
    d.to_move = {line.to_move()};
    for (const std::string& t : full) {
      Move m;
      line.parse_move(t, m);
      line.play(m);
      d.moves.push_back(t);
      d.positions.push_back(line.position());
      d.to_move.push_back(line.to_move());
      if (line.is_over()) break;
      const SuperkoFile::Answer a = file.at(d.positions, d.to_move, line.consecutive_passes());
      if (!(a.lo_holds && a.hi_holds)) {
        out.push_back(d);
        break;  // one per game: different games, different lines
      }
    }
  }
  return out;
}

}  // namespace

TEST_CASE("superko files: lazy seeds decode the same proofs as the reader", "[superko][issue20]") {
  const std::string path = temp_path("lazy.gotb");
  REQUIRE(test::run_gotb("generate --exact -q -b 2x3 -r tromp-taylor -o " + path).exit_code == 0);
  const Board b = Board::parse("2x3");
  TablebaseReader reader(path);
  const GameSpec spec{b, RuleSet::parse("tromp-taylor"), 0};
  const SuperkoFile file(reader, spec);
  // The lazy reader (what the query opens): its records read through the
  // file's chunks on demand, with a one-chunk reader cache.
  auto lazy_reader = std::make_shared<TablebaseReader>(path);
  const SuperkoFile lazy_file(lazy_reader, spec);
  lazy_reader->set_cache_chunks(1);
  retro::StateIndex idx(b);
  // Each state asked twice in a row (the second from the cache), in two
  // sweeps; a cache smaller than the states decodes them again in the
  // second sweep. The proofs must not depend on what the cache held.
  for (const SuperkoFile* from : {&file, &lazy_file})
  for (std::size_t cache : {std::size_t{1}, std::size_t{64}, std::size_t{1024}}) {
    const auto seeds = from->seeds(cache);
    REQUIRE(seeds->lazy());
    CHECK(seeds->ready_empties() == b.size());
    for (int round = 0; round < 2; ++round)
      for (std::uint64_t s = 0; s < idx.states(); ++s)
        for (int twice = 0; twice < 2; ++twice) {
          const Position pos = idx.position_of(s / 2);
          int g = -1;
          const search::StateProof* p = seeds->find(pos, static_cast<int>(s & 1), g);
          REQUIRE(p != nullptr);
          CHECK(g == 0);  // a stored position is its own canonical image
          CHECK(*p == file.proof(s));
        }
    CHECK(seeds->loads() + seeds->cache_hits() == 4 * idx.states());
    if (cache == 1) CHECK(seeds->loads() == 2 * idx.states());
    if (cache == 1024) CHECK(seeds->loads() < 2 * idx.states());  // the second sweep finds some in the cache
  }
  std::filesystem::remove(path);
}

TEST_CASE("superko files: the search seeded from the file = the fresh search = reference solver (GHI histories)",
          "[superko][issue20][ghi]") {
  const std::string path = temp_path("ghi.gotb");
  struct Case {
    const char* board;
    const char* rules;
  };
  std::uint64_t seeded_nodes = 0, fresh_nodes = 0, used = 0, rejects = 0, cutoffs = 0, loads = 0;
  std::uint64_t stale = 0, histories = 0;
  for (Case c : {Case{"2x3", "tromp-taylor"}, Case{"2x3", "tromp-taylor:ko=situational"}, Case{"1x5", "tromp-taylor"},
                 Case{"2x2", "tromp-taylor:suicide=no"}, Case{"2x3", "tromp-taylor:ko=situational,suicide=no"}}) {
    INFO(c.board << " " << c.rules);
    REQUIRE(test::run_gotb(std::string("generate --exact -q -b ") + c.board + " -r " + c.rules + " -o " + path)
                .exit_code == 0);
    const Board b = Board::parse(c.board);
    const RuleSet r = RuleSet::parse(c.rules);
    // The lazy reader, as the query opens the file.
    const SuperkoFile file(std::make_shared<TablebaseReader>(path), GameSpec{b, r, 0});
    const std::vector<Defeated> hs = defeated_histories(file, b, r, 2024, 6);
    REQUIRE(!hs.empty());
    for (const Defeated& d : hs) {
      std::string text;
      for (const auto& m : d.moves) text += " " + m;
      INFO("history" << text);
      ++histories;
      const auto seeds = file.seeds();
      search::TrompTaylorSearch seeded = solver_on(b, r, seeds.get(), d.moves);
      search::TrompTaylorSearch fresh = solver_on(b, r, nullptr, d.moves);
      const Value vs = seeded.value(), vf = fresh.value();
      CHECK(vs == vf);
      TrompTaylorGame g(b, r, 0);
      replay_moves(g, d.moves);
      CHECK(reference_agrees(g, vs));
      // Every move's value too (what the query reports).
      const auto ms = seeded.move_values(), mf = fresh.move_values();
      REQUIRE(ms.size() == mf.size());
      for (std::size_t i = 0; i < ms.size(); ++i) {
        CHECK(ms[i].move == mf[i].move);
        CHECK(ms[i].value == mf[i].value);
      }
      // A stale stored value (superko bans changed it): had the seeded
      // search used the root's stored bound, it would have answered it.
      const SuperkoFile::Answer a = file.at(d.positions, d.to_move, g.consecutive_passes());
      if (!(a.stored == vs)) ++stale;
      seeded_nodes += seeded.stats().nodes;
      fresh_nodes += fresh.stats().nodes;
      used += seeded.stats().seed_used;
      rejects += seeded.stats().seed_rejects;
      cutoffs += seeded.stats().seed_cutoffs;
      loads += seeds->loads();
      CHECK(fresh.stats().seed_probes == 0);
    }
  }
  std::filesystem::remove(path);
  WARN("seeded re-proofs of " << histories << " GHI histories (" << stale << " with a stale stored value): "
                              << seeded_nodes << " nodes against " << fresh_nodes << " fresh; seeds used " << used
                              << ", settled " << cutoffs << ", rejected " << rejects << ", records decoded " << loads);
  // The seeds were used, and stored bounds whose facts fail were met and
  // not used (the root's own, at least), with every value still right.
  CHECK(used > 0);
  CHECK(cutoffs > 0);
  CHECK(rejects > 0);
  CHECK(stale > 0);
  // Seeds settle whole subtrees: fewer nodes than the fresh search.
  CHECK(seeded_nodes < fresh_nodes);
}

TEST_CASE("superko files: a seeded re-proof on 2x4 searches fewer nodes than the fresh one", "[superko][issue20]") {
  // A board where the search is not trivial: the seeded search must settle
  // most of its nodes from the file (counts, never timings).
  const std::string path = temp_path("s24.gotb");
  REQUIRE(test::run_gotb("generate --exact -q -b 2x4 -r tromp-taylor -o " + path).exit_code == 0);
  const Board b = Board::parse("2x4");
  const RuleSet r = RuleSet::parse("tromp-taylor");
  TablebaseReader reader(path);
  const SuperkoFile file(reader, GameSpec{b, r, 0});
  const std::vector<Defeated> hs = defeated_histories(file, b, r, 7, 4);
  REQUIRE(hs.size() >= 2);
  std::uint64_t seeded_nodes = 0, fresh_nodes = 0, cutoffs = 0;
  for (const Defeated& d : hs) {
    const auto seeds = file.seeds();
    search::TrompTaylorSearch seeded = solver_on(b, r, seeds.get(), d.moves);
    search::TrompTaylorSearch fresh = solver_on(b, r, nullptr, d.moves);
    CHECK(seeded.value() == fresh.value());
    cutoffs += seeded.stats().seed_cutoffs;
    seeded_nodes += seeded.stats().nodes;
    fresh_nodes += fresh.stats().nodes;
  }
  WARN("2x4: seeded " << seeded_nodes << " nodes, fresh " << fresh_nodes << ", settled by seeds " << cutoffs);
  CHECK(cutoffs > 0);
  CHECK(2 * seeded_nodes < fresh_nodes);
  std::filesystem::remove(path);
}

TEST_CASE("superko files: query and GTP name the seeded re-proof", "[superko][issue20][gtp][cli]") {
  const std::string path = temp_path("paths.gotb");
  REQUIRE(test::run_gotb("generate --exact -q -b 2x3 -r tromp-taylor -o " + path).exit_code == 0);
  const Board b = Board::parse("2x3");
  const RuleSet r = RuleSet::parse("tromp-taylor");
  std::vector<std::string> defeated;
  {
    // A history the file alone does not answer (the probe's own verdict).
    const TablebaseProbe probe(path);
    std::mt19937 rng(2024);
    for (int game = 0; game < 400 && defeated.empty(); ++game) {
      TrompTaylorGame g(b, r, 0);
      const std::vector<std::string> full = test::random_history(g, rng, 40);
      for (std::size_t len = 1; len <= full.size() && defeated.empty(); ++len) {
        const std::vector<std::string> h(full.begin(), full.begin() + static_cast<long>(len));
        TrompTaylorGame line(b, r, 0);
        replay_moves(line, h);
        if (line.is_over()) break;
        if (probe.probe(h).source == ValueSource::FileBounds) defeated = h;
      }
    }
  }
  REQUIRE(!defeated.empty());
  std::string text;
  for (const auto& m : defeated) text += (text.empty() ? "" : " ") + m;
  INFO("history: " << text);
  TrompTaylorGame truth_game(b, r, 0);
  replay_moves(truth_game, defeated);
  ReferenceOptions ropt;
  ropt.memo_megabytes = 16;
  ReferenceSolver ref(truth_game, ropt);
  const Value truth = ref.value();

  // The probe API: seeded by default, fresh with seed_search off.
  ProbeOptions po;
  po.fallback = ProbeOptions::Fallback::Search;
  const ProbeResult seeded = TablebaseProbe(path, po).probe(defeated);
  po.seed_search = false;
  const ProbeResult fresh = TablebaseProbe(path, po).probe(defeated);
  CHECK(seeded.source == ValueSource::SearchSeeded);
  CHECK(fresh.source == ValueSource::Search);
  REQUIRE(seeded.value.exact());
  CHECK(seeded.value.lower == truth);
  CHECK(fresh.value.lower == truth);
  for (const MoveEval& e : seeded.moves)
    if (!e.ends_game) CHECK(e.source == ValueSource::SearchSeeded);

  // Text and JSON.
  auto t = test::run_gotb("query " + path + " --fallback search --moves \"" + text + "\"");
  REQUIRE(t.exit_code == 0);
  CHECK(t.out.find("exact (search seeded from file)") != std::string::npos);
  CHECK(t.out.find("seeded from the file") != std::string::npos);  // the note
  auto j = nlohmann::json::parse(
      test::run_gotb("query " + path + " --fallback search --moves \"" + text + "\" --json").out);
  CHECK(j["source"] == "search-seeded");
  CHECK(j["exact"] == true);
  CHECK(j["lower"]["text"] == truth.to_string());
  CHECK(j["counters"]["seed_used"].get<std::uint64_t>() > 0);
  CHECK(j["counters"]["seed_rejects"].get<std::uint64_t>() > 0);
  auto ju = nlohmann::json::parse(
      test::run_gotb("query " + path + " --fallback search --unseeded --moves \"" + text + "\" --json").out);
  CHECK(ju["source"] == "search");
  CHECK(ju["lower"] == j["lower"]);
  CHECK(ju["nodes"].get<std::uint64_t>() > j["nodes"].get<std::uint64_t>());

  // GTP: the stderr note says the search was seeded.
  std::string plays;
  for (std::size_t i = 0; i < defeated.size(); ++i)
    plays += std::string("play ") + (i % 2 ? "w " : "b ") + defeated[i] + "\n";
  const std::string colour = defeated.size() % 2 ? "w" : "b";
  const std::string in = temp_path("stdin.txt"), err = temp_path("stderr.txt");
  {
    std::ofstream f(in);
    f << plays << "genmove " << colour << "\nquit\n";
  }
  const std::string cmd =
      std::string(GOTB_BINARY) + " gtp --tablebase " + path + " --fallback search < " + in + " 2> " + err;
  FILE* p = popen(cmd.c_str(), "r");
  REQUIRE(p);
  std::string out;
  std::array<char, 4096> buf{};
  std::size_t n;
  while ((n = fread(buf.data(), 1, buf.size(), p)) > 0) out.append(buf.data(), n);
  CHECK(pclose(p) == 0);
  std::ifstream ef(err);
  std::stringstream es;
  es << ef.rdbuf();
  CHECK(out.find("?") == std::string::npos);
  CHECK(es.str().find("solved by the search solver seeded from the file's stored bounds and moves") !=
        std::string::npos);
  std::filesystem::remove(in);
  std::filesystem::remove(err);
  std::filesystem::remove(path);
}

#include <cstdlib>
#include <ctime>

#include "generator/search/move_ordering.hpp"

namespace {
double thread_cpu() {
  timespec t{};
  ::clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) + 1e-9 * static_cast<double>(t.tv_nsec);
}
}  // namespace

TEST_CASE("superko files: seeded against fresh re-proofs of random GHI histories (measure)",
          "[.superko-seeded-measure]") {
  // GOTB_SEEDED_FILE=FILE (a superko file, e.g. 2x6 or 3x4),
  // GOTB_SEEDED_COUNT (histories, default 6), GOTB_SEEDED_SEED (default 1),
  // GOTB_SEEDED_NODES (node limit of each search, default 50M): the query's
  // work (value and every move's value, the query's move ordering) seeded
  // and fresh, nodes and thread CPU seconds, one line per history.
  const char* path = std::getenv("GOTB_SEEDED_FILE");
  if (!path) {
    WARN("set GOTB_SEEDED_FILE");
    return;
  }
  const int count = std::getenv("GOTB_SEEDED_COUNT") ? std::atoi(std::getenv("GOTB_SEEDED_COUNT")) : 6;
  const unsigned seed = std::getenv("GOTB_SEEDED_SEED") ? std::atoi(std::getenv("GOTB_SEEDED_SEED")) : 1;
  const std::uint64_t limit =
      std::getenv("GOTB_SEEDED_NODES") ? std::strtoull(std::getenv("GOTB_SEEDED_NODES"), nullptr, 10) : 50000000;
  auto reader = std::make_shared<TablebaseReader>(path);
  const GameSpec spec{reader->board(), RuleSet::parse(reader->meta().rules), reader->meta().komi};
  const SuperkoFile file(reader, spec);  // lazy, as the query reads it
  const auto ordering = search::retro_ordering_for(spec.board, search::OrderingMode::Auto);
  const std::vector<Defeated> hs = defeated_histories(file, spec.board, spec.rules, seed, count);
  for (const Defeated& d : hs) {
    std::string text;
    for (const auto& m : d.moves) text += (text.empty() ? "" : " ") + m;
    const auto seeds = file.seeds();
    std::uint64_t nodes[2] = {0, 0};
    double cpu[2] = {0, 0};
    Value value[2];
    bool done[2] = {false, false};
    search::SearchStats st;
    for (int k = 0; k < 2; ++k) {
      search::SearchOptions o;
      o.seeds = k == 0 ? seeds.get() : nullptr;
      o.ordering = ordering.get();
      o.node_limit = limit;
      search::TrompTaylorSearch s(spec.board, TrompTaylorConfig::from(spec.rules), spec.komi, o);
      TrompTaylorGame g(spec.board, spec.rules, spec.komi);
      for (const std::string& t : d.moves) {
        Move m;
        g.parse_move(t, m);
        g.play(m);
        s.play(m);
      }
      const double c0 = thread_cpu();
      try {
        value[k] = s.value();
        (void)s.move_values();
        done[k] = true;
      } catch (const NodeLimitReached&) {
      }
      cpu[k] = thread_cpu() - c0;
      nodes[k] = s.stats().nodes;
      if (k == 0) st = s.stats();
    }
    if (done[0] && done[1]) CHECK(value[0] == value[1]);
    std::printf("history (%zu moves) %s\n  seeded: %s%llu nodes %.3f CPU s (seeds: probes %llu used %llu settled %llu "
                "rejected %llu; records decoded %llu, cache hits %llu)\n  fresh:  %s%llu nodes %.3f CPU s\n",
                d.moves.size(), text.c_str(), done[0] ? "" : "(node limit) ",
                static_cast<unsigned long long>(nodes[0]), cpu[0], static_cast<unsigned long long>(st.seed_probes),
                static_cast<unsigned long long>(st.seed_used), static_cast<unsigned long long>(st.seed_cutoffs),
                static_cast<unsigned long long>(st.seed_rejects), static_cast<unsigned long long>(seeds->loads()),
                static_cast<unsigned long long>(seeds->cache_hits()), done[1] ? "" : "(node limit) ",
                static_cast<unsigned long long>(nodes[1]), cpu[1]);
    std::fflush(stdout);
  }
}
