// kee-2005's proof-number test (generator/search/proof_number.hpp;
// docs/solving.md section 4, "Session 31: kee-2005, a proof-number search
// for the open test"): is the value from the empty board at least
// TARGET_POINTS (Black's points minus White's, komi 0)? Not run by ctest.
//   build/benchmarks/kee2005_pns BOARD RULES TARGET_POINTS MAX_TREE_NODES [--leaf HORIZON NODES] [--time S]
//     [--contained] [--mobility] [--progress]
// --mobility: new leaves start from the number of legal moves (order only).
// --leaf: each new leaf is first tried with the generic search's
// null-window test to HORIZON plies (at most NODES nodes), one table for
// all leaves, with the options of `gotb solve --method search` for
// kee-2005 (proofs of 256 nodes and more stored); --contained: contained
// facts in that search (the japanese default).
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <string>

#include "core/rules/kee2005.hpp"
#include "generator/search/proof_number.hpp"

using namespace gotb;

int main(int argc, char** argv) {
  if (argc < 5) {
    std::fprintf(stderr,
                 "usage: kee2005_pns BOARD RULES TARGET_POINTS MAX_TREE_NODES [--leaf HORIZON NODES] [--time S] "
                 "[--contained] [--mobility] [--progress]\n");
    return 2;
  }
  const Board board = Board::parse(argv[1]);
  Kee2005Game g(board, RuleSet::parse(argv[2]), 0);
  const int target = std::atoi(argv[3]);
  search::ProofNumberOptions o;
  o.max_nodes = std::strtoull(argv[4], nullptr, 10);
  o.leaf.deepening_step = 4;
  o.leaf.min_store_work = 256;
  for (int i = 5; i < argc; ++i) {
    if (std::strcmp(argv[i], "--leaf") == 0 && i + 2 < argc) {
      o.leaf_horizon = std::atoi(argv[++i]);
      o.leaf_nodes = std::strtoull(argv[++i], nullptr, 10);
    } else if (std::strcmp(argv[i], "--time") == 0 && i + 1 < argc) {
      o.time_limit = std::atof(argv[++i]);
    } else if (std::strcmp(argv[i], "--mobility") == 0) {
      o.mobility = true;
    } else if (std::strcmp(argv[i], "--contained") == 0) {
      g.set_contained_facts(true);
    } else if (std::strcmp(argv[i], "--progress") == 0) {
      o.progress = true;
    } else {
      std::fprintf(stderr, "kee2005_pns: unknown argument '%s'\n", argv[i]);
      return 2;
    }
  }
  search::ProofNumberTest<Kee2005Game> pns(g, o);
  const std::clock_t c0 = std::clock();
  const auto r = pns.at_least(Value::score(target, 0));
  const double cpu = static_cast<double>(std::clock() - c0) / CLOCKS_PER_SEC;
  const auto& st = pns.stats();
  const char* text = r == decltype(pns)::Result::Proven      ? "proven"
                     : r == decltype(pns)::Result::Disproven ? "disproven"
                                                             : "open";
  std::printf(
      "%s %s value >= %d: %s; %zu tree nodes, %llu expansions, %llu plays, depth %llu; decided by end %llu, bounds "
      "%llu, leaf %llu of %llu tests (%llu leaf nodes); %llu compactions; %.2f s CPU\n",
      argv[1], argv[2], target, text, pns.tree_size(), static_cast<unsigned long long>(st.expansions),
      static_cast<unsigned long long>(st.plays), static_cast<unsigned long long>(st.max_depth),
      static_cast<unsigned long long>(st.proven_by_end), static_cast<unsigned long long>(st.proven_by_bounds),
      static_cast<unsigned long long>(st.proven_by_leaf), static_cast<unsigned long long>(st.leaf_tests),
      static_cast<unsigned long long>(st.leaf_nodes), static_cast<unsigned long long>(st.compactions), cpu);
  return 0;
}
