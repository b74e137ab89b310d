// Move order for the generic exact search (generic_search.hpp) from the
// retrograde tables of the tromp-taylor finite-state game of the same board
// (move_ordering.hpp; docs/solving.md section 4, "Session 25: move order and
// deepening for the generic search").
//
// Every seed ruleset is played on the same boards with the same placement
// and capture as tromp-taylor; only legality (superko, Kee's bans, appeals),
// the game end and the count differ. So the tromp-taylor tables' scores of
// the board a move leads to are a guess at how good the move is under any of
// them (a close one for the area rulesets, a hint for territory scoring).
// They are used for the order of a node's moves and nothing else: the
// search's bounds, facts and table are the same whatever the order
// (fail-soft alpha-beta skips a move only after a cut-off that the moves
// searched before it prove), so no soundness argument beyond section 4's
// is needed.
//
// The hook is a game concept (HasOrderBoard: the board, the player to move
// and whether the last move was a pass), read once per expanded node; the
// children are formed by play_stone on two bitboards, not by the game's own
// play (no history facts, no allocation).
#pragma once

#include <algorithm>
#include <concepts>
#include <cstdint>
#include <memory>
#include <utility>
#include <vector>

#include "core/board.hpp"
#include "core/move.hpp"
#include "core/position.hpp"
#include "generator/search/move_ordering.hpp"

namespace gotb::search {

// A game node's board as the tromp-taylor tables read it.
template <class G>
concept HasOrderBoard = requires(const G& g) {
  { g.position() } -> std::convertible_to<const Position&>;
  { g.to_move() } -> std::same_as<Color>;
};

// Whether the last move was a pass (the tromp-taylor state's pass count: a
// pass after it ends that game, scored by area). A game without the
// count reads as 0 (a pass then leads to the state after one pass).
template <class G>
int order_passes(const G& g) {
  if constexpr (requires { { g.consecutive_passes() } -> std::convertible_to<int>; })
    return g.consecutive_passes() > 0 ? 1 : 0;
  else
    return 0;
}

class GenericMoveOrder {
 public:
  // `tables`: retrograde tables of `board` (RetroOrdering::build; the plain
  // no-suicide tables or the ko=basic ones).
  GenericMoveOrder(const Board& board, std::shared_ptr<const RetroOrdering> tables)
      : board_(board), tables_(std::move(tables)) {}

  // The tables for a front end's --ordering on this board (null: history
  // only, as retro_ordering_for decides), or null where `mode` asks for none.
  static std::shared_ptr<const GenericMoveOrder> for_board(const Board& board, OrderingMode mode,
                                                          RetroLimits limits = {}) {
    auto t = retro_ordering_for(board, mode, limits);
    return t ? std::make_shared<const GenericMoveOrder>(board, std::move(t)) : nullptr;
  }

  const RetroOrdering& tables() const { return *tables_; }

  // Sort key of move m at (pos, to_move, passes): the retrograde score of
  // the child seen by the mover, then the history count (RetroOrdering::key).
  // Every pass kind (Kee 2005's ban-keeping, Kee 2016's appealing) reads as
  // a pass. Larger first; below 0xFFFFFFFF, kept for the table's move.
  std::uint32_t key(const Position& pos, Color to_move, int passes, Move m, std::uint32_t history) const {
    if (!m.is_play()) return tables_->key(pos, opponent(to_move), passes + 1, history);
    PlayOutcome out;
    if (play_stone(board_, pos, to_move, m.point, SuicideRule::Allowed, out) != PlayStatus::Ok)
      return RetroOrdering::squeeze(history);  // (not a play of the board: last)
    const int ko = tables_->uses_ko() ? RetroOrdering::ko_after_play(board_, pos, to_move, m.point, out.next) : -1;
    return tables_->key(out.next, opponent(to_move), 0, history, ko);
  }

  // The state's own score for Black in Value points (cycles scored against
  // Black), the guess the deepening driver may aim at; a guess at an end of
  // [-points, points] or past it says nothing and is returned as `none`.
  int guess(const Position& pos, Color to_move, int passes, int none) const {
    RetroOrdering::MoverView v = tables_->state_view(pos, to_move, passes);
    if (to_move == Color::White) v = {-v.optimistic, -v.pessimistic};
    const int n = board_.size();
    return v.pessimistic > -n && v.pessimistic < n ? v.pessimistic : none;
  }

 private:
  Board board_;  // (a copy: the order may outlive the request's board)
  std::shared_ptr<const RetroOrdering> tables_;
};

// Sorts a node's moves: the table's move `hint` first, then by key (stable,
// so equal keys keep the game's order). Returns false, leaving the moves
// alone, where there is no order or the game gives no board (the caller
// then sorts by the history heuristic). `scratch` is the caller's per-ply
// buffer (no allocation once it has grown).
template <class G, class History>
bool order_moves(const GenericMoveOrder* order, const G& g, std::vector<Move>& moves, Move hint, History&& history,
                 std::vector<std::pair<std::uint32_t, Move>>& scratch) {
  if constexpr (HasOrderBoard<G>) {
    if (!order || moves.size() < 2) return order != nullptr;
    const Position& pos = g.position();
    const Color c = g.to_move();
    const int passes = order_passes(g);
    scratch.clear();
    for (Move m : moves) scratch.push_back({m == hint ? 0xFFFFFFFFu : order->key(pos, c, passes, m, history(m)), m});
    std::stable_sort(scratch.begin(), scratch.end(), [](const auto& a, const auto& b) { return a.first > b.first; });
    for (std::size_t i = 0; i < moves.size(); ++i) moves[i] = scratch[i].second;
    return true;
  } else {
    (void)order, (void)g, (void)moves, (void)hint, (void)history, (void)scratch;
    return false;
  }
}

}  // namespace gotb::search
