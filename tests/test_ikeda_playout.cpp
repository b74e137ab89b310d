// ikeda-1's playout by the tromp-taylor search (generator/search/
// ikeda_playout.hpp; docs/solving.md section 4, "Session 33: ikeda-1's
// playout is an area game shifted by the stones spent"). Checked against
// the reference solver node by node (every playout node of random lines,
// both parities, both superko options), and the generic search with the
// reduction against the reference solver, the generic search without it
// and the exact-repeat second check, from the empty board, after random
// histories and with one table across histories. Mutants that must fail:
// the value without the parity term, the value one point off, and the
// reduction's facts dropped (a playout value reused under every history).
#include <catch2/catch.hpp>

#include <cstdint>
#include <map>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include "core/rules/games.hpp"
#include "generator/reference/solve.hpp"
#include "generator/search/generic_search.hpp"
#include "generator/search/generic_solve.hpp"
#include "generator/search/ikeda_playout.hpp"
#include "tests/ikeda_exact_repeat.hpp"
#include "tests/random_history.hpp"

using namespace gotb;
using search::IkedaPlayoutGame;

namespace {

constexpr const char* kSuperkoOptions[] = {"ikeda-1", "ikeda-1:ko=positional-per-phase"};

Value reference_value(const std::string& board, const std::string& rules, const std::vector<std::string>& moves) {
  SolveRequest req{Board::parse(board), RuleSet::parse(rules), 0, moves, {}};
  req.with_move_values = false;
  req.with_pv = false;
  return reference_solve(req).value;
}

// A random line that passes often (one move in three where both kinds are
// legal), so that it reaches the playout and both of its parities.
std::vector<std::string> pass_rich_line(const std::string& board, const std::string& rules, std::mt19937& rng,
                                        int len) {
  const Board b = Board::parse(board);
  IkedaGame g(b, RuleSet::parse(rules), 0);
  std::vector<std::string> out;
  for (int i = 0; i < len; ++i) {
    const Move m = test::random_move_passes_often(g, rng, 1);
    g.play(m);
    if (g.is_over()) break;
    out.push_back(g.move_name(m));
  }
  return out;
}

// Mutants of the value (each must fail the node check).
enum class Mutant { None, NoParity, OnePointOff };

struct MutantPlayout : IkedaPlayoutGame {
  Mutant mutant = Mutant::None;
  using IkedaPlayoutGame::IkedaPlayoutGame;
  std::optional<Value> value_of_node() {
    std::optional<Value> v = playout_value(nullptr);
    if (!v) return v;
    if (mutant == Mutant::NoParity && (playout_moves() & 1))
      v = Value::score_half_points(v->order + (to_move() == Color::Black ? 2 : -2));  // owed_B left out
    if (mutant == Mutant::OnePointOff) v = Value::score_half_points(v->order + 2);
    return v;
  }
};

// Counts, at every playout node of random lines, the nodes where the
// reduction's value differs from the reference solver's; `checked` and
// `odd` count the nodes compared and those after an odd number of playout
// moves.
int node_differences(Mutant mutant, int& checked, int& odd) {
  std::mt19937 rng(3301);
  int differ = 0;
  checked = odd = 0;
  for (const char* rules : kSuperkoOptions)
    for (const char* board : {"1x3", "1x4", "1x5", "2x2"})
      for (int trial = 0; trial < 10; ++trial) {
        const auto line = pass_rich_line(board, rules, rng, 40);
        const Board b = Board::parse(board);
        MutantPlayout g(b, RuleSet::parse(rules), 0);
        g.mutant = mutant;
        std::vector<std::string> prefix;
        for (std::size_t i = 0; i <= line.size(); ++i) {
          if (i > 0) {
            Move m;
            g.parse_move(line[i - 1], m);
            g.play(m);
            prefix.push_back(line[i - 1]);
          }
          if (g.phase() != IkedaGame::Playout || g.is_over()) continue;
          const std::optional<Value> v = g.value_of_node();
          REQUIRE(v.has_value());  // (no proof of these boards overflows its facts)
          ++checked;
          if (g.playout_moves() & 1) ++odd;
          if (!(*v == reference_value(board, rules, prefix))) ++differ;
        }
      }
  return differ;
}

template <class G>
Value generic_value(const std::string& board, const std::string& rules, const std::vector<std::string>& moves,
                    std::uint64_t* nodes = nullptr) {
  const Board b = Board::parse(board);
  G g(b, RuleSet::parse(rules), 0);
  replay_moves(g, moves);
  search::GenericSearch<G> s(g, {});
  const Value v = s.value();
  if (nodes) *nodes = s.stats().nodes;
  return v;
}

// The exact-repeat game of [ikeda][second-check] (tests/ikeda_exact_repeat.hpp):
// no proof reused under another history.
using ExactRepeat = test::ExactRepeatIkeda;

// The mutant of the facts: the playout's value handed to the generic
// search without the board facts its proof rests on.
struct FactlessPlayout : IkedaPlayoutGame {
  using IkedaPlayoutGame::IkedaPlayoutGame;
  std::pair<Value, Value> strategy_bounds(std::int32_t f, std::int32_t c, std::int32_t b,
                                          std::vector<std::uint64_t>& /*facts: dropped*/) {
    std::vector<std::uint64_t> dropped;
    return IkedaPlayoutGame::strategy_bounds(f, c, b, dropped);
  }
};

// The null-window tests (PlayoutTest::NullWindow, session 34): the same
// game, each playout node's bound asked at the generic search's beta.
struct NullWindowPlayout : IkedaPlayoutGame {
  NullWindowPlayout(const Board& b, const RuleSet& r, double komi)
      : IkedaPlayoutGame(b, r, komi, 0, 0, search::PlayoutTest::NullWindow) {}
};

// Its mutant of the facts: each bound handed over without its proof's facts.
struct FactlessNullWindow : NullWindowPlayout {
  using NullWindowPlayout::NullWindowPlayout;
  std::pair<Value, Value> strategy_bounds(std::int32_t f, std::int32_t c, std::int32_t b,
                                          std::vector<std::uint64_t>& /*facts: dropped*/) {
    std::vector<std::uint64_t> dropped;
    return NullWindowPlayout::strategy_bounds(f, c, b, dropped);
  }
};

// Its mutant of the bound: a proven lower bound reported one point higher
// (an upper one one point lower), as an off-by-one in the test's t would.
struct OffByOneNullWindow : NullWindowPlayout {
  using NullWindowPlayout::NullWindowPlayout;
  std::pair<Value, Value> strategy_bounds(std::int32_t f, std::int32_t c, std::int32_t b,
                                          std::vector<std::uint64_t>& facts) {
    auto [lo, hi] = NullWindowPlayout::strategy_bounds(f, c, b, facts);
    if (lo.kind == ValueKind::Score) lo = Value::score_half_points(lo.order + 2);
    if (hi.kind == ValueKind::Score) hi = Value::score_half_points(hi.order - 2);
    return {lo, hi};
  }
};

// One table across random histories (of the given lengths) of one board:
// the values of G's search against the reference solver's; returns the
// number that differ (a logic error, e.g. crossed bounds, counts as one).
template <class G>
int one_table_differences(const char* board, const char* rules, std::uint32_t seed, int trials, int& hits) {
  std::mt19937 rng(seed);
  const Board b = Board::parse(board);
  G g(b, RuleSet::parse(rules), 0);
  search::GenericSearch<G> solver(g, {});
  int differ = 0;
  for (int trial = 0; trial < trials; ++trial) {
    const auto moves = pass_rich_line(board, rules, rng, 1 + trial % 11);
    replay_moves(g, moves);
    Value v;
    bool failed = false;
    try {
      v = solver.value();
    } catch (const std::logic_error&) {
      failed = true;
    }
    for (std::size_t i = 0; i < moves.size(); ++i) g.undo();
    if (failed || !(v == reference_value(board, rules, moves))) ++differ;
  }
  hits = static_cast<int>(solver.stats().hits);
  return differ;
}

}  // namespace

TEST_CASE("ikeda-1 playout by tromp-taylor: the value at every playout node equals the reference solver's",
          "[ikeda][playout]") {
  int checked = 0, odd = 0;
  CHECK(node_differences(Mutant::None, checked, odd) == 0);
  INFO(checked << " playout nodes, " << odd << " after an odd number of playout moves");
  CHECK(checked > 200);
  CHECK(odd > 50);
}

TEST_CASE("ikeda-1 playout by tromp-taylor: mutants of the value fail the node check", "[ikeda][playout]") {
  int checked = 0, odd = 0;
  CHECK(node_differences(Mutant::NoParity, checked, odd) > 0);
  CHECK(node_differences(Mutant::OnePointOff, checked, odd) > 0);
}

TEST_CASE("ikeda-1 playout by tromp-taylor: the search equals the reference, the generic search and the second check",
          "[ikeda][playout]") {
  std::mt19937 rng(3302);
  for (const char* rules : kSuperkoOptions)
    for (const char* board : {"1x3", "1x4", "1x5", "2x2", "2x3"}) {
      std::vector<std::vector<std::string>> histories{{}};
      for (int trial = 0; trial < 4; ++trial) histories.push_back(pass_rich_line(board, rules, rng, 2 + 3 * trial));
      for (const auto& moves : histories) {
        INFO(rules << " " << board << " after " << moves.size() << " moves");
        const Value fast = generic_value<IkedaPlayoutGame>(board, rules, moves);
        CHECK(fast == generic_value<IkedaGame>(board, rules, moves));
        CHECK(fast == generic_value<ExactRepeat>(board, rules, moves));
        if (std::string(board) != "2x3") CHECK(fast == reference_value(board, rules, moves));
      }
    }
  // gotb solve's path (generic_solve) takes the reduction (its null-window
  // tests since session 34) under both superko options.
  for (const char* rules : kSuperkoOptions) {
    SolveRequest req{Board::parse("1x5"), RuleSet::parse(rules), 0, {}, {}};
    req.with_move_values = true;
    req.with_pv = true;
    const SolveReport rep = generic_solve(req, search::GenericOptions{});
    CHECK(rep.value == reference_value("1x5", rules, {}));
    bool counted = false;
    for (const auto& [name, v] : rep.counters)
      if (name == "playout_tromp_taylor_solves") counted = v > 0;
    CHECK(counted);
    const SolveReport ref = reference_solve(req);
    REQUIRE(rep.moves.size() == ref.moves.size());
    std::map<std::string, Value> expected;
    for (const MoveReport& m : ref.moves) expected[m.move] = m.value;
    for (const MoveReport& m : rep.moves) {
      INFO(rules << " 1x5 move " << m.move);
      REQUIRE(expected.count(m.move) == 1);
      CHECK(m.value == expected[m.move]);
    }
  }
}

TEST_CASE("ikeda-1 playout by tromp-taylor: one table across histories stays exact, and without the facts it does not",
          "[ikeda][playout]") {
  int mutant_differ = 0;
  for (const char* rules : kSuperkoOptions)
    for (const char* board : {"1x4", "1x5", "2x2"}) {
      INFO(rules << " " << board);
      int hits = 0;
      CHECK(one_table_differences<IkedaPlayoutGame>(board, rules, 3303, 30, hits) == 0);
      CHECK(hits > 0);
      mutant_differ += one_table_differences<FactlessPlayout>(board, rules, 3303, 30, hits);
    }
  // The facts matter (ko=positional: the alternation's boards bind the playout).
  CHECK(mutant_differ > 0);
}

// Session 34: the null-window tests. At every playout node of random lines
// (both superko options, both parities) and at every beta around the
// reference value, the bound that comes back must hold under the node's
// history and must decide the test: a lower bound >= beta or an upper one
// < beta. Returns the nodes x betas where it does not; `checked` counts the
// tests and `second` the second tests run (first tests that failed).
template <class G>
int bound_differences(int& checked, std::uint64_t& second) {
  std::mt19937 rng(3401);
  int differ = 0;
  checked = 0;
  second = 0;
  for (const char* rules : kSuperkoOptions)
    for (const char* board : {"1x3", "1x4", "1x5", "2x2"})
      for (int trial = 0; trial < 6; ++trial) {
        const auto line = pass_rich_line(board, rules, rng, 40);
        const Board b = Board::parse(board);
        G g(b, RuleSet::parse(rules), 0);
        std::vector<std::string> prefix;
        for (std::size_t i = 0; i <= line.size(); ++i) {
          if (i > 0) {
            Move m;
            g.parse_move(line[i - 1], m);
            g.play(m);
            prefix.push_back(line[i - 1]);
          }
          if (g.phase() != IkedaGame::Playout || g.is_over()) continue;
          const Value ref = reference_value(board, rules, prefix);
          for (std::int32_t beta = ref.order - 3; beta <= ref.order + 4; ++beta) {
            std::vector<std::uint64_t> facts;
            const auto [lo, hi] = g.strategy_bounds(-1000, 1000, beta, facts);
            ++checked;
            const bool decides = lo.order >= beta || hi.order < beta;
            if (!decides || ref < lo || hi < ref) ++differ;
          }
        }
        second += g.playout_stats().second_tests;
      }
  return differ;
}

TEST_CASE("ikeda-1 playout null-window tests: each bound holds and decides its test, and an off-by-one fails",
          "[ikeda][playout]") {
  int checked = 0;
  std::uint64_t second = 0;
  CHECK(bound_differences<NullWindowPlayout>(checked, second) == 0);
  INFO(checked << " tests, " << second << " second tests");
  CHECK(checked > 1000);
  CHECK(second > 0);  // both paths (first test holds, first test fails) ran
  CHECK(bound_differences<OffByOneNullWindow>(checked, second) > 0);
}

TEST_CASE("ikeda-1 playout null-window tests: the search equals the reference, the exact reduction and the second check",
          "[ikeda][playout]") {
  std::mt19937 rng(3402);
  for (const char* rules : kSuperkoOptions)
    for (const char* board : {"1x3", "1x4", "1x5", "2x2", "2x3"}) {
      std::vector<std::vector<std::string>> histories{{}};
      for (int trial = 0; trial < 4; ++trial) histories.push_back(pass_rich_line(board, rules, rng, 2 + 3 * trial));
      for (const auto& moves : histories) {
        INFO(rules << " " << board << " after " << moves.size() << " moves");
        const Value fast = generic_value<NullWindowPlayout>(board, rules, moves);
        CHECK(fast == generic_value<IkedaPlayoutGame>(board, rules, moves));
        CHECK(fast == generic_value<ExactRepeat>(board, rules, moves));
        if (std::string(board) != "2x3") CHECK(fast == reference_value(board, rules, moves));
      }
    }
}

TEST_CASE("ikeda-1 playout null-window tests: one table across histories stays exact, and without the facts or one off it does not",
          "[ikeda][playout]") {
  int factless = 0, off = 0;
  for (const char* rules : kSuperkoOptions)
    for (const char* board : {"1x4", "1x5", "2x2"}) {
      INFO(rules << " " << board);
      int hits = 0;
      CHECK(one_table_differences<NullWindowPlayout>(board, rules, 3403, 30, hits) == 0);
      CHECK(hits > 0);
      factless += one_table_differences<FactlessNullWindow>(board, rules, 3403, 30, hits);
      off += one_table_differences<OffByOneNullWindow>(board, rules, 3403, 30, hits);
    }
  CHECK(factless > 0);
  CHECK(off > 0);
}
