// Tromp-Taylor rules and their superko / suicide variants as a game with
// full history (docs/rules/tromp-taylor.md).
//
// ko=basic replaces superko by the basic ko ban plus the long-cycle tie:
// the immediate single-stone recapture is illegal, and a move that recreates
// an earlier situation (board, player to move, pass count, basic-ko ban)
// ends the game at once as a tie (Value::no_result(0): between every White
// and every Black win, whatever the komi).
//
// The game is the reference model: legality consults every earlier board
// (or board + player to move), so it is exact for the real rules. It is
// also the interface the reference solver and the query front ends drive:
// is_over / outcome / to_move / legal_moves / play / undo.
#pragma once

#include <array>
#include <string>
#include <string_view>
#include <vector>

#include "core/move.hpp"
#include "core/position.hpp"
#include "core/rules/game_history.hpp"
#include "core/rules/repetition.hpp"
#include "core/rules/ruleset.hpp"
#include "core/value.hpp"

namespace gotb {

struct TrompTaylorConfig {
  bool situational = false;  // superko compares board + player to move
  bool basic_ko = false;     // ko=basic: basic ko ban + long-cycle tie, no superko
  SuicideRule suicide = SuicideRule::Allowed;
  static TrompTaylorConfig from(const RuleSet& rules);  // rules.family() must be tromp-taylor
};

// What a move changes besides the alternation (core/rules/game_history.hpp).
struct TrompTaylorUndo : AlternationState {
  int ban;
  bool cycle;
};

class TrompTaylorGame : public AlternationHistory<TrompTaylorUndo> {
 public:
  TrompTaylorGame(const Board& board, const RuleSet& rules, double komi);
  // The game started at the situation (pos, to_move, passes in {0, 1},
  // ko_ban = the point the mover may not retake, or -1; ko=basic only),
  // whose history holds that situation alone; under superko rules, with
  // passes == 1, also the situation before the pass (the shortest history
  // reaching the state; superko tablebases store these games' values).
  // Throws std::invalid_argument for a position with a string without
  // liberties, a ko ban that is not an empty point (or under superko), or
  // passes out of range.
  TrompTaylorGame(const Board& board, const RuleSet& rules, double komi, const Position& pos, Color to_move,
                  int passes, int ko_ban);

  bool basic_ko() const { return cfg_.basic_ko; }
  // ko=basic: the point the player to move may not play at (basic ko), or -1.
  int ko_ban() const { return ban_; }
  // ko=basic: the last move recreated an earlier situation (the game is
  // over, a tie).
  bool long_cycle() const { return cycle_; }

  bool is_over() const { return passes_ >= 2 || cycle_; }
  // Area score of the current board minus komi (meaningful at any time;
  // the game's result once is_over()); the tie after a long cycle.
  Value outcome() const;
  // Every outcome lies in [min_outcome(), max_outcome()] (area scores are
  // within +-size, minus komi; the tie at order 0); solvers use it to stop early.
  Value min_outcome() const {
    Value v = Value::score(-board_->size(), komi_);
    return cfg_.basic_ko && v.order > 0 ? Value::no_result(0) : v;
  }
  Value max_outcome() const {
    Value v = Value::score(board_->size(), komi_);
    return cfg_.basic_ko && v.order < 0 ? Value::no_result(0) : v;
  }

  // Every legal move for the player to move: plays first (point order), then
  // pass. Empty once the game is over.
  void legal_moves(std::vector<Move>& out) const;
  // Explains in `why` when the move is illegal.
  bool is_legal(Move m, std::string* why = nullptr) const;
  void play(Move m);  // m must be legal
  void undo();

  // History dependencies, for the reference solver's cache (see
  // docs/solving.md). The rest of the game is a function of state_key()
  // (board, player to move, pass count, ko=basic: ko ban) and of which
  // situations the history holds; history_bits() is that set as a bitset
  // over situation indices (dependency_words() words; 0 when the board is
  // too large for it). Under ko=basic legality never depends on the
  // history; only the long-cycle end does, which the solver records
  // through mark_current_situation() at terminal nodes.
  using StateKey = std::array<std::uint64_t, 3>;
  StateKey state_key() const { return key_with_ban(ban_); }
  int dependency_words() const { return seen_.dense() ? seen_.words() : 0; }
  const std::uint64_t* history_bits() const { return seen_.bits(); }
  // legal_moves that also sets, in `examined`, the bit of every situation
  // whose membership in the history decided the legality of a move here.
  void legal_moves(std::vector<Move>& out, std::uint64_t* examined) const;
  // Sets the bit of the current situation (a parent's move to here was
  // legal only because it was not in the parent's history).
  void mark_current_situation(std::uint64_t* bits) const { seen_.mark(bits, pos_, tag_for(to_move_)); }

 private:
  // The situation tag stored with a board: superko compares the board
  // (positional) or board + player to move (situational); ko=basic's
  // long-cycle rule compares the whole situation (board, player to move,
  // passes 0..2, ko ban or none).
  int tag_for(Color to_move) const { return tag_for(to_move, passes_, ban_); }
  int tag_for(Color to_move, int passes, int ban) const {
    if (cfg_.basic_ko) return ((ban + 1) * 3 + passes) * 2 + index(to_move);
    return cfg_.situational ? index(to_move) : 0;
  }
  int tags() const { return cfg_.basic_ko ? (board_->size() + 1) * 6 : cfg_.situational ? 2 : 1; }
  // ko=basic: the ban a play leaves for the opponent (docs/rules/tromp-taylor.md).
  int ban_after(int p, const PlayOutcome& o) const;

  TrompTaylorConfig cfg_;
  int ban_ = -1;
  bool cycle_ = false;
  RepetitionSet seen_;
};

}  // namespace gotb
