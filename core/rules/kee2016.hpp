// Kee Rules (8 June 2016) as a game with its full record
// (docs/rules/kee-2016.md; text: shared/rules/kee-2016.txt).
//
// Plays: stone plays, non-appealing passes (MoveKind::Pass) and appealing
// passes (MoveKind::AppealingPass). The game keeps the record of plays of
// the game as it stands: a rescinded stone play (rule 13) is removed from
// the record together with the appealing pass that answered it ("the game
// would restart from there", rule 14), and its point is banned for the
// player at that record point (rule 14: "another play"); the bans of a
// record point accumulate, which is what makes every game finite.
//
// This game has no history hooks, so the reference solver runs it literally
// and uncached (`--no-cache`): a rescind goes back to an earlier record. The
// cached solver runs the equivalent game of generator/reference/
// kee2016_search.hpp instead (docs/rules/kee-2016.md, "Cached solving").
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "core/move.hpp"
#include "core/position.hpp"
#include "core/rules/game_history.hpp"
#include "core/rules/ruleset.hpp"
#include "core/value.hpp"

namespace gotb {

// One play of the record (Kee2016Game::Entry), and what a move changes
// (Kee2016Game::Undo); declared here because the base holds the undo stack
// (core/rules/game_history.hpp).
struct Kee2016Entry {
  Move move;            // unused for the initial entry
  Color mover = Color::Black;
  Position after;       // board after the play (initial board for entry 0)
  std::uint32_t nonappealing[2] = {0, 0};  // non-appealing passes of each colour in plays 1..i
  std::uint32_t passes[2] = {0, 0};        // passes of either kind of each colour in plays 1..i
};
struct Kee2016Undo {
  bool rescind = false;
  Kee2016Entry removed[2];   // rescind: the stone play and the appealing pass
  Mask removed_bans[2] = {0, 0};
  Mask bans_before = 0;
};

// Move text: "pass" (non-appealing), "appeal" (appealing pass) or a point name.
class Kee2016Game : public GameHistory<Kee2016Undo, MoveKind::AppealingPass> {
 public:
  Kee2016Game(const Board& board, const RuleSet& rules, double komi);

  const Position& position() const { return rec_.back().after; }
  Color to_move() const { return rec_.size() == 1 ? Color::Black : opponent(rec_.back().mover); }
  // Number of plays in the record (rescinded plays and their answers are not in it).
  std::size_t record_length() const { return rec_.size() - 1; }
  // Points the player to move may not play here because a stone play there
  // was rescinded at this record point (rule 14).
  Mask rescinded_here() const { return bans_[rec_.size() - 1]; }
  // The record, for solvers that rebuild it (generator/reference/kee2016_search.hpp):
  // entry i in 1..record_length() is play i, made by record_mover(i), leaving
  // record_board(i); record_board(0) is the initial board.
  Move record_move(std::size_t i) const { return rec_[i].move; }
  Color record_mover(std::size_t i) const { return rec_[i].mover; }
  const Position& record_board(std::size_t i) const { return rec_[i].after; }

  bool is_over() const { return over_; }
  // Area score (rule 17 without dead-stone agreement) minus komi.
  Value outcome() const;
  Value min_outcome() const { return Value::score(-board_->size(), komi_); }
  Value max_outcome() const { return Value::score(board_->size(), komi_); }

  // Stone plays (point order), then the non-appealing pass, then the
  // appealing pass when the player can name a stone play that only the cycle
  // rule forbids. Empty once the game is over.
  void legal_moves(std::vector<Move>& out) const;
  bool is_legal(Move m, std::string* why = nullptr) const;
  void play(Move m);  // m must be legal
  void undo();

  // Rule 11 for a stone play by the player to move that produces `next`:
  // whether the board appeared earlier in the record, and its exceptions
  // (a) the mover made a non-appealing pass after the stone play made on the
  // board's last appearance, (b) the opponent made only stone plays since
  // its first appearance.
  struct CycleStatus {
    bool appeared = false, mover_passed = false, opponent_only_stones = false;
    bool prohibited() const { return appeared && !(mover_passed && opponent_only_stones); }
  };
  CycleStatus cycle_status(const Position& next) const;
  bool cycle_prohibited(const Position& next) const { return cycle_status(next).prohibited(); }

 private:
  using Entry = Kee2016Entry;
  using Undo = Kee2016Undo;
  struct PosHash {
    std::size_t operator()(const Position& p) const {
      std::uint64_t h = p.black * 0x9e3779b97f4a7c15ULL ^ (p.white + 0x632be59bd9b4e019ULL) * 0xc2b2ae3d27d4eb4fULL;
      return static_cast<std::size_t>(h ^ (h >> 29));
    }
  };
  enum class StoneCheck { Ok, Occupied, Banned, Unchanged, Cycle };

  StoneCheck check_stone(int p, Position& next) const;
  void push(Move m, Color mover, const Position& after);
  void pop();

  std::vector<Entry> rec_;
  std::vector<Mask> bans_;  // per record length: rescinded points (rule 14)
  std::unordered_map<Position, std::vector<std::uint32_t>, PosHash> seen_;  // board -> record indices
  bool over_ = false;
};

}  // namespace gotb
