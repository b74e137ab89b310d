// Safe regions: a score bound for Tromp-Taylor area scoring stronger than
// Benson's pass bound (core/benson.hpp), from a strategy in which c answers
// every attack on a two-point region instead of passing. The argument, with
// its conditions under superko, is docs/benson.md, "Answering attacks on
// two-point regions (safe regions)".
//
// In short: a *pair* is a region of c (component of the non-c points) of
// exactly two points p, q, both with a c neighbour. Counting an empty pair
// as a second healthy region of every chain next to it, Benson's fixpoint
// finds the chains that stay alive while c answers a play at p by q (or at
// q by p; the answer captures the intruder and leaves a one-point eye). If
// *every* c stone is such a chain, c keeps every stone and both points of
// each pair to the end of the game.
//
// Cost: one bitboard analysis (the same floods as benson()) giving both the
// pass guarantee and the answer guarantees; no allocation.
#pragma once

#include "core/board.hpp"
#include "core/color.hpp"
#include "core/position.hpp"

namespace gotb {

// Three guarantees for c, each a margin g with (c's area - opponent's area)
// >= g at the end of the game when c plays the strategy:
//  - pass: pass_guarantee() of core/benson.hpp (the same number), valid for
//    every history whoever is to move;
//  - answer: c answers every attack on an empty pair, else passes. Valid when
//    no position of the history before pos holds more c stones than pos
//    (then every answer makes a new position: superko cannot forbid it);
//    any player to move, any pass count. >= pass.
//  - answer_first: moreover fills, one per turn, the pairs that already hold
//    an opposing stone. Valid under the same history condition when also c
//    moves before the game can end (the game is not over, and it is not the
//    case that the opponent is to move right after a pass of c). >= answer,
//    and >= the fill guarantee of core/benson.hpp.
// answer and answer_first equal pass unless every c stone is safe (alive
// with pairs counted) and there is a pair to answer or fill.
struct SafeGuarantees {
  int pass, answer, answer_first;
};
SafeGuarantees safe_guarantees(const Board& b, const Position& pos, Color c, SuicideRule suicide);

// The stones of c that the answering strategy keeps (Benson's fixpoint with
// empty pairs counted as healthy regions of every chain next to them), and
// the empty pairs among the regions they enclose. For tests and tools; the
// guarantees above use them only when safe == pos.stones(c).
struct SafeAnalysis {
  Mask safe = 0;       // stones of the chains alive with pairs counted
  Mask pairs = 0;      // points of the empty pairs bordered only by safe chains
  Mask pass_alive = 0; // Benson's pass-alive stones (benson().alive)
};
SafeAnalysis safe_analysis(const Board& b, const Position& pos, Color c, SuicideRule suicide);

}  // namespace gotb
