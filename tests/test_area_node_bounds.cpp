// Benson bounds of a node for the area-scoring rulesets of the generic
// search (docs/solving.md section 4, "Session 24"): international under
// ko=positional (both scorings, both suicide rules) and the kee-2016 search
// game, where a side's pass guarantee is used unless passing could rescind
// its own stone play. At every node of random lines the bounds must contain
// the node's exact value under its actual history (the search without node
// bounds), and the search must give the same values with and without them.
#include <catch2/catch.hpp>

#include <random>

#include "core/rules/games.hpp"
#include "generator/reference/kee2016_search.hpp"
#include "generator/search/generic_search.hpp"
#include "tests/random_history.hpp"
#include "generator/search/generic_solve.hpp"

using namespace gotb;

namespace {

struct Tally {
  int nodes = 0, narrowed = 0, tight = 0;
};

// The node's exact value under its history: the generic search with the
// node bounds off, on a fresh table.
template <class G>
Value exact_here(G& g) {
  search::GenericOptions o;
  o.node_bounds = false;
  search::GenericSearch<G> s(g, o);
  return s.value();
}

// Plays `len` random moves on g (appeals and passes drawn as often as
// plays, so that the kee-2016 pass states all occur), checking the bounds
// against the exact value at every node that is not over; undoes them.
template <class G>
void check_line(G& g, std::mt19937& rng, int len, Tally& t) {
  int played = 0;
  for (; played < len && !g.is_over(); ++played) {
    const auto [lo, hi] = g.node_outcome_bounds();
    const Value v = exact_here(g);
    REQUIRE(lo <= v);
    REQUIRE(v <= hi);
    ++t.nodes;
    if (lo > g.min_outcome() || hi < g.max_outcome()) ++t.narrowed;
    if ((lo > g.min_outcome() && lo == v) || (hi < g.max_outcome() && hi == v)) ++t.tight;
    std::vector<Move> legal, plays, others;
    g.legal_moves(legal);
    for (Move m : legal) (m.kind == MoveKind::Play ? plays : others).push_back(m);
    const auto& from = plays.empty() || rng() % 3 == 0 ? others : plays;
    g.play(from[rng() % from.size()]);
  }
  for (int i = 0; i < played; ++i) g.undo();
}

Value solve_with(const std::string& board, const std::string& rules, const std::vector<std::string>& moves,
                 bool node_bounds) {
  SolveRequest req{Board::parse(board), RuleSet::parse(rules), 0, moves, {}};
  req.with_move_values = false;
  req.with_pv = false;
  search::GenericOptions o;
  o.node_bounds = node_bounds;
  o.deepening_step = 4;
  return generic_solve(req, o).value;
}

}  // namespace

TEST_CASE("international Benson node bounds contain the exact value at every node", "[generic][international][bounds]") {
  std::mt19937 rng(24);
  Tally t;
  for (const char* rules : {"international", "international:no-suicide", "international:equivalence",
                            "international:equivalence,no-suicide"})
    for (const char* board : {"1x4", "1x5", "2x2"}) {
      const Board b = Board::parse(board);
      InternationalGame g(b, RuleSet::parse(rules), 0);
      for (int line = 0; line < 12; ++line) {
        INFO(rules << " " << board << " line " << line);
        check_line(g, rng, 4 + line % 9, t);
      }
    }
  CHECK(t.narrowed > 50);  // the bounds said something
  CHECK(t.tight > 10);     // and met the value, so bounds one too tight would fail
  // Under ko=basic-exceptional an exceptional end is no score: the game's own bounds.
  const Board b = Board::parse("2x2");
  InternationalGame e(b, RuleSet::parse("international:basic-exceptional"), 0);
  e.play(Move::play(0));
  e.play(Move::play(3));
  e.play(Move::play(1));
  CHECK(e.node_outcome_bounds().first == e.min_outcome());
  CHECK(e.node_outcome_bounds().second == e.max_outcome());
}

TEST_CASE("kee-2016 search-game Benson bounds contain the exact value at every node", "[generic][kee-2016][bounds]") {
  std::mt19937 rng(2016);
  Tally t;
  int exposed = 0;
  for (const char* board : {"1x3", "1x4", "1x5", "2x2"}) {
    const Board b = Board::parse(board);
    Kee2016Game real(b, RuleSet::parse("kee-2016"), 0);
    Kee2016SearchGame g(b, 0);
    g.anchor(real, Value::score(0, 0));  // the start has no exit
    for (int line = 0; line < 25; ++line) {
      INFO(board << " line " << line);
      check_line(g, rng, 3 + line % 10, t);
    }
    // After a stone play the author's pass guarantee is off: the opponent
    // may appeal, and then passing rescinds the play (scored as a loss).
    g.play(Move::play(0));
    if (g.node_outcome_bounds().second == g.max_outcome()) ++exposed;
    g.undo();
  }
  CHECK(exposed == 4);
  CHECK(t.narrowed > 20);
  CHECK(t.tight > 10);
}

TEST_CASE("the area rulesets' node bounds never change a search value", "[generic][international][kee-2016][bounds]") {
  std::mt19937 rng(7);
  for (const char* rules : {"international", "international:no-suicide", "international:equivalence,no-suicide",
                            "kee-2016"})
    for (const char* board : {"1x1", "1x2", "1x3", "1x4", "1x5", "2x2"}) {
      INFO(rules << " " << board);
      CHECK(solve_with(board, rules, {}, true).identical(solve_with(board, rules, {}, false)));
    }
  // After random lines.
  for (const char* rules : {"international", "international:equivalence", "kee-2016"})
    for (const char* board : {"1x5", "2x2"}) {
      const Board b = Board::parse(board);
      for (int trial = 0; trial < 4; ++trial) {
        std::vector<std::string> moves;
        if (std::string(rules) == "kee-2016") {
          Kee2016Game g(b, RuleSet::parse(rules), 0);
          moves = test::random_line_names(g, rng, 2 + 2 * trial);
        } else {
          InternationalGame g(b, RuleSet::parse(rules), 0);
          moves = test::random_line_names(g, rng, 2 + 2 * trial);
        }
        INFO(rules << " " << board << " after " << moves.size() << " moves");
        CHECK(solve_with(board, rules, moves, true).identical(solve_with(board, rules, moves, false)));
      }
    }
}
