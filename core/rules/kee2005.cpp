#include "core/rules/move_text.hpp"
#include "core/rules/kee2005.hpp"

#include <stdexcept>
#include <unordered_set>

#include "core/budget.hpp"
#include "core/scoring.hpp"

namespace gotb {

Kee2005Config Kee2005Config::from(const RuleSet& rules) {
  if (!rules.is(Family::Kee2005)) throw std::logic_error("Kee2005Config from ruleset " + rules.to_string());
  Kee2005Config c;
  c.japanese = rules.options().scoring == Scoring::Territory;
  c.suicide = rules.options().suicide;
  return c;
}

// ---- Scoring (rule F) -------------------------------------------------------

namespace {
// Rule B with indeterminate points taking no part: they are neither
// liberties nor playable.
bool occupy_blocked(const Board& b, const Position& pos, Mask blocked, Color c, int p, SuicideRule suicide,
                    Position& next) {
  next = pos;
  next.stones(c) |= bit(p);
  const Mask empty = b.all() & ~next.occupied() & ~blocked;
  Mask opp = next.stones(opponent(c)), captured = 0;
  for (Mask todo = b.neighbours(p) & opp; todo;) {
    Mask s = b.flood(bit(lowest(todo)), opp);
    todo &= ~s;
    if ((b.dilate(s) & empty) == 0) captured |= s;
  }
  next.stones(opponent(c)) &= ~captured;
  Mask mine = b.flood(bit(p), next.stones(c));
  if ((b.dilate(mine) & (b.all() & ~next.occupied() & ~blocked)) == 0) {
    if (suicide == SuicideRule::Forbidden) return false;  // B.1
    next.stones(c) &= ~mine;                              // B.3
  }
  return true;
}
}  // namespace

Mask Kee2005Scoring::irremovable(const Board& b, const Position& start, Mask blocked, Color c, SuicideRule suicide) {
  const Color opp = opponent(c);
  const Mask empty0 = b.all() & ~start.occupied() & ~blocked;
  // Every position the opponent can reach moving alone. c's ban-deleting
  // passes leave her no history, so the only prohibition left (C.2 within
  // one move's window) forbids repeating one same transition, which never
  // matters for reachability: a shortest route repeats none.
  std::vector<Position> reach{start};
  std::unordered_set<std::uint64_t> seen;
  auto key = [](const Position& p) { return p.black * 0x9e3779b97f4a7c15ULL ^ (p.white + 0x7f4a7c15) * 0xbf58476d1ce4e5b9ULL; };
  std::vector<Position> all{start};
  seen.insert(key(start));
  for (std::size_t i = 0; i < all.size(); ++i) {
    charge_current_budget(1);  // the calling solver's limits hold in here (core/budget.hpp)
    const Position pos = all[i];
    for_each_bit(b.all() & ~pos.occupied() & ~blocked, [&](int p) {
      Position next;
      if (!occupy_blocked(b, pos, blocked, opp, p, suicide, next)) return;
      if (seen.insert(key(next)).second) all.push_back(next);
    });
  }
  Mask result = 0;
  Mask todo = start.stones(c);
  while (todo) {
    Mask g = b.flood(bit(lowest(todo)), start.stones(c));
    todo &= ~g;
    const Mask targets = b.dilate(g) & empty0;
    bool removable = false;
    for (const Position& pos : all)
      if ((pos.stones(opp) & targets) == targets) {
        removable = true;
        break;
      }
    if (!removable) result |= g;
  }
  return result;
}

Mask Kee2005Scoring::area(const Board& b, const Position& pos, Mask blocked, Mask groups) {
  Mask result = groups;
  Mask empty = b.all() & ~pos.occupied() & ~blocked;
  Mask others = (pos.occupied() | blocked) & ~groups;
  for (Mask todo = empty; todo;) {
    Mask region = b.flood(bit(lowest(todo)), empty);
    todo &= ~region;
    Mask around = b.dilate(region) & ~region;
    if ((around & groups) && !(around & others)) result |= region;
  }
  return result;
}

// ---- Game -------------------------------------------------------------------

Kee2005Game::Kee2005Game(const Board& board, const RuleSet& rules, double komi)
    : board_(&board), cfg_(Kee2005Config::from(rules)), komi_(komi) {
  phases_.emplace_back();
  push_ban(Ban{Position{}, Color::Black, 0});
}

void Kee2005Game::push_ban(const Ban& b) {
  PhaseRecord& ph = phases_.back();
  ph.occ[key(b.pos, b.mover)].push_back(static_cast<int>(ph.bans.size()));
  ph.bans.push_back(b);
}

bool Kee2005Game::in_history(const SitKey& s, int from, int to) const {
  auto it = cur().occ.find(s);
  if (it == cur().occ.end()) return false;
  for (int i : it->second)
    if (i >= from && i <= to) return true;
  return false;
}

bool Kee2005Game::history_contained(int j, int from, int to, const SitKey& extra) const {
  const auto& bans = cur().bans;
  for (int i = bans[j].window; i <= j; ++i) {
    SitKey s = key(bans[i].pos, bans[i].mover);
    if (!(s == extra) && !in_history(s, from, to)) return false;
  }
  return true;
}

Kee2005Game::OccupyCheck Kee2005Game::check_occupy(int p, PlayOutcome& o) const {
  const Position& pos = position();
  if (pos.occupied() & bit(p)) return OccupyCheck::Occupied;
  if (play_stone(*board_, pos, to_move(), p, cfg_.suicide, o) != PlayStatus::Ok) return OccupyCheck::Suicide;
  const auto& bans = cur().bans;
  const int k = static_cast<int>(bans.size()) - 1;
  const int w = bans[k].window;
  const SitKey next = key(o.next, opponent(to_move()));
  // The new ban would be (next, window [w, k] plus next).
  if (phases_.size() == 1) {
    // C.2: an earlier ban with the same situation whose history the new
    // history contains.
    auto it = cur().occ.find(next);
    if (it != cur().occ.end())
      for (int j : it->second)
        if (history_contained(j, w, k, next)) return OccupyCheck::Prohibited;
  } else {
    // D.2: an earlier ban in whose position the neighbour of p looks as it
    // would now, and whose history the new history contains.
    const Mask nb = board_->neighbours(p) | bit(p);
    for (int j = 0; j <= k; ++j)
      if ((bans[j].pos.black & nb) == (o.next.black & nb) && (bans[j].pos.white & nb) == (o.next.white & nb) &&
          history_contained(j, w, k, next))
        return OccupyCheck::Prohibited;
  }
  return OccupyCheck::Ok;
}

void Kee2005Game::legal_moves(std::vector<Move>& out) const {
  if (over_) return;
  for_each_bit(position().empty(*board_), [&](int p) {
    PlayOutcome o;
    if (check_occupy(p, o) == OccupyCheck::Ok) out.push_back(Move::play(p));
  });
  out.push_back(Move::pass());
  out.push_back(Move::pass(MoveKind::BanKeepingPass));
}

bool Kee2005Game::is_legal(Move m, std::string* why) const {
  auto fail = [&](const std::string& text) {
    if (why) *why = text;
    return false;
  };
  if (over_) return fail("the game is over");
  if (m.kind == MoveKind::Pass || m.kind == MoveKind::BanKeepingPass) return true;
  if (m.kind != MoveKind::Play) return fail("this ruleset has occupying moves, ban-deleting and ban-keeping passes only");
  if (m.point < 0 || m.point >= board_->size()) return fail("no such point");
  PlayOutcome o;
  switch (check_occupy(m.point, o)) {
    case OccupyCheck::Ok: return true;
    case OccupyCheck::Occupied: return fail("the point is occupied");
    case OccupyCheck::Suicide: return fail("suicide is not permitted (rule B.1)");
    case OccupyCheck::Prohibited:
      return fail(phases_.size() == 1
                      ? "prohibited by rule C.2: an earlier ban has this situation and a history the new one contains"
                      : "prohibited by rule D.2: an earlier ban has this neighbour and a history the new one contains");
  }
  return false;
}

bool Kee2005Game::phase_end_reached() const {
  // C.3 / D.3 with N = 2: the ban recorded now equals the one recorded two
  // moves ago (same situation, same history).
  const auto& bans = cur().bans;
  const int k = static_cast<int>(bans.size()) - 1;
  if (k < 2) return false;
  const Ban &now = bans[k], &then = bans[k - 2];
  if (!(now.pos == then.pos) || now.mover != then.mover) return false;
  const SitKey none{~Mask{0}, ~Mask{0}, 255};
  return history_contained(k, then.window, k - 2, none) && history_contained(k - 2, now.window, k, none);
}

void Kee2005Game::play(Move m) {
  Undo u;
  const Ban& last = cur().bans.back();
  const int k = static_cast<int>(cur().bans.size()) - 1;
  Ban next{last.pos, opponent(last.mover), last.window, {last.removed[0], last.removed[1]}};
  if (m.kind == MoveKind::Play) {
    PlayOutcome o;
    play_stone(*board_, last.pos, last.mover, m.point, cfg_.suicide, o);
    next.pos = o.next;
    if (phases_.size() == 1) {
      next.removed[index(opponent(last.mover))] += popcount(o.captured);
      next.removed[index(last.mover)] += popcount(o.suicided);
    }
  } else if (m.kind == MoveKind::Pass) {
    next.window = k + 1;  // the history restarts after a ban-deleting pass
  }
  push_ban(next);
  if (phase_end_reached()) {
    u.phase_ended = true;
    const std::size_t ended = phases_.size() - 1;
    ends_[ended] = position();
    if (!cfg_.japanese || ended == 2) {
      over_ = true;
    } else {
      // D.1: in Black's confirmation phase White moves first, and vice versa.
      Color first = ended == 0 ? Color::White : Color::Black;
      phases_.emplace_back();
      push_ban(Ban{ends_[0], first, 0});
    }
  }
  undo_.push_back(u);
}

void Kee2005Game::undo() {
  if (undo_.back().phase_ended) {
    if (over_) over_ = false;
    else phases_.pop_back();
  }
  PhaseRecord& ph = phases_.back();
  auto it = ph.occ.find(key(ph.bans.back().pos, ph.bans.back().mover));
  it->second.pop_back();
  if (it->second.empty()) ph.occ.erase(it);
  ph.bans.pop_back();
  undo_.pop_back();
}

Value Kee2005Game::score() const {
  if (!cfg_.japanese) return Value::score(area_count(*board_, ends_[0]).difference(), komi_);  // F.5 on the final position
  // F.1: the scoring position keeps the points on which both confirmed
  // positions agree; the others are indeterminate.
  const Position &cb = ends_[1], &cw = ends_[2];
  Position sp{cb.black & cw.black, cb.white & cw.white};
  const Mask blocked = board_->all() & ~(sp.occupied() | (~cb.occupied() & ~cw.occupied()));
  const std::array<Mask, 3> ck{sp.black, sp.white, blocked};
  auto it = irremovable_cache_.find(ck);
  if (it == irremovable_cache_.end())
    it = irremovable_cache_
             .emplace(ck, std::pair{Kee2005Scoring::irremovable(*board_, sp, blocked, Color::Black, cfg_.suicide),
                                    Kee2005Scoring::irremovable(*board_, sp, blocked, Color::White, cfg_.suicide)})
             .first;
  const std::pair<Mask, Mask> irr = it->second;
  Mask perm[2] = {Kee2005Scoring::area(*board_, sp, blocked, irr.first),
                  Kee2005Scoring::area(*board_, sp, blocked, irr.second)};
  const Position& cp = ends_[0];
  int pts[2];
  for (Color c : {Color::Black, Color::White}) {
    int i = index(c), o = 1 - i;
    pts[i] = popcount(perm[i] & ~cp.stones(c))     // F.6a
             - popcount(cp.stones(c) & perm[o])    // F.6b
             - phases_[0].bans.back().removed[i];  // F.6c
  }
  return Value::score(pts[0] - pts[1], komi_);
}

Value Kee2005Game::outcome() const {
  if (over_) return score();
  return Value::score(area_count(*board_, position()).difference(), komi_);
}

Value Kee2005Game::min_outcome() const {
  return cfg_.japanese ? Value::minus_infinity() : Value::score(-board_->size(), komi_);
}
Value Kee2005Game::max_outcome() const {
  return cfg_.japanese ? Value::plus_infinity() : Value::score(board_->size(), komi_);
}

void Kee2005Game::search_key(std::vector<std::uint64_t>& key) const {
  const std::size_t phase = phases_.size() - 1;
  key.push_back(phase | (cfg_.japanese ? 16 : 0));
  for (std::size_t i = 0; i < phase; ++i) key.insert(key.end(), {ends_[i].black, ends_[i].white});
  if (cfg_.japanese && phase == 0) {  // F.6c: what the common phase removed so far (later: key_shift())
    const Ban& last = phases_[0].bans.back();
    key.push_back(static_cast<std::uint32_t>(last.removed[0]) | std::uint64_t{static_cast<std::uint32_t>(last.removed[1])} << 32);
  }
  for (const Ban& b : cur().bans)
    key.insert(key.end(), {b.pos.black, b.pos.white,
                           static_cast<std::uint64_t>(index(b.mover)) | static_cast<std::uint64_t>(b.window) << 8});
}

std::string Kee2005Game::move_name(Move m) const { return move_text(*board_, m); }

bool Kee2005Game::parse_move(std::string_view text, Move& out) const {
  return parse_move_text(*board_, text, out, {MoveKind::BanKeepingPass});
}

}  // namespace gotb
