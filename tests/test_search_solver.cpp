// The exact search solver against the reference solver: same values on
// every board and variant both finish, after random histories, and with one
// solver (and its transposition table) carried across many histories, which
// is where an unsound table would show (graph-history interaction).
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <atomic>
#include <random>
#include <thread>
#include <unistd.h>

#include "core/rules/games.hpp"
#include "generator/search/deepening_share.hpp"
#include "generator/search/search_solver.hpp"
#include "generator/search/search_table.hpp"
#include "generator/search/search_team.hpp"
#include "generator/search/solve_search.hpp"
#include "tests/cli_runner.hpp"
#include "tests/random_history.hpp"
#include "tests/solve_value.hpp"

using namespace gotb;

namespace {

const char* const kVariants[] = {"tromp-taylor", "tromp-taylor:ssk", "tromp-taylor:no-suicide",
                                 "tromp-taylor:ssk,no-suicide"};

Value search_value(const std::string& board, const std::string& rules, std::vector<std::string> moves = {},
                   search::SearchOptions opt = {}, double komi = 0) {
  SolveRequest req{Board::parse(board), RuleSet::parse(rules), komi, std::move(moves), {}};
  req.with_move_values = false;
  req.with_pv = false;
  return search_solve(req, opt).value;
}

}  // namespace

// The search's cost varies a lot between variants (docs/solving.md §3), so
// each solve has a node budget; the few over budget are counted, not
// compared, and the test insists that most are compared.
TEST_CASE("search equals the reference solver on every small board and variant", "[search]") {
  int compared = 0, attempted = 0;
  for (auto rules : kVariants)
    for (auto board : {"1x1", "1x2", "1x3", "1x4", "1x5", "1x6", "2x2", "2x3", "ring:4", "ring:5", "ring:6"}) {
      INFO(board << " " << rules);
      ++attempted;
      search::SearchOptions o;
      o.node_limit = 3'000'000;
      Value v;
      try {
        v = search_value(board, rules, {}, o);
      } catch (const NodeLimitReached&) {
        continue;
      }
      CHECK(v.identical(test::solve_value(board, rules)));
      ++compared;
    }
  INFO(compared << " of " << attempted << " compared");
  CHECK(compared >= attempted - 3);
}

TEST_CASE("search options never change a value", "[search]") {
  for (auto rules : {"tromp-taylor", "tromp-taylor:no-suicide"})
    for (auto board : {"1x5", "2x2", "2x3", "ring:5"}) {
      const Value expected = test::solve_value(board, rules);
      const bool small = std::string(board) != "2x3";  // the crippled searches are slow there
      INFO(board << " " << rules);
      search::SearchOptions o;
      o.symmetry = false;
      CHECK(search_value(board, rules, {}, o).identical(expected));
      o = {};
      o.symmetric_table = false;
      CHECK(search_value(board, rules, {}, o).identical(expected));
      o = {};
      o.benson = false;
      CHECK(search_value(board, rules, {}, o).identical(expected));
      o = {};
      o.fill = false;
      CHECK(search_value(board, rules, {}, o).identical(expected));
      o = {};
      o.safe_regions = search::SearchOptions::SafeRegions::Off;
      CHECK(search_value(board, rules, {}, o).identical(expected));
      o = {};
      o.safe_regions = search::SearchOptions::SafeRegions::On;
      CHECK(search_value(board, rules, {}, o).identical(expected));
      o.stone_masks = false;  // the count cap of session 25 (the default since session 27)
      CHECK(search_value(board, rules, {}, o).identical(expected));
      o.stone_masks = true;  // the superset test (session 26)
      CHECK(search_value(board, rules, {}, o).identical(expected));
      o.stone_masks_at_use = false;
      CHECK(search_value(board, rules, {}, o).identical(expected));
      o = {};
      o.stall_aim = false;  // no guesses learnt from stalled tests (session 29; on by default since session 30)
      CHECK(search_value(board, rules, {}, o).identical(expected));
      o = {};
      o.idle_cap = 0;  // the idle side's test not capped (session 30; 0.5 by default)
      CHECK(search_value(board, rules, {}, o).identical(expected));
      o = {};
      o.test_budget = 0;  // no budget: every test runs to its end
      CHECK(search_value(board, rules, {}, o).identical(expected));
      {
        o = {};
        o.test_budget = 0.05;  // tiny budgets: many tests stop early, the value stays
        o.test_budget_min = 8;
        Board b = Board::parse(board);
        search::TrompTaylorSearch s(b, TrompTaylorConfig::from(RuleSet::parse(rules)), 0, o);
        CHECK(s.value().identical(expected));
        CHECK(s.stats().budget_stops > 0);
      }
      for (int step : {0, 1, 3, 8}) {  // 0 = one unbounded search, as before deepening
        o = {};
        o.deepening_step = step;
        CHECK(search_value(board, rules, {}, o).identical(expected));
      }
      if (!small) continue;
      o = {};
      o.max_dependencies = 3;  // most proofs overflow: fewer stored, same values
      CHECK(search_value(board, rules, {}, o).identical(expected));
      if (std::string(board) == "ring:5") continue;
      o = {};
      o.transpositions = false;
      CHECK(search_value(board, rules, {}, o).identical(expected));
    }
}

// Huge pages (SearchOptions::huge_pages) change only where the table lives:
// the same values and, on one thread, the same node counts.
TEST_CASE("a table in huge pages searches exactly as one in small pages", "[search]") {
  for (auto board : {"1x6", "2x3", "ring:5"}) {
    INFO(board);
    const Board b = Board::parse(board);
    const auto cfg = TrompTaylorConfig::from(RuleSet::parse("tromp-taylor"));
    search::SearchOptions o;
    o.table_megabytes = 6;  // not a multiple of the 2 MiB huge page
    o.proof_megabytes = 3;
    search::TrompTaylorSearch small(b, cfg, 0, o);
    o.huge_pages = true;
    search::TrompTaylorSearch huge(b, cfg, 0, o);
    const Value v = small.value();
    CHECK(v.identical(test::solve_value(board, "tromp-taylor")));
    CHECK(huge.value().identical(v));
    CHECK(huge.stats().nodes == small.stats().nodes);
    CHECK(huge.stats().stores == small.stats().stores);
    CHECK(huge.stats().stores > 0);
  }
  // Entries and lists written to a huge-page table read back exactly.
  const Board b = Board::parse("2x3");
  search::SearchTable t(b, TrompTaylorConfig::from(RuleSet::parse("tromp-taylor")), 5, 3, 64, true);
  search::SearchTable::Entry e;
  e.key = 12345;
  e.lo = -2;
  e.hi = 4;
  e.work = 3;
  e.hi_at = t.reserve(2);
  e.hi_absent = 2;
  // Words of a list are situation keys of the board (or a mask of its
  // points): the ring may keep them in 32 bits (SearchTable).
  const std::uint64_t w0 = 19, w1 = std::uint64_t{36} << 31 | 3;
  t.put(e.hi_at, w0);
  t.put(e.hi_at + 1, w1);
  t.store(e);
  search::SearchTable::Entry out[search::SearchTable::kWays];
  int slots[search::SearchTable::kWays];
  REQUIRE(t.probe(12345, out, slots) == 1);
  CHECK(out[0] == e);
  std::vector<std::uint64_t> words;
  REQUIRE(t.read_list(e.hi_at, 2, words));
  CHECK(words == std::vector<std::uint64_t>{w0, w1});
}

TEST_CASE("search equals the reference solver after random histories", "[search]") {
  std::mt19937 rng(2026);
  int compared = 0, attempted = 0;
  for (auto rules : kVariants)
    for (auto board : {"2x2", "1x5", "2x3", "1x6", "ring:6"}) {
      Board b = Board::parse(board);
      for (int trial = 0; trial < 12; ++trial) {
        TrompTaylorGame g(b, RuleSet::parse(rules), 0);
        auto moves = test::random_history(g, rng, 1 + static_cast<int>(rng() % 14));
        INFO(board << " " << rules << " after " << moves.size() << " moves");
        ++attempted;
        search::SearchOptions o;
        o.node_limit = 1'000'000;
        Value v;
        try {
          v = search_value(board, rules, moves, o);
        } catch (const NodeLimitReached&) {
          continue;
        }
        CHECK(v.identical(test::solve_value(board, rules, true, moves)));
        ++compared;
      }
    }
  INFO(compared << " of " << attempted << " compared");
  CHECK(compared >= attempted * 9 / 10);
}

// One solver, one table, many histories: every value must still match a
// fresh reference solve. Bounds proved under one history are offered to
// all later ones, so a dependency the table failed to record would show.
TEST_CASE("one search table stays exact across many histories", "[search][ghi]") {
  std::mt19937 rng(77);
  std::uint64_t ring_reused = 0;
  for (auto rules : {"tromp-taylor", "tromp-taylor:ssk", "tromp-taylor:no-suicide"})
    for (auto board : {"1x5", "2x2", "2x3", "ring:5"}) {
      Board b = Board::parse(board);
      RuleSet rs = RuleSet::parse(rules);
      for (int budget : {0, 1}) {  // 1: tiny deepening-test budgets, tests stop midway and the table keeps going
      search::SearchOptions opt;
      if (budget) {
        opt.test_budget = 0.05;
        opt.test_budget_min = 8;
      }
      search::TrompTaylorSearch s(b, TrompTaylorConfig::from(rs), 0, opt);
      for (int trial = 0; trial < 25; ++trial) {
        TrompTaylorGame g(b, rs, 0);
        auto names = test::random_history(g, rng, 2 + static_cast<int>(rng() % 16));
        std::vector<Move> moves;
        for (const auto& n : names) {
          Move m;
          REQUIRE(g.parse_move(n, m));
          moves.push_back(m);
        }
        for (Move m : moves) s.play(m);
        INFO(board << " " << rules << " trial " << trial << " after " << names.size() << " moves");
        CHECK(s.value().identical(test::solve_value(board, rules, true, names)));
        for (std::size_t i = 0; i < moves.size(); ++i) s.undo();
      }
      CHECK(s.stats().probes > 0);  // the table was exercised
      CHECK(s.stats().turned_uses > 0);  // ... also through symmetries (entries of another orientation)
      if (budget) CHECK(s.stats().budget_stops > 0);
      ring_reused += s.stats().ring_reused;
      }
    }
  CHECK(ring_reused > 0);  // entries pointed at lists already in the ring (the values above stayed exact)
}

TEST_CASE("search move values and principal variation agree with the value", "[search]") {
  for (auto board : {"1x4", "2x2", "1x6", "2x3", "ring:5"}) {
    SolveRequest req{Board::parse(board), RuleSet::parse("tromp-taylor"), 0.5, {}, {}};
    search::SearchOptions opt;
    SolveReport rep = search_solve(req, opt);
    SolveReport ref = reference_solve(req);
    INFO(board);
    CHECK(rep.method == "search");
    CHECK(rep.value.identical(ref.value));
    REQUIRE(rep.moves.size() == ref.moves.size());
    for (const auto& m : rep.moves) {  // same value per move (symmetric moves share theirs)
      auto it = std::find_if(ref.moves.begin(), ref.moves.end(), [&](const MoveReport& r) { return r.move == m.move; });
      REQUIRE(it != ref.moves.end());
      CHECK(m.value.identical(it->value));
    }
    TrompTaylorGame g(req.board, req.rules, req.komi);
    replay_moves(g, rep.pv);
    CHECK(g.is_over());
    CHECK(g.outcome() == rep.value);
  }
}

TEST_CASE("search solves boards beyond the reference solver's reach", "[search][slow]") {
  // 2x4 (B+8) takes the reference solver about 4M nodes; the search far fewer.
  SolveRequest req{Board::parse("2x4"), RuleSet::parse("tromp-taylor"), 0, {}, {}};
  req.with_move_values = false;
  search::SearchOptions opt;
  SolveReport rep = search_solve(req, opt);
  CHECK(rep.value.to_string() == test::solve_value("2x4", "tromp-taylor").to_string());
  CHECK(rep.nodes < 4'000'000);
}

// Published values (area scoring, superko): T. Drange et al.'s mini-go
// table (1998, mathpuzzle.com/go) and E. van der Werf's small-board results
// give 3x3 = 9, 1x7 = 2 and 1x8 = 3 for Black. The reference solver needs
// 12 s for 1x7 and does not finish 3x3 or 1x8; the deepening search proves
// each in about a second.
TEST_CASE("search reproduces published small-board values", "[search][literature]") {
  for (auto [board, expected] : {std::pair{"3x3", "B+9"}, std::pair{"1x7", "B+2"}, std::pair{"1x8", "B+3"}}) {
    INFO(board);
    search::SearchOptions o;
    o.node_limit = 20'000'000;  // several times what it needs; a regression fails, not hangs
    CHECK(search_value(board, "tromp-taylor", {}, o).to_string() == expected);
  }
  // The same proof under situational superko and without suicide.
  search::SearchOptions o;
  o.node_limit = 20'000'000;
  CHECK(search_value("3x3", "tromp-taylor:ssk,no-suicide", {}, o).to_string() == "B+9");
}

// The larger published values that the search proves in a few seconds
// (Drange et al. 1998 and van der Werf: 3x4 = 4, 2x6 = 12, 1x10 = 1,
// 1x11 = 2). 4x4 = 2, 3x5 = 15 and 2x7 = 14 take minutes (results/table.md).
TEST_CASE("search reproduces published values up to 12 points", "[search][literature]") {
  for (auto [board, expected] : {std::pair{"3x4", "B+4"}, std::pair{"2x6", "B+12"}, std::pair{"1x10", "B+1"},
                                 std::pair{"1x11", "B+2"}}) {
    INFO(board);
    search::SearchOptions o;
    o.node_limit = 40'000'000;  // about five times what each needs
    o.table_megabytes = o.proof_megabytes = 256;
    CHECK(search_value(board, "tromp-taylor", {}, o).to_string() == expected);
  }
}

TEST_CASE("auto takes the search's value or falls back to the reference solver", "[search]") {
  SolveRequest req{Board::parse("2x3"), RuleSet::parse("tromp-taylor"), 0, {}, {}};
  req.with_move_values = false;
  SolveReport a = auto_solve(req);
  CHECK(a.method == "search");
  CHECK(a.value.identical(test::solve_value("2x3", "tromp-taylor")));
  // A budget too small for the search's half leaves the rest to the reference solver.
  req.options.node_limit = 2 * 100;
  CHECK_THROWS_AS(auto_solve(req), NodeLimitReached);
  req.options.node_limit = 2 * 500'000;
  req.board = Board::parse("1x3");
  SolveReport b = auto_solve(req);
  CHECK(b.value.to_string() == "B+3");
  req.rules = RuleSet::parse("tromp-taylor:ko=basic");  // not the search's: reference directly
  CHECK(auto_solve(req).method == "reference");
}

TEST_CASE("auto: a node budget alone gives the search no clock (entries do not depend on the load)", "[search]") {
  // Half of each limit; no time limit where only nodes are limited (a wall
  // clock there would make `gotb table --node-limit N --time-limit 0`
  // depend on the machine's load); 10 s only where there is no budget.
  AutoSearchHalf h = auto_search_half(2'000'000, 0);
  CHECK(h.node_limit == 1'000'000);
  CHECK(h.time_limit == 0);
  h = auto_search_half(0, 0);
  CHECK(h.node_limit == 0);
  CHECK(h.time_limit == 10);
  h = auto_search_half(2'000'000, 30);
  CHECK(h.node_limit == 1'000'000);
  CHECK(h.time_limit == 15);
  h = auto_search_half(0, 8);
  CHECK(h.node_limit == 0);
  CHECK(h.time_limit == 4);
  h = auto_search_half(1, 0);  // a limit stays a limit (0 would mean none)
  CHECK(h.node_limit == 1);
  // A one-node budget: the search's half spends it, nothing is left, the
  // reference solver is not started without a limit.
  SolveRequest req{Board::parse("2x2"), RuleSet::parse("tromp-taylor"), 0, {}, {}};
  req.with_move_values = false;
  req.options.node_limit = 1;
  CHECK_THROWS_AS(auto_solve(req), NodeLimitReached);
  // With a node budget and no time limit, the same entry twice: same solver, same nodes.
  req.board = Board::parse("1x3");
  req.options.node_limit = 1'000'000;
  const SolveReport a = auto_solve(req), b = auto_solve(req);
  CHECK(a.method == b.method);
  CHECK(a.nodes == b.nodes);
  CHECK(a.value.identical(b.value));
}

TEST_CASE("search refuses what it does not implement, clearly", "[search][cli]") {
  SolveRequest req{Board::parse("2x2"), RuleSet::parse("tromp-taylor:ko=basic"), 0, {}, {}};
  std::string why;
  CHECK_FALSE(search_supports(req, &why));
  CHECK(why.find("superko rulesets") != std::string::npos);
  CHECK_THROWS_AS(search_solve(req, {}), std::invalid_argument);
  SolveRequest big{Board::parse("4x8"), RuleSet::parse("tromp-taylor"), 0, {}, {}};
  CHECK_FALSE(search_supports(big, &why));
  CHECK(why.find("31 points") != std::string::npos);

  auto r = test::run_gotb("solve -b 2x2 -r tromp-taylor:ko=basic --method search");
  CHECK(r.exit_code != 0);
  CHECK(r.out.find("superko rulesets") != std::string::npos);
  r = test::run_gotb("solve -b 2x2 --method search --no-cache");
  CHECK(r.exit_code != 0);
  CHECK(r.out.find("--no-cache belongs to the reference solver") != std::string::npos);
  r = test::run_gotb("solve -b 2x2 -r tromp-taylor:ko=basic --method auto --no-move-values");
  CHECK(r.exit_code == 0);
  CHECK(r.out.find("reference") != std::string::npos);
  r = test::run_gotb("solve -b 2x3 --method search");
  CHECK(r.exit_code == 0);
  CHECK(r.out.find("search") != std::string::npos);
  r = test::run_gotb("solve -b 2x2 --method magic");
  CHECK(r.exit_code != 0);
  CHECK(r.out.find("unknown method") != std::string::npos);
  r = test::run_gotb("solve -b 2x2 --method search --moves \"A1 A1\"");
  CHECK(r.exit_code != 0);
  CHECK(r.out.find("illegal") != std::string::npos);
  r = test::run_gotb("solve -b 3x3 --method search --node-limit 1000");
  CHECK(r.exit_code == 3);
}

TEST_CASE("front ends solve on the fly with the search", "[search][gtp]") {
  const std::string script = std::filesystem::temp_directory_path() / ("gotb_search_gtp_" + std::to_string(::getpid()));
  {
    std::ofstream f(script);
    f << "rectangular_boardsize 4 2\nclear_board\ngenmove b\nplay w pass\ngenmove b\nfinal_score\nquit\n";
  }
  auto r = test::run_gotb("gtp --board 2x4 --method search < " + script);
  std::filesystem::remove(script);
  REQUIRE(r.exit_code == 0);
  CHECK(r.out.find("?") == std::string::npos);  // every command answered with success
  CHECK(r.out.find("= B+8") != std::string::npos);  // the exact value of 2x4 after Black's optimal move and a pass
  r = test::run_gotb("pv --board 2x4 --method search");
  CHECK(r.exit_code == 0);
  CHECK(r.out.find("B+8") != std::string::npos);
  r = test::run_gotb("pv --board 2x2 --rules ikeda-1 --method search");
  CHECK(r.exit_code != 0);
  CHECK(r.out.find("tromp-taylor family only") != std::string::npos);
}

// --threads: lazy SMP, every thread searching the same question on one
// shared table (search_team.hpp). Thread interleavings differ from run to
// run, so each case runs several times; the value, every move value and the
// line must agree with one thread and with the reference solver.
TEST_CASE("threads sharing one table agree with one thread and the reference solver", "[search][threads]") {
  std::mt19937 rng(11);
  for (int rep = 0; rep < 3; ++rep)
    for (auto rules : {"tromp-taylor", "tromp-taylor:ssk,no-suicide"})
      for (auto board : {"1x5", "2x3", "2x2", "3x3", "1x6"}) {
        Board b = Board::parse(board);
        TrompTaylorGame g(b, RuleSet::parse(rules), 0.5);
        std::vector<std::string> moves;
        if (std::string(board) != "3x3") moves = test::random_history(g, rng, static_cast<int>(rng() % 5));
        SolveRequest req{b, RuleSet::parse(rules), 0.5, moves, {}};
        const int threads = 2 + rep % 2;
        INFO(board << " " << rules << " after " << moves.size() << " moves, " << threads << " threads");
        search::SearchOptions seq, par;
        par.threads = threads;
        SolveReport s = search_solve(req, seq), p = search_solve(req, par);
        CHECK(p.threads == threads);
        CHECK(p.value.identical(s.value));
        if (std::string(board) != "3x3") {
          SolveRequest ref = req;
          ref.with_move_values = false;
          CHECK(p.value.identical(reference_solve(ref).value));
        }
        REQUIRE(p.moves.size() == s.moves.size());
        for (const auto& m : p.moves) {
          auto it =
              std::find_if(s.moves.begin(), s.moves.end(), [&](const MoveReport& r) { return r.move == m.move; });
          REQUIRE(it != s.moves.end());
          CHECK(m.value.identical(it->value));
        }
        TrompTaylorGame replay(b, RuleSet::parse(rules), 0.5);
        replay_moves(replay, moves);
        replay_moves(replay, p.pv);
        CHECK(replay.is_over());
        CHECK(replay.outcome() == p.value);
        // Value only (the common use of --threads).
        SolveRequest vo = req;
        vo.with_move_values = false;
        vo.with_pv = false;
        CHECK(search_solve(vo, par).value.identical(s.value));
      }
  auto r = test::run_gotb("solve -b 2x3 --method search --threads 2");
  CHECK(r.exit_code == 0);
  CHECK(r.out.find("value      0") != std::string::npos);
  r = test::run_gotb("solve -b 2x3 --threads 2");  // auto (the default) passes it to the search
  CHECK(r.exit_code == 0);
  CHECK(r.out.find("value      0") != std::string::npos);
  r = test::run_gotb("solve -b 2x3 --method reference --threads 2");
  CHECK(r.exit_code != 0);
  CHECK(r.out.find("belong to the search") != std::string::npos);
  r = test::run_gotb("solve -b 3x3 --method search --threads 2 --no-move-values --no-pv");
  CHECK(r.exit_code == 0);
  CHECK(r.out.find("B+9") != std::string::npos);
}

// Independent searches of different roots on one shared table, at the same
// time (the use of a table by several generators): thread t solves its own
// stream of random histories. Entries proved by one thread under its
// histories are offered to the others under theirs, so a reuse that does
// not check the reader's own history, or a torn entry or list, would show
// as a wrong value against the reference solver.
TEST_CASE("searches of different roots share one table soundly", "[search][ghi][threads]") {
  for (auto rules : {"tromp-taylor", "tromp-taylor:ssk", "tromp-taylor:no-suicide"})
    for (auto board : {"1x5", "2x3", "ring:5"}) {
      const Board b = Board::parse(board);
      const RuleSet rs = RuleSet::parse(rules);
      const TrompTaylorConfig cfg = TrompTaylorConfig::from(rs);
      constexpr int kThreads = 3, kTrials = 12;
      // The histories and their reference values first (single-threaded).
      std::vector<std::vector<std::vector<Move>>> histories(kThreads);
      std::vector<std::vector<Value>> expected(kThreads);
      std::mt19937 rng(1234);
      for (int t = 0; t < kThreads; ++t)
        for (int trial = 0; trial < kTrials; ++trial) {
          TrompTaylorGame g(b, rs, 0);
          auto names = test::random_history(g, rng, 2 + static_cast<int>(rng() % 14));
          std::vector<Move> moves;
          for (const auto& n : names) {
            Move m;
            REQUIRE(g.parse_move(n, m));
            moves.push_back(m);
          }
          histories[t].push_back(moves);
          expected[t].push_back(test::solve_value(board, rules, true, names));
        }
      // A small table and ring, so that entries and lists are replaced and
      // overwritten while others read them.
      auto table = std::make_shared<search::SearchTable>(b, cfg, 1, 1, 1024);
      std::vector<std::vector<Value>> got(kThreads, std::vector<Value>(kTrials));
      std::vector<std::uint64_t> probes(kThreads);
      std::vector<std::thread> threads;
      std::atomic<int> faults{0};
      for (int t = 0; t < kThreads; ++t)
        threads.emplace_back([&, t] {
          try {
            search::SearchOptions opt;
            opt.table = table;
            search::TrompTaylorSearch s(b, cfg, 0, opt);
            for (int trial = 0; trial < kTrials; ++trial) {
              for (Move m : histories[t][trial]) s.play(m);
              got[t][trial] = s.value();
              for (std::size_t i = 0; i < histories[t][trial].size(); ++i) s.undo();
            }
            probes[t] = s.stats().probes;
          } catch (...) {
            ++faults;
          }
        });
      for (auto& th : threads) th.join();
      INFO(board << " " << rules);
      REQUIRE(faults == 0);
      for (int t = 0; t < kThreads; ++t) {
        for (int trial = 0; trial < kTrials; ++trial) {
          INFO("thread " << t << " trial " << trial);
          CHECK(got[t][trial].identical(expected[t][trial]));
        }
        CHECK(probes[t] > 0);
      }
    }
}

// The record lazy SMP members share in deepen() (deepening_share.hpp):
// bounds only ever narrow and belong to one exact line (another history to
// the same state gets none of them); a test claimed at a horizon blocks the
// same test at that horizon and shallower ones, not deeper ones, a running
// one only members not ahead of the team's shallowest running test, and a
// withdrawn claim blocks nothing.
TEST_CASE("deepening share: bounds per exact line, claims by horizon", "[search][threads]") {
  search::DeepeningShare share;
  const search::DeepeningShare::Line a{1, 2, 3}, b{1, 4, 3};  // same last state, other history
  int lo = -9, hi = 9;
  share.narrow(a, lo, hi);
  CHECK((lo == -9 && hi == 9));
  share.publish(a, -2, 9);
  share.publish(a, -5, 4);  // a weaker lower bound does not undo a stronger one
  share.narrow(a, lo, hi);
  CHECK((lo == -2 && hi == 4));
  lo = -9, hi = 9;
  share.narrow(b, lo, hi);
  CHECK((lo == -9 && hi == 9));
  using C = search::DeepeningShare::Claimed;
  CHECK(share.claim(a, 8, -2, +1) == C::Run);
  CHECK(share.claim(a, 8, -2, +1) == C::Skip);
  CHECK(share.claim(a, 4, -2, +1) == C::Skip);
  CHECK(share.claim(a, 12, -2, +1) == C::Run);
  CHECK(share.claim(a, 8, 3, -1) == C::Run);
  CHECK(share.claim(b, 8, -2, +1) == C::Run);
  share.withdraw(a, 12, -2, +1);
  share.withdraw(a, 8, -2, +1);
  CHECK(share.claim(a, 8, -2, +1) == C::Run);
  // A running test is skipped only by a member at most as deep as the
  // shallowest running test; one a horizon ahead runs it too (no escalation).
  const search::DeepeningShare::Line c{7, 8};
  CHECK(share.claim(c, 4, 0, +1) == C::Run);
  CHECK(share.claim(c, 8, 5, -1) == C::Run);
  CHECK(share.claim(c, 4, 0, +1) == C::Skip);  // at the team's shallowest horizon: skipped
  CHECK(share.claim(c, 8, 5, -1) == C::Run);   // a horizon ahead: run beside the other
  share.finish(c, 4, 0, +1);                   // ran without result
  CHECK(share.claim(c, 4, 0, +1) == C::Skip);
  CHECK(share.claim(c, 8, 0, +1) == C::Run);  // deeper: run
  share.add_spent(a, 100);
  share.add_spent(a, 50);
  CHECK(share.spent(a) == 150);
  CHECK(share.spent(b) == 0);
  // A team whose members split the tests still proves the value: 3x4 and
  // 2x5 with 2 and 3 threads against one thread (deeper horizons than the
  // boards above, so members skip each other's tests).
  for (auto board : {"3x4", "2x5"}) {
    const Board bd = Board::parse(board);
    SolveRequest req{bd, RuleSet::parse("tromp-taylor"), 0.5, {}, {}};
    req.with_move_values = false;
    req.with_pv = false;
    search::SearchOptions one, two, three;
    two.threads = 2;
    three.threads = 3;
    const Value v = search_solve(req, one).value;
    CHECK(search_solve(req, two).value.identical(v));
    CHECK(search_solve(req, three).value.identical(v));
  }
  // A team larger than the cores (8 members), where members a horizon
  // ahead run tests beside others instead of skipping on.
  {
    SolveRequest req{Board::parse("3x4"), RuleSet::parse("tromp-taylor"), 0.5, {}, {}};
    req.with_move_values = false;
    req.with_pv = false;
    search::SearchOptions one, eight;
    eight.threads = 8;
    CHECK(search_solve(req, eight).value.identical(search_solve(req, one).value));
  }
}

// Pair mode (deepening_share.hpp, the default for teams): members join a
// running test instead of skipping it, skip (and stop) a test another member
// ran to its end without result at the same or a deeper horizon, and mark the
// states they search near a test's root as busy.
TEST_CASE("deepening share in pair mode: joined tests, ended tests, busy states", "[search][threads]") {
  using C = search::DeepeningShare::Claimed;
  search::DeepeningShare share(search::DeepeningShare::Mode::Pair, 2);
  CHECK(share.mode() == search::DeepeningShare::Mode::Pair);
  CHECK(share.members() == 2);
  const search::DeepeningShare::Line a{1, 2, 3}, b{1, 4, 3};
  CHECK(share.join(a, 8, 0, +1) == C::Run);
  CHECK(share.join(a, 8, 0, +1) == C::Run);  // running: joined, not skipped
  CHECK_FALSE(share.ended(a, 8, 0, +1));
  share.finish(a, 8, 0, +1);  // one member ran it to its end without result
  CHECK(share.ended(a, 8, 0, +1));
  CHECK(share.ended(a, 4, 0, +1));        // shallower: ended too
  CHECK_FALSE(share.ended(a, 12, 0, +1));  // deeper: not
  CHECK_FALSE(share.ended(a, 8, 0, -1));   // the other side: not
  CHECK_FALSE(share.ended(b, 8, 0, +1));   // another history: not
  CHECK(share.join(a, 8, 0, +1) == C::Skip);
  CHECK(share.join(a, 12, 0, +1) == C::Run);
  share.withdraw(a, 12, 0, +1);  // stopped from outside: blocks nothing
  CHECK_FALSE(share.ended(a, 12, 0, +1));
  CHECK_FALSE(share.busy(77));
  share.enter(77);
  share.enter(77);
  CHECK(share.busy(77));
  share.leave(77);
  CHECK(share.busy(77));
  share.leave(77);
  CHECK_FALSE(share.busy(77));
}

// Every way a team divides the deepening (pair, split) gives one thread's
// value with 2 and 3 threads, value only (where the share is used), on boards
// whose deepening runs many tests, after random histories.
TEST_CASE("teams of 1, 2 and 3 threads in either mode give equal values after random histories",
          "[search][threads]") {
  std::mt19937 rng(2024);
  for (auto rules : {"tromp-taylor", "tromp-taylor:ssk,no-suicide"})
    for (auto board : {"2x4", "3x3", "2x5", "1x7"}) {
      const Board b = Board::parse(board);
      for (int trial = 0; trial < 2; ++trial) {
        TrompTaylorGame g(b, RuleSet::parse(rules), 0.5);
        const std::vector<std::string> moves =
            trial == 0 ? std::vector<std::string>{} : test::random_history(g, rng, 1 + static_cast<int>(rng() % 6));
        SolveRequest req{b, RuleSet::parse(rules), 0.5, moves, {}};
        req.with_move_values = false;
        req.with_pv = false;
        search::SearchOptions one;
        const Value v = search_solve(req, one).value;
        for (bool split : {false, true})
          for (int threads : {2, 3}) {
            INFO(board << " " << rules << " after " << moves.size() << " moves, " << threads << " threads, "
                       << (split ? "split" : "pair"));
            search::SearchOptions team;
            team.threads = threads;
            team.team_split = split;
            CHECK(search_solve(req, team).value.identical(v));
          }
      }
    }
}

// The proved-bound cap for teams (SearchOptions::proved_cap with a share,
// docs/solving.md §3, "Session 29"): the share adds up the nodes of the
// tests that moved a bound per exact line and horizon, whichever member ran
// them; a member caps its later tests at that horizon by them. With a tiny
// cap and budget floor nearly every test after a proof stops at once, and a
// member's first test at a horizon may be capped by another member's proof
// there; the deepening must still end with one thread's value (and the
// reference solver's) in both modes, after random histories.
TEST_CASE("a team caps a horizon's tests by the whole team's proofs there", "[search][threads][team]") {
  search::DeepeningShare share;
  const search::DeepeningShare::Line a{1, 2, 3}, b{1, 4, 3};
  CHECK(share.proved(a, 8) == 0);
  share.add_proved(a, 8, 100);
  share.add_proved(a, 8, 40);  // another member's proof at the same horizon
  share.add_proved(a, 12, 7);
  CHECK(share.proved(a, 8) == 140);
  CHECK(share.proved(a, 12) == 7);
  CHECK(share.proved(a, 4) == 0);   // another horizon
  CHECK(share.proved(b, 8) == 0);   // another history to the same state
  std::mt19937 rng(29);
  for (auto board : {"2x4", "3x3", "2x5", "1x6"}) {
    const Board bd = Board::parse(board);
    for (int trial = 0; trial < 2; ++trial) {
      TrompTaylorGame g(bd, RuleSet::parse("tromp-taylor"), 0.5);
      const std::vector<std::string> moves =
          trial == 0 ? std::vector<std::string>{} : test::random_history(g, rng, 1 + static_cast<int>(rng() % 5));
      SolveRequest req{bd, RuleSet::parse("tromp-taylor"), 0.5, moves, {}};
      req.with_move_values = false;
      req.with_pv = false;
      search::SearchOptions one;
      const Value v = search_solve(req, one).value;
      if (std::string(board) == "1x6") CHECK(v.identical(reference_solve(req).value));
      for (bool split : {false, true})
        for (int threads : {2, 3}) {
          INFO(board << " after " << moves.size() << " moves, " << threads << " threads, " << (split ? "split" : "pair"));
          search::SearchOptions team;
          team.threads = threads;
          team.team_split = split;
          team.proved_cap = 0.01;
          team.test_budget_min = 8;
          const SolveReport r = search_solve(req, team);
          CHECK(r.value.identical(v));
        }
    }
  }
  // The flag reaches the search (0: off) and changes no value.
  for (const char* cap : {"0", "0.01"}) {
    auto r = test::run_gotb(std::string("solve -b 2x3 --method search --threads 2 --no-move-values --no-pv --proved-cap ") + cap);
    CHECK(r.exit_code == 0);
    CHECK(r.out.find("value      0") != std::string::npos);
  }
}

// The team's counters for benchmarks/search_threads.sh (docs/solving.md §3,
// "Session 28"): busy CPU per member, and the entries a member loads that
// another member stored. A lone search never loads another's entry, so an
// owner left unset or mislabelled shows here.
TEST_CASE("a team reports each member's busy CPU and the lists loaded from other members", "[search][threads]") {
  const Board b = Board::parse("2x4");
  const TrompTaylorConfig cfg = TrompTaylorConfig::from(RuleSet::parse("tromp-taylor"));
  for (int threads : {1, 2}) {
    for (bool split : {false, true}) {
      INFO(threads << " threads, " << (split ? "split" : "pair"));
      search::SearchOptions opt;
      opt.team_split = split;
      search::SearchTeam team(b, cfg, 0.5, opt, threads);
      CHECK(team.busy_seconds().empty());  // no race yet
      const Value v = team.race<Value>([](search::TrompTaylorSearch& s) { return s.value(); });
      search::TrompTaylorSearch alone(b, cfg, 0.5);
      CHECK(v.identical(alone.value()));
      REQUIRE(team.busy_seconds().size() == static_cast<std::size_t>(threads));
      for (double s : team.busy_seconds()) CHECK(s >= 0.0);
      const search::SearchStats st = team.total_stats();
      CHECK(st.list_loads_other <= st.list_loads);
      CHECK(st.list_load_words_other <= st.list_load_words);
      if (threads == 1) {
        CHECK(st.list_loads_other == 0);
        CHECK(st.list_load_words_other == 0);
        CHECK(alone.stats().list_loads_other == 0);
      }
      const std::string line = team.summary();
      CHECK(line.find("busy CPU s per thread:") != std::string::npos);
      CHECK(line.find("list words read per node per thread:") != std::string::npos);
    }
  }
}

TEST_CASE("a shared table refuses another board or rules, a stopped search stays usable", "[search][threads]") {
  const Board b = Board::parse("2x3");
  auto table = std::make_shared<search::SearchTable>(b, TrompTaylorConfig::from(RuleSet::parse("tromp-taylor")), 2,
                                                     2, 1024);
  search::SearchOptions opt;
  opt.table = table;
  const Board b6 = Board::parse("1x6");
  CHECK_THROWS_AS(search::TrompTaylorSearch(b6, TrompTaylorConfig::from(RuleSet::parse("tromp-taylor")), 0, opt),
                  std::invalid_argument);
  CHECK_THROWS_AS(
      search::TrompTaylorSearch(b, TrompTaylorConfig::from(RuleSet::parse("tromp-taylor:ssk")), 0, opt),
      std::invalid_argument);
  std::atomic<bool> stop{true};
  opt.stop = &stop;
  const Board b3 = Board::parse("3x3");
  opt.table = nullptr;
  search::TrompTaylorSearch s(b3, TrompTaylorConfig::from(RuleSet::parse("tromp-taylor")), 0, opt);
  try {
    s.value();
    FAIL("a stopped search returned");
  } catch (const NodeLimitReached& e) {
    CHECK(std::string(e.what()) == search::kStoppedMessage);
  }
  stop = false;  // the same object then solves, to the value of a fresh search
  search::TrompTaylorSearch fresh(b3, TrompTaylorConfig::from(RuleSet::parse("tromp-taylor")), 0);
  CHECK(s.value().identical(fresh.value()));
}

// The table's optimal first moves come from one-sided tests per move; they
// must be exactly the moves whose exact value equals the position's value.
TEST_CASE("optimal moves from one-sided tests match the move values", "[search]") {
  std::mt19937 rng(5);
  for (auto rules : {"tromp-taylor", "tromp-taylor:ssk"})
    for (auto board : {"1x5", "2x3", "1x6", "3x3", "ring:5"}) {
      Board b = Board::parse(board);
      TrompTaylorGame g(b, RuleSet::parse(rules), 0);
      auto moves = test::random_history(g, rng, static_cast<int>(rng() % 4));
      SolveRequest req{b, RuleSet::parse(rules), 0.5, moves, {}};
      req.with_pv = false;
      INFO(board << " " << rules << " after " << moves.size() << " moves");
      const SolveReport full = search_solve(req, {});
      req.with_move_values = false;
      req.with_optimal_moves = true;
      const SolveReport opt = search_solve(req, {});
      CHECK(opt.value.identical(full.value));
      CHECK(opt.moves.empty());
      std::vector<std::string> expected;
      for (const auto& m : full.moves)
        if (m.value == full.value) expected.push_back(m.move);
      std::vector<std::string> got = opt.optimal;
      std::sort(expected.begin(), expected.end());
      std::sort(got.begin(), got.end());
      CHECK(got == expected);
      CHECK_FALSE(got.empty());
    }
}

// A budget that runs out after the value leaves some first moves undecided:
// what is reported optimal must be optimal, and every optimal move must be
// either reported or undecided.
TEST_CASE("optimal moves under a budget are a sound partial list", "[search]") {
  int partial = 0, complete = 0;
  for (auto board : {"2x3", "3x3", "2x4"}) {
    const Board b = Board::parse(board);
    const TrompTaylorConfig cfg = TrompTaylorConfig::from(RuleSet::parse("tromp-taylor"));
    search::TrompTaylorSearch full(b, cfg, 0.5);
    const Value v = full.value();
    const std::uint64_t value_nodes = full.stats().nodes;
    std::vector<Move> expected;
    for (const auto& m : full.move_values())
      if (m.value == v) expected.push_back(m.move);
    auto has = [](const std::vector<Move>& ms, Move m) { return std::find(ms.begin(), ms.end(), m) != ms.end(); };
    for (std::uint64_t extra : {1, 10, 100, 1000, 10000, 100000}) {
      search::SearchOptions o;
      o.node_limit = value_nodes + extra;
      search::TrompTaylorSearch s(b, cfg, 0.5, o);
      INFO(board << " with " << extra << " nodes after the value");
      REQUIRE(s.value().identical(v));
      std::vector<Move> undecided;
      const auto got = s.optimal_moves(v, &undecided);
      for (Move m : got) CHECK(has(expected, m));
      for (Move m : expected) CHECK((has(got, m) || has(undecided, m)));
      for (Move m : got) CHECK_FALSE(has(undecided, m));
      (undecided.empty() ? complete : partial) += 1;
      if (undecided.empty()) CHECK(got.size() == expected.size());
    }
  }
  CHECK(partial >= 3);
  CHECK(complete >= 3);
}

// --no-pv drops the principal variation from both outputs and nothing else.
TEST_CASE("solve --no-pv skips the principal variation", "[search][cli]") {
  for (const char* method : {"search", "reference"}) {
    INFO(method);
    const std::string base = std::string("solve -b 2x3 --method ") + method + " --no-move-values";
    auto with = test::run_gotb(base);
    auto without = test::run_gotb(base + " --no-pv");
    REQUIRE(with.exit_code == 0);
    REQUIRE(without.exit_code == 0);
    CHECK(with.out.find("pv ") != std::string::npos);
    CHECK(without.out.find("pv ") == std::string::npos);
    CHECK(without.out.find("value      0") != std::string::npos);
    auto json = test::run_gotb(base + " --no-pv --json");
    REQUIRE(json.exit_code == 0);
    CHECK(json.out.find("\"pv\": []") != std::string::npos);
  }
}
