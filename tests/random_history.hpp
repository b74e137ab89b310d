// A random legal history for cross-checks after arbitrary play.
#pragma once

#include <random>
#include <string>
#include <vector>

#include "core/rules/games.hpp"

namespace gotb::test {

// Up to len random legal moves played on g, as move names; stops before a
// pass that would end the game, so the history leaves something to solve.
inline std::vector<std::string> random_history(TrompTaylorGame& g, std::mt19937& rng, int len) {
  std::vector<std::string> moves;
  for (int i = 0; i < len && !g.is_over(); ++i) {
    std::vector<Move> legal;
    g.legal_moves(legal);
    Move m = legal[rng() % legal.size()];
    if (m.kind == MoveKind::Pass && g.consecutive_passes() == 1) break;
    moves.push_back(g.move_name(m));
    g.play(m);
  }
  return moves;
}

}  // namespace gotb::test
