#include "core/rules/ikeda.hpp"

#include <stdexcept>

#include "core/benson.hpp"
#include "core/scoring.hpp"

namespace gotb {

IkedaConfig IkedaConfig::from(const RuleSet& rules) {
  if (!rules.is(Family::Ikeda1)) throw std::logic_error("IkedaConfig from ruleset " + rules.to_string());
  IkedaConfig c;
  const KoRule ko = rules.options().ko;
  c.ko = ko == KoRule::PositionalPerPhase ? IkedaKo::PositionalPerPhase
         : ko == KoRule::BasicPlay        ? IkedaKo::BasicPlay
                                          : IkedaKo::Positional;
  return c;
}

IkedaGame::IkedaGame(const Board& board, const RuleSet& rules, double komi)
    : AlternationHistory(board, komi),
      cfg_(IkedaConfig::from(rules)),
      seen_(board.size(), cfg_.ko == IkedaKo::PositionalPerPhase ? 2 : 1) {
  sided_facts_ = cfg_.ko != IkedaKo::BasicPlay && board_facts::sided(board.size());
  seen_.push(pos_, tag());
}

void IkedaGame::setup(const Position& pos, Color to_move) {
  if (!undo_.empty()) throw std::logic_error("IkedaGame::setup after the first move");
  if (!is_legal_position(*board_, pos)) throw std::invalid_argument("setup position has a string without liberties");
  seen_.pop();
  pos_ = pos;
  to_move_ = to_move;
  seen_.push(pos_, tag());
}

int IkedaGame::count(const Position& pos, int black_prisoners, int white_prisoners) const {
  AreaCount a = area_count(*board_, pos);
  Mask empty = pos.empty(*board_);
  return popcount(a.black_area & empty) + white_prisoners - popcount(a.white_area & empty) - black_prisoners;
}

Value IkedaGame::outcome() const {
  if (no_result_) return Value::no_result(0);
  int pb = prisoners_[index(Color::Black)], pw = prisoners_[index(Color::White)];
  // The free last pass: with an odd number of playout moves the last pass
  // only ends the playout and pays nothing.
  if (over_ && (playout_moves_ & 1)) {
    Color last = opponent(to_move_);
    (last == Color::Black ? pb : pw) -= 1;
  }
  return Value::score(count(pos_, pb, pw), komi_);
}

// docs/solving.md section 4, "Session 31: ikeda-1 node bounds from
// passing", has the proof. For c passing from here on and any line of the
// opponent o, at the end:
//   score_c = (c's area - o's area) + (stones o spent - stones c spent),
// counted from the start (plays and paid playout passes; each capture and
// each pass stone is a prisoner). The area term is at least Benson's
// g(c) (no suicide: c's pass-alive chains stay, one-point eyes stay c's).
// Spent after now: c only passes, and in the playout c pays one pass stone
// for each play of o plus the parity term below; o's plays in the
// alternation are free for c. Spent until now: stones on the board plus
// prisoners of each colour.
int IkedaGame::pass_bound(Color c) const {
  const int g = pass_guarantee(*board_, pos_, c, SuicideRule::Forbidden);
  // Black minus White: prisoners of White's stones minus Black's, plus
  // White's stones on the board minus Black's (the spent balance, negated).
  const int spent = prisoners_[index(Color::White)] - prisoners_[index(Color::Black)] + popcount(pos_.white) -
                    popcount(pos_.black);
  // Pass stones still owed beyond one per opponent play: with an odd number
  // of playout moves so far, the passer to move owes one more pass stone
  // (the opponent's last play is not yet answered), and the passer's
  // opponent to move owes one (the passer's last pass is not yet answered).
  int owed = 0;
  if (phase_ == Playout && (playout_moves_ & 1)) owed = to_move_ == c ? 1 : -1;
  return c == Color::Black ? g + spent - owed : -g + spent + owed;
}

std::pair<Value, Value> IkedaGame::node_outcome_bounds() const {
  if (over_) return {outcome(), outcome()};
  Value lo = Value::score(pass_bound(Color::Black), komi_), hi = Value::score(pass_bound(Color::White), komi_);
  if (cfg_.ko == IkedaKo::BasicPlay) {
    // The opponent of the passer may recreate a board of the history (not
    // one made since: his stones only grow), a long cycle: no result.
    const Value nr = Value::no_result(0);
    if (nr < lo) lo = nr;
    if (hi < nr) hi = nr;
  }
  return {lo, hi};
}

Value IkedaGame::agreement_outcome(Mask removed) const {
  Position p = pos_;
  int pb = prisoners_[index(Color::Black)] + popcount(p.black & removed);
  int pw = prisoners_[index(Color::White)] + popcount(p.white & removed);
  p.black &= ~removed;
  p.white &= ~removed;
  return Value::score(count(p, pb, pw), komi_);
}

bool IkedaGame::is_legal(Move m, std::string* why) const {
  auto fail = [&](const std::string& text) { return refuse(why, text); };
  if (over_) return fail("the game is over");
  if (m.kind == MoveKind::Pass) return true;
  if (m.kind != MoveKind::Play) return fail("this ruleset has only plays and plain passes");
  PlayOutcome o;
  if (!check_play(m, SuicideRule::Forbidden, o, why)) return false;
  if (basic_ko_forbids(o))
    return fail("basic ko: the play would remove the single stone that removed a single stone in the last play");
  if (cfg_.ko != IkedaKo::BasicPlay && seen_.contains(o.next, tag()))
    return fail(cfg_.ko == IkedaKo::Positional ? "positional superko: the board occurred before in the game"
                                               : "positional superko: the board occurred before in this phase");
  return true;
}

void IkedaGame::legal_moves(std::vector<Move>& out) const { legal_moves(out, nullptr); }

void IkedaGame::legal_moves(std::vector<Move>& out, std::uint64_t* examined) const {
  if (over_) return;
  Mask empty = pos_.empty(*board_);
  const int t = tag();
  for_each_bit(empty, [&](int p) {
    PlayOutcome o;
    if (try_play(p, o) != PlayStatus::Ok) return;
    if (basic_ko_forbids(o)) return;
    // Membership decides legality, or (basic-play) whether the play ends the game.
    if (examined) seen_.mark(examined, o.next, t);
    if (cfg_.ko != IkedaKo::BasicPlay && seen_.contains(o.next, t)) return;
    out.push_back(Move::play(p));
  });
  out.push_back(Move::pass());
}

void IkedaGame::legal_moves_with_facts(std::vector<Move>& out, std::vector<std::uint64_t>& facts) const {
  if (board_->size() > 32) throw std::logic_error("ikeda-1 history facts: boards of at most 32 points");
  if (over_) return;
  const int t = tag();
  for_each_bit(pos_.empty(*board_), [&](int p) {
    PlayOutcome o;
    if (try_play(p, o) != PlayStatus::Ok || basic_ko_forbids(o)) return;
    facts.push_back(fact_id(o.next, to_move_));
    if (cfg_.ko != IkedaKo::BasicPlay && seen_.contains(o.next, t)) return;
    out.push_back(Move::play(p));
  });
  out.push_back(Move::pass());
}

void IkedaGame::play(Move m) {
  undo_.push_back({alternation(), phase_, ban_, playout_moves_, prisoners_, over_, no_result_});
  if (phase_ == Playout) ++playout_moves_;
  if (m.kind == MoveKind::Play) {
    PlayOutcome o;
    try_play(m.point, o);
    prisoners_[index(opponent(to_move_))] += popcount(o.captured);
    if (cfg_.ko == IkedaKo::BasicPlay) {
      ban_ = popcount(o.captured) == 1 ? m.point : -1;
      if (seen_.contains(o.next, 0)) over_ = no_result_ = true;  // long cycle
    }
    pos_ = o.next;
    passes_ = 0;
  } else if (phase_ == Alternation) {
    if (++passes_ == 2) {  // alternation ends; agreement step; playout
      phase_ = Playout;
      passes_ = 0;
      playout_moves_ = 0;
    }
  } else {
    ++prisoners_[index(to_move_)];  // the pass stone
    if (++passes_ == 2) over_ = true;
  }
  to_move_ = opponent(to_move_);
  seen_.push(pos_, tag());
}

void IkedaGame::undo() {
  seen_.pop();
  const IkedaUndo& u = undo_.back();
  restore(u);
  phase_ = static_cast<Phase>(u.phase);
  ban_ = u.ban;
  playout_moves_ = u.playout_moves;
  prisoners_ = u.prisoners;
  over_ = u.over;
  no_result_ = u.no_result;
  undo_.pop_back();
}

}  // namespace gotb
