// The search's order tables (generator/search/move_ordering.hpp) built on
// their own: the no-suicide finite-state game's two fixpoints from a
// successor graph (retro::generate_with_graph), with the time of each phase
// and a hash of the arrays, so that a change to the build can be timed and
// shown to give the same tables (docs/solving.md section 3, "Session 30").
// Not run by ctest.
//   build/benchmarks/order_tables_bench BOARD [THREADS] [REPEATS]
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "core/board.hpp"
#include "core/rules/ruleset.hpp"
#include "generator/retrograde/graph_fixpoint.hpp"

using namespace gotb;

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: order_tables_bench BOARD [THREADS] [REPEATS]\n");
    return 2;
  }
  const Board board = Board::parse(argv[1]);
  retro::GenerateOptions opt;
  opt.threads = argc > 2 ? std::atoi(argv[2]) : 0;
  const int repeats = argc > 3 ? std::atoi(argv[3]) : 1;
  const RuleSet rules = RuleSet::parse("tromp-taylor:no-suicide");
  for (int r = 0; r < repeats; ++r) {
    const retro::Tables t = retro::generate_with_graph(board, rules, opt);
    // FNV-1a over both arrays: equal hashes before and after a change.
    std::uint64_t h = 1469598103934665603ull;
    for (std::size_t s = 0; s < t.upper.size(); ++s) {
      h = (h ^ static_cast<std::uint8_t>(t.upper[s])) * 1099511628211ull;
      h = (h ^ static_cast<std::uint8_t>(t.lower[s])) * 1099511628211ull;
    }
    std::printf(
        "%s threads %d: positions %llu states %llu passes %d evaluations %llu | index %.3f s, graph %.3f s, "
        "passes %.3f s, total %.3f s | hash %016llx\n",
        argv[1], t.stats.threads, static_cast<unsigned long long>(t.stats.positions),
        static_cast<unsigned long long>(t.stats.states), t.stats.sweeps,
        static_cast<unsigned long long>(t.stats.evaluations), t.stats.index_seconds, t.stats.graph_seconds,
        t.stats.sweep_seconds - t.stats.graph_seconds, t.stats.total_seconds, static_cast<unsigned long long>(h));
  }
  return 0;
}
