// kee-2005's generic search with its fact and symmetry switches, value only
// (docs/solving.md section 4, "Session 28: kee-2005 board symmetry"). Not
// run by ctest.
//   build/benchmarks/kee2005_symmetry BOARD RULES NODE_LIMIT VARIANT [AIM_POINTS] [--progress] [--no-end-bound]
// VARIANT: family (contained facts off, the chinese default), contained
// (contained facts, no symmetry), symmetry (contained facts and symmetry).
// The options are those of `gotb solve --method search` for kee-2005
// (deepening step 4, proofs of 256 nodes and more stored, history order);
// AIM_POINTS aims the root tests at that value (Black's points minus
// White's), as --aim does with the tromp-taylor value.
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <string>

#include "core/budget.hpp"
#include "core/rules/kee2005.hpp"
#include "generator/search/generic_search.hpp"

using namespace gotb;

int main(int argc, char** argv) {
  if (argc < 5) {
    std::fprintf(stderr, "usage: kee2005_symmetry BOARD RULES NODE_LIMIT family|contained|symmetry [AIM_POINTS] [--progress] [--no-end-bound]\n");
    return 2;
  }
  const Board board = Board::parse(argv[1]);
  Kee2005Game g(board, RuleSet::parse(argv[2]), 0);
  const std::string variant = argv[4];
  if (variant != "family" && variant != "contained" && variant != "symmetry") {
    std::fprintf(stderr, "kee2005_symmetry: unknown variant '%s'\n", variant.c_str());
    return 2;
  }
  g.set_contained_facts(variant != "family");
  g.set_symmetry(variant == "symmetry");
  search::GenericOptions o;
  o.deepening_step = 4;
  o.min_store_work = 256;
  o.node_limit = std::strtoull(argv[3], nullptr, 10);
  for (int i = 5; i < argc; ++i) {
    if (std::strcmp(argv[i], "--progress") == 0) {
      o.progress = true;
    } else if (std::strcmp(argv[i], "--no-end-bound") == 0) {
      g.set_end_bound(false);  // session 30's bound off, for its before/after figures
    } else {
      const int aim = std::atoi(argv[i]);
      o.guess = [aim](const Position&, Color, int) -> std::optional<Value> { return Value::score(aim, 0); };
    }
  }
  search::GenericSearch<Kee2005Game> s(g, o);
  const std::clock_t c0 = std::clock();
  std::string result;
  try {
    result = s.value().to_string();
  } catch (const NodeLimitReached&) {
    result = "not proven";
  }
  const double cpu = static_cast<double>(std::clock() - c0) / CLOCKS_PER_SEC;
  const auto& st = s.stats();
  std::printf("%s %s %s: %s, %llu nodes, %.2f s CPU; probes %llu hits %llu rejected %llu one-sided %llu symmetric-keys %llu\n",
              argv[1], argv[2], variant.c_str(), result.c_str(), static_cast<unsigned long long>(st.nodes), cpu,
              static_cast<unsigned long long>(st.probes), static_cast<unsigned long long>(st.hits),
              static_cast<unsigned long long>(st.rejected), static_cast<unsigned long long>(st.one_sided),
              static_cast<unsigned long long>(st.symmetric_keys));
  return 0;
}
