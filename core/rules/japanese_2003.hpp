// The Japanese 2003 Rules (Robert Jasiek, semi-formal version 35a; informal
// text version 2) as a game with full history: the alternation, then the
// analysis and scoring of the final position (docs/rules/japanese-2003.md).
//
// Alternation: plays (no suicide) and passes; the basic ko rule; the
// long-cycle rule (a play that recreates an earlier position ends the game at
// once, won by the player who removed more stones since its first
// occurrence, a tie when equal); a pass after the opponent's pass ends the
// alternation unless the direct ko rule forbids it (a direct ko stone in the
// position). The result then comes from the exact life-and-death analysis
// (core/rules/japanese/analysis.hpp), cached per final position.
//
// History dependencies for the reference solver's cache (docs/solving.md
// section 1; the soundness argument is in docs/rules/japanese-2003.md,
// "A sound cache"): the state key holds the position, the position before
// the last move (basic ko), the player to move, the pass count and the
// prisoner difference; the history is the set of (position, tag) pairs, the
// tag encoding the prisoner difference at the position's first occurrence
// (the long-cycle result depends on it). Differences outside the tag range
// get one overflow tag, and a result that rests on such a position is made
// unrepeatable by a per-visit word of the history (the "visit word").
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

#include "core/move.hpp"
#include "core/position.hpp"
#include "core/rank.hpp"
#include "core/rules/game_history.hpp"
#include "core/rules/japanese/analysis.hpp"
#include "core/rules/japanese/pass_strategy.hpp"
#include "core/rules/japanese/shared_analysis.hpp"
#include "core/rules/japanese/symmetric_analysis.hpp"
#include "core/rules/ruleset.hpp"
#include "core/value.hpp"

namespace gotb {

// What a move changes besides the alternation (core/rules/game_history.hpp).
struct Japanese2003Undo : AlternationState {
  Position before_last;
  int removed_black, removed_white;
  std::uint8_t end;  // Japanese2003Game::End
  Value cycle_result;
  std::uint64_t visit;
};

class Japanese2003Game : public AlternationHistory<Japanese2003Undo> {
 public:
  Japanese2003Game(const Board& board, const RuleSet& rules, double komi);

  // White stones minus black stones removed so far (Black's prisoners first).
  int prisoner_difference() const { return removed_white_ - removed_black_; }
  bool ended_by_long_cycle() const { return end_ == End::LongCycle; }

  bool is_over() const { return end_ != End::None; }
  // Once over: the long-cycle result (Black/White wins outside the score
  // scale, a tie as order 0), or the score of the analysed final position
  // minus komi. Before the end: the score the position would get if the
  // alternation ended now (throws japanese::NotDecided when the analysis
  // cannot decide it).
  Value outcome() const;

  // Plays in point order, then pass. Throws japanese::NotDecided when the
  // analysis a pass needs (direct ko rule) cannot be decided, or when the
  // player to move has no legal move at all (a case the rules leave open).
  void legal_moves(std::vector<Move>& out) const;
  bool is_legal(Move m, std::string* why = nullptr) const;
  void play(Move m);
  void undo();

  // The analysis of a position as a final position (cached).
  const japanese::FinalAnalysis& analysis(const Position& pos) const;

  // History dependencies (reference solver cache). dependency_words() is 0
  // (no cache) on boards whose positions times tags do not fit 1024 words.
  using StateKey = std::array<std::uint64_t, 5>;
  StateKey state_key() const;
  int dependency_words() const { return words_; }
  const std::uint64_t* history_bits() const { return hist_.data(); }
  // legal_moves that also marks, in `examined`, every tag of the position
  // each legal play creates (whether and how that play ends the game by the
  // long-cycle rule depends on them), and the visit word when one of those
  // positions has the overflow tag.
  void legal_moves(std::vector<Move>& out, std::uint64_t* examined) const;
  // Marks every tag of the current position (a long-cycle end rests on its
  // first occurrence), and the visit word for an overflow tag.
  void mark_current_situation(std::uint64_t* bits) const;
  // The generic search's hooks (generator/search/generic_search.hpp;
  // boards of at most 32 points). Key: state_key(). Facts: a position (id:
  // black stones | white stones << 32) whose value is the prisoner
  // difference at its first occurrence in this alternation, or
  // kAbsentFact; legal_moves_with_facts lists the position each legal play
  // creates (whether and how it ends the game by the long-cycle rule),
  // current_facts the current position.
  static constexpr std::int64_t kAbsentFact = INT64_MIN;
  void search_key(std::vector<std::uint64_t>& key) const {
    const StateKey k = state_key();
    key.insert(key.end(), k.begin(), k.end());
  }
  void legal_moves_with_facts(std::vector<Move>& out, std::vector<std::uint64_t>& facts) const;
  void current_facts(std::vector<std::uint64_t>& facts) const { facts.push_back(fact_id(pos_)); }
  std::int64_t fact(std::uint64_t id) const;
  static std::uint64_t fact_id(const Position& p) { return p.black | p.white << 32; }
  // Profile only: the position occurred earlier in this alternation (passes).
  bool in_cycle() const {
    auto it = seen_.find(pos_);
    return it != seen_.end() && it->second.count > 1;
  }

  // Bounds on the minimax value of the current node (not over) under its
  // actual history, from the passing strategies, with the history facts
  // they rest on appended to `facts` (core/rules/japanese/pass_strategy.hpp;
  // the generic search's HasStrategyBounds). Plays and undoes moves: the
  // game is left as found.
  std::pair<Value, Value> strategy_bounds(std::int32_t floor, std::int32_t ceiling, std::int32_t beta,
                                          std::vector<std::uint64_t>& facts) {
    return japanese::pass_strategy_bounds(*this, floor, ceiling, beta, facts, strategy_options_, &strategy_stats_,
                                          &strategy_cache_);
  }
  japanese::PassStrategyOptions& strategy_options() { return strategy_options_; }
  // For the passing strategies' partial-analysis leaves (pass_strategy.hpp,
  // PassStrategyOptions::partial_analysis): bounds on outcome() if the
  // alternation ended now in the current position by two passes, from the
  // capture tests alone (japanese::territory_score_bounds), cached per
  // position. Never runs the Büchi tests of the full analysis.
  std::pair<Value, Value> end_bounds() const;
  // The generic search's HasTerminalBounds (generic_search.hpp; docs/
  // solving.md section 4, "Session 33: japanese-2003"), once is_over():
  // where the game ended by two passes in a position not analysed yet and
  // lazy terminals are on, end_bounds() (capture tests only, no Büchi test)
  // if they decide the window (alpha, beta) (lo >= beta, hi <= alpha, or
  // lo = hi), else the same bounds from steps 1-2 (japanese::strong_stones:
  // no step-4 test) if they decide it; then (stepwise step 4, the default)
  // step 4 one string at a time until the bounds decide the window or every
  // test has run (japanese::stepwise_territory_bounds, docs/solving.md
  // section 4, "Session 34: japanese-2003"), or (stepwise off) outcome() as
  // an exact pair. Each contains outcome(); an exact pair is outcome().
  std::pair<Value, Value> terminal_bounds(std::int32_t alpha, std::int32_t beta) const;
  // On by default where the strategy games take partial-analysis leaves
  // (boards beyond kPrefillPoints); tests and measurements set it.
  void set_lazy_terminals(bool on) { lazy_terminals_ = on; }
  bool lazy_terminals() const { return lazy_terminals_; }
  // Terminals that terminal_bounds answered from step 1 alone, from steps
  // 1-2, or stepwise with lo < hi (profile; a stepwise exact answer counts
  // in stepwise_exact, not here, nor in analysed_positions).
  std::uint64_t bounded_terminals() const { return bounded_terminals_; }
  // terminal_bounds' last stage: step 4 one string at a time (default on)
  // or the full analysis (off: tests and measurements).
  void set_stepwise_step4(bool on) { stepwise_step4_ = on; }
  bool stepwise_step4() const { return stepwise_step4_; }
  // Step-4 tests asked by the stepwise stage, and its terminals made exact
  // without the full analysis (profile).
  std::uint64_t stepwise_tests() const { return stepwise_tests_; }
  std::uint64_t stepwise_exact() const { return stepwise_exact_; }
  // Tests only: the direct ko rule's question answered by the full analysis
  // of the position instead of the tests it reads (default true: those
  // alone, japanese::has_direct_ko_stone; docs/solving.md, "Session 33:
  // japanese-2003"). Call before the first move.
  void set_direct_ko_tests_only(bool on) { direct_ko_tests_only_ = on; }
  // The legal plays (no pass) in legal_moves' order; never analyses.
  void legal_plays(std::vector<Move>& out) const;
  const japanese::PassStrategyStats& strategy_stats() const { return strategy_stats_; }

  // Tests only: analyse every position as given instead of through its
  // symmetry-class representative (japanese/symmetric_analysis.hpp). Call
  // before the first analysis.
  void set_analysis_symmetry(bool on) { analysis_symmetry_ = on; }
  // Distinct final positions analysed so far (profile).
  std::size_t analysed_positions() const { return cache_.size(); }

  // Tests only: the tag range |difference| <= max_difference (0 forces the
  // overflow path for every nonzero difference). Call before any move.
  void set_tag_range(int max_difference);

 private:
  enum class End : std::uint8_t { None, Passes, LongCycle };
  struct PosHash {
    std::size_t operator()(const Position& p) const {
      return std::hash<std::uint64_t>()(p.black * 0x9e3779b97f4a7c15ULL ^ p.white);
    }
  };
  struct Cached {
    japanese::FinalAnalysis analysis;
    int territory_score;  // score without the prisoner difference
  };
  const Cached& cached(const Position& pos) const;
  bool second_pass_forbidden() const;
  bool direct_ko_stone(const Position& pos) const;
  void legal_moves_impl(std::vector<Move>& out, std::uint64_t* examined) const;
  int tag_of(int difference) const {
    return difference >= -tag_range_ && difference <= tag_range_ ? difference + tag_range_ : tags_ - 1;
  }
  void mark_tags(std::uint64_t* bits, const Position& pos) const;
  void set_history_bit(const Position& pos, int difference, bool on);

  Position before_last_;  // the position just before the last move
  int removed_black_ = 0, removed_white_ = 0;
  End end_ = End::None;
  Value cycle_result_;
  // Positions of this alternation with the removal difference (white -
  // black) at their first occurrence, and how often they occur (undo).
  struct Seen {
    int first_difference;
    int count;
  };
  std::unordered_map<Position, Seen, PosHash> seen_;
  // Cache support: tags 0..2*tag_range_ for differences in range, tags_ - 1
  // for overflow; hist_ = (rank * tags_ + tag) bits, then the visit word.
  std::unique_ptr<Ranker> ranker_;
  int tag_range_ = 0, tags_ = 0, words_ = 0, visit_word_ = 0;
  std::vector<std::uint64_t> hist_;
  std::uint64_t visit_ = 0, visits_ = 0;  // this node's visit number, visits so far
  japanese::AnalysisOptions analysis_options_;
  japanese::PassStrategyOptions strategy_options_;
  japanese::PassStrategyStats strategy_stats_;
  japanese::StrategyCache strategy_cache_;
  mutable std::unordered_map<Position, std::unique_ptr<Cached>, PosHash> cache_;
  mutable std::unordered_map<Position, std::pair<int, int>, PosHash> bounds_cache_;  // end_bounds' territory bounds
  mutable std::unordered_map<Position, std::pair<int, int>, PosHash> strong_bounds_cache_;  // after steps 1-2
  // Analyses the positions the cache misses, from hypothetical-sequence
  // graphs shared by all of them (the same answers as
  // analyse_final_position; docs/rules/japanese-2003.md, "Shared graphs"),
  // one representative per symmetry class (symmetric_analysis.hpp).
  mutable std::unique_ptr<japanese::SymmetricAnalyser> analyser_;
  bool analysis_symmetry_ = true;
  bool lazy_terminals_ = false;
  bool direct_ko_tests_only_ = true;
  mutable std::unordered_map<Position, bool, PosHash> direct_ko_cache_;  // positions not analysed in full
  mutable std::uint64_t bounded_terminals_ = 0;
  bool stepwise_step4_ = true;
  mutable std::unordered_map<Position, int, PosHash> stepwise_exact_cache_;  // territory scores found stepwise
  mutable std::uint64_t stepwise_tests_ = 0, stepwise_exact_ = 0;
};

}  // namespace gotb
