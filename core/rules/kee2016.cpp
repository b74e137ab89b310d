#include "core/rules/kee2016.hpp"

#include <stdexcept>

#include "core/scoring.hpp"

namespace gotb {

Kee2016Game::Kee2016Game(const Board& board, const RuleSet& rules, double komi) : GameHistory(board, komi) {
  if (!rules.is(Family::Kee2016)) throw std::logic_error("Kee2016Game from ruleset " + rules.to_string());
  rec_.push_back(Entry{});
  bans_.push_back(0);
  seen_[rec_[0].after].push_back(0);
}

Value Kee2016Game::outcome() const { return Value::score(area_count(*board_, position()).difference(), komi_); }

Kee2016Game::CycleStatus Kee2016Game::cycle_status(const Position& next) const {
  CycleStatus st;
  auto it = seen_.find(next);
  if (it == seen_.end() || it->second.empty()) return st;
  st.appeared = true;
  const Color me = to_move(), opp = opponent(me);
  const Entry& now = rec_.back();
  // (a) The last appearance is record index j (a pass on the board is an
  // appearance too); play j+1 is the stone play made on it, so a qualifying
  // pass is any non-appealing pass of ours with index > j.
  const Entry& last = rec_[it->second.back()];
  st.mover_passed = now.nonappealing[index(me)] > last.nonappealing[index(me)];
  // (b) No pass of either kind by the opponent after the first appearance.
  const Entry& first = rec_[it->second.front()];
  st.opponent_only_stones = now.passes[index(opp)] == first.passes[index(opp)];
  return st;
}

Kee2016Game::StoneCheck Kee2016Game::check_stone(int p, Position& next) const {
  const Position& pos = position();
  if (pos.occupied() & bit(p)) return StoneCheck::Occupied;
  PlayOutcome o;
  play_stone(*board_, pos, to_move(), p, SuicideRule::Allowed, o);
  next = o.next;
  if (next == pos) return StoneCheck::Unchanged;  // rule 10
  if (cycle_prohibited(next)) return StoneCheck::Cycle;
  if (rescinded_here() & bit(p)) return StoneCheck::Banned;
  return StoneCheck::Ok;
}

void Kee2016Game::legal_moves(std::vector<Move>& out) const {
  if (over_) return;
  bool can_appeal = false;
  Position next;
  for_each_bit(position().empty(*board_), [&](int p) {
    switch (check_stone(p, next)) {
      case StoneCheck::Ok: out.push_back(Move::play(p)); break;
      case StoneCheck::Cycle: can_appeal = true; break;
      default: break;
    }
  });
  out.push_back(Move::pass());
  if (can_appeal) out.push_back(Move::pass(MoveKind::AppealingPass));
}

bool Kee2016Game::is_legal(Move m, std::string* why) const {
  auto fail = [&](const std::string& text) { return refuse(why, text); };
  if (over_) return fail("the game is over");
  Position next;
  switch (m.kind) {
    case MoveKind::Pass: return true;
    case MoveKind::AppealingPass:
      for (int p = 0; p < board_->size(); ++p)
        if (!(position().occupied() & bit(p)) && check_stone(p, next) == StoneCheck::Cycle) return true;
      return fail("an appealing pass needs a stone play that the cycle prohibition rule forbids (rule 12)");
    case MoveKind::Play: break;
    default: return fail("this ruleset has stone plays, passes and appealing passes only");
  }
  if (m.point < 0 || m.point >= board_->size()) return fail("no such point");
  switch (check_stone(m.point, next)) {
    case StoneCheck::Ok: return true;
    case StoneCheck::Occupied: return fail("the point is occupied");
    case StoneCheck::Unchanged: return fail("a suicide that leaves the board unchanged is disallowed (rule 10)");
    case StoneCheck::Cycle: return fail("cycle prohibition: the board appeared earlier (rule 11)");
    case StoneCheck::Banned: return fail("this stone play was rescinded here; another play is required (rule 14)");
  }
  return false;
}

void Kee2016Game::push(Move m, Color mover, const Position& after) {
  Entry e = rec_.back();
  e.move = m;
  e.mover = mover;
  e.after = after;
  if (m.kind != MoveKind::Play) ++e.passes[index(mover)];
  if (m.kind == MoveKind::Pass) ++e.nonappealing[index(mover)];
  rec_.push_back(e);
  bans_.push_back(0);
  // `after` may alias rec_.back().after (a pass pushes the current board),
  // which push_back may just have moved: index by the copy in `e`.
  seen_[e.after].push_back(static_cast<std::uint32_t>(rec_.size() - 1));
}

void Kee2016Game::pop() {
  auto it = seen_.find(rec_.back().after);
  it->second.pop_back();
  if (it->second.empty()) seen_.erase(it);
  rec_.pop_back();
  bans_.pop_back();
}

void Kee2016Game::play(Move m) {
  const Color me = to_move();
  Undo u;
  if (m.kind == MoveKind::Play) {
    PlayOutcome o;
    play_stone(*board_, position(), me, m.point, SuicideRule::Allowed, o);
    push(m, me, o.next);
  } else {
    const std::size_t n = rec_.size() - 1;
    const bool after_pass = n >= 1 && rec_[n].move.kind != MoveKind::Play;
    if (after_pass && m.kind == MoveKind::Pass && rec_[n].move.kind == MoveKind::AppealingPass && n >= 2 &&
        rec_[n - 1].move.kind == MoveKind::Play) {
      // Rule 13: the stone play rec_[n-1] (ours) answered by the opponent's
      // appealing pass and now our non-appealing pass is rescinded; rule 14:
      // the game restarts before it and we must choose another play.
      u.rescind = true;
      u.removed[1] = rec_[n];
      u.removed[0] = rec_[n - 1];
      u.removed_bans[1] = bans_[n];
      u.removed_bans[0] = bans_[n - 1];
      pop();
      pop();
      u.bans_before = bans_.back();
      bans_.back() |= bit(u.removed[0].move.point);
    } else {
      push(m, me, position());
      // Rule 15: every player has passed consecutively on this board and
      // the last stone play was not rescinded.
      if (after_pass) over_ = true;
    }
  }
  undo_.push_back(u);
}

void Kee2016Game::undo() {
  Undo& u = undo_.back();
  if (u.rescind) {
    bans_.back() = u.bans_before;
    for (int k = 0; k < 2; ++k) {
      const Entry& e = u.removed[k];
      rec_.push_back(e);
      bans_.push_back(u.removed_bans[k]);
      seen_[e.after].push_back(static_cast<std::uint32_t>(rec_.size() - 1));
    }
  } else {
    pop();
  }
  over_ = false;
  undo_.pop_back();
}

}  // namespace gotb
