// The proof-number test (generator/search/proof_number.hpp; docs/solving.md
// section 4, "Session 31: kee-2005, a proof-number search for the open
// test"): "value >= t" is proven exactly when the value is at least t, for
// t one point below, at and above the value, with and without the generic
// search's horizon tests at the leaves; against the reference solver where
// it finishes, else the generic search, from the empty board and after
// random lines (so at records that are not the start's).
#include <catch2/catch.hpp>

#include <algorithm>
#include <map>
#include <random>

#include "core/rules/games.hpp"
#include "core/rules/kee2005.hpp"
#include "generator/search/generic_solve.hpp"
#include "generator/search/proof_number.hpp"
#include "tests/kee2005_search.hpp"
#include "tests/random_history.hpp"
#include "tests/solve_value.hpp"

using namespace gotb;

namespace {

using Pns = search::ProofNumberTest<Kee2005Game>;

// Checks the test at t = v - 1, v, v + 1 points against v, the exact value
// after `moves`; returns the leaves the generic search decided.
// Both with transpositions (the default) and as the plain tree; counts the
// transpositions in `shared`.
std::uint64_t shared = 0;
std::uint64_t check_around(const std::string& board, const std::string& rules, const std::vector<std::string>& moves,
                           Value v, int leaf_horizon) {
  std::uint64_t by_leaf = 0;
  for (int d : {-2, 0, 2})
    for (bool transpositions : {true, false}) {
    const Board b = Board::parse(board);  // the game keeps a pointer to it
    Kee2005Game g(b, RuleSet::parse(rules), 0);
    replay_moves(g, moves);
    search::ProofNumberOptions o;
    o.max_nodes = 1 << 22;
    o.leaf_horizon = leaf_horizon;
    o.leaf_nodes = 2048;
    o.leaf.deepening_step = 4;
    o.transpositions = transpositions;
    Pns pns(g, o);
    const Value t = Value::score_half_points(v.order + d);
    INFO(rules << " " << board << " after " << moves.size() << " moves, value " << v.to_string() << ", test >= "
               << t.to_string() << ", leaf horizon " << leaf_horizon << ", transpositions " << transpositions);
    const Pns::Result r = pns.at_least(t);
    REQUIRE(r != Pns::Result::Open);
    CHECK((r == Pns::Result::Proven) == (v >= t));
    by_leaf += pns.stats().proven_by_leaf;
    if (transpositions) shared += pns.stats().transpositions;
    else CHECK(pns.stats().transpositions == 0);
    // The game is left where the test started.
    CHECK(g.ply() == moves.size());
  }
  return by_leaf;
}

// One proof-number test "value >= t" at t = v + d half points after
// `line`, the game and the options first set up by `setup(game, options)`
// (before the line is replayed; options default to a cap of 2^22 nodes):
// it must answer, prove exactly when v >= t, and leave the game where it
// started.
template <class Setup>
void check_test_at(const std::string& board, const std::string& rules, const std::vector<std::string>& line, Value v,
                   int d, Setup setup) {
  const Board b = Board::parse(board);  // the game keeps a pointer to it
  Kee2005Game g(b, RuleSet::parse(rules), 0);
  search::ProofNumberOptions o;
  o.max_nodes = 1 << 22;
  setup(g, o);
  replay_moves(g, line);
  Pns pns(g, o);
  const Value t = Value::score_half_points(v.order + d);
  INFO(rules << " " << board << " after " << line.size() << " moves, value " << v.to_string() << ", test >= "
             << t.to_string());
  const Pns::Result r = pns.at_least(t);
  REQUIRE(r != Pns::Result::Open);
  CHECK((r == Pns::Result::Proven) == (v >= t));
  CHECK(g.ply() == line.size());
}

}  // namespace

TEST_CASE("kee-2005 proof-number test equals the reference solver", "[kee-2005][generic][pns]") {
  std::uint64_t by_leaf = 0;
  for (int leaf : {0, 4}) {
    for (const char* rules : {"kee-2005", "kee-2005:no-suicide"})
      for (const char* board : {"1x1", "1x2", "1x3"})
        by_leaf += check_around(board, rules, {}, test::solve_value(board, rules, true), leaf);
    for (const char* rules : {"kee-2005:japanese", "kee-2005:japanese,no-suicide"})
      for (const char* board : {"1x1", "1x2"})
        by_leaf += check_around(board, rules, {}, test::solve_value(board, rules, true), leaf);
  }
  CHECK(by_leaf > 0);
  CHECK(shared > 0);
}

TEST_CASE("kee-2005 proof-number test equals the generic search", "[kee-2005][generic][pns]") {
  std::uint64_t by_leaf = 0;
  for (const char* rules : {"kee-2005", "kee-2005:no-suicide"})
    by_leaf += check_around("1x4", rules, {}, test::kee2005_search_value("1x4", rules, [](auto&, auto&) {}, {}), 4);
  by_leaf += check_around("1x3", "kee-2005:japanese", {},
                          test::kee2005_search_value("1x3", "kee-2005:japanese", [](auto&, auto&) {}, {}), 0);
  // After random lines: other records than the start's (the first node's
  // bound and one-move-per-orbit list no longer apply).
  std::mt19937 rng(3131);
  for (const char* rules : {"kee-2005", "kee-2005:no-suicide", "kee-2005:japanese"})
    for (int i = 0; i < 6; ++i) {
      const bool japanese = std::string(rules).find("japanese") != std::string::npos;
      const std::string board = japanese || i % 2 ? "1x3" : "1x4";
      const std::vector<std::string> line =
          test::random_line_on<Kee2005Game>(board, rules, rng, static_cast<int>(3 + rng() % 12));
      const Value v = test::kee2005_search_value(board, rules, [](auto&, auto&) {}, line);
      by_leaf += check_around(board, rules, line, v, i % 3 == 0 ? 0 : 4);
    }
  CHECK(by_leaf > 0);
}

TEST_CASE("kee-2005 proof-number test: a full tree drops decided subtrees", "[kee-2005][generic][pns]") {
  // Chinese 1x5 (value 0): the test ">= +1" expands about 5,600 nodes into a
  // tree of about 23,000; with a cap of 8,000 it must drop the subtrees of
  // decided nodes several times and still answer the same.
  const Value v = test::kee2005_search_value("1x5", "kee-2005", [](auto&, auto&) {}, {});
  const Board b = Board::parse("1x5");
  // (Sizes without session 33's move reductions, which shrink this test
  // below the caps.)
  for (int d : {0, 2}) {
    Kee2005Game g(b, RuleSet::parse("kee-2005"), 0);
    g.set_suicide_pruning(false);
    g.set_pass_dominance(false);
    search::ProofNumberOptions o;
    o.max_nodes = 8000;
    Pns pns(g, o);
    const Value t = Value::score_half_points(v.order + d);
    INFO("test >= " << t.to_string());
    const Pns::Result r = pns.at_least(t);
    REQUIRE(r != Pns::Result::Open);
    CHECK((r == Pns::Result::Proven) == (v >= t));
    if (d > 0) CHECK(pns.stats().compactions > 0);
  }
  // Too small a cap: open, never a wrong answer.
  Kee2005Game g(b, RuleSet::parse("kee-2005"), 0);
  g.set_suicide_pruning(false);
  g.set_pass_dominance(false);
  search::ProofNumberOptions o;
  o.max_nodes = 3000;
  Pns pns(g, o);
  CHECK(pns.at_least(Value::score_half_points(v.order + 2)) == Pns::Result::Open);
  CHECK(g.ply() == 0);
}

TEST_CASE("kee-2005 record keys: equal keys, equal futures", "[kee-2005][generic][pns]") {
  // Along random lines, every pair of nodes with equal record keys has the
  // same legal moves, end and outcome, and (the argument's induction) the
  // same record keys after each common move. And keys tell apart what the
  // search key alone would not: some pairs of nodes with equal search keys
  // differ in their record keys (the minimal histories of the bans).
  std::mt19937 rng(3232);
  std::uint64_t equal_pairs = 0, told_apart = 0;
  for (const char* rules : {"kee-2005", "kee-2005:japanese", "kee-2005:no-suicide"})
    for (const char* board : {"1x3", "2x2"}) {
      const Board b = Board::parse(board);
      struct Seen {
        std::vector<std::string> line;
        std::vector<std::uint64_t> search_key;
      };
      std::map<std::vector<std::uint64_t>, Seen> by_key;
      for (int i = 0; i < 60; ++i) {
        const std::vector<std::string> line =
            test::random_line_on<Kee2005Game>(board, rules, rng, static_cast<int>(rng() % 30));
        Kee2005Game g(b, RuleSet::parse(rules), 0);
        replay_moves(g, line);
        std::vector<std::uint64_t> rk, sk;
        REQUIRE(g.record_key(rk));
        g.search_key(sk);
        auto [it, fresh] = by_key.try_emplace(rk, Seen{line, sk});
        if (fresh) {
          for (const auto& [other_rk, other] : by_key)
            if (other_rk != rk && other.search_key == sk && !g.is_over()) ++told_apart;
          continue;
        }
        ++equal_pairs;
        Kee2005Game h(b, RuleSet::parse(rules), 0);
        replay_moves(h, it->second.line);
        INFO(rules << " " << board);
        REQUIRE(g.is_over() == h.is_over());
        if (g.is_over()) {
          CHECK(g.outcome() == h.outcome());
          continue;
        }
        std::vector<Move> mg, mh;
        g.legal_moves(mg);
        h.legal_moves(mh);
        REQUIRE(mg == mh);
        for (Move m : mg) {
          g.play(m);
          h.play(m);
          std::vector<std::uint64_t> kg, kh;
          REQUIRE(g.record_key(kg));
          REQUIRE(h.record_key(kh));
          CHECK(kg == kh);
          CHECK(g.is_over() == h.is_over());
          g.undo();
          h.undo();
        }
      }
    }
  CHECK(equal_pairs > 0);
  CHECK(told_apart > 0);
}

namespace {

// The proof-number driver of gotb solve (kee2005_solve with no depth-first
// share) against the generic search: the value and every first move's value
// (or the optimal first moves, as gotb table asks), after `moves`. Counts the
// positions with White to move in `white_nodes`.
int white_nodes = 0;
void check_solve(const std::string& board, const std::string& rules, const std::vector<std::string>& moves) {
  SolveRequest req{Board::parse(board), RuleSet::parse(rules), 0, moves, {}};
  req.with_pv = false;
  req.with_move_values = true;
  search::GenericOptions o;
  o.deepening_step = 4;
  const SolveReport pn = kee2005_solve(req, o, 0);
  const SolveReport df = generic_solve(req, o);
  INFO(rules << " " << board << " after " << moves.size() << " moves");
  CHECK(pn.method == "proof-number");
  CHECK(df.method == "search");
  CHECK(pn.value == df.value);
  CHECK(pn.game_over == df.game_over);
  if (pn.to_move == "White") ++white_nodes;
  REQUIRE(pn.moves.size() == df.moves.size());
  std::map<std::string, Value> dfv;
  for (const MoveReport& m : df.moves) dfv[m.move] = m.value;
  for (const MoveReport& m : pn.moves) {
    INFO("move " << m.move);
    REQUIRE(dfv.count(m.move));
    CHECK(m.value == dfv[m.move]);
  }
  // gotb table's question: the optimal first moves by one test per move class.
  req.with_move_values = false;
  req.with_optimal_moves = true;
  const SolveReport pt = kee2005_solve(req, o, 0);
  CHECK(pt.value == df.value);
  CHECK(pt.optimal_undecided.empty());
  std::vector<std::string> expected;
  for (const MoveReport& m : df.moves)
    if (m.value == df.value) expected.push_back(m.move);
  std::vector<std::string> got = pt.optimal;
  std::sort(got.begin(), got.end());
  std::sort(expected.begin(), expected.end());
  CHECK(got == expected);
}

}  // namespace

TEST_CASE("kee-2005 solve by proof-number tests equals the generic search", "[kee-2005][generic][pns][solve]") {
  for (const char* rules : {"kee-2005", "kee-2005:no-suicide"})
    for (const char* board : {"1x1", "1x2", "1x3", "1x4"}) check_solve(board, rules, {});
  for (const char* rules : {"kee-2005:japanese", "kee-2005:japanese,no-suicide"})
    for (const char* board : {"1x1", "1x2", "1x3"}) check_solve(board, rules, {});
  // After random lines: White to move at some, other records than the start's.
  std::mt19937 rng(3233);
  for (const char* rules : {"kee-2005", "kee-2005:no-suicide", "kee-2005:japanese"})
    for (int i = 0; i < 6; ++i) {
      const std::string board = i % 2 || std::string(rules) == "kee-2005:japanese" ? "1x3" : "1x4";
      check_solve(board, rules, test::random_line_on<Kee2005Game>(board, rules, rng, static_cast<int>(3 + rng() % 16)));
    }
  CHECK(white_nodes > 0);
}

TEST_CASE("kee-2005 solve: a spent budget stops the proof-number tests with their bounds", "[kee-2005][generic][pns][solve]") {
  SolveRequest req{Board::parse("1x4"), RuleSet::parse("kee-2005:japanese"), 0, {}, {}};
  req.with_pv = false;
  req.with_move_values = false;
  search::GenericOptions o;
  o.node_limit = 2000;
  CHECK_THROWS_AS(kee2005_solve(req, o, 0), NodeLimitReached);
  CHECK_THROWS_AS(generic_solve(req, o), NodeLimitReached);
}

// ---- Session 33: a one-stone suicide is a ban-keeping pass ---------------
// (docs/solving.md section 4, "Session 33: kee-2005, a stone suicide is a
// ban-keeping pass"). The claim: an occupying move that leaves the position
// unchanged records the ban the ban-keeping pass records, so the record
// after it is the record after that pass (chinese: the same record key)
// and its value is the pass's (chinese) or one point worse for its mover
// (japanese, F.6c); so the search's move lists may leave it out.

namespace {

// Plays at node g that leave the position unchanged (legal_moves lists
// every move, whatever the pruning).
std::vector<Move> pass_equivalent_plays(const Kee2005Game& g) {
  std::vector<Move> all, out;
  g.legal_moves(all);
  for (Move m : all) {
    if (m.kind != MoveKind::Play) continue;
    Kee2005Game& h = const_cast<Kee2005Game&>(g);
    if (h.phase() != Kee2005Game::Phase::Common) continue;  // D.2 prohibits them in the confirmation phases
    const Position before = h.position();
    h.play(m);
    // (A play that ends the phase leaves the ended phase's position too.)
    const bool same = h.position() == before;
    h.undo();
    if (same) out.push_back(m);
  }
  return out;
}

}  // namespace

TEST_CASE("kee-2005: a one-stone suicide equals the ban-keeping pass", "[kee-2005][generic][pns][suicide]") {
  std::mt19937 rng(3333);
  std::uint64_t met_chinese = 0, met_japanese = 0, pruned = 0;
  for (const char* rules : {"kee-2005", "kee-2005:japanese"})
    for (const char* board : {"1x3", "1x4", "2x2"})
      for (int i = 0; i < 40; ++i) {
        const bool japanese = std::string(rules) != "kee-2005";
        const std::vector<std::string> line =
            test::random_line_on<Kee2005Game>(board, rules, rng, static_cast<int>(rng() % 24));
        const Board b = Board::parse(board);
        Kee2005Game g(b, RuleSet::parse(rules), 0);
        g.set_contained_facts(japanese);
        g.set_pass_dominance(false);  // (the list's passes are the other reduction's; its own test below)
        replay_moves(g, line);
        if (g.is_over()) continue;
        const std::vector<Move> suicides = pass_equivalent_plays(g);
        // The search's list leaves exactly those out (the first node's
        // one-move-per-orbit list aside: no suicide exists there but 1x1's).
        if (!line.empty()) {
          std::vector<Move> all, listed;
          std::vector<std::uint64_t> facts;
          g.legal_moves(all);
          g.legal_moves_with_facts(listed, facts);
          CHECK(listed.size() + suicides.size() == all.size());
          for (Move m : suicides) CHECK(std::find(listed.begin(), listed.end(), m) == listed.end());
          pruned += suicides.size();
          g.set_suicide_pruning(false);
          listed.clear();
          facts.clear();
          g.legal_moves_with_facts(listed, facts);
          CHECK(listed.size() == all.size());
          g.set_suicide_pruning(true);
        }
        if (suicides.empty()) continue;
        INFO(rules << " " << board << " after " << line.size() << " moves");
        const Color mover = g.to_move();
        std::vector<std::uint64_t> keep_key, k;
        g.play(Move::pass(MoveKind::BanKeepingPass));
        REQUIRE(g.record_key(keep_key));
        g.undo();
        // Values with the pruning off (the claim is checked, not assumed).
        auto value_after = [&](Move m) {
          std::vector<std::string> l = line;
          l.push_back(g.move_name(m));
          return test::kee2005_search_value(board, rules, [](Kee2005Game& x, auto&) { x.set_suicide_pruning(false); },
                                            l);
        };
        const Value keep_value = value_after(Move::pass(MoveKind::BanKeepingPass));
        for (Move m : suicides) {
          g.play(m);
          REQUIRE(g.record_key(k));
          g.undo();
          const Value v = value_after(m);
          if (!japanese) {
            ++met_chinese;
            CHECK(k == keep_key);  // the same record: the same game from here
            CHECK(v == keep_value);
          } else {
            ++met_japanese;
            // One removed stone more of the mover's (F.6c): one point worse for her.
            CHECK(v.order == keep_value.order + (mover == Color::Black ? -2 : 2));
          }
        }
      }
  CHECK(met_chinese > 0);
  CHECK(met_japanese > 0);
  CHECK(pruned > 0);
}

TEST_CASE("kee-2005: values equal with and without the suicide pruning", "[kee-2005][generic][pns][suicide]") {
  // The reference solver (every move) against the generic search and the
  // proof-number test with the pruning on (their default; the cases above
  // run them so) and off; and the two searches with it on and off after
  // random lines on boards the reference cannot do.
  auto off = [](Kee2005Game& g, auto&) { g.set_suicide_pruning(false); };
  auto on = [](Kee2005Game&, auto&) {};
  for (const char* board : {"1x1", "1x2", "1x3"}) {
    const Value ref = test::solve_value(board, "kee-2005", true);
    CHECK(test::kee2005_search_value(board, "kee-2005", on, {}) == ref);
    CHECK(test::kee2005_search_value(board, "kee-2005", off, {}) == ref);
  }
  for (const char* board : {"1x1", "1x2"}) {
    const Value ref = test::solve_value(board, "kee-2005:japanese", true);
    CHECK(test::kee2005_search_value(board, "kee-2005:japanese", on, {}) == ref);
    CHECK(test::kee2005_search_value(board, "kee-2005:japanese", off, {}) == ref);
  }
  std::mt19937 rng(3334);
  int lines = 0;
  for (const char* rules : {"kee-2005", "kee-2005:japanese"})
    for (int i = 0; i < 8; ++i) {
      const bool japanese = std::string(rules) != "kee-2005";
      const std::string board = japanese || i % 2 ? "1x3" : "1x4";
      const std::vector<std::string> line =
          test::random_line_on<Kee2005Game>(board, rules, rng, static_cast<int>(3 + rng() % 14));
      const Value v_off = test::kee2005_search_value(board, rules, off, line);
      const Value v_on = test::kee2005_search_value(board, rules, on, line);
      INFO(rules << " " << board << " after " << line.size() << " moves");
      CHECK(v_on == v_off);
      // The proof-number test with the pruning on and off, one point below,
      // at and above.
      for (bool pruning : {true, false})
        for (int d : {-2, 0, 2})
          check_test_at(board, rules, line, v_off, d,
                        [&](Kee2005Game& g, search::ProofNumberOptions&) { g.set_suicide_pruning(pruning); });
      ++lines;
    }
  CHECK(lines == 16);
}

TEST_CASE("kee-2005 proof-number test: the area estimate orders only", "[kee-2005][generic][pns]") {
  // ProofNumberOptions::estimate_weight changes which leaf is expanded,
  // never an answer: against the reference solver and the generic search,
  // one point below, at and above the value, with weights 1 and 4.
  std::mt19937 rng(3335);
  for (const char* rules : {"kee-2005", "kee-2005:japanese"})
    for (int i = 0; i < 6; ++i) {
      const bool japanese = std::string(rules) != "kee-2005";
      const std::string board = japanese ? (i < 2 ? "1x2" : "1x3") : (i < 2 ? "1x3" : "1x4");
      const std::vector<std::string> line =
          i < 2 ? std::vector<std::string>{}
                : test::random_line_on<Kee2005Game>(board, rules, rng, static_cast<int>(3 + rng() % 14));
      const Value v = i < 2 && board != "1x4" ? test::solve_value(board, rules, true)
                                              : test::kee2005_search_value(board, rules, [](auto&, auto&) {}, line);
      for (std::uint32_t w : {1u, 4u})
        for (int d : {-2, 0, 2}) {
          INFO("weight " << w);
          check_test_at(board, rules, line, v, d,
                        [&](Kee2005Game&, search::ProofNumberOptions& o) { o.estimate_weight = w; });
        }
    }
}

// ---- Session 33: pass dominance ------------------------------------------
// Where one pass kind ends the phase now and the search's list leaves out
// the other, that other pass lets the opponent end the phase at once (by
// playing it, not by the formula of opponent_ends_after), and its value
// (the dominance off) is no better for the mover than the ending pass's.

TEST_CASE("kee-2005: a pass the opponent can answer with the phase's end is dominated",
          "[kee-2005][generic][pns][pass-dominance]") {
  std::mt19937 rng(3336);
  std::uint64_t dropped = 0, valued = 0, kept_both = 0;
  for (const char* rules : {"kee-2005", "kee-2005:japanese", "kee-2005:no-suicide"})
    for (const char* board : {"1x2", "1x3", "2x2"})
      for (int i = 0; i < 50; ++i) {
        const bool japanese = std::string(rules) == "kee-2005:japanese";
        // Pass-rich lines: the phase ends and the pass cycles are among passes.
        const Board b = Board::parse(board);
        Kee2005Game g(b, RuleSet::parse(rules), 0);
        g.set_contained_facts(japanese);
        std::vector<std::string> line;
        const int len = static_cast<int>(rng() % 16);
        for (int k = 0; k < len && !g.is_over(); ++k) {
          const Move m = test::random_move_passes_often(g, rng, 2);
          line.push_back(g.move_name(m));
          g.play(m);
        }
        if (g.is_over()) continue;
        std::vector<Move> listed;
        std::vector<std::uint64_t> facts;
        g.legal_moves_with_facts(listed, facts);
        const MoveKind kinds[2] = {MoveKind::Pass, MoveKind::BanKeepingPass};
        for (int d = 0; d < 2; ++d) {
          const MoveKind drop = kinds[d], end = kinds[1 - d];
          const bool listed_drop =
              std::find(listed.begin(), listed.end(), Move::pass(drop)) != listed.end();
          INFO(rules << " " << board << " after " << line.size() << " moves, dropped " << g.move_name(Move::pass(drop)));
          if (listed_drop) continue;
          ++dropped;
          // The other kind is listed and ends the phase now.
          REQUIRE(std::find(listed.begin(), listed.end(), Move::pass(end)) != listed.end());
          const std::size_t phase = static_cast<std::size_t>(g.phase());
          g.play(Move::pass(end));
          CHECK((g.is_over() || static_cast<std::size_t>(g.phase()) == phase + 1));
          g.undo();
          // After the dropped pass the opponent ends the phase with a pass.
          g.play(Move::pass(drop));
          CHECK(static_cast<std::size_t>(g.phase()) == phase);
          bool opponent_ends = false;
          for (MoveKind k : kinds) {
            g.play(Move::pass(k));
            if (g.is_over() || static_cast<std::size_t>(g.phase()) == phase + 1) opponent_ends = true;
            g.undo();
          }
          g.undo();
          CHECK(opponent_ends);
          // Its value (the dominance off) is no better for the mover.
          if (valued < 60 && std::string(board) != "2x2") {
            ++valued;
            auto value_after = [&](MoveKind k) {
              std::vector<std::string> l = line;
              l.push_back(g.move_name(Move::pass(k)));
              return test::kee2005_search_value(board, rules,
                                                [](Kee2005Game& x, auto&) { x.set_pass_dominance(false); }, l);
            };
            const Value vd = value_after(drop), ve = value_after(end);
            if (g.to_move() == Color::Black) CHECK(vd <= ve);
            else CHECK(vd >= ve);
          }
        }
        if (std::count_if(listed.begin(), listed.end(), [](Move m) { return m.kind != MoveKind::Play; }) == 2)
          ++kept_both;
        // With the dominance off both passes are listed.
        g.set_pass_dominance(false);
        listed.clear();
        facts.clear();
        g.legal_moves_with_facts(listed, facts);
        CHECK(std::count_if(listed.begin(), listed.end(), [](Move m) { return m.kind != MoveKind::Play; }) == 2);
      }
  CHECK(dropped > 0);
  CHECK(valued > 0);
  CHECK(kept_both > 0);
}

TEST_CASE("kee-2005: values equal with and without pass dominance", "[kee-2005][generic][pns][pass-dominance]") {
  auto off = [](Kee2005Game& g, auto&) { g.set_pass_dominance(false); };
  auto on = [](Kee2005Game&, auto&) {};
  for (const char* rules : {"kee-2005", "kee-2005:no-suicide"})
    for (const char* board : {"1x1", "1x2", "1x3"}) {
      const Value ref = test::solve_value(board, rules, true);
      CHECK(test::kee2005_search_value(board, rules, on, {}) == ref);
      CHECK(test::kee2005_search_value(board, rules, off, {}) == ref);
    }
  for (const char* rules : {"kee-2005:japanese", "kee-2005:japanese,no-suicide"})
    for (const char* board : {"1x1", "1x2"}) {
      const Value ref = test::solve_value(board, rules, true);
      CHECK(test::kee2005_search_value(board, rules, on, {}) == ref);
      CHECK(test::kee2005_search_value(board, rules, off, {}) == ref);
    }
  std::mt19937 rng(3337);
  for (const char* rules : {"kee-2005", "kee-2005:japanese"})
    for (int i = 0; i < 8; ++i) {
      const bool japanese = std::string(rules) != "kee-2005";
      const std::string board = japanese || i % 2 ? "1x3" : "1x4";
      const std::vector<std::string> line =
          test::random_line_on<Kee2005Game>(board, rules, rng, static_cast<int>(3 + rng() % 14));
      const Value v_off = test::kee2005_search_value(board, rules, off, line);
      INFO(rules << " " << board << " after " << line.size() << " moves");
      CHECK(test::kee2005_search_value(board, rules, on, line) == v_off);
      for (bool dominance : {true, false})
        for (int d : {-2, 0, 2})
          check_test_at(board, rules, line, v_off, d,
                        [&](Kee2005Game& g, search::ProofNumberOptions&) { g.set_pass_dominance(dominance); });
    }
}
