// Exact tables of tromp-taylor:ko=basic against the reference solver, state
// by state (docs/generator.md, "Exact tables"; docs/solving.md, "Exact
// values of first-cycle games").
#include <catch2/catch.hpp>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <map>
#include <random>
#include <stdexcept>
#include <tuple>

#include "core/rules/tromp_taylor.hpp"
#include "format/tablebase.hpp"
#include "core/budget.hpp"
#include "generator/reference/reference_solver.hpp"
#include "generator/retrograde/exact_table.hpp"
#include "generator/retrograde/ko_index.hpp"
#include <algorithm>

using namespace gotb;
using namespace gotb::retro;

namespace {

struct Checked {
  std::uint64_t states = 0, disagreements = 0, over_budget = 0;
};

// The reference solver's verdict on `expected` at a real state: a null
// window around it returns exactly it iff it is the value. One solver (one
// cache) serves every state of a table: the game object is re-rooted at each
// state and the cache kept, which is sound because a cache entry's claim is
// about a node (state, history) of the game, not about the root it was
// proved under (docs/solving.md, "One cache for many roots").
class SharedReference {
 public:
  SharedReference(const Board& b, const RuleSet& r, double komi)
      : b_(b), r_(r), komi_(komi), game_(b, r, komi), solver_(game_, options(b)) {}

  bool agrees(const Position& pos, Color mover, int passes, int ko, Value expected, std::uint64_t node_limit) {
    game_ = TrompTaylorGame(b_, r_, komi_, pos, mover, passes, ko);
    solver_.reset_budget(node_limit);
    return solver_.window(expected.order - 1, expected.order + 1) == expected;
  }

 private:
  static ReferenceOptions options(const Board& b) {
    ReferenceOptions opt;
    opt.max_dependency_words = b.size() <= 6 ? 1 << 16 : 1024;  // larger: dependency sets cost more than they save
    opt.memo_megabytes = 64;
    return opt;
  }
  const Board& b_;
  const RuleSet& r_;
  double komi_;
  TrompTaylorGame game_;
  ReferenceSolver<TrompTaylorGame> solver_;
};

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
  // Fullest boards first: their proofs are small and fill the shared cache
  // with the endgames that the emptier boards' searches reach.
  std::stable_sort(which.begin(), which.end(), [&](std::uint64_t x, std::uint64_t y) {
      return popcount(t.index().stored(x).pos.occupied()) > popcount(t.index().stored(y).pos.occupied());
    });
  Checked c;
  SharedReference reference(b, r, komi);
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
        agrees = reference.agrees(real, mover, st.passes, st.ko, v, node_limit);
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


// A second, independent check of a table against the literal game: the
// table's own strategies as a certificate (docs/solving.md, "Checking a
// table by its strategies"). Black's strategy sigma picks at each state the
// move with the best table value for Black, then the smallest depth; White's
// tau likewise for White. Every play of the literal game (moves and ends
// from TrompTaylorGame, a repeated situation ends it as the tie) that
// follows sigma is a path of the graph G_sigma (Black's edges cut to
// sigma's) from the root, ending at a terminal move or at its first
// repeated situation; conversely White can realise any terminal move
// reachable in G_sigma (along a simple path) and any reachable cycle. So
// Black guarantees exactly L = min(terminal outcomes reachable in G_sigma,
// the tie if G_sigma has a reachable cycle), a lower bound on the value of
// the literal game; U from tau is an upper bound. L == U == table value
// proves the table value by the game's rules, whatever the generator did.
// Cost: one walk of the reachable graph per root and side, so the suicide
// boards whose reference search does not finish take seconds.
class StrategyCheck {
 public:
  StrategyCheck(const Board& b, const RuleSet& r, double komi, const ExactTable& t)
      : b_(b), r_(r), komi_(komi), t_(t) {}

  struct Bounds {
    Value lower, upper;
  };
  // Bounds proved at the game started at (pos, mover, passes, ko); with
  // `worst`, Black's sigma picks the table's worst move instead (the check
  // must then fail somewhere: see the test).
  Bounds bounds(const Position& pos, Color mover, int passes, int ko, bool worst = false) {
    const int root = node(pos, mover, passes, ko);
    return {walk(root, Color::Black, worst), walk(root, Color::White, false)};
  }
  std::size_t nodes() const { return nodes_.size(); }

 private:
  struct Edge {
    int child;  // -1: terminal move
    Value value;  // terminal: the outcome; else the child's table value
    int depth;    // the child's table depth (terminal: -1)
  };
  struct Node {
    Color mover;
    std::vector<Edge> edges;
  };

  int node(const Position& pos, Color mover, int passes, int ko) {
    const auto key = std::make_tuple(pos.black, pos.white, static_cast<int>(mover), passes, ko);
    if (auto it = ids_.find(key); it != ids_.end()) return it->second;
    const int id = static_cast<int>(nodes_.size());
    ids_.emplace(key, id);
    nodes_.push_back({mover, {}});
    TrompTaylorGame g(b_, r_, komi_, pos, mover, passes, ko);
    std::vector<Move> moves;
    g.legal_moves(moves);
    std::vector<Edge> edges;
    for (Move m : moves) {
      g.play(m);
      if (g.long_cycle()) {
        edges.push_back({id, Value::no_result(0), 0});  // back to the start: a cycle
      } else if (g.is_over()) {
        edges.push_back({-1, g.outcome(), -1});
      } else {
        const Position cp = g.position();
        const Color cm = g.to_move();
        const int cpass = g.consecutive_passes(), cko = g.ko_ban();
        const StateRef c = t_.state_of(cp, cm, cpass, cko);
        if (!c.valid()) throw std::logic_error("a child state the table does not index");
        edges.push_back({-2, t_.value(c), t_.depth(c)});
        edges.back().child = node(cp, cm, cpass, cko);  // may grow nodes_
      }
      g.undo();
    }
    nodes_[id].edges = std::move(edges);
    return id;
  }

  // The strategy's edge at a node of `side` (the player whose strategy is
  // fixed): best table value for that side, then smallest depth.
  std::size_t choice(const Node& n, bool worst) const {
    const bool black = n.mover == Color::Black;
    std::size_t best = 0;
    for (std::size_t i = 1; i < n.edges.size(); ++i) {
      const Edge& e = n.edges[i];
      const Edge& c = n.edges[best];
      const bool better = worst ? (black ? e.value < c.value : e.value > c.value)
                                : (black ? e.value > c.value : e.value < c.value);
      if (better || (e.value == c.value && e.depth < c.depth)) best = i;
    }
    return best;
  }

  // What `side` guarantees with its strategy against every play of the
  // other side: the worst reachable terminal for `side`, and the tie if a
  // cycle is reachable (iterative depth-first search with three colours).
  Value walk(int root, Color side, bool worst) {
    const bool black = side == Color::Black;
    Value result = black ? Value::plus_infinity() : Value::minus_infinity();
    auto take = [&](Value v) { result = black ? std::min(result, v) : std::max(result, v); };
    std::vector<std::uint8_t> colour(nodes_.size(), 0);  // 0 new, 1 on the stack, 2 done
    struct Frame {
      int id;
      std::size_t next;
    };
    std::vector<Frame> stack{{root, 0}};
    colour[root] = 1;
    while (!stack.empty()) {
      Frame& f = stack.back();
      const Node& n = nodes_[f.id];
      const bool fixed = n.mover == side;
      const std::size_t first = fixed ? choice(n, worst) : 0;
      const std::size_t last = fixed ? first + 1 : n.edges.size();
      if (f.next < first) f.next = first;
      if (f.next >= last) {
        colour[f.id] = 2;
        stack.pop_back();
        continue;
      }
      const Edge& e = n.edges[f.next++];
      if (e.child < 0) {
        take(e.value);
      } else if (colour[e.child] == 1) {
        take(Value::no_result(0));  // a reachable cycle: the first repetition ends it as the tie
      } else if (colour[e.child] == 0) {
        colour[e.child] = 1;
        stack.push_back({e.child, 0});
      }
    }
    return result;
  }

  const Board& b_;
  const RuleSet& r_;
  double komi_;
  const ExactTable& t_;
  std::map<std::tuple<Mask, Mask, int, int, int>, int> ids_;
  std::vector<Node> nodes_;
};

struct Certified {
  std::uint64_t states = 0, proved = 0, worst_fails = 0;
};

// Every stored state, both colours to move: the strategies prove the table
// value (lower == upper == value). `worst_fails` counts the states where
// Black's worst-move strategy proves less than the value: the check can fail.
// sample > 0: that many stored states, drawn at random (no worst-move runs).
Certified certify_table(const std::string& board, const std::string& rules, double komi, std::size_t sample = 0) {
  const Board b = Board::parse(board);
  const RuleSet r = RuleSet::parse(rules);
  const ExactGenerated gen = generate_exact(b, r, 2, false);
  const ExactTable t(b, r, komi, gen);
  StrategyCheck check(b, r, komi, t);
  Certified c;
  std::vector<std::uint64_t> which(t.states());
  for (std::uint64_t s = 0; s < t.states(); ++s) which[s] = s;
  if (sample && sample < which.size()) {
    std::mt19937_64 rng(2024);
    std::shuffle(which.begin(), which.end(), rng);
    which.resize(sample);
  }
  for (std::uint64_t s : which) {
    const KoStateIndex::Stored st = t.index().stored(s);
    for (Color mover : {Color::Black, Color::White}) {
      const Position real = mover == Color::Black ? st.pos : Position{st.pos.white, st.pos.black};
      const Value v = t.value(t.state_of(real, mover, st.passes, st.ko));
      const StrategyCheck::Bounds bd = check.bounds(real, mover, st.passes, st.ko);
      ++c.states;
      if (bd.lower == v && bd.upper == v)
        ++c.proved;
      else
        UNSCOPED_INFO(board << " " << rules << " state " << s << " mover " << color_name(mover) << ": table "
                            << v.to_string() << ", proved " << bd.lower.to_string() << " .. " << bd.upper.to_string());
      if (sample == 0 && check.bounds(real, mover, st.passes, st.ko, true).lower < v) ++c.worst_fails;
    }
  }
  return c;
}

}  // namespace

// With one shared reference cache per table (SharedReference) every state of
// every board of issue 19 without suicide takes under a second in all, so
// the default suite checks them all. With suicide allowed the reference
// solver finishes 1x1..1x4, 2x2 and ring:4 (every state, a few seconds) but
// not 1x5, 2x3 or ring:5: there a player never has to pass (a single-stone
// suicide is always a play), and proving the tie means following every line
// to its first repeated situation; each line's end depends on which
// situations it visited, so cache entries rarely match (from the empty
// board: 1x3 223 nodes, 1x4 26,850, 1x5 not decided in 10M; docs/solving.md).
// Those three boards are checked every state, in the default suite, by the
// strategy certificate instead (StrategyCheck, "[certificate]"), which
// proves each value by the literal rules in polynomial time; the reference
// runs stay in the hidden "[.exact-full]" tests.
TEST_CASE("exact tables: every state of the small boards equals the reference solver",
          "[retrograde][exact][reference]") {
  for (const char* rules : {"tromp-taylor:ko=basic,suicide=no", "tromp-taylor:ko=basic"})
    for (const char* board : {"1x1", "1x2", "1x3", "1x4", "2x2", "ring:4"}) {
      INFO(board << " " << rules);
      const Checked c = check_table(board, rules, 0);
      CHECK(c.states > 0);
      CHECK(c.disagreements == 0);
    }
  struct Case {
    const char* board;
    std::uint64_t states;  // stored states x both colours to move
  };
  for (const Case& k : {Case{"1x5", 2 * 137}, Case{"2x3", 586}, Case{"ring:5", 98}}) {
    INFO(k.board);
    const Checked c = check_table(k.board, "tromp-taylor:ko=basic,suicide=no", 0);
    CHECK(c.states == k.states);
    CHECK(c.disagreements == 0);
  }
}

TEST_CASE("exact tables: sampled states of 3x3 and 2x4 equal the reference solver",
          "[retrograde][exact][reference]") {
  struct Case {
    const char* board;
    const char* rules;
    std::size_t sample;
    std::uint64_t node_limit;
    int max_empty;
  };
  for (const Case& k : {Case{"3x3", "tromp-taylor:ko=basic,suicide=no", 20, 200'000, 3},
                        Case{"2x4", "tromp-taylor:ko=basic,suicide=no", 20, 200'000, 3}}) {
    INFO(k.board << " " << k.rules);
    const Checked c = check_table(k.board, k.rules, 0, k.sample, k.node_limit, k.max_empty);
    std::fprintf(stderr, "%s %s: %llu states checked, %llu over the node budget\n", k.board, k.rules,
                 static_cast<unsigned long long>(c.states), static_cast<unsigned long long>(c.over_budget));
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

TEST_CASE("exact tables: every state of the suicide boards of issue 19 (slow)", "[.exact-full]") {
  for (const char* board : {"1x5", "2x3", "ring:5"}) {
    INFO(board);
    const auto t0 = std::chrono::steady_clock::now();
    const Checked c = check_table(board, "tromp-taylor:ko=basic", 0);
    std::fprintf(stderr, "%s: %llu states, %.1f s\n", board, static_cast<unsigned long long>(c.states),
                 std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
    CHECK(c.states > 0);
    CHECK(c.disagreements == 0);
  }
}

TEST_CASE("exact tables: the tables' strategies prove every value (suicide boards included)",
          "[retrograde][exact][certificate]") {
  // Every board of issue 19, both suicide options: the strategy check of
  // StrategyCheck proves the table value at every state. On the boards the
  // reference solver also finishes this agrees with it (the test above);
  // on 1x5, 2x3 and ring:5 with suicide it is the check that finishes.
  for (const char* rules : {"tromp-taylor:ko=basic,suicide=no", "tromp-taylor:ko=basic"})
    for (const char* board : {"1x1", "1x2", "1x3", "1x4", "1x5", "2x2", "2x3", "ring:4", "ring:5"})
      for (double komi : {0.0, 1.5}) {
        INFO(board << " " << rules << " komi " << komi);
        const auto t0 = std::chrono::steady_clock::now();
        const Certified c = certify_table(board, rules, komi);
        if (std::getenv("GOTB_EXACT_VERBOSE"))
          std::fprintf(stderr, "%s %s komi %.1f: %llu states proved in %.2f s\n", board, rules, komi,
                       static_cast<unsigned long long>(c.proved),
                       std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
        CHECK(c.states > 0);
        CHECK(c.proved == c.states);
        if (std::string(board) != "1x1") CHECK(c.worst_fails > 0);  // a bad strategy proves less
      }
}

TEST_CASE("exact tables: the strategies prove sampled values of 3x3 and 2x4", "[retrograde][exact][certificate]") {
  // Whole games from sampled states, not only the near-full boards the
  // reference solver finishes. (3x3 without suicide: the sampled reference
  // test above and the minimax/progress test; kept out for time.)
  struct Case {
    const char* board;
    const char* rules;
  };
  for (const Case& k : {Case{"3x3", "tromp-taylor:ko=basic"}, Case{"2x4", "tromp-taylor:ko=basic,suicide=no"},
                        Case{"2x4", "tromp-taylor:ko=basic"}}) {
      const char* board = k.board;
      const char* rules = k.rules;
      INFO(board << " " << rules);
      const auto t0 = std::chrono::steady_clock::now();
      const Certified c = certify_table(board, rules, 0, 40);
      if (std::getenv("GOTB_EXACT_VERBOSE"))
        std::fprintf(stderr, "%s %s: %llu states proved in %.2f s\n", board, rules,
                     static_cast<unsigned long long>(c.proved),
                     std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
      CHECK(c.states == 80);
      CHECK(c.proved == c.states);
    }
}

TEST_CASE("exact tables: a board with 2^32 states or more is refused with a clear message", "[retrograde][exact]") {
  // 5x5 (about 1.1e11 states) cannot be built here: the check the index and
  // the --mpi generator call (before their rounds) is tested at its bound.
  const Board b = Board::parse("5x5");
  REQUIRE_NOTHROW(check_exact_state_count(b, (std::uint64_t{1} << 32) - 1));
  REQUIRE_THROWS_WITH(check_exact_state_count(b, std::uint64_t{1} << 32),
                      Catch::Contains("board 5x5: 4294967296 basic-ko states or more") &&
                          Catch::Contains("32 bits"));
  REQUIRE_THROWS_AS(check_exact_state_count(b, 110000000000ULL), std::invalid_argument);
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

TEST_CASE("exact tables: 4x4 = B+1 under basic ko without suicide (slow)", "[.exact-4x4]") {
  // van der Werf's thesis (2004/05) gives 4x4 = B+1 under basic ko. His
  // cycle rule (equal passes in the cycle: a draw, else the player who
  // passed more wins) differs from the long-cycle tie; the value agrees.
  // About 8 CPU seconds, so hidden: build/tests/gotb_tests "[.exact-4x4]".
  const Board b = Board::parse("4x4");
  const RuleSet r = RuleSet::parse("tromp-taylor:ko=basic,suicide=no");
  const ExactTable t(b, r, 0, generate_exact(b, r, 2, false));
  CHECK(t.value(t.state_of(Position{}, Color::Black, 0, -1)).to_string() == "B+1");
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

