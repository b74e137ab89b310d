// The finite-state game of a Tromp-Taylor ruleset, for the reference
// solver's repeated-state modes (docs/solving.md, "Repeated-state modes").
//
// Superko is dropped: every play the engine allows (suicide per the
// ruleset's option) and the pass are legal. A state is (position, player to
// move, consecutive passes in {0, 1}); two consecutive passes end the game
// with the area score, and reaching a state that already occurred in the
// current line ends it at once, scored as a Black win (RepeatScoring::
// BlackWins) or a White win (WhiteWins). These two games have exactly the
// values of the retrograde generator's two fixpoints.
//
// History dependencies (for the reference solver's cache): the situation
// index is the state index rank(position) * 4 + player * 2 + passes, and
// history_bits() holds the states strictly before the current one, so the
// current node is over by repetition iff its own bit is set in it. Legality
// never depends on the history; only that terminal test does, and the
// solver records every terminal node's own state through
// mark_current_situation() (see the proof in docs/solving.md).
#pragma once

#include <array>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "core/move.hpp"
#include "core/position.hpp"
#include "core/rank.hpp"
#include "core/rules/tromp_taylor.hpp"
#include "core/scoring.hpp"
#include "core/value.hpp"

namespace gotb {

enum class RepeatScoring : std::uint8_t {
  Superko,    // the real ruleset (not this game)
  BlackWins,  // a repeated state ends the game as a Black win
  WhiteWins,  // ... as a White win
};

class TrompTaylorFiniteGame {
 public:
  // Boards up to 3^points * 4 <= 2^28 states (16 points); larger boards are
  // far out of the reference solver's reach anyway.
  static constexpr std::uint64_t kMaxStates = std::uint64_t{1} << 28;

  // Starts at (pos, to_move, passes) with an empty history. pos must be a
  // legal position (every string has a liberty), passes 0 or 1.
  TrompTaylorFiniteGame(const Board& board, const RuleSet& rules, double komi, RepeatScoring scoring,
                        Position pos = {}, Color to_move = Color::Black, int passes = 0)
      : board_(&board), komi_(komi), scoring_(scoring), ranker_(board.size()), pos_(pos), to_move_(to_move),
        passes_(passes) {
    if (scoring == RepeatScoring::Superko) throw std::logic_error("TrompTaylorFiniteGame needs a repeat scoring");
    if (ranker_.count() * 4 > kMaxStates)
      throw std::invalid_argument("board " + board.spec() + " is too large for the repeated-state reference mode");
    if (!is_legal_position(board, pos) || passes < 0 || passes > 1)
      throw std::invalid_argument("TrompTaylorFiniteGame: not a state of the game");
    suicide_ = TrompTaylorConfig::from(rules).suicide;
    bits_.assign((ranker_.count() * 4 + 63) / 64, 0);
  }

  const Board& board() const { return *board_; }
  const Position& position() const { return pos_; }
  Color to_move() const { return to_move_; }

  bool is_over() const { return passes_ >= 2 || repeated(); }
  Value outcome() const {
    if (passes_ < 2 && repeated()) return scoring_ == RepeatScoring::BlackWins ? Value::black_wins() : Value::white_wins();
    return Value::score(area_count(*board_, pos_).difference(), komi_);
  }
  Value min_outcome() const {
    return scoring_ == RepeatScoring::WhiteWins ? Value::white_wins() : Value::score(-board_->size(), komi_);
  }
  Value max_outcome() const {
    return scoring_ == RepeatScoring::BlackWins ? Value::black_wins() : Value::score(board_->size(), komi_);
  }

  void legal_moves(std::vector<Move>& out) const {
    if (is_over()) return;
    Mask empty = pos_.empty(*board_);
    for_each_bit(empty, [&](int p) {
      PlayOutcome o;
      if (play_stone(*board_, pos_, to_move_, p, suicide_, o) == PlayStatus::Ok) out.push_back(Move::play(p));
    });
    out.push_back(Move::pass());
  }
  // Legality does not depend on the history: nothing to mark.
  void legal_moves(std::vector<Move>& out, std::uint64_t* /*examined*/) const { legal_moves(out); }

  bool is_legal(Move m, std::string* why = nullptr) const {
    if (is_over()) {
      if (why) *why = "the game is over";
      return false;
    }
    if (m.kind == MoveKind::Pass) return true;
    PlayOutcome o;
    if (m.kind != MoveKind::Play || m.point < 0 || m.point >= board_->size() ||
        play_stone(*board_, pos_, to_move_, m.point, suicide_, o) != PlayStatus::Ok) {
      if (why) *why = "not a legal play";
      return false;
    }
    return true;
  }

  void play(Move m) {
    const std::uint64_t s = state_index();
    undo_.push_back({pos_, to_move_, passes_, static_cast<bool>((bits_[s >> 6] >> (s & 63)) & 1)});
    bits_[s >> 6] |= std::uint64_t{1} << (s & 63);
    if (m.kind == MoveKind::Play) {
      PlayOutcome o;
      play_stone(*board_, pos_, to_move_, m.point, suicide_, o);
      pos_ = o.next;
      passes_ = 0;
    } else {
      ++passes_;
    }
    to_move_ = opponent(to_move_);
  }
  void undo() {
    const Undo u = undo_.back();
    undo_.pop_back();
    pos_ = u.pos;
    to_move_ = u.to_move;
    passes_ = u.passes;
    if (!u.was_member) {
      const std::uint64_t s = state_index();
      bits_[s >> 6] &= ~(std::uint64_t{1} << (s & 63));
    }
  }

  std::string move_name(Move m) const { return m.kind == MoveKind::Play ? board_->point_name(m.point) : "pass"; }
  bool parse_move(std::string_view text, Move& out) const {
    if (text == "pass" || text == "PASS" || text == "Pass") {
      out = Move::pass();
      return true;
    }
    int p = board_->parse_point(text);
    if (p < 0) return false;
    out = Move::play(p);
    return true;
  }

  // History dependencies (file comment).
  using StateKey = std::array<std::uint64_t, 3>;
  StateKey state_key() const {
    return {pos_.black, pos_.white,
            static_cast<std::uint64_t>(index(to_move_)) | (static_cast<std::uint64_t>(passes_) << 8)};
  }
  int dependency_words() const { return static_cast<int>(bits_.size()); }
  const std::uint64_t* history_bits() const { return bits_.data(); }
  void mark_current_situation(std::uint64_t* bits) const {
    if (passes_ >= 2) return;  // a game end by two passes depends on nothing earlier
    const std::uint64_t s = state_index();
    bits[s >> 6] |= std::uint64_t{1} << (s & 63);
  }

 private:
  bool repeated() const {
    if (passes_ >= 2) return false;
    const std::uint64_t s = state_index();
    return (bits_[s >> 6] >> (s & 63)) & 1;
  }
  std::uint64_t state_index() const {
    return ranker_.rank(pos_) * 4 + static_cast<std::uint64_t>(index(to_move_)) * 2 +
           static_cast<std::uint64_t>(passes_);
  }

  struct Undo {
    Position pos;
    Color to_move;
    int passes;
    bool was_member;
  };

  const Board* board_;
  double komi_;
  RepeatScoring scoring_;
  SuicideRule suicide_ = SuicideRule::Allowed;
  Ranker ranker_;
  Position pos_;
  Color to_move_;
  int passes_;
  std::vector<std::uint64_t> bits_;  // states strictly before the current one
  std::vector<Undo> undo_;
};

}  // namespace gotb
