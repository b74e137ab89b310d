// Retrograde move ordering for the exact search: the order may change
// speed only, so every value must equal the history-ordered search's and
// the reference solver's; and the ordering's lookups must read the
// generator's fixpoints exactly as retro::bracket_at does.
#include <catch2/catch.hpp>
#include <map>
#include <optional>
#include <random>

#include "core/rank.hpp"
#include "core/rules/games.hpp"
#include "core/symmetry.hpp"
#include "core/scoring.hpp"
#include "generator/retrograde/generate.hpp"
#include "generator/retrograde/canonical_rank.hpp"
#include "generator/retrograde/graph_fixpoint.hpp"
#include "generator/retrograde/value_code.hpp"
#include "generator/search/move_ordering.hpp"
#include "generator/search/search_solver.hpp"
#include "generator/search/solve_search.hpp"
#include "tests/cli_runner.hpp"
#include "tests/random_history.hpp"
#include "tests/solve_value.hpp"

using namespace gotb;

namespace {

const char* const kVariants[] = {"tromp-taylor", "tromp-taylor:ssk", "tromp-taylor:no-suicide",
                                 "tromp-taylor:ssk,no-suicide"};

// One ordering per board (the no-suicide tables serve every variant);
// built once for the whole file.
const search::RetroOrdering& ordering_for(const std::string& board) {
  static std::map<std::string, std::shared_ptr<const search::RetroOrdering>> cache;
  auto& slot = cache[board];
  if (!slot) slot = search::RetroOrdering::build(Board::parse(board), 1);
  return *slot;
}

// Value of the search with the given ordering (null = history heuristic).
Value search_value(const std::string& board, const std::string& rules, const search::RetroOrdering* ordering,
                   const std::vector<std::string>& moves, std::uint64_t node_limit) {
  SolveRequest req{Board::parse(board), RuleSet::parse(rules), 0, moves, {}};
  req.with_move_values = false;
  req.with_pv = false;
  search::SearchOptions o;
  o.node_limit = node_limit;
  o.ordering = ordering;
  return search_solve(req, o, search::OrderingMode::History).value;
}

std::optional<Value> try_search(const std::string& board, const std::string& rules,
                                const search::RetroOrdering* ordering, const std::vector<std::string>& moves,
                                std::uint64_t node_limit) {
  try {
    return search_value(board, rules, ordering, moves, node_limit);
  } catch (const NodeLimitReached&) {
    return std::nullopt;
  }
}

}  // namespace

TEST_CASE("retro ordering: same values as history ordering and the reference solver", "[ordering]") {
  int compared = 0, attempted = 0;
  for (auto rules : kVariants)
    for (auto board : {"1x1", "1x2", "1x3", "1x4", "1x5", "1x6", "2x2", "2x3"}) {
      INFO(board << " " << rules);
      ++attempted;
      const Value ref = test::solve_value(board, rules);
      const auto retro = try_search(board, rules, &ordering_for(board), {}, 3'000'000);
      if (!retro) continue;
      CHECK(retro->identical(ref));
      if (const auto h = try_search(board, rules, nullptr, {}, 3'000'000)) CHECK(h->identical(ref));
      // The suicide game's (uninformative) tables and another key: any order, same value.
      const auto own = search::RetroOrdering::build(Board::parse(board), 1, search::RetroKey::Sum,
                                                    search::RetroOrdering::Tables::SuicideAllowed);
      if (const auto o = try_search(board, rules, own.get(), {}, 3'000'000)) CHECK(o->identical(ref));
      // The exact ko=basic tables (--ordering retro-ko), ko bans looked up.
      const auto ko = search::RetroOrdering::build(Board::parse(board), 1, search::RetroKey::Pessimistic,
                                                   search::RetroOrdering::Tables::BasicKo);
      CHECK(ko->uses_ko());
      if (const auto o = try_search(board, rules, ko.get(), {}, 3'000'000)) CHECK(o->identical(ref));
      ++compared;
    }
  INFO(compared << " of " << attempted << " compared");
  CHECK(compared == attempted);  // the retro-ordered search finishes every one
}

TEST_CASE("retro ordering: same values after random histories", "[ordering]") {
  std::mt19937 rng(4711);
  int compared = 0, attempted = 0;
  for (auto rules : kVariants)
    for (auto board : {"2x2", "1x5", "2x3", "1x6"}) {
      Board b = Board::parse(board);
      for (int trial = 0; trial < 6; ++trial) {
        TrompTaylorGame g(b, RuleSet::parse(rules), 0);
        auto moves = test::random_history(g, rng, 1 + static_cast<int>(rng() % 14));
        INFO(board << " " << rules << " after " << moves.size() << " moves");
        ++attempted;
        Value v;
        try {
          v = search_value(board, rules, &ordering_for(board), moves, 1'000'000);
        } catch (const NodeLimitReached&) {
          continue;
        }
        const Value ref = test::solve_value(board, rules, true, moves);
        CHECK(v.identical(ref));
        static std::map<std::string, std::shared_ptr<const search::RetroOrdering>> ko;
        if (!ko[board])
          ko[board] = search::RetroOrdering::build(b, 1, search::RetroKey::Pessimistic,
                                                   search::RetroOrdering::Tables::BasicKo);
        if (const auto o = try_search(board, rules, ko[board].get(), moves, 1'000'000)) CHECK(o->identical(ref));
        ++compared;
      }
    }
  INFO(compared << " of " << attempted << " compared");
  CHECK(compared >= attempted * 9 / 10);
}

// The ko ban a play leaves, as the exact tables define it: a single stone
// captured by a stone with no friendly neighbour whose only liberty is the
// captured point.
TEST_CASE("retro-ko ordering: the ko ban after a play", "[ordering]") {
  const Board b = Board::parse("1x4");
  // . B W . : Black at D captures the white stone at C and may not be retaken at once.
  Position before{bit(1), bit(2)};  // Black B, White C (points 0..3 = A..D)
  PlayOutcome o;
  REQUIRE(play_stone(b, before, Color::Black, 3, SuicideRule::Forbidden, o) == PlayStatus::Ok);
  CHECK(search::RetroOrdering::ko_after_play(b, before, Color::Black, 3, o.next) == 2);
  // On 1x5 the capturing stone at D keeps a liberty at E: no ban.
  const Board b5 = Board::parse("1x5");
  REQUIRE(play_stone(b5, before, Color::Black, 3, SuicideRule::Forbidden, o) == PlayStatus::Ok);
  CHECK(search::RetroOrdering::ko_after_play(b5, before, Color::Black, 3, o.next) == -1);
  // White at A captures the black stone at B: the ban is at B.
  REQUIRE(play_stone(b, before, Color::White, 0, SuicideRule::Forbidden, o) == PlayStatus::Ok);
  CHECK(search::RetroOrdering::ko_after_play(b, before, Color::White, 0, o.next) == 1);
  // White at D on 1x5 captures nothing: no ban.
  REQUIRE(play_stone(b5, before, Color::White, 3, SuicideRule::Forbidden, o) == PlayStatus::Ok);
  CHECK(search::RetroOrdering::ko_after_play(b5, before, Color::White, 3, o.next) == -1);
}

// The ordering's tables come from the successor-graph solver; they must be
// the generator's fixpoints exactly (both are the unique greatest and least
// fixpoints of the same operator).
// The graph's passes evaluate only positions whose children moved, on any
// number of threads (session 30), and its children are ranked from their
// parent's per-symmetry sums: boards with 1 to 16 symmetries (a cylinder,
// a ring, a torus) and both suicide options, one thread and two.
TEST_CASE("graph fixpoints equal the generator's sweeps", "[ordering][retrograde]") {
  for (auto rules : {"tromp-taylor:no-suicide", "tromp-taylor"})
    for (auto board : {"1x1", "1x4", "2x2", "1x7", "2x4", "3x3", "ring:6", "cylinder:2x4", "torus:3x3", "2x5"}) {
      INFO(board << " " << rules);
      retro::GenerateOptions o;
      o.threads = 2;
      const auto a = retro::generate(Board::parse(board), RuleSet::parse(rules), o);
      for (int threads : {1, 2}) {
        INFO(threads << " threads");
        o.threads = threads;
        const auto b = retro::generate_with_graph(Board::parse(board), RuleSet::parse(rules), o);
        CHECK(a.upper == b.upper);
        CHECK(a.lower == b.lower);
        CHECK(b.stats.states == a.stats.states);
      }
    }
  // Limits stop it like the sweeps.
  retro::GenerateOptions tiny;
  tiny.max_work = 100;
  CHECK_THROWS_AS(retro::generate_with_graph(Board::parse("3x3"), RuleSet::parse("tromp-taylor"), tiny),
                  NodeLimitReached);
}

// The state index tests a rank's symmetry first and stops at the first
// smaller image (CanonicalRanker::is_canonical, session 30): the same
// predicate as comparing with the least image, at every rank.
TEST_CASE("the index's early symmetry test agrees with the canonical rank", "[ordering][retrograde]") {
  for (auto spec : {"1x5", "3x3", "2x4", "ring:6", "torus:3x3", "cylinder:2x3"}) {
    INFO(spec);
    const Board board = Board::parse(spec);
    const Symmetries sym(board);
    const retro::CanonicalRanker canon(board, sym);
    const Ranker ranker(board.size());
    std::uint64_t canonical = 0;
    for (std::uint64_t r = 0; r < ranker.count(); ++r) {
      const Position pos = ranker.unrank(r);
      const bool least = canon.canonical(pos) == r;
      REQUIRE(canon.is_canonical(pos, r) == least);
      canonical += least;
    }
    CHECK(canonical > 0);
  }
}

TEST_CASE("retro ordering reads the generator's fixpoints like bracket_at", "[ordering]") {
  std::mt19937 rng(99);
  for (auto rules : {"tromp-taylor", "tromp-taylor:no-suicide"})
    for (auto board : {"1x5", "2x3", "3x3"}) {
      const Board b = Board::parse(board);
      const RuleSet rs = RuleSet::parse(rules);
      const retro::Tables t = retro::generate(b, rs, {1, false});
      const search::RetroOrdering sum(t, search::RetroKey::Sum);
      const search::RetroOrdering pess(t, search::RetroKey::Pessimistic);
      const search::RetroOrdering opt(t, search::RetroKey::Optimistic);
      const int span = b.size() + 1;
      int sampled = 0, infinite = 0;
      for (int trial = 0; trial < 60; ++trial) {
        TrompTaylorGame g(b, rs, 0);
        test::random_history(g, rng, static_cast<int>(rng() % 20));
        const Color to_move = g.to_move();
        const Color mover = opponent(to_move);
        const int passes = g.consecutive_passes();
        INFO(board << " " << rules << " trial " << trial);
        const auto v = sum.view(g.position(), to_move, passes);
        const std::uint64_t s = retro::state_of(*t.index, g.position(), to_move, passes);
        REQUIRE(s != ~std::uint64_t{0});
        const retro::Bracket br = retro::bracket_at(t.upper, t.lower, s, to_move, 0);
        // Black moved: her optimistic view is gfp; White moved: hers is lfp.
        const Value opt_v = test::as_black_value(v.optimistic, span, mover);
        const Value pess_v = test::as_black_value(v.pessimistic, span, mover);
        CHECK(opt_v.identical(mover == Color::Black ? br.gfp : br.lfp));
        CHECK(pess_v.identical(mover == Color::Black ? br.lfp : br.gfp));
        CHECK(v.pessimistic <= v.optimistic);
        infinite += v.optimistic == span;
        // The three keys are the documented functions of the two views.
        const int p = v.pessimistic + span, o = v.optimistic + span;
        CHECK(sum.score(g.position(), to_move, passes) == p + o);
        CHECK(pess.score(g.position(), to_move, passes) == p * (2 * span + 1) + o);
        CHECK(opt.score(g.position(), to_move, passes) == o * (2 * span + 1) + p);
        CHECK(pess.score(g.position(), to_move, passes) < (1 << 13));
        ++sampled;
        // A pass that ends the game: both views are the area score.
        if (passes == 1) {
          const int d = area_count(b, g.position()).difference();
          const auto end = sum.view(g.position(), to_move, 2);
          CHECK(end.pessimistic == (mover == Color::Black ? d : -d));
          CHECK(end.optimistic == end.pessimistic);
        }
      }
      CHECK(sampled == 60);
      (void)infinite;
    }
}

// Why the ordering reads the no-suicide game's tables: with suicide allowed
// the side that cycles are scored for can always play on, so no state
// before a pass has a finite fixpoint; without suicide they all do here.
TEST_CASE("retro ordering: the suicide game's fixpoints are uninformative", "[ordering]") {
  for (auto board : {"1x5", "3x3"}) {
    const Board b = Board::parse(board);
    const retro::Tables with = retro::generate(b, RuleSet::parse("tromp-taylor"), {1, false});
    const retro::Tables without = retro::generate(b, RuleSet::parse("tromp-taylor:no-suicide"), {1, false});
    REQUIRE(with.upper.size() > 2);
    std::size_t finite_with = 0, finite_without = 0;
    for (std::size_t s = 0; s < with.upper.size(); s += 2) {  // passes 0
      finite_with += retro::is_score_code(with.upper[s]) || retro::is_score_code(with.lower[s]);
      finite_without += retro::is_score_code(without.upper[s]) && retro::is_score_code(without.lower[s]);
    }
    INFO(board);
    CHECK(finite_with == 0);
    CHECK(finite_without == without.upper.size() / 2);
  }
}

TEST_CASE("retro ordering's sort key: score first, history breaks ties, below the table move", "[ordering]") {
  std::uint32_t prev = 0;
  for (std::uint64_t h = 0; h <= 0xFFFFFFFFull; h = h * 3 + 1) {
    const std::uint32_t q = search::RetroOrdering::squeeze(static_cast<std::uint32_t>(h));
    CHECK(q >= prev);  // monotone
    CHECK(q < (1u << 18));
    prev = q;
  }
  CHECK(search::RetroOrdering::squeeze(0xFFFFFFFFu) < (1u << 18));
  CHECK(search::RetroOrdering::squeeze(5) > search::RetroOrdering::squeeze(4));
  const auto& o = ordering_for("2x3");
  const Board b = Board::parse("2x3");
  // Black's edge-middle play against a corner play: keys follow scores whatever the history counts.
  const Position middle{bit(1), 0}, corner{bit(0), 0};
  const int sc = o.score(middle, Color::White, 0), sk = o.score(corner, Color::White, 0);
  if (sc != sk) {
    const bool middle_first = sc > sk;
    CHECK((o.key(middle, Color::White, 0, 0) > o.key(corner, Color::White, 0, 0xFFFFFFFFu)) == middle_first);
  }
  CHECK(o.key(middle, Color::White, 0, 7) > o.key(middle, Color::White, 0, 6));
  CHECK(o.key(middle, Color::White, 0, 0xFFFFFFFFu) < 0xFFFFFFFFu);
  (void)b;
}

// The search's batched look-ups (child_rank from the parent's per-symmetry
// sums or from the child, child_state, key_of_state) must give exactly
// key()'s keys: the order, and with it every node count, rests on it.
TEST_CASE("retro ordering: batched keys from the parent's sums equal key()", "[ordering]") {
  std::mt19937 rng(31);
  for (auto board : {"3x3", "2x3", "1x6", "2x4"}) {
    const Board b = Board::parse(board);
    const auto& o = ordering_for(board);
    INFO(board);
    CHECK(o.sums_ok());
    int compared = 0;
    for (int game = 0; game < 40; ++game) {
      Position pos;
      Color mover = Color::Black;
      for (int ply = 0; ply < 30; ++ply) {
        search::RetroOrdering::Sums sums;
        o.parent_sums(pos, mover, sums);
        std::vector<Position> kids;
        for (int p = 0; p < b.size(); ++p) {
          if (pos.occupied() & bit(p)) continue;
          PlayOutcome out;  // suicide allowed: its children are ranked too
          if (play_stone(b, pos, mover, p, SuicideRule::Allowed, out) != PlayStatus::Ok) continue;
          kids.push_back(out.next);
        }
        kids.push_back(pos);  // the pass
        for (std::size_t i = 0; i < kids.size(); ++i) {
          const int passes = i + 1 == kids.size() ? 1 : 0;
          const std::uint32_t h = static_cast<std::uint32_t>(rng());
          const std::uint64_t r = o.child_rank(sums, pos, mover, kids[i]);
          CHECK(r == o.child_rank(kids[i], opponent(mover)));
          CHECK(o.key_of_state(o.child_state(r, passes), h) == o.key(kids[i], opponent(mover), passes, h));
          ++compared;
        }
        if (kids.size() == 1) break;
        pos = kids[rng() % (kids.size() - 1)];
        mover = opponent(mover);
      }
    }
    CHECK(compared > 1000);
  }
}

TEST_CASE("the command line's --ordering option", "[ordering][cli]") {
  auto value_line = [](const std::string& out) {
    const auto at = out.find("\nvalue ");
    return at == std::string::npos ? std::string() : out.substr(at, out.find('\n', at + 1) - at);
  };
  auto r = test::run_gotb("solve -b 2x3 --method search --ordering retro --no-move-values");
  CHECK(r.exit_code == 0);
  CHECK(r.out.find("retro_build_ms=") != std::string::npos);
  auto h = test::run_gotb("solve -b 2x3 --method search --ordering history --no-move-values");
  CHECK(h.exit_code == 0);
  CHECK(h.out.find("retro_build_ms=") == std::string::npos);
  CHECK(!value_line(r.out).empty());
  CHECK(value_line(r.out) == value_line(h.out));
  r = test::run_gotb("solve -b 2x3 --method search --ordering magic");
  CHECK(r.exit_code != 0);
  r = test::run_gotb("bench --method search --quick --ordering retro");
  CHECK(r.exit_code == 0);
}
