// Superko tablebases: values with the history facts their proofs rest on
// (generator/search/superko_table.hpp; docs/solving.md, "Superko tablebases").
#include <catch2/catch.hpp>
#include <tbb/parallel_for.h>
#include <tbb/task_arena.h>

#include <algorithm>
#include <array>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <numeric>

#include <unistd.h>

#include "core/rules/ruleset.hpp"
#include "generator/retrograde/state_index.hpp"
#include "generator/search/move_ordering.hpp"
#include "generator/search/superko_table.hpp"
#include "superko_fixtures.hpp"

using namespace gotb;
using namespace gotb::search;

namespace {

std::string temp_file(const std::string& name) { return test::temp_path("gotb_superko", name); }
using test::slurp;
using test::reference_agrees;
const auto& kVariants = test::kTrompTaylorVariants;

// One generation on 1, 2 and 3 threads with otherwise equal options: for the
// tests that a file depends on the lanes alone, never on the thread count.
struct ThreadRun {
  std::vector<StateProof> proofs;
  SuperkoGenerateStats stats;
};

std::array<ThreadRun, 3> run_on_1_2_3_threads(const retro::StateIndex& idx, const RuleSet& r,
                                              SuperkoGenerateOptions o) {
  std::array<ThreadRun, 3> runs;
  for (int t = 1; t <= 3; ++t) {
    o.threads = t;
    runs[t - 1].proofs = generate_superko(idx, r, o, &runs[t - 1].stats);
  }
  return runs;
}

// The sum of one lane-pass counter (imported, critical_nodes) over a run.
std::uint64_t lane_sum(const ThreadRun& run, std::uint64_t SuperkoGenerateStats::LanePass::*counter) {
  std::uint64_t sum = 0;
  for (const auto& lp : run.stats.lane_passes) sum += lp.*counter;
  return sum;
}

// The three runs computed the same thing: proofs, node counts and the nodes
// on the lanes' critical path.
void check_runs_agree(const std::array<ThreadRun, 3>& runs) {
  for (int t = 1; t < 3; ++t) {
    INFO("threads " << t + 1);
    CHECK(runs[t].proofs == runs[0].proofs);
    CHECK(runs[t].stats.nodes == runs[0].stats.nodes);
    CHECK(lane_sum(runs[t], &SuperkoGenerateStats::LanePass::critical_nodes) == lane_sum(runs[0], &SuperkoGenerateStats::LanePass::critical_nodes));
  }
}

}  // namespace

TEST_CASE("superko facts: size statistics", "[.superko-stats]") {
  for (const char* board : {"2x3", "3x3"}) {
    for (const char* rules : {"tromp-taylor", "tromp-taylor:ko=situational", "tromp-taylor:suicide=no"}) {
      const Board b = Board::parse(board);
      retro::StateIndex idx(b);
      auto ord = RetroOrdering::build(b, 1);
      SuperkoGenerateOptions o;
      o.threads = 1;
      o.ordering = ord.get();
      SuperkoGenerateStats st;
      std::vector<StateProof> proofs = generate_superko(idx, RuleSet::parse(rules), o, &st);
      std::uint64_t total = 0, maxa = 0, unknown = 0, zero = 0, pres = 0;
      std::map<int, int> hist;
      for (auto& p : proofs) {
        for (auto* f : {&p.lo, &p.hi}) {
          unknown += f->unknown;
          total += f->absent.size();
          pres += f->present.size();
          maxa = std::max<std::uint64_t>(maxa, f->absent.size());
          zero += f->absent.empty() && f->present.empty();
          int b2 = 0;
          while ((1u << b2) <= f->absent.size()) ++b2;
          hist[b2]++;
        }
      }
      std::printf("%s %s: %llu states, %llu nodes, %.2f s; absent facts avg %.1f max %llu, present total %llu, unknown %llu, no facts %llu\n",
                  board, rules, (unsigned long long)st.states, (unsigned long long)st.nodes, st.seconds,
                  (double)total / (2.0 * st.states), (unsigned long long)maxa, (unsigned long long)pres,
                  (unsigned long long)unknown, (unsigned long long)zero);
      for (auto [k, v] : hist) std::printf("  <2^%d: %d\n", k, v);
    }
  }
}

TEST_CASE("superko facts: records round-trip", "[superko]") {
  const Board b = Board::parse("2x3");
  retro::StateIndex idx(b);
  SuperkoGenerateOptions o;
  o.threads = 1;
  const std::vector<StateProof> proofs = generate_superko(idx, RuleSet::parse("tromp-taylor"), o);
  for (const StateProof& p : proofs) {
    for (const StoredFacts* f : {&p.lo, &p.hi}) {
      REQUIRE(std::is_sorted(f->absent.begin(), f->absent.end()));
      REQUIRE(std::adjacent_find(f->absent.begin(), f->absent.end()) == f->absent.end());
      REQUIRE(std::adjacent_find(f->present.begin(), f->present.end()) == f->present.end());
    }
    std::vector<std::int8_t> rec;
    encode_facts(p, rec);
    StateProof q = p;
    q.lo.absent.clear();
    q.hi.present.clear();
    decode_facts(rec.data(), rec.data() + rec.size(), q);
    REQUIRE(q == p);
  }
  // pack_proofs sizes the records and encodes them in place in parallel
  // blocks of 4,096 states: the same bytes as encode_facts in one loop,
  // over several blocks (the proofs repeated past 3 blocks, a state with
  // no facts at the ends).
  std::vector<StateProof> many;
  many.push_back(StateProof{});
  while (many.size() < 3 * 4096 + 100) many.insert(many.end(), proofs.begin(), proofs.end());
  many.push_back(StateProof{});
  std::vector<std::int8_t> stream, index;
  for (std::size_t i = 0; i <= many.size(); ++i) {
    for (int k = 0; k < 4; ++k) index.push_back(static_cast<std::int8_t>(stream.size() >> (8 * k)));
    if (i < many.size()) encode_facts(many[i], stream);
  }
  for (const int threads : {1, 2}) {
    tbb::task_arena arena(threads);
    SuperkoArrays packed;
    arena.execute([&] { packed = pack_proofs(many); });
    CHECK(std::vector<std::int8_t>(packed.facts.begin(), packed.facts.end()) == stream);
    CHECK(packed.fact_index == index);
    REQUIRE(packed.value.size() == many.size());
    for (std::size_t i = 0; i < many.size(); ++i) REQUIRE(packed.value[i] == many[i].value);
  }
  // Records without facts are their four zero counts; no states at all:
  // the stream holds one byte (an array holds at least one), the index 0.
  const SuperkoArrays bare = pack_proofs(std::vector<StateProof>(5));
  CHECK(bare.facts.size() == 20);
  CHECK(std::count(bare.facts.begin(), bare.facts.end(), 0) == 20);
  const SuperkoArrays none = pack_proofs({});
  CHECK(none.facts.size() == 1);
  CHECK(none.fact_index == std::vector<std::int8_t>(4, 0));
}

TEST_CASE("superko facts: records encoded by the lanes give the same journal and file bytes", "[superko]") {
  // SuperkoGenerateOptions::encode_records: each state's record made by its
  // lane as the state is proved (a deferred state's again by the pass that
  // proves it), taken by the journal and by pack_proofs instead of
  // encoding the proof there. Same proofs, records = encode_facts of the
  // final proofs, and the same packed arrays and journal bytes as encoding
  // everything at the end, with every record, some, or none given.
  const Board b = Board::parse("2x3");
  retro::StateIndex idx(b);
  const RuleSet r = RuleSet::parse("tromp-taylor");
  SuperkoGenerateOptions o;
  o.threads = 2;
  o.chunk_states = 8;
  o.first_pass_nodes = 60;  // some states deferred: their records are made twice
  o.lanes = 2;
  o.lane_clock = true;
  o.lane_exchange = true;
  SuperkoGenerateStats plain_stats, st;
  const std::vector<StateProof> plain = generate_superko(idx, r, o, &plain_stats);
  REQUIRE(plain_stats.deferred > 0);
  o.encode_records = true;
  SuperkoProgress progress;
  st = generate_superko(idx, r, o, progress);
  REQUIRE(progress.proofs == plain);
  CHECK(st.nodes == plain_stats.nodes);
  REQUIRE(progress.records.size() == plain.size());
  for (std::size_t s = 0; s < plain.size(); ++s) {
    std::vector<std::int8_t> rec;
    encode_facts(plain[s], rec);
    REQUIRE(progress.records[s] == rec);
  }
  // Several blocks of 4,096 states, some records given, some not (empty).
  std::vector<StateProof> many;
  std::vector<std::vector<std::int8_t>> recs;
  while (many.size() < 2 * 4096 + 300) {
    many.insert(many.end(), plain.begin(), plain.end());
    recs.insert(recs.end(), progress.records.begin(), progress.records.end());
  }
  std::vector<std::vector<std::int8_t>> some = recs;
  for (std::size_t i = 0; i < some.size(); i += 3) some[i].clear();
  const std::vector<std::vector<std::int8_t>> none;
  for (const int threads : {1, 2}) {
    tbb::task_arena arena(threads);
    SuperkoArrays base, all, part, empty;
    arena.execute([&] {
      base = pack_proofs(many);
      all = pack_proofs(many, &recs);
      part = pack_proofs(many, &some);
      empty = pack_proofs(many, &none);
    });
    for (const SuperkoArrays* x : {&all, &part, &empty}) {
      CHECK(std::vector<std::int8_t>(x->facts.begin(), x->facts.end()) ==
            std::vector<std::int8_t>(base.facts.begin(), base.facts.end()));
      CHECK(x->fact_index == base.fact_index);
      CHECK(x->value == base.value);
      CHECK(x->best == base.best);
      CHECK(x->lo_cap == base.lo_cap);
      CHECK(x->hi_cap == base.hi_cap);
    }
  }
  std::vector<std::vector<std::int8_t>> wrong(3);
  CHECK_THROWS_AS(pack_proofs(many, &wrong), std::logic_error);
  // The journal: the same bytes whether it encodes the records or takes
  // them, and a resume from it reads the same proofs.
  const std::string dir = std::filesystem::temp_directory_path().string();
  const std::string pa = dir + "/gotb_records_" + std::to_string(::getpid()) + "_a.partial",
                    pb = dir + "/gotb_records_" + std::to_string(::getpid()) + "_b.partial";
  std::vector<std::uint64_t> states(plain.size());
  std::iota(states.begin(), states.end(), std::uint64_t{0});
  {
    std::filesystem::remove(pa);
    std::filesystem::remove(pb);
    SuperkoJournal ja(pa, "test-header"), jb(pb, "test-header");
    SuperkoProgress fa, fb;
    fa.proofs.resize(plain.size());
    fb.proofs.resize(plain.size());
    ja.open(fa);
    jb.open(fb);
    for (std::size_t c = 0; c * 10 < states.size(); ++c) {
      const std::size_t k = std::min<std::size_t>(10, states.size() - c * 10);
      ja.append(c, states.data() + c * 10, k, plain);
      jb.append(c, states.data() + c * 10, k, plain, c % 2 ? &some : &progress.records);
    }
  }
  auto slurp = [](const std::string& p) {
    std::ifstream in(p, std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
  };
  CHECK(slurp(pa).size() > 100);
  CHECK(slurp(pa) == slurp(pb));
  {
    SuperkoJournal jb(pb, "test-header");
    SuperkoProgress back;
    back.proofs.resize(plain.size());
    CHECK(jb.open(back) > 0);
    CHECK(back.proofs == plain);
  }
  std::filesystem::remove(pa);
  std::filesystem::remove(pb);
}

// ---------------------------------------------------------------------------
// Cross-checks against the search and the reference solver.

#include <chrono>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>

#include "cli_runner.hpp"
#include "core/budget.hpp"
#include "core/rules/tromp_taylor.hpp"
#include "format/tablebase.hpp"
#include "generator/reference/reference_solver.hpp"
#include "generator/retrograde/generate.hpp"
#include "generator/search/search_solver.hpp"
#include "query/probe.hpp"
#include "query/superko_probe.hpp"
#include "random_history.hpp"

namespace {

}  // namespace

TEST_CASE("superko files: every state's value = search = reference solver, and the stored move keeps it",
          "[superko]") {
  // Without lanes (a fresh table per chunk), with two lanes (tables kept
  // from state to state for the whole run, docs/solving.md "Lanes"), and
  // with two lanes that exchange their entries at every level's end ("Lanes
  // that exchange their entries"); 1x5 and 2x3 not in the second mode;
  // and (mode 3) exchanging lanes whose chunks are handed out on node
  // clocks ("Lanes on node clocks"); mode 4 (the CLI's default) the same
  // with the pass tested right after the table's move for the stored move
  // ("The stored move's test").
  for (const char* board : {"1x4", "2x2", "2x3", "1x5"}) {
    for (const int mode : {0, 1, 2, 3, 4}) {
    const std::uint32_t lanes = mode ? 2 : 0;
    if (std::string(board) == "1x5" && lanes == 0) continue;
    // Lanes without the exchange (no longer the CLI's default): the small boards only.
    if ((std::string(board) == "1x5" || std::string(board) == "2x3") && mode == 1) continue;
    for (const char* rules : kVariants) {
      INFO(board << " " << rules << " lanes " << lanes << " exchange " << (mode >= 2) << " clock " << (mode >= 3)
                 << " pass early " << (mode == 4));
      const Board b = Board::parse(board);
      const RuleSet r = RuleSet::parse(rules);
      retro::StateIndex idx(b);
      SuperkoGenerateOptions o;
      o.threads = 2;
      o.lanes = lanes;
      o.lane_exchange = mode >= 2;
      o.lane_clock = mode >= 3;
      o.root_pass_early = mode == 4;
      o.chunk_states = 32;
      // A small first-pass budget: many states go to the second pass, whose
      // searches rest on seeds from both passes. 2x3: three passes (budgets
      // 20, 80, none), the third's searches resting on seeds of all three.
      const bool three = std::string(board) == "2x3";
      o.first_pass_nodes = three ? 20 : 40;
      o.passes = three ? 3 : 2;
      o.pass_growth = 4;
      SuperkoGenerateStats st;
      const std::vector<StateProof> proofs = generate_superko(idx, r, o, &st);
      if (three) {
        CHECK(st.deferred > 0);
        REQUIRE(st.deferred_by_pass.size() == 2);
        CHECK(st.deferred_by_pass[1] > 0);
      }
      CHECK(st.seed_cutoffs > 0);
      if (mode == 2) {  // entries did cross from lane to lane
        std::uint64_t imported = 0;
        for (const auto& lp : st.lane_passes) imported += lp.imported;
        CHECK(imported > 0);
      }
      SearchOptions so;
      so.table_megabytes = 4;
      so.proof_megabytes = 4;
      TrompTaylorSearch fresh(b, TrompTaylorConfig::from(r), 0, so);
      for (std::uint64_t s = 0; s < idx.states(); ++s) {
        const Position pos = idx.position_of(s / 2);
        const int passes = static_cast<int>(s & 1);
        const StateProof& p = proofs[s];
        INFO("state " << s);
        fresh.set_root(pos, Color::Black, passes);
        CHECK(fresh.value() == Value::score(p.value, 0));
        TrompTaylorGame g(b, r, 0, pos, Color::Black, passes, -1);
        CHECK(reference_agrees(g, Value::score(p.value, 0)));
        // The stored move keeps the value (the child's value, same history).
        REQUIRE(p.best >= -1);
        g.play(p.best < 0 ? Move::pass() : Move::play(p.best));
        CHECK(reference_agrees(g, Value::score(p.value, 0)));
        CHECK(!p.lo.unknown);
        CHECK(!p.hi.unknown);
      }
    }
    }
  }
}

TEST_CASE("superko files: with lanes the facts do not depend on the thread count", "[superko]") {
  const Board b = Board::parse("1x6");
  retro::StateIndex idx(b);
  for (const char* rules : {"tromp-taylor", "tromp-taylor:ko=situational,suicide=no"}) {
    INFO(rules);
    const RuleSet r = RuleSet::parse(rules);
    SuperkoGenerateOptions o;
    o.lanes = 3;
    o.chunk_states = 8;
    o.first_pass_nodes = 100;
    o.threads = 1;
    SuperkoGenerateStats one, three;
    const std::vector<StateProof> a = generate_superko(idx, r, o, &one);
    o.threads = 3;
    const std::vector<StateProof> c = generate_superko(idx, r, o, &three);
    CHECK(a == c);
    CHECK(one.nodes == three.nodes);
    // Lanes that exchange their entries at the levels' ends: still a
    // function of the lanes alone (1, 2 and 3 threads), also with a table
    // so small that entries are evicted and lists lost before the exchange.
    o.lane_exchange = true;
    for (const std::size_t mib : {std::size_t{16}, std::size_t{1}}) {
      INFO("exchange, table MiB " << mib);
      o.table_megabytes = mib;
      o.max_dependencies = mib == 1 ? 64 : 4096;
      const auto runs = run_on_1_2_3_threads(idx, r, o);
      check_runs_agree(runs);
      const std::uint64_t imported = lane_sum(runs[0], &SuperkoGenerateStats::LanePass::imported);
      CHECK(lane_sum(runs[2], &SuperkoGenerateStats::LanePass::imported) == imported);
      CHECK(imported > 0);
      for (std::size_t s = 0; s < a.size(); ++s) CHECK(runs[0].proofs[s].value == a[s].value);
    }
    o.lane_exchange = false;
    o.table_megabytes = 16;
    o.max_dependencies = 4096;
    // The same values as with a fresh table per chunk (other facts, same game values).
    o.lanes = 0;
    SuperkoGenerateStats fresh;
    const std::vector<StateProof> f = generate_superko(idx, r, o, &fresh);
    for (std::size_t s = 0; s < f.size(); ++s) CHECK(f[s].value == a[s].value);
  }
}

TEST_CASE("superko files: lanes on node clocks do not depend on the thread count", "[superko]") {
  // Which lane solves which chunk follows the lanes' node counts
  // (lane_clock.hpp), so every table, proof and node count is the same on
  // 1, 2 and 3 threads (fewer threads than lanes: permits), with and without
  // the exchange, with 2 and 3 lanes; the values are those of the static
  // schedule.
  const Board b = Board::parse("1x6");
  retro::StateIndex idx(b);
  for (const char* rules : {"tromp-taylor", "tromp-taylor:ko=situational,suicide=no"}) {
    const RuleSet r = RuleSet::parse(rules);
    SuperkoGenerateOptions o;
    o.chunk_states = 4;
    o.first_pass_nodes = 100;
    o.threads = 1;
    o.lanes = 2;
    const std::vector<StateProof> fixed = generate_superko(idx, r, o);
    o.lane_clock = true;
    for (const std::uint32_t lanes : {2u, 3u}) {
      for (const bool exchange : {false, true}) {
        INFO(rules << " lanes " << lanes << " exchange " << exchange);
        o.lanes = lanes;
        o.lane_exchange = exchange;
        const auto runs = run_on_1_2_3_threads(idx, r, o);
        check_runs_agree(runs);
        // The lanes shared the work.
        CHECK(lane_sum(runs[0], &SuperkoGenerateStats::LanePass::critical_nodes) < runs[0].stats.nodes);
        for (std::size_t s = 0; s < fixed.size(); ++s) CHECK(runs[0].proofs[s].value == fixed[s].value);
      }
    }
  }
}

TEST_CASE("superko files: later passes cut state by state do not depend on the thread count", "[superko]") {
  // The passes after the first cut into chunks of one state
  // (later_chunk_states), so that the node clocks can hand the few costly
  // states of a level to different lanes: still a function of the lanes
  // alone (1, 2 and 3 threads, with the exchange), the same values as the
  // chunks of the first pass's rule, and the second pass holds one chunk
  // per deferred state.
  const Board b = Board::parse("1x6");
  retro::StateIndex idx(b);
  for (const char* rules : {"tromp-taylor", "tromp-taylor:ko=situational,suicide=no"}) {
    INFO(rules);
    const RuleSet r = RuleSet::parse(rules);
    SuperkoGenerateOptions o;
    o.chunk_states = 4;
    o.first_pass_nodes = 100;
    o.threads = 1;
    o.lanes = 2;
    o.lane_clock = true;
    o.lane_exchange = true;
    SuperkoGenerateStats coarse;
    const std::vector<StateProof> before = generate_superko(idx, r, o, &coarse);
    o.later_chunk_states = 1;
    const auto runs = run_on_1_2_3_threads(idx, r, o);
    REQUIRE(runs[0].stats.deferred > 1);
    // Pass 1's chunks are cut as before; pass 2 has one chunk per state.
    CHECK(runs[0].stats.chunks == superko_plan(idx, 4).chunks() + runs[0].stats.deferred);
    CHECK(coarse.chunks < runs[0].stats.chunks);
    check_runs_agree(runs);
    for (std::size_t s = 0; s < before.size(); ++s) CHECK(runs[0].proofs[s].value == before[s].value);
  }
}

TEST_CASE("superko files: the pass tested early for the stored move does not depend on the thread count",
          "[superko]") {
  // root_pass_early (the CLI's --move-test pass-early): which move is
  // stored, and so every table and fact, is still a function of the plan
  // and the lanes (1, 2 and 3 threads, two exchanging lanes on node
  // clocks); the values are those of the plain test; and the option does
  // change what is computed: 2x3 holds states (all the mover's stones with
  // a pass before, Benson's whole board) whose stored move becomes the
  // pass, found in fewer nodes.
  for (const char* board : {"1x6", "2x3"}) {
    const Board b = Board::parse(board);
    retro::StateIndex idx(b);
    for (const char* rules : {"tromp-taylor", "tromp-taylor:ko=situational,suicide=no"}) {
      INFO(board << " " << rules);
      const RuleSet r = RuleSet::parse(rules);
      SuperkoGenerateOptions o;
      o.chunk_states = 4;
      o.first_pass_nodes = 100;
      o.threads = 2;
      o.lanes = 2;
      o.lane_clock = true;
      o.lane_exchange = true;
      SuperkoGenerateStats plain;
      const std::vector<StateProof> before = generate_superko(idx, r, o, &plain);
      o.root_pass_early = true;
      const auto runs = run_on_1_2_3_threads(idx, r, o);
      check_runs_agree(runs);
      std::uint64_t to_pass = 0;
      for (std::size_t s = 0; s < before.size(); ++s) {
        CHECK(runs[0].proofs[s].value == before[s].value);
        to_pass += runs[0].proofs[s].best == -1 && before[s].best != -1;
      }
      CHECK(to_pass > 0);
      CHECK(runs[0].stats.nodes < plain.nodes);
    }
  }
}

TEST_CASE("superko files: sampled states of 3x3 agree with the search from scratch", "[superko]") {
  const Board b = Board::parse("3x3");
  retro::StateIndex idx(b);
  for (const char* rules : kVariants) {
    INFO(rules);
    const RuleSet r = RuleSet::parse(rules);
    SuperkoGenerateOptions o;
    o.threads = 2;
    const std::vector<StateProof> proofs = generate_superko(idx, r, o);
    std::mt19937 rng(7);
    for (int k = 0; k < 12; ++k) {
      const std::uint64_t s = rng() % idx.states();
      INFO("state " << s);
      // A fresh solver per state: nothing carried over from the generation.
      TrompTaylorSearch fresh(b, TrompTaylorConfig::from(r), 0);
      fresh.set_root(idx.position_of(s / 2), Color::Black, static_cast<int>(s & 1));
      CHECK(fresh.value() == Value::score(proofs[s].value, 0));
    }
    CHECK(proofs[retro::state_of(idx, Position{}, Color::Black, 0)].value == 9);  // 3x3 = B+9
  }
}

TEST_CASE("superko files: stored values are used only where their facts hold (graph-history interaction)",
          "[superko][ghi]") {
  const std::string path = temp_file("ghi.gotb");
  struct Case {
    const char* board;
    const char* rules;
  };
  int stale_total = 0, stale_rejected = 0;
  for (Case c : {Case{"2x3", "tromp-taylor"}, Case{"2x3", "tromp-taylor:ko=situational"}, Case{"1x5", "tromp-taylor"},
                 Case{"2x2", "tromp-taylor:suicide=no"}}) {
    INFO(c.board << " " << c.rules);
    const auto gen =
        test::run_gotb(std::string("generate --exact -q -b ") + c.board + " -r " + c.rules + " -o " + path);
    REQUIRE(gen.exit_code == 0);
    const Board b = Board::parse(c.board);
    const RuleSet r = RuleSet::parse(c.rules);
    TablebaseReader reader(path);
    const GameSpec spec{b, r, 0};
    const SuperkoFile file(reader, spec);
    const TablebaseProbe probe(path), with_fallback(path, {ProbeOptions::Fallback::Search});
    std::mt19937 rng(2024);
    for (int game = 0; game < 40; ++game) {
      TrompTaylorGame g(b, r, 0);
      const std::vector<std::string> full = test::random_history(g, rng, 40);
      for (std::size_t len = 0; len <= full.size(); ++len) {
        const std::vector<std::string> h(full.begin(), full.begin() + static_cast<long>(len));
        TrompTaylorGame line(b, r, 0);
        std::vector<Position> positions{line.position()};
        std::vector<Color> to_move{line.to_move()};
        replay_moves(line, h);
        {
          TrompTaylorGame rec(b, r, 0);
          for (const auto& t : h) {
            Move m;
            rec.parse_move(t, m);
            rec.play(m);
            positions.push_back(rec.position());
            to_move.push_back(rec.to_move());
          }
        }
        if (line.is_over()) continue;
        INFO("history of " << len << " moves, game " << game);
        const SuperkoFile::Answer a = file.at(positions, to_move, line.consecutive_passes());
        const ProbeResult pr = probe.probe(h);
        // The truth under this history, from the reference solver.
        const ProbeResult truth = with_fallback.probe(h);
        REQUIRE(truth.value.exact());
        {
          TrompTaylorGame ref(b, r, 0);
          replay_moves(ref, h);
          REQUIRE(reference_agrees(ref, truth.value.lower));
        }
        // Every bound the file claims holds; an exact claim is the truth.
        CHECK(pr.value.lower <= truth.value.lower);
        CHECK(pr.value.upper >= truth.value.upper);
        if (pr.source == ValueSource::FileFacts) CHECK(pr.value.lower == truth.value.lower);
        for (const MoveEval& e : pr.moves)
          for (const MoveEval& t : truth.moves)
            if (e.move == t.move) {
              CHECK(e.value.lower <= t.value.lower);
              CHECK(e.value.upper >= t.value.upper);
            }
        if (!(a.stored == truth.value.lower)) {
          // Superko bans changed the value: the stored value is stale here,
          // and its facts must say so.
          ++stale_total;
          CHECK(!(a.lo_holds && a.hi_holds));
          stale_rejected += !(a.lo_holds && a.hi_holds);
        }
      }
    }
  }
  std::filesystem::remove(path);
  // Histories where the stored value is wrong exist (the reason for the
  // facts), and every one of them was caught.
  WARN("stale stored values met: " << stale_total << ", rejected by their facts: " << stale_rejected);
  CHECK(stale_total > 0);
  CHECK(stale_rejected == stale_total);
}

TEST_CASE("superko files: an interrupted generation resumes to a byte-identical file", "[superko][cli]") {
  const std::string whole = temp_file("whole.gotb"), part = temp_file("part.gotb");
  const std::string env = "SOURCE_DATE_EPOCH=1700000000 ";
  const std::string args = " generate --exact -q -b 2x3 -r tromp-taylor:ko=situational --chunk-states 16 ";
  REQUIRE(test::run_gotb(args + "-t 1 -o " + whole, env).exit_code == 0);
  // Stopped after 3 chunks (exit 3, the journal kept), then a torn record
  // at the end of the journal, as a kill during a write leaves it.
  const auto stop = test::run_gotb(args + "-t 2 --max-chunks 3 -o " + part, env);
  CHECK(stop.exit_code == 3);
  CHECK(!std::filesystem::exists(part));
  REQUIRE(std::filesystem::exists(part + ".partial"));
  std::filesystem::resize_file(part + ".partial", std::filesystem::file_size(part + ".partial") - 5);
  const auto resume = test::run_gotb(args + "-t 2 -o " + part, env);
  REQUIRE(resume.exit_code == 0);
  CHECK(resume.out.find("resumed from the journal") != std::string::npos);
  CHECK(!std::filesystem::exists(part + ".partial"));
  CHECK(slurp(whole) == slurp(part));
  // A journal of another run is refused, not mixed in.
  const auto cut = test::run_gotb(args + "-t 2 --max-chunks 1 -o " + part, env);
  REQUIRE(cut.exit_code == 3);
  // Cut short on purpose: said so, without the "no value was proven" of a spent search budget.
  CHECK(cut.out.find("gotb: stopped: --max-chunks reached") != std::string::npos);
  CHECK(cut.out.find("not proven") == std::string::npos);
  CHECK(cut.out.find("no value was proven") == std::string::npos);
  const auto other = test::run_gotb(" generate --exact -q -b 2x3 -r tromp-taylor --chunk-states 16 -o " + part, env);
  CHECK(other.exit_code == 1);
  CHECK(other.out.find("belongs to another run") != std::string::npos);
  std::filesystem::remove(whole);
  std::filesystem::remove(part);
  std::filesystem::remove(part + ".partial");
}

TEST_CASE("superko files: a generation stopped again and again, in every pass, resumes to the same bytes",
          "[superko][cli]") {
  const std::string whole = temp_file("whole2.gotb"), part = temp_file("part2.gotb");
  const std::string env = "SOURCE_DATE_EPOCH=1700000000 ";
  // Two passes (the default scheme), and three with a growing budget.
  for (const std::string passes : {"", "--passes 3 --first-pass-nodes 20 --pass-growth 4 "}) {
    CAPTURE(passes);
    const std::string args =
        " generate --exact -q -b 2x3 -r tromp-taylor --chunk-states 16 " +
        (passes.empty() ? std::string("--first-pass-nodes 40 ") : passes);
    const auto w = test::run_gotb(args + "-t 2 -o " + whole, env);
    REQUIRE(w.exit_code == 0);
    // Some states went to the second pass (and, with three, some to the third).
    CHECK(w.out.find("pass 1       0 states") == std::string::npos);
    CHECK(w.out.find("pass 1       ") != std::string::npos);
    if (!passes.empty()) {
      CHECK(w.out.find("pass 2       ") != std::string::npos);
      CHECK(w.out.find("pass 2       0 states") == std::string::npos);
    }
    int runs = 0;
    for (;; ++runs) {
      REQUIRE(runs < 200);
      const auto r = test::run_gotb(args + "-t " + std::to_string(1 + runs % 2) + " --max-chunks 7 -o " + part, env);
      if (r.exit_code == 0) break;
      REQUIRE(r.exit_code == 3);
    }
    CHECK(runs > 2);
    CHECK(slurp(whole) == slurp(part));
    std::filesystem::remove(whole);
    std::filesystem::remove(part);
  }
}

// Measurement (docs/generator.md, "Superko files"; benchmarks/superko_histories.sh):
// the share of states met in random games that a superko file answers
// exactly without a search. GOTB_SUPERKO_FILES="a.gotb b.gotb" measures
// existing files; otherwise GOTB_SUPERKO_BOARDS="3x3 2x4" (default 3x3)
// generates one per board and variant. GOTB_SUPERKO_GAMES: games per file
// (default 200).
namespace {
void measure_histories(const std::string& path, const char* label) {
  const TablebaseProbe probe(path);
  const Board& b = probe.spec().board;
  const RuleSet& r = probe.spec().rules;
  const char* games_env = std::getenv("GOTB_SUPERKO_GAMES");
  const int games = games_env ? std::atoi(games_env) : 200;
  std::mt19937 rng(99);
  std::uint64_t states = 0, own = 0, ply = 0, none = 0;
  double seconds = 0, worst = 0;
  for (int game = 0; game < games; ++game) {
    TrompTaylorGame g(b, r, 0);
    const std::vector<std::string> full = test::random_history(g, rng, 200);
    for (std::size_t len = 0; len <= full.size(); ++len) {
      const std::vector<std::string> h(full.begin(), full.begin() + static_cast<long>(len));
      const ProbeResult pr = probe.probe(h);
      if (pr.game_over) continue;
      seconds += pr.seconds;
      worst = std::max(worst, pr.seconds);
      ++states;
      if (!pr.value.exact()) ++none;
      else if (pr.note.find("best of its moves") != std::string::npos) ++ply;
      else ++own;
    }
  }
  std::printf("%s %s: %llu states met in %d random games: %.1f%% exact from their own facts, %.1f%% by one "
              "ply, %.1f%% not answered (search needed); %.1f us per probe on average, %.1f us at most\n",
              label, r.to_string().c_str(), (unsigned long long)states, games, 100.0 * own / states,
              100.0 * ply / states, 100.0 * none / states, 1e6 * seconds / states, 1e6 * worst);
}
}  // namespace

TEST_CASE("superko files: share of random histories answered from the file", "[.superko-measure]") {
  if (const char* files = std::getenv("GOTB_SUPERKO_FILES")) {
    std::istringstream in(files);
    std::string path;
    while (in >> path) measure_histories(path, path.c_str());
    return;
  }
  const char* env = std::getenv("GOTB_SUPERKO_BOARDS");
  std::istringstream boards(env ? env : "3x3");
  std::string board;
  while (boards >> board) {
    for (const char* rules : kVariants) {
      const std::string path = temp_file("measure.gotb");
      REQUIRE(test::run_gotb("generate --exact -q -b " + board + " -r " + rules + " -o " + path).exit_code == 0);
      measure_histories(path, board.c_str());
      std::filesystem::remove(path);
    }
  }
}

// Measurement (benchmarks/superko_gtp.sh): the time of a genmove from a
// superko file, as `gotb gtp --tablebase FILE --fallback search` computes
// it (TablebaseBackend::analyze, then choose_move), over self-play games
// that start after 0 to 20 random moves. GOTB_SUPERKO_FILES names the
// files; GOTB_SUPERKO_GAMES the games per file (default 50).
namespace {
double thread_cpu_ms() {
  timespec t{};
  ::clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return 1e3 * static_cast<double>(t.tv_sec) + 1e-6 * static_cast<double>(t.tv_nsec);
}
}  // namespace

TEST_CASE("superko files: genmove times from the file", "[.superko-gtp]") {
  const char* files = std::getenv("GOTB_SUPERKO_FILES");
  if (!files) return;
  const char* games_env = std::getenv("GOTB_SUPERKO_GAMES");
  const int games = games_env ? std::atoi(games_env) : 50;
  std::istringstream in(files);
  std::string path;
  while (in >> path) {
    ProbeOptions o;
    o.fallback = ProbeOptions::Fallback::Search;
    auto probe = std::make_shared<const TablebaseProbe>(path, o);
    TablebaseBackend backend(probe);
    const GameSpec& spec = probe->spec();
    std::mt19937 rng(5);
    std::vector<double> file_ms, search_ms, file_cpu, search_cpu;
    for (int game = 0; game < games; ++game) {
      TrompTaylorGame g(spec.board, spec.rules, spec.komi);
      std::vector<std::string> h = test::random_history(g, rng, static_cast<int>(rng() % 21));
      for (int ply = 0; ply < 400; ++ply) {
        const auto t0 = std::chrono::steady_clock::now();
        const double c0 = thread_cpu_ms();
        const Analysis a = backend.analyze(spec, h);
        if (a.game_over) break;
        REQUIRE(proven(a));
        const auto pick = choose_move(a, spec.board);
        const double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
        (a.source == ValueSource::FileFacts ? file_ms : search_ms).push_back(ms);
        (a.source == ValueSource::FileFacts ? file_cpu : search_cpu).push_back(thread_cpu_ms() - c0);
        h.push_back(pick ? a.moves[*pick].move : std::string("pass"));
      }
    }
    auto summary = [](std::vector<double> v) {
      if (v.empty()) return std::string("none");
      std::sort(v.begin(), v.end());
      char buf[160];
      std::snprintf(buf, sizeof buf, "%zu, median %.2f ms, 99th percentile %.2f ms, max %.2f ms, %.1f%% under 10 ms",
                    v.size(), v[v.size() / 2], v[v.size() * 99 / 100], v.back(),
                    100.0 * static_cast<double>(std::lower_bound(v.begin(), v.end(), 10.0) - v.begin()) /
                        static_cast<double>(v.size()));
      return std::string(buf);
    };
    // Wall times include waiting for a core on a loaded machine; CPU times
    // (this thread's) do not.
    std::printf("%s: genmoves answered from the file: wall %s\n", path.c_str(), summary(file_ms).c_str());
    std::printf("%s: genmoves answered from the file: CPU %s\n", path.c_str(), summary(file_cpu).c_str());
    std::printf("%s: genmoves that needed the search (facts defeated by the history): wall %s\n", path.c_str(),
                summary(search_ms).c_str());
    std::printf("%s: genmoves that needed the search (facts defeated by the history): CPU %s\n", path.c_str(),
                summary(search_cpu).c_str());
  }
}

TEST_CASE("superko files: play and principal variations from the file", "[superko]") {
  const std::string path = temp_file("pv.gotb");
  REQUIRE(test::run_gotb("generate --exact -q -b 2x3 -r tromp-taylor -o " + path).exit_code == 0);
  const Board b = Board::parse("2x3");
  const RuleSet r = RuleSet::parse("tromp-taylor");
  for (bool fallback : {false, true}) {
    ProbeOptions o;
    if (fallback) o.fallback = ProbeOptions::Fallback::Search;
    const TablebaseProbe probe(path, o);
    ProbeRequest req;
    req.with_pv = true;
    const ProbeResult pr = probe.probe({}, req);
    REQUIRE(pr.exact());
    CHECK(pr.source == ValueSource::FileFacts);
    REQUIRE(!pr.pv.empty());
    TrompTaylorGame g(b, r, 0);
    replay_moves(g, pr.pv);
    if (pr.note.find("stops where the file") == std::string::npos) {
      REQUIRE(g.is_over());
      CHECK(g.outcome() == pr.value.lower);
    } else {
      CHECK(!fallback);
    }
  }
  // GTP: every genmove of a self-play game from the file (with the search
  // where the file proves nothing) ends at the value of the empty board.
  const auto gtp = test::run_gotb("gtp --tablebase " + path + " --fallback search < /dev/stdin",
                                  "printf 'genmove b\\ngenmove w\\ngenmove b\\ngenmove w\\ngenmove b\\ngenmove w\\n"
                                  "genmove b\\ngenmove w\\ngenmove b\\ngenmove w\\nfinal_score\\nquit\\n' | ");
  CHECK(gtp.exit_code == 0);
  CHECK(gtp.out.find("? ") == std::string::npos);
  std::filesystem::remove(path);
}

namespace {
// The pack of session 23 (blocks encoded into vectors of their own, then
// copied into one stream on one thread), kept here to time it against
// pack_proofs ("[.superko-pack]").
std::vector<std::int8_t> pack_by_copy(const std::vector<StateProof>& proofs) {
  constexpr std::size_t kBlock = 4096;
  const std::size_t n = proofs.size(), blocks = (n + kBlock - 1) / kBlock;
  std::vector<std::vector<std::int8_t>> bytes(blocks);
  tbb::parallel_for(std::size_t{0}, blocks, [&](std::size_t b) {
    for (std::size_t i = b * kBlock; i < std::min(n, (b + 1) * kBlock); ++i) encode_facts(proofs[i], bytes[b]);
  });
  std::size_t total = 0;
  for (const auto& v : bytes) total += v.size();
  std::vector<std::int8_t> out;
  out.reserve(total);
  for (const auto& v : bytes) out.insert(out.end(), v.begin(), v.end());
  return out;
}
}  // namespace

TEST_CASE("superko files: the pack's time, in place against by copy", "[.superko-pack]") {
  // GOTB_PACK_FILE=FILE GOTB_PACK_BOARD=2x6 build/tests/gotb_tests "[.superko-pack]":
  // every proof of a written file decoded, then both packs on 1 and 2
  // threads, alternating, best of 3 (wall and process CPU seconds).
  const char* path = std::getenv("GOTB_PACK_FILE");
  const char* board = std::getenv("GOTB_PACK_BOARD");
  if (!path || !board) return;
  const Board b = Board::parse(board);
  TablebaseReader reader(path);
  const SuperkoFile file(reader, GameSpec{b, RuleSet::parse("tromp-taylor"), 0});
  std::vector<StateProof> proofs(file.states());
  for (std::uint64_t s = 0; s < proofs.size(); ++s) proofs[s] = file.proof(s);
  auto cpu = [] {
    timespec t{};
    ::clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return static_cast<double>(t.tv_sec) + 1e-9 * static_cast<double>(t.tv_nsec);
  };
  // The records as the lanes encode them (SuperkoGenerateOptions::
  // encode_records): the CLI's pack copies them.
  std::vector<std::vector<std::int8_t>> records(proofs.size());
  for (std::size_t s = 0; s < proofs.size(); ++s) encode_facts(proofs[s], records[s]);
  for (const int threads : {1, 2}) {
    tbb::task_arena arena(threads);
    double best[3][2] = {{1e9, 1e9}, {1e9, 1e9}, {1e9, 1e9}};  // [in place, by copy, from records][wall, CPU]
    for (int round = 0; round < 3; ++round)
      for (int way = 0; way < 3; ++way) {
        const auto w0 = std::chrono::steady_clock::now();
        const double c0 = cpu();
        std::size_t bytes = 0;
        arena.execute([&] {
          bytes = way == 0   ? pack_proofs(proofs).facts.size()
                  : way == 1 ? pack_by_copy(proofs).size()
                             : pack_proofs(proofs, &records).facts.size();
        });
        const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - w0).count();
        best[way][0] = std::min(best[way][0], wall);
        best[way][1] = std::min(best[way][1], cpu() - c0);
        CHECK(bytes > 1);
      }
    std::printf("pack %s, %d threads: in place %.3f s wall %.3f CPU s; by copy %.3f s wall %.3f CPU s; from the "
                "lanes' records %.3f s wall %.3f CPU s\n",
                board, threads, best[0][0], best[0][1], best[1][0], best[1][1], best[2][0], best[2][1]);
  }
}

TEST_CASE("superko files: the write's time", "[.superko-write]") {
  // GOTB_PACK_FILE=FILE GOTB_PACK_BOARD=2x6 build/tests/gotb_tests "[.superko-write]":
  // a written file's proofs packed and written again as `gotb generate
  // --exact` writes them (32 Ki-value chunks), on 1 and 2 threads, best of
  // 3 (wall and process CPU seconds); the files are the same bytes.
  const char* path = std::getenv("GOTB_PACK_FILE");
  const char* board = std::getenv("GOTB_PACK_BOARD");
  if (!path || !board) return;
  const Board b = Board::parse(board);
  TablebaseReader reader(path);
  const SuperkoFile file(reader, GameSpec{b, RuleSet::parse("tromp-taylor"), 0});
  std::vector<StateProof> proofs(file.states());
  for (std::uint64_t s = 0; s < proofs.size(); ++s) proofs[s] = file.proof(s);
  const SuperkoArrays arr = pack_proofs(proofs);
  const std::uint64_t n = proofs.size();
  auto cpu = [] {
    timespec t{};
    ::clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return static_cast<double>(t.tv_sec) + 1e-9 * static_cast<double>(t.tv_nsec);
  };
  const std::string out = std::filesystem::temp_directory_path().string() + "/gotb_write_" +
                          std::to_string(::getpid());
  std::string bytes[2];
  for (const int threads : {1, 2}) {
    WriteOptions w;
    w.board = &b;
    w.threads = threads;
    w.chunk_values = std::uint64_t{1} << 15;
    double best[2] = {1e9, 1e9};
    for (int round = 0; round < 3; ++round) {
      std::filesystem::remove(out);
      const auto w0 = std::chrono::steady_clock::now();
      const double c0 = cpu();
      write_tablebase(out, reader.meta(),
                      {{kSkValue, arr.value.data(), n},
                       {kSkBest, arr.best.data(), n},
                       {kSkLoCap, arr.lo_cap.data(), n},
                       {kSkHiCap, arr.hi_cap.data(), n},
                       {kSkFacts, arr.facts.data(), arr.facts.size(), true},
                       {kSkFactIndex, arr.fact_index.data(), arr.fact_index.size(), true}},
                      w);
      best[0] = std::min(best[0], std::chrono::duration<double>(std::chrono::steady_clock::now() - w0).count());
      best[1] = std::min(best[1], cpu() - c0);
    }
    std::ifstream in(out, std::ios::binary);
    bytes[threads - 1] = std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
    std::printf("write %s, %d threads: %.3f s wall %.3f CPU s (%zu bytes)\n", board, threads, best[0], best[1],
                bytes[threads - 1].size());
  }
  CHECK(bytes[0] == bytes[1]);
  CHECK(bytes[0].size() > 1000);
  std::filesystem::remove(out);
}
