// A game of any implemented ruleset as its move history, for the front ends
// (GTP engine, SGF reader, PV builder, referee).
//
// The record holds canonical move names only ("A2", "pass", or a name of
// one of the ruleset's own move kinds) and replays them on a fresh game
// model (visit_game) whenever it needs the state. Front ends handle one
// command at a time on tiny boards, so replay costs nothing that matters,
// and the ruleset's game model stays the only judge of legality: the
// record never decides whether a move is legal itself.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "core/board.hpp"
#include "core/color.hpp"
#include "core/numbers.hpp"
#include "core/rules/ruleset.hpp"
#include "core/value.hpp"

namespace gotb {

// What a game is played on and under: everything a value depends on
// besides the history.
struct GameSpec {
  Board board;
  RuleSet rules;
  double komi = 0;

  // "2x2, tromp-taylor, komi 0"
  std::string describe() const;
  bool operator==(const GameSpec& o) const {
    return board == o.board && rules == o.rules && komi == o.komi;
  }
};

// check_komi (a multiple of 0.5 of sane size) lives in core/numbers.hpp.
// "0", "0.5", "-6.5": the shortest text that reads back to the same komi.
std::string komi_text(double komi);

// The state after a history, as plain data.
struct GameSnapshot {
  bool over = false;
  Color to_move = Color::Black;    // meaningless once over
  Value score_now;                  // the model's outcome(): the result once over
  std::vector<std::string> legal;   // every legal move, in the model's order
  std::string diagram;              // board with coordinates; empty if the model has no position()
  std::size_t ply = 0;
};

// Move names: a point of the board, the plain pass, or another move kind
// of the ruleset (Kee's ban-keeping or appealing pass, ...).
bool is_point_move(const Board& board, std::string_view name);
inline bool is_plain_pass(std::string_view name) { return name == "pass"; }

class GameRecord {
 public:
  // Throws RulesError when the ruleset has no game model.
  explicit GameRecord(GameSpec spec);

  const GameSpec& spec() const { return spec_; }
  const std::vector<std::string>& moves() const { return moves_; }
  // True for a pass the record inserted itself (play_as, GTP semantics).
  bool implicit(std::size_t i) const { return implicit_[i]; }
  const GameSnapshot& now() const { return now_; }

  // Plays `text` (any spelling the model's parse_move accepts) for the
  // player to move. Returns false and explains in `why` when the text names
  // no move or the move is illegal; the record is then unchanged.
  bool play(std::string_view text, std::string* why = nullptr);
  // Plays for colour c. When c is not to move and insert_pass is set, a
  // plain pass for the player to move comes first (GTP allows consecutive
  // moves of one colour); both are undone together. Fails when c is not to
  // move and insert_pass is off, or the pass or the move is illegal.
  bool play_as(Color c, std::string_view text, bool insert_pass, std::string* why = nullptr);
  // Whether `text` names a move of the ruleset on this board at all (a
  // point, "pass", or one of the ruleset's own pass kinds), legal or not.
  bool names_move(std::string_view text) const;
  // Removes the last move and the passes inserted for it; false when the
  // history is empty.
  bool undo();
  void clear();
  // Replaces the history; throws std::invalid_argument naming the first bad
  // move (1-based), leaving the record unchanged.
  void set_moves(const std::vector<std::string>& moves);

 private:
  GameSpec spec_;
  std::vector<std::string> moves_;
  std::vector<bool> implicit_;
  GameSnapshot now_;
};

}  // namespace gotb
