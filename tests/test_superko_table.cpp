// Superko tablebases: values with the history facts their proofs rest on
// (generator/search/superko_table.hpp; docs/solving.md, "Superko tablebases").
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdio>
#include <map>

#include "core/rules/ruleset.hpp"
#include "generator/retrograde/state_index.hpp"
#include "generator/search/move_ordering.hpp"
#include "generator/search/superko_table.hpp"

using namespace gotb;
using namespace gotb::search;

TEST_CASE("superko facts: size statistics", "[.superko-stats]") {
  for (const char* board : {"2x3", "3x3"}) {
    for (const char* rules : {"tromp-taylor", "tromp-taylor:ko=situational", "tromp-taylor:suicide=no"}) {
      const Board b = Board::parse(board);
      retro::StateIndex idx(b);
      auto ord = RetroOrdering::build(b, 1);
      SuperkoGenerateOptions o;
      o.threads = 1;
      o.ordering = ord.get();
      std::vector<StateProof> proofs;
      std::vector<char> done;
      auto st = generate_superko(idx, RuleSet::parse(rules), o, proofs, done);
      std::uint64_t total = 0, maxa = 0, unknown = 0, zero = 0, pres = 0;
      std::map<int, int> hist;
      for (auto& p : proofs) {
        for (auto* f : {&p.lo, &p.hi}) {
          unknown += f->unknown;
          total += f->absent.size();
          pres += f->present.size();
          maxa = std::max<std::uint64_t>(maxa, f->absent.size());
          zero += f->absent.empty() && f->present.empty();
          int b2 = 0;
          while ((1u << b2) <= f->absent.size()) ++b2;
          hist[b2]++;
        }
      }
      std::printf("%s %s: %llu states, %llu nodes, %.2f s; absent facts avg %.1f max %llu, present total %llu, unknown %llu, no facts %llu\n",
                  board, rules, (unsigned long long)st.states, (unsigned long long)st.nodes, st.seconds,
                  (double)total / (2.0 * st.states), (unsigned long long)maxa, (unsigned long long)pres,
                  (unsigned long long)unknown, (unsigned long long)zero);
      for (auto [k, v] : hist) std::printf("  <2^%d: %d\n", k, v);
    }
  }
}

TEST_CASE("superko facts: records round-trip", "[superko]") {
  const Board b = Board::parse("2x3");
  retro::StateIndex idx(b);
  SuperkoGenerateOptions o;
  o.threads = 1;
  std::vector<StateProof> proofs;
  std::vector<char> done;
  generate_superko(idx, RuleSet::parse("tromp-taylor"), o, proofs, done);
  for (const StateProof& p : proofs) {
    for (const StoredFacts* f : {&p.lo, &p.hi}) {
      REQUIRE(std::is_sorted(f->absent.begin(), f->absent.end()));
      REQUIRE(std::adjacent_find(f->absent.begin(), f->absent.end()) == f->absent.end());
      REQUIRE(std::adjacent_find(f->present.begin(), f->present.end()) == f->present.end());
    }
    std::vector<std::int8_t> rec;
    encode_facts(p, rec);
    StateProof q = p;
    q.lo.absent.clear();
    q.hi.present.clear();
    decode_facts(rec.data(), rec.data() + rec.size(), q);
    REQUIRE(q == p);
  }
}
