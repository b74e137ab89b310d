#include "core/rules/international.hpp"

#include <algorithm>
#include <stdexcept>

#include "core/benson.hpp"
#include "core/scoring.hpp"

namespace gotb {

InternationalConfig InternationalConfig::from(const RuleSet& rules) {
  if (!rules.is(Family::International))
    throw std::logic_error("InternationalConfig from ruleset " + rules.to_string());
  InternationalConfig c;
  c.basic_exceptional = rules.options().ko == KoRule::BasicExceptional;
  c.suicide = rules.options().suicide;
  c.equivalence = rules.options().scoring == Scoring::Equivalence;
  return c;
}

InternationalGame::InternationalGame(const Board& board, const RuleSet& rules, double komi, int ending_passes)
    : AlternationHistory(board, komi), cfg_(InternationalConfig::from(rules)), ending_passes_(ending_passes),
      seen_(board.size(), 1) {
  if (ending_passes != kEndingPasses && ending_passes != 2)
    throw std::invalid_argument("international: the game ends at 4 passes in a row (2: the two-pass game), not " +
                                std::to_string(ending_passes));
  sided_facts_ = !cfg_.basic_exceptional && board_facts::sided(board.size());
  seen_.push(pos_, 0);
  if (cfg_.basic_exceptional) occurrences_.push_back(occurrence(pos_, 0, nullptr));
}

InternationalGame::Occurrence InternationalGame::occurrence(const Position& p, int balance,
                                                            const Occurrence* before) const {
  Occurrence o{p, balance};
  o.phi = balance + popcount(p.stones(Color::Black)) - popcount(p.stones(Color::White));
  o.phi_max = before ? std::max(before->phi_max, o.phi) : o.phi;
  o.phi_min = before ? std::min(before->phi_min, o.phi) : o.phi;
  return o;
}

void InternationalGame::setup(const Position& pos, Color to_move, int passes, int ban) {
  if (!undo_.empty()) throw std::logic_error("InternationalGame::setup after the first move");
  if (!is_legal_position(*board_, pos)) throw std::invalid_argument("setup position has a string without liberties");
  if (passes < 0 || passes >= ending_passes_) throw std::invalid_argument("setup pass count out of range");
  // The banned stone belongs to the player who made the last play: the
  // opponent of the player to move, or the player to move after an odd
  // number of passes.
  Color last_player = passes % 2 == 0 ? opponent(to_move) : to_move;
  if (ban >= 0 && (!cfg_.basic_exceptional || ban >= board_->size() || !((pos.stones(last_player) >> ban) & 1)))
    throw std::invalid_argument("setup ko ban must be a stone of the player who made the last play (ko=basic-exceptional)");
  seen_.pop();
  pos_ = pos;
  to_move_ = to_move;
  passes_ = passes;
  ban_ = ban;
  seen_.push(pos_, 0);
  if (cfg_.basic_exceptional) occurrences_.assign(1, occurrence(pos_, 0, nullptr));
}

int InternationalGame::area_difference() const { return area_count(*board_, pos_).difference(); }

int InternationalGame::territory_difference() const {
  AreaCount a = area_count(*board_, pos_);
  Mask empty = pos_.empty(*board_);
  int black = popcount(a.black_area & empty), white = popcount(a.white_area & empty);
  // Prisoners: removed stones plus one own stone per pass, and White's
  // extra pass when Black made the last move (so that both players made
  // equally many moves, which is what makes territory equal area).
  int white_passes = pass_count_[index(Color::White)];
  if (to_move_ == Color::White) ++white_passes;  // Black made the last move
  black += removed_[index(Color::White)] + white_passes;
  white += removed_[index(Color::Black)] + pass_count_[index(Color::Black)];
  return black - white;
}

Value InternationalGame::outcome() const {
  if (over_ && !result_.is_score()) return result_;
  if (!cfg_.equivalence) return Value::score(area_difference(), komi_);
  int t = territory_difference();
  // Area and territory are equal by the argument in
  // docs/rules/international.md; a difference is a bug in this class.
  if (over_ && t != area_difference())
    throw std::logic_error("international: territory " + std::to_string(t) + " differs from area " +
                           std::to_string(area_difference()));
  return Value::score(t, komi_);
}

Value InternationalGame::min_outcome() const {
  return cfg_.basic_exceptional ? Value::white_wins() : Value::score(-board_->size(), komi_);
}
Value InternationalGame::max_outcome() const {
  return cfg_.basic_exceptional ? Value::black_wins() : Value::score(board_->size(), komi_);
}

std::pair<Value, Value> InternationalGame::node_outcome_bounds() const {
  if (cfg_.basic_exceptional || !benson_) return {min_outcome(), max_outcome()};
  const AreaBound b = area_bounds(*board_, pos_, cfg_.suicide);
  return {Value::score(b.lo, komi_), Value::score(b.hi, komi_)};
}

std::pair<Value, Value> InternationalGame::history_outcome_bounds() const {
  Value lo = min_outcome(), hi = max_outcome();
  if (!cfg_.basic_exceptional || over_) return {lo, hi};
  // h(B) = (black plays - white plays) since B first occurred: each play
  // adds one own stone, so plays = removed + the change in own stones.
  const int r_now = removed_[index(Color::Black)] - removed_[index(Color::White)];
  const int black_now = popcount(pos_.stones(Color::Black)), white_now = popcount(pos_.stones(Color::White));
  int h_min = 0, h_max = 0;
  for (const Occurrence& o : occurrences_) {
    const int h = (r_now - o.balance) + (black_now - popcount(o.pos.stones(Color::Black))) -
                  (white_now - popcount(o.pos.stones(Color::White)));
    h_min = std::min(h_min, h);
    h_max = std::max(h_max, h);
  }
  const Value none = Value::no_result(0);
  if (h_min >= -1) hi = std::max(Value::score(board_->size(), komi_), none);
  if (h_max <= 1) lo = std::min(Value::score(-board_->size(), komi_), none);
  return {lo, hi};
}

std::pair<Value, Value> InternationalGame::strategy_bounds(std::int32_t floor, std::int32_t ceiling, std::int32_t,
                                                           std::vector<std::uint64_t>& facts) const {
  const std::pair<Value, Value> open{Value::minus_infinity(), Value::plus_infinity()};
  if (!cfg_.basic_exceptional || over_ || !benson_) return open;
  const Occurrence& o = occurrences_.back();
  const bool up = o.phi_max - o.phi <= 1, down = o.phi - o.phi_min <= 1;
  if (!up && !down) return open;
  // (docs/solving.md section 4, "Session 34": the passer's Benson guarantee
  // or an end by the opponent's recreation, which the condition makes no
  // special win for the opponent.)
  const AreaBound a = area_bounds(*board_, pos_, cfg_.suicide);
  // Only where Benson's part is below the whole board: the root's tests
  // lie inside the whole board's bounds (history_outcome_bounds), which
  // therefore decide no test inside the search, and on 3x4 returning them
  // made every proof rest on U or V and be stored with all its board
  // facts (7.8 M stores against 1.5 M at 20 M nodes; docs/solving.md).
  const int whole = board_->size();
  const Value none = Value::no_result(0);
  std::pair<Value, Value> r = open;
  if (down && a.lo > -whole) {
    const Value lo = std::min(Value::score(a.lo, komi_), none);
    if (lo.order > floor) {
      r.first = lo;
      facts.push_back(kDownFact);
    }
  }
  if (up && a.hi < whole) {
    const Value hi = std::max(Value::score(a.hi, komi_), none);
    if (hi.order < ceiling) {
      r.second = hi;
      facts.push_back(kUpFact);
    }
  }
  return r;
}

Value InternationalGame::exceptional_result(const Position& next, int removed_black, int removed_white) const {
  for (const Occurrence& o : occurrences_) {
    if (!(o.pos == next)) continue;
    int d = (removed_black - removed_white) - o.balance;
    if (d == 0) return Value::no_result(0);
    return d > 0 ? Value::white_wins() : Value::black_wins();  // fewer removed stones wins
  }
  throw std::logic_error("international: recreated board without an earlier occurrence");
}

bool InternationalGame::is_legal(Move m, std::string* why) const {
  auto fail = [&](const std::string& text) { return refuse(why, text); };
  if (over_) return fail("the game is over");
  if (m.kind == MoveKind::Pass) return true;
  if (m.kind != MoveKind::Play) return fail("this ruleset has only plays and plain passes");
  PlayOutcome o;
  if (!check_play(m, cfg_.suicide, o, why)) return false;
  if (basic_ko_forbids(o))
    return fail("basic ko: the play would remove the single stone that removed a single stone in the last play");
  if (!cfg_.basic_exceptional && seen_.contains(o.next, 0))
    return fail("no repetition: the play would recreate an earlier board position");
  return true;
}

void InternationalGame::legal_moves(std::vector<Move>& out) const { legal_moves(out, nullptr); }

void InternationalGame::legal_moves(std::vector<Move>& out, std::uint64_t* examined) const {
  if (over_) return;
  Mask empty = pos_.empty(*board_);
  for_each_bit(empty, [&](int p) {
    PlayOutcome o;
    if (try_play(p, o) != PlayStatus::Ok) return;
    if (basic_ko_forbids(o)) return;
    if (!cfg_.basic_exceptional) {
      if (examined) seen_.mark(examined, o.next, 0);
      if (seen_.contains(o.next, 0)) return;
    }
    out.push_back(Move::play(p));
  });
  out.push_back(Move::pass());
}

void InternationalGame::search_key(std::vector<std::uint64_t>& key) const {
  const StateKey k = state_key();
  key.insert(key.end(), k.begin(), k.end());
  if (cfg_.basic_exceptional)
    key.push_back(static_cast<std::uint64_t>(static_cast<std::int64_t>(removed_[index(Color::Black)] -
                                                                         removed_[index(Color::White)])));
}

void InternationalGame::legal_moves_with_facts(std::vector<Move>& out, std::vector<std::uint64_t>& facts) const {
  if (board_->size() > 32) throw std::logic_error("international history facts: boards of at most 32 points");
  if (over_) return;
  for_each_bit(pos_.empty(*board_), [&](int p) {
    PlayOutcome o;
    if (try_play(p, o) != PlayStatus::Ok || basic_ko_forbids(o)) return;
    facts.push_back(fact_id(o.next, to_move_));
    if (!cfg_.basic_exceptional && seen_.contains(o.next, 0)) return;
    out.push_back(Move::play(p));
  });
  out.push_back(Move::pass());
}

std::int64_t InternationalGame::exceptional_fact(std::uint64_t id) const {
  // (ko=positional, inline in fact(): 0 / 1, ordered as the side needs, 1 prohibits the play.)
  // U and V (strategy_bounds), also here for a caller that skipped fact()'s own test.
  if (id == kUpFact) return occurrences_.back().phi_max - occurrences_.back().phi;
  if (id == kDownFact) return occurrences_.back().phi - occurrences_.back().phi_min;
  const Position p = board_facts::position(id, sided_facts_);
  if (!seen_.contains(p, 0)) return kAbsentFact;
  // The first occurrence: every later one repeats its balance (only passes
  // repeat a board before the game ends), as exceptional_result() reads.
  for (const Occurrence& o : occurrences_)
    if (o.pos == p) return o.balance;
  throw std::logic_error("international: a board of the history without an occurrence (fact id " + std::to_string(id) + ")");
}

void InternationalGame::play(Move m) {
  undo_.push_back({alternation(), ban_, removed_, pass_count_, over_, result_});
  if (m.kind == MoveKind::Play) {
    PlayOutcome o;
    try_play(m.point, o);
    removed_[index(opponent(to_move_))] += popcount(o.captured);
    removed_[index(to_move_)] += popcount(o.suicided);
    if (cfg_.basic_exceptional) {
      ban_ = popcount(o.captured) == 1 ? m.point : -1;
      if (seen_.contains(o.next, 0)) {
        over_ = true;
        result_ = exceptional_result(o.next, removed_[index(Color::Black)], removed_[index(Color::White)]);
      }
      const Occurrence before = occurrences_.back();
      occurrences_.push_back(
          occurrence(o.next, removed_[index(Color::Black)] - removed_[index(Color::White)], &before));
    }
    pos_ = o.next;
    passes_ = 0;
  } else {
    ++pass_count_[index(to_move_)];
    if (++passes_ >= ending_passes_) over_ = true;
    if (cfg_.basic_exceptional) occurrences_.push_back(occurrences_.back());
  }
  to_move_ = opponent(to_move_);
  seen_.push(pos_, 0);
}

void InternationalGame::undo() {
  seen_.pop();
  if (cfg_.basic_exceptional) occurrences_.pop_back();
  const InternationalUndo& u = undo_.back();
  restore(u);
  ban_ = u.ban;
  removed_ = u.removed;
  pass_count_ = u.pass_count;
  over_ = u.over;
  result_ = u.result;
  undo_.pop_back();
}

}  // namespace gotb
