// Session 23's speed-ups of the exact search's bookkeeping (docs/solving.md
// §3, "Session 23"): each must compute exactly what the slower code it
// replaces computed.
#include <catch2/catch.hpp>
#include <algorithm>
#include <random>
#include <set>

#include "core/position.hpp"
#include "generator/retrograde/exact_fixpoints.hpp"
#include "generator/retrograde/ko_index.hpp"
#include "generator/search/key_set.hpp"
#include "generator/search/move_ordering.hpp"
#include "generator/search/proof_deps.hpp"

using namespace gotb;

// The ordering's one-rank lookup of a child against the checked lookup it
// replaced (state_of, and the state without a ban where the ban is not one
// of the exact game's), over random games with captures and kos, both
// suicide rules, boards with 2, 4 and 8 symmetries.
TEST_CASE("ko index: state_of_legal equals the checked lookup on every child of random games", "[ordering][speed]") {
  for (const char* name : {"1x5", "2x3", "3x3", "2x4"}) {
    const Board b = Board::parse(name);
    const retro::KoStateIndex idx(b);
    std::mt19937 rng(7);
    std::uint64_t children = 0, bans = 0;
    for (SuicideRule suicide : {SuicideRule::Forbidden, SuicideRule::Allowed}) {
      for (int game = 0; game < 60; ++game) {
        Position pos{};
        Color to_move = Color::Black;
        for (int ply = 0; ply < 40; ++ply) {
          std::vector<std::pair<int, Position>> plays;
          for (int p = 0; p < b.size(); ++p) {
            PlayOutcome o;
            if (play_stone(b, pos, to_move, p, suicide, o) != PlayStatus::Ok) continue;
            plays.push_back({p, o.next});
            const Color next_to_move = opponent(to_move);
            const int ko = search::RetroOrdering::ko_after_play(b, pos, to_move, p, o.next);
            std::uint64_t want = idx.state_of(o.next, next_to_move, 0, ko);
            if (want == retro::kNoStateIndex) want = idx.state_of(o.next, next_to_move, 0, -1);
            REQUIRE(want != retro::kNoStateIndex);
            CHECK(idx.state_of_legal(o.next, next_to_move, 0, ko) == want);
            ++children;
            bans += ko >= 0 && want >= 2 * idx.positions().positions();
          }
          // The pass child (passes 1).
          CHECK(idx.state_of_legal(pos, opponent(to_move), 1, -1) == idx.state_of(pos, opponent(to_move), 1, -1));
          if (plays.empty()) break;
          pos = plays[rng() % plays.size()].second;
          to_move = opponent(to_move);
        }
      }
    }
    INFO(name);
    CHECK(children > 1000);
    if (b.size() >= 5) CHECK(bans > 0);  // kos were looked up with their ban
  }
}

TEST_CASE("key set: insert reports each key once, the free-slot marker included", "[speed]") {
  search::KeySet s;
  std::mt19937_64 rng(3);
  for (std::size_t n : {1u, 5u, 40u, 1000u}) {
    s.reset(n);
    std::set<std::uint64_t> ref;
    for (std::size_t i = 0; i < n; ++i) {
      // Few distinct values (many repeats), and the all-ones key.
      const std::uint64_t k = i % 7 == 0 ? ~std::uint64_t{0} : rng() % (n / 2 + 1);
      CHECK(s.insert(k) == ref.insert(k).second);
    }
  }
}

// unite() sorts short unions and hashes long ones; both must give the set
// union, each fact once, with the smallest stone cap.
TEST_CASE("proof lists: unite gives the set union, short and long", "[speed]") {
  std::mt19937_64 rng(11);
  for (std::size_t len : {0u, 3u, 10u, 60u, 400u}) {
    for (int trial = 0; trial < 20; ++trial) {
      std::vector<search::ProofDeps> parts(1 + rng() % 5);
      std::set<std::uint64_t> abs_ref, pres_ref;
      int cap = search::ProofDeps::kNoCap;
      for (auto& p : parts) {
        const std::size_t k = len ? rng() % (len + 1) : 0;
        for (std::size_t i = 0; i < k; ++i) {
          const std::uint64_t a = rng() % (2 * len + 1), q = rng() % (2 * len + 1);
          if (std::find(p.absent.begin(), p.absent.end(), a) == p.absent.end()) p.absent.push_back(a);
          if (std::find(p.present.begin(), p.present.end(), search::Present{q, 0}) == p.present.end())
            p.present.push_back({q, static_cast<std::int32_t>(q % 9)});
        }
        p.sorted = false;
        if (rng() % 2) p.normalize();
        p.stone_cap = static_cast<int>(rng() % 20);
        cap = std::min(cap, p.stone_cap);
        abs_ref.insert(p.absent.begin(), p.absent.end());
        for (const auto& x : p.present) pres_ref.insert(x.key);
      }
      search::ProofDeps u;
      u.unite(parts.data(), parts.size(), 1 << 20);
      REQUIRE(!u.overflow);
      CHECK(std::set<std::uint64_t>(u.absent.begin(), u.absent.end()) == abs_ref);
      CHECK(u.absent.size() == abs_ref.size());
      std::set<std::uint64_t> pres;
      for (const auto& x : u.present) pres.insert(x.key);
      CHECK(pres == pres_ref);
      CHECK(u.present.size() == pres_ref.size());
      if (abs_ref.size() + pres_ref.size() > 0) CHECK(u.stone_cap == cap);
      // An unsorted union still takes facts without duplicates.
      if (!u.absent.empty()) {
        const std::uint64_t a = u.absent.front();
        u.add_absent(a, 1 << 20);
        CHECK(u.absent.size() == abs_ref.size());
      }
      if (!u.present.empty()) {
        const search::Present q = u.present.back();
        u.add_present(q, 1 << 20);
        CHECK(u.present.size() == pres_ref.size());
      }
      u.normalize();
      CHECK(std::is_sorted(u.absent.begin(), u.absent.end()));
      CHECK(std::is_sorted(u.present.begin(), u.present.end()));
    }
  }
}

// The ordering's in-place build of the ko=basic fixpoints against the
// files' Jacobi rounds: the same arrays (exact_fixpoints.hpp).
TEST_CASE("exact fixpoints in place equal generate_exact's arrays", "[ordering][retrograde][speed]") {
  for (const char* name : {"1x5", "2x3", "3x3", "2x4", "1x7"})
    for (const char* rules : {"tromp-taylor:ko=basic,suicide=no", "tromp-taylor:ko=basic"})
      for (int threads : {1, 2}) {
        INFO(name << " " << rules << " threads " << threads);
        const Board b = Board::parse(name);
        const RuleSet r = RuleSet::parse(rules);
        const retro::ExactGenerated want = retro::generate_exact(b, r, 1, false);
        const retro::ExactGenerated got = retro::exact_fixpoints(b, r, threads);
        REQUIRE(got.index->states() == want.index->states());
        bool same = true;
        for (std::uint64_t s = 0; s < want.index->states(); ++s)
          same = same && got.arrays.lower[s] == want.arrays.lower[s] && got.arrays.upper[s] == want.arrays.upper[s];
        CHECK(same);
        CHECK(got.stats.solve.rounds <= want.stats.solve.rounds + 1);
      }
}
