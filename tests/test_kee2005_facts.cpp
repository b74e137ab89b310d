// kee-2005's contained facts for the generic search (session 23;
// docs/solving.md section 4, "kee-2005"): a fact names one C.2 / D.2 test
// (a situation or neighbour pattern and the history it examined) and is 1
// iff an earlier ban of the phase passes it. Checked here: the contract the
// search's claim rests on, (G1) legality a function of the key and the
// listed fact values and (G2) each fact's value after a move a function of
// the key, the move and its value before, over many random histories of one
// game object; and equal values with and without the contained facts.
#include <catch2/catch.hpp>

#include <map>
#include <random>

#include "core/rules/games.hpp"
#include "core/rules/kee2005.hpp"
#include "generator/search/generic_search.hpp"
#include "tests/kee2005_search.hpp"
#include "tests/random_history.hpp"
#include "tests/solve_value.hpp"

using namespace gotb;

namespace {

using Key = std::vector<std::uint64_t>;

// Plays random complete lines from the empty board and checks (G1) and (G2)
// at every node; returns how many (G1) observations met an earlier one.
std::size_t check_contract(const std::string& board, const std::string& rules, bool contained, int games,
                           unsigned seed) {
  const Board b = Board::parse(board);
  Kee2005Game g(b, RuleSet::parse(rules), 0);
  // These compare the search's move list with every legal move (or its
  // images); at the game's first node that list holds one move per board
  // orbit by design (session 29, tested in [root-bound]).
  g.set_root_symmetry(false);
  g.set_contained_facts(contained);
  // (This test compares the search's list with legal_moves(): session 33's
  // move reductions, which leave moves out, have their own tests.)
  g.set_suicide_pruning(false);
  g.set_pass_dominance(false);
  std::mt19937 rng(seed);
  // key -> up to 8 records (the ids listed at the first visit with their
  // values then, legal moves), read as the search does: a later history
  // with the key whose values of those same ids agree must have the same
  // legal moves. (key, move, id, value before) -> value after.
  struct Record {
    std::vector<std::pair<std::uint64_t, std::int64_t>> facts;
    std::vector<Move> moves;
  };
  std::map<Key, std::vector<Record>> g1;
  std::map<std::tuple<Key, int, std::uint64_t, std::int64_t>, std::int64_t> g2;
  std::vector<std::uint64_t> seen_ids;
  std::size_t repeats = 0;
  for (int game = 0; game < games; ++game) {
    int plies = 0;
    while (!g.is_over() && plies < 400) {
      Key key;
      g.search_key(key);
      std::vector<Move> moves;
      std::vector<std::uint64_t> ids;
      g.legal_moves_with_facts(moves, ids);
      std::vector<Move> plain;
      g.legal_moves(plain);
      REQUIRE(moves == plain);
      std::vector<Record>& records = g1[key];
      bool matched = false;
      for (const Record& r : records) {
        bool agree = true;
        for (const auto& [id, v] : r.facts) agree = agree && g.fact(id) == v;
        if (!agree) continue;
        matched = true;
        ++repeats;
        INFO(board << " " << rules << " game " << game << " ply " << plies);
        REQUIRE(r.moves == moves);  // (G1)
      }
      if (!matched && records.size() < 8) {
        Record r{{}, moves};
        for (std::uint64_t id : ids) r.facts.push_back({id, g.fact(id)});
        records.push_back(std::move(r));
      }
      seen_ids.insert(seen_ids.end(), ids.begin(), ids.end());
      const Move m = moves[rng() % moves.size()];
      // (G2) on a sample of the ids seen so far, and on the move's own fact
      // (G1': the child lists it, read at the parent).
      std::vector<std::uint64_t> sample;
      for (int i = 0; i < 24 && !seen_ids.empty(); ++i) sample.push_back(seen_ids[rng() % seen_ids.size()]);
      std::vector<std::int64_t> before;
      for (std::uint64_t id : sample) before.push_back(g.fact(id));
      const int mslot = m.kind == MoveKind::Play ? m.point : -1 - static_cast<int>(m.kind);
      g.play(m);
      ++plies;
      std::vector<std::uint64_t> own;
      if (!g.is_over()) g.current_facts(own);
      for (std::uint64_t id : own) REQUIRE(std::find(ids.begin(), ids.end(), id) != ids.end());
      for (std::size_t i = 0; i < sample.size(); ++i) {
        const std::int64_t after = g.fact(sample[i]);
        auto [jt, fresh2] = g2.try_emplace({key, mslot, sample[i], before[i]}, after);
        INFO(board << " " << rules << " game " << game << " ply " << plies << " fact " << sample[i]);
        REQUIRE(jt->second == after);  // (G2)
      }
      if (seen_ids.size() > 20000) seen_ids.erase(seen_ids.begin(), seen_ids.begin() + 10000);
    }
    while (g.ply() > 0) g.undo();
  }
  return repeats;
}

Value search_value(const std::string& board, const std::string& rules, bool contained,
                   const std::vector<std::string>& moves = {}, search::GenericStats* stats = nullptr,
                   bool fact_sides = true) {
  return test::kee2005_search_value(
      board, rules,
      [&](Kee2005Game& g, search::GenericOptions& o) {
        g.set_contained_facts(contained);
        o.min_store_work = 256;
        o.fact_sides = fact_sides;
      },
      moves, stats);
}

std::vector<std::string> random_line(const std::string& board, const std::string& rules, std::mt19937& rng, int len) {
  return test::random_line_on<Kee2005Game>(board, rules, rng, len);
}

}  // namespace

TEST_CASE("kee-2005 search facts: legality and fact updates follow the key and the facts", "[kee-2005][generic][facts]") {
  // Both kinds of fact (contained, and the default family facts), both
  // scorings (japanese reaches the confirmation phases and D.2's pattern
  // facts), both suicide options; small boards so keys repeat.
  for (bool contained : {true, false})
    for (const char* rules : {"kee-2005", "kee-2005:japanese", "kee-2005:no-suicide", "kee-2005:japanese,no-suicide"})
      for (const char* board : {"1x3", "1x4", "2x2"}) {
        const std::size_t repeats = check_contract(board, rules, contained, 60, 7);
        INFO(board << " " << rules << (contained ? " contained" : " family"));
        CHECK(repeats > 100);  // the check compared nodes reached by different histories
      }
}

TEST_CASE("kee-2005 generic search: the same values with and without contained facts", "[kee-2005][generic][facts]") {
  for (const char* board : {"1x1", "1x2", "1x3", "1x4"}) {
    INFO("chinese " << board);
    search::GenericStats with{}, without{};
    CHECK(search_value(board, "kee-2005", true, {}, &with).identical(search_value(board, "kee-2005", false, {}, &without)));
  }
  for (const char* board : {"1x1", "1x2", "1x3"}) {
    INFO("japanese " << board);
    CHECK(search_value(board, "kee-2005:japanese", true).identical(search_value(board, "kee-2005:japanese", false)));
  }
  std::mt19937 rng(2323);
  for (int trial = 0; trial < 8; ++trial) {
    const auto moves = random_line("1x4", "kee-2005", rng, 3 + 3 * trial);
    INFO("chinese 1x4 after " << moves.size() << " moves");
    CHECK(search_value("1x4", "kee-2005", true, moves).identical(search_value("1x4", "kee-2005", false, moves)));
  }
  for (int trial = 0; trial < 6; ++trial) {
    const auto moves = random_line("1x3", "kee-2005:japanese", rng, 4 + 5 * trial);
    INFO("japanese 1x3 after " << moves.size() << " moves");
    CHECK(search_value("1x3", "kee-2005:japanese", true, moves)
              .identical(search_value("1x3", "kee-2005:japanese", false, moves)));
  }
}

TEST_CASE("kee-2005 contained facts: one table across histories equals the reference solver", "[kee-2005][generic][facts][ghi]") {
  // Chinese 1x3 and japanese 1x2 (where the reference solver finishes), one
  // search object and so one table and one numbering of histories for all.
  for (const auto& [board, rules, trials] : {std::tuple{"1x3", "kee-2005", 12}, std::tuple{"1x2", "kee-2005:japanese", 8}}) {
    const Board b = Board::parse(board);
    Kee2005Game g(b, RuleSet::parse(rules), 0);
    g.set_contained_facts(true);
    search::GenericOptions o;
    o.deepening_step = 4;
    search::GenericSearch<Kee2005Game> solver(g, o);
    std::mt19937 rng(99);
    for (int trial = 0; trial < trials; ++trial) {
      const auto moves = random_line(board, rules, rng, 1 + trial * 2);
      replay_moves(g, moves);
      const Value v = solver.value();
      for (std::size_t i = 0; i < moves.size(); ++i) g.undo();
      INFO(board << " " << rules << " after " << moves.size() << " moves");
      CHECK(v.identical(test::solve_value(board, rules, true, moves)));
    }
    CHECK(solver.stats().hits > 0);
  }
}

// Session 24: facts that agree in one direction (docs/solving.md section 4,
// "kee-2005: facts that agree in one direction"). The search may reuse a
// lower bound where every fact_side +1 fact is at most, and every -1 fact
// at least, its stored value (upper bounds: the mirror). That rests on
// three properties of each fact with a side, checked here over random
// histories: (a) it is listed only for moves of its side's player, (b) its
// values are 0 and 1, (c) a move maps its old value by a nondecreasing
// function (the same key and move never take 1 to 0 while taking 0 to 1;
// within its phase it never falls).
TEST_CASE("kee-2005 fact sides: listed for its player's moves, monotone under every move", "[kee-2005][generic][facts]") {
  for (const char* rules : {"kee-2005", "kee-2005:japanese", "kee-2005:no-suicide", "kee-2005:japanese,no-suicide"})
    for (const char* board : {"1x3", "1x4", "2x2"}) {
      const Board b = Board::parse(board);
      Kee2005Game g(b, RuleSet::parse(rules), 0);
      g.set_contained_facts(true);
      std::mt19937 rng(24);
      std::map<std::tuple<Key, int, std::uint64_t, std::int64_t>, std::int64_t> after_of;
      std::vector<std::uint64_t> seen;
      std::size_t sided = 0, rises = 0;
      for (int game = 0; game < 40; ++game) {
        int plies = 0;
        while (!g.is_over() && plies < 300) {
          Key key;
          g.search_key(key);
          std::vector<Move> moves;
          std::vector<std::uint64_t> ids;
          g.legal_moves_with_facts(moves, ids);
          const int mine = g.to_move() == Color::Black ? 1 : -1;
          for (std::uint64_t id : ids) {
            const int side = g.fact_side(id);
            INFO(board << " " << rules << " fact " << id);
            CHECK((side == 0 || side == mine));  // (a)
            if (side != 0) {
              ++sided;
              const std::int64_t v = g.fact(id);
              CHECK((v == 0 || v == 1));  // (b)
              seen.push_back(id);
            }
          }
          const Move m = moves[rng() % moves.size()];
          const int mslot = m.kind == MoveKind::Play ? m.point : -1 - static_cast<int>(m.kind);
          std::vector<std::uint64_t> sample;
          for (int i = 0; i < 24 && !seen.empty(); ++i) sample.push_back(seen[rng() % seen.size()]);
          std::vector<std::int64_t> before;
          for (std::uint64_t id : sample) before.push_back(g.fact(id));
          const auto phase = g.phase();
          g.play(m);
          ++plies;
          for (std::size_t i = 0; i < sample.size(); ++i) {
            const std::int64_t after = g.fact(sample[i]);
            INFO(board << " " << rules << " game " << game << " ply " << plies << " fact " << sample[i]);
            if (g.phase() == phase) CHECK(after >= before[i]);  // (c) within the phase
            rises += after > before[i];
            after_of[{key, mslot, sample[i], before[i]}] = after;
          }
          if (seen.size() > 20000) seen.erase(seen.begin(), seen.begin() + 10000);
        }
        while (g.ply() > 0) g.undo();
      }
      // (c) across histories: with the same key and move, old value 0 never
      // gives more than old value 1.
      for (const auto& [k, after0] : after_of) {
        if (std::get<3>(k) != 0) continue;
        auto it = after_of.find({std::get<0>(k), std::get<1>(k), std::get<2>(k), 1});
        if (it != after_of.end()) CHECK(after0 <= it->second);
      }
      INFO(board << " " << rules);
      CHECK(sided > 100);
      CHECK(rises > 0);
    }
}

TEST_CASE("kee-2005 fact sides: the same values with one-sided reuse and without", "[kee-2005][generic][facts]") {
  // fact_sides on (the default) against equality only, both with contained
  // facts; the one-sided probes must have been used for the comparison to
  // mean anything.
  std::uint64_t one_sided = 0;
  for (const char* board : {"1x1", "1x2", "1x3", "1x4"}) {
    INFO("chinese " << board);
    search::GenericStats st{};
    CHECK(search_value(board, "kee-2005", true, {}, &st, true).identical(search_value(board, "kee-2005", true, {}, nullptr, false)));
    one_sided += st.one_sided;
  }
  for (const char* board : {"1x1", "1x2", "1x3"})
    for (const char* rules : {"kee-2005:japanese", "kee-2005:japanese,no-suicide"}) {
      INFO(rules << " " << board);
      search::GenericStats st{};
      CHECK(search_value(board, rules, true, {}, &st, true).identical(search_value(board, rules, true, {}, nullptr, false)));
      one_sided += st.one_sided;
    }
  std::mt19937 rng(2424);
  for (int trial = 0; trial < 8; ++trial) {
    const char* rules = trial % 2 ? "kee-2005:no-suicide" : "kee-2005";
    const auto moves = random_line("1x4", rules, rng, 3 + 3 * trial);
    INFO(rules << " 1x4 after " << moves.size() << " moves");
    search::GenericStats st{};
    Value a{}, b{};
    CHECK_NOTHROW(b = search_value("1x4", rules, true, moves, nullptr, false));
    CHECK_NOTHROW(a = search_value("1x4", rules, true, moves, &st, true));
    CHECK(a.identical(b));
    one_sided += st.one_sided;
  }
  for (int trial = 0; trial < 6; ++trial) {
    const auto moves = random_line("1x3", "kee-2005:japanese", rng, 4 + 5 * trial);
    INFO("japanese 1x3 after " << moves.size() << " moves");
    CHECK(search_value("1x3", "kee-2005:japanese", true, moves, nullptr, true)
              .identical(search_value("1x3", "kee-2005:japanese", true, moves, nullptr, false)));
  }
  CHECK(one_sided > 0);
}

TEST_CASE("kee-2005 fact sides: one table across histories equals the reference solver", "[kee-2005][generic][facts][ghi]") {
  // As the contained-facts test above, both suicide options, with the
  // one-sided reuse counted: one search object (one table) for every history.
  for (const auto& [board, rules, trials] :
       {std::tuple{"1x3", "kee-2005", 12}, std::tuple{"1x3", "kee-2005:no-suicide", 12},
        std::tuple{"1x2", "kee-2005:japanese", 8}, std::tuple{"1x2", "kee-2005:japanese,no-suicide", 8}}) {
    const Board b = Board::parse(board);
    Kee2005Game g(b, RuleSet::parse(rules), 0);
    g.set_contained_facts(true);
    search::GenericOptions o;
    o.deepening_step = 4;
    o.fact_sides = true;
    search::GenericSearch<Kee2005Game> solver(g, o);
    std::mt19937 rng(2405);
    for (int trial = 0; trial < trials; ++trial) {
      const auto moves = random_line(board, rules, rng, 1 + trial * 2);
      replay_moves(g, moves);
      const Value v = solver.value();
      for (std::size_t i = 0; i < moves.size(); ++i) g.undo();
      INFO(board << " " << rules << " after " << moves.size() << " moves");
      CHECK(v.identical(test::solve_value(board, rules, true, moves)));
    }
    CHECK(solver.stats().hits > 0);
  }
}
