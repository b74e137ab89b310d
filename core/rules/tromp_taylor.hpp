// Tromp-Taylor rules and their superko / suicide variants as a game with
// full history (docs/rules/tromp-taylor.md).
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
#include "core/rules/repetition.hpp"
#include "core/rules/ruleset.hpp"
#include "core/value.hpp"

namespace gotb {

struct TrompTaylorConfig {
  bool situational = false;  // superko compares board + player to move
  SuicideRule suicide = SuicideRule::Allowed;
  static TrompTaylorConfig from(const RuleSet& rules);  // rules.family() must be tromp-taylor
};

class TrompTaylorGame {
 public:
  TrompTaylorGame(const Board& board, const RuleSet& rules, double komi);

  const Board& board() const { return *board_; }
  const Position& position() const { return pos_; }
  Color to_move() const { return to_move_; }
  int consecutive_passes() const { return passes_; }
  std::size_t ply() const { return undo_.size(); }

  bool is_over() const { return passes_ >= 2; }
  // Area score of the current board minus komi (meaningful at any time;
  // the game's result once is_over()).
  Value outcome() const;
  // Every outcome lies in [min_outcome(), max_outcome()] (area scores are
  // within +-size, minus komi); solvers use it to stop early.
  Value min_outcome() const { return Value::score(-board_->size(), komi_); }
  Value max_outcome() const { return Value::score(board_->size(), komi_); }

  // Every legal move for the player to move: plays first (point order), then
  // pass. Empty once the game is over.
  void legal_moves(std::vector<Move>& out) const;
  // Explains in `why` when the move is illegal.
  bool is_legal(Move m, std::string* why = nullptr) const;
  void play(Move m);  // m must be legal
  void undo();

  std::string move_name(Move m) const;
  // "pass" or a point name; returns false for text naming no move.
  bool parse_move(std::string_view text, Move& out) const;

  // History dependencies, for the reference solver's cache (see
  // docs/solving.md). The rest of the game is a function of state_key()
  // (board, player to move, pass count) and of which situations the history
  // holds; history_bits() is that set as a bitset over situation indices
  // (dependency_words() words; 0 when the board is too large for it).
  using StateKey = std::array<std::uint64_t, 3>;
  StateKey state_key() const {
    return {pos_.black, pos_.white,
            static_cast<std::uint64_t>(index(to_move_)) | (static_cast<std::uint64_t>(passes_) << 8)};
  }
  int dependency_words() const { return seen_.dense() ? seen_.words() : 0; }
  const std::uint64_t* history_bits() const { return seen_.bits(); }
  // legal_moves that also sets, in `examined`, the bit of every situation
  // whose membership in the history decided the legality of a move here.
  void legal_moves(std::vector<Move>& out, std::uint64_t* examined) const;
  // Sets the bit of the current situation (a parent's move to here was
  // legal only because it was not in the parent's history).
  void mark_current_situation(std::uint64_t* bits) const {
    std::uint64_t i = seen_.index(pos_, tag_for(to_move_));
    bits[i >> 6] |= std::uint64_t{1} << (i & 63);
  }

 private:
  int tag_for(Color to_move) const { return cfg_.situational ? index(to_move) : 0; }

  struct Undo {
    Position pos;
    Color to_move;
    int passes;
  };

  const Board* board_;
  TrompTaylorConfig cfg_;
  double komi_;
  Position pos_;
  Color to_move_ = Color::Black;
  int passes_ = 0;
  RepetitionSet seen_;
  std::vector<Undo> undo_;
};

}  // namespace gotb
