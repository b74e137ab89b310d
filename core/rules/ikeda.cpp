#include "core/rules/ikeda.hpp"

#include <stdexcept>

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
