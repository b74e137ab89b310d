// ikeda-1's node bounds from passing (IkedaGame::node_outcome_bounds, the
// generic search's HasNodeBounds; docs/solving.md section 4, "Session 31:
// ikeda-1 node bounds from passing"). At every node of random lines the
// bounds must contain the node's exact value under its actual history (the
// reference solver), under each ko option and for the tie-kind rule's
// refined games; the search with them must give the reference solver's
// values; and bounds made wrong on purpose (mutants) must fail the same
// checks, so that the checks can catch a wrong bound.
#include <catch2/catch.hpp>

#include <functional>
#include <random>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "core/rules/games.hpp"
#include "generator/reference/reference_solver.hpp"
#include "generator/reference/solve.hpp"
#include "generator/reference/tie_kind.hpp"
#include "generator/search/generic_search.hpp"
#include "generator/search/generic_solve.hpp"
#include "tests/random_history.hpp"

using namespace gotb;

namespace {

using Bounds = std::pair<Value, Value>;
using BoundsOf = std::function<Bounds(const IkedaGame&)>;

constexpr const char* kKoOptions[] = {"ikeda-1", "ikeda-1:ko=positional-per-phase", "ikeda-1:ko=basic-play"};

// The playout's parity term of the bounds, for the mutants: +1 where the
// player to move owes a pass stone (odd number of playout moves so far).
int parity_owed(const IkedaGame& g) {
  const bool odd = (g.state_key()[2] >> 5) & 1;
  return g.phase() == IkedaGame::Playout && odd ? 1 : 0;
}
int owed_by(const IkedaGame& g, Color c) { return parity_owed(g) * (g.to_move() == c ? 1 : -1); }

Bounds real_bounds(const IkedaGame& g) { return g.node_outcome_bounds(); }
// Mutants: each a plausible mistake in the proof.
Bounds without_parity(const IkedaGame& g) {  // the pass stone the parity owes forgotten
  Bounds b = g.node_outcome_bounds();
  if (b.first.kind == ValueKind::Score) b.first = Value::score(g.pass_bound(Color::Black) + owed_by(g, Color::Black), 0);
  if (b.second.kind == ValueKind::Score)
    b.second = Value::score(g.pass_bound(Color::White) - owed_by(g, Color::White), 0);
  return b;
}
Bounds one_tighter(const IkedaGame& g) {  // one point more for each passer
  Bounds b = g.node_outcome_bounds();
  b.first.order += 2;
  b.second.order -= 2;
  return b;
}

struct Tally {
  int nodes = 0, violations = 0, tight = 0, owed_tight = 0, playout = 0;
};

// The exact value of g's node under its history.
template <class G>
Value exact_here(G& g) {
  ReferenceSolver<G> s(g, ReferenceOptions{});
  return s.value();
}

// Random lines from the empty board (a pass drawn with probability 1/3, so
// that both phases and both playout parities occur), checking `bounds`
// against the exact value at every node that is not over.
void check_lines(const char* rules, const char* board, int lines, std::mt19937& rng, const BoundsOf& bounds,
                 Tally& t) {
  const Board b = Board::parse(board);
  IkedaGame g(b, RuleSet::parse(rules), 0);
  for (int line = 0; line < lines; ++line) {
    const int len = 4 + line % 20;
    int played = 0;
    for (; played < len && !g.is_over(); ++played) {
      const auto [lo, hi] = bounds(g);
      const Value v = exact_here(g);
      ++t.nodes;
      if (g.phase() == IkedaGame::Playout) ++t.playout;
      if (!(lo <= v && v <= hi)) {
        ++t.violations;
      } else if (lo == v || hi == v) {
        ++t.tight;
        if (parity_owed(g)) ++t.owed_tight;
      }
      g.play(test::random_move_passes_often(g, rng, 1));
    }
    for (int i = 0; i < played; ++i) g.undo();
  }
}

Tally tally(const BoundsOf& bounds, const std::vector<const char*>& rules_list, unsigned seed) {
  std::mt19937 rng(seed);
  Tally t;
  for (const char* rules : rules_list)
    for (const char* board : {"1x3", "1x4", "1x5", "2x2"}) check_lines(rules, board, 12, rng, bounds, t);
  return t;
}

// A game whose node bounds are a mutant's (for the search-level check).
struct OneTighterIkeda : IkedaGame {
  using IkedaGame::IkedaGame;
  Bounds node_outcome_bounds() const { return one_tighter(*this); }
};

Value reference_value(const std::string& board, const std::string& rules, const std::vector<std::string>& moves) {
  SolveRequest req{Board::parse(board), RuleSet::parse(rules), 0, moves, {}};
  req.with_move_values = false;
  req.with_pv = false;
  return reference_solve(req).value;
}

Value search_value(const std::string& board, const std::string& rules, const std::vector<std::string>& moves,
                   bool node_bounds) {
  SolveRequest req{Board::parse(board), RuleSet::parse(rules), 0, moves, {}};
  req.with_move_values = false;
  req.with_pv = false;
  search::GenericOptions o;
  o.node_bounds = node_bounds;
  return generic_solve(req, o).value;
}

}  // namespace

TEST_CASE("ikeda-1 pass bounds contain the exact value at every node", "[ikeda][bounds]") {
  const Tally t = tally(real_bounds, {std::begin(kKoOptions), std::end(kKoOptions)}, 31);
  INFO(t.nodes << " nodes, " << t.playout << " in the playout, " << t.tight << " tight, " << t.owed_tight
               << " tight with a parity term");
  CHECK(t.violations == 0);
  CHECK(t.playout > 200);    // the playout and its parity term are exercised
  CHECK(t.tight > 100);      // bounds met the value: one point tighter fails (below)
  CHECK(t.owed_tight > 10);  // ... also where the parity term is not 0
}

TEST_CASE("ikeda-1 pass bounds: wrong bounds fail the same check", "[ikeda][bounds]") {
  const std::vector<const char*> superko = {"ikeda-1", "ikeda-1:ko=positional-per-phase"};
  CHECK(tally(without_parity, superko, 31).violations > 0);
  CHECK(tally(one_tighter, superko, 31).violations > 0);
}

TEST_CASE("ikeda-1 basic-play: the passer's opponent can end the game without result", "[ikeda][bounds]") {
  // Why the basic-play bounds take in the no result: nodes where Black has
  // just passed and a White play recreates a board of the history (a long
  // cycle against Black's passing) exist; at each the bounds contain the
  // no result. (No random line of 1x3-1x6 and 2x3 tried in session 31
  // reached a node where such a cycle lowers the value below the score
  // bound, so no mutant without it fails a check; the proof needs it.)
  std::mt19937 rng(77);
  int found = 0;
  for (const char* board : {"1x4", "1x5", "2x2"}) {
    const Board b = Board::parse(board);
    IkedaGame g(b, RuleSet::parse("ikeda-1:ko=basic-play"), 0);
    for (int line = 0; line < 40; ++line) {
      int played = 0;
      bool black_passed = false;
      for (; played < 30 && !g.is_over(); ++played) {
        if (black_passed) {
          std::vector<Move> legal;
          g.legal_moves(legal);
          for (Move m : legal) {
            if (m.kind != MoveKind::Play) continue;
            g.play(m);
            const bool cycle = g.is_over() && g.outcome().kind == ValueKind::NoResult;
            g.undo();
            if (!cycle) continue;
            ++found;
            const auto [lo, hi] = g.node_outcome_bounds();
            CHECK(lo <= Value::no_result(0));
            CHECK(Value::no_result(0) <= hi);
          }
        }
        const Move m = test::random_move_passes_often(g, rng, 1);
        black_passed = g.to_move() == Color::Black && m.kind == MoveKind::Pass;
        g.play(m);
      }
      for (int i = 0; i < played; ++i) g.undo();
    }
  }
  CHECK(found > 0);
}

TEST_CASE("ikeda-1 pass bounds hold in the tie-kind rule's refined games", "[ikeda][bounds][tie-kind]") {
  // NoResultAt moves the no result to -1 / +1 and widens the game's bounds
  // to it; they must hold there at every node, as in the game itself.
  std::mt19937 rng(3131);
  const RuleSet rs = RuleSet::parse("ikeda-1:ko=basic-play");
  int nodes = 0;
  for (const char* board : {"1x3", "1x4", "1x5", "2x2"})
    for (const std::int32_t at : {-1, +1}) {
      const Board b = Board::parse(board);
      NoResultAt<IkedaGame> g(at, b, rs, 0);
      for (int line = 0; line < 10; ++line) {
        int played = 0;
        for (; played < 4 + line * 2 && !g.is_over(); ++played) {
          const auto [lo, hi] = g.node_outcome_bounds();
          const Value v = exact_here(g);
          INFO(board << " at " << at << " line " << line << " ply " << played);
          REQUIRE(lo <= v);
          REQUIRE(v <= hi);
          ++nodes;
          g.play(test::random_move_passes_often(g, rng, 1));
        }
        for (int i = 0; i < played; ++i) g.undo();
      }
    }
  CHECK(nodes > 300);
}

TEST_CASE("ikeda-1 search with pass bounds equals the reference solver", "[ikeda][bounds][generic]") {
  for (const char* rules : kKoOptions)
    for (const char* board : {"1x1", "1x2", "1x3", "1x4", "1x5", "2x2"}) {
      INFO(rules << " " << board);
      const Value ref = reference_value(board, rules, {});
      CHECK(search_value(board, rules, {}, true).identical(ref));
    }
  CHECK(search_value("2x3", "ikeda-1", {}, true).identical(reference_value("2x3", "ikeda-1", {})));
  std::mt19937 rng(331);
  for (const char* rules : kKoOptions)
    for (const char* board : {"1x5", "2x2"})
      for (int trial = 0; trial < 6; ++trial) {
        const auto moves = test::random_line_on<IkedaGame>(board, rules, rng, 2 + 3 * trial);
        INFO(rules << " " << board << " after " << moves.size() << " moves");
        const Value ref = reference_value(board, rules, moves);
        CHECK(search_value(board, rules, moves, true).identical(ref));
        CHECK(search_value(board, rules, moves, false).identical(ref));
      }
}

TEST_CASE("ikeda-1 search with a wrong pass bound differs from the reference solver", "[ikeda][bounds][generic]") {
  // The search-level mutant: bounds one point too tight for each passer.
  std::mt19937 rng(332);
  int wrong = 0, compared = 0;
  for (const char* board : {"1x3", "1x4", "1x5", "2x2"})
    for (int trial = 0; trial < 6; ++trial) {
      const Board b = Board::parse(board);
      const auto moves = test::random_line_on<IkedaGame>(board, "ikeda-1", rng, 3 * trial);
      OneTighterIkeda g(b, RuleSet::parse("ikeda-1"), 0);
      replay_moves(g, moves);
      search::GenericSearch<OneTighterIkeda> s(g, {});
      ++compared;
      try {
        if (!(s.value() == reference_value(board, "ikeda-1", moves))) ++wrong;
      } catch (const std::logic_error&) {  // e.g. "crossed bounds": caught too
        ++wrong;
      }
    }
  INFO(wrong << " of " << compared << " wrong");
  CHECK(wrong > 0);
}

