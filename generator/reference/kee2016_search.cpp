#include "generator/reference/kee2016_search.hpp"

#include <stdexcept>

#include "core/benson.hpp"
#include "core/bits.hpp"
#include "core/rules/move_text.hpp"
#include "core/scoring.hpp"

namespace gotb {

namespace {
// 3^10: the reference solver caches only up to 1024 words of planes (3^8
// boards) anyway; kept at 10 points as before session 27.
constexpr std::uint64_t kMaxDenseBoards = 59049;
// 3^16: one flag byte per board, 43 MB.
constexpr std::uint64_t kMaxBoards = 43046721;
}

bool Kee2016SearchGame::supports(const Board& board) {
  if (board.size() > kMaxRankPoints) return false;
  return Ranker(board.size()).count() <= kMaxBoards;
}

bool Kee2016SearchGame::supports_cache(const Board& board) {
  if (board.size() > kMaxRankPoints) return false;
  return Ranker(board.size()).count() <= kMaxDenseBoards;
}

Kee2016SearchGame::Kee2016SearchGame(const Board& board, double komi)
    : board_(&board), komi_(komi), ranker_(board.size()), boards_(ranker_.count()) {
  if (boards_ > kMaxBoards) throw std::invalid_argument("Kee2016SearchGame: board too large for the flag table");
  flags_.assign(boards_, 0);
  if (boards_ <= kMaxDenseBoards) bits_.assign((kPlanes * boards_ + 63) / 64, 0);
  Entry start;
  start.rank = static_cast<std::uint32_t>(ranker_.rank(start.after));
  rec_.push_back(start);
}

void Kee2016SearchGame::push(const Entry& e) {
  Entry x = e;
  const Entry& prev = rec_.back();
  const Color me = x.mover, opp = opponent(me);
  if (x.kind == Kind::Stone) {
    x.last_stone = static_cast<std::uint32_t>(rec_.size());
    x.first = !flag(Present, x.rank);
    if (x.first) {
      present_.push_back(x.rank);
      set_flag(Present, x.rank, true);
      set_flag(OnlyStonesB, x.rank, true);
      set_flag(OnlyStonesW, x.rank, true);
    }
    // A new appearance: no pass of either player since it yet (rule 11a).
    set_flag(AllowedB, x.rank, false);
    set_flag(AllowedW, x.rank, false);
  } else {
    x.after = prev.after;
    x.rank = prev.rank;
    x.last_stone = prev.last_stone;
    x.first = false;
    const bool after_pass = prev.kind == Kind::Pass || prev.kind == Kind::Appeal;
    if (x.kind == Kind::Pass && prev.kind == Kind::Appeal && rec_[rec_.size() - 2].kind == Kind::Stone)
      x.end = End::Rescind;  // rule 13; scored as a loss / the anchor's exit (file comment)
    else if (after_pass)
      x.end = End::Passes;  // rule 15
    // The pass is an appearance of the current board (its Allowed flags stay
    // clear) and, if non-appealing, a qualifying pass (rule 11a) for every
    // other board: ours becomes allowed where 11b still holds. Either kind
    // ends "only stone plays" (rule 11b) for the opponent, for good.
    const int my_allowed = me == Color::Black ? AllowedB : AllowedW;
    const int my_only = me == Color::Black ? OnlyStonesB : OnlyStonesW;
    const int opp_allowed = opp == Color::Black ? AllowedB : AllowedW;
    const int opp_only = opp == Color::Black ? OnlyStonesB : OnlyStonesW;
    for (std::uint32_t r : present_) {
      if (x.kind == Kind::Pass && r != x.rank) set_flag(my_allowed, r, flag(my_only, r));
      set_flag(opp_only, r, false);
      set_flag(opp_allowed, r, false);
    }
  }
  rec_.push_back(x);
}

void Kee2016SearchGame::anchor(const Kee2016Game& real, Value exit_value) {
  if (&real.board() != board_ && !(real.board().spec() == board_->spec()))
    throw std::logic_error("Kee2016SearchGame::anchor: another board");
  // Only boards of the record have flags (push() sets them on a board's
  // first appearance and passes visit present_ alone).
  for (std::uint32_t r : present_) put_flags(r, 0);
  log_.clear();
  log_marks_.clear();
  present_.clear();
  rec_.clear();
  Entry start;
  start.after = real.record_board(0);
  start.rank = static_cast<std::uint32_t>(ranker_.rank(start.after));
  start.first = true;
  rec_.push_back(start);
  present_.push_back(start.rank);
  set_flag(Present, start.rank, true);
  set_flag(OnlyStonesB, start.rank, true);
  set_flag(OnlyStonesW, start.rank, true);
  const std::size_t n = real.record_length();
  for (std::size_t i = 1; i <= n; ++i) {
    Entry e;
    e.mover = real.record_mover(i);
    const Move m = real.record_move(i);
    e.kind = m.kind == MoveKind::Play ? Kind::Stone : m.kind == MoveKind::AppealingPass ? Kind::Appeal : Kind::Pass;
    if (e.kind == Kind::Stone) {
      e.after = real.record_board(i);
      e.rank = static_cast<std::uint32_t>(ranker_.rank(e.after));
    }
    push(e);
    if (rec_.back().end != End::None) throw std::logic_error("Kee2016SearchGame::anchor: the record has ended");
  }
  anchor_len_ = n;
  anchor_bans_ = real.rescinded_here();
  exit_value_ = exit_value;
  // The same node again with the same exit value (Kee2016Anchored's move
  // tests after its value): the same game G(N, e), so its entries keyed by
  // the epoch stay valid and the epoch is kept. Any other anchor gets a new one.
  std::vector<std::uint64_t> sig;
  sig.reserve(rec_.size() + 3);
  for (const Entry& r : rec_)
    sig.push_back(std::uint64_t{r.rank} << 8 | static_cast<std::uint64_t>(r.kind) << 1 | index(r.mover));
  sig.push_back(anchor_bans_);
  sig.push_back(static_cast<std::uint32_t>(exit_value.order));
  sig.push_back(static_cast<std::uint64_t>(exit_value.kind));
  if (sig != anchor_sig_ || epoch_ == 0) ++epoch_;
  anchor_sig_ = std::move(sig);
}

Value Kee2016SearchGame::outcome() const {
  const Entry& e = rec_.back();
  if (e.end == End::Rescind) {
    // Entries end with [stone, appeal, pass]: the stone is index size - 3.
    if (rec_.size() - 3 <= anchor_len_) {
      ++profile_.rescind_exit;
      return exit_value_;
    }
    ++profile_.rescind_worst;
    return e.mover == Color::Black ? min_outcome() : max_outcome();
  }
  ++profile_.passes_end;
  return Value::score(area_count(*board_, e.after).difference(), komi_);
}

std::pair<Value, Value> Kee2016SearchGame::node_outcome_bounds() const {
  std::pair<Value, Value> b{min_outcome(), max_outcome()};
  if (!benson_ || is_over()) return b;
  const Entry& e = rec_.back();
  // Where a pass could still rescind a stone play (rule 13), read from the
  // key's pass state (state_key()). After a stone play (or at the start,
  // which the key treats alike) its author's guarantee is off: the
  // opponent may appeal, then the author's pass rescinds (scored as his
  // worst, or the exit value). After an appeal that answered a stone play
  // both are off: the author's pass rescinds his play, which may be the
  // anchor's own last one, scored as the exit value (no area bound holds
  // for it). After any other pass both are on (the next pass ends the game).
  bool black_ok = true, white_ok = true;
  if (e.kind == Kind::Stone || e.kind == Kind::Start) (to_move() == Color::Black ? white_ok : black_ok) = false;
  else if (e.kind == Kind::Appeal && rec_[rec_.size() - 2].kind == Kind::Stone) black_ok = white_ok = false;
  ++profile_.bound_calls;
  if (!black_ok && !white_ok) ++profile_.both_off;
  else if (!black_ok || !white_ok) ++profile_.one_side_off;
  const Position& pos = e.after;
  if (black_ok) b.first = Value::score(pass_guarantee(*board_, pos, Color::Black, SuicideRule::Allowed), komi_);
  if (white_ok) b.second = Value::score(-pass_guarantee(*board_, pos, Color::White, SuicideRule::Allowed), komi_);
  return b;
}

std::pair<Value, Value> Kee2016SearchGame::strategy_bounds(std::int32_t floor, std::int32_t ceiling, std::int32_t,
                                                           std::vector<std::uint64_t>& facts) {
  const std::pair<Value, Value> open{Value::minus_infinity(), Value::plus_infinity()};
  if (!benson_ || !appeal_strategy_ || is_over()) return open;
  const Entry& e = rec_.back();
  if (e.kind != Kind::Stone && e.kind != Kind::Start) return open;
  const Color mover = to_move(), author = opponent(mover);
  // The author's guarantee first (cheap next to the appeal's legality, and
  // it decides whether there is anything to gain).
  const int g = pass_guarantee(*board_, e.after, author, SuicideRule::Allowed);
  const Value v = Value::score(author == Color::Black ? g : -g, komi_);
  if (author == Color::Black ? v.order <= floor : v.order >= ceiling) return open;
  // Whether the appeal is legal now: a stone play of the mover that rule 11
  // forbids (and that is not a rule-10 suicide).
  const Position& pos = e.after;
  bool appeal = false;
  for_each_bit(pos.empty(*board_), [&](int p) {
    if (appeal) return;
    PlayOutcome o;
    play_stone(*board_, pos, mover, p, SuicideRule::Allowed, o);
    if (o.next == pos) return;
    appeal = prohibited(static_cast<std::uint32_t>(ranker_.rank(o.next)), mover);
  });
  if (appeal) return open;
  ++profile_.appeal_strategy;
  appeal_facts(facts, mover);  // none prohibited: every candidate board, appeal role
  return author == Color::Black ? std::pair<Value, Value>{v, open.second} : std::pair<Value, Value>{open.first, v};
}

void Kee2016SearchGame::mark(std::uint64_t* ex, std::uint32_t r, Color mover) const {
  for (int plane : {static_cast<int>(Present), mover == Color::Black ? static_cast<int>(AllowedB) : static_cast<int>(AllowedW),
                    mover == Color::Black ? static_cast<int>(OnlyStonesB) : static_cast<int>(OnlyStonesW)}) {
    std::uint64_t i = static_cast<std::uint64_t>(plane) * boards_ + r;
    ex[i >> 6] |= std::uint64_t{1} << (i & 63);
  }
}

void Kee2016SearchGame::mark_candidates(std::uint64_t* ex, Color mover) const {
  const Position& pos = rec_.back().after;
  for_each_bit(pos.empty(*board_), [&](int p) {
    PlayOutcome o;
    play_stone(*board_, pos, mover, p, SuicideRule::Allowed, o);
    if (!(o.next == pos)) mark(ex, static_cast<std::uint32_t>(ranker_.rank(o.next)), mover);
  });
}

void Kee2016SearchGame::legal_moves(std::vector<Move>& out, std::uint64_t* examined) const {
  if (is_over()) return;
  const Color me = to_move();
  const Position& pos = rec_.back().after;
  const bool at_anchor = rec_.size() - 1 == anchor_len_;
  bool can_appeal = false;
  for_each_bit(pos.empty(*board_), [&](int p) {
    PlayOutcome o;
    play_stone(*board_, pos, me, p, SuicideRule::Allowed, o);
    if (o.next == pos) return;  // rule 10
    const auto r = static_cast<std::uint32_t>(ranker_.rank(o.next));
    if (examined) mark(examined, r, me);
    if (prohibited(r, me)) {  // rule 11; a reason to appeal (rule 12)
      can_appeal = true;
      return;
    }
    if (at_anchor && (anchor_bans_ & bit(p))) return;  // rule 14
    out.push_back(Move::play(p));
  });
  out.push_back(Move::pass());
  if (can_appeal) out.push_back(Move::pass(MoveKind::AppealingPass));
}

void Kee2016SearchGame::appeal_facts(std::vector<std::uint64_t>& facts, Color mover) const {
  const Position& pos = rec_.back().after;
  const std::size_t first = facts.size();
  bool found = false;
  for_each_bit(pos.empty(*board_), [&](int p) {
    if (found) return;
    PlayOutcome o;
    play_stone(*board_, pos, mover, p, SuicideRule::Allowed, o);
    if (o.next == pos) return;  // rule 10
    const auto r = static_cast<std::uint32_t>(ranker_.rank(o.next));
    if (prohibited(r, mover)) {  // one reason suffices for the appeal (rule 12)
      facts.resize(first);
      facts.push_back(appeal_fact(r, mover));
      found = true;
      return;
    }
    facts.push_back(appeal_fact(r, mover));
  });
}

void Kee2016SearchGame::legal_moves_with_facts(std::vector<Move>& out, std::vector<std::uint64_t>& facts) const {
  if (is_over()) return;
  const Color me = to_move();
  const Position& pos = rec_.back().after;
  const bool at_anchor = rec_.size() - 1 == anchor_len_;
  bool can_appeal = false;
  for_each_bit(pos.empty(*board_), [&](int p) {
    PlayOutcome o;
    play_stone(*board_, pos, me, p, SuicideRule::Allowed, o);
    if (o.next == pos) return;  // rule 10
    const auto r = static_cast<std::uint32_t>(ranker_.rank(o.next));
    facts.push_back(stone_fact(r, me));
    if (prohibited(r, me)) {  // rule 11; a reason to appeal (rule 12)
      can_appeal = true;
      return;
    }
    if (at_anchor && (anchor_bans_ & bit(p))) return;  // rule 14 (the key is private to the anchor here)
    out.push_back(Move::play(p));
  });
  out.push_back(Move::pass());
  if (can_appeal) out.push_back(Move::pass(MoveKind::AppealingPass));
  appeal_facts(facts, me);  // whether the appeal is legal
}

void Kee2016SearchGame::current_facts(std::vector<std::uint64_t>& facts) const {
  const Entry& e = rec_.back();
  if (e.kind == Kind::Stone) {
    facts.push_back(stone_fact(e.rank, e.mover));
  } else if (e.kind == Kind::Appeal) {
    // The appeal leaves its author's flags as they were (push(): only the
    // opponent's are cleared), so this is the reason the parent listed.
    appeal_facts(facts, e.mover);
  }
}

void Kee2016SearchGame::play(Move m) {
  log_marks_.push_back(log_.size());
  Entry e;
  e.mover = to_move();
  if (rec_.back().kind == Kind::Appeal && rec_.size() >= 2 && rec_[rec_.size() - 2].kind == Kind::Stone)
    ++profile_.after_appeal;
  if (m.kind == MoveKind::Play) ++profile_.stone;
  else if (m.kind == MoveKind::AppealingPass) ++profile_.appeal;
  else ++profile_.pass;
  if (m.kind == MoveKind::Play) {
    PlayOutcome o;
    play_stone(*board_, rec_.back().after, e.mover, m.point, SuicideRule::Allowed, o);
    e.kind = Kind::Stone;
    e.after = o.next;
    e.rank = static_cast<std::uint32_t>(ranker_.rank(o.next));
  } else {
    e.kind = m.kind == MoveKind::AppealingPass ? Kind::Appeal : Kind::Pass;
  }
  push(e);
}

void Kee2016SearchGame::undo() {
  if (rec_.back().first) present_.pop_back();
  rec_.pop_back();
  const std::size_t mark = log_marks_.back();
  log_marks_.pop_back();
  while (log_.size() > mark) {  // newest first: each board ends at its oldest logged byte
    put_flags(log_.back().rank, log_.back().old);
    log_.pop_back();
  }
}

Kee2016SearchGame::StateKey Kee2016SearchGame::state_key() const {
  const Entry& e = rec_.back();
  std::uint64_t pass_state = 0;  // after a stone play (or at the start)
  if (e.kind == Kind::Pass) pass_state = 1;
  else if (e.kind == Kind::Appeal) pass_state = rec_[rec_.size() - 2].kind == Kind::Stone ? 2 : 1;
  std::uint64_t meta = static_cast<std::uint64_t>(index(to_move())) | pass_state << 1;
  // No stone play since the anchor: the node's value involves the anchor's
  // exit value and bans, so its entries are private to this anchor.
  if (e.last_stone <= anchor_len_) meta |= std::uint64_t{1} << 3 | epoch_ << 4;
  return {e.after.black, e.after.white, meta};
}

void Kee2016SearchGame::mark_current_situation(std::uint64_t* examined) const {
  const Entry& e = rec_.back();
  if (e.kind == Kind::Stone) mark(examined, e.rank, e.mover);
  else if (e.kind == Kind::Appeal) mark_candidates(examined, e.mover);
}

std::string Kee2016SearchGame::move_name(Move m) const { return move_text(*board_, m); }

// ---------------------------------------------------------------------------

std::vector<Move> kee2016_exit_moves(const Kee2016Game& game) {
  const std::size_t n = game.record_length();
  if (game.is_over() || n == 0) return {};
  const Move last = game.record_move(n);
  if (last.kind == MoveKind::Play) {
    const Move appeal = Move::pass(MoveKind::AppealingPass);
    if (game.is_legal(appeal)) return {appeal, Move::pass()};
    return {};
  }
  if (last.kind == MoveKind::AppealingPass && n >= 2 && game.record_move(n - 1).kind == MoveKind::Play)
    return {Move::pass()};
  return {};
}

}  // namespace gotb
