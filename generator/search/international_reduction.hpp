// International rules under ko=positional, solved as tromp-taylor
// (docs/solving.md section 4, "Session 32: international is tromp-taylor
// after an even number of passes").
//
// Under ko=positional the international game and tromp-taylor (positional
// superko, the same suicide rule) have the same plays from the same board
// and the same set of earlier boards, and the same area score; they differ
// only in the end: four passes in a row (the agreement step valued as
// refused) against two. With p the passes in a row at an international
// state (board b, earlier boards S, X to move) and TT(q) the tromp-taylor
// value of (b, S, X) after q passes, the doc proves
//   p = 0 or 2:  value = TT(0),
//   p = 3:       value = TT(1),
//   p = 1:       value = best for X of X's plays (each worth its child's
//                TT(0)) and TT(0) of (b, S, opponent to move),
// by induction over the boards not yet in S: a pass pair changes neither
// b nor S, and with P_X, P_Y the players' best plays and A the area,
// clamp(clamp(A)) = clamp(A) for clamp(z) = opt_Y(P_Y, opt_X(P_X, z)).
// Scoring=equivalence equals area on every final board (docs/rules/
// international.md), so it reduces the same way. ko=basic-exceptional is
// not tromp-taylor (a recreated board ends the game there), but a pass pair
// is worth nothing there too: it reduces to the same game ending at two
// passes in a row, which the generic search solves (session 33).
#pragma once

#include <string>
#include <vector>

#include "generator/reference/solve.hpp"
#include "generator/search/generic_search.hpp"
#include "generator/search/move_ordering.hpp"
#include "generator/search/search_solver.hpp"

namespace gotb {

// Whether req is an international ko=positional request that the reduction
// serves: the real game (not a repeated-state mode), a board the
// tromp-taylor search takes (at most 31 points).
bool international_reduces_to_tromp_taylor(const SolveRequest& req);

// The tromp-taylor ruleset with the same suicide rule.
RuleSet international_tromp_taylor_rules(const RuleSet& international);

// A history of the international game as a tromp-taylor history: every run
// of passes in a row loses its pairs (a pass pair changes neither the board
// nor the set of earlier boards, and the player to move comes back), so the
// tromp-taylor history reaches the same board, earlier boards and player
// to move with (trailing passes) mod 2 passes at its end. `trailing`: the
// international history's passes in a row at its end (0-3).
struct TrompTaylorHistory {
  std::vector<std::string> moves;
  int trailing = 0;
};
// Throws std::invalid_argument (replay_moves' message) for an illegal history.
TrompTaylorHistory international_as_tromp_taylor_history(const SolveRequest& req);

// Whether req is an international ko=basic-exceptional request that the
// pass-pair reduction serves: the real game, at most 32 points (the generic
// search's boards).
bool international_reduces_by_pass_pairs(const SolveRequest& req);

// Same contract as generic_solve, for ko=basic-exceptional: the generic
// search on the two-pass game (InternationalGame with ending_passes 2) on
// the reduced histories, the value after an odd number of passes by the
// same rule as above (docs/solving.md section 4, "Session 33": a pass pair
// changes neither the board, the earlier boards with their removal
// balances, the basic-ko ban nor the removal balance, so the claim of
// session 32 holds word for word). Throws std::invalid_argument where
// international_reduces_by_pass_pairs(req) is false.
SolveReport international_by_two_pass_game(const SolveRequest& req, const search::GenericOptions& options,
                                           search::OrderingMode ordering = search::OrderingMode::Auto);

// Same contract as search_solve (value, move values or optimal moves, a
// principal variation; method "search"): the tromp-taylor search on the
// reduced histories, its limits shared by the solves it makes (counter
// "tromp_taylor_solves"). Throws std::invalid_argument where
// international_reduces_to_tromp_taylor(req) is false.
SolveReport international_by_tromp_taylor(const SolveRequest& req, const search::SearchOptions& options,
                                          search::OrderingMode ordering = search::OrderingMode::Auto);

}  // namespace gotb
