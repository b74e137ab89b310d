#include "core/rules/japanese_2003.hpp"

#include <stdexcept>

namespace gotb {

Japanese2003Game::Japanese2003Game(const Board& board, const RuleSet& rules, double komi)
    : AlternationHistory(board, komi) {
  if (!rules.is(Family::Japanese2003))
    throw std::logic_error("Japanese2003Game from ruleset " + rules.to_string());
  seen_[pos_] = {0, 1};
  // Measured on 2x3: a range of 2N + 2 sends enough results through the
  // overflow path to cost 50 times more nodes than 4N (docs/rules/japanese-2003.md).
  set_tag_range(4 * board.size());
  // Beyond the boards whose shared graphs are prefilled, the Büchi tests of
  // the strategy games' final positions are most of the cost (docs/
  // solving.md, "Session 32: japanese-2003"): bound those leaves instead.
  strategy_options_.partial_analysis = board.size() > japanese::kPrefillPoints;
  // The same boards: the search's own final positions then ask their
  // Büchi tests only where the capture tests' bounds leave the window open
  // (docs/solving.md, "Session 33: japanese-2003").
  lazy_terminals_ = board.size() > japanese::kPrefillPoints;
}

void Japanese2003Game::set_tag_range(int max_difference) {
  if (!undo_.empty()) throw std::logic_error("set_tag_range after a move");
  words_ = 0;
  hist_.clear();
  ranker_.reset();
  if (board_->size() > kMaxRankPoints) return;
  // 1024 words is the reference solver's default bound on dependency sets;
  // a narrower tag range only sends more results through the overflow path.
  constexpr std::uint64_t kMaxBits = 1023 * 64;
  std::uint64_t count = 1;
  for (int i = 0; i < board_->size() && count <= kMaxBits; ++i) count *= 3;
  for (int range = max_difference; range >= 0; --range) {
    const std::uint64_t tags = 2 * static_cast<std::uint64_t>(range) + 2;
    if (count * tags > kMaxBits) continue;
    tag_range_ = range;
    tags_ = static_cast<int>(tags);
    visit_word_ = static_cast<int>((count * tags + 63) / 64);
    words_ = visit_word_ + 1;
    ranker_ = std::make_unique<Ranker>(board_->size());
    hist_.assign(words_, 0);
    set_history_bit(pos_, 0, true);
    hist_[visit_word_] = visit_;
    return;
  }
}

void Japanese2003Game::set_history_bit(const Position& pos, int difference, bool on) {
  if (!words_) return;
  const std::uint64_t i = ranker_->rank(pos) * tags_ + tag_of(difference);
  if (on) hist_[i >> 6] |= std::uint64_t{1} << (i & 63);
  else hist_[i >> 6] &= ~(std::uint64_t{1} << (i & 63));
}

void Japanese2003Game::mark_tags(std::uint64_t* bits, const Position& pos) const {
  const std::uint64_t first = ranker_->rank(pos) * tags_;
  for (std::uint64_t i = first; i < first + tags_; ++i) bits[i >> 6] |= std::uint64_t{1} << (i & 63);
  auto it = seen_.find(pos);
  if (it != seen_.end() && it->second.count > 0 && tag_of(it->second.first_difference) == tags_ - 1)
    bits[visit_word_] = ~std::uint64_t{0};  // rests on an exact difference the tags do not hold
}

void Japanese2003Game::mark_current_situation(std::uint64_t* bits) const {
  if (words_) mark_tags(bits, pos_);
}

Japanese2003Game::StateKey Japanese2003Game::state_key() const {
  // The basic ko rule can bite only right after a play; otherwise the
  // position before the last move is irrelevant and is normalised away.
  const Position& ko = (passes_ == 0 && !undo_.empty()) ? before_last_ : pos_;
  const auto diff = static_cast<std::uint32_t>(prisoner_difference());
  return {pos_.black, pos_.white, ko.black, ko.white,
          static_cast<std::uint64_t>(index(to_move_)) | (static_cast<std::uint64_t>(passes_) << 8) |
              (static_cast<std::uint64_t>(diff) << 32)};
}

const Japanese2003Game::Cached& Japanese2003Game::cached(const Position& pos) const {
  auto it = cache_.find(pos);
  if (it != cache_.end()) return *it->second;
  auto c = std::make_unique<Cached>();
  if (!analyser_)
    analyser_ = std::make_unique<japanese::SymmetricAnalyser>(*board_, analysis_options_, analysis_symmetry_);
  c->analysis = analyser_->analyse(pos);
  c->territory_score = japanese::score_final_position(*board_, pos, c->analysis, 0).score;
  return *cache_.emplace(pos, std::move(c)).first->second;
}

const japanese::FinalAnalysis& Japanese2003Game::analysis(const Position& pos) const { return cached(pos).analysis; }

std::pair<Value, Value> Japanese2003Game::end_bounds() const {
  auto it = bounds_cache_.find(pos_);
  if (it == bounds_cache_.end()) {
    if (!analyser_)
      analyser_ = std::make_unique<japanese::SymmetricAnalyser>(*board_, analysis_options_, analysis_symmetry_);
    const Mask alive = analyser_->uncapturable_stones(pos_);
    it = bounds_cache_.emplace(pos_, japanese::territory_score_bounds(*board_, pos_, alive)).first;
  }
  return {Value::score(it->second.first + prisoner_difference(), komi_),
          Value::score(it->second.second + prisoner_difference(), komi_)};
}

void Japanese2003Game::legal_plays(std::vector<Move>& out) const {
  if (is_over()) return;
  for_each_bit(pos_.empty(*board_), [&](int p) {
    PlayOutcome o;
    if (play_stone(*board_, pos_, to_move_, p, SuicideRule::Forbidden, o) != PlayStatus::Ok) return;
    if (!undo_.empty() && o.next == before_last_) return;
    out.push_back(Move::play(p));
  });
}

std::pair<Value, Value> Japanese2003Game::terminal_bounds(std::int32_t alpha, std::int32_t beta) const {
  // Only an end by two passes reads the analysis; a position analysed
  // already costs nothing more exactly.
  if (lazy_terminals_ && end_ == End::Passes && cache_.find(pos_) == cache_.end()) {
    auto decides = [&](const std::pair<Value, Value>& b) {
      return b.first == b.second || b.first.order >= beta || b.second.order <= alpha;
    };
    const std::pair<Value, Value> b = end_bounds();
    if (decides(b)) {
      ++bounded_terminals_;
      return b;
    }
    const int diff = prisoner_difference();
    if (stepwise_step4_) {
      // Steps 1-2, then step 4 string by string, each test's result final
      // (analysis.hpp, stepwise_territory_bounds), stopping once the bounds
      // decide the window; exact when every test ran. An exact territory
      // score is kept per position (it is the full analysis's).
      auto e = stepwise_exact_cache_.find(pos_);
      if (e != stepwise_exact_cache_.end()) {
        const Value v = Value::score(e->second + diff, komi_);
        return {v, v};
      }
      const auto t = analyser_->stepwise_territory_bounds(
          pos_,
          [&](int lo, int hi) {
            return decides({Value::score(lo + diff, komi_), Value::score(hi + diff, komi_)});
          },
          &stepwise_tests_);
      if (t.first == t.second) {
        stepwise_exact_cache_.emplace(pos_, t.first);
        ++stepwise_exact_;
      } else {
        ++bounded_terminals_;
      }
      return {Value::score(t.first + diff, komi_), Value::score(t.second + diff, komi_)};
    }
    // Then steps 1-2 (Büchi tests on each string's own points only): the
    // strings strong after them are alive whatever step 4 finds, the
    // others alive or dead; the same enumeration of the open ones.
    auto it = strong_bounds_cache_.find(pos_);
    if (it == strong_bounds_cache_.end())
      it = strong_bounds_cache_
               .emplace(pos_, japanese::territory_score_bounds(*board_, pos_, analyser_->strong_stones(pos_)))
               .first;
    const std::pair<Value, Value> b2{Value::score(it->second.first + diff, komi_),
                                     Value::score(it->second.second + diff, komi_)};
    if (decides(b2)) {
      ++bounded_terminals_;
      return b2;
    }
  }
  const Value v = outcome();
  return {v, v};
}

Value Japanese2003Game::outcome() const {
  if (end_ == End::LongCycle) return cycle_result_;
  return Value::score(cached(pos_).territory_score + prisoner_difference(), komi_);
}

bool Japanese2003Game::second_pass_forbidden() const {
  // A direct ko stone is a ko stone: without one the analysis cannot forbid
  // the pass, so it is not computed here (only if the game ends here).
  return passes_ == 1 && japanese::has_ko_stone(*board_, pos_) && direct_ko_stone(pos_);
}

bool Japanese2003Game::direct_ko_stone(const Position& pos) const {
  // An analysed position answers at once; otherwise only the tests the flag
  // reads (japanese::has_direct_ko_stone: no step-4 test of a string that
  // is not a ko stone), cached apart (the full analysis may never be needed:
  // the game may go on from here).
  auto it = cache_.find(pos);
  if (it != cache_.end() || !direct_ko_tests_only_) return cached(pos).analysis.has_direct_ko_stone;
  auto d = direct_ko_cache_.find(pos);
  if (d == direct_ko_cache_.end()) {
    if (!analyser_)
      analyser_ = std::make_unique<japanese::SymmetricAnalyser>(*board_, analysis_options_, analysis_symmetry_);
    d = direct_ko_cache_.emplace(pos, analyser_->has_direct_ko_stone(pos)).first;
  }
  return d->second;
}

bool Japanese2003Game::is_legal(Move m, std::string* why) const {
  auto fail = [&](const std::string& text) { return refuse(why, text); };
  if (is_over()) return fail("the game is over");
  if (m.kind == MoveKind::Pass) {
    if (second_pass_forbidden())
      return fail("direct ko rule: the alternation may not end in a position with a direct ko stone");
    return true;
  }
  if (m.kind != MoveKind::Play)
    return fail("during the alternation only plays and passes are available (ko-passes belong to the analysis)");
  PlayOutcome o;
  if (!check_play(m, SuicideRule::Forbidden, o, why)) return false;
  if (!undo_.empty() && o.next == before_last_)
    return fail("basic ko rule: the play recreates the position just before the last opposing move");
  return true;
}

void Japanese2003Game::legal_moves(std::vector<Move>& out) const { legal_moves_impl(out, nullptr); }

void Japanese2003Game::legal_moves(std::vector<Move>& out, std::uint64_t* examined) const {
  legal_moves_impl(out, words_ ? examined : nullptr);
}

void Japanese2003Game::legal_moves_impl(std::vector<Move>& out, std::uint64_t* examined) const {
  if (is_over()) return;
  const std::size_t first = out.size();
  for_each_bit(pos_.empty(*board_), [&](int p) {
    PlayOutcome o;
    if (play_stone(*board_, pos_, to_move_, p, SuicideRule::Forbidden, o) != PlayStatus::Ok) return;
    if (!undo_.empty() && o.next == before_last_) return;
    // Legality does not depend on the history, but whether this play ends
    // the game by the long-cycle rule, and how, does.
    if (examined) mark_tags(examined, o.next);
    out.push_back(Move::play(p));
  });
  if (!second_pass_forbidden()) out.push_back(Move::pass());
  if (out.size() == first)
    throw japanese::NotDecided(std::string(color_name(to_move_)) +
                               " has no legal move (every play is illegal and the direct ko rule forbids the "
                               "ending pass); the rules do not say what happens");
}

void Japanese2003Game::legal_moves_with_facts(std::vector<Move>& out, std::vector<std::uint64_t>& facts) const {
  if (board_->size() > 32) throw std::logic_error("japanese-2003 history facts: boards of at most 32 points");
  const std::size_t first = out.size();
  legal_moves_impl(out, nullptr);
  for (std::size_t i = first; i < out.size(); ++i) {
    if (out[i].kind != MoveKind::Play) continue;
    PlayOutcome o;
    play_stone(*board_, pos_, to_move_, out[i].point, SuicideRule::Forbidden, o);
    facts.push_back(fact_id(o.next));
  }
}

std::int64_t Japanese2003Game::fact(std::uint64_t id) const {
  const Position p{id & 0xffffffffULL, id >> 32};
  auto it = seen_.find(p);
  return it != seen_.end() && it->second.count > 0 ? it->second.first_difference : kAbsentFact;
}

void Japanese2003Game::play(Move m) {
  undo_.push_back({alternation(), before_last_, removed_black_, removed_white_, static_cast<std::uint8_t>(end_),
                   cycle_result_, visit_});
  visit_ = ++visits_;
  if (words_) hist_[visit_word_] = visit_;
  before_last_ = pos_;
  if (m.kind == MoveKind::Play) {
    PlayOutcome o;
    play_stone(*board_, pos_, to_move_, m.point, SuicideRule::Forbidden, o);
    pos_ = o.next;
    (to_move_ == Color::Black ? removed_white_ : removed_black_) += popcount(o.captured);
    passes_ = 0;
    auto it = seen_.find(pos_);
    if (it != seen_.end() && it->second.count > 0) {
      // Long-cycle rule: the game ends at once; the cycle runs from the
      // position's first occurrence (only passes can repeat a position
      // before this, and they remove nothing).
      int diff = prisoner_difference() - it->second.first_difference;
      cycle_result_ = diff > 0 ? Value::black_wins() : diff < 0 ? Value::white_wins() : Value::score_half_points(0);
      end_ = End::LongCycle;
    }
  } else {
    ++passes_;
    if (passes_ >= 2) end_ = End::Passes;
  }
  to_move_ = opponent(to_move_);
  Seen& s = seen_[pos_];
  if (s.count++ == 0) {
    s.first_difference = prisoner_difference();
    set_history_bit(pos_, s.first_difference, true);
  }
}

void Japanese2003Game::undo() {
  auto it = seen_.find(pos_);
  if (--it->second.count == 0) {
    set_history_bit(pos_, it->second.first_difference, false);
    seen_.erase(it);
  }
  const Japanese2003Undo& u = undo_.back();
  restore(u);
  before_last_ = u.before_last;
  removed_black_ = u.removed_black;
  removed_white_ = u.removed_white;
  end_ = static_cast<End>(u.end);
  cycle_result_ = u.cycle_result;
  visit_ = u.visit;
  if (words_) hist_[visit_word_] = visit_;
  undo_.pop_back();
}

}  // namespace gotb
