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

// Up to len random legal moves played on g (any game class), as move names;
// stops at the game's end, leaving out the move that ended it.
template <class Game>
std::vector<std::string> random_line_names(Game& g, std::mt19937& rng, int len) {
  std::vector<std::string> out;
  for (int i = 0; i < len && !g.is_over(); ++i) {
    std::vector<Move> legal;
    g.legal_moves(legal);
    const Move m = legal[rng() % legal.size()];
    g.play(m);
    if (g.is_over()) break;
    out.push_back(g.move_name(m));
  }
  return out;
}

// The same from the empty board of `board` under `rules`, on a fresh game
// of class Game (a game class taking (board, ruleset, komi)).
template <class Game>
std::vector<std::string> random_line_on(const std::string& board, const std::string& rules, std::mt19937& rng,
                                        int len) {
  const Board b = Board::parse(board);
  Game g(b, RuleSet::parse(rules), 0);
  return random_line_names(g, rng, len);
}

// One random legal move of g, drawn so that passes come often enough for
// pass-rich lines, phase ends and long cycles to occur: a pass with
// probability pass_thirds/3 when both kinds are legal (only the legal kind
// otherwise). Any game class with legal_moves(std::vector<Move>&).
template <class Game>
Move random_move_passes_often(Game& g, std::mt19937& rng, unsigned pass_thirds) {
  std::vector<Move> legal;
  g.legal_moves(legal);
  std::vector<Move> passes, plays;
  for (Move m : legal) (m.kind == MoveKind::Play ? plays : passes).push_back(m);
  const bool pass = plays.empty() || (!passes.empty() && rng() % 3 >= 3 - pass_thirds);
  const auto& from = pass ? passes : plays;
  return from[rng() % from.size()];
}

}  // namespace gotb::test
