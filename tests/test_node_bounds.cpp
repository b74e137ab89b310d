// Outcome bounds of a node (HasNodeBounds, docs/solving.md section 4,
// "Outcome bounds of a node"): kee-2005 under japanese scoring bounds the
// score in the confirmation phases. The bounds must contain every outcome
// that can end the game below the node (checked on random complete games,
// at every node of each), and the search must give the same values with
// them and without them.
#include <catch2/catch.hpp>

#include <random>

#include "core/rules/games.hpp"
#include "generator/search/generic_search.hpp"
#include "generator/search/generic_solve.hpp"
#include "tests/random_history.hpp"

using namespace gotb;

namespace {

// Plays one random complete game (passes of either kind drawn more often, so
// that phases end) and checks, at the end, that the outcome lies within the
// bounds reported at every node on the way. Returns how many of those
// nodes had finite bounds, and counts outcomes that met a bound exactly.
int check_game(Kee2005Game& g, std::mt19937& rng, int& tight) {
  std::vector<std::pair<Value, Value>> seen;
  int plies = 0, finite = 0;
  while (!g.is_over() && plies < 4000) {
    seen.push_back(g.node_outcome_bounds());
    g.play(test::random_move_passes_often(g, rng, 2));
    ++plies;
  }
  if (!g.is_over()) {  // a rare endless-looking game: skipped, not counted
    for (int i = 0; i < plies; ++i) g.undo();
    return 0;
  }
  const Value v = g.outcome();
  for (const auto& [lo, hi] : seen) {
    REQUIRE(lo <= v);
    REQUIRE(v <= hi);
    if (lo.is_score() && hi.is_score()) ++finite;
    if (lo == v || hi == v) ++tight;
  }
  for (int i = 0; i < plies; ++i) g.undo();
  return finite;
}

}  // namespace

TEST_CASE("kee-2005 japanese node bounds contain every outcome of random games", "[generic][kee-2005][bounds]") {
  std::mt19937 rng(2005);
  int finite = 0, tight = 0;
  for (const char* rules : {"kee-2005:japanese", "kee-2005:japanese,no-suicide"})
    for (const char* board : {"1x2", "1x3", "1x4", "2x2", "2x3"}) {
      const Board b = Board::parse(board);
      Kee2005Game g(b, RuleSet::parse(rules), 0);
      // The outcome bounds of the confirmation phases bound every line; the
      // common phase's pass bounds only the value (tests/test_kee2005_pass_bounds.cpp).
      g.set_pass_bounds(false);
      for (int game = 0; game < 200; ++game) {
        INFO(rules << " " << board << " game " << game);
        finite += check_game(g, rng, tight);
      }
    }
  CHECK(finite > 1000);  // the confirmation phases were reached
  CHECK(tight > 0);      // and some outcomes met a bound, so a bound one too tight would fail
  // Under chinese scoring, without the pass bounds, the bounds are the game's own.
  const Board b = Board::parse("1x3");
  Kee2005Game c(b, RuleSet::parse("kee-2005"), 0);
  c.set_pass_bounds(false);
  CHECK(c.node_outcome_bounds().first == c.min_outcome());
  CHECK(c.node_outcome_bounds().second == c.max_outcome());
}

TEST_CASE("node bounds never change a generic search value", "[generic][kee-2005][bounds]") {
  std::mt19937 rng(6);
  for (const char* rules : {"kee-2005:japanese", "kee-2005:japanese,no-suicide"})
    for (const char* board : {"1x1", "1x2", "1x3"}) {
      const Board b = Board::parse(board);
      // From the empty board and after random lines, some of them into the
      // confirmation phases (passes of either kind end a phase quickly).
      for (int trial = 0; trial < 6; ++trial) {
        std::vector<std::string> moves;
        {
          Kee2005Game g(b, RuleSet::parse(rules), 0);
          for (int i = 0; i < 3 * trial && !g.is_over(); ++i) {
            std::vector<Move> legal;
            g.legal_moves(legal);
            const Move m = legal[rng() % legal.size()];
            g.play(m);
            if (g.is_over()) break;
            moves.push_back(g.move_name(m));
          }
        }
        std::uint64_t cut = 0;
        Value with, without;
        for (bool on : {true, false}) {
          SolveRequest req{b, RuleSet::parse(rules), 0, moves, {}};
          req.with_move_values = false;
          req.with_pv = false;
          search::GenericOptions o;
          o.node_bounds = on;
          const SolveReport rep = generic_solve(req, o);
          (on ? with : without) = rep.value;
          if (on)
            for (const auto& [name, count] : rep.counters)
              if (name == "bound_cutoffs") cut = count;
        }
        INFO(rules << " " << board << " after " << moves.size() << " moves");
        CHECK(with.identical(without));
        if (std::string(board) == "1x3" && trial == 0) CHECK(cut > 0);  // the bounds were used
      }
    }
}
