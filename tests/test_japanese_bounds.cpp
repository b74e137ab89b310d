// japanese-2003's bounds from the passing strategies (HasStrategyBounds,
// docs/solving.md section 4, "japanese-2003: bounds from the passing
// strategies"): at every node of random games the bounds must contain the
// node's exact value under its actual history (the generic search without
// them), and the search must give the same values with them and without.
#include <catch2/catch.hpp>

#include <algorithm>
#include <initializer_list>
#include <memory>
#include <random>

#include "core/rank.hpp"
#include "core/rules/games.hpp"
#include "core/rules/japanese/analysis.hpp"
#include "core/rules/japanese/symmetric_analysis.hpp"
#include "generator/search/generic_search.hpp"
#include "generator/search/generic_solve.hpp"
#include "tests/random_history.hpp"

using namespace gotb;

namespace {

Value exact_value(Japanese2003Game& g) {
  search::GenericOptions o;
  o.node_bounds = false;  // the plain full-window search
  search::GenericSearch<Japanese2003Game> s(g, o);
  return s.value();
}

struct Tally {
  int nodes = 0, finite_lo = 0, finite_hi = 0, tight = 0, cycle_bounds = 0, with_facts = 0;
};

// One random game (passes drawn often, so that pass-rich lines and long
// cycles occur); at every node before the end, the bounds must contain the
// exact value there, and the game must be left as found.
void check_game(Japanese2003Game& g, std::mt19937& rng, Tally& t) {
  int plies = 0;
  while (!g.is_over() && plies < 40) {
    const auto key = g.state_key();
    std::vector<std::uint64_t> facts;
    const auto [lo, hi] = g.strategy_bounds(Value::minus_infinity().order, Value::plus_infinity().order,
                                            Value::plus_infinity().order + 1, facts);
    REQUIRE(g.state_key() == key);
    const Value v = exact_value(g);
    INFO("ply " << plies << " value " << v.order << " bounds [" << lo.order << ", " << hi.order << "]");
    REQUIRE(lo <= v);
    REQUIRE(v <= hi);
    ++t.nodes;
    if (lo > Value::minus_infinity()) ++t.finite_lo;
    if (hi < Value::plus_infinity()) ++t.finite_hi;
    if (lo == v || hi == v) ++t.tight;
    if (lo.kind == ValueKind::BlackWins || lo.kind == ValueKind::WhiteWins || hi.kind == ValueKind::BlackWins ||
        hi.kind == ValueKind::WhiteWins)
      ++t.cycle_bounds;
    if (!facts.empty()) ++t.with_facts;
    g.play(test::random_move_passes_often(g, rng, 1));
    ++plies;
  }
  for (int i = 0; i < plies; ++i) g.undo();
}

}  // namespace

TEST_CASE("japanese-2003 passing-strategy bounds contain the value of every node of random games",
          "[generic][japanese-2003][bounds]") {
  std::mt19937 rng(2003);
  Tally t;
  for (const auto& [board, games] : {std::pair{"1x2", 30}, {"1x3", 80}, {"1x4", 80}, {"2x2", 60}, {"1x5", 10}}) {
    const Board b = Board::parse(board);
    Japanese2003Game g(b, RuleSet::parse("japanese-2003"), 0);
    for (int game = 0; game < games; ++game) {
      INFO(board << " game " << game);
      check_game(g, rng, t);
    }
  }
  INFO(t.nodes << " nodes, finite lower " << t.finite_lo << ", finite upper " << t.finite_hi << ", tight " << t.tight
               << ", long-cycle bounds " << t.cycle_bounds << ", with facts " << t.with_facts);
  CHECK(t.nodes > 1000);
  CHECK(t.finite_lo > t.nodes / 2);  // the bounds say something
  CHECK(t.finite_hi > t.nodes / 2);
  CHECK(t.tight > t.nodes / 4);      // and often exactly the value, so a bound one too tight would fail
  CHECK(t.cycle_bounds > 0);         // long-cycle results occur inside the one-player games
  CHECK(t.with_facts > 0);
}

TEST_CASE("japanese-2003 passing-strategy bounds never change a generic search value",
          "[generic][japanese-2003][bounds]") {
  std::mt19937 rng(22);
  for (const char* board : {"1x1", "1x2", "1x3", "1x4", "1x5", "2x2"}) {
    const Board b = Board::parse(board);
    for (int trial = 0; trial < 6; ++trial) {
      std::vector<std::string> moves;
      {
        Japanese2003Game g(b, RuleSet::parse("japanese-2003"), 0);
        for (int i = 0; i < 3 * trial && !g.is_over(); ++i) {
          std::vector<Move> legal;
          g.legal_moves(legal);
          const Move m = legal[rng() % legal.size()];
          g.play(m);
          if (g.is_over()) break;
          moves.push_back(g.move_name(m));
        }
      }
      std::uint64_t used = 0;
      Value with, without;
      for (bool on : {true, false}) {
        SolveRequest req{b, RuleSet::parse("japanese-2003"), 0, moves, {}};
        req.with_move_values = trial == 0;
        req.with_pv = false;
        search::GenericOptions o;
        o.node_bounds = on;
        const SolveReport rep = generic_solve(req, o);
        (on ? with : without) = rep.value;
        if (on)
          for (const auto& [name, count] : rep.counters)
            if (name == "strategy_bounds") used = count;
      }
      INFO(board << " after " << moves.size() << " moves");
      CHECK(with.identical(without));
      if (std::string(board) == "1x4" && trial == 0) CHECK(used > 0);  // the bounds were used
    }
  }
}

// The cache of the one-player games (StrategyCache): one game keeps its cache
// across many random games (so entries stored under one history are probed
// under others), a second game computes every bound afresh; at every node,
// for several windows (floor, ceiling, beta), the bounds must be equal, and
// the cached side's facts must include the fresh side's (a reused exact value
// rests on the whole one-player game it explored).
TEST_CASE("japanese-2003 strategy cache gives the same bounds at every node of random games",
          "[generic][japanese-2003][bounds][strategy-cache]") {
  std::mt19937 rng(2424);
  int nodes = 0, finite = 0;
  std::uint64_t hits = 0;
  for (const auto& [board, games] : {std::pair{"1x3", 60}, {"1x4", 60}, {"2x2", 40}, {"1x5", 8}}) {
    const Board b = Board::parse(board);
    Japanese2003Game cached(b, RuleSet::parse("japanese-2003"), 0), fresh(b, RuleSet::parse("japanese-2003"), 0);
    fresh.strategy_options().cache = false;
    for (int game = 0; game < games; ++game) {
      int plies = 0;
      while (!cached.is_over() && plies < 30) {
        for (int window = 0; window < 3; ++window) {
          const std::int32_t inf = Value::plus_infinity().order, minf = Value::minus_infinity().order;
          std::int32_t floor = minf, ceiling = inf, beta = inf + 1;
          if (window > 0) {
            const int n = b.size();
            floor = Value::score_half_points(2 * (static_cast<int>(rng() % (2 * n + 1)) - n)).order;
            ceiling = std::max(floor + 1, Value::score_half_points(2 * (static_cast<int>(rng() % (2 * n + 1)) - n)).order);
            beta = window == 2 ? ceiling : inf + 1;
          }
          std::vector<std::uint64_t> fc, ff;
          const auto [lc, hc] = cached.strategy_bounds(floor, ceiling, beta, fc);
          const auto [lf, hf] = fresh.strategy_bounds(floor, ceiling, beta, ff);
          INFO(board << " game " << game << " ply " << plies << " window " << window << ": cached [" << lc.order
                     << ", " << hc.order << "], fresh [" << lf.order << ", " << hf.order << "]");
          REQUIRE(lc.identical(lf));
          REQUIRE(hc.identical(hf));
          std::sort(fc.begin(), fc.end());
          for (std::uint64_t id : ff) REQUIRE(std::binary_search(fc.begin(), fc.end(), id));
          ++nodes;
          if (lc > Value::minus_infinity() || hc < Value::plus_infinity()) ++finite;
        }
        std::vector<Move> legal;
        cached.legal_moves(legal);
        std::vector<Move> passes, plays;
        for (Move m : legal) (m.kind == MoveKind::Play ? plays : passes).push_back(m);
        const bool pass = plays.empty() || (!passes.empty() && rng() % 3 == 0);
        const auto& from = pass ? passes : plays;
        const Move m = from[rng() % from.size()];
        cached.play(m);
        fresh.play(m);
        ++plies;
      }
      for (int i = 0; i < plies; ++i) {
        cached.undo();
        fresh.undo();
      }
    }
    hits += cached.strategy_stats().cache_hits;
  }
  INFO(nodes << " nodes, " << finite << " with a finite side, " << hits << " cache hits");
  CHECK(nodes > 1000);
  CHECK(finite > nodes / 2);
  CHECK(hits > static_cast<std::uint64_t>(nodes / 4));  // the cache was used, across histories
}

// The search's values (move values too, up to `max_move_points` points)
// with a strategy option changed by `configure` and without, from the empty
// board and after random lines of up to four moves.
namespace {
template <class Configure>
void check_same_search_values(std::initializer_list<const char*> boards, unsigned seed, int max_move_points,
                              Configure configure) {
  std::mt19937 rng(seed);
  for (const char* board : boards) {
    const Board b = Board::parse(board);
    for (int trial = 0; trial < 3; ++trial) {
      Japanese2003Game with(b, RuleSet::parse("japanese-2003"), 0), without(b, RuleSet::parse("japanese-2003"), 0);
      configure(with, without);
      for (int i = 0; i < 2 * trial && !with.is_over(); ++i) {
        std::vector<Move> legal;
        with.legal_moves(legal);
        const Move m = legal[rng() % legal.size()];
        with.play(m);
        without.play(m);
      }
      if (with.is_over()) continue;
      search::GenericSearch<Japanese2003Game> s1(with, {}), s2(without, {});
      INFO(board << " trial " << trial);
      REQUIRE(s1.value().identical(s2.value()));
      if (b.size() > max_move_points) continue;
      const auto v1 = s1.move_values(), v2 = s2.move_values();
      REQUIRE(v1.size() == v2.size());
      for (std::size_t i = 0; i < v1.size(); ++i) REQUIRE(v1[i].value.identical(v2[i].value));
    }
  }
}
}  // namespace

TEST_CASE("japanese-2003 search values equal with and without the strategy cache",
          "[generic][japanese-2003][bounds][strategy-cache]") {
  check_same_search_values({"1x3", "1x4", "1x5", "2x2"}, 24, 32,
                           [](Japanese2003Game&, Japanese2003Game& without) { without.strategy_options().cache = false; });
}

// Session 32: partial-analysis leaves (PassStrategyOptions::partial_analysis;
// docs/solving.md, "Session 32: japanese-2003"). First the leaf bound itself:
// on every legal position of small boards the capture tests' uncapturable
// stones are exactly the strings the full analysis calls Uncapturable, and
// the territory bounds contain the analysed territory score.
TEST_CASE("japanese-2003 territory bounds from the capture tests contain the analysed score",
          "[generic][japanese-2003][bounds][partial-leaves]") {
  int positions = 0, exact = 0, open = 0;
  for (const char* board : {"1x3", "1x4", "1x5", "2x2", "2x3"}) {
    const Board b = Board::parse(board);
    const Ranker ranker(b.size());
    japanese::SymmetricAnalyser sym(b, {});
    for (std::uint64_t r = 0; r < ranker.count(); ++r) {
      const Position pos = ranker.unrank(r);
      if (!is_legal_position(b, pos)) continue;
      const japanese::FinalAnalysis a = japanese::analyse_final_position(b, pos);
      Mask uncapturable = 0;
      for (const auto& s : a.strings)
        if (s.status == japanese::Status::Uncapturable) uncapturable |= s.stones;
      INFO(board << " position " << r);
      REQUIRE(japanese::uncapturable_stones(b, pos) == uncapturable);
      REQUIRE(sym.uncapturable_stones(pos) == uncapturable);  // through the symmetry-class representative
      const int t = japanese::score_final_position(b, pos, a, 0).score;
      const auto [lo, hi] = japanese::territory_score_bounds(b, pos, uncapturable);
      REQUIRE(lo <= t);
      REQUIRE(t <= hi);
      ++positions;
      exact += lo == hi;
      open += lo < t || t < hi;
    }
  }
  INFO(positions << " positions, " << exact << " with lo = hi, " << open << " with a side off the score");
  CHECK(exact > 0);
  CHECK(open > 0);  // both kinds occur: a bound one point too tight on either side would fail somewhere
}

// Then the bounds with partial leaves at every node of random games: they
// contain the node's exact value, and each side is at most as tight as the
// side with analysed leaves (the partial game only gives the chooser more).
TEST_CASE("japanese-2003 passing-strategy bounds with partial-analysis leaves contain the value",
          "[generic][japanese-2003][bounds][partial-leaves]") {
  std::mt19937 rng(3232);
  int nodes = 0, finite = 0, tight = 0, weaker = 0;
  for (const auto& [board, games] : {std::pair{"1x3", 60}, {"1x4", 60}, {"2x2", 40}, {"1x5", 10}}) {
    const Board b = Board::parse(board);
    Japanese2003Game partial(b, RuleSet::parse("japanese-2003"), 0), full(b, RuleSet::parse("japanese-2003"), 0);
    partial.strategy_options().partial_analysis = true;
    REQUIRE(!full.strategy_options().partial_analysis);  // the default up to 10 points
    for (int game = 0; game < games; ++game) {
      int plies = 0;
      while (!full.is_over() && plies < 30) {
        const std::int32_t inf = Value::plus_infinity().order, minf = Value::minus_infinity().order;
        std::vector<std::uint64_t> fp, ff;
        const auto [lp, hp] = partial.strategy_bounds(minf, inf, inf + 1, fp);
        const auto [lf, hf] = full.strategy_bounds(minf, inf, inf + 1, ff);
        const Value v = exact_value(full);
        INFO(board << " game " << game << " ply " << plies << ": value " << v.order << ", partial [" << lp.order
                   << ", " << hp.order << "], full [" << lf.order << ", " << hf.order << "]");
        REQUIRE(lp <= v);
        REQUIRE(v <= hp);
        // (Where the analysed side gave up, at its move limit, it is open and
        // the partial one, which plays no ending pass, may not be.)
        if (lf > Value::minus_infinity()) REQUIRE(lp <= lf);
        if (hf < Value::plus_infinity()) REQUIRE(hf <= hp);
        ++nodes;
        finite += lp > Value::minus_infinity() || hp < Value::plus_infinity();
        tight += lp == v || hp == v;
        weaker += lp < lf || hf < hp;
        const Move m = test::random_move_passes_often(full, rng, 1);
        full.play(m);
        partial.play(m);
        ++plies;
      }
      for (int i = 0; i < plies; ++i) {
        full.undo();
        partial.undo();
      }
    }
  }
  INFO(nodes << " nodes, " << finite << " with a finite side, " << tight << " tight, " << weaker << " weaker");
  CHECK(nodes > 1000);
  CHECK(finite > nodes / 2);
  CHECK(tight > nodes / 4);
  CHECK(weaker > 0);  // the partial leaves did change some bound
}

// And the search: the same values, move values included, with partial leaves
// and with analysed ones, after random lines.
TEST_CASE("japanese-2003 search values equal with partial-analysis leaves",
          "[generic][japanese-2003][bounds][partial-leaves]") {
  check_same_search_values({"1x3", "1x4", "1x5", "2x2", "2x3", "1x6"}, 32, 5,
                           [](Japanese2003Game& with, Japanese2003Game&) { with.strategy_options().partial_analysis = true; });
}

// The one place the partial leaves must refuse a pass: the passer's ending
// pass where the position has a direct ko stone (the direct ko rule forbids
// it). The direct-ko graph of tests/test_japanese_2003.cpp ("direct ko
// stone: the alternation may not end"; no position of 1x5 or 2x3 has a
// direct ko stone, so the random games above never meet one): after b w k
// pass, Black to move may not end the alternation, so Black's passing
// strategy says nothing there, with either kind of leaf; and at every node
// of random games from the start, the partial sides are no tighter than the
// analysed ones.
TEST_CASE("japanese-2003 partial-analysis leaves respect the direct ko rule",
          "[generic][japanese-2003][bounds][partial-leaves]") {
  const Board b = Board::graph("direct-ko", 9,
                               {{0, 2}, {0, 1}, {1, 5}, {2, 3}, {2, 4}, {2, 8}, {8, 5}, {5, 6}, {5, 7}},
                               {"b", "a", "w", "e1", "e2", "k", "f1", "f2", "g"});
  Japanese2003Game partial(b, RuleSet::parse("japanese-2003"), 0), full(b, RuleSet::parse("japanese-2003"), 0);
  partial.strategy_options().partial_analysis = true;
  const std::int32_t inf = Value::plus_infinity().order, minf = Value::minus_infinity().order;
  {
    replay_moves(partial, split_moves("b w k pass"));
    replay_moves(full, split_moves("b w k pass"));
    REQUIRE(!full.is_legal(Move::pass()));
    std::vector<std::uint64_t> fp, ff;
    const auto [lp, hp] = partial.strategy_bounds(minf, inf, inf + 1, fp);
    const auto [lf, hf] = full.strategy_bounds(minf, inf, inf + 1, ff);
    CHECK(lf == Value::minus_infinity());
    CHECK(lp == Value::minus_infinity());
    for (int i = 0; i < 4; ++i) {
      partial.undo();
      full.undo();
    }
  }
  std::mt19937 rng(932);
  int nodes = 0;
  for (int game = 0; game < 40; ++game) {
    int plies = 0;
    while (!full.is_over() && plies < 16) {
      std::vector<std::uint64_t> fp, ff;
      const auto [lp, hp] = partial.strategy_bounds(minf, inf, inf + 1, fp);
      const auto [lf, hf] = full.strategy_bounds(minf, inf, inf + 1, ff);
      INFO("game " << game << " ply " << plies << ": partial [" << lp.order << ", " << hp.order << "], full ["
                   << lf.order << ", " << hf.order << "]");
      if (lf > Value::minus_infinity()) REQUIRE(lp <= lf);
      if (hf < Value::plus_infinity()) REQUIRE(hf <= hp);
      ++nodes;
      const Move m = test::random_move_passes_often(full, rng, 1);
      full.play(m);
      partial.play(m);
      ++plies;
    }
    for (int i = 0; i < plies; ++i) {
      full.undo();
      partial.undo();
    }
  }
  CHECK(nodes > 100);
}

// Session 33: lazy terminals (Japanese2003Game::terminal_bounds, the generic
// search's HasTerminalBounds; docs/solving.md, "Session 33: japanese-2003").
// At the end of random games (passes drawn often, so that many end by two
// passes) and for random windows around the value, the bounds a lazy game
// answers contain the analysed score (a game that never bounds computes
// it) and decide their window or are exact; both the bounded answer with
// lo < hi and the fall-back to the analysis occur. A fresh lazy game every
// few games, since a position once analysed is answered exactly.
TEST_CASE("japanese-2003 lazy terminals' bounds contain the analysed score and decide their window",
          "[generic][japanese-2003][bounds][lazy-terminals]") {
  std::mt19937 rng(3333);
  int terminals = 0, bounded = 0, analysed = 0;
  for (const auto& [board, games] : {std::pair{"1x3", 60}, {"1x4", 80}, {"2x2", 60}, {"1x5", 80}, {"2x3", 60}}) {
    const Board b = Board::parse(board);
    Japanese2003Game full(b, RuleSet::parse("japanese-2003"), 0);
    REQUIRE(!full.lazy_terminals());  // the default up to 10 points
    std::unique_ptr<Japanese2003Game> lazy;
    for (int game = 0; game < games; ++game) {
      if (game % 8 == 0) {
        lazy = std::make_unique<Japanese2003Game>(b, RuleSet::parse("japanese-2003"), 0);
        lazy->set_lazy_terminals(true);
      }
      int plies = 0;
      while (!full.is_over() && plies < 40) {
        const Move m = test::random_move_passes_often(full, rng, 1);
        full.play(m);
        lazy->play(m);
        ++plies;
      }
      if (full.is_over() && !full.ended_by_long_cycle()) {
        const Value v = full.outcome();
        const std::int32_t alpha = v.order + static_cast<std::int32_t>(rng() % 13) - 6;
        const std::int32_t beta = alpha + 1 + static_cast<std::int32_t>(rng() % 3);
        const std::uint64_t before = lazy->bounded_terminals();
        const auto [lo, hi] = lazy->terminal_bounds(alpha, beta);
        INFO(board << " game " << game << ": value " << v.order << ", window (" << alpha << ", " << beta
                   << "), bounds [" << lo.order << ", " << hi.order << "]");
        REQUIRE(lo <= v);
        REQUIRE(v <= hi);
        REQUIRE((lo == hi || lo.order >= beta || hi.order <= alpha));
        ++terminals;
        if (lazy->bounded_terminals() > before) bounded += lo < hi;
        else {
          REQUIRE(lo.identical(v));
          REQUIRE(hi.identical(v));
          ++analysed;
        }
      }
      for (int i = 0; i < plies; ++i) {
        full.undo();
        lazy->undo();
      }
    }
  }
  INFO(terminals << " terminals, " << bounded << " bounded with lo < hi, " << analysed << " analysed");
  CHECK(terminals > 200);
  CHECK(bounded > 0);
  CHECK(analysed > 0);
}

// And the search: the same values, move values included, with lazy
// terminals and without, alone and together with the partial-analysis leaves
// (the pair the game turns on beyond 10 points), after random lines.
TEST_CASE("japanese-2003 search values equal with lazy terminals",
          "[generic][japanese-2003][bounds][lazy-terminals]") {
  check_same_search_values({"1x3", "1x4", "1x5", "2x2", "2x3", "1x6"}, 33, 5,
                           [](Japanese2003Game& with, Japanese2003Game&) { with.set_lazy_terminals(true); });
  check_same_search_values({"1x3", "1x4", "1x5", "2x2", "2x3", "1x6"}, 333, 5,
                           [](Japanese2003Game& with, Japanese2003Game&) {
                             with.set_lazy_terminals(true);
                             with.strategy_options().partial_analysis = true;
                           });
  // From the empty board: the lazy path answers some terminals, and fewer
  // positions are analysed in all.
  for (const char* board : {"1x5", "2x3"}) {
    const Board b = Board::parse(board);
    Japanese2003Game with(b, RuleSet::parse("japanese-2003"), 0), without(b, RuleSet::parse("japanese-2003"), 0);
    with.set_lazy_terminals(true);
    with.strategy_options().partial_analysis = true;
    without.strategy_options().partial_analysis = true;
    search::GenericSearch<Japanese2003Game> s1(with, {}), s2(without, {});
    INFO(board);
    REQUIRE(s1.value().identical(s2.value()));
    CHECK(with.bounded_terminals() > 0);
    CHECK(with.analysed_positions() < without.analysed_positions());
  }
}

// Session 33: the direct ko rule asked through the tests it reads alone
// (Japanese2003Game::set_direct_ko_tests_only, the default) against the full
// analysis of the position: the same legal moves at every node of random
// games on the direct-ko graph (where the rule bites) and on 2x3 (ko stones,
// no direct ones), and ending passes refused on the graph.
TEST_CASE("japanese-2003 direct ko rule from its own tests gives the same legal moves",
          "[generic][japanese-2003][bounds][direct-ko-tests]") {
  const Board g = Board::graph("direct-ko", 9,
                               {{0, 2}, {0, 1}, {1, 5}, {2, 3}, {2, 4}, {2, 8}, {8, 5}, {5, 6}, {5, 7}},
                               {"b", "a", "w", "e1", "e2", "k", "f1", "f2", "g"});
  std::mt19937 rng(3303);
  int nodes = 0, refused = 0;
  for (const Board& b : {g, Board::parse("2x3")}) {
    Japanese2003Game only(b, RuleSet::parse("japanese-2003"), 0), full(b, RuleSet::parse("japanese-2003"), 0);
    full.set_direct_ko_tests_only(false);
    if (b.size() == 9) {
      // The shape of tests/test_japanese_2003.cpp first.
      replay_moves(only, split_moves("b w k pass"));
      replay_moves(full, split_moves("b w k pass"));
      REQUIRE(!full.is_legal(Move::pass()));
      REQUIRE(!only.is_legal(Move::pass()));
      ++refused;
      for (int i = 0; i < 4; ++i) {
        only.undo();
        full.undo();
      }
    }
    for (int game = 0; game < 60; ++game) {
      int plies = 0;
      while (!full.is_over() && plies < 24) {
        std::vector<Move> a, c;
        only.legal_moves(a);
        full.legal_moves(c);
        INFO(b.spec() << " game " << game << " ply " << plies);
        REQUIRE(a == c);
        ++nodes;
        refused += full.consecutive_passes() == 1 && std::find(c.begin(), c.end(), Move::pass()) == c.end();
        const Move m = test::random_move_passes_often(full, rng, 1);
        full.play(m);
        only.play(m);
        ++plies;
      }
      for (int i = 0; i < plies; ++i) {
        full.undo();
        only.undo();
      }
    }
  }
  INFO(nodes << " nodes, " << refused << " with the ending pass refused");
  CHECK(nodes > 500);
  CHECK(refused > 0);
}
