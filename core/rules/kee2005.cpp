#include "core/rules/kee2005.hpp"

#include <algorithm>
#include <stdexcept>
#include <unordered_set>

#include "core/benson.hpp"
#include "core/budget.hpp"
#include "core/scoring.hpp"
#include "core/territory_bounds.hpp"

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
    : GameHistory(board, komi), sym_(board), cfg_(Kee2005Config::from(rules)) {
  contained_facts_ = cfg_.japanese;  // measured choice: set_contained_facts()
  reach_bounds_ = false;             // measured choice: set_reach_bounds()
  symmetry_ = false;                 // measured choice: set_symmetry() (session 28)
  phases_.emplace_back();
  push_ban(Ban{Position{}, Color::Black, 0});
}

void Kee2005Game::push_ban(const Ban& b) {
  PhaseRecord& ph = phases_.back();
  const std::uint32_t s = sit_id(key(b.pos, b.mover));
  if (ph.occ.size() <= s) ph.occ.resize(s + 1);
  ph.occ[s].push_back(static_cast<int>(ph.bans.size()));
  ph.bans.push_back(b);
  ph.bans.back().sit = s;
  if (phases_.size() == 1 && s < family_cache_.size()) family_cache_[s] = -1;
  if (phases_.size() == 1) {
    if (sit_version_.size() <= s) sit_version_.resize(s + 1, 0);
    ++sit_version_[s];
  }
}

std::uint32_t Kee2005Game::sit_id(const SitKey& s) const {
  auto [it, fresh] = sit_ids_.try_emplace(s, static_cast<std::uint32_t>(sits_.size()));
  if (fresh) sits_.push_back(s);
  return it->second;
}

bool Kee2005Game::in_history(std::uint32_t s, int from, int to) const {
  const std::vector<int>* occ = cur().find(s);
  if (!occ) return false;
  for (int i : *occ)
    if (i >= from && i <= to) return true;
  return false;
}

bool Kee2005Game::history_contained(int j, int from, int to, std::uint32_t extra) const {
  const auto& bans = cur().bans;
  for (int i = bans[j].window; i <= j; ++i) {
    const std::uint32_t s = bans[i].sit;
    if (s != extra && !in_history(s, from, to)) return false;
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
  const std::uint32_t next = sit_id(key(o.next, opponent(to_move())));
  // The new ban would be (next, window [w, k] plus next).
  if (phases_.size() == 1) {
    // C.2: an earlier ban with the same situation whose history the new
    // history contains.
    if (const std::vector<int>* occ = cur().find(next))
      for (int j : *occ)
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
  auto fail = [&](const std::string& text) { return refuse(why, text); };
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
  const std::uint32_t none = ~std::uint32_t{0};
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
  u.move = m;
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
  const std::uint32_t s = ph.bans.back().sit;
  ph.occ[s].pop_back();
  ph.bans.pop_back();
  if (phases_.size() == 1 && s < family_cache_.size()) family_cache_[s] = -1;
  if (phases_.size() == 1) ++sit_version_[s];
  undo_.pop_back();
}

Value Kee2005Game::score() const {
  if (!cfg_.japanese) return Value::score(area_count(*board_, ends_[0]).difference(), komi_);  // F.5 on the final position
  return japanese_score(ends_[1], ends_[2]);
}

Value Kee2005Game::japanese_score(const Position& cb, const Position& cw) const {
  // F.1: the scoring position keeps the points on which both confirmed
  // positions agree; the others are indeterminate.
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

// ---- Search hooks (docs/solving.md section 4, "kee-2005") --------------------

std::pair<Value, Value> Kee2005Game::node_outcome_bounds() const {
  if (over_) return {min_outcome(), max_outcome()};
  if (!cfg_.japanese) {
    // Chinese scoring: the game ends with the common phase and F.5 counts
    // the area of the final position. If c makes ban-deleting passes only
    // (always legal, reading 3), the opponent's occupying moves are stone
    // plays under rule B that C.2 can only forbid, so Benson's theorem and
    // the bound of docs/benson.md hold (docs/solving.md section 4,
    // "Session 25: kee-2005 pass bounds").
    if (!pass_bounds_) return {min_outcome(), max_outcome()};
    const AreaBound b = area_bounds(*board_, position(), cfg_.suicide);
    int lo = b.lo, hi = b.hi;
    // Session 29: at the start of the game Black's area is at least
    // White's, by strategy stealing (docs/solving.md section 4, "Session
    // 29: kee-2005 chinese, the first player's value is at least 0"): if
    // Black passes, White faces Black's starting game with colours swapped
    // and one extra ban that only forbids moves of hers, so she can do no
    // better than Black could. Only the game's first ban has no previous
    // ban (prev_word 0), so this key is never shared with another history.
    if (root_bound_ && phases_.size() == 1 && cur().bans.size() == 1) lo = std::max(lo, 0);
    // Session 30: a pass that ends the game is the mover's to take.
    if (end_bound_ && (pass_ends_phase(MoveKind::Pass) || pass_ends_phase(MoveKind::BanKeepingPass))) {
      const int a = area_count(*board_, position()).difference();
      if (to_move() == Color::Black) lo = std::max(lo, a);
      else hi = std::min(hi, a);
    }
    if (reach_bounds_) {
      // Session 27: the same strategies, their worst areas computed exactly
      // over the opponent's reach with every prohibition ignored (so the
      // same under every history; strategy_bounds adds the prohibitions).
      const Position& p = position();
      auto [it, fresh] = reach_cache_.try_emplace({p.black, p.white}, std::pair{-board_->size(), board_->size()});
      if (fresh) {
        bool complete = false;
        const int rlo = reach_extreme(p, Color::White, Value::minus_infinity().order, nullptr, &complete);
        if (complete) it->second.first = rlo;
        const int rhi = reach_extreme(p, Color::Black, Value::plus_infinity().order, nullptr, &complete);
        if (complete) it->second.second = rhi;
      }
      lo = std::max(lo, it->second.first);
      hi = std::min(hi, it->second.second);
    }
    return {Value::score(lo, komi_), Value::score(hi, komi_)};
  }
  if (phases_.size() == 1) {
    // Japanese scoring, common phase: a bound on the node's value from
    // each side's strategy "pass for the rest of the game" (not on every
    // line). If White only passes, her stones only leave the board by
    // capture, so |C_W| + r_W is |W| + r_W now; Black's stones plus his
    // removals only grow; and every score is at most n - |C_B| + |C_W| -
    // r_B + r_W (F.6, below). Hence the value is at most n + d and, by
    // the mirror argument, at least d - n, d = |W| - |B| + r_W - r_B now
    // (docs/solving.md section 4, "Session 25: kee-2005 pass bounds").
    if (!pass_bounds_) return {min_outcome(), max_outcome()};
    const Position& p = position();
    const Ban& last = phases_[0].bans.back();
    const int d = popcount(p.white) - popcount(p.black) + last.removed[1] - last.removed[0];
    const int n = board_->size();
    if (!territory_bounds_) return {Value::score(d - n, komi_), Value::score(d + n, komi_)};
    // Session 26: the passer's pass-alive chains X stay on the board in the
    // common position and in both confirmed positions, its one-point eyes E
    // stay empty, and the chains with two sure eyes E' are irremovable in
    // the scoring position, E' their permanent area; each of X, E, E' takes
    // points out of the opponent's reach in F.6 (docs/solving.md section 4,
    // "Session 26: territory bounds from pass-alive chains").
    const TerritoryShape tb = territory_shape(*board_, p, Color::Black, cfg_.suicide);
    const TerritoryShape tw = territory_shape(*board_, p, Color::White, cfg_.suicide);
    const int gain_b = 2 * popcount(tb.alive) + popcount(tb.eyes) + popcount(tb.sure_eyes);
    const int gain_w = 2 * popcount(tw.alive) + popcount(tw.eyes) + popcount(tw.sure_eyes);
    int lo = d - n + gain_b, hi = d + n - gain_w;
    // Session 30: a pass that ends the common phase leads to the first node
    // of Black's confirmation phase, whose bounds the mover can take.
    if (end_bound_ && (pass_ends_phase(MoveKind::Pass) || pass_ends_phase(MoveKind::BanKeepingPass))) {
      const auto [nlo, nhi] = confirmation_bounds(2, p, p, p);
      if (to_move() == Color::Black) lo = std::max(lo, nlo);
      else hi = std::min(hi, nhi);
    }
    return {Value::score(lo, komi_), Value::score(hi, komi_)};
  }
  const auto [lo, hi] = confirmation_bounds(phases_.size(), ends_[0], ends_[1], position());
  Value vlo = Value::score(lo, komi_), vhi = Value::score(hi, komi_);
  // Session 30: in White's confirmation phase a pass that ends it ends the
  // game, and the mover may take that score; in Black's it leads to the
  // first node of White's phase (from the common position, Black's
  // confirmed position this one), whose bounds the mover may take.
  if (pass_bounds_ && end_bound_ && (pass_ends_phase(MoveKind::Pass) || pass_ends_phase(MoveKind::BanKeepingPass))) {
    Value nlo, nhi;
    if (phases_.size() == 3) {
      nlo = nhi = japanese_score(ends_[1], position());
    } else {
      const auto [l, h] = confirmation_bounds(3, ends_[0], position(), ends_[0]);
      nlo = Value::score(l, komi_);
      nhi = Value::score(h, komi_);
    }
    if (to_move() == Color::Black) vlo = std::max(vlo, nlo);
    else vhi = std::min(vhi, nhi);
  }
  return {vlo, vhi};
}

// The confirmation phases' bounds (the F.6 bounds of "Outcome bounds of a
// node", narrowed by session 26's chains and eyes) of a node in phase
// nphases - 1 with common position cp, Black's confirmed position qbc (White's
// phase only) and position p, in points with the common phase's removals.
std::pair<int, int> Kee2005Game::confirmation_bounds(std::size_t nphases, const Position& cp, const Position& qbc,
                                                     const Position& p) const {
  // F.6: Black - White = [|perm_B \ C_B| + |C_W & perm_B|] - [|perm_W \ C_W| +
  // |C_B & perm_W|] - r_B + r_W, each bracket growing with its permanent
  // area and at least 0. perm_X lies within the points that can be X's or
  // empty in the scoring position: every point, or in White's confirmation
  // phase those where Black's confirmed position is not the opponent's
  // (F.1: points the two confirmed positions differ on are indeterminate).
  const Mask all = board_->all();
  Mask may_black = all, may_white = all;
  if (nphases == 3) {
    may_black &= ~qbc.white;
    may_white &= ~qbc.black;
  }
  // Session 26 (bounds on the value, from a side's passing for the rest of
  // the game; docs/solving.md section 4, "Session 26: territory bounds from
  // pass-alive chains"): while c passes, c's stones M and eye points F below
  // keep their status in both confirmed positions, hence in the scoring
  // position, so neither lies in the opponent's permanent area, and the
  // sure eyes of F around M lie in c's.
  Mask sure_b = 0, sure_w = 0;
  if (pass_bounds_ && territory_bounds_) {
    for (Color c : {Color::Black, Color::White}) {
      const TerritoryShape now = territory_shape(*board_, p, c, cfg_.suicide);
      Mask m = 0, f = 0;
      if (nphases == 2) {
        // Black's phase: his confirmed position comes from p, White's phase
        // will start from the common position; c's plays are none in both.
        const TerritoryShape at_common = territory_shape(*board_, cp, c, cfg_.suicide);
        m = now.alive & at_common.alive;
        f = now.eyes & at_common.eyes;  // neighbours in both alive sets: in m
      } else {
        // White's phase: Black's confirmed position is known.
        const Position& qb = qbc;
        m = now.alive & qb.stones(c);
        for_each_bit(now.eyes & qb.empty(*board_), [&](int e) {
          if (!(board_->neighbours(e) & ~m)) f |= bit(e);
        });
      }
      if (c == Color::Black) {
        may_white &= ~(m | f);
        sure_b = sure_eyes(*board_, m, f);
      } else {
        may_black &= ~(m | f);
        sure_w = sure_eyes(*board_, m, f);
      }
    }
  }
  const Ban& last = phases_[0].bans.back();
  const int shift = last.removed[1] - last.removed[0];
  const int hi = popcount(may_black & ~cp.black) + popcount(cp.white & may_black) -
                 (popcount(sure_w & ~cp.white) + popcount(cp.black & sure_w)) + shift;
  const int lo = popcount(sure_b & ~cp.black) + popcount(cp.white & sure_b) -
                 (popcount(may_white & ~cp.white) + popcount(cp.black & may_white)) + shift;
  return {lo, hi};
}

// Session 30 (docs/solving.md section 4, "Session 30: kee-2005, the pass
// that ends the game"): the pass records the ban (position, opponent,
// history) with the position unchanged; C.3 / D.3 end the phase when it
// equals the previous ban (reading 1: the ban two moves before the new
// one). Only the end of the last phase ends the game.
bool Kee2005Game::pass_ends_phase(MoveKind kind) const {
  if (over_) return false;
  const auto& bans = cur().bans;
  const int k = static_cast<int>(bans.size()) - 1;
  if (k < 1) return false;
  const Ban &then = bans[k - 1], &now = bans[k];
  // Movers alternate, so the new ban's mover is then's; its situation is
  // then's exactly when the positions agree.
  if (!(then.pos == now.pos)) return false;
  const std::uint32_t s = then.sit;
  bool same = true;
  if (kind == MoveKind::Pass) {
    // The new history is {s}: then's history must be {s} too.
    for (int i = then.window; i <= k - 1 && same; ++i) same = bans[i].sit == s;
  } else {
    // The new history is now's plus s (s is in then's history).
    same = history_contained(k - 1, now.window, k, s);
    for (int i = now.window; i <= k && same; ++i) same = in_history(bans[i].sit, then.window, k - 1);
  }
  return same;
}

std::optional<Value> Kee2005Game::pass_end_outcome(MoveKind kind) const {
  if (over_ || (cfg_.japanese && phases_.size() != 3) || !pass_ends_phase(kind)) return std::nullopt;
  if (!cfg_.japanese) return Value::score(area_count(*board_, position()).difference(), komi_);
  return japanese_score(ends_[1], position());
}

std::vector<std::uint32_t> Kee2005Game::history_set(const PhaseRecord& ph, int j) const {
  std::vector<std::uint32_t> h;
  for (int i = ph.bans[j].window; i <= j; ++i) h.push_back(ph.bans[i].sit);
  std::sort(h.begin(), h.end());
  h.erase(std::unique(h.begin(), h.end()), h.end());
  return h;
}

namespace {
constexpr int kFactPhaseShift = 62;
// Contained facts: phase << 62 | 1 << 61 | situation or pattern << 32 | set.
constexpr std::uint64_t kContainedBit = std::uint64_t{1} << 61;
constexpr std::uint32_t kMaxContainedNumber = std::uint32_t{1} << 29;
}  // namespace

// Common phase: the situation created (C.2 reads the bans with it);
// confirmation phases: the point with its neighbour as it would look (D.2
// reads the bans whose position shows that neighbour).
std::uint64_t Kee2005Game::occupy_fact(std::size_t phase, int p, const Position& next, Color next_mover) const {
  std::uint64_t id;
  if (phase == 0) {
    id = sit_id(key(next, next_mover));
  } else {
    const Mask nb = board_->neighbours(p) | bit(p);
    const PatKey k{next.black & nb, next.white & nb, p};
    auto [it, fresh] = pat_ids_.try_emplace(k, static_cast<std::uint32_t>(pats_.size()));
    if (fresh) pats_.push_back(k);
    id = it->second;
  }
  return id | static_cast<std::uint64_t>(phase) << kFactPhaseShift;
}

std::uint32_t Kee2005Game::set_number(const std::vector<std::uint32_t>& x) const {
  auto it = set_ids_.find(x);
  if (it != set_ids_.end()) return it->second;
  const std::size_t n = set_off_.size() - 1;
  if (n >= 0xffffffffu || set_bytes_ >= kSetBytes) return ~std::uint32_t{0};
  set_flat_.insert(set_flat_.end(), x.begin(), x.end());
  set_off_.push_back(static_cast<std::uint32_t>(set_flat_.size()));
  set_ids_.emplace(x, static_cast<std::uint32_t>(n));
  set_bytes_ += 2 * x.size() * sizeof(std::uint32_t) + 96;
  return static_cast<std::uint32_t>(n);
}

std::uint64_t Kee2005Game::move_fact(std::size_t phase, int p, const Position& next, Color next_mover,
                                     const std::vector<std::uint32_t>& x) const {
  const std::uint64_t family = occupy_fact(phase, p, next, next_mover);
  if (!contained_facts_) return family;
  const std::uint64_t n = family & ((std::uint64_t{1} << kFactPhaseShift) - 1);
  if (n >= kMaxContainedNumber) return family;
  const std::uint32_t xn = set_number(x);
  if (xn == ~std::uint32_t{0}) return family;
  return contained_id(phase, static_cast<std::uint32_t>(n), xn);
}

bool Kee2005Game::window_prohibits(int p, const Position& next, std::uint32_t next_sit) const {
  const auto& bans = cur().bans;
  const int k = static_cast<int>(bans.size()) - 1;
  const int w = bans[k].window;
  // Every ban j of [w, k] has window w (only a ban-deleting pass restarts
  // it), so its history is a part of W: C.2 / D.2 hold for it whatever came
  // before w.
  if (phases_.size() == 1) return in_history(next_sit, w, k);
  const Mask nb = board_->neighbours(p) | bit(p);
  for (int j = w; j <= k; ++j)
    if ((bans[j].pos.black & nb) == (next.black & nb) && (bans[j].pos.white & nb) == (next.white & nb)) return true;
  return false;
}

bool Kee2005Game::contained_value(std::size_t phase, std::uint32_t n, std::uint32_t xn) const {
  const PhaseRecord& ph = phases_[phase];
  ContainedSlot* slot = nullptr;
  if (phase == 0) {
    if (!ph.find(n)) return false;  // no ban with the situation yet
    const std::uint64_t id = std::uint64_t{n} << 32 | xn;
    std::uint64_t h = id * 0x9e3779b97f4a7c15ULL;
    slot = &contained_cache_[(h >> 40) & (contained_cache_.size() - 1)];
    if (slot->id == id && slot->version == sit_version_[n]) return slot->value;
    slot->id = id;
    slot->version = sit_version_[n];
  }
  if (mark_.size() < sits_.size()) mark_.resize(sits_.size(), 0);
  if (++mark_epoch_ == 0) {
    std::fill(mark_.begin(), mark_.end(), 0);
    mark_epoch_ = 1;
  }
  for (std::uint32_t i = set_off_[xn]; i < set_off_[xn + 1]; ++i) mark_[set_flat_[i]] = mark_epoch_;
  auto contained = [&](int j) {
    for (int i = ph.bans[j].window; i <= j; ++i)
      if (mark_[ph.bans[i].sit] != mark_epoch_) return false;
    return true;
  };
  if (phase == 0) {
    bool value = false;
    if (const std::vector<int>* occ = ph.find(n))
      for (int j : *occ)
        if (contained(j)) {
          value = true;
          break;
        }
    slot->value = value;
    return value;
  }
  const PatKey& k = pats_[n];
  const Mask nb = board_->neighbours(k.point) | bit(k.point);
  for (int j = 0; j < static_cast<int>(ph.bans.size()); ++j)
    if ((ph.bans[j].pos.black & nb) == k.black && (ph.bans[j].pos.white & nb) == k.white && contained(j)) return true;
  return false;
}

void Kee2005Game::reduce_facts(std::vector<std::pair<std::uint64_t, std::int64_t>>& f) const {
  using Pair = std::pair<std::uint64_t, std::int64_t>;
  auto size_of = [&](const Pair& x) {
    const std::uint32_t xn = static_cast<std::uint32_t>(x.first);
    return set_off_[xn + 1] - set_off_[xn];
  };
  auto within = [&](const Pair& small, const Pair& big) {  // set of small within set of big
    const std::uint32_t a = static_cast<std::uint32_t>(small.first), b = static_cast<std::uint32_t>(big.first);
    return std::includes(set_flat_.begin() + set_off_[b], set_flat_.begin() + set_off_[b + 1],
                         set_flat_.begin() + set_off_[a], set_flat_.begin() + set_off_[a + 1]);
  };
  std::vector<Pair> kept, groups[2];
  std::size_t out = 0;
  for (std::size_t i = 0; i < f.size();) {
    if (!(f[i].first & kContainedBit)) {
      f[out++] = f[i++];
      continue;
    }
    std::size_t end = i + 1;
    while (end < f.size() && (f[end].first >> 32) == (f[i].first >> 32)) ++end;
    // [i, end): one situation or pattern; X numbers differ, so do the sets.
    // Both value groups are copied out before any pair is written back:
    // the kept pairs go to f[out, ...), which may overlap [i, end) (when
    // nothing before was dropped), and writing the 0-valued ones first
    // overwrote 1-valued pairs still to be read (session 26: a dropped
    // prohibition let a bound leak into histories where the move is legal,
    // "generic search: crossed bounds").
    for (int value : {0, 1}) {
      groups[value].clear();
      for (std::size_t a = i; a < end; ++a)
        if ((f[a].second != 0) == (value != 0)) groups[value].push_back(f[a]);
    }
    // Valued 0: largest first, kept unless within a kept one (a set within
    // a dropped one is within the kept set that dropped it); valued 1:
    // smallest first, kept unless it holds a kept one.
    for (int value : {0, 1}) {
      std::vector<Pair>& group = groups[value];
      std::sort(group.begin(), group.end(), [&](const Pair& x, const Pair& y) {
        return value == 0 ? size_of(x) > size_of(y) : size_of(x) < size_of(y);
      });
      kept.clear();
      for (const Pair& x : group) {
        bool implied = false;
        for (const Pair& k : kept)
          if (value == 0 ? within(x, k) : within(k, x)) {
            implied = true;
            break;
          }
        if (!implied) kept.push_back(x);
      }
      for (const Pair& k : kept) f[out++] = k;
    }
    i = end;
  }
  f.resize(out);
  std::sort(f.begin(), f.end());
}

bool Kee2005Game::pass_equivalent(OccupyCheck c, const PlayOutcome& o) const {
  // Session 33 (docs/solving.md section 4, "Session 33: kee-2005, a stone
  // suicide is a ban-keeping pass"): an occupying move that leaves the
  // position as it was (a one-stone suicide) records the same ban as the
  // ban-keeping pass, which is always legal, and differs only by one stone
  // of the mover's in F.6c's count: never better for her, so the search
  // game leaves it out under every history (its fact with it).
  return (c == OccupyCheck::Ok || c == OccupyCheck::Prohibited) && o.next == position();
}

void Kee2005Game::legal_moves_with_facts(std::vector<Move>& out, std::vector<std::uint64_t>& facts) const {
  if (over_) return;
  const std::size_t phase = phases_.size() - 1;
  const PhaseRecord& ph = cur();
  const Color next_mover = opponent(to_move());
  if (!contained_facts_) {
    for_each_bit(position().empty(*board_), [&](int p) {
      PlayOutcome o;
      const OccupyCheck c = check_occupy(p, o);
      if (suicide_pruning_ && pass_equivalent(c, o)) return;
      // A prohibited play lists its fact too: another family may allow it.
      if (c == OccupyCheck::Ok || c == OccupyCheck::Prohibited) facts.push_back(occupy_fact(phase, p, o.next, next_mover));
      if (c == OccupyCheck::Ok) out.push_back(Move::play(p));
    });
  } else {
    const std::vector<std::uint32_t> w = history_set(ph, static_cast<int>(ph.bans.size()) - 1);
    std::vector<std::uint32_t> x;
    for_each_bit(position().empty(*board_), [&](int p) {
      PlayOutcome o;
      const OccupyCheck c = check_occupy(p, o);
      if (c != OccupyCheck::Ok && c != OccupyCheck::Prohibited) return;
      if (suicide_pruning_ && pass_equivalent(c, o)) return;
      // A prohibited play lists its fact too (another history may allow
      // it), unless a ban of the current window prohibits it: the key decides.
      const std::uint32_t s = sit_id(key(o.next, next_mover));
      if (c == OccupyCheck::Ok || !window_prohibits(p, o.next, s)) {
        x = w;
        if (!std::binary_search(x.begin(), x.end(), s)) x.insert(std::upper_bound(x.begin(), x.end(), s), s);
        facts.push_back(move_fact(phase, p, o.next, next_mover, x));
      }
      if (c == OccupyCheck::Ok) out.push_back(Move::play(p));
    });
  }
  if (root_symmetry_ && phase == 0 && ph.bans.size() == 1) {
    // Session 29: the game's first node. Its record (the empty board) is
    // invariant under every automorphism s of the board, so the moves at p
    // and s(p) lead to records that s maps onto each other, of equal value
    // (session 28, (E1)); one move per orbit is enough for the value. Only
    // the initial history has this key (no previous ban), so no stored
    // proof of it is read under another record. move_values() and the
    // principal variation list every move (legal_moves).
    std::erase_if(out, [&](Move m) {
      for (int s = 1; s < sym_.count(); ++s)
        if (sym_.perm(s)[m.point] < m.point) return true;
      return false;
    });
  }
  // Session 33 ("Session 33: kee-2005 ...", pass dominance): where one kind
  // of pass ends the phase now and the other lets the opponent end it with
  // her next pass (at the same position, so with the same outcome), the
  // other is never better for the mover. Read from the key alone.
  bool list_delete = true, list_keep = true;
  if (pass_dominance_) {
    const bool end_delete = pass_ends_phase(MoveKind::Pass), end_keep = pass_ends_phase(MoveKind::BanKeepingPass);
    if (end_delete && !end_keep && opponent_ends_after(MoveKind::BanKeepingPass)) list_keep = false;
    if (end_keep && !end_delete && opponent_ends_after(MoveKind::Pass)) list_delete = false;
  }
  if (list_delete) out.push_back(Move::pass());
  if (list_keep) out.push_back(Move::pass(MoveKind::BanKeepingPass));
}

bool Kee2005Game::opponent_ends_after(MoveKind kind) const {
  // The mover X at ban a_j = (p, X, H), H the current history (it holds
  // (p, X)). After X's pass the ban is (p, Y, H'), H' = {(p, Y)} (ban-
  // deleting) or H + (p, Y) (ban-keeping). Y's pass records (p, X, H''),
  // H'' = {(p, X)} (ban-deleting) or H' + (p, X) (ban-keeping), which ends
  // the phase iff H'' = H (C.3 / D.3, reading 1).
  if (over_) return false;
  const auto& bans = cur().bans;
  const int k = static_cast<int>(bans.size()) - 1;
  const std::uint32_t sx = bans[k].sit;
  const std::uint32_t sy = sit_id(key(position(), opponent(to_move())));
  bool only_sx = true, has_sy = false, within_xy = true;
  for (int i = bans[k].window; i <= k; ++i) {
    const std::uint32_t s = bans[i].sit;
    if (s != sx) only_sx = false;
    if (s == sy) has_sy = true;
    if (s != sx && s != sy) within_xy = false;
  }
  if (only_sx) return true;  // Y's ban-deleting pass: H'' = {(p, X)} = H
  // Y's ban-keeping pass: H'' = H + (p, Y) (after X's ban-keeping pass) or
  // {(p, Y), (p, X)} (after X's ban-deleting pass).
  return kind == MoveKind::BanKeepingPass ? has_sy : within_xy && has_sy;
}

void Kee2005Game::current_facts(std::vector<std::uint64_t>& facts) const {
  // The legality of the occupying move that led here, read in the phase it
  // was played in (the ban it recorded is that phase's last; its history
  // is the history the move's C.2 / D.2 test examined).
  if (undo_.empty() || undo_.back().move.kind != MoveKind::Play) return;
  const bool ended = undo_.back().phase_ended && !over_;
  const std::size_t phase = phases_.size() - 1 - (ended ? 1 : 0);
  const PhaseRecord& ph = phases_[phase];
  const Ban& made = ph.bans.back();
  if (!contained_facts_) facts.push_back(occupy_fact(phase, undo_.back().move.point, made.pos, made.mover));
  else
    facts.push_back(move_fact(phase, undo_.back().move.point, made.pos, made.mover,
                              history_set(ph, static_cast<int>(ph.bans.size()) - 1)));
}

std::int64_t Kee2005Game::fact(std::uint64_t id) const {
  const std::size_t phase = static_cast<std::size_t>(id >> kFactPhaseShift);
  // A phase not being played: constant (an ended phase is read by no rule;
  // a later one starts from the common position, a function of the key).
  if (over_ || phase != phases_.size() - 1) return 0;
  if (id & kContainedBit)
    return contained_value(phase, static_cast<std::uint32_t>(id >> 32) & (kMaxContainedNumber - 1),
                           static_cast<std::uint32_t>(id)) ? 1 : 0;
  const std::uint32_t n = static_cast<std::uint32_t>(id & (kContainedBit - 1));
  const PhaseRecord& ph = cur();
  std::vector<std::vector<std::uint32_t>> hs;
  if (phase == 0) {
    if (n < family_cache_.size() && family_cache_[n] >= 0) return family_cache_[n];
    if (const std::vector<int>* occ = ph.find(n))
      for (int j : *occ) hs.push_back(history_set(ph, j));
  } else {
    const PatKey& k = pats_[n];
    const Mask nb = board_->neighbours(k.point) | bit(k.point);
    for (int j = 0; j < static_cast<int>(ph.bans.size()); ++j)
      if ((ph.bans[j].pos.black & nb) == k.black && (ph.bans[j].pos.white & nb) == k.white)
        hs.push_back(history_set(ph, j));
  }
  // The minimal histories, in a canonical order: "some history of the
  // family is contained in the new history" reads no other.
  std::sort(hs.begin(), hs.end(), [](const auto& a, const auto& b) { return a.size() != b.size() ? a.size() < b.size() : a < b; });
  std::vector<std::uint32_t> flat;
  std::vector<const std::vector<std::uint32_t>*> kept;
  for (const auto& h : hs) {
    bool dominated = false;
    for (const auto* m : kept)
      if (std::includes(h.begin(), h.end(), m->begin(), m->end())) {
        dominated = true;
        break;
      }
    if (dominated) continue;
    kept.push_back(&h);
    flat.push_back(static_cast<std::uint32_t>(h.size()));
    flat.insert(flat.end(), h.begin(), h.end());
  }
  auto [it, fresh] = family_ids_.try_emplace(std::move(flat), static_cast<std::int64_t>(family_ids_.size()) + 1);
  if (fresh) family_bytes_ += 64 + it->first.capacity() * sizeof(std::uint32_t);
  if (phase == 0) {
    if (family_cache_.size() <= n) family_cache_.resize(std::max<std::size_t>(n + 1, sits_.size()), -1);
    family_cache_[n] = it->second;
  }
  return it->second;
}

int Kee2005Game::fact_side(std::uint64_t id) const {
  if (!(id & kContainedBit)) return 0;  // a family value: no order
  const std::size_t phase = static_cast<std::size_t>(id >> kFactPhaseShift);
  const std::uint32_t n = static_cast<std::uint32_t>(id >> 32) & (kMaxContainedNumber - 1);
  if (phase == 0) return sits_[n].mover == index(Color::White) ? 1 : -1;  // the mover made it for the next one
  const PatKey& k = pats_[n];
  if (k.black & bit(k.point)) return 1;
  if (k.white & bit(k.point)) return -1;
  return 0;
}

// ---- Reach bounds (session 27; docs/solving.md section 4, "Session 27:
// where kee-2005 spends its nodes, and reach bounds") -------------------------

int Kee2005Game::reach_extreme(const Position& from, Color mover, std::int32_t stop, std::vector<std::uint64_t>* blocked,
                               bool* complete) const {
  // The positions `mover` reaches from `from` by her stone plays alone (rule
  // B), her opponent making a ban-deleting pass before each: the area
  // difference (Black - White, F.5) at its worst for the passer, i.e. the
  // minimum over them when White moves, the maximum when Black does. With
  // `blocked` set, a play is left out where C.2 prohibits it in that line
  // under the current record: the new ban's history is then {(R, mover),
  // (Q, passer)} (the pass restarted the window at R), so the test is the
  // contained fact c((Q, passer), {(R, mover), (Q, passer)}), whose id is
  // appended when it is 1. Stops early once the extreme passes `stop`
  // (order units: at or below it for White, at or above it for Black).
  const bool white = mover == Color::White;
  const Color passer = opponent(mover);
  reach_seen_.clear();
  reach_queue_.clear();
  reach_queue_.push_back(from);
  reach_seen_.insert({from.black, from.white});
  int best = area_count(*board_, from).difference();
  *complete = true;
  for (std::size_t i = 0; i < reach_queue_.size(); ++i) {
    const std::int32_t at = Value::score(best, komi_).order;
    if (white ? at <= stop : at >= stop) return best;
    if (reach_queue_.size() > kReachCap) {
      *complete = false;
      return best;
    }
    const Position r = reach_queue_[i];
    std::uint32_t from_sit = ~std::uint32_t{0};
    for_each_bit(r.empty(*board_), [&](int p) {
      PlayOutcome o;
      if (play_stone(*board_, r, mover, p, cfg_.suicide, o) != PlayStatus::Ok) return;
      if (reach_seen_.count({o.next.black, o.next.white})) return;
      if (blocked) {
        const std::uint32_t n = sit_id(key(o.next, passer));
        if (cur().find(n)) {  // else no ban has the situation: legal
          if (from_sit == ~std::uint32_t{0}) from_sit = sit_id(key(r, mover));
          std::vector<std::uint32_t>& x = reach_pair_;
          x.assign({std::min(from_sit, n), std::max(from_sit, n)});
          if (x[0] == x[1]) x.pop_back();
          const std::uint32_t xn = n < kMaxContainedNumber ? set_number(x) : ~std::uint32_t{0};
          // A full store names no fact: the prohibition is ignored, which
          // only widens the reach (sound, weaker).
          if (xn != ~std::uint32_t{0} && contained_value(0, n, xn)) {
            blocked->push_back(contained_id(0, n, xn));
            return;
          }
        }
      }
      reach_seen_.insert({o.next.black, o.next.white});
      reach_queue_.push_back(o.next);
      const int a = area_count(*board_, o.next).difference();
      best = white ? std::min(best, a) : std::max(best, a);
    });
  }
  return best;
}

std::uint64_t Kee2005Game::contained_id(std::size_t phase, std::uint32_t n, std::uint32_t xn) const {
  return static_cast<std::uint64_t>(phase) << kFactPhaseShift | kContainedBit | std::uint64_t{n} << 32 | xn;
}

std::pair<Value, Value> Kee2005Game::strategy_bounds(std::int32_t floor, std::int32_t ceiling, std::int32_t beta,
                                                     std::vector<std::uint64_t>& facts) const {
  Value lo = Value::minus_infinity(), hi = Value::plus_infinity();
  if (cfg_.japanese || over_ || !pass_bounds_ || !reach_bounds_) return {lo, hi};
  bool complete = false;
  // Black passes: White's reach, the prohibitions on White's plays.
  reach_ids_.clear();
  const int a = reach_extreme(position(), Color::White, floor, &reach_ids_, &complete);
  if (complete && Value::score(a, komi_).order > floor) {
    lo = Value::score(a, komi_);
    facts.insert(facts.end(), reach_ids_.begin(), reach_ids_.end());
  }
  if (lo.order >= beta) return {lo, hi};
  reach_ids_.clear();
  const int b = reach_extreme(position(), Color::Black, ceiling, &reach_ids_, &complete);
  if (complete && Value::score(b, komi_).order < ceiling) {
    hi = Value::score(b, komi_);
    facts.insert(facts.end(), reach_ids_.begin(), reach_ids_.end());
  }
  return {lo, hi};
}

int Kee2005Game::fact_kind(std::uint64_t id) const {
  const std::size_t phase = static_cast<std::size_t>(id >> kFactPhaseShift);
  const bool contained = (id & kContainedBit) != 0;
  if (phase != 0) return contained ? 5 : 4;
  const std::uint32_t n = contained ? static_cast<std::uint32_t>(id >> 32) & (kMaxContainedNumber - 1)
                                    : static_cast<std::uint32_t>(id & (kContainedBit - 1));
  // A situation with Black to move was created by White's play.
  const bool by_white = n < sits_.size() && sits_[n].mover == index(Color::Black);
  return (contained ? 2 : 0) + (by_white ? 0 : 1);
}

void Kee2005Game::search_key(std::vector<std::uint64_t>& key) const {
  const PhaseRecord& ph = cur();
  const std::vector<std::uint32_t> w = history_set(ph, static_cast<int>(ph.bans.size()) - 1);
  key_in_frame(0, w, prev_word(w), key, false);
}

bool Kee2005Game::record_key(std::vector<std::uint64_t>& key) const {
  key.clear();
  search_key(key);
  // search_key() leaves out whether the game is over (the end compares the
  // last ban with the one two moves before, which it does not hold) and,
  // in the confirmation phases, the common phase's removals (key_shift()).
  key.push_back(static_cast<std::uint64_t>(phase()));
  key.push_back(static_cast<std::uint64_t>(static_cast<std::int64_t>(key_shift())));
  // Per situation, its minimal histories: (situation, set number) pairs
  // sorted by situation, then by set size, so that a subset comes before
  // its supersets; a pair whose set contains a kept set of its situation
  // (or equals one) adds nothing to any C.2 / D.2 answer and is dropped.
  const PhaseRecord& ph = cur();
  auto& pairs = pair_scratch_;
  pairs.clear();
  for (int j = 0; j < static_cast<int>(ph.bans.size()); ++j) {
    const Ban& b = ph.bans[j];
    if (b.hist == kNoHistory) {
      const std::uint32_t n = set_number(history_set(ph, j));
      if (n == ~std::uint32_t{0}) return false;  // the store is full: no key
      b.hist = n;
    }
    pairs.push_back(std::uint64_t{b.sit} << 32 | b.hist);
  }
  auto size_of = [&](std::uint32_t n) { return set_off_[n + 1] - set_off_[n]; };
  std::sort(pairs.begin(), pairs.end(), [&](std::uint64_t a, std::uint64_t b) {
    const std::uint32_t sa = static_cast<std::uint32_t>(a >> 32), sb = static_cast<std::uint32_t>(b >> 32);
    if (sa != sb) return sa < sb;
    const std::uint32_t za = size_of(static_cast<std::uint32_t>(a)), zb = size_of(static_cast<std::uint32_t>(b));
    return za != zb ? za < zb : a < b;
  });
  const std::size_t head = key.size();
  key.push_back(0);  // the number of pairs kept
  std::size_t group = key.size();  // the first kept pair of the current situation
  for (std::uint64_t w : pairs) {
    if (key.size() > group && (key[group] >> 32) != (w >> 32)) group = key.size();
    const std::uint32_t n = static_cast<std::uint32_t>(w);
    const std::uint32_t* x = set_flat_.data() + set_off_[n];
    const std::uint32_t* x_end = set_flat_.data() + set_off_[n + 1];
    bool dominated = false;
    for (std::size_t i = group; i < key.size() && !dominated; ++i) {
      const std::uint32_t m = static_cast<std::uint32_t>(key[i]);
      dominated = m == n || std::includes(x, x_end, set_flat_.data() + set_off_[m], set_flat_.data() + set_off_[m + 1]);
    }
    if (!dominated) key.push_back(w);
  }
  key[head] = key.size() - head - 1;
  return true;
}

// The previous ban as C.3 / D.3 will compare it with the next one: its
// situation, and whether its history equals the next ban's history in
// either case (no ban-deleting pass: the current history plus the
// situation; a ban-deleting pass: the situation alone). The two flags
// compare histories, which a symmetry maps alike: only the situation
// number depends on the frame. 0: no previous ban.
std::uint64_t Kee2005Game::prev_word(const std::vector<std::uint32_t>& w) const {
  const PhaseRecord& ph = cur();
  const int k = static_cast<int>(ph.bans.size()) - 1;
  if (k < 1) return 0;
  const std::vector<std::uint32_t> prev = history_set(ph, k - 1);
  const std::uint32_t p = ph.bans[k - 1].sit;
  std::vector<std::uint32_t> grown = w;
  if (!std::binary_search(grown.begin(), grown.end(), p)) grown.insert(std::upper_bound(grown.begin(), grown.end(), p), p);
  const bool same_grown = prev == grown, same_alone = prev.size() == 1 && prev[0] == p;
  return std::uint64_t{p} | std::uint64_t{same_grown} << 32 | std::uint64_t{same_alone} << 33 | std::uint64_t{1} << 34;
}

void Kee2005Game::key_in_frame(int s, const std::vector<std::uint32_t>& w, std::uint64_t prev,
                               std::vector<std::uint64_t>& key, bool prefix_only) const {
  const std::size_t phase = phases_.size() - 1;
  key.push_back(phase | (cfg_.japanese ? 16 : 0));
  for (std::size_t i = 0; i < phase; ++i) {
    const Position e = s ? sym_.apply(s, ends_[i]) : ends_[i];
    key.insert(key.end(), {e.black, e.white});
  }
  if (cfg_.japanese && phase == 0) {  // F.6c: what the common phase removed so far (later: key_shift())
    const Ban& last = phases_[0].bans.back();
    key.push_back(static_cast<std::uint32_t>(last.removed[0]) | std::uint64_t{static_cast<std::uint32_t>(last.removed[1])} << 32);
  }
  // The current situation (position and mover, exactly).
  const Ban& now = cur().bans.back();
  const Position pos = s ? sym_.apply(s, now.pos) : now.pos;
  key.insert(key.end(), {pos.black, pos.white, static_cast<std::uint64_t>(index(now.mover))});
  if (prefix_only) return;
  // The previous ban (prev_word), its situation in this frame.
  if (prev != 0 && s) prev = (prev & ~std::uint64_t{0xffffffffu}) | map_sit(static_cast<std::uint32_t>(prev), s);
  key.push_back(prev);
  // The current history as a set of situation numbers, two to a word.
  const std::vector<std::uint32_t>* ws = &w;
  if (s) {
    map_scratch_.clear();
    for (std::uint32_t x : w) map_scratch_.push_back(map_sit(x, s));
    std::sort(map_scratch_.begin(), map_scratch_.end());
    ws = &map_scratch_;
  }
  key.push_back(ws->size());
  for (std::size_t i = 0; i < ws->size(); i += 2)
    key.push_back(std::uint64_t{(*ws)[i]} | (i + 1 < ws->size() ? std::uint64_t{(*ws)[i + 1]} + 1 : 0) << 32);
}

// ---- Board symmetry (session 28; docs/solving.md section 4, "Session 28:
// kee-2005 board symmetry") ----------------------------------------------------

int Kee2005Game::symmetric_key(std::vector<std::uint64_t>& key) const {
  if (!symmetry()) return 0;
  const PhaseRecord& ph = cur();
  const std::vector<std::uint32_t> w = history_set(ph, static_cast<int>(ph.bans.size()) - 1);
  const std::uint64_t prev = prev_word(w);
  // The least image, lexicographically. Its prefix (no situation numbers)
  // is cheap to map, so a frame is written out in full only where its
  // prefix is not above the best so far.
  key_scratch_.clear();
  key_in_frame(0, w, prev, key_scratch_, true);
  const std::size_t n = key_scratch_.size();
  int best = 0;
  for (int s = 1; s < sym_.count(); ++s) {
    key_scratch_.clear();
    key_in_frame(s, w, prev, key_scratch_, true);
    if (std::lexicographical_compare(key.begin(), key.begin() + n, key_scratch_.begin(), key_scratch_.end())) continue;
    key_scratch_.clear();
    key_in_frame(s, w, prev, key_scratch_, false);
    if (key_scratch_ < key) {
      key.swap(key_scratch_);
      best = s;
    }
  }
  return best;
}

namespace {
// The memoised image of id n under frame s: maps[s][n], computed by
// image() on first use (~0u: not yet mapped). `ids` is the number of ids
// so far, the row's size when it grows. image() may add ids (the image's
// own), never rows, so the row stays valid across the call.
template <class Image>
std::uint32_t memo_image(std::vector<std::vector<std::uint32_t>>& maps, std::size_t frames, std::size_t ids,
                         std::uint32_t n, int s, Image image) {
  if (maps.size() < frames) maps.resize(frames);
  std::vector<std::uint32_t>& m = maps[s];
  if (m.size() <= n) m.resize(std::max<std::size_t>(n + 1, ids), ~std::uint32_t{0});
  if (m[n] == ~std::uint32_t{0}) m[n] = image();
  return m[n];
}
}  // namespace

std::uint32_t Kee2005Game::map_sit(std::uint32_t n, int s) const {
  return memo_image(sit_map_, sym_.count(), sits_.size(), n, s, [&] {
    const SitKey k = sits_[n];  // a copy: sit_id may grow sits_
    const Position p = sym_.apply(s, Position{k.black, k.white});
    return sit_id(SitKey{p.black, p.white, k.mover});
  });
}

std::uint32_t Kee2005Game::map_pat(std::uint32_t n, int s) const {
  return memo_image(pat_map_, sym_.count(), pats_.size(), n, s, [&] {
    const PatKey k = pats_[n];  // a copy: pats_ may grow
    const PatKey image{sym_.apply(s, k.black), sym_.apply(s, k.white), sym_.perm(s)[k.point]};
    auto [it, fresh] = pat_ids_.try_emplace(image, static_cast<std::uint32_t>(pats_.size()));
    if (fresh) pats_.push_back(image);
    return it->second;
  });
}

std::uint32_t Kee2005Game::map_set(std::uint32_t xn, int s) const {
  if (set_map_.size() < static_cast<std::size_t>(sym_.count())) set_map_.resize(sym_.count());
  if (set_map_[s].size() <= xn) set_map_[s].resize(std::max<std::size_t>(xn + 1, set_off_.size()), ~std::uint32_t{0});
  if (set_map_[s][xn] != ~std::uint32_t{0}) return set_map_[s][xn];
  std::vector<std::uint32_t> x(set_flat_.begin() + set_off_[xn], set_flat_.begin() + set_off_[xn + 1]);
  for (std::uint32_t& e : x) e = map_sit(e, s);
  std::sort(x.begin(), x.end());
  const std::uint32_t image = set_number(x);  // ~0u (store full): not cached, tried again
  set_map_[s][xn] = image;
  return image;
}

std::uint64_t Kee2005Game::map_fact(std::uint64_t id, int s) const {
  if (s == 0) return id;
  // A family fact's value is an interned set of histories, which a symmetry
  // does not preserve: not mapped (the entry is then never reused through s).
  if (!(id & kContainedBit) || id == kUnmapped) return kUnmapped;
  const std::size_t phase = static_cast<std::size_t>(id >> kFactPhaseShift);
  const std::uint32_t n = static_cast<std::uint32_t>(id >> 32) & (kMaxContainedNumber - 1);
  const std::uint32_t n2 = phase == 0 ? map_sit(n, s) : map_pat(n, s);
  if (n2 >= kMaxContainedNumber) return kUnmapped;
  const std::uint32_t x2 = map_set(static_cast<std::uint32_t>(id), s);
  if (x2 == ~std::uint32_t{0}) return kUnmapped;
  return contained_id(phase, n2, x2);
}

}  // namespace gotb
