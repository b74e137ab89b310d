// `gotb bench`: a fixed list of solves whose node counts are deterministic,
// so a change in nodes means the search changed and a change in nodes per
// second means its speed changed (in the spirit of Stockfish's `bench`).
#include <cstdio>
#include <iterator>
#include <vector>
#include <iostream>
#include <memory>

#include "generator/search/solve_search.hpp"
#include "query/cli/commands.hpp"
#include "query/cli/output.hpp"
#include "query/cli/search_args.hpp"

namespace gotb::cli {
namespace {

struct BenchCase {
  const char* board;
  const char* rules;
  std::uint64_t recorded = 0;  // search nodes when last recorded (docs/solving.md); 0 = none
};

// Boards the reference solver proves in well under a minute each; 2x4 is
// the largest and dominates the total.
constexpr BenchCase kCases[] = {
    {"1x5", "tromp-taylor"}, {"1x6", "tromp-taylor"}, {"2x3", "tromp-taylor"},
    {"2x3", "tromp-taylor:ko=situational"}, {"2x4", "tromp-taylor"},
};

// Boards only the search proves (positional superko, suicide allowed):
// `gotb bench --method search --large`, a few seconds. Node counts are
// deterministic for the default options; `recorded` is the count of the
// commit that last changed the search's node counts (s28: the cap on a
// horizon's tests after a proof there, SearchOptions::proved_cap; s30:
// stall_aim on by default, 1x8 36,425 -> 31,089 and 3x4 150,142 ->
// 144,143), so a regression shows as a ratio above 1.
constexpr BenchCase kLargeCases[] = {
    {"3x3", "tromp-taylor", 4534},      {"1x8", "tromp-taylor", 31089},   {"1x9", "tromp-taylor", 125426},
    {"2x5", "tromp-taylor", 33154},     {"3x4", "tromp-taylor", 144143},  {"1x10", "tromp-taylor", 790863},
    {"2x6", "tromp-taylor", 235338},
};

struct BenchArgs {
  bool large = false;
  bool quick = false;
  bool no_cache = false;
  std::string method = "reference";
  SearchArgs search;
};

void run_bench(const BenchArgs& a) {
  std::printf("%-6s %-30s %-6s %14s %12s %9s %10s %12s%s\n", "board", "rules", "value", "nodes", "cache hits",
              "hit rate", "seconds", "nodes/s", a.large ? "  vs recorded" : "");
  std::uint64_t total_nodes = 0;
  double total_seconds = 0;
  std::vector<BenchCase> cases(std::begin(kCases), std::end(kCases));
  if (a.large) cases.assign(std::begin(kLargeCases), std::end(kLargeCases));
  for (const BenchCase& c : cases) {
    if (a.quick && std::string(c.board) == "2x4") continue;
    SolveRequest req{Board::parse(c.board), RuleSet::parse(c.rules), 0, {}, {}};
    req.with_move_values = false;
    req.with_pv = false;
    req.options.memo = !a.no_cache;
    SolveReport rep = a.method == "search" ? search_solve(req, a.search.options(), a.search.ordering_mode())
                                           : reference_solve(req);
    total_nodes += rep.nodes;
    total_seconds += rep.seconds;
    std::printf("%-6s %-30s %-6s %14llu %12llu %8.1f%% %10.3f %12.0f", c.board, c.rules,
                rep.value.to_string().c_str(), static_cast<unsigned long long>(rep.nodes),
                static_cast<unsigned long long>(rep.memo_hits),
                rep.nodes ? 100.0 * static_cast<double>(rep.memo_hits) / static_cast<double>(rep.nodes) : 0.0,
                rep.seconds, rep.seconds > 0 ? static_cast<double>(rep.nodes) / rep.seconds : 0.0);
    // Only meaningful with the default search options.
    if (a.large && c.recorded && !a.search.any_set())
      std::printf("  %.3fx%s", static_cast<double>(rep.nodes) / static_cast<double>(c.recorded),
                  rep.nodes > c.recorded ? " (more nodes than recorded)" : "");
    std::printf("\n");
    std::fflush(stdout);
  }
  const std::string label = "(" + a.method + " solver, 1 thread)";
  std::printf("total  %-37s %14llu %12s %9s %10.3f %12.0f\n", label.c_str(),
              static_cast<unsigned long long>(total_nodes), "", "", total_seconds,
              total_seconds > 0 ? static_cast<double>(total_nodes) / total_seconds : 0.0);
}

}  // namespace

void add_bench_command(CLI::App& app) {
  auto args = std::make_shared<BenchArgs>();
  CLI::App* sub = app.add_subcommand(
      "bench", "Solve a fixed list of boards and print nodes, cache hit rates, seconds and nodes per second");
  sub->add_flag("--quick", args->quick, "leave out 2x4 (the longest case)");
  sub->add_flag("--large", args->large,
                "with --method search: the boards only the search proves (3x3, 1x8, 1x9, 2x5, 3x4, 1x10, 2x6; "
                "about half a minute) instead of the standard list");
  sub->add_flag("--no-cache", args->no_cache,
                "reference solver without the dependency cache (shows what the cache saves)");
  sub->add_option("--method", args->method,
                  "reference, or search (cache hits are then table cut-offs; same boards, so the two compare)")
      ->check(CLI::IsMember({"reference", "search"}))
      ->capture_default_str();
  add_search_options(sub, args->search, kOrdering | kDeepening);
  sub->callback([args] {
    if (args->large && args->method != "search")
      throw std::invalid_argument("--large lists boards only the search proves (add --method search)");
    if (args->no_cache && args->method != "reference")
      throw std::invalid_argument("--no-cache belongs to the reference solver");
    run_bench(*args);
  });
}

}  // namespace gotb::cli
