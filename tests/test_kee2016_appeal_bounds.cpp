// The kee-2016 search game's strategy bound of session 34 (docs/solving.md
// section 4, "Session 34: kee-2016 2x7"): after a stone play that the
// player to move cannot answer by an appeal under the current history, the
// author's pass guarantee, resting on the appeal's facts. At every node of
// random lines of the search game, anchored at random nodes of the real
// game with exit values from every end of the range, the bounds must
// contain the node's exact value in that search game (the generic search
// with node bounds off); and the generic search with the bound must equal
// the reference solver (cached, no node bounds) on the real game, at the
// start and after random lines, with one table across the histories.
#include <catch2/catch.hpp>

#include <random>

#include "core/rules/games.hpp"
#include "generator/reference/kee2016_search.hpp"
#include "generator/search/generic_search.hpp"
#include "generator/search/generic_solve.hpp"

using namespace gotb;

namespace {

const RuleSet kKee = RuleSet::parse("kee-2016");

Value exact_here(Kee2016SearchGame& g) {
  search::GenericOptions o;
  o.node_bounds = false;
  search::GenericSearch<Kee2016SearchGame> s(g, o);
  return s.value();
}

struct Tally {
  int nodes = 0;
  int kept = 0, kept_tight = 0;  // the author's guarantee came back (and met the value)
  int appeal_legal = 0;          // nodes after a stone play where the appeal was legal
};

// A random move of the search game: appeals and the pass after an appeal
// favoured, so that both exceptions and the rescinds occur.
Move pick(Kee2016SearchGame& g, std::mt19937& rng) {
  std::vector<Move> legal, plays, others;
  g.legal_moves(legal);
  for (Move m : legal) (m.kind == MoveKind::Play ? plays : others).push_back(m);
  if (legal.back().kind == MoveKind::AppealingPass && rng() % 2 == 0) return legal.back();
  const auto& from = plays.empty() || rng() % 3 == 0 ? others : plays;
  return from[rng() % from.size()];
}

void check_line(Kee2016SearchGame& g, std::mt19937& rng, int len, Tally& t) {
  int played = 0;
  for (; played < len && !g.is_over(); ++played) {
    const auto [lo0, hi0] = g.node_outcome_bounds();
    std::vector<std::uint64_t> facts;
    const auto [slo, shi] = g.strategy_bounds(lo0.order, hi0.order, hi0.order, facts);
    const Value lo = std::max(lo0, slo), hi = std::min(hi0, shi);
    const Value v = exact_here(g);
    INFO("ply " << played << " value " << v.to_string() << " bounds " << lo.to_string() << " " << hi.to_string());
    REQUIRE(lo <= v);
    REQUIRE(v <= hi);
    ++t.nodes;
    const bool moved = lo > lo0 || hi < hi0;
    if (moved) {
      ++t.kept;
      if (lo == v || hi == v) ++t.kept_tight;
      // The facts are the appeal's: every one an appeal-role id of the player to move.
      for (std::uint64_t id : facts) {
        CHECK(((id >> 1) & 1) == 1);
        CHECK(static_cast<int>(id & 1) == (g.to_move() == Color::White ? 1 : 0));
      }
    } else {
      CHECK(facts.empty());
    }
    if (g.consecutive_passes() == 0 && !moved) {
      // Where the appeal is legal the author's guarantee must stay off:
      // count the nodes where it would have been wrong, so that the test
      // is known to reach them.
      std::vector<Move> legal;
      g.legal_moves(legal);
      if (legal.back().kind == MoveKind::AppealingPass) ++t.appeal_legal;
    }
    g.play(pick(g, rng));
  }
  for (int i = 0; i < played; ++i) g.undo();
}

// A random line of the real game (appeals favoured), not ending it.
std::vector<Move> real_line(Kee2016Game& g, std::mt19937& rng, int len) {
  std::vector<Move> line;
  for (int i = 0; i < len && !g.is_over(); ++i) {
    std::vector<Move> moves;
    g.legal_moves(moves);
    Move m = moves[rng() % moves.size()];
    if (moves.back().kind == MoveKind::AppealingPass && rng() % 2 == 0) m = moves.back();
    g.play(m);
    if (g.is_over()) {
      g.undo();
      break;
    }
    line.push_back(m);
  }
  return line;
}

}  // namespace

TEST_CASE("kee-2016 session-34 node bounds contain the search game's value at every node", "[generic][kee-2016][bounds][appeal-bounds]") {
  std::mt19937 rng(34);
  Tally t;
  for (const char* board : {"1x3", "1x4", "1x5", "2x2", "2x3"}) {
    const Board b = Board::parse(board);
    Kee2016Game real(b, kKee, 0);
    Kee2016SearchGame g(b, 0);
    const int lines = b.size() == 6 ? 6 : 30;
    for (int line = 0; line < lines; ++line) {
      // Anchored at the start or after a random real line (its last play
      // often a stone, so that an appeal answers the anchor's own stone and
      // ends at the exit), with an exit value at either end of the range or 0.
      const std::vector<Move> pre = real_line(real, rng, line % 3 == 0 ? 0 : 1 + line % 5);
      const Value exits[] = {g.min_outcome(), Value::score(0, 0), g.max_outcome()};
      g.anchor(real, exits[line % 3]);
      INFO(board << " line " << line << " anchored after " << pre.size() << " real moves");
      check_line(g, rng, 4 + line % 9, t);
      for (std::size_t i = 0; i < pre.size(); ++i) real.undo();
    }
  }
  // The bound said something, and met the value often enough that a bound
  // one point too optimistic would fail above; and nodes with a legal
  // appeal, where it must stay off, were visited.
  CHECK(t.kept > 20);
  CHECK(t.kept_tight > 5);
  CHECK(t.appeal_legal > 5);
}

TEST_CASE("kee-2016 generic search with the session-34 bound equals the reference solver", "[generic][kee-2016][bounds][appeal-bounds]") {
  // One anchored driver (one table) across random histories, so that an
  // entry proven with the bound is probed under histories where the appeal
  // is legal; and gotb solve's path (generic_solve) on a fresh table.
  std::mt19937 rng(2034);
  int strategy = 0;
  for (int deepening : {8, 0})
    for (const char* board : {"1x1", "1x2", "1x3", "1x4", "1x5", "2x2", "2x3"}) {
      const Board b = Board::parse(board);
      search::GenericOptions o;
      o.deepening_step = deepening;
      Kee2016Anchored<search::GenericSearch<Kee2016SearchGame>> solver(b, 0, o);
      const int trials = b.size() >= 6 ? 5 : 16;
      for (int trial = 0; trial < trials; ++trial) {
        Kee2016Game g(b, kKee, 0);
        // real_line leaves its moves played on g.
        const std::vector<Move> line = trial == 0 ? std::vector<Move>{} : real_line(g, rng, 1 + trial % 9);
        Kee2016Solver ref(b, 0, {});
        const Value want = ref.value(g);
        INFO(board << " after " << line.size() << " moves, deepening " << deepening);
        CHECK(solver.value(g).identical(want));
        if (trial % 4 == 0) {
          std::vector<std::string> names;
          {
            Kee2016Game h(b, kKee, 0);
            for (Move m : line) {
              names.push_back(h.move_name(m));
              h.play(m);
            }
          }
          SolveRequest req{b, kKee, 0, names, {}};
          req.with_move_values = false;
          req.with_pv = false;
          CHECK(generic_solve(req, o).value.identical(want));
          // Aimed (a tromp-taylor guess; on boards of two rows, horizons of
          // at least twice the points: run_kee2016).
          search::GenericOptions aimed = o;
          aimed.aim = true;
          if (deepening > 0) CHECK(generic_solve(req, aimed).value.identical(want));
        }
      }
      strategy += static_cast<int>(solver.star().profile().appeal_strategy);
    }
  CHECK(strategy > 100);  // the bound was used
}
