// kee-2016's optimal first moves by one null-window test per symmetry class
// (Kee2016Anchored::keeps_value, `gotb table`'s path since session 32)
// against every move's exact value (the anchored driver's move_values(),
// `gotb solve`'s path) and the reference solver's cached search
// (docs/solving.md section 4, "Session 32: kee-2016").
#include <catch2/catch.hpp>

#include <algorithm>
#include <random>
#include <tuple>

#include "core/rules/games.hpp"
#include "generator/reference/kee2016_search.hpp"
#include "generator/reference/solve.hpp"
#include "generator/search/generic_solve.hpp"

using namespace gotb;

namespace {

const RuleSet kKee = RuleSet::parse("kee-2016");

struct FirstMoves {
  std::vector<std::string> by_values, by_tests, by_reference;
};

// The optimal moves three ways (the reference solver's where `reference`:
// its cached search takes 405 s on 1x6), each sorted by name.
FirstMoves first_moves(const std::string& board, std::vector<std::string> line = {}, bool reference = true) {
  SolveRequest req{Board::parse(board), kKee, 0, std::move(line), {}};
  req.with_pv = false;
  req.with_optimal_moves = true;
  req.with_move_values = true;
  SolveReport by_values = generic_solve(req, {});
  SolveReport by_reference = reference ? reference_solve(req) : by_values;
  req.with_move_values = false;
  SolveReport by_tests = generic_solve(req, {});
  CHECK(by_tests.value.identical(by_values.value));
  CHECK(by_reference.value.identical(by_values.value));
  CHECK(by_tests.optimal_undecided.empty());
  CHECK(by_tests.moves.empty());
  FirstMoves out{by_values.optimal, by_tests.optimal, by_reference.optimal};
  for (auto* v : {&out.by_values, &out.by_tests, &out.by_reference}) std::sort(v->begin(), v->end());
  return out;
}

}  // namespace

TEST_CASE("kee-2016: the optimal first moves by one test per move equal those by every move's value",
          "[generic][kee-2016][table]") {
  for (const char* board : {"1x3", "1x4", "1x5", "1x6", "2x2", "2x3"}) {
    INFO("kee-2016 " << board);
    const FirstMoves f = first_moves(board, {}, std::string(board) != "1x6");
    CHECK(!f.by_values.empty());
    CHECK(f.by_tests == f.by_values);
    CHECK(f.by_reference == f.by_values);
  }
  // A line of passes keeps the symmetry classes; a stone breaks them. The
  // lines with an appeal reach nodes whose rescind is reachable.
  for (std::vector<std::string> line : std::vector<std::vector<std::string>>{
           {"pass"}, {"B1"}, {"A1"}, {"A1", "pass"}, {"C1", "A1"}, {"B1", "D1"}, {"A1", "B1", "pass"}}) {
    INFO("kee-2016 1x5 after " << line.size() << " moves, the first " << line.front());
    const FirstMoves f = first_moves("1x5", line);
    CHECK(f.by_tests == f.by_values);
    CHECK(f.by_reference == f.by_values);
  }
  // Nodes with a move that keeps the value only through its rescind (found
  // by a search over every line of 1x5 and 2x2 to depth 5 and 7): the
  // anchored game scores that rescind as the mover's worst and says
  // "loses"; the exact check of keeps_value finds it optimal.
  for (const auto& [board, line, move] : std::vector<std::tuple<std::string, std::vector<std::string>, std::string>>{
           {"1x5", {"B1", "D1", "C1", "E1"}, "E1"},
           {"1x5", {"D1", "B1", "C1", "A1"}, "A1"},
           {"2x2", {"A2", "pass", "B2", "pass", "B1", "A1", "B2"}, "B1"}}) {
    INFO("kee-2016 " << board << " after " << line.size() << " moves, then " << move);
    const FirstMoves f = first_moves(board, line);
    CHECK(std::count(f.by_values.begin(), f.by_values.end(), move) == 1);
    CHECK(f.by_tests == f.by_values);
    CHECK(f.by_reference == f.by_values);
  }
}

namespace {

// A random line of the real game, appeals and rescinding passes favoured
// (as the cache test's walks), stopped before a move that ends the game.
std::vector<Move> random_line(Kee2016Game& g, std::mt19937& rng, int len) {
  std::vector<Move> line;
  for (int i = 0; i < len && !g.is_over(); ++i) {
    std::vector<Move> moves;
    g.legal_moves(moves);
    Move m = moves[std::uniform_int_distribution<std::size_t>(0, moves.size() - 1)(rng)];
    const bool rescind_here = kee2016_exit_moves(g) == std::vector<Move>{Move::pass()};
    if (rescind_here && rng() % 4 != 0) m = Move::pass();
    else if (moves.back().kind == MoveKind::AppealingPass && rng() % 2 == 0) m = moves.back();
    g.play(m);
    if (g.is_over()) {
      g.undo();
      break;
    }
    line.push_back(m);
  }
  for (std::size_t i = 0; i < line.size(); ++i) g.undo();
  return line;
}

}  // namespace

TEST_CASE("kee-2016: keeps_value agrees with every move's value across histories, rescinds included",
          "[generic][kee-2016][ghi]") {
  // One anchored driver (one table) across random histories; each legal
  // move asked at the history's value, against a fresh reference solver's
  // move values. The stone plays that the opponent can answer by an appeal
  // are where the anchored game's answer can differ from the real one.
  std::mt19937 rng(32);
  int asked = 0, rescindable = 0, kept_by_rescind = 0;
  for (int deepening : {8, 0})
    for (const char* board : {"1x3", "1x4", "2x2", "1x5"}) {
      const Board b = Board::parse(board);
      Kee2016Game g(b, kKee, 0);
      search::GenericOptions o;
      o.deepening_step = deepening;
      Kee2016Anchored<search::GenericSearch<Kee2016SearchGame>> solver(b, 0, o);
      for (int trial = 0; trial < 24; ++trial) {
        std::vector<Move> line = random_line(g, rng, 2 + trial % 10);
        // And the 1x5 line of the test above with a move kept only through its rescind.
        if (trial == 0 && b.size() == 5) {
          line.clear();
          for (const char* name : {"B1", "D1", "C1", "E1"}) {
            Move m;
            REQUIRE(g.parse_move(name, m));
            line.push_back(m);
          }
        }
        for (Move m : line) g.play(m);
        Kee2016Solver ref(b, 0, {});  // a fresh cache per history
        const Value v = solver.value(g);
        REQUIRE(v.identical(ref.value(g)));
        std::vector<Move> moves;
        g.legal_moves(moves);
        for (Move m : moves) {
          g.play(m);
          const Value child = ref.value(g);
          const bool open = !kee2016_exit_moves(g).empty();
          g.undo();
          INFO(board << " deepening " << deepening << " after " << line.size() << " moves, move " << g.move_name(m));
          const std::uint64_t exact_before = solver.exact_move_tests();
          CHECK(solver.keeps_value(g, m, v) == (child == v));
          if (m.is_play() && open) {
            ++rescindable;
            // The anchored game said "loses" and the real child keeps v:
            // a move kept only through its rescind.
            if (solver.exact_move_tests() > exact_before && child == v) ++kept_by_rescind;
          }
          ++asked;
        }
        for (std::size_t i = 0; i < line.size(); ++i) g.undo();
      }
    }
  CHECK(asked > 200);
  CHECK(rescindable > 10);
  CHECK(kept_by_rescind > 0);  // the exact check of keeps_value is exercised
}
