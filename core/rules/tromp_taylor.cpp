#include "core/rules/tromp_taylor.hpp"

#include <bit>
#include <stdexcept>

#include "core/scoring.hpp"

namespace gotb {

TrompTaylorConfig TrompTaylorConfig::from(const RuleSet& rules) {
  if (!rules.is(Family::TrompTaylor)) throw std::logic_error("TrompTaylorConfig from ruleset " + rules.to_string());
  const RulesOptions& o = rules.options();
  TrompTaylorConfig c;
  c.situational = o.ko == KoRule::Situational;
  c.basic_ko = o.ko == KoRule::Basic;
  c.suicide = o.suicide;
  return c;
}

TrompTaylorGame::TrompTaylorGame(const Board& board, const RuleSet& rules, double komi)
    : AlternationHistory(board, komi), cfg_(TrompTaylorConfig::from(rules)), seen_(board.size(), tags()) {
  seen_.push(pos_, tag_for(to_move_));
}

TrompTaylorGame::TrompTaylorGame(const Board& board, const RuleSet& rules, double komi, const Position& pos,
                                 Color to_move, int passes, int ko_ban)
    : TrompTaylorGame(board, rules, komi) {
  if ((pos.black & pos.white) || (pos.occupied() & ~board.all()) || !is_legal_position(board, pos))
    throw std::invalid_argument("not a legal position of board " + board.spec());
  if (passes < 0 || passes > 1) throw std::invalid_argument("pass count must be 0 or 1");
  if (ko_ban < -1 || ko_ban >= board.size() || (ko_ban >= 0 && (pos.occupied() & bit(ko_ban))) ||
      (ko_ban >= 0 && passes != 0))
    throw std::invalid_argument("a ko ban must be an empty point, after a play (pass count 0)");
  if (!cfg_.basic_ko && ko_ban != -1) throw std::invalid_argument("a ko ban exists only under ko=basic");
  seen_.pop();
  pos_ = pos;
  to_move_ = to_move;
  passes_ = passes;
  ban_ = ko_ban;
  // Superko: the shortest history that reaches the state; after a pass it
  // also holds the situation before the pass (same board, other player).
  if (!cfg_.basic_ko && passes == 1) seen_.push(pos_, tag_for(opponent(to_move_)));
  seen_.push(pos_, tag_for(to_move_));
}

Value TrompTaylorGame::outcome() const {
  if (cycle_) return Value::no_result(0);
  return Value::score(area_count(*board_, pos_).difference(), komi_);
}

int TrompTaylorGame::ban_after(int p, const PlayOutcome& o) const {
  // The opponent's immediate recapture at q would capture exactly the stone
  // just played and recreate the board before this play iff this play
  // captured exactly one stone (at q) and the new stone is a string of its
  // own whose only liberty is q (docs/rules/tromp-taylor.md, "Basic ko").
  if (std::popcount(o.captured) != 1) return -1;
  const Board& b = *board_;
  const Mask own = to_move_ == Color::Black ? o.next.black : o.next.white;
  if (b.neighbours(p) & own) return -1;
  if ((b.neighbours(p) & o.next.empty(b)) != o.captured) return -1;
  return std::countr_zero(o.captured);
}

bool TrompTaylorGame::is_legal(Move m, std::string* why) const {
  auto fail = [&](const std::string& text) { return refuse(why, text); };
  if (is_over()) return fail("the game is over");
  if (m.kind == MoveKind::Pass) return true;
  if (m.kind != MoveKind::Play) return fail("this ruleset has only plays and plain passes");
  PlayOutcome o;
  if (!check_play(m, cfg_.suicide, o, why)) return false;
  if (cfg_.basic_ko) {
    if (m.point == ban_ && std::popcount(o.captured) == 1)
      return fail("basic ko: the play would retake the ko at once");
    return true;
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
  if (cfg_.basic_ko) {
    // Legality never depends on the history here: nothing to mark.
    for_each_bit(empty, [&](int p) {
      PlayOutcome o;
      if (play_stone(*board_, pos_, to_move_, p, cfg_.suicide, o) != PlayStatus::Ok) return;
      if (p == ban_ && std::popcount(o.captured) == 1) return;
      out.push_back(Move::play(p));
    });
    out.push_back(Move::pass());
    return;
  }
  int tag = tag_for(opponent(to_move_));
  for_each_bit(empty, [&](int p) {
    PlayOutcome o;
    if (play_stone(*board_, pos_, to_move_, p, cfg_.suicide, o) != PlayStatus::Ok) return;
    if (examined) seen_.mark(examined, o.next, tag);
    if (!seen_.contains(o.next, tag)) out.push_back(Move::play(p));
  });
  out.push_back(Move::pass());
}

void TrompTaylorGame::play(Move m) {
  undo_.push_back({alternation(), ban_, cycle_});
  if (m.kind == MoveKind::Play) {
    PlayOutcome o;
    play_stone(*board_, pos_, to_move_, m.point, cfg_.suicide, o);
    ban_ = cfg_.basic_ko ? ban_after(m.point, o) : -1;
    pos_ = o.next;
    passes_ = 0;
  } else {
    ban_ = -1;
    ++passes_;
  }
  to_move_ = opponent(to_move_);
  // ko=basic: recreating an earlier situation ends the game (long cycle).
  // Two passes end it by themselves; their situation is never compared.
  if (cfg_.basic_ko && passes_ < 2) cycle_ = seen_.contains(pos_, tag_for(to_move_));
  seen_.push(pos_, tag_for(to_move_));
}

void TrompTaylorGame::undo() {
  seen_.pop();
  const TrompTaylorUndo& u = undo_.back();
  restore(u);
  ban_ = u.ban;
  cycle_ = u.cycle;
  undo_.pop_back();
}

}  // namespace gotb
