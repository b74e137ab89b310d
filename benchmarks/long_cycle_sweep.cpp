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
    const int every = argc > 3 ? std::max(1, std::atoi(argv[3])) : 1;
    if (rules == "international-nosuicide") r = sweep_international(board, false, every);
    else if (rules == "international") r = sweep_international(board, true, every);
    else if (rules == "ikeda") r = sweep_ikeda(board, every);
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
