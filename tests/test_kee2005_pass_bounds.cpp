// kee-2005's pass bounds (session 25; docs/solving.md section 4, "Session
// 25: kee-2005 pass bounds"): bounds on a node's value from a side's
// strategy "pass for the rest of the game". Under chinese scoring Benson's
// area bounds of the position; under japanese scoring in the common phase
// [d - n, d + n], d = white stones - black stones + white removed - black
// removed. They bound the value, not every line, so they are checked here
// three ways: (1) every complete line in which one side only passes from a
// node on ends within that side's bound read at the node (the strategy's
// own guarantee); (2) at every node of random lines the bounds contain the
// node's exact value under its history (the search without them); (3) the
// search gives the same values with them and without them, and equals the
// reference solver where that finishes.
#include <catch2/catch.hpp>

#include <random>

#include "core/rules/games.hpp"
#include "core/rules/kee2005.hpp"
#include "generator/search/generic_search.hpp"
#include "tests/kee2005_search.hpp"
#include "tests/random_history.hpp"
#include "tests/solve_value.hpp"

using namespace gotb;

namespace {

Value search_value(const std::string& board, const std::string& rules, bool pass_bounds,
                   const std::vector<std::string>& moves = {}, search::GenericStats* stats = nullptr) {
  return test::kee2005_search_value(
      board, rules, [&](Kee2005Game& g, search::GenericOptions&) { g.set_pass_bounds(pass_bounds); }, moves, stats);
}

std::vector<std::string> random_line(const std::string& board, const std::string& rules, std::mt19937& rng, int len) {
  return test::random_line_on<Kee2005Game>(board, rules, rng, len);
}

struct Tally {
  int checked = 0, finite = 0, tight = 0;
};

// After a random prefix, `passer` passes (either kind, at random) at every
// turn and the other side plays at random (passes drawn often, so phases
// end) to the end of the game; the passer's bound read at every node of
// that line (the strategy continues from each) must hold for the outcome.
void check_strategy(Kee2005Game& g, std::mt19937& rng, Color passer, int prefix, Tally& t) {
  int plies = 0;
  for (; plies < prefix && !g.is_over(); ++plies) g.play(test::random_move_passes_often(g, rng, 1));
  std::vector<Value> seen;
  while (!g.is_over() && plies < 4000) {
    const auto [lo, hi] = g.node_outcome_bounds();
    seen.push_back(passer == Color::Black ? lo : hi);
    Move m;
    if (g.to_move() == passer) m = rng() % 2 ? Move::pass() : Move::pass(MoveKind::BanKeepingPass);
    else m = test::random_move_passes_often(g, rng, 1);
    g.play(m);
    ++plies;
  }
  if (g.is_over()) {
    const Value v = g.outcome();
    for (const Value& b : seen) {
      INFO("passer " << (passer == Color::Black ? "Black" : "White") << " bound " << b.to_string() << " outcome "
                     << v.to_string());
      if (passer == Color::Black) REQUIRE(b <= v);
      else REQUIRE(v <= b);
      ++t.checked;
      if (b.is_score()) ++t.finite;
      if (b == v) ++t.tight;
    }
  }
  for (int i = 0; i < plies; ++i) g.undo();
}

}  // namespace

TEST_CASE("kee-2005 pass bounds hold on every line of the passing strategy", "[kee-2005][generic][bounds][pass-bounds]") {
  std::mt19937 rng(2025);
  for (const char* rules : {"kee-2005", "kee-2005:no-suicide", "kee-2005:japanese", "kee-2005:japanese,no-suicide"}) {
    Tally t;
    for (const char* board : {"1x3", "1x4", "1x5", "2x2", "2x3"}) {
      const Board b = Board::parse(board);
      Kee2005Game g(b, RuleSet::parse(rules), 0);
      // The root bound (session 29) is strategy stealing, no passing strategy's
      // guarantee: a line where Black only passes from the start ends below it.
      g.set_root_bound(false);
      g.set_end_bound(false);  // (session 30) likewise a bound on the value, not a passing strategy's
      for (int game = 0; game < 150; ++game) {
        INFO(rules << " " << board << " game " << game);
        check_strategy(g, rng, game % 2 ? Color::White : Color::Black, static_cast<int>(rng() % 12), t);
      }
    }
    INFO(rules);
    CHECK(t.checked > 2000);
    CHECK(t.finite > 1000);
    // Some outcomes met the bound exactly, so a bound one point too tight
    // would have failed here.
    CHECK(t.tight > 0);
  }
}

TEST_CASE("kee-2005 pass bounds contain the exact value at every node", "[kee-2005][generic][bounds][pass-bounds]") {
  std::mt19937 rng(25);
  for (const auto& [board, rules, lines] :
       {std::tuple{"1x3", "kee-2005", 6}, std::tuple{"1x4", "kee-2005:no-suicide", 2},
        std::tuple{"1x2", "kee-2005:japanese", 3}}) {
    int nodes = 0, narrowed = 0, tight = 0;
    const Board b = Board::parse(board);
    for (int line = 0; line < lines; ++line) {
      const auto moves = random_line(board, rules, rng, 14);
      Kee2005Game g(b, RuleSet::parse(rules), 0);
      for (std::size_t i = 0; i <= moves.size(); ++i) {
        if (g.is_over()) break;
        const auto [lo, hi] = g.node_outcome_bounds();
        g.set_pass_bounds(false);
        const auto [lo0, hi0] = g.node_outcome_bounds();
        const Value v = test::kee2005_value_now(g);
        g.set_pass_bounds(true);
        INFO(board << " " << rules << " after " << i << " moves: [" << lo.to_string() << ", " << hi.to_string()
                   << "] value " << v.to_string());
        REQUIRE(lo <= v);
        REQUIRE(v <= hi);
        ++nodes;
        if (lo > lo0 || hi < hi0) ++narrowed;
        if ((lo > lo0 && lo == v) || (hi < hi0 && hi == v)) ++tight;
        if (i < moves.size()) {
          Move m;
          REQUIRE(g.parse_move(moves[i], m));
          g.play(m);
        }
      }
    }
    INFO(board << " " << rules);
    CHECK(nodes > 0);
    if (std::string(rules).find("japanese") != std::string::npos) CHECK(narrowed > 0);
  }
  // A position Benson settles: on 1x5 black stones on B1 and D1 are
  // pass-alive with their three eyes, so Black owns the board.
  const Board b = Board::parse("1x5");
  Kee2005Game g(b, RuleSet::parse("kee-2005"), 0);
  replay_moves(g, {"B1", "pass", "D1"});
  const auto [lo, hi] = g.node_outcome_bounds();
  CHECK(lo == Value::score(5, 0));
  CHECK(hi == Value::score(5, 0));
  CHECK(search_value("1x5", "kee-2005", false, {"B1", "pass", "D1"}).identical(Value::score(5, 0)));
  // Off, the game's own bounds.
  g.set_pass_bounds(false);
  CHECK(g.node_outcome_bounds().first == g.min_outcome());
}

TEST_CASE("kee-2005 pass bounds never change a search value", "[kee-2005][generic][bounds][pass-bounds]") {
  for (const char* rules : {"kee-2005", "kee-2005:no-suicide"})
    for (const char* board : {"1x1", "1x2", "1x3", "1x4"}) {
      INFO(rules << " " << board);
      CHECK(search_value(board, rules, true).identical(search_value(board, rules, false)));
    }
  for (const char* rules : {"kee-2005:japanese", "kee-2005:japanese,no-suicide"})
    for (const char* board : {"1x1", "1x2", "1x3"}) {
      INFO(rules << " " << board);
      search::GenericStats st{};
      CHECK(search_value(board, rules, true, {}, &st).identical(search_value(board, rules, false)));
    }
  std::mt19937 rng(2526);
  for (int trial = 0; trial < 6; ++trial) {
    const auto moves = random_line("1x4", "kee-2005", rng, 2 + 2 * trial);
    INFO("chinese 1x4 after " << moves.size() << " moves");
    CHECK(search_value("1x4", "kee-2005", true, moves).identical(search_value("1x4", "kee-2005", false, moves)));
  }
  for (int trial = 0; trial < 6; ++trial) {
    const auto moves = random_line("1x3", "kee-2005:japanese", rng, 3 + 4 * trial);
    INFO("japanese 1x3 after " << moves.size() << " moves");
    CHECK(search_value("1x3", "kee-2005:japanese", true, moves)
              .identical(search_value("1x3", "kee-2005:japanese", false, moves)));
  }
}

TEST_CASE("kee-2005 pass bounds: one table across histories equals the reference solver", "[kee-2005][generic][bounds][pass-bounds][ghi]") {
  for (const auto& [board, rules, trials] : {std::tuple{"1x3", "kee-2005", 10}, std::tuple{"1x3", "kee-2005:no-suicide", 6},
                                             std::tuple{"1x2", "kee-2005:japanese", 8}}) {
    const Board b = Board::parse(board);
    Kee2005Game g(b, RuleSet::parse(rules), 0);
    search::GenericOptions o;
    o.deepening_step = 4;
    search::GenericSearch<Kee2005Game> solver(g, o);
    std::mt19937 rng(77);
    for (int trial = 0; trial < trials; ++trial) {
      const auto moves = random_line(board, rules, rng, 1 + trial * 2);
      replay_moves(g, moves);
      const Value v = solver.value();
      for (std::size_t i = 0; i < moves.size(); ++i) g.undo();
      INFO(board << " " << rules << " after " << moves.size() << " moves");
      CHECK(v.identical(test::solve_value(board, rules, true, moves)));
    }
    CHECK(solver.stats().bound_cutoffs > 0);
  }
}
