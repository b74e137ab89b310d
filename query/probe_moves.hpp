// The steps every tablebase probe (fixpoint, exact, superko files) shares:
// the result of a game that is already over, and the walk over the legal
// moves in which a move that ends the game is valued by the rules and every
// other move by the file. Internal to query/ (probe.cpp, superko_probe.cpp).
#pragma once

#include <utility>
#include <vector>

#include "core/move.hpp"
#include "query/analysis.hpp"

namespace gotb {

// method "tablebase"; when the game is over also game_over, its outcome
// (exact) and source GameOver.
template <class Game>
ProbeResult started_result(const Game& game) {
  ProbeResult r;
  r.method = "tablebase";
  if (game.is_over()) {
    r.game_over = true;
    r.value = ValueBounds::exactly(game.outcome());
    r.source = ValueSource::GameOver;
  }
  return r;
}

// Appends one MoveEval per legal move, in the rules' order. Each move is
// played, named, and, when it ends the game, given the outcome (exact,
// source GameOver); then `child(move, eval)` runs with the move still on the
// board (eval.ends_game says which case), and the move is undone.
template <class Game, class Child>
void evaluate_moves(Game& game, std::vector<MoveEval>& out, Child&& child) {
  std::vector<Move> moves;
  game.legal_moves(moves);
  for (Move mv : moves) {
    game.play(mv);
    MoveEval e;
    e.move = game.move_name(mv);
    if (game.is_over()) {
      e.ends_game = true;
      e.value = ValueBounds::exactly(game.outcome());
      e.source = ValueSource::GameOver;
    }
    child(mv, e);
    game.undo();
    out.push_back(std::move(e));
  }
}

}  // namespace gotb
