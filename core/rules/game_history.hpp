// The part of a game model that is the same under every ruleset (issue 22:
// one history base for the six game classes instead of six copies).
//
// GameHistory<Undo, PassKinds...> (all six games): the board and komi, the
// undo stack (one Undo record per move played; ply() is its size) and the
// move text. AlternationHistory<Undo> (the games whose state is one
// position, the player to move and the passes in a row: tromp-taylor,
// international, ikeda-1, japanese-2003) adds those three fields, their
// accessors, the saving and restoring of them in the undo record, and the
// checks of a stone play that precede every such ruleset's own ko rule.
// The Kee games keep a record of their own (Kee 2005: bans per phase; Kee
// 2016: a record that rescinds shorten) and derive from GameHistory only.
//
// Why a class template and not an interface: the solvers are templated on
// the game (games.hpp: visit_game) and call play / undo / legal_moves at
// every node, so nothing here is virtual and every call inlines. A game
// derives publicly (the accessors are its interface) and reads the
// protected fields under the names the games used before (board_, komi_,
// undo_, pos_, to_move_, passes_), so each rule's code stayed as it was
// when the games moved onto this base (session 27).
//
// What stays in the game, and why: the repetition record (each rule tags a
// situation with what it compares: the player to move, the phase, a ko ban,
// a removal balance; japanese-2003 keeps first-occurrence differences in a
// map instead), play() and undo() (each rule updates its own fields between
// the saving and the restoring), and the state key (each packs its own
// fields, tromp-taylor and international through key_with_ban; the layouts
// are the ones from before the base, since a changed layout changes the
// search's hash values and so its node counts).
//
// The contract a derived game keeps: every play() pushes exactly one Undo
// on undo_ and every undo() pops it (ply() counts moves); pos_, to_move_
// and passes_ hold the current state between calls (AlternationHistory).
#pragma once

#include <array>
#include <cstdint>
#include <initializer_list>
#include <string>
#include <string_view>
#include <vector>

#include "core/move.hpp"
#include "core/position.hpp"
#include "core/rules/move_text.hpp"

namespace gotb {

// Undo is the game's record of what one move changes. It is declared before
// the game's class (a base cannot name a type nested in its derived class).
// PassKinds are the ruleset's pass kinds besides the plain pass, which
// parse_move reads by their words (Kee 2005 "keep", Kee 2016 "appeal").
template <class Undo, MoveKind... PassKinds>
class GameHistory {
 public:
  const Board& board() const { return *board_; }
  // Moves played since the game started (or since its setup).
  std::size_t ply() const { return undo_.size(); }

  // Move text shared by every ruleset (core/rules/move_text.hpp), so a move
  // list reads the same under all of them.
  std::string move_name(Move m) const { return move_text(*board_, m); }
  // "pass", the words of PassKinds, or a point name; returns false for text
  // naming no move (legality is is_legal's business).
  bool parse_move(std::string_view text, Move& out) const {
    return parse_move_text(*board_, text, out, {PassKinds...});
  }

 protected:
  GameHistory(const Board& board, double komi) : board_(&board), komi_(komi) {}

  // is_legal's refusals: the reason into *why when the caller asks for it.
  static bool refuse(std::string* why, const std::string& text) {
    if (why) *why = text;
    return false;
  }

  const Board* board_;
  double komi_;
  std::vector<Undo> undo_;
};

// The state a plain alternation of plays and passes changes. The Undo record
// of an AlternationHistory derives from it, so that saving and restoring the
// common part is one call (alternation(), restore()).
struct AlternationState {
  Position pos;
  Color to_move = Color::Black;
  int passes = 0;
};

template <class Undo>
class AlternationHistory : public GameHistory<Undo> {
 public:
  const Position& position() const { return pos_; }
  Color to_move() const { return to_move_; }
  int consecutive_passes() const { return passes_; }

 protected:
  using GameHistory<Undo>::GameHistory;

  // The common part of the undo record that play() pushes, and undo()'s
  // restoring of it.
  AlternationState alternation() const { return {pos_, to_move_, passes_}; }
  void restore(const AlternationState& s) {
    pos_ = s.pos;
    to_move_ = s.to_move;
    passes_ = s.passes;
  }

  // The checks of a stone play by the player to move that precede the
  // game's own ko rule: the point exists, is empty, and the play is not a
  // suicide the rule forbids. Fills o (the board after the play) when it
  // returns true; otherwise says why in *why. m must be a play.
  bool check_play(Move m, SuicideRule suicide, PlayOutcome& o, std::string* why) const {
    if (m.point < 0 || m.point >= this->board_->size()) return this->refuse(why, "no such point");
    switch (play_stone(*this->board_, pos_, to_move_, m.point, suicide, o)) {
      case PlayStatus::Occupied: return this->refuse(why, "the point is occupied");
      case PlayStatus::Suicide: return this->refuse(why, "suicide is not allowed");
      case PlayStatus::Ok: break;
    }
    return true;
  }

  // The state key of tromp-taylor and international: the board, the player
  // to move, the passes in a row and a ban point (-1 for none), in the
  // layout both used before (the search's hash reads these words).
  std::array<std::uint64_t, 3> key_with_ban(int ban) const {
    return {pos_.black, pos_.white,
            static_cast<std::uint64_t>(index(to_move_)) | (static_cast<std::uint64_t>(passes_) << 8) |
                (static_cast<std::uint64_t>(ban + 1) << 16)};
  }

  Position pos_;
  Color to_move_ = Color::Black;
  int passes_ = 0;
};

}  // namespace gotb
