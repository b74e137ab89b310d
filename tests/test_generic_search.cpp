// The generic exact search (generator/search/generic_search.hpp) against the
// reference solver: kee-2005 (both scorings, both suicide options) and
// japanese-2003, from the empty board and after random histories, with one
// table carried across many histories (the graph-history-interaction test:
// a fact missing from a proof would let a bound leak into another history).
#include <catch2/catch.hpp>

#include <algorithm>
#include <random>

#include "core/bits.hpp"
#include "core/rules/games.hpp"
#include "generator/reference/kee2016_search.hpp"
#include "generator/reference/tie_kind.hpp"
#include "generator/search/generic_solve.hpp"
#include "generator/search/solve_search.hpp"
#include "tests/solve_value.hpp"

using namespace gotb;

namespace {

Value generic_value(const std::string& board, const std::string& rules, std::vector<std::string> moves = {},
                    int deepening = 8) {
  SolveRequest req{Board::parse(board), RuleSet::parse(rules), 0, std::move(moves), {}};
  req.with_move_values = false;
  req.with_pv = false;
  search::GenericOptions o;
  o.deepening_step = deepening;
  return generic_solve(req, o).value;
}

// Up to len random legal moves, as names; stops before a move that ends the game.
template <class G>
std::vector<std::string> random_line(G& g, std::mt19937& rng, int len) {
  std::vector<std::string> out;
  for (int i = 0; i < len && !g.is_over(); ++i) {
    std::vector<Move> legal;
    g.legal_moves(legal);
    const Move m = legal[rng() % legal.size()];
    g.play(m);
    if (g.is_over()) {
      g.undo();
      break;
    }
    out.push_back(g.move_name(m));
  }
  for (std::size_t i = 0; i < out.size(); ++i) g.undo();
  return out;
}

}  // namespace

TEST_CASE("generic search equals the reference solver on kee-2005 boards", "[generic][kee-2005]") {
  for (const char* rules : {"kee-2005", "kee-2005:no-suicide"})
    for (const char* board : {"1x1", "1x2", "1x3"})
      for (int deepening : {0, 8}) {
        INFO(rules << " " << board << " deepening " << deepening);
        CHECK(generic_value(board, rules, {}, deepening).identical(test::solve_value(board, rules)));
      }
  for (const char* rules : {"kee-2005:japanese", "kee-2005:japanese,no-suicide"})
    for (const char* board : {"1x1", "1x2"}) {
      INFO(rules << " " << board);
      CHECK(generic_value(board, rules).identical(test::solve_value(board, rules)));
    }
}

TEST_CASE("generic search equals the reference solver on kee-2005 after random histories", "[generic][kee-2005]") {
  std::mt19937 rng(2005);
  for (const char* rules : {"kee-2005", "kee-2005:japanese"}) {
    const std::string board = std::string(rules) == "kee-2005" ? "1x3" : "1x2";
    const Board b = Board::parse(board);
    for (int trial = 0; trial < 6; ++trial) {
      Kee2005Game g(b, RuleSet::parse(rules), 0);
      const auto moves = random_line(g, rng, 2 + trial * 3);
      INFO(rules << " " << board << " after " << moves.size() << " moves");
      CHECK(generic_value(board, rules, moves).identical(test::solve_value(board, rules, true, moves)));
    }
  }
}

TEST_CASE("generic search equals the reference solver on japanese-2003 boards", "[generic][japanese-2003]") {
  for (const char* board : {"1x1", "1x2", "1x3", "1x4", "1x5", "2x2", "2x3"}) {
    INFO(board);
    CHECK(generic_value(board, "japanese-2003").identical(test::solve_value(board, "japanese-2003")));
  }
}

TEST_CASE("one generic search table stays exact across many japanese-2003 histories", "[generic][japanese-2003][ghi]") {
  std::mt19937 rng(2003);
  for (const char* board : {"1x4", "2x2", "1x5"}) {
    const Board b = Board::parse(board);
    const RuleSet rules = RuleSet::parse("japanese-2003");
    Japanese2003Game g(b, rules, 0);
    search::GenericSearch<Japanese2003Game> solver(g, {});
    for (int trial = 0; trial < 25; ++trial) {
      const auto moves = random_line(g, rng, 1 + trial % 9);
      replay_moves(g, moves);
      const Value v = solver.value();
      for (std::size_t i = 0; i < moves.size(); ++i) g.undo();
      INFO(board << " after " << trial << ": " << moves.size() << " moves");
      CHECK(v.identical(test::solve_value(board, "japanese-2003", true, moves)));
    }
    CHECK(solver.stats().hits > 0);  // the table was used across histories
  }
}

TEST_CASE("a full japanese-2003 table keeps its costliest proofs and stays exact across histories",
          "[generic][japanese-2003][ghi]") {
  // prune_when_full (session 29): a full table drops its cheaper proofs instead
  // of clearing. A key cap of 64 makes it run every few hundred stores, with
  // searches under way (entries of the nodes on the stack may go), and the
  // one table carried across random histories checks that what is kept
  // still answers only where its facts hold.
  std::mt19937 rng(29);
  std::uint64_t kept = 0, clears = 0;
  for (const char* board : {"1x4", "2x2", "1x5"}) {
    const Board b = Board::parse(board);
    Japanese2003Game g(b, RuleSet::parse("japanese-2003"), 0);
    search::GenericOptions o;
    o.max_entries = 64;
    o.prune_when_full = true;
    search::GenericSearch<Japanese2003Game> solver(g, o);
    for (int trial = 0; trial < 12; ++trial) {
      const auto moves = random_line(g, rng, trial % 7);
      replay_moves(g, moves);
      const Value v = solver.value();
      for (std::size_t i = 0; i < moves.size(); ++i) g.undo();
      INFO(board << " after " << trial << ": " << moves.size() << " moves");
      CHECK(v.identical(test::solve_value(board, "japanese-2003", true, moves)));
    }
    kept += solver.stats().prunes;
    clears += solver.stats().clears;
  }
  CHECK(kept > 0);
  CHECK(kept <= clears);
}

TEST_CASE("one generic search table stays exact across kee-2005 histories", "[generic][kee-2005][ghi]") {
  std::mt19937 rng(17);
  const Board b = Board::parse("1x3");
  Kee2005Game g(b, RuleSet::parse("kee-2005"), 0);
  search::GenericSearch<Kee2005Game> solver(g, {});
  for (int trial = 0; trial < 8; ++trial) {
    const auto moves = random_line(g, rng, 1 + trial);
    replay_moves(g, moves);
    const Value v = solver.value();
    for (std::size_t i = 0; i < moves.size(); ++i) g.undo();
    INFO("after " << moves.size() << " moves");
    CHECK(v.identical(test::solve_value("1x3", "kee-2005", true, moves)));
  }
  CHECK(solver.stats().hits > 0);  // bounds were reused under other histories (the facts held)
}

TEST_CASE("one generic search table stays exact across kee-2005 japanese-scoring histories", "[generic][kee-2005][ghi]") {
  // Confirmation phases: facts per (point, neighbour pattern), D.2.
  std::mt19937 rng(23);
  const Board b = Board::parse("1x2");
  Kee2005Game g(b, RuleSet::parse("kee-2005:japanese"), 0);
  search::GenericSearch<Kee2005Game> solver(g, {});
  for (int trial = 0; trial < 5; ++trial) {
    const auto moves = random_line(g, rng, 2 + 2 * trial);
    replay_moves(g, moves);
    const Value v = solver.value();
    for (std::size_t i = 0; i < moves.size(); ++i) g.undo();
    INFO("after " << moves.size() << " moves");
    CHECK(v.identical(test::solve_value("1x2", "kee-2005:japanese", true, moves)));
  }
  CHECK(solver.stats().hits > 0);
}

TEST_CASE("generic search equals the reference solver on international, ikeda-1 and kee-2016 boards",
          "[generic][international][ikeda-1][kee-2016]") {
  // Every option; every board the reference solver finishes in test time
  // (international:basic-exceptional runs uncached there: 1x4 takes 2.6 M
  // nodes with suicide, 2x2 does not finish in minutes).
  struct Case {
    const char* rules;
    std::vector<const char*> boards;
  };
  const std::vector<Case> cases = {
      {"international", {"1x1", "1x2", "1x3", "1x4", "2x2"}},
      {"international:no-suicide", {"1x1", "1x2", "1x3", "1x4", "2x2"}},
      {"international:equivalence", {"1x1", "1x2", "1x3", "1x4", "2x2"}},
      {"international:equivalence,no-suicide", {"1x1", "1x2", "1x3", "1x4", "2x2"}},
      {"international:basic-exceptional", {"1x1", "1x2", "1x3"}},
      {"international:basic-exceptional,no-suicide", {"1x1", "1x2", "1x3", "1x4"}},
      {"ikeda-1", {"1x1", "1x2", "1x3", "1x4", "2x2"}},
      {"ikeda-1:ko=positional-per-phase", {"1x1", "1x2", "1x3", "1x4", "2x2"}},
      {"ikeda-1:ko=basic-play", {"1x1", "1x2", "1x3", "1x4", "2x2"}},
      {"kee-2016", {"1x1", "1x2", "1x3", "1x4", "2x2"}},
  };
  for (const Case& c : cases)
    for (const char* board : c.boards)
      for (int deepening : {0, 8}) {
        INFO(c.rules << " " << board << " deepening " << deepening);
        CHECK(generic_value(board, c.rules, {}, deepening).identical(test::solve_value(board, c.rules)));
      }
}

TEST_CASE("generic search equals the reference solver after random histories (international, ikeda-1, kee-2016)",
          "[generic][international][ikeda-1][kee-2016]") {
  std::mt19937 rng(1998);
  for (const char* rules : {"international", "international:basic-exceptional,no-suicide", "ikeda-1",
                            "ikeda-1:ko=positional-per-phase", "ikeda-1:ko=basic-play", "kee-2016"}) {
    const std::string board = "1x4";
    const Board b = Board::parse(board);
    const RuleSet rs = RuleSet::parse(rules);
    for (int trial = 0; trial < 6; ++trial) {
      const auto moves = visit_game(b, rs, 0, [&](auto& g) { return random_line(g, rng, 2 + trial * 3); });
      INFO(rules << " " << board << " after " << moves.size() << " moves");
      CHECK(generic_value(board, rules, moves).identical(test::solve_value(board, rules, true, moves)));
    }
  }
}

// One table across many histories: a fact missing from a proof would let a
// bound proved under one history leak into another.
template <class G>
void check_one_table(const char* board, const char* rules, std::uint32_t seed, int trials) {
  std::mt19937 rng(seed);
  const Board b = Board::parse(board);
  const RuleSet rs = RuleSet::parse(rules);
  G g(b, rs, 0);
  search::GenericSearch<G> solver(g, {});
  // ikeda-1:ko=basic-play: the kind of a value 0 by tie_kind.hpp's rule
  // (session 30), from two more searches that also keep one table each.
  const bool tie_rule = rs.is(Family::Ikeda1) && rs.options().ko == KoRule::BasicPlay;
  NoResultAt<G> below(-1, b, rs, 0), above(+1, b, rs, 0);
  search::GenericSearch<NoResultAt<G>> solver_below(below, {}), solver_above(above, {});
  for (int trial = 0; trial < trials; ++trial) {
    const auto moves = random_line(g, rng, 1 + trial % 11);
    replay_moves(g, moves);
    Value v = solver.value();
    if (tie_rule && !g.is_over() && tie_kind_open(v, 0))
      v = tie_kind(v, [&](std::int32_t at) {
        NoResultAt<G>& refined = at < 0 ? below : above;
        replay_moves(refined, moves);
        const Value r = (at < 0 ? solver_below : solver_above).value();
        for (std::size_t i = 0; i < moves.size(); ++i) refined.undo();
        return r;
      });
    for (std::size_t i = 0; i < moves.size(); ++i) g.undo();
    INFO(rules << " " << board << " after " << trial << ": " << moves.size() << " moves");
    const Value ref = test::solve_value(board, rules, true, moves);
    CHECK(v == ref);
    if (tie_rule || !rs.is(Family::International)) {
      CHECK(v.identical(ref));
    } else {
      // international:basic-exceptional: with komi 0 a no-result and a
      // jigo are equally good (order 0) and the printed kind is that of the
      // line found (docs/rules/international.md): a table proved elsewhere
      // may find the other one.
      CHECK((v.identical(ref) || v.order == 0));
    }
  }
  CHECK(solver.stats().hits > 0);  // the table was used across histories
}

TEST_CASE("one generic search table stays exact across international and ikeda-1 histories",
          "[generic][international][ikeda-1][ghi]") {
  check_one_table<InternationalGame>("2x2", "international", 98, 20);
  check_one_table<InternationalGame>("1x4", "international:basic-exceptional", 6, 20);
  check_one_table<IkedaGame>("2x2", "ikeda-1", 1, 20);
  check_one_table<IkedaGame>("2x2", "ikeda-1:ko=positional-per-phase", 2, 20);
  check_one_table<IkedaGame>("2x2", "ikeda-1:ko=basic-play", 3, 20);
}

TEST_CASE("one generic search table stays exact across kee-2016 histories", "[generic][kee-2016][ghi]") {
  // One anchored driver (one table for every anchor) over many histories
  // of the real game, rescinds included.
  std::mt19937 rng(2016);
  for (const char* board : {"1x4", "2x2"}) {
    const Board b = Board::parse(board);
    Kee2016Game g(b, RuleSet::parse("kee-2016"), 0);
    Kee2016Anchored<search::GenericSearch<Kee2016SearchGame>> solver(b, 0, search::GenericOptions{});
    for (int trial = 0; trial < 16; ++trial) {
      const auto moves = random_line(g, rng, 1 + trial % 9);
      replay_moves(g, moves);
      const Value v = solver.value(g);
      for (std::size_t i = 0; i < moves.size(); ++i) g.undo();
      INFO(board << " after " << trial << ": " << moves.size() << " moves");
      CHECK(v.identical(test::solve_value(board, "kee-2016", true, moves)));
      if (b.size() == 4)  // the literal game, uncached (on 2x2 it takes seconds)
        CHECK(v.identical(test::solve_value(board, "kee-2016", false, moves)));
    }
    CHECK(solver.inner().stats().hits > 0);
  }
}

TEST_CASE("the generic table's memory cap clears it and keeps the value", "[generic][kee-2005]") {
  // kee-2005 keys hold the phase's ban record: 1x4 stores tens of MB.
  const Board b = Board::parse("1x4");
  Value full, capped;
  std::uint64_t clears = 0;
  for (std::size_t mb : {std::size_t{1024}, std::size_t{1}}) {
    Kee2005Game g(b, RuleSet::parse("kee-2005"), 0);
    g.set_pass_bounds(false);  // with them 1x4 takes about a thousand nodes and stores too little to clear
    search::GenericOptions o;
    o.deepening_step = 4;
    o.max_megabytes = mb;
    search::GenericSearch<Kee2005Game> solver(g, o);
    (mb == 1 ? capped : full) = solver.value();
    if (mb == 1) clears = solver.stats().clears;
  }
  CHECK(clears > 0);
  CHECK(capped.identical(full));
}

TEST_CASE("gotb solve --method search reaches the generic search with move values and a PV", "[generic]") {
  for (const char* rules : {"kee-2005", "japanese-2003", "international", "international:basic-exceptional",
                            "ikeda-1", "ikeda-1:ko=basic-play", "kee-2016"}) {
    SolveRequest req{Board::parse("1x3"), RuleSet::parse(rules), 0.5, {}, {}};
    req.with_pv = true;
    SolveReport s = solve_with_method("search", req);
    SolveReport r = reference_solve(req);
    INFO(rules);
    CHECK(s.method == "search");
    CHECK(s.value.identical(r.value));
    REQUIRE(s.moves.size() == r.moves.size());
    for (std::size_t i = 0; i < s.moves.size(); ++i) {
      bool found = false;
      for (const auto& m : r.moves) found = found || (m.move == s.moves[i].move && m.value.identical(s.moves[i].value));
      CHECK(found);
    }
    // The PV replays to a finished game with the value.
    visit_game(req.board, req.rules, req.komi, [&](auto& g) {
      replay_moves(g, s.pv);
      CHECK(g.is_over());
      CHECK(g.outcome().identical(s.value));
    });
    CHECK(solve_with_method("auto", req).value.identical(r.value));
  }
  // Where a game's facts or flag table stop: a clear refusal.
  std::string why;
  SolveRequest kee2016{Board::parse("3x6"), RuleSet::parse("kee-2016"), 0, {}, {}};
  CHECK(!search_supports(kee2016, &why));
  CHECK(why.find("up to 16 points") != std::string::npos);
  CHECK(search_supports(SolveRequest{Board::parse("3x4"), RuleSet::parse("kee-2016"), 0, {}, {}}));
  SolveRequest ikeda{Board::parse("5x7"), RuleSet::parse("ikeda-1"), 0, {}, {}};
  CHECK(!generic_search_supports(ikeda, &why));
  CHECK(why.find("up to 32 points") != std::string::npos);
}

// Hidden ([.]): in session 27 it did not finish within minutes on the
// loaded machine (which side is slow was not found); run it by name.
TEST_CASE("generic search: kee-2016 on 11 and 12 points equals the literal game near the end",
          "[.][generic][kee-2016][slow]") {
  // Session 27: Kee2016SearchGame keeps its flags in one byte per board
  // with an undo log, so the generic search takes kee-2016 boards beyond
  // 10 points (up to 16); the dense planes, the reference cache's history,
  // stay at 10 points. On 11-12 points the literal game (the reference
  // solver on Kee2016Game, no cache) finishes from positions with few
  // empty points: random lines with passes and appeals, then the two agree
  // (three empty points took minutes for the literal game).
  std::mt19937 rng(27);
  int compared = 0, with_passes = 0;
  for (const char* board : {"1x11", "3x4", "2x6"}) {
    const Board b = Board::parse(board);
    REQUIRE(Kee2016SearchGame::supports(b));
    CHECK(!Kee2016SearchGame::supports_cache(b));
    CHECK(Kee2016SearchGame(b, 0).dependency_words() == 0);
    for (int trial = 0; trial < 4; ++trial) {
      Kee2016Game g(b, RuleSet::parse("kee-2016"), 0);
      std::vector<std::string> moves;
      bool passed = false;
      // Mostly stone plays until at most two points are empty.
      while (!g.is_over() && popcount(g.position().empty(b)) > 2 && moves.size() < 40) {
        std::vector<Move> legal;
        g.legal_moves(legal);
        Move m = legal[rng() % legal.size()];
        if (!m.is_play() && rng() % 4 != 0) m = legal.front();  // (passes now and then)
        g.play(m);
        if (g.is_over()) {
          g.undo();
          break;
        }
        passed = passed || !m.is_play();
        moves.push_back(g.move_name(m));
      }
      for (std::size_t i = 0; i < moves.size(); ++i) g.undo();
      INFO(board << " after " << moves.size() << " moves");
      const Value lit = test::solve_value(board, "kee-2016", false, moves);
      for (int deepening : {0, 8}) {
        // (history order: the 12-point order tables take a second each to build)
        SolveRequest req{b, RuleSet::parse("kee-2016"), 0, moves, {}};
        req.with_move_values = false;
        req.with_pv = false;
        search::GenericOptions o;
        o.deepening_step = deepening;
        CHECK(generic_solve(req, o, search::OrderingMode::History).value.identical(lit));
      }
      ++compared;
      with_passes += passed;
    }
  }
  CHECK(compared == 12);
  CHECK(with_passes > 0);
}

namespace {

// The optimal moves two ways: from every move's exact value (the path of
// gotb solve, and of gotb table before session 31) and from one
// null-window question per symmetry class (GenericSearch::keeps_value, the
// path of gotb table since session 31), each sorted by name.
std::pair<std::vector<std::string>, std::vector<std::string>> optimal_both_ways(const std::string& board,
                                                                                const std::string& rules,
                                                                                std::vector<std::string> moves = {}) {
  SolveRequest req{Board::parse(board), RuleSet::parse(rules), 0, std::move(moves), {}};
  req.with_pv = false;
  req.with_optimal_moves = true;
  req.with_move_values = true;
  SolveReport by_values = generic_solve(req, {});
  req.with_move_values = false;
  SolveReport by_tests = generic_solve(req, {});
  CHECK(by_tests.value.identical(by_values.value));
  CHECK(by_tests.optimal_undecided.empty());
  CHECK(by_tests.moves.empty());
  std::sort(by_values.optimal.begin(), by_values.optimal.end());
  std::sort(by_tests.optimal.begin(), by_tests.optimal.end());
  return {by_values.optimal, by_tests.optimal};
}

}  // namespace

TEST_CASE("generic search: the optimal first moves by one test per move equal those by every move's value",
          "[generic][japanese-2003][table]") {
  for (const char* board : {"1x5", "1x6", "1x7", "2x3", "2x2"}) {
    INFO("japanese-2003 " << board);
    const auto [by_values, by_tests] = optimal_both_ways(board, "japanese-2003");
    CHECK(!by_values.empty());
    CHECK(by_tests == by_values);
  }
  // A line of passes keeps the symmetry classes; a stone breaks them.
  for (std::vector<std::string> line : {std::vector<std::string>{"pass"}, {"B1"}, {"A1", "pass"}, {"C1", "A1"}}) {
    INFO("japanese-2003 1x5 after " << line.size() << " moves, the first " << line.front());
    const auto [by_values, by_tests] = optimal_both_ways("1x5", "japanese-2003", line);
    CHECK(by_tests == by_values);
  }
  // The other rulesets that GenericSearch serves directly.
  for (const auto& [board, rules] : std::vector<std::pair<std::string, std::string>>{
           {"1x3", "kee-2005"}, {"1x2", "kee-2005:japanese"}, {"1x5", "international"}, {"2x2", "international"},
           {"1x4", "ikeda-1"}, {"1x4", "ikeda-1:ko=basic-play"}}) {
    INFO(rules << " " << board);
    const auto [by_values, by_tests] = optimal_both_ways(board, rules);
    CHECK(!by_values.empty());
    CHECK(by_tests == by_values);
  }
}

TEST_CASE("generic search: the optimal first moves of japanese-2003 1x8 by one test per move",
          "[.][generic][japanese-2003-slow][slow]") {
  const auto [by_values, by_tests] = optimal_both_ways("1x8", "japanese-2003");
  CHECK(by_values == std::vector<std::string>{"B1", "D1", "E1", "G1", "pass"});
  CHECK(by_tests == by_values);
}

TEST_CASE("generic search: keeps_value agrees with every move's value across japanese-2003 histories",
          "[generic][japanese-2003][ghi]") {
  // One table across random histories (as the test above for values), each
  // move asked at the history's value, with and without deepening: a test
  // whose answer came from a bound proven under another history would differ.
  std::mt19937 rng(31);
  for (int deepening : {8, 0})
    for (const char* board : {"1x5", "2x3"}) {
      const Board b = Board::parse(board);
      Japanese2003Game g(b, RuleSet::parse("japanese-2003"), 0);
      search::GenericOptions o;
      o.deepening_step = deepening;
      search::GenericSearch<Japanese2003Game> solver(g, o);
      Japanese2003Game ref_game(b, RuleSet::parse("japanese-2003"), 0);
      int asked = 0;
      for (int trial = 0; trial < 8; ++trial) {
        const auto moves = random_line(g, rng, trial % 6);
        replay_moves(g, moves);
        replay_moves(ref_game, moves);
        search::GenericSearch<Japanese2003Game> ref(ref_game, o);  // a fresh table per history
        const auto values = ref.move_values();
        const Value v = solver.value();
        for (const auto& mv : values) {
          INFO(board << " deepening " << deepening << " after " << moves.size() << " moves, move "
                     << g.move_name(mv.move));
          CHECK(solver.keeps_value(mv.move, v) == (mv.value == v));
          ++asked;
        }
        for (std::size_t i = 0; i < moves.size(); ++i) g.undo(), ref_game.undo();
      }
      CHECK(asked > 20);
    }
}
