// Exact tables of tromp-taylor:ko=basic against the reference solver, state
// by state (docs/generator.md, "Exact tables"; docs/solving.md, "Exact
// values of first-cycle games").
#include <catch2/catch.hpp>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <random>

#include "core/rules/tromp_taylor.hpp"
#include "format/tablebase.hpp"
#include "core/budget.hpp"
#include "generator/reference/reference_solver.hpp"
#include "generator/retrograde/exact_table.hpp"
#include <algorithm>

using namespace gotb;
using namespace gotb::retro;

namespace {

struct Checked {
  std::uint64_t states = 0, disagreements = 0, over_budget = 0;
};

// The reference solver's verdict on `expected` at a real state: a null
// window around it returns exactly it iff it is the value.
bool reference_agrees(const Board& b, const RuleSet& r, double komi, const Position& pos, Color mover, int passes,
                      int ko, Value expected, std::uint64_t node_limit = 0) {
  TrompTaylorGame g(b, r, komi, pos, mover, passes, ko);
  ReferenceOptions opt;
  opt.node_limit = node_limit;
  opt.max_dependency_words = b.size() <= 6 ? 1 << 16 : 1024;  // larger: dependency sets cost more than they save
  opt.memo_megabytes = 16;
  ReferenceSolver solver(g, opt);
  return solver.window(expected.order - 1, expected.order + 1) == expected;
}

// Every stored state, with both colours to move (the stored position is the
// mover's view; the real one is it or its colour swap), or `sample` of them.
// max_empty: sample only states with at most that many empty points (the
// reference solver finishes those on 6..9-point boards).
Checked check_table(const std::string& board, const std::string& rules, double komi, std::size_t sample = 0,
                    std::uint64_t node_limit = 0, int max_empty = 64) {
  const Board b = Board::parse(board);
  const RuleSet r = RuleSet::parse(rules);
  const ExactGenerated gen = generate_exact(b, r, 2, false);
  const ExactTable t(b, r, komi, gen);
  std::vector<std::uint64_t> which;
  for (std::uint64_t s = 0; s < t.states(); ++s)
    if (b.size() - popcount(t.index().stored(s).pos.occupied()) <= max_empty) which.push_back(s);
  if (sample && sample < which.size()) {
    std::mt19937_64 rng(12345);
    std::shuffle(which.begin(), which.end(), rng);
    which.resize(sample);
  }
  Checked c;
  for (std::uint64_t s : which) {
    const KoStateIndex::Stored st = t.index().stored(s);
    for (Color mover : {Color::Black, Color::White}) {
      const Position real = mover == Color::Black ? st.pos : Position{st.pos.white, st.pos.black};
      const StateRef ref = t.state_of(real, mover, st.passes, st.ko);
      REQUIRE(ref.valid());
      if (st.ko < 0) REQUIRE(ref.index == s);
      const Value v = t.value(ref);
      ++c.states;
      const auto t0 = std::chrono::steady_clock::now();
      bool agrees = true;
      try {
        agrees = reference_agrees(b, r, komi, real, mover, st.passes, st.ko, v, node_limit);
      } catch (const NodeLimitReached&) {
        ++c.over_budget;
        --c.states;
      }
      if (std::getenv("GOTB_EXACT_VERBOSE"))
        std::fprintf(stderr, "state %llu mover %d ko %d passes %d %s: %.3f s\n", static_cast<unsigned long long>(s),
                     static_cast<int>(mover), st.ko, st.passes, v.to_string().c_str(),
                     std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
      if (!agrees) {
        ++c.disagreements;
        UNSCOPED_INFO(board << " " << rules << " state " << s << " mover " << color_name(mover) << " passes "
                            << st.passes << " ko " << st.ko << ": table " << v.to_string());
      }
    }
  }
  return c;
}

}  // namespace

// The reference solver needs seconds per state once a board has 6 points
// and cycles matter (2x3: ~1-3 s per state on this machine), so the default
// suite checks every state where that is fast and samples the rest; the
// hidden test "[.exact-full]" checks every state of every board named in
// issue 19 (run: build/tests/gotb_tests "[.exact-full]", ~an hour).
TEST_CASE("exact tables: every state of the small boards equals the reference solver",
          "[retrograde][exact][reference]") {
  for (const char* rules : {"tromp-taylor:ko=basic,suicide=no", "tromp-taylor:ko=basic"})
    for (const char* board : {"1x1", "1x2", "1x3", "1x4", "2x2", "ring:4"}) {
      INFO(board << " " << rules);
      const Checked c = check_table(board, rules, 0);
      CHECK(c.states > 0);
      CHECK(c.disagreements == 0);
    }
  const Checked c = check_table("1x5", "tromp-taylor:ko=basic,suicide=no", 0);
  CHECK(c.states == 2 * 137);
  CHECK(c.disagreements == 0);
}

TEST_CASE("exact tables: sampled states of larger boards equal the reference solver",
          "[retrograde][exact][reference]") {
  struct Case {
    const char* board;
    const char* rules;
    std::size_t sample;
    int max_empty;
  };
  for (const Case& k : {Case{"2x3", "tromp-taylor:ko=basic,suicide=no", 6, 64},
                        Case{"ring:5", "tromp-taylor:ko=basic,suicide=no", 6, 64}}) {
    INFO(k.board << " " << k.rules);
    const Checked c = check_table(k.board, k.rules, 0, k.sample, 100'000, k.max_empty);
    CHECK(c.states > 0);  // some sampled states fit the node budget
    CHECK(c.disagreements == 0);
  }
}

TEST_CASE("exact tables: sampled states of 3x3, 2x4 and the suicide boards (slow)", "[.exact-full]") {
  struct Case {
    const char* board;
    const char* rules;
  };
  for (const Case& k : {Case{"1x5", "tromp-taylor:ko=basic"}, Case{"2x3", "tromp-taylor:ko=basic"}, Case{"ring:5", "tromp-taylor:ko=basic"},
                        Case{"3x3", "tromp-taylor:ko=basic,suicide=no"}, Case{"2x4", "tromp-taylor:ko=basic,suicide=no"}}) {
    INFO(k.board << " " << k.rules);
    const Checked c = check_table(k.board, k.rules, 0, 20, 5'000'000, 3);
    std::fprintf(stderr, "%s %s: %llu states checked, %llu over the node budget\n", k.board, k.rules,
                 static_cast<unsigned long long>(c.states), static_cast<unsigned long long>(c.over_budget));
    CHECK(c.disagreements == 0);
  }
}

TEST_CASE("exact tables: every state of every board of issue 19 (slow)", "[.exact-full]") {
  for (const char* rules : {"tromp-taylor:ko=basic,suicide=no", "tromp-taylor:ko=basic"})
    for (const char* board : {"1x1", "1x2", "1x3", "1x4", "1x5", "2x2", "2x3", "ring:4", "ring:5"}) {
      INFO(board << " " << rules);
      const Checked c = check_table(board, rules, 0);
      CHECK(c.states > 0);
      CHECK(c.disagreements == 0);
    }
}

TEST_CASE("exact tables: komi moves scores, not the tie", "[retrograde][exact][reference]") {
  for (double komi : {0.5, -1.5, 7.5}) {
    INFO("komi " << komi);
    const Checked c = check_table("2x2", "tromp-taylor:ko=basic,suicide=no", komi);
    CHECK(c.disagreements == 0);
  }
}

TEST_CASE("exact tables: published empty-board values", "[retrograde][exact]") {
  // van der Werf & Winands 2009: 2x2 = 0 with long cycles scored as a tie.
  for (const char* rules : {"tromp-taylor:ko=basic,suicide=no", "tromp-taylor:ko=basic"}) {
    const Board b = Board::parse("2x2");
    const ExactTable t(b, RuleSet::parse(rules), 0, generate_exact(b, RuleSet::parse(rules), 2, false));
    CHECK(t.value(t.state_of(Position{}, Color::Black, 0, -1)).order == 0);
  }
  // 3x3 = B+9 without suicide: the board's well-known value, also its
  // superko value in results/table.md.
  const Board b = Board::parse("3x3");
  const RuleSet r = RuleSet::parse("tromp-taylor:ko=basic,suicide=no");
  const ExactTable t(b, r, 0, generate_exact(b, r, 2, false));
  CHECK(t.value(t.state_of(Position{}, Color::Black, 0, -1)).to_string() == "B+9");
}

TEST_CASE("exact tables: values satisfy minimax and depths guarantee progress", "[retrograde][exact]") {
  // At every state: the value is the best child value for the mover (the
  // game-ending pass counts with its score), and the side that must make
  // progress (exact_table.hpp) has it: Black to move with ProgressSide::Black
  // has a value-keeping move to a smaller depth (or ends the game at the
  // value); White to move then has only value-keeping moves to smaller
  // depths. Likewise with the colours swapped.
  for (const char* board : {"2x3", "3x3", "ring:5", "1x6"})
    for (const char* rules : {"tromp-taylor:ko=basic,suicide=no", "tromp-taylor:ko=basic"})
      for (double komi : {0.0, 2.5}) {
        INFO(board << " " << rules << " komi " << komi);
        const Board b = Board::parse(board);
        const RuleSet r = RuleSet::parse(rules);
        const ExactTable t(b, r, komi, generate_exact(b, r, 2, false));
        std::uint64_t bad_value = 0, bad_progress = 0, progress_states = 0;
        for (std::uint64_t s = 0; s < t.states(); ++s) {
          const KoStateIndex::Stored st = t.index().stored(s);
          for (Color mover : {Color::Black, Color::White}) {
            const Position real = mover == Color::Black ? st.pos : Position{st.pos.white, st.pos.black};
            TrompTaylorGame g(b, r, komi, real, mover, st.passes, st.ko);
            const StateRef ref = t.state_of(real, mover, st.passes, st.ko);
            const Value v = t.value(ref);
            const ProgressSide side = t.progress_side(ref);
            const int d = t.depth(ref);
            const bool maximise = mover == Color::Black;
            const bool mine = (side == ProgressSide::Black) == maximise;
            std::vector<Move> moves;
            g.legal_moves(moves);
            Value best = maximise ? Value::minus_infinity() : Value::plus_infinity();
            bool some_progress = false, all_progress = true;
            for (Move m : moves) {
              g.play(m);
              Value cv;
              int cd = 0;
              if (g.is_over()) {
                REQUIRE(!g.long_cycle());  // the only repeatable situation is the start
                cv = g.outcome();
              } else {
                const StateRef c = t.state_of(g.position(), g.to_move(), g.consecutive_passes(), g.ko_ban());
                REQUIRE(c.valid());
                cv = t.value(c);
                cd = t.depth(c);
              }
              g.undo();
              best = maximise ? std::max(best, cv) : std::min(best, cv);
              if (cv == v) {
                some_progress |= cd < d;
                all_progress &= cd < d;
              }
            }
            bad_value += !(best == v);
            if (side != ProgressSide::None) {
              ++progress_states;
              bad_progress += mine ? !some_progress : !all_progress;
            }
          }
        }
        CHECK(bad_value == 0);
        CHECK(bad_progress == 0);
        CHECK(progress_states > 0);
      }
}
