// Ikeda Territory I Rules (R. Jasiek's 2006 presentation of Ikeda Toshio's
// rules) as a game with full history (docs/rules/ikeda-1.md).
//
// Phases: alternation (ends with two successive passes), the agreement
// step, and the playout (ends with two successive passes; every playout
// pass hands one own stone to the opponent as a prisoner, except that the
// last pass is free when the playout has an odd number of moves). The
// score is territory (empty regions bordered by one colour) plus
// prisoners. The agreement step is modelled by its value: either player
// can refuse, so the value after the alternation is the playout's value
// (docs/rules/ikeda-1.md); play() goes straight into the playout and
// agreement_outcome() scores a proposed agreement for the examples.
#pragma once

#include <array>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/move.hpp"
#include "core/position.hpp"
#include "core/rules/board_facts.hpp"
#include "core/rules/game_history.hpp"
#include "core/rules/repetition.hpp"
#include "core/rules/ruleset.hpp"
#include "core/value.hpp"

namespace gotb {

enum class IkedaKo : std::uint8_t {
  Positional,          // no play recreates any earlier board of the game
  PositionalPerPhase,  // no play recreates an earlier board of the same phase
  BasicPlay,           // basic ko lifted only by an intervening play; a recreated board ends without result
};

struct IkedaConfig {
  IkedaKo ko = IkedaKo::Positional;
  static IkedaConfig from(const RuleSet& rules);  // rules.family() must be ikeda-1
};

// What a move changes besides the alternation (core/rules/game_history.hpp).
struct IkedaUndo : AlternationState {
  std::uint8_t phase;  // IkedaGame::Phase
  int ban, playout_moves;
  std::array<int, 2> prisoners;
  bool over, no_result;
};

class IkedaGame : public AlternationHistory<IkedaUndo> {
 public:
  enum Phase : std::uint8_t { Alternation = 0, Playout = 1 };

  IkedaGame(const Board& board, const RuleSet& rules, double komi);

  // Starts the game from `pos` with `to_move` to play instead of the empty
  // board (the text's examples start mid-game; earlier boards and
  // prisoners are unknown and taken as none). Only before the first move.
  void setup(const Position& pos, Color to_move);

  Phase phase() const { return phase_; }
  // Moves (plays and passes) of the playout so far (0 in the alternation).
  int playout_moves() const { return playout_moves_; }
  IkedaKo ko() const { return cfg_.ko; }
  // Stones of colour c held as prisoners by the opponent: removed stones
  // and stones paid for playout passes (before the free-last-pass refund).
  int prisoners(Color c) const { return prisoners_[index(c)]; }
  // Right after the alternation ended: the agreement step.
  bool at_agreement() const { return !over_ && phase_ == Playout && playout_moves_ == 0; }

  bool is_over() const { return over_; }
  // Once is_over(): territory + prisoners, Black minus White, minus komi,
  // with the free last pass refunded; or no result (long cycle, basic-play).
  // Before the end: the same count of the current board and prisoners.
  Value outcome() const;
  // Score if the players agreed now to remove the strings in `removed`
  // (they become prisoners) and the game ended.
  Value agreement_outcome(Mask removed = 0) const;

  void legal_moves(std::vector<Move>& out) const;
  bool is_legal(Move m, std::string* why = nullptr) const;
  void play(Move m);  // m must be legal
  void undo();

  // History dependencies (docs/solving.md): the rest of the game is a
  // function of the board, player to move, phase, pass count, playout
  // parity, basic-ko ban and prisoner balance (all in state_key()) and of
  // the set of earlier situations: boards (tagged by phase under
  // positional-per-phase). Under basic-play the set decides no legality
  // but whether a play ends the game as a long cycle; legal_moves(out,
  // examined) marks every play's resulting situation for that reason.
  using StateKey = std::array<std::uint64_t, 3>;
  StateKey state_key() const {
    std::uint64_t balance = static_cast<std::uint32_t>(prisoners_[1] - prisoners_[0] + (1 << 30));
    return {pos_.black, pos_.white,
            static_cast<std::uint64_t>(index(to_move_)) | (static_cast<std::uint64_t>(passes_) << 2) |
                (static_cast<std::uint64_t>(phase_) << 4) | (static_cast<std::uint64_t>(playout_moves_ & 1) << 5) |
                (static_cast<std::uint64_t>(ban_ + 1) << 8) | (balance << 32)};
  }
  int dependency_words() const { return seen_.dense() ? seen_.words() : 0; }
  const std::uint64_t* history_bits() const { return seen_.bits(); }
  void legal_moves(std::vector<Move>& out, std::uint64_t* examined) const;
  void mark_current_situation(std::uint64_t* bits) const { seen_.mark(bits, pos_, tag()); }

  // The generic search's hooks (generator/search/generic_search.hpp;
  // docs/solving.md section 4; boards of at most 32 points). Key:
  // state_key() (board, player, phase, passes, playout parity, basic-play
  // ban, prisoner balance). Facts: a board (id: black | white << 32), with
  // the mover under the two superko options (core/rules/board_facts.hpp),
  // whose value is whether it occurred before (1) or not (0) in the history
  // the ko rule reads (the whole game; under ko=positional-per-phase the
  // current phase). legal_moves_with_facts lists the fact of every play
  // that is legal apart from repetition (its legality, or under basic-play
  // whether it ends the game as a long cycle); current_facts the current
  // board's (its mover: the player not to move). Under the superko options
  // a fact decides only the legality of its mover's play: side +1 (Black)
  // or -1 (White) for the search's one-sided reuse; under basic-play it
  // decides a no-result end, which is no prohibition: side 0 (docs/
  // solving.md section 4, "Session 25: one-sided reuse for the area
  // rulesets").
  void search_key(std::vector<std::uint64_t>& key) const {
    const StateKey k = state_key();
    key.insert(key.end(), k.begin(), k.end());
  }
  void legal_moves_with_facts(std::vector<Move>& out, std::vector<std::uint64_t>& facts) const;
  void current_facts(std::vector<std::uint64_t>& facts) const { facts.push_back(fact_id(pos_, opponent(to_move_))); }
  std::int64_t fact(std::uint64_t id) const {
    return seen_.contains(board_facts::position(id, sided_facts_), tag()) ? 1 : 0;
  }
  int fact_side(std::uint64_t id) const { return sided_facts_ ? board_facts::side(id) : 0; }
  // The values a sided fact takes: absent 0, present 1 (the search's
  // HasFactRange, read only for facts with a side; as international's).
  std::pair<std::int64_t, std::int64_t> fact_range(std::uint64_t) const { return {0, 1}; }
  std::uint64_t fact_id(const Position& p, Color mover) const { return board_facts::id(p, mover, sided_facts_); }

  // Bounds on the minimax value of the current node (not over) under every
  // history with its key (the generic search's HasNodeBounds; docs/
  // solving.md section 4, "Session 31: ikeda-1 node bounds from passing"):
  // lo is what Black guarantees by passing for the rest of the game, hi
  // what White guarantees so. Score = area - the balance of the stones
  // each side spent (plays, paid playout passes), and against a passer
  // the opponent pays a stone for every playout play he answers; so a
  // passer's score is at least Benson's area guarantee (core/benson.hpp)
  // less the balance spent so far (prisoners and stones on the board, in
  // the key) less at most one pass stone the playout's parity still owes.
  // Under ko=basic-play the opponent may end the game without result by
  // recreating a board of the history: the bounds then also take in the
  // no result. Key functions only: board, player, phase, playout parity,
  // prisoner balance.
  std::pair<Value, Value> node_outcome_bounds() const;
  // Its score part: what c guarantees by passing for the rest of the game
  // unless a long cycle ends it, as a bound on Black minus White without
  // komi (a lower bound for c = Black, an upper one for c = White).
  int pass_bound(Color c) const;

 private:
  int tag() const { return cfg_.ko == IkedaKo::PositionalPerPhase ? phase_ : 0; }
  PlayStatus try_play(int p, PlayOutcome& o) const {
    return play_stone(*board_, pos_, to_move_, p, SuicideRule::Forbidden, o);
  }
  bool basic_ko_forbids(const PlayOutcome& o) const {
    return cfg_.ko == IkedaKo::BasicPlay && ban_ >= 0 && o.captured == (Mask{1} << ban_);
  }
  // territory + prisoners, Black minus White, for a board and prisoner counts
  int count(const Position& pos, int black_prisoners, int white_prisoners) const;

  IkedaConfig cfg_;
  Phase phase_ = Alternation;
  // passes_ (AlternationHistory) counts the successive passes within the phase.
  int ban_ = -1;           // basic-play: stone that removed a single stone in the last play
  int playout_moves_ = 0;  // moves (plays and passes) of the playout so far
  std::array<int, 2> prisoners_{0, 0};
  bool over_ = false, no_result_ = false;
  bool sided_facts_ = false;  // a superko option on a board of at most 31 points: facts name the mover
  RepetitionSet seen_;
};

}  // namespace gotb
