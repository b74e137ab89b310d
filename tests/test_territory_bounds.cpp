// kee-2005 japanese scoring: the common phase's pass bounds narrowed by each
// side's pass-alive chains, one-point eyes and sure eyes (session 26;
// docs/solving.md section 4, "Session 26: territory bounds from pass-alive
// chains"; core/territory_bounds.hpp). The bound is what a side guarantees
// by making ban-deleting passes for the rest of the game, so it is checked
// (1) against the exact value of that strategy: a one-player game in which
// the passer may only pass and the other side chooses everything, solved
// exactly by the generic search, at every node (common and confirmation
// phases) of random lines on 1x3, 1x4 and 2x2, both suicide options; (2) against the exact value of the
// node (the search without pass bounds) on 1x3; (3) the search gives the
// same values with and without it.
#include <catch2/catch.hpp>

#include <random>

#include "core/budget.hpp"
#include "core/rules/kee2005.hpp"
#include "core/territory_bounds.hpp"
#include "generator/search/generic_search.hpp"
#include "tests/kee2005_search.hpp"
#include "tests/random_history.hpp"

using namespace gotb;

namespace {

// Kee2005Game in which `passer` may only make ban-deleting passes. Passes
// are always legal (reading 3), so the passer's nodes list no facts; the
// other side's nodes are the game's own. Bounds: only those that hold on
// every line (pass bounds off), which hold in this game too.
class PasserGame {
 public:
  PasserGame(Kee2005Game& g, Color passer) : g_(g), passer_(passer) {}
  bool is_over() const { return g_.is_over(); }
  Value outcome() const { return g_.outcome(); }
  Value min_outcome() const { return g_.min_outcome(); }
  Value max_outcome() const { return g_.max_outcome(); }
  Color to_move() const { return g_.to_move(); }
  void legal_moves(std::vector<Move>& out) const {
    if (g_.to_move() == passer_) out.push_back(Move::pass());
    else g_.legal_moves(out);
  }
  void legal_moves_with_facts(std::vector<Move>& out, std::vector<std::uint64_t>& facts) const {
    if (g_.to_move() == passer_) out.push_back(Move::pass());
    else g_.legal_moves_with_facts(out, facts);
  }
  void play(Move m) { g_.play(m); }
  void undo() { g_.undo(); }
  std::string move_name(Move m) const { return g_.move_name(m); }
  void search_key(std::vector<std::uint64_t>& key) const { g_.search_key(key); }
  void current_facts(std::vector<std::uint64_t>& facts) const { g_.current_facts(facts); }
  std::int64_t fact(std::uint64_t id) const { return g_.fact(id); }
  std::int32_t key_shift() const { return g_.key_shift(); }
  std::pair<Value, Value> node_outcome_bounds() const { return g_.node_outcome_bounds(); }

 private:
  Kee2005Game& g_;
  Color passer_;
};

// The exact value of `passer`'s strategy at g's node (g left as found).
Value strategy_value(Kee2005Game& g, Color passer) {
  const bool pb = g.pass_bounds();
  g.set_pass_bounds(false);
  PasserGame pg(g, passer);
  search::GenericOptions o;
  o.deepening_step = 4;
  search::GenericSearch<PasserGame> s(pg, o);
  const Value v = s.value();
  g.set_pass_bounds(pb);
  return v;
}

Value search_value(const Board& b, const std::string& rules, bool territory, const std::vector<Move>& moves,
                   std::uint64_t node_limit = 0) {
  Kee2005Game g(b, RuleSet::parse(rules), 0);
  g.set_territory_bounds(territory);
  for (Move m : moves) g.play(m);
  search::GenericOptions o;
  o.deepening_step = 4;
  o.node_limit = node_limit;
  search::GenericSearch<Kee2005Game> s(g, o);
  return s.value();
}

}  // namespace

TEST_CASE("territory shape: alive chains, eyes, sure eyes", "[kee-2005][bounds][territory-bounds]") {
  const auto black = [](const Board& b, const char* d) { return parse_diagram(b, d).black; };
  const Board b15 = Board::parse("1x5");
  // Both chains pass-alive, three eyes, all sure.
  Position p = parse_diagram(b15, ".X.X.");
  TerritoryShape t = territory_shape(b15, p, Color::Black, SuicideRule::Allowed);
  CHECK(t.alive == p.black);
  CHECK(t.eyes == black(b15, "X.X.X"));
  CHECK(t.sure_eyes == t.eyes);
  CHECK(territory_shape(b15, p, Color::White, SuicideRule::Allowed).alive == 0);
  // Not pass-alive: the two-point region is not healthy.
  t = territory_shape(b15, parse_diagram(b15, ".XX.."), Color::Black, SuicideRule::Allowed);
  CHECK(t.alive == 0);
  CHECK(t.eyes == 0);
  const Board b33 = Board::parse("3x3");
  // One chain with a one-point eye and a healthy three-point region:
  // pass-alive, one eye, not two-eyed.
  p = parse_diagram(b33, "X.X/XXX/...");
  t = territory_shape(b33, p, Color::Black, SuicideRule::Allowed);
  CHECK(t.alive == p.black);
  CHECK(t.eyes == black(b33, ".X./.../..."));
  CHECK(t.sure_eyes == 0);
  // Two eyes: both sure.
  p = parse_diagram(b33, "X.X/XXX/X.X");
  t = territory_shape(b33, p, Color::Black, SuicideRule::Allowed);
  CHECK(t.alive == p.black);
  CHECK(t.sure_eyes == black(b33, ".X./.../.X."));
  // Two chains sharing one eye, each with one eye of its own: both are
  // two-eyed (the shared eye's neighbours all lie in the set).
  p = parse_diagram(b15, ".X.X.");
  CHECK(territory_shape(b15, p, Color::Black, SuicideRule::Forbidden).sure_eyes == black(b15, "X.X.X"));
}

TEST_CASE("territory bounds: the passing strategy's exact value respects them", "[kee-2005][generic][bounds][.territory-bounds-strategy]") {
  std::mt19937 rng(2026);
  for (const char* rules : {"kee-2005:japanese", "kee-2005:japanese,no-suicide"}) {
    int checked = 0, confirmation = 0, narrowed = 0, tight = 0;
    for (const auto& [board, lines, len] : {std::tuple{"1x3", 12, 16}, std::tuple{"1x4", 6, 12},
                                           std::tuple{"2x2", 4, 10}}) {
      const Board b = Board::parse(board);
      Kee2005Game g(b, RuleSet::parse(rules), 0);
      // The end bound (session 30) is a bound on the value: a keep-pass that
      // ends the game is no move of the ban-deleting passer's strategy.
      g.set_end_bound(false);
      for (int line = 0; line < lines; ++line) {
        int played = 0;
        for (int i = 0; i <= len && !g.is_over(); ++i) {
          {
            const auto [lo, hi] = g.node_outcome_bounds();
            g.set_territory_bounds(false);
            const auto [lo0, hi0] = g.node_outcome_bounds();
            g.set_territory_bounds(true);
            REQUIRE(lo0 <= lo);
            REQUIRE(hi <= hi0);
            const Value vb = strategy_value(g, Color::Black), vw = strategy_value(g, Color::White);
            INFO(rules << " " << board << " line " << line << " ply " << i << ": [" << lo.to_string() << ", "
                       << hi.to_string() << "], Black's strategy " << vb.to_string() << ", White's "
                       << vw.to_string());
            REQUIRE(lo <= vb);
            REQUIRE(vw <= hi);
            ++checked;
            if (g.phase() != Kee2005Game::Phase::Common) ++confirmation;
            if (lo > lo0 || hi < hi0) ++narrowed;
            if ((lo > lo0 && lo == vb) || (hi < hi0 && hi == vw)) ++tight;
          }
          if (i == len) break;
          g.play(test::random_move_passes_often(g, rng, line % 2 ? 2 : 1));
          ++played;
        }
        for (int i = 0; i < played; ++i) g.undo();
      }
    }
    INFO(rules << ": checked " << checked << " narrowed " << narrowed << " tight " << tight);
    CHECK(checked > 100);
    CHECK(confirmation > 20);
    CHECK(narrowed > 10);
    // Some narrowed bounds are met exactly by the strategy, so a bound one
    // point too tight would have failed above.
    CHECK(tight > 0);
  }
}

TEST_CASE("territory bounds contain the exact value at every node", "[kee-2005][generic][bounds][territory-bounds]") {
  std::mt19937 rng(26);
  for (const char* rules : {"kee-2005:japanese", "kee-2005:japanese,no-suicide"}) {
    int nodes = 0, narrowed = 0;
    const Board b = Board::parse("1x3");
    for (int line = 0; line < 4; ++line) {
      Kee2005Game g(b, RuleSet::parse(rules), 0);
      for (int i = 0; i < 14 && !g.is_over(); ++i) {
        const auto [lo, hi] = g.node_outcome_bounds();
        g.set_territory_bounds(false);
        const auto [lo0, hi0] = g.node_outcome_bounds();
        g.set_pass_bounds(false);
        const Value v = test::kee2005_value_now(g);
        g.set_pass_bounds(true);
        g.set_territory_bounds(true);
        INFO(rules << " line " << line << " ply " << i << ": [" << lo.to_string() << ", " << hi.to_string()
                   << "] value " << v.to_string());
        REQUIRE(lo <= v);
        REQUIRE(v <= hi);
        ++nodes;
        if (lo > lo0 || hi < hi0) ++narrowed;
        g.play(test::random_move_passes_often(g, rng, 1));
      }
    }
    INFO(rules);
    CHECK(nodes > 20);
    CHECK(narrowed > 0);
  }
}

TEST_CASE("territory bounds never change a search value", "[kee-2005][generic][bounds][territory-bounds]") {
  for (const char* rules : {"kee-2005:japanese", "kee-2005:japanese,no-suicide"})
    for (const char* board : {"1x1", "1x2", "1x3"}) {
      INFO(rules << " " << board);
      const Board b = Board::parse(board);
      CHECK(search_value(b, rules, true, {}).identical(search_value(b, rules, false, {})));
    }
  // After random lines: 1x3 always finishes; on 1x4 many histories do not
  // within the budget, and those that finish both ways must agree.
  std::mt19937 rng(2627);
  int compared4 = 0;
  for (const auto& [board, trials, limit] : {std::tuple{"1x3", 8, std::uint64_t{0}},
                                             std::tuple{"1x4", 16, std::uint64_t{300000}}}) {
    const Board b = Board::parse(board);
    for (int trial = 0; trial < trials; ++trial) {
      Kee2005Game g(b, RuleSet::parse("kee-2005:japanese"), 0);
      std::vector<Move> moves;
      for (int i = 0; i < 4 + 2 * trial && !g.is_over(); ++i) {
        const Move m = test::random_move_passes_often(g, rng, 1);
        g.play(m);
        if (g.is_over()) break;
        moves.push_back(m);
      }
      INFO(board << " after " << moves.size() << " moves");
      Value with, without;
      try {
        with = search_value(b, "kee-2005:japanese", true, moves, limit);
        without = search_value(b, "kee-2005:japanese", false, moves, limit);
      } catch (const NodeLimitReached&) {
        continue;
      }
      CHECK(with.identical(without));
      if (limit) ++compared4;
    }
  }
  CHECK(compared4 > 0);
}
