// kee-2005's proof-number test (generator/search/proof_number.hpp;
// docs/solving.md section 4, "Session 31: kee-2005, a proof-number search
// for the open test"): is the value from the empty board at least
// TARGET_POINTS (Black's points minus White's, komi 0)? TARGET_POINTS
// "value": the value by bisection over such tests. Not run by ctest.
//   build/benchmarks/kee2005_pns BOARD RULES TARGET_POINTS MAX_TREE_NODES [--leaf HORIZON NODES] [--time S]
//     [--contained] [--mobility] [--estimate W] [--no-suicide-pruning] [--no-pass-dominance] [--after M1,M2] [--tree] [--progress]
// --tree: no transpositions (session 31's plain tree; by default nodes of
// equal record keys are shared, session 32).
// --mobility: new leaves start from the number of legal moves (order only).
// --estimate W: new leaves start W proof (disproof) units per point that the
// position's area count lies below (at or above) the target (order only).
// --count-search-keys: count expanded leaves whose search key (no ban
// summary) an expanded node had already (measurement).
// --after M1,M2,...: the test at the record after these moves.
// --no-pass-dominance: the search's move lists keep a pass that lets the
// opponent end the phase where the other kind ends it now (session 33).
// --no-suicide-pruning: the search's move lists keep one-stone suicides
// (session 33 leaves them out: they equal the ban-keeping pass).
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

#include "core/rules/games.hpp"
#include "core/rules/kee2005.hpp"
#include "generator/search/generic_solve.hpp"
#include "generator/search/proof_number.hpp"

using namespace gotb;

namespace {

// `kee2005_pns BOARD RULES solve NODE_LIMIT DF_NODES`: gotb table's question
// (the value and the optimal first moves) by kee2005_solve() under a node
// limit, with DF_NODES of it for the depth-first search first (0: the
// proof-number tests alone; "quarter": generic_solve()'s share). Session 33's
// measurement of the order of the two searches.
int solve_mode(int argc, char** argv) {
  if (argc < 6) {
    std::fprintf(stderr, "usage: kee2005_pns BOARD RULES solve NODE_LIMIT DF_NODES|quarter\n");
    return 2;
  }
  SolveRequest req{Board::parse(argv[1]), RuleSet::parse(argv[2]), 0, {}, {}};
  req.with_pv = false;
  req.with_move_values = false;
  req.with_optimal_moves = true;
  search::GenericOptions o;
  o.node_limit = std::strtoull(argv[4], nullptr, 10);
  const bool quarter = std::strcmp(argv[5], "quarter") == 0;
  const std::clock_t c0 = std::clock();
  try {
    const SolveReport r =
        quarter ? generic_solve(req, o) : kee2005_solve(req, o, std::strtoull(argv[5], nullptr, 10));
    std::string moves;
    for (const auto& m : r.optimal) moves += (moves.empty() ? "" : " ") + m;
    std::string undecided;
    for (const auto& m : r.optimal_undecided) undecided += (undecided.empty() ? "" : " ") + m;
    std::uint64_t dfn = 0, pnn = 0;
    for (const auto& [name, v] : r.counters) {
      if (name == "depth_first_nodes") dfn = v;
      if (name == "proof_number_nodes") pnn = v;
    }
    std::printf("%s %s solve df=%s: value %s [%s] undecided [%s] method %s; %llu nodes (depth-first %llu, "
                "proof-number %llu); %.2f s CPU\n",
                argv[1], argv[2], argv[5], r.value.to_string().c_str(), moves.c_str(), undecided.c_str(),
                r.method.c_str(), static_cast<unsigned long long>(r.nodes), static_cast<unsigned long long>(dfn),
                static_cast<unsigned long long>(pnn), static_cast<double>(std::clock() - c0) / CLOCKS_PER_SEC);
  } catch (const NodeLimitReached& e) {
    std::printf("%s %s solve df=%s: stopped (%s) %s; %.2f s CPU\n", argv[1], argv[2], argv[5], e.what(),
                e.proven.c_str(), static_cast<double>(std::clock() - c0) / CLOCKS_PER_SEC);
  }
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc >= 4 && std::strcmp(argv[3], "solve") == 0) return solve_mode(argc, argv);
  if (argc < 5) {
    std::fprintf(stderr,
                 "usage: kee2005_pns BOARD RULES TARGET_POINTS MAX_TREE_NODES [--leaf HORIZON NODES] [--time S] "
                 "[--contained] [--mobility] [--estimate W] [--no-suicide-pruning] [--no-pass-dominance] [--after M1,M2] [--tree] [--progress]\n");
    return 2;
  }
  const Board board = Board::parse(argv[1]);
  Kee2005Game g(board, RuleSet::parse(argv[2]), 0);
  search::ProofNumberOptions o;
  o.max_nodes = std::strtoull(argv[4], nullptr, 10);
  o.leaf.deepening_step = 4;
  o.leaf.min_store_work = 256;
  std::string after;
  for (int i = 5; i < argc; ++i) {
    if (std::strcmp(argv[i], "--leaf") == 0 && i + 2 < argc) {
      o.leaf_horizon = std::atoi(argv[++i]);
      o.leaf_nodes = std::strtoull(argv[++i], nullptr, 10);
    } else if (std::strcmp(argv[i], "--time") == 0 && i + 1 < argc) {
      o.time_limit = std::atof(argv[++i]);
    } else if (std::strcmp(argv[i], "--mobility") == 0) {
      o.mobility = true;
    } else if (std::strcmp(argv[i], "--tree") == 0) {
      o.transpositions = false;
    } else if (std::strcmp(argv[i], "--contained") == 0) {
      g.set_contained_facts(true);
    } else if (std::strcmp(argv[i], "--estimate") == 0 && i + 1 < argc) {
      o.estimate_weight = static_cast<std::uint32_t>(std::atoi(argv[++i]));
    } else if (std::strcmp(argv[i], "--count-search-keys") == 0) {
      o.count_search_keys = true;
    } else if (std::strcmp(argv[i], "--after") == 0 && i + 1 < argc) {
      after = argv[++i];
    } else if (std::strcmp(argv[i], "--no-pass-dominance") == 0) {
      g.set_pass_dominance(false);
    } else if (std::strcmp(argv[i], "--no-suicide-pruning") == 0) {
      g.set_suicide_pruning(false);
    } else if (std::strcmp(argv[i], "--progress") == 0) {
      o.progress = true;
    } else {
      std::fprintf(stderr, "kee2005_pns: unknown argument '%s'\n", argv[i]);
      return 2;
    }
  }
  {
    // --after M1,M2,...: the test at the record after these moves.
    std::vector<std::string> moves;
    std::string cur;
    for (char c : after + ",") {
      if (c == ',') {
        if (!cur.empty()) moves.push_back(cur);
        cur.clear();
      } else {
        cur += c;
      }
    }
    replay_moves(g, moves);
  }
  search::ProofNumberTest<Kee2005Game> pns(g, o);
  auto report = [&](int t, const char* text, double cpu) {
    const auto& st = pns.stats();
    std::printf(
        "%s %s value >= %d: %s; %zu tree nodes, %llu expansions, %llu plays, depth %llu; decided by end %llu, bounds "
        "%llu, leaf %llu of %llu tests (%llu leaf nodes); %llu compactions; %llu transpositions, %llu keyed (%zu key "
        "words), %llu stale, %llu search-key repeats; %.2f s CPU\n",
        argv[1], argv[2], t, text, pns.tree_size(), static_cast<unsigned long long>(st.expansions),
        static_cast<unsigned long long>(st.plays), static_cast<unsigned long long>(st.max_depth),
        static_cast<unsigned long long>(st.proven_by_end), static_cast<unsigned long long>(st.proven_by_bounds),
        static_cast<unsigned long long>(st.proven_by_leaf), static_cast<unsigned long long>(st.leaf_tests),
        static_cast<unsigned long long>(st.leaf_nodes), static_cast<unsigned long long>(st.compactions),
        static_cast<unsigned long long>(st.transpositions), static_cast<unsigned long long>(st.keyed), pns.key_words(),
        static_cast<unsigned long long>(st.stale), static_cast<unsigned long long>(st.search_key_repeats), cpu);
    std::fflush(stdout);
  };
  using R = decltype(pns)::Result;
  auto name = [](R r) { return r == R::Proven ? "proven" : r == R::Disproven ? "disproven" : "open"; };
  if (std::strcmp(argv[3], "value") == 0) {
    // The value by bisection over whole points, from the start node's own
    // bounds (node_outcome_bounds: finite under both scorings at the start).
    const auto [lo_v, hi_v] = g.node_outcome_bounds();
    auto floor_half = [](int x) { return x >= 0 ? x / 2 : -((1 - x) / 2); };
    int lo = -floor_half(-lo_v.order), hi = floor_half(hi_v.order);  // whole points within the bounds
    while (lo < hi) {
      const int mid = lo + (hi - lo + 1) / 2;
      const std::clock_t c0 = std::clock();
      const R r = pns.at_least(Value::score(mid, 0));
      report(mid, name(r), static_cast<double>(std::clock() - c0) / CLOCKS_PER_SEC);
      if (r == R::Open) break;
      if (r == R::Proven) lo = mid;
      else hi = mid - 1;
    }
    if (lo == hi) std::printf("%s %s: value %d points (komi 0)\n", argv[1], argv[2], lo);
    else std::printf("%s %s: value in [%d, %d] points (komi 0), not proven\n", argv[1], argv[2], lo, hi);
    return 0;
  }
  const int target = std::atoi(argv[3]);
  const std::clock_t c0 = std::clock();
  const R r = pns.at_least(Value::score(target, 0));
  report(target, name(r), static_cast<double>(std::clock() - c0) / CLOCKS_PER_SEC);
  return 0;
}
