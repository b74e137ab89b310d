// Kee Rules 2016, cached solving (generator/reference/kee2016_search.hpp,
// docs/rules/kee-2016.md "Cached solving"): the search game with rescinds
// scored as losses, and the cache on top of it, against the literal
// uncached search of the real game, at the empty board and along random
// lines of play (which reach rescinds, bans and open nodes).
#include <catch2/catch.hpp>

#include <random>

#include "core/rules/games.hpp"
#include "generator/reference/kee2016_search.hpp"
#include "tests/solve_value.hpp"

using namespace gotb;

namespace {
const RuleSet kKee = RuleSet::parse("kee-2016");

// The literal value: the real game searched without any cache.
Value literal_value(Kee2016Game& g) {
  ReferenceOptions opt;
  opt.memo = false;
  ReferenceSolver<Kee2016Game> s(g, opt);
  return s.value();
}

// The search game alone (no cache), anchored at g with the literal exit value.
Value uncached_search_value(Kee2016Game& g) {
  if (g.is_over()) return g.outcome();
  Kee2016SearchGame star(g.board(), 0);
  Value exit = star.min_outcome();
  auto moves = Kee2016Solver::exit_moves(g);
  if (!moves.empty()) {
    for (Move m : moves) g.play(m);
    exit = literal_value(g);
    for (size_t i = 0; i < moves.size(); ++i) g.undo();
  }
  star.anchor(g, exit);
  ReferenceOptions opt;
  opt.memo = false;
  ReferenceSolver<Kee2016SearchGame> s(star, opt);
  return s.value();
}

Board tail_board() { return Board::graph("tail", 4, {{0, 1}, {0, 2}, {1, 2}, {2, 3}}); }
Board diamond_board() { return Board::graph("diamond", 4, {{0, 1}, {1, 2}, {2, 3}, {3, 0}, {0, 2}}); }

struct WalkStats {
  int nodes = 0, open = 0, rescinds = 0, banned = 0;
};

// Random lines from the empty board; at every node the three values agree.
WalkStats walk_and_compare(const Board& b, int walks, int max_len, unsigned seed) {
  std::mt19937 rng(seed);
  WalkStats st;
  for (int w = 0; w < walks; ++w) {
    Kee2016Game g(b, kKee, 0);
    Kee2016Solver cached(b, 0, {});
    for (int step = 0; step < max_len && !g.is_over(); ++step) {
      const std::string where = b.spec() + " walk " + std::to_string(w) + " step " + std::to_string(step);
      INFO(where);
      const Value lit = literal_value(g);
      CHECK(uncached_search_value(g) == lit);
      CHECK(cached.value(g) == lit);
      ++st.nodes;
      if (!Kee2016Solver::exit_moves(g).empty()) ++st.open;
      if (g.rescinded_here()) ++st.banned;
      std::vector<Move> moves;
      g.legal_moves(moves);
      const std::size_t len = g.record_length();
      // Uniform, except that appeals and rescinding passes are favoured so
      // that the lines reach rescinds and rescinded points often.
      Move m = moves[std::uniform_int_distribution<std::size_t>(0, moves.size() - 1)(rng)];
      const bool rescind_here = Kee2016Solver::exit_moves(g) == std::vector<Move>{Move::pass()};
      if (rescind_here && rng() % 4 != 0) m = Move::pass();
      else if (moves.back().kind == MoveKind::AppealingPass && rng() % 2 == 0) m = moves.back();
      g.play(m);
      if (g.record_length() < len) ++st.rescinds;
    }
  }
  return st;
}
}  // namespace

TEST_CASE("kee-2016: cached solve equals the literal uncached search at the empty board", "[kee-2016][cache]") {
  for (const char* spec : {"1x1", "1x2", "1x3", "1x4", "2x2", "ring:3", "ring:4"}) {
    INFO(spec);
    const Value lit = test::solve_value(spec, "kee-2016", false);
    CHECK(test::solve_value(spec, "kee-2016", true) == lit);
  }
  // Graph boards (docs/boards.md): a triangle with a tail, a 4-cycle with a chord.
  for (const Board& b : {tail_board(), diamond_board()}) {
    Kee2016Game g(b, kKee, 0);
    Kee2016Solver cached(b, 0, {});
    CHECK(cached.value(g) == literal_value(g));
  }
}

TEST_CASE("kee-2016: cached and search-game values equal the literal ones along random lines", "[kee-2016][cache]") {
  WalkStats total;
  auto add = [&](WalkStats s) {
    total.nodes += s.nodes;
    total.open += s.open;
    total.rescinds += s.rescinds;
    total.banned += s.banned;
  };
  add(walk_and_compare(Board::parse("1x3"), 60, 40, 1));
  add(walk_and_compare(Board::parse("1x4"), 40, 40, 2));
  add(walk_and_compare(Board::parse("ring:3"), 30, 40, 3));
  add(walk_and_compare(tail_board(), 30, 40, 4));
  add(walk_and_compare(diamond_board(), 5, 40, 5));
  // The walks reach what the cached method treats specially.
  CHECK(total.open > 50);
  CHECK(total.rescinds > 15);
  CHECK(total.banned > 15);
}

TEST_CASE("kee-2016: the cached solver's principal variation and move values are real", "[kee-2016][cache]") {
  for (const char* spec : {"1x3", "1x4", "2x2", "2x3"}) {
    INFO(spec);
    const Board b = Board::parse(spec);
    Kee2016Game g(b, kKee, 0);
    Kee2016Solver s(b, 0, {});
    const Value v = s.value(g);
    // The line is played on the real game (rescinds included) to its end.
    const std::vector<Move> pv = s.principal_variation(g, v);
    CHECK(g.record_length() == 0);  // the game is left as it was
    for (Move m : pv) {
      REQUIRE(g.is_legal(m));
      g.play(m);
    }
    REQUIRE(g.is_over());
    CHECK(g.outcome() == v);
    // The best move value is the value.
    for (size_t i = 0; i < pv.size(); ++i) g.undo();
    Value best = Value::minus_infinity();
    for (const auto& mv : s.move_values(g)) best = std::max(best, mv.value);
    CHECK(best == v);
  }
}
