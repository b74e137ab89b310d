// kee-2005 board symmetry in the generic search's table (session 28;
// docs/solving.md section 4, "Session 28: kee-2005 board symmetry"). The
// argument rests on the game being equivariant under a board automorphism
// s: the history s(H) (every move mapped by s) has the least key image of
// H, the legal moves of H mapped by s, and for every fact d listed at H the
// fact map_fact(d, s) with the same value and the same side. Checked here at
// every node of random lines (one game object, so one numbering), then the
// search with and without symmetry and against the reference solver.
#include <catch2/catch.hpp>

#include <algorithm>
#include <random>

#include "core/rules/games.hpp"
#include "core/rules/kee2005.hpp"
#include "core/symmetry.hpp"
#include "generator/search/generic_search.hpp"
#include "tests/kee2005_search.hpp"
#include "tests/random_history.hpp"
#include "tests/solve_value.hpp"

using namespace gotb;

namespace {

struct NodeView {
  std::vector<std::uint64_t> canonical;  // symmetric_key's key
  std::vector<Move> moves;
  std::vector<std::uint64_t> ids;
  std::vector<std::int64_t> values;
  std::vector<int> sides;
  bool over = false;
};

NodeView view(const Kee2005Game& g) {
  NodeView v;
  v.over = g.is_over();
  if (v.over) return v;
  g.search_key(v.canonical);
  g.symmetric_key(v.canonical);
  g.legal_moves_with_facts(v.moves, v.ids);
  g.current_facts(v.ids);
  for (std::uint64_t id : v.ids) v.values.push_back(g.fact(id)), v.sides.push_back(g.fact_side(id));
  return v;
}

// Random lines (passes often, so phases end and cycles occur); at every
// node of each line H and every symmetry s, compares H with s(H). Returns
// the number of (node, s) pairs compared where s moved the position.
std::size_t check_equivariance(const std::string& board, const std::string& rules, int lines, unsigned seed) {
  const Board b = Board::parse(board);
  Kee2005Game g(b, RuleSet::parse(rules), 0);
  // These compare the search's move list with every legal move (or its
  // images); at the game's first node that list holds one move per board
  // orbit by design (session 29, tested in [root-bound]).
  g.set_root_symmetry(false);
  g.set_contained_facts(true);
  g.set_symmetry(true);
  const Symmetries sym(b);
  std::mt19937 rng(seed);
  std::size_t moved = 0;
  for (int line = 0; line < lines; ++line) {
    std::vector<Move> h;
    std::vector<NodeView> views{view(g)};
    while (!g.is_over() && h.size() < 60) {
      h.push_back(test::random_move_passes_often(g, rng, 1));
      g.play(h.back());
      views.push_back(view(g));
    }
    for (std::size_t i = 0; i < h.size(); ++i) g.undo();
    for (int s = 1; s < sym.count(); ++s) {
      for (std::size_t i = 0; i <= h.size(); ++i) {
        const NodeView& a = views[i];
        const NodeView m = view(g);
        INFO(board << " " << rules << " line " << line << " symmetry " << s << " ply " << i);
        REQUIRE(m.over == a.over);
        if (!a.over) {
          CHECK(m.canonical == a.canonical);  // the same least image
          std::vector<Move> mapped;
          for (Move x : a.moves) mapped.push_back(g.map_move(x, s));
          auto sorted = [](std::vector<Move> v) {
            std::sort(v.begin(), v.end(), [](Move x, Move y) {
              return std::pair{static_cast<int>(x.kind), x.point} < std::pair{static_cast<int>(y.kind), y.point};
            });
            return v;
          };
          CHECK(sorted(mapped) == sorted(m.moves));  // the legal moves, mapped
          // Every listed fact maps to a listed fact with the same value and side.
          for (std::size_t j = 0; j < a.ids.size(); ++j) {
            const std::uint64_t image = g.map_fact(a.ids[j], s);
            REQUIRE(image != Kee2005Game::kUnmapped);
            CHECK(g.fact(image) == a.values[j]);
            CHECK(g.fact_side(image) == a.sides[j]);
            CHECK(std::find(m.ids.begin(), m.ids.end(), image) != m.ids.end());
          }
          if (!(g.position() == Position{})) ++moved;
        }
        if (i < h.size()) g.play(g.map_move(h[i], s));
      }
      for (std::size_t i = 0; i < h.size(); ++i) g.undo();
    }
  }
  return moved;
}

Value search_value(const std::string& board, const std::string& rules, bool symmetry,
                   const std::vector<std::string>& moves = {}, search::GenericStats* stats = nullptr) {
  return test::kee2005_search_value(
      board, rules,
      [&](Kee2005Game& g, search::GenericOptions&) {
        g.set_contained_facts(true);
        g.set_symmetry(symmetry);
      },
      moves, stats);
}

}  // namespace

TEST_CASE("kee-2005 symmetry: keys, moves and facts map with the history", "[kee-2005][generic][symmetry]") {
  for (const char* rules : {"kee-2005", "kee-2005:japanese", "kee-2005:no-suicide", "kee-2005:japanese,no-suicide"})
    for (const char* board : {"1x4", "2x2", "2x3"}) {
      INFO(board << " " << rules);
      CHECK(check_equivariance(board, rules, 6, 28) > 50);
    }
}

TEST_CASE("kee-2005 symmetry: the same values with and without it", "[kee-2005][generic][symmetry]") {
  std::uint64_t used = 0;
  for (const char* rules : {"kee-2005", "kee-2005:no-suicide"})
    for (const char* board : {"1x1", "1x2", "1x3", "1x4"}) {
      INFO(rules << " " << board);
      search::GenericStats st{};
      CHECK(search_value(board, rules, true, {}, &st).identical(search_value(board, rules, false)));
      used += st.symmetric_keys;
    }
  for (const char* rules : {"kee-2005:japanese", "kee-2005:japanese,no-suicide"})
    for (const char* board : {"1x1", "1x2", "1x3"}) {
      INFO(rules << " " << board);
      search::GenericStats st{};
      CHECK(search_value(board, rules, true, {}, &st).identical(search_value(board, rules, false)));
      used += st.symmetric_keys;
    }
  std::mt19937 rng(2828);
  for (int trial = 0; trial < 8; ++trial) {
    const char* rules = trial % 2 ? "kee-2005:no-suicide" : "kee-2005";
    const auto moves = test::random_line_on<Kee2005Game>("1x4", rules, rng, 3 + 3 * trial);
    INFO(rules << " 1x4 after " << moves.size() << " moves");
    search::GenericStats st{};
    CHECK(search_value("1x4", rules, true, moves, &st).identical(search_value("1x4", rules, false, moves)));
    used += st.symmetric_keys;
  }
  for (int trial = 0; trial < 6; ++trial) {
    const auto moves = test::random_line_on<Kee2005Game>("1x3", "kee-2005:japanese", rng, 4 + 5 * trial);
    INFO("japanese 1x3 after " << moves.size() << " moves");
    CHECK(search_value("1x3", "kee-2005:japanese", true, moves).identical(search_value("1x3", "kee-2005:japanese", false, moves)));
  }
  CHECK(used > 0);
}

TEST_CASE("kee-2005 symmetry: one table across histories equals the reference solver", "[kee-2005][generic][symmetry][ghi]") {
  // One search object (one table, one numbering) for every history, so
  // entries proved after one line are reused, through a symmetry, after
  // its mirror image and after other lines.
  for (const auto& [board, rules, trials] :
       {std::tuple{"1x3", "kee-2005", 14}, std::tuple{"1x3", "kee-2005:no-suicide", 14},
        std::tuple{"1x2", "kee-2005:japanese", 8}, std::tuple{"1x2", "kee-2005:japanese,no-suicide", 8}}) {
    const Board b = Board::parse(board);
    Kee2005Game g(b, RuleSet::parse(rules), 0);
    g.set_contained_facts(true);
    g.set_symmetry(true);
    search::GenericOptions o;
    o.deepening_step = 4;
    search::GenericSearch<Kee2005Game> solver(g, o);
    std::mt19937 rng(2801);
    for (int trial = 0; trial < trials; ++trial) {
      const auto moves = test::random_line_on<Kee2005Game>(board, rules, rng, 1 + trial * 2);
      replay_moves(g, moves);
      const Value v = solver.value();
      for (std::size_t i = 0; i < moves.size(); ++i) g.undo();
      INFO(board << " " << rules << " after " << moves.size() << " moves");
      CHECK(v.identical(test::solve_value(board, rules, true, moves)));
    }
    CHECK(solver.stats().hits > 0);
    CHECK(solver.stats().symmetric_keys > 0);
  }
}

TEST_CASE("kee-2005 symmetry: one table across histories equals fresh searches without it", "[kee-2005][generic][symmetry][ghi]") {
  // Boards the reference solver does not finish: one symmetric search
  // object for many random histories (entries proved after one line are
  // read back through a symmetry after others) against a fresh search
  // without symmetry per history. Each history is a random game cut a few
  // moves before its end, so that both searches finish quickly.
  struct Case {
    const char* board;
    const char* rules;
    int trials;
  };
  for (const Case& c : {Case{"2x2", "kee-2005", 24}, Case{"2x2", "kee-2005:no-suicide", 16}, Case{"1x5", "kee-2005", 16},
                        Case{"2x2", "kee-2005:japanese", 12}}) {
    const Board b = Board::parse(c.board);
    Kee2005Game g(b, RuleSet::parse(c.rules), 0);
    g.set_contained_facts(true);
    g.set_symmetry(true);
    search::GenericOptions o;
    o.deepening_step = 4;
    o.min_store_work = 16;  // store much, so that much is read back through frames
    o.node_limit = 400000;
    search::GenericSearch<Kee2005Game> solver(g, o);
    std::mt19937 rng(2802);
    int compared = 0;
    for (int trial = 0; trial < c.trials; ++trial) {
      auto moves = test::random_line_on<Kee2005Game>(c.board, c.rules, rng, 400);
      moves.resize(moves.size() - std::min<std::size_t>(moves.size(), 1 + trial % 6));
      replay_moves(g, moves);
      Value v{};
      bool done = true;
      try {
        v = solver.value();
      } catch (const NodeLimitReached&) {
        done = false;
      }
      for (std::size_t i = 0; i < moves.size(); ++i) g.undo();
      if (!done) break;  // the budget is shared: stop comparing (the table stays sound)
      Value fresh{};
      try {
        fresh = test::kee2005_search_value(
            c.board, c.rules,
            [](Kee2005Game& h, search::GenericOptions& p) {
              h.set_contained_facts(true);
              h.set_symmetry(false);
              p.node_limit = 400000;
            },
            moves);
      } catch (const NodeLimitReached&) {
        continue;  // too long for a test: no comparison
      }
      INFO(c.board << " " << c.rules << " after " << moves.size() << " moves");
      CHECK(v.identical(fresh));
      ++compared;
    }
    INFO(c.board << " " << c.rules);
    CHECK(compared >= 3);
    CHECK(solver.stats().symmetric_keys > 0);
  }
}
