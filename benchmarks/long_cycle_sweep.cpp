// Long-cycle sweep (issue 19; not run by ctest): solves, at every reachable
// state of a board, the ruleset's board-repetition game and the
// state-repetition game with the independent models of
// tests/long_cycle_models.hpp, checks the model against the project's game,
// and prints every state where the two games differ (docs/solving.md,
// "The other long-cycle rulesets"). Needs only gotb_core, so it builds in a
// fraction of the test binary's time.
//
//   build/benchmarks/long_cycle_sweep international-nosuicide|international|ikeda|japanese BOARD [N]
//
// N: international and ikeda: check the model against the project's game at
// every N-th state (default 1: every state); japanese: the random games from
// the empty board along which the model is checked against Japanese2003Game
// (default 10).
//   build/benchmarks/long_cycle_sweep RULES BOARD --at DIAGRAM B|W PASSES BAN
// prints the move values and a principal variation of both games at one
// state (BAN: the point of the last single-stone capture, or -1).
//   build/benchmarks/long_cycle_sweep international-nosuicide|international|ikeda BOARD
//       [--check N] [--moves M] [--slow S] [--order fewest|most]
// --check N: compare with the project's game at every N-th state (0: never);
// --moves M: give up on a state whose solve plays more than M moves in
// either game (listed as "undecided", the sweep goes on with the same
// tables); --slow S: print every state whose two solves took over S s;
// --order most: states with the most empty points first (default: fewest;
// the progress lines then say how far a cut sweep got).
// Exit status: 0 when the model matched the project's game everywhere, 1 on
// a mismatch, 2 on bad arguments. The line "... N differ" is the result.
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <string>

#include "tests/long_cycle_models.hpp"

int main(int argc, char** argv) {
  using namespace gotb::long_cycle;
  if (argc < 3) {
    std::fprintf(stderr,
                 "usage: long_cycle_sweep international-nosuicide|international|ikeda|japanese BOARD [GAMES]\n");
    return 2;
  }
  const std::string rules = argv[1], board = argv[2];
  try {
    if (argc == 8 && std::string(argv[3]) == "--at") {
      // --at DIAGRAM B|W PASSES BAN: explain one state
      const gotb::Board b = gotb::Board::parse(board);
      LcState s{gotb::parse_diagram(b, argv[4]), argv[5][0] == 'W' ? gotb::Color::White : gotb::Color::Black,
                std::atoi(argv[6]), std::atoi(argv[7])};
      explain(board, rules == "japanese" ? LcFlavor::Japanese : LcFlavor::International, rules == "international", s);
      return 0;
    }
    Sweep r;
    SweepLimits lim;
    if (argc == 4) lim.check_every = std::max(1, std::atoi(argv[3]));
    for (int i = 3; argc > 4 && i + 1 < argc; i += 2) {
      const std::string opt = argv[i];
      if (opt == "--check") lim.check_every = std::max(0, std::atoi(argv[i + 1]));
      else if (opt == "--moves") lim.moves_per_state = std::strtoull(argv[i + 1], nullptr, 10);
      else if (opt == "--slow") lim.slow_seconds = std::atof(argv[i + 1]);
      else if (opt == "--order") lim.most_empty_first = std::string(argv[i + 1]) == "most";
      else {
        std::fprintf(stderr, "long_cycle_sweep: unknown option '%s'\n", opt.c_str());
        return 2;
      }
    }
    if (rules == "international-nosuicide") r = sweep_international(board, false, lim);
    else if (rules == "international") r = sweep_international(board, true, lim);
    else if (rules == "ikeda") r = sweep_ikeda(board, lim);
    else if (rules == "japanese") r = sweep_japanese(board, argc > 3 ? std::atoi(argv[3]) : 10);
    else {
      std::fprintf(stderr, "long_cycle_sweep: unknown ruleset '%s'\n", rules.c_str());
      return 2;
    }
    return r.mismatches == 0 ? 0 : 1;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "long_cycle_sweep: %s\n", e.what());
    return 2;
  }
}
