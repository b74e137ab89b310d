#include "core/rules/move_text.hpp"
#include "core/rules/tromp_taylor.hpp"

#include <stdexcept>

#include "core/scoring.hpp"

namespace gotb {

TrompTaylorConfig TrompTaylorConfig::from(const RuleSet& rules) {
  if (rules.family() != "tromp-taylor")
    throw std::logic_error("TrompTaylorConfig from ruleset " + rules.to_string());
  TrompTaylorConfig c;
  c.situational = rules.get("ko") == "situational";
  c.suicide = rules.get("suicide") == "yes" ? SuicideRule::Allowed : SuicideRule::Forbidden;
  return c;
}

TrompTaylorGame::TrompTaylorGame(const Board& board, const RuleSet& rules, double komi)
    : board_(&board),
      cfg_(TrompTaylorConfig::from(rules)),
      komi_(komi),
      seen_(board.size(), cfg_.situational ? 2 : 1) {
  seen_.push(pos_, tag_for(to_move_));
}

Value TrompTaylorGame::outcome() const {
  return Value::score(area_count(*board_, pos_).difference(), komi_);
}

bool TrompTaylorGame::is_legal(Move m, std::string* why) const {
  auto fail = [&](const std::string& text) {
    if (why) *why = text;
    return false;
  };
  if (is_over()) return fail("the game is over");
  if (m.kind == MoveKind::Pass) return true;
  if (m.kind != MoveKind::Play) return fail("this ruleset has only plays and plain passes");
  if (m.point < 0 || m.point >= board_->size()) return fail("no such point");
  PlayOutcome o;
  switch (play_stone(*board_, pos_, to_move_, m.point, cfg_.suicide, o)) {
    case PlayStatus::Occupied: return fail("the point is occupied");
    case PlayStatus::Suicide: return fail("suicide is not allowed");
    case PlayStatus::Ok: break;
  }
  if (seen_.contains(o.next, tag_for(opponent(to_move_))))
    return fail(cfg_.situational ? "situational superko: the board with the same player to move occurred before"
                                 : "positional superko: the board occurred before");
  return true;
}

void TrompTaylorGame::legal_moves(std::vector<Move>& out) const { legal_moves(out, nullptr); }

void TrompTaylorGame::legal_moves(std::vector<Move>& out, std::uint64_t* examined) const {
  if (is_over()) return;
  Mask empty = pos_.empty(*board_);
  int tag = tag_for(opponent(to_move_));
  for_each_bit(empty, [&](int p) {
    PlayOutcome o;
    if (play_stone(*board_, pos_, to_move_, p, cfg_.suicide, o) != PlayStatus::Ok) return;
    if (examined) {
      std::uint64_t i = seen_.index(o.next, tag);
      examined[i >> 6] |= std::uint64_t{1} << (i & 63);
    }
    if (!seen_.contains(o.next, tag)) out.push_back(Move::play(p));
  });
  out.push_back(Move::pass());
}

void TrompTaylorGame::play(Move m) {
  undo_.push_back({pos_, to_move_, passes_});
  if (m.kind == MoveKind::Play) {
    PlayOutcome o;
    play_stone(*board_, pos_, to_move_, m.point, cfg_.suicide, o);
    pos_ = o.next;
    passes_ = 0;
  } else {
    ++passes_;
  }
  to_move_ = opponent(to_move_);
  seen_.push(pos_, tag_for(to_move_));
}

void TrompTaylorGame::undo() {
  seen_.pop();
  const Undo& u = undo_.back();
  pos_ = u.pos;
  to_move_ = u.to_move;
  passes_ = u.passes;
  undo_.pop_back();
}

std::string TrompTaylorGame::move_name(Move m) const { return move_text(*board_, m); }

bool TrompTaylorGame::parse_move(std::string_view text, Move& out) const {
  return parse_move_text(*board_, text, out);
}

}  // namespace gotb
