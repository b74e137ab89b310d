// Japanese 2003 final-position analysis benchmark (not a test): analyses
// every legal position of a board (or the first N in rank order, or a
// random sample) and prints the time, the hypothetical-graph sizes and a
// digest of every answer (statuses, direct ko stones, territory score), so
// that two builds can be compared on the same positions.
//
//   build/benchmarks/japanese_analysis_bench --board 2x4 [--first N] [--sample N --seed S]
//
// The digest is order-dependent and covers every field the game reads
// (docs/rules/japanese-2003.md): equal digests mean equal analyses.
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <random>
#include <string>

#include "core/rank.hpp"
#include "core/rules/japanese/analysis.hpp"
#include "core/rules/japanese/shared_analysis.hpp"

using namespace gotb;

int main(int argc, char** argv) {
  std::string board_spec = "2x3";
  std::uint64_t first = 0, sample = 0, seed = 1;
  bool shared = false;
  for (int i = 1; i < argc; ++i) {
    auto value = [&](const char* name) -> const char* {
      if (i + 1 >= argc) {
        std::fprintf(stderr, "%s needs a value\n", name);
        std::exit(2);
      }
      return argv[++i];
    };
    if (!std::strcmp(argv[i], "--board")) board_spec = value("--board");
    else if (!std::strcmp(argv[i], "--first")) first = std::strtoull(value("--first"), nullptr, 10);
    else if (!std::strcmp(argv[i], "--sample")) sample = std::strtoull(value("--sample"), nullptr, 10);
    else if (!std::strcmp(argv[i], "--shared")) shared = true;
    else if (!std::strcmp(argv[i], "--seed")) seed = std::strtoull(value("--seed"), nullptr, 10);
    else {
      std::fprintf(stderr,
                   "usage: japanese_analysis_bench --board RxC [--first N] [--sample N --seed S] [--shared]\n"
                   "  analyses every legal position (rank order), the first N, or N random ones;\n"
                   "  --shared: with one SharedAnalyser (graphs shared by all positions) instead of\n"
                   "  analyse_final_position (two graphs per position)\n");
      return std::strcmp(argv[i], "--help") ? 2 : 0;
    }
  }
  const Board board = Board::parse(board_spec);
  const Ranker ranker(board.size());
  std::mt19937_64 rng(seed);
  const std::uint64_t total = ranker.count();
  const std::uint64_t count = sample ? sample : (first ? std::min(first, total) : total);

  std::uint64_t statuses[4] = {}, local_tests = 0;
  std::uint64_t analysed = 0, digest = 1469598103934665603ULL, graph_nodes = 0, direct_ko = 0;
  auto mix = [&](std::uint64_t v) { digest = (digest ^ v) * 1099511628211ULL; };
  japanese::SharedAnalyser analyser(board);
  const auto start = std::chrono::steady_clock::now();
  for (std::uint64_t k = 0; k < count; ++k) {
    const std::uint64_t r = sample ? rng() % total : k;
    const Position pos = ranker.unrank(r);
    if (!is_legal_position(board, pos)) continue;
    const japanese::FinalAnalysis a = shared ? analyser.analyse(pos) : japanese::analyse_final_position(board, pos);
    const japanese::ScoreTerms t = japanese::score_final_position(board, pos, a, 0);
    ++analysed;
    if (!shared) graph_nodes += a.graph_nodes[0] + a.graph_nodes[1];
    direct_ko += a.has_direct_ko_stone;
    mix(r);
    for (const auto& s : a.strings) {
      ++statuses[static_cast<int>(s.status)];
      local_tests += s.local_environment != 0;
      mix(s.stones);
      mix(static_cast<std::uint64_t>(s.status));
      mix(s.local_environment);
      mix(s.direct_environment);
      mix(s.ko_stone * 2u + s.direct_ko_stone);
    }
    mix(static_cast<std::uint64_t>(t.score + 1000));
  }
  if (shared) graph_nodes = analyser.graph_nodes(Color::Black) + analyser.graph_nodes(Color::White);
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::printf("board %s: %llu positions analysed, %llu with a direct ko stone, %llu graph nodes, %.3f s "
              "(%.3f ms per position), digest %016llx\n",
              board.spec().c_str(), static_cast<unsigned long long>(analysed),
              static_cast<unsigned long long>(direct_ko), static_cast<unsigned long long>(graph_nodes), seconds,
              analysed ? 1000 * seconds / analysed : 0.0, static_cast<unsigned long long>(digest));
  if (shared)
    std::printf("shared graphs (nodes above: their sizes), %zu memo entries, %zu memo bytes\n", analyser.memo_entries(),
                analyser.memo_bytes());
  std::printf("strings: %llu uncapturable, %llu capturable under, %llu capturable local, %llu dead; %llu local "
              "tests\n",
              static_cast<unsigned long long>(statuses[0]), static_cast<unsigned long long>(statuses[1]),
              static_cast<unsigned long long>(statuses[2]), static_cast<unsigned long long>(statuses[3]),
              static_cast<unsigned long long>(local_tests));
  return 0;
}
