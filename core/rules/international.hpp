// International Rules (go-rules mailing list, 1998) with the text's
// alternatives, as a game with full history (docs/rules/international.md).
//
// The agreement step is modelled by its value: an agreement needs both
// players, each can refuse it, so the value after two successive passes is
// the value of the play that follows a refusal (the doc gives the proof and
// tests/test_international.cpp checks it against an explicit agreement
// game). After a refusal play resumes with the opponent of the last passer
// and ends when both then just pass; hence the game ends with four
// successive passes, and every two successive passes before that are an
// agreement step that perfect players refuse or accept at the same value.
#pragma once

#include <array>
#include <cstdint>
#include <limits>
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

struct InternationalConfig {
  // ko=basic-exceptional: basic ko plus exceptional game ends on a
  // recreated position (instead of the no-repetition rule).
  bool basic_exceptional = false;
  SuicideRule suicide = SuicideRule::Allowed;
  // scoring=equivalence: territory with prisoners and pass stones (equal to
  // area, which outcome() checks on every final position).
  bool equivalence = false;
  static InternationalConfig from(const RuleSet& rules);  // rules.family() must be international
};

// What a move changes besides the alternation (core/rules/game_history.hpp).
struct InternationalUndo : AlternationState {
  int ban;
  std::array<int, 2> removed, pass_count;
  bool over;
  Value result;
};

class InternationalGame : public AlternationHistory<InternationalUndo> {
 public:
  // Passes in a row that end the game: two end alternate moving (the
  // agreement step), two more after a refusal end the game.
  static constexpr int kEndingPasses = 4;

  // `ending_passes` other than kEndingPasses (2, the only other value taken)
  // makes the *two-pass game* of docs/solving.md section 4, "Session 33":
  // the same game ending at two passes in a row, which the pass-pair
  // reduction (generator/search/international_reduction.hpp) solves in
  // place of the real one. Not a ruleset option: a front end never plays it.
  InternationalGame(const Board& board, const RuleSet& rules, double komi, int ending_passes = kEndingPasses);
  int ending_passes() const { return ending_passes_; }

  // Starts the game at the state (pos, to_move, passes in a row, basic-ko
  // ban point or -1) with an empty history instead of the empty board:
  // pos is the only earlier board, no stones removed or passes counted
  // before. Only before the first move. Used to ask for the value of the
  // game *started* at a state (docs/solving.md, "The other long-cycle
  // rulesets"). Throws std::invalid_argument on an impossible state.
  void setup(const Position& pos, Color to_move, int passes = 0, int ban = -1);

  // True right after two successive passes that end alternate moving (the
  // agreement step; the game goes on as after a refusal).
  bool at_agreement() const { return !over_ && ending_passes_ == kEndingPasses && passes_ == 2; }

  bool is_over() const { return over_; }
  // Game result once is_over(): the score (area, or territory under
  // scoring=equivalence, minus komi) or, after an exceptional end, a
  // no-result / special win. Before the end: the area score of the board.
  Value outcome() const;
  Value min_outcome() const;
  Value max_outcome() const;

  // Components of the final count (meaningful at any time): Black minus
  // White of area, and of territory including prisoners and pass stones
  // with White's extra pass added when White did not pass last.
  int area_difference() const;
  int territory_difference() const;
  // Stones removed from the board so far (captures and suicides).
  int removed(Color c) const { return removed_[index(c)]; }

  void legal_moves(std::vector<Move>& out) const;
  bool is_legal(Move m, std::string* why = nullptr) const;
  void play(Move m);  // m must be legal
  void undo();

  // History dependencies for the reference solver's cache (docs/solving.md).
  // Under ko=positional the rest of the game is a function of the board,
  // player to move, pass count and the set of earlier boards, exactly as
  // for tromp-taylor. Under ko=basic-exceptional the result of a recreation
  // depends on how many stones were removed since the earlier occurrence,
  // which a set of boards cannot express: dependency_words() is 0 there and
  // the solver runs without cache.
  using StateKey = std::array<std::uint64_t, 3>;
  StateKey state_key() const { return key_with_ban(ban_); }
  int dependency_words() const { return !cfg_.basic_exceptional && seen_.dense() ? seen_.words() : 0; }
  const std::uint64_t* history_bits() const { return seen_.bits(); }
  void legal_moves(std::vector<Move>& out, std::uint64_t* examined) const;
  void mark_current_situation(std::uint64_t* bits) const { seen_.mark(bits, pos_, 0); }

  // The generic search's hooks (generator/search/generic_search.hpp;
  // docs/solving.md section 4; boards of at most 32 points). Key: the
  // board, player to move, passes in a row, the basic-ko ban, and under
  // ko=basic-exceptional the removal balance (black minus white removed).
  // Facts under ko=positional: (board, mover) (core/rules/board_facts.hpp;
  // the mover is left out on 32-point boards), value 1 if the board
  // occurred before, else 0; it decides only the legality of the mover's
  // play that creates the board, so it has a side (fact_side: +1 for Black,
  // -1 for White; docs/solving.md section 4, "Session 25: one-sided reuse
  // for the area rulesets"). Under ko=basic-exceptional: a board (id: black
  // stones | white stones << 32) whose value is kAbsentFact when it did not
  // occur before, else the removal balance at its first occurrence (which
  // decides an exceptional end's result): side 0. legal_moves_with_facts
  // lists the fact of every play that is legal apart from repetition
  // (positional: its legality; basic-exceptional: whether and how it ends
  // the game); current_facts the current board's (the last play's legality
  // or exceptional end rested on it; its mover: the player not to move).
  static constexpr std::int64_t kAbsentFact = INT64_MIN;
  void search_key(std::vector<std::uint64_t>& key) const;
  void legal_moves_with_facts(std::vector<Move>& out, std::vector<std::uint64_t>& facts) const;
  void current_facts(std::vector<std::uint64_t>& facts) const { facts.push_back(fact_id(pos_, opponent(to_move_))); }
  // Inline for ko=positional: the search reads a fact for every stored one
  // it checks or stores (international 1x8: about 95 per node, a third of
  // the search's instructions as an out-of-line call; docs/solving.md
  // section 4, "Session 28").
  std::int64_t fact(std::uint64_t id) const {
    if (!cfg_.basic_exceptional) return seen_.contains(board_facts::position(id, sided_facts_), 0) ? 1 : 0;
    if (id == kUpFact) return occurrences_.back().phi_max - occurrences_.back().phi;
    if (id == kDownFact) return occurrences_.back().phi - occurrences_.back().phi_min;
    return exceptional_fact(id);
  }
  // +1 / -1: the (board, mover) facts of ko=positional (see above); 0 for
  // the boards of ko=basic-exceptional and on 32-point boards; kUpFact -1,
  // kDownFact +1 (strategy_bounds).
  int fact_side(std::uint64_t id) const {
    if (cfg_.basic_exceptional) return id == kUpFact ? -1 : id == kDownFact ? 1 : 0;
    return sided_facts_ ? board_facts::side(id) : 0;
  }
  // The values a sided fact takes: absent 0, present 1 (the search's
  // HasFactRange; read only for facts with a side); U and V: 0 and up.
  std::pair<std::int64_t, std::int64_t> fact_range(std::uint64_t id) const {
    if (cfg_.basic_exceptional && (id == kUpFact || id == kDownFact))
      return {0, std::numeric_limits<std::int64_t>::max()};
    return {0, 1};
  }
  std::uint64_t fact_id(const Position& p, Color mover) const { return board_facts::id(p, mover, sided_facts_); }
  // Bounds on the minimax value of the current node under every history
  // that reaches it (the generic search's HasNodeBounds): under ko=positional
  // Benson's pass-alive area bounds (core/benson.hpp; each side's "pass for
  // the rest of the game" ends with at least its pass guarantee, since the
  // game ends after four passes on the area of the board as it stands, which
  // scoring=equivalence equals; docs/solving.md section 4, "Session 24").
  // Under ko=basic-exceptional the game's own bounds (an exceptional end is
  // no score, so the area argument does not hold there). Switched off by
  // set_benson(false) (measurements, cross-checks).
  std::pair<Value, Value> node_outcome_bounds() const;
  void set_benson(bool on) { benson_ = on; }
  // Bounds on the value of the current state under this very history (the
  // generic search's HasHistoryBounds; docs/solving.md section 4, "Session
  // 33: no special win the history does not admit"). Under
  // ko=basic-exceptional, with h(B) the plays of Black minus those of White
  // since the first occurrence of an earlier board B: where h(B) >= -1 for
  // every B, White's "pass for the rest of the game" leaves Black no
  // special win, so the value is at most max(area score of the whole board,
  // no result); where h(B) <= 1 for every B, the mirror. Otherwise, and
  // under ko=positional, the outcome bounds.
  std::pair<Value, Value> history_outcome_bounds() const;
  // The same lemma as a bound of every node, on two facts (the generic
  // search's HasStrategyBounds; docs/solving.md section 4, "Session 34").
  // With phi = Black's plays - White's plays, U = max over the earlier
  // boards B of phi(B) - phi and V = phi - min phi(B) (both >= 0): where
  // U <= 1, White's passing (Benson's pass strategy) leaves Black no special
  // win and at most Benson's upper bound, so the value is at most
  // max(Benson's hi, no result), resting on the fact kUpFact (value U); where
  // V <= 1 the mirror, on kDownFact (value V). A smaller U (V) keeps the
  // upper (lower) bound: fact_side -1 (+1). Under ko=positional, over, or
  // with set_benson(false): open bounds, no facts. A side at or beyond
  // floor (ceiling) comes back open.
  static constexpr std::uint64_t kUpFact = 1 | std::uint64_t{1} << 32;    // (no board has a point of both colours)
  static constexpr std::uint64_t kDownFact = 2 | std::uint64_t{2} << 32;
  std::pair<Value, Value> strategy_bounds(std::int32_t floor, std::int32_t ceiling, std::int32_t beta,
                                          std::vector<std::uint64_t>& facts) const;

 private:
  // Legality of a play apart from repetition; fills o.
  PlayStatus try_play(int p, PlayOutcome& o) const { return play_stone(*board_, pos_, to_move_, p, cfg_.suicide, o); }
  bool basic_ko_forbids(const PlayOutcome& o) const {
    return cfg_.basic_exceptional && ban_ >= 0 && o.captured == (Mask{1} << ban_);
  }
  // fact() under ko=basic-exceptional: kAbsentFact or the first occurrence's balance.
  std::int64_t exceptional_fact(std::uint64_t id) const;
  // Result of a play that recreates an earlier board (basic-exceptional).
  Value exceptional_result(const Position& next, int removed_black, int removed_white) const;

  struct Occurrence {  // basic-exceptional: removal balance when a board occurred
    Position pos;
    int balance;  // removed black minus removed white at that time
    // phi = balance + black stones - white stones (Black's plays - White's
    // plays, up to a constant), and its max and min over this occurrence
    // and every earlier one (strategy_bounds' U and V).
    int phi = 0, phi_max = 0, phi_min = 0;
  };
  Occurrence occurrence(const Position& p, int balance, const Occurrence* before) const;

  InternationalConfig cfg_;
  int ending_passes_ = kEndingPasses;
  int ban_ = -1;  // basic ko: point of the stone that removed a single stone in the last play
  std::array<int, 2> removed_{0, 0}, pass_count_{0, 0};
  bool over_ = false;
  bool benson_ = true;
  bool sided_facts_ = false;  // ko=positional on a board of at most 31 points: facts name the mover
  Value result_;  // exceptional end only
  RepetitionSet seen_;
  std::vector<Occurrence> occurrences_;
};

}  // namespace gotb
