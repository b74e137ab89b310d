// One-sided reuse for the area rulesets (session 25; docs/solving.md section
// 4, "Session 25: one-sided reuse for the area rulesets"): the superko facts
// of international (ko=positional), ikeda-1 (ko=positional and
// positional-per-phase) and the kee-2016 search game carry a side
// (fact_side), and the generic search reuses a stored lower bound where
// every +1 fact is at most and every -1 fact at least its stored value
// (upper bounds: the mirror). Checked here:
//  - the properties the proof rests on, over random histories of one game
//    object: sided values are small ordered integers; with the key and the
//    move fixed a larger old value never gives a smaller new one; a history
//    whose listed facts moved the harmless way for a bound keeps what that
//    bound needs (the opponent's legal moves only shrink, each move of the
//    player whose child facts moved that way stays legal);
//  - the search gives the same values with one-sided reuse and without, on
//    small boards and after random histories, and one-sided probes occurred;
//  - one table across random histories equals the reference solver.
#include <catch2/catch.hpp>

#include <algorithm>
#include <map>
#include <random>
#include <type_traits>

#include "core/rules/games.hpp"
#include "generator/reference/kee2016_search.hpp"
#include "generator/search/generic_search.hpp"
#include "tests/random_history.hpp"
#include "tests/solve_value.hpp"

using namespace gotb;

namespace {

using Key = std::vector<std::uint64_t>;
using Valued = std::vector<std::pair<std::uint64_t, std::int64_t>>;

template <class G>
Valued valued(const G& g, const std::vector<std::uint64_t>& ids) {
  Valued out;
  for (std::uint64_t id : ids) out.push_back({id, g.fact(id)});
  return out;
}

// Whether the current history relates to the recorded one on `facts` as a
// lower bound needs (lo: +1 facts at most, -1 at least, side 0 equal) and
// as an upper bound needs (hi: the mirror).
template <class G>
std::pair<bool, bool> relation(const G& g, const Valued& facts) {
  bool lo = true, hi = true;
  for (const auto& [id, v] : facts) {
    const std::int64_t now = g.fact(id);
    if (now == v) continue;
    const std::int64_t d = g.fact_side(id) * (now - v);
    if (d >= 0) lo = false;  // side 0 (d == 0 with now != v) breaks both
    if (d <= 0) hi = false;
  }
  return {lo, hi};
}

struct Record {
  Valued listed;                            // legal_moves_with_facts' ids, valued
  std::vector<Move> moves;                  // legal moves then
  std::vector<std::pair<Move, Valued>> own;  // per legal move: the child's current_facts, valued at the parent
};

struct ContractTally {
  std::size_t sided = 0, compared = 0, one_sided = 0, rises = 0;
};

bool contains(const std::vector<Move>& v, Move m) { return std::find(v.begin(), v.end(), m) != v.end(); }

// Random lines on one game object (passes drawn often, so that phases and
// pass states change); at every node the checks of the file comment.
// `side_of_listed(id, mover)` says which side a listed id may have.
template <class G, class SideOk>
ContractTally check_contract(G& g, unsigned seed, int games, int max_plies, SideOk side_ok) {
  std::mt19937 rng(seed);
  ContractTally t;
  std::map<Key, std::vector<Record>> records;
  std::map<std::tuple<Key, int, std::uint64_t, std::int64_t>, std::int64_t> after_of;
  std::vector<std::uint64_t> seen;
  for (int game = 0; game < games; ++game) {
    int plies = 0;
    while (!g.is_over() && plies < max_plies) {
      Key key;
      g.search_key(key);
      std::vector<Move> moves;
      std::vector<std::uint64_t> ids;
      g.legal_moves_with_facts(moves, ids);
      const int mine = g.to_move() == Color::Black ? 1 : -1;
      for (std::uint64_t id : ids) {
        const int side = g.fact_side(id);
        INFO("fact " << id << " side " << side);
        REQUIRE(side_ok(id, side, mine));
        if (side != 0) {
          ++t.sided;
          const std::int64_t v = g.fact(id);
          REQUIRE(v >= 0);
          REQUIRE(v <= 3);
          seen.push_back(id);
        }
      }
      // Against the records of this key: what a one-sided bound needs.
      std::vector<Record>& recs = records[key];
      for (const Record& r : recs) {
        const auto [lo, hi] = relation(g, r.listed);
        ++t.compared;
        if (lo != hi) ++t.one_sided;
        // The opponent of a bound's player over all moves: no new move.
        if (mine == -1 && lo)
          for (Move m : moves) REQUIRE(contains(r.moves, m));
        if (mine == 1 && hi)
          for (Move m : moves) REQUIRE(contains(r.moves, m));
        // The bound's player: a move chosen there stays legal when its own
        // facts moved the harmless way.
        for (const auto& [m, own] : r.own) {
          const auto [olo, ohi] = relation(g, own);
          if ((mine == 1 && olo) || (mine == -1 && ohi)) REQUIRE(contains(moves, m));
        }
      }
      if (recs.size() < 8) {
        Record r{valued(g, ids), moves, {}};
        for (Move m : moves) {
          g.play(m);
          std::vector<std::uint64_t> own;
          g.current_facts(own);
          g.undo();
          r.own.push_back({m, valued(g, own)});
        }
        recs.push_back(std::move(r));
      }
      // The move and the monotone update of a sample of facts.
      const Move m = test::random_move_passes_often(g, rng, 1);
      const int mslot = m.kind == MoveKind::Play ? m.point : -1 - static_cast<int>(m.kind);
      std::vector<std::uint64_t> sample;
      for (int i = 0; i < 24 && !seen.empty(); ++i) sample.push_back(seen[rng() % seen.size()]);
      std::vector<std::int64_t> before;
      for (std::uint64_t id : sample) before.push_back(g.fact(id));
      g.play(m);
      ++plies;
      for (std::size_t i = 0; i < sample.size(); ++i) {
        const std::int64_t after = g.fact(sample[i]);
        t.rises += after > before[i];
        auto [it, fresh] = after_of.try_emplace({key, mslot, sample[i], before[i]}, after);
        INFO("fact " << sample[i] << " before " << before[i]);
        REQUIRE(it->second == after);  // (G2): a function of the key, the move and the old value
      }
      if (seen.size() > 20000) seen.erase(seen.begin(), seen.begin() + 10000);
    }
    while (g.ply() > 0) g.undo();
  }
  // Nondecreasing: with the same key, move and fact, a larger old value
  // never gives a smaller new one.
  for (auto it = after_of.begin(); it != after_of.end(); ++it) {
    auto next = std::next(it);
    for (; next != after_of.end(); ++next) {
      const auto& [k1, m1, id1, b1] = it->first;
      const auto& [k2, m2, id2, b2] = next->first;
      if (!(k1 == k2 && m1 == m2 && id1 == id2)) break;
      INFO("fact " << id1 << ": " << b1 << " -> " << it->second << ", " << b2 << " -> " << next->second);
      REQUIRE(it->second <= next->second);  // b1 < b2 (map order)
    }
  }
  return t;
}

// Kee2016SearchGame has no ply(); a wrapper counting its own plays.
struct Kee2016Walk {
  Kee2016SearchGame& g;
  std::size_t plies = 0;
  bool is_over() const { return g.is_over(); }
  Color to_move() const { return g.to_move(); }
  void search_key(Key& k) const { g.search_key(k); }
  void legal_moves(std::vector<Move>& m) const { g.legal_moves(m); }
  void legal_moves_with_facts(std::vector<Move>& m, std::vector<std::uint64_t>& f) const { g.legal_moves_with_facts(m, f); }
  void current_facts(std::vector<std::uint64_t>& f) const { g.current_facts(f); }
  std::int64_t fact(std::uint64_t id) const { return g.fact(id); }
  int fact_side(std::uint64_t id) const { return g.fact_side(id); }
  void play(Move m) { g.play(m), ++plies; }
  void undo() { g.undo(), --plies; }
  std::size_t ply() const { return plies; }
};

search::GenericOptions options(bool fact_sides) {
  search::GenericOptions o;
  o.deepening_step = 4;
  o.fact_sides = fact_sides;
  return o;
}

// Value of the game (international or ikeda-1) after `moves`, with or
// without one-sided reuse; the stats if asked.
template <class G>
Value search_value(const std::string& board, const std::string& rules, const std::vector<std::string>& moves,
                   bool fact_sides, search::GenericStats* stats = nullptr) {
  const Board b = Board::parse(board);
  G g(b, RuleSet::parse(rules), 0);
  replay_moves(g, moves);
  search::GenericSearch<G> s(g, options(fact_sides));
  const Value v = s.value();
  if (stats) *stats = s.stats();
  return v;
}

Value kee2016_value(const std::string& board, const std::vector<std::string>& moves, bool fact_sides,
                    search::GenericStats* stats = nullptr) {
  const Board b = Board::parse(board);
  Kee2016Game g(b, RuleSet::parse("kee-2016"), 0);
  replay_moves(g, moves);
  Kee2016Anchored<search::GenericSearch<Kee2016SearchGame>> solver(b, 0, options(fact_sides));
  const Value v = solver.value(g);
  if (stats) *stats = solver.inner().stats();
  return v;
}

const char* const kInternational[] = {"international", "international:no-suicide", "international:equivalence",
                                      "international:equivalence,no-suicide"};
const char* const kIkeda[] = {"ikeda-1", "ikeda-1:ko=positional-per-phase"};

}  // namespace

TEST_CASE("area fact sides: ordered values, monotone updates, what a one-sided bound needs",
          "[generic][facts][international][ikeda-1][kee-2016]") {
  // International and ikeda-1: a listed fact is (board, mover), side of the
  // player to move; basic-exceptional / basic-play facts have no side.
  auto mover_side = [](std::uint64_t, int side, int mine) { return side == mine; };
  auto no_side = [](std::uint64_t, int side, int) { return side == 0; };
  for (const char* rules : kInternational)
    for (const char* board : {"1x4", "2x2", "1x5"}) {
      const Board b = Board::parse(board);
      InternationalGame g(b, RuleSet::parse(rules), 0);
      const ContractTally t = check_contract(g, 25, 60, 80, mover_side);
      INFO(rules << " " << board);
      CHECK(t.sided > 100);
      CHECK(t.rises > 0);
      CHECK(t.one_sided > 0);  // histories met whose facts differ only the harmless way for one bound
    }
  for (const char* rules : kIkeda)
    for (const char* board : {"1x4", "2x2", "1x5"}) {
      const Board b = Board::parse(board);
      IkedaGame g(b, RuleSet::parse(rules), 0);
      const ContractTally t = check_contract(g, 26, 60, 80, mover_side);
      INFO(rules << " " << board);
      CHECK(t.sided > 100);
      CHECK(t.rises > 0);
      CHECK(t.one_sided > 0);
    }
  {
    const Board b = Board::parse("2x2");
    InternationalGame g(b, RuleSet::parse("international:basic-exceptional"), 0);
    check_contract(g, 27, 20, 60, no_side);
    IkedaGame h(b, RuleSet::parse("ikeda-1:ko=basic-play"), 0);
    check_contract(h, 28, 20, 60, no_side);
  }
  // The kee-2016 search game: the stone role (id bit 1 clear) has the
  // side of the player to move, the appeal role the opposite.
  auto kee_side = [](std::uint64_t id, int side, int mine) { return side == ((id & 2) ? -mine : mine); };
  std::size_t kee_one_sided = 0;
  for (const char* board : {"1x3", "1x4", "2x2"}) {
    const Board b = Board::parse(board);
    Kee2016Game real(b, RuleSet::parse("kee-2016"), 0);
    Kee2016SearchGame g(b, 0);
    g.anchor(real, Value::score(0, 0));
    Kee2016Walk w{g};
    const ContractTally t = check_contract(w, 29, 80, 60, kee_side);
    INFO("kee-2016 " << board);
    CHECK(t.sided > 100);
    CHECK(t.rises > 0);
    kee_one_sided += t.one_sided;
  }
  // Rarer than under positional superko: where the appeal is illegal, every
  // candidate's stone and appeal roles are listed, which ties its rank.
  CHECK(kee_one_sided > 0);
}

TEST_CASE("area fact sides: the same values with one-sided reuse and without", "[generic][facts][international][ikeda-1][kee-2016]") {
  std::uint64_t international = 0, ikeda = 0, kee = 0;
  std::mt19937 rng(2525);
  for (const char* rules : kInternational) {
    for (const char* board : {"1x1", "1x2", "1x3", "1x4", "1x5", "2x2"}) {
      INFO(rules << " " << board);
      search::GenericStats st{};
      CHECK(search_value<InternationalGame>(board, rules, {}, true, &st)
                .identical(search_value<InternationalGame>(board, rules, {}, false)));
      international += st.one_sided;
    }
    for (int trial = 0; trial < 4; ++trial) {
      const auto moves = test::random_line_on<InternationalGame>("1x5", rules, rng, 2 + 3 * trial);
      INFO(rules << " 1x5 after " << moves.size() << " moves");
      search::GenericStats st{};
      CHECK(search_value<InternationalGame>("1x5", rules, moves, true, &st)
                .identical(search_value<InternationalGame>("1x5", rules, moves, false)));
      international += st.one_sided;
    }
  }
  for (const char* rules : kIkeda) {
    for (const char* board : {"1x1", "1x2", "1x3", "1x4", "1x5", "2x2"}) {
      INFO(rules << " " << board);
      search::GenericStats st{};
      CHECK(search_value<IkedaGame>(board, rules, {}, true, &st).identical(search_value<IkedaGame>(board, rules, {}, false)));
      ikeda += st.one_sided;
    }
    for (int trial = 0; trial < 4; ++trial) {
      const auto moves = test::random_line_on<IkedaGame>("2x2", rules, rng, 2 + 3 * trial);
      INFO(rules << " 2x2 after " << moves.size() << " moves");
      search::GenericStats st{};
      CHECK(search_value<IkedaGame>("2x2", rules, moves, true, &st)
                .identical(search_value<IkedaGame>("2x2", rules, moves, false)));
      ikeda += st.one_sided;
    }
  }
  for (const char* board : {"1x1", "1x2", "1x3", "1x4", "1x5", "2x2", "2x3"}) {
    INFO("kee-2016 " << board);
    search::GenericStats st{};
    CHECK(kee2016_value(board, {}, true, &st).identical(kee2016_value(board, {}, false)));
    kee += st.one_sided;
  }
  for (int trial = 0; trial < 6; ++trial) {
    const auto moves = test::random_line_on<Kee2016Game>("1x5", "kee-2016", rng, 2 + 3 * trial);
    INFO("kee-2016 1x5 after " << moves.size() << " moves");
    search::GenericStats st{};
    CHECK(kee2016_value("1x5", moves, true, &st).identical(kee2016_value("1x5", moves, false)));
    kee += st.one_sided;
  }
  // The comparison means something only where one-sided probes happened.
  CHECK(international > 0);
  CHECK(ikeda > 0);
  CHECK(kee > 0);
}

TEST_CASE("area fact sides: one table across histories equals the reference solver",
          "[generic][facts][international][ikeda-1][kee-2016][ghi]") {
  auto one_table = [](auto tag, const char* board, const char* rules, unsigned seed, int trials) {
    using G = typename decltype(tag)::type;
    const Board b = Board::parse(board);
    G g(b, RuleSet::parse(rules), 0);
    search::GenericSearch<G> solver(g, options(true));
    std::mt19937 rng(seed);
    for (int trial = 0; trial < trials; ++trial) {
      const auto moves = test::random_line_on<G>(board, rules, rng, 1 + trial % 11);
      replay_moves(g, moves);
      const Value v = solver.value();
      for (std::size_t i = 0; i < moves.size(); ++i) g.undo();
      INFO(rules << " " << board << " after " << moves.size() << " moves");
      // (kind included: these ko options have no no-result end)
      CHECK(v.identical(test::solve_value(board, rules, true, moves)));
    }
    return solver.stats().one_sided;
  };
  std::uint64_t one_sided = 0;
  for (const char* rules : kInternational)
    for (const char* board : {"1x4", "2x2"})
      one_sided += one_table(std::type_identity<InternationalGame>{}, board, rules, 251, 16);
  for (const char* rules : kIkeda)
    for (const char* board : {"1x4", "2x2"})
      one_sided += one_table(std::type_identity<IkedaGame>{}, board, rules, 252, 16);
  CHECK(one_sided > 0);
  // kee-2016: one anchored driver (one table for every anchor).
  std::uint64_t kee = 0;
  for (const char* board : {"1x4", "2x2"}) {
    const Board b = Board::parse(board);
    Kee2016Game g(b, RuleSet::parse("kee-2016"), 0);
    Kee2016Anchored<search::GenericSearch<Kee2016SearchGame>> solver(b, 0, options(true));
    std::mt19937 rng(253);
    for (int trial = 0; trial < 16; ++trial) {
      const auto moves = test::random_line_on<Kee2016Game>(board, "kee-2016", rng, 1 + trial % 9);
      replay_moves(g, moves);
      const Value v = solver.value(g);
      for (std::size_t i = 0; i < moves.size(); ++i) g.undo();
      INFO("kee-2016 " << board << " after " << moves.size() << " moves");
      CHECK(v.identical(test::solve_value(board, "kee-2016", true, moves)));
    }
    kee += solver.inner().stats().one_sided;
  }
  CHECK(kee > 0);
}
