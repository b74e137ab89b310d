// The proof ring's storage (search_table.hpp; docs/solving.md §3, "Session
// 27"): 32-bit words where a situation fits them, and lists shared with an
// equal list already in the ring. Both change where the words live, never
// which words a reader gets: find_list must return only offsets holding the
// very words asked for, read_list must give back what put() wrote, and the
// search must keep the reference solver's values with sharing on and off,
// also in a ring so small that lists are overwritten all the time.
#include <bit>
#include <catch2/catch.hpp>
#include <memory>
#include <random>

#include "core/budget.hpp"
#include "core/rules/games.hpp"
#include "generator/search/search_solver.hpp"
#include "generator/search/search_table.hpp"
#include "generator/search/solve_search.hpp"
#include "tests/random_history.hpp"
#include "tests/solve_value.hpp"

using namespace gotb;
using LS = search::SearchOptions::ListSharing;

namespace {

// A random situation key of an n-point board (search_solver.hpp's layout:
// black bits 0-30, white 31-61, the player to move in bit 62 under
// situational superko).
std::uint64_t random_situation(std::mt19937_64& rng, int n, bool situational) {
  const std::uint64_t all = (std::uint64_t{1} << n) - 1;
  const std::uint64_t black = rng() & all, white = rng() & all & ~black;
  return black | white << 31 | (situational ? (rng() & 1) << 62 : 0);
}

// A list as save() writes it: situations, then (when masked) a stone mask.
std::vector<std::uint64_t> random_list(std::mt19937_64& rng, int n, bool situational, int len, bool masked) {
  std::vector<std::uint64_t> w;
  for (int i = 0; i < len; ++i) w.push_back(random_situation(rng, n, situational));
  if (masked) w.push_back(rng() & ((std::uint64_t{1} << n) - 1));
  return w;
}

}  // namespace

TEST_CASE("ring words are 32 bits exactly where a situation fits them", "[lists]") {
  struct Case {
    const char* board;
    const char* rules;
    bool narrow;
  };
  for (const Case& c : {Case{"1x12", "tromp-taylor", true}, Case{"1x15", "tromp-taylor:ssk", true},
                        Case{"1x16", "tromp-taylor:ssk", false}, Case{"4x4", "tromp-taylor", true},
                        Case{"4x4", "tromp-taylor:ssk", false}, Case{"1x17", "tromp-taylor", false},
                        Case{"5x5", "tromp-taylor", false}}) {
    INFO(c.board << " " << c.rules);
    const Board b = Board::parse(c.board);
    const auto cfg = TrompTaylorConfig::from(RuleSet::parse(c.rules));
    search::SearchTable t(b, cfg, 1, 1, 64);
    CHECK(t.narrow_words() == c.narrow);
    // The same megabytes hold twice the words when they are narrow.
    search::SearchTable wide(b, cfg, 1, 1, 64, false, true);
    CHECK_FALSE(wide.narrow_words());
    CHECK(t.ring_words() == (c.narrow ? 2 : 1) * wide.ring_words());
    // Every word written reads back: situations with all points taken, the
    // player to move, masks of the whole board and of none.
    std::mt19937_64 rng(7);
    const int n = b.size();
    const bool ssk = cfg.situational;
    const std::uint64_t all = (std::uint64_t{1} << n) - 1;
    std::vector<std::uint64_t> words = random_list(rng, n, ssk, 40, true);
    words.push_back(all);                                           // all black
    words.push_back(all << 31 | (ssk ? std::uint64_t{1} << 62 : 0));  // all white, white to move
    words.push_back(0);
    words.push_back(all);  // a full mask as the last word
    for (auto* table : {&t, &wide}) {
      const std::uint64_t at = table->add_list(words.data(), static_cast<int>(words.size()), 0, false);
      std::vector<std::uint64_t> back;
      REQUIRE(table->read_list(at, static_cast<int>(words.size()), back));
      CHECK(back == words);
    }
  }
}

TEST_CASE("find_list returns exactly the lists equal word for word, masks included", "[lists]") {
  for (bool wide : {false, true})
    for (auto [board, rules] : {std::pair{"1x12", "tromp-taylor"}, std::pair{"3x5", "tromp-taylor:ssk"},
                                std::pair{"4x4", "tromp-taylor"}}) {
      INFO(board << " " << rules << (wide ? " 64-bit" : " natural"));
      const Board b = Board::parse(board);
      const auto cfg = TrompTaylorConfig::from(RuleSet::parse(rules));
      const int n = b.size();
      // max_dependencies 256: the smallest ring, 1,024 words, and 1,024 index slots.
      search::SearchTable t(b, cfg, 1, 0, 256, false, wide);
      REQUIRE(t.narrow_words() == !wide);
      REQUIRE(t.ring_words() == 1024);
      std::mt19937_64 rng(11);
      using T = search::SearchTable;
      auto find = [&](const std::vector<std::uint64_t>& w) {
        return t.find_list(w.data(), static_cast<int>(w.size()), T::list_hash(w.data(), static_cast<int>(w.size())));
      };
      // The same words looked up under another list's hash (a collision in
      // the index): only an equal list may be returned.
      auto find_as = [&](const std::vector<std::uint64_t>& w, const std::vector<std::uint64_t>& as) {
        return t.find_list(w.data(), static_cast<int>(w.size()),
                           T::list_hash(as.data(), static_cast<int>(as.size())));
      };
      auto add = [&](const std::vector<std::uint64_t>& w, bool index = true) {
        return t.add_list(w.data(), static_cast<int>(w.size()), T::list_hash(w.data(), static_cast<int>(w.size())),
                          index);
      };
      const std::vector<std::uint64_t> a = random_list(rng, n, cfg.situational, 20, true);
      CHECK(find(a) == T::kNotFound);  // nothing written yet
      const std::uint64_t at = add(a);
      CHECK(find(a) == at);
      // Unequal: another mask, another situation, one word less or more, the
      // same words in another order, the mask read as a situation.
      std::vector<std::uint64_t> x = a;
      x.back() ^= 1;
      CHECK(find(x) == T::kNotFound);
      CHECK(find_as(x, a) == T::kNotFound);
      x = a;
      x[3] ^= std::uint64_t{1} << 31;
      CHECK(find(x) == T::kNotFound);
      CHECK(find_as(x, a) == T::kNotFound);
      x = a;
      x.pop_back();
      CHECK(find(x) == T::kNotFound);
      CHECK(find_as(x, a) == T::kNotFound);
      x = a;
      x.push_back(a.front());
      CHECK(find(x) == T::kNotFound);
      CHECK(find_as(x, a) == T::kNotFound);
      x = a;
      std::swap(x[0], x[1]);
      CHECK(find(x) == T::kNotFound);
      CHECK(find_as(x, a) == T::kNotFound);
      x = a;
      if (cfg.situational) {  // the player to move differs
        x[5] ^= std::uint64_t{1} << 62;
        CHECK(find_as(x, a) == T::kNotFound);
      }
      CHECK(find_as(a, a) == at);
      // A list written without an index entry is not found; the indexed one
      // under the same hash stays (the index keeps the last list published).
      const std::vector<std::uint64_t> c = random_list(rng, n, cfg.situational, 7, false);
      add(c, false);
      CHECK(find(c) == T::kNotFound);
      CHECK(find(a) == at);
      // An equal list written again is found at its newer offset.
      const std::uint64_t at2 = add(a);
      CHECK(at2 > at);
      CHECK(find(a) == at2);
      // Past the younger half of the ring a list is no longer shared (it is
      // still readable until a whole ring has passed).
      while (t.young(at2)) add(random_list(rng, n, cfg.situational, 30, false));
      CHECK(find(a) == T::kNotFound);
      std::vector<std::uint64_t> back;
      if (t.read_list(at2, static_cast<int>(a.size()), back)) CHECK(back == a);
      // Many lists, some repeated, hash slots shared: whatever find_list
      // returns holds exactly the words asked for.
      std::vector<std::vector<std::uint64_t>> pool;
      for (int i = 0; i < 64; ++i) pool.push_back(random_list(rng, n, cfg.situational, 1 + static_cast<int>(rng() % 12), rng() % 2));
      int found = 0;
      for (int i = 0; i < 3000; ++i) {
        const auto& w = pool[rng() % pool.size()];
        const std::uint64_t f = find(w);
        if (f == T::kNotFound) {
          add(w);
          continue;
        }
        ++found;
        REQUIRE(t.read_list(f, static_cast<int>(w.size()), back));
        CHECK(back == w);
      }
      CHECK(found > 1000);
    }
}

namespace {

// A table whose ring holds 4,096 words: a list lives for a few hundred stores.
std::shared_ptr<search::SearchTable> tiny_table(const std::string& board, const std::string& rules, bool wide) {
  return std::make_shared<search::SearchTable>(Board::parse(board), TrompTaylorConfig::from(RuleSet::parse(rules)), 1,
                                               0, 1024, false, wide);
}

}  // namespace

// Sharing and the word width change where lists live: in a ring that never
// wraps the search makes the same decisions node for node.
TEST_CASE("shared lists and 32-bit words leave the search unchanged while no list is lost", "[lists][search]") {
  for (auto [board, rules] : {std::pair{"2x3", "tromp-taylor"}, std::pair{"1x7", "tromp-taylor:ssk"},
                              std::pair{"2x4", "tromp-taylor"}}) {
    INFO(board << " " << rules);
    const Board b = Board::parse(board);
    const auto cfg = TrompTaylorConfig::from(RuleSet::parse(rules));
    search::SearchOptions base;
    base.table_megabytes = base.proof_megabytes = 16;
    base.share_lists = LS::Off;
    base.wide_ring = true;
    search::TrompTaylorSearch plain(b, cfg, 0, base);
    const Value v = plain.value();
    if (std::string(board) == "2x3") CHECK(v.identical(test::solve_value(board, rules)));  // (the reference takes minutes on the others)
    REQUIRE(plain.stats().reject_lost == 0);
    // (8 MiB of 64-bit words: a ring far from half full here.)
    REQUIRE(plain.stats().list_saved_words < (std::uint64_t{1} << 19));
    for (LS share : {LS::Off, LS::On, LS::Auto})
      for (bool wide : {false, true}) {
        search::SearchOptions o = base;
        o.share_lists = share;
        o.wide_ring = wide;
        search::TrompTaylorSearch s(b, cfg, 0, o);
        CHECK(s.value().identical(v));
        CHECK(s.stats().nodes == plain.stats().nodes);
        CHECK(s.stats().stores == plain.stats().stores);
        CHECK(s.stats().list_saved_words <= plain.stats().list_saved_words);
        // Auto shares nothing in a ring under half full: it writes what Off writes.
        if (share == LS::On) CHECK(s.stats().lists_shared > 0);
        else CHECK(s.stats().lists_shared == 0);
        if (share == LS::Auto) CHECK(s.stats().list_saved_words == plain.stats().list_saved_words);
      }
  }
}

// A ring of 4,096 words overwrites lists all the time: entries whose lists
// are lost, lists shared just before they are lost, offsets reused. One
// search (one table) carried across many histories, as in "one search table
// stays exact across many histories", with sharing on and off and both word
// widths: every value must be the reference solver's.
TEST_CASE("a tiny ring with shared lists keeps every value across histories", "[lists][search][ghi]") {
  std::mt19937 rng(27);
  std::uint64_t lost = 0, shared = 0;
  for (auto rules : {"tromp-taylor", "tromp-taylor:ssk", "tromp-taylor:no-suicide"})
    for (auto board : {"1x5", "2x2", "2x3", "ring:5"})
      for (LS share : {LS::On, LS::Off, LS::Auto})
        for (bool wide : {false, true}) {
          const Board b = Board::parse(board);
          const RuleSet rs = RuleSet::parse(rules);
          search::SearchOptions opt;
          opt.share_lists = share;
          opt.table = tiny_table(board, rules, wide);
          search::TrompTaylorSearch s(b, TrompTaylorConfig::from(rs), 0, opt);
          for (int trial = 0; trial < 8; ++trial) {
            TrompTaylorGame g(b, rs, 0);
            auto names = test::random_history(g, rng, static_cast<int>(rng() % 14));
            std::vector<Move> moves;
            for (const auto& name : names) {
              Move m;
              REQUIRE(g.parse_move(name, m));
              moves.push_back(m);
            }
            for (Move m : moves) s.play(m);
            INFO(board << " " << rules << (share == LS::On ? " shared" : share == LS::Off ? " copied" : " auto")
                       << (wide ? " 64-bit" : " natural")
                       << " trial " << trial << " after " << names.size() << " moves");
            CHECK(s.value().identical(test::solve_value(board, rules, true, names)));
            for (std::size_t i = 0; i < moves.size(); ++i) s.undo();
          }
          lost += s.stats().reject_lost;
          shared += s.stats().lists_shared;
          if (share == LS::Off) CHECK(s.stats().lists_shared == 0);
        }
  CHECK(lost > 0);    // the ring was overwritten under the searches
  CHECK(shared > 0);  // and lists were shared in it
}

// Two and three threads on one tiny ring: lists shared across threads while
// others overwrite the ring.
TEST_CASE("teams on a tiny ring with shared lists keep the value", "[lists][search][threads]") {
  for (auto [board, rules] : {std::pair{"2x3", "tromp-taylor"}, std::pair{"1x6", "tromp-taylor:ssk"}}) {
    const Value expected = test::solve_value(board, rules);
    INFO(board << " " << rules << " reference " << expected.to_string());
    for (int threads : {2, 3}) {
      INFO(board << " " << rules << " " << threads << " threads");
      SolveRequest req{Board::parse(board), RuleSet::parse(rules), 0, {}, {}};
      req.with_move_values = false;
      req.with_pv = false;
      search::SearchOptions o;
      o.threads = threads;
      o.table = tiny_table(board, rules, false);
      o.node_limit = 20'000'000;  // a regression fails, not hangs
      CHECK(search_solve(req, o).value.identical(expected));
    }
  }
}

// ListSharing::Auto (the default, Session 28) shares from the moment half
// the ring has been written, never before: a list written earlier is
// written, not shared, even when an equal list is in the ring. The switch
// is the table's cursor, so it holds for every search on the table.
TEST_CASE("auto sharing starts when half the ring is written", "[lists]") {
  auto t = tiny_table("2x3", "tromp-taylor", false);
  const std::uint64_t half = t->ring_words() / 2;
  CHECK(!t->half_full());
  t->reserve(half - 1);
  CHECK(!t->half_full());
  t->reserve(1);
  CHECK(t->half_full());

  // A ring that one search fills past half but never wraps (no list lost,
  // so Off and Auto search alike node for node): Auto must write, word for
  // word, what Off writes into the first half of the ring (nothing shared
  // there), and share after it. The searches that fill the 4,096-word ring
  // that far are picked from a list (how much a search writes is not this
  // test's business); at least two must. A candidate search whose ring
  // wraps can take very long (1x7: every test stopped from 24 plies on,
  // each horizon four times the one before; docs/solving.md §3, "Session
  // 30: stall_aim"), so each has a node limit: one that reaches it is not
  // used, like one that wraps the ring. Both settings of stall_aim.
  for (bool stall_aim : {false, true}) {
    INFO("stall_aim " << stall_aim);
    std::uint64_t shared_after = 0;
    int used = 0;
    for (auto [board, rules] :
         {std::pair{"2x3", "tromp-taylor"}, std::pair{"2x4", "tromp-taylor"},
          std::pair{"2x4", "tromp-taylor:ssk"}, std::pair{"2x4", "tromp-taylor:no-suicide"},
          std::pair{"1x6", "tromp-taylor"}, std::pair{"1x6", "tromp-taylor:ssk"},
          std::pair{"1x6", "tromp-taylor:no-suicide"}, std::pair{"1x7", "tromp-taylor"},
          std::pair{"3x3", "tromp-taylor:no-suicide"}}) {
      INFO(board << " " << rules);
      const Board b = Board::parse(board);
      const auto cfg = TrompTaylorConfig::from(RuleSet::parse(rules));
      search::SearchOptions off, au;
      off.share_lists = LS::Off;
      au.share_lists = LS::Auto;
      off.stall_aim = au.stall_aim = stall_aim;
      off.node_limit = 2'000'000;
      off.table = tiny_table(board, rules, false);
      au.table = tiny_table(board, rules, false);
      const std::uint64_t ring = off.table->ring_words();
      search::TrompTaylorSearch so(b, cfg, 0, off);
      Value v;
      try {
        v = so.value();
      } catch (const NodeLimitReached&) {
        continue;
      }
      if (so.stats().list_saved_words <= ring / 2 || so.stats().list_saved_words > ring) continue;
      ++used;
      REQUIRE(so.stats().reject_lost == 0);
      search::TrompTaylorSearch sa(b, cfg, 0, au);
      CHECK(sa.value().identical(v));
      CHECK(sa.stats().nodes == so.stats().nodes);
      CHECK(sa.stats().list_saved_words + sa.stats().list_shared_words == so.stats().list_saved_words);
      std::vector<std::uint64_t> first_off, first_auto;
      REQUIRE(off.table->read_list(0, static_cast<int>(ring / 2), first_off));
      REQUIRE(au.table->read_list(0, static_cast<int>(ring / 2), first_auto));
      CHECK(first_off == first_auto);
      shared_after += sa.stats().lists_shared;
    }
    CHECK(used >= 2);
    CHECK(shared_after > 0);
  }
}
