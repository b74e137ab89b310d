// Independent models of the long-cycle rulesets of issue 19 (international
// ko=basic-exceptional, ikeda-1 ko=basic-play, japanese-2003), each playing
// two games from a state: the ruleset's board-repetition game and the
// state-repetition game a retrograde over the states computes
// (docs/solving.md, "The other long-cycle rulesets"). Used by
// tests/test_long_cycle.cpp and the sweep program
// benchmarks/long_cycle_sweep.cpp (which needs only gotb_core).
#pragma once

#include <algorithm>
#include <array>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <deque>
#include <functional>
#include <set>
#include <stdexcept>
#include <string>
#include <tuple>
#include <unordered_map>
#include <vector>

#include "core/board.hpp"
#include "core/position.hpp"
#include "core/rules/games.hpp"
#include "core/rules/japanese/analysis.hpp"
#include "core/scoring.hpp"
#include "generator/search/generic_search.hpp"

namespace gotb::long_cycle {

// A state of international:ko=basic-exceptional.
struct LcState {
  Position pos;
  Color to_move = Color::Black;
  int passes = 0;
  int ban = -1;
  auto key() const { return std::make_tuple(pos.black, pos.white, to_move, passes, ban); }
  bool operator<(const LcState& o) const { return key() < o.key(); }
  bool operator==(const LcState& o) const { return key() == o.key(); }
};

// The rules of docs/rules/international.md 6a/6b, written again from the text
// (no InternationalGame code): basic ko survives passes, four passes in a
// row end the game with the area score, a play onto an earlier board (or,
// with by_state, onto an earlier *state*) ends it by the removal balance d
// since that occurrence: d = 0 no result, d > 0 White wins, d < 0 Black wins.
class LongCycleModel {
 public:
  // exact_memo = false: plain alpha-beta (no memo), faster where few
  // histories repeat (the hidden 1x4 test).
  LongCycleModel(const Board& b, SuicideRule s, bool by_state, bool exact_memo = true)
      : b_(b), suicide_(s), by_state_(by_state), memo_on_(exact_memo) {}

  // Value order (Value::order) of the game started at s with history {s}.
  std::int32_t value(const LcState& s) {
    memo_.clear();
    std::vector<Seen> path{{s, 0}};
    return solve(s, 0, path, -Value::kSpecialWin - 1, Value::kSpecialWin + 1);
  }

  // Every state reachable from the empty board in the state graph.
  std::set<LcState> reachable() const {
    std::set<LcState> seen{LcState{}};
    std::deque<LcState> todo{LcState{}};
    while (!todo.empty()) {
      LcState s = todo.front();
      todo.pop_front();
      std::vector<LcState> next;
      for_each_play(s, [&](int, const PlayOutcome&, const LcState& n) { next.push_back(n); });
      if (s.passes + 1 < InternationalGame::kEndingPasses) next.push_back(after_pass(s));
      for (const LcState& n : next)
        if (seen.insert(n).second) todo.push_back(n);
    }
    return seen;
  }

 private:
  struct Seen {
    LcState state;
    int balance;  // removed black minus removed white when it occurred
  };
  struct Bounds {
    std::int32_t lo, hi;
  };

  static std::int32_t cycle_result(int d) {
    return d == 0 ? 0 : d > 0 ? Value::white_wins().order : Value::black_wins().order;
  }
  LcState after_pass(const LcState& s) const { return {s.pos, opponent(s.to_move), s.passes + 1, s.ban}; }

  template <class F>
  void for_each_play(const LcState& s, F f) const {
    for (int p = 0; p < b_.size(); ++p) {
      if (!((s.pos.empty(b_) >> p) & 1)) continue;
      PlayOutcome o;
      if (play_stone(b_, s.pos, s.to_move, p, suicide_, o) != PlayStatus::Ok) continue;
      if (s.ban >= 0 && o.captured == (Mask{1} << s.ban)) continue;
      f(p, o, LcState{o.next, opponent(s.to_move), 0, popcount(o.captured) == 1 ? p : -1});
    }
  }

  bool same(const LcState& a, const LcState& b) const { return by_state_ ? a == b : a.pos == b.pos; }

  // Exact memo: the rest of the game is a function of the state and of the
  // earlier boards (states) with their balances relative to now.
  std::string memo_key(const LcState& s, int bal, const std::vector<Seen>& path) const {
    std::vector<std::array<std::int64_t, 4>> k;
    for (const Seen& e : path) {
      const LcState& t = e.state;
      std::int64_t tag = by_state_ ? (static_cast<int>(t.to_move) | t.passes << 2 | (t.ban + 1) << 8) : 0;
      k.push_back({static_cast<std::int64_t>(t.pos.black), static_cast<std::int64_t>(t.pos.white), tag,
                   e.balance - bal});
    }
    std::sort(k.begin(), k.end());
    k.erase(std::unique(k.begin(), k.end()), k.end());
    k.push_back({static_cast<std::int64_t>(s.pos.black), static_cast<std::int64_t>(s.pos.white),
                 static_cast<int>(s.to_move) | s.passes << 2 | (s.ban + 1) << 8, 0});
    return std::string(reinterpret_cast<const char*>(k.data()), k.size() * sizeof(k[0]));
  }

  std::int32_t solve(const LcState& s, int bal, std::vector<Seen>& path, std::int32_t alpha, std::int32_t beta) {
    const std::string key = memo_on_ ? memo_key(s, bal, path) : std::string();
    Bounds known{-Value::kSpecialWin - 1, Value::kSpecialWin + 1};
    if (auto it = memo_.find(key); memo_on_ && it != memo_.end()) {
      known = it->second;
      if (known.lo == known.hi || known.lo >= beta) return known.lo;
      if (known.hi <= alpha) return known.hi;
      alpha = std::max(alpha, known.lo);
      beta = std::min(beta, known.hi);
    }
    const bool black = s.to_move == Color::Black;
    const std::int32_t a0 = alpha, b0 = beta;
    std::int32_t best = black ? -Value::kSpecialWin - 1 : Value::kSpecialWin + 1;
    bool cut = false;
    auto consider = [&](std::int32_t v) {
      if (black) {
        best = std::max(best, v);
        alpha = std::max(alpha, v);
      } else {
        best = std::min(best, v);
        beta = std::min(beta, v);
      }
      cut = alpha >= beta || (black ? v >= Value::kSpecialWin : v <= -Value::kSpecialWin);  // nothing beats a special win
    };
    // Only a play ends the game on a recreated board (a pass keeps the
    // board); a repeated state ends it whatever the move.
    auto child = [&](const LcState& n, int nb, bool play) {
      if (play || by_state_)
        for (const Seen& e : path)
          if (same(e.state, n)) return cycle_result(nb - e.balance);
      path.push_back({n, nb});
      std::int32_t v = solve(n, nb, path, alpha, beta);
      path.pop_back();
      return v;
    };
    for_each_play(s, [&](int, const PlayOutcome& o, const LcState& n) {
      if (cut) return;
      // captured: the opponent's stones; suicided: the mover's own string
      int removed_black = popcount(black ? o.suicided : o.captured);
      int removed_white = popcount(black ? o.captured : o.suicided);
      consider(child(n, bal + removed_black - removed_white, true));
    });
    if (!cut) {
      if (s.passes + 1 >= InternationalGame::kEndingPasses)
        consider(2 * area_count(b_, s.pos).difference());
      else
        consider(child(after_pass(s), bal, false));
    }
    if (!memo_on_) return best;
    Bounds& m = memo_[key];
    m = known;
    if (best <= a0)
      m.hi = std::min(m.hi, best);
    else if (best >= b0)
      m.lo = std::max(m.lo, best);
    else
      m.lo = m.hi = best;
    return best;
  }

  const Board& b_;
  SuicideRule suicide_;
  bool by_state_;
  bool memo_on_;
  std::unordered_map<std::string, Bounds> memo_;
};


// ikeda-1:ko=basic-play (docs/rules/ikeda-1.md), written again from the text:
// no suicide; basic ko lifted only by a play; two alternation passes start
// the playout (the opponent of the last passer moves first); each playout
// pass pays one own stone, two end the game, and with an odd number of
// playout moves the last pass is free; territory (empty regions bordered by
// one colour) plus prisoners. A play onto an earlier board of either phase
// (or, with by_state, onto an earlier *state*) ends the game without result
// (order 0). The state holds no prisoner count: values are of the game
// started at the state, prisoners counted from there (IkedaGame::setup).
struct IkState {
  Position pos;
  Color to_move = Color::Black;
  int phase = 0, passes = 0, ban = -1, parity = 0;  // parity: playout moves so far, mod 2
  auto key() const { return std::make_tuple(pos.black, pos.white, to_move, phase, passes, ban, parity); }
  bool operator<(const IkState& o) const { return key() < o.key(); }
  bool operator==(const IkState& o) const { return key() == o.key(); }
};

class IkedaModel {
 public:
  IkedaModel(const Board& b, bool by_state) : b_(b), by_state_(by_state) {}

  std::int32_t value(const IkState& s) {
    std::vector<IkState> path{s};
    return solve(s, 0, path, -(1 << 20), 1 << 20);
  }
  // The successors of s in the state graph: f(next state, change of
  // Black's prisoner score, the move ends the game by passes), every legal
  // play first (by point), then the pass.
  template <class F>
  void successors(const IkState& s, F f) const {
    for_each_move(s, f);
  }
  std::set<IkState> reachable() const {
    std::set<IkState> seen{IkState{}};
    std::deque<IkState> todo{IkState{}};
    while (!todo.empty()) {
      IkState s = todo.front();
      todo.pop_front();
      for_each_move(s, [&](const IkState& n, int, bool end) {
        if (!end && seen.insert(n).second) todo.push_back(n);
      });
    }
    return seen;
  }

 private:
  // f(next state, change of Black's prisoner score, the move ends the game)
  template <class F>
  void for_each_move(const IkState& s, F f) const {
    for (int p = 0; p < b_.size(); ++p) {
      if (!((s.pos.empty(b_) >> p) & 1)) continue;
      PlayOutcome o;
      if (play_stone(b_, s.pos, s.to_move, p, SuicideRule::Forbidden, o) != PlayStatus::Ok) continue;
      if (s.ban >= 0 && o.captured == (Mask{1} << s.ban)) continue;
      const int taken = popcount(o.captured);
      f(IkState{o.next, opponent(s.to_move), s.phase, 0, taken == 1 ? p : -1, s.phase ? s.parity ^ 1 : 0},
        s.to_move == Color::Black ? taken : -taken, false);
    }
    if (s.phase == 0) {  // free passes; the second starts the playout
      f(IkState{s.pos, opponent(s.to_move), s.passes, s.passes ? 0 : 1, s.ban, 0}, 0, false);
    } else {
      IkState n{s.pos, opponent(s.to_move), 1, s.passes + 1, s.ban, s.parity ^ 1};
      const int stone = s.to_move == Color::Black ? -1 : 1;
      f(n, s.passes == 1 && n.parity ? 0 : stone, s.passes == 1);
    }
  }

  std::int32_t solve(const IkState& s, int prisoners, std::vector<IkState>& path, std::int32_t alpha,
                     std::int32_t beta) {
    const bool black = s.to_move == Color::Black;
    std::int32_t best = black ? -(1 << 20) : 1 << 20;
    bool cut = false;
    for_each_move(s, [&](const IkState& n, int d, bool end) {
      if (cut) return;
      std::int32_t v;
      if (end) {
        const AreaCount a = area_count(b_, n.pos);
        const Mask empty = n.pos.empty(b_);
        v = 2 * (popcount(a.black_area & empty) - popcount(a.white_area & empty) + prisoners + d);
      } else {
        // a pass keeps the board: only a play ends on a recreated board
        const bool repeated = std::any_of(path.begin(), path.end(), [&](const IkState& e) {
          return by_state_ ? e == n : !(n.pos == s.pos) && e.pos == n.pos;
        });
        if (repeated) {
          v = 0;
        } else {
          path.push_back(n);
          v = solve(n, prisoners + d, path, alpha, beta);
          path.pop_back();
        }
      }
      if (black) {
        best = std::max(best, v);
        alpha = std::max(alpha, v);
      } else {
        best = std::min(best, v);
        beta = std::min(beta, v);
      }
      cut = alpha >= beta;
    });
    return best;
  }

  const Board& b_;
  bool by_state_;
};

// Packed ids of boards and states for the two search games below (boards
// of at most 16 points).
inline std::uint64_t board_id(const Position& p) { return p.black | p.white << 16; }

// The long-cycle rules of international:ko=basic-exceptional (above) and of
// japanese-2003 (docs/rules/japanese-2003.md: no suicide, the basic ko ban
// lifted by any move, a pass included, since a play may not recreate the
// position before the opponent's last move; two passes end the
// alternation (no board this file uses has a direct ko stone, checked);
// the score is the analysis of the final position plus the prisoner
// difference; a play onto an earlier board ends the game won by the player
// who removed more stones since its first occurrence, a tie if equal) as a
// game for the generic search (generator/search/generic_search.hpp), so that
// both games, board and state repetition, can be solved with its
// history-safe table where the plain search does not finish. Written from
// the rule texts, not from InternationalGame / Japanese2003Game (japanese
// uses only the project's final-position analysis). Key: the state (and,
// japanese only, the removal balance since the start, which its scores
// count). Facts: the earlier boards (board repetition) or states (state
// repetition) a move's end rests on, valued by the removal balance at
// their first occurrence minus the current one (kAbsent: not seen). The game's future is a function of the key and
// those facts, which is what the search's reuse needs (docs/solving.md,
// section 1 and "One search for every ruleset").
enum class LcFlavor { International, Japanese };

class LcSearchGame {
 public:
  static constexpr std::int64_t kAbsent = INT64_MIN;
  LcSearchGame(const Board& b, SuicideRule s, bool by_state, LcFlavor f = LcFlavor::International)
      : b_(b), suicide_(f == LcFlavor::Japanese ? SuicideRule::Forbidden : s), by_state_(by_state), flavor_(f) {
    if (b.size() > 16) throw std::invalid_argument("LcSearchGame: boards of at most 16 points");
  }
  int ending_passes() const { return flavor_ == LcFlavor::Japanese ? 2 : InternationalGame::kEndingPasses; }
  // A budget of moves per start (0: none): play() throws NodeLimitReached
  // before changing anything once `limit` moves were played since start(),
  // so a sweep can give up on one state and go on with the same search
  // table (the search stores only finished proofs and undoes the moves on
  // its way out).
  void set_moves_per_start(std::uint64_t limit) { move_limit_ = limit; }
  // The game started at s with history {s}.
  void start(const LcState& s) {
    moves_since_start_ = 0;
    cur_ = s;
    bal_ = 0;
    over_ = false;
    undo_.clear();
    seen_.clear();
    enter();
  }
  const LcState& state() const { return cur_; }
  bool is_over() const { return over_; }
  Value outcome() const { return result_; }
  Color to_move() const { return cur_.to_move; }
  Value min_outcome() const { return Value::white_wins(); }
  Value max_outcome() const { return Value::black_wins(); }
  std::string move_name(Move m) const { return m.is_play() ? std::to_string(m.point) : "pass"; }
  void legal_moves(std::vector<Move>& out) const {
    std::vector<std::uint64_t> f;
    legal_moves_with_facts(out, f);
  }
  void legal_moves_with_facts(std::vector<Move>& out, std::vector<std::uint64_t>& facts) const {
    if (over_) return;
    for (int p = 0; p < b_.size(); ++p) {
      LcState n;
      if (!play_result(cur_, p, n, nullptr)) continue;
      out.push_back(Move::play(p));
      facts.push_back(id(n));
    }
    out.push_back(Move::pass());
    if (by_state_ && cur_.passes + 1 < ending_passes()) facts.push_back(id(after_pass(cur_)));
  }
  // The state graph (repetition ignored): successors of s by every move
  // that does not end the game by passes.
  void successors(const LcState& s, std::vector<LcState>& out) const {
    for (int p = 0; p < b_.size(); ++p) {
      LcState n;
      if (play_result(s, p, n, nullptr)) out.push_back(n);
    }
    if (s.passes + 1 < ending_passes()) out.push_back(after_pass(s));
  }
  void play(Move m) {
    if (move_limit_ && ++moves_since_start_ > move_limit_) throw NodeLimitReached("moves per start");
    undo_.push_back({cur_, bal_, over_, result_});
    bool check = true;
    if (m.is_play()) {
      LcState n;
      int removed = 0;
      play_result(cur_, m.point, n, &removed);
      cur_ = n;
      bal_ += removed;
    } else if (cur_.passes + 1 >= ending_passes()) {
      over_ = true;
      result_ = Value::score_half_points(2 * final_score(cur_.pos));
      cur_ = after_pass(cur_);
      check = false;
    } else {
      cur_ = after_pass(cur_);
      check = by_state_;  // a pass keeps the board: only a play ends on a recreated board
    }
    if (check)
      if (const std::int64_t rel = fact(id(cur_)); rel != kAbsent) {
        over_ = true;
        const std::int64_t d = -rel;  // black removed minus white removed since the first occurrence
        result_ = d == 0 ? Value::no_result() : d > 0 ? Value::white_wins() : Value::black_wins();
      }
    enter();
  }
  void undo() {
    auto it = seen_.find(id(cur_));
    if (--it->second.second == 0) seen_.erase(it);
    const Undo& u = undo_.back();
    cur_ = u.state;
    bal_ = u.balance;
    over_ = u.over;
    result_ = u.result;
    undo_.pop_back();
  }
  // Facts are valued relative to the current balance (first occurrence's
  // balance minus the current one): every later end is decided by
  // bal_later - bal_first = (bal_later - bal_now) + (bal_now - bal_first),
  // and the first term depends on the moves after now only. So under
  // international (area score, no prisoners) the state alone is the key,
  // and a proof made under one start state serves another with a different
  // balance so far (the sweep's states reach the same near-empty boards
  // after different captures). japanese-2003 scores the prisoner balance,
  // which stays in its key.
  void search_key(std::vector<std::uint64_t>& key) const {
    key.push_back(state_id(cur_));
    if (flavor_ == LcFlavor::Japanese) key.push_back(static_cast<std::uint64_t>(bal_));
  }
  void current_facts(std::vector<std::uint64_t>& facts) const { facts.push_back(id(cur_)); }
  std::int64_t fact(std::uint64_t id) const {
    auto it = seen_.find(id);
    return it == seen_.end() ? kAbsent : it->second.first - bal_;
  }

 private:
  struct Undo {
    LcState state;
    std::int64_t balance;
    bool over;
    Value result;
  };
  static std::uint64_t state_id(const LcState& s) {
    return board_id(s.pos) | std::uint64_t(s.to_move == Color::White) << 32 | std::uint64_t(s.passes) << 33 |
           std::uint64_t(s.ban + 1) << 36;
  }
  std::uint64_t id(const LcState& s) const { return by_state_ ? state_id(s) : board_id(s.pos); }
  LcState after_pass(const LcState& s) const {
    return {s.pos, opponent(s.to_move), s.passes + 1, flavor_ == LcFlavor::Japanese ? -1 : s.ban};
  }
  // Black minus White at the end by two passes (four under international):
  // the area; japanese: the analysis's territory score plus the prisoner
  // difference since the start (white removed minus black removed = -bal_).
  int final_score(const Position& pos) const {
    if (flavor_ == LcFlavor::International) return area_count(b_, pos).difference();
    auto it = territory_.find(pos);
    if (it == territory_.end()) {
      const japanese::FinalAnalysis a = japanese::analyse_final_position(b_, pos);
      if (a.has_direct_ko_stone) throw std::logic_error("LcSearchGame: the direct ko rule is not modelled");
      it = territory_.emplace(pos, japanese::score_final_position(b_, pos, a, 0).score).first;
    }
    return it->second - static_cast<int>(bal_);
  }
  // A play legal under the rules (suicide option, basic ko): the next state
  // and the removal balance it adds (black removed minus white removed).
  bool play_result(const LcState& s, int p, LcState& n, int* removed) const {
    if (!((s.pos.empty(b_) >> p) & 1)) return false;
    PlayOutcome o;
    if (play_stone(b_, s.pos, s.to_move, p, suicide_, o) != PlayStatus::Ok) return false;
    if (s.ban >= 0 && o.captured == (Mask{1} << s.ban)) return false;
    n = LcState{o.next, opponent(s.to_move), 0, popcount(o.captured) == 1 ? p : -1};
    if (removed) {
      const bool black = s.to_move == Color::Black;
      *removed = popcount(black ? o.suicided : o.captured) - popcount(black ? o.captured : o.suicided);
    }
    return true;
  }
  void enter() {
    auto [it, fresh] = seen_.try_emplace(id(cur_), bal_, 0);
    ++it->second.second;
  }
  struct PosHash {
    std::size_t operator()(const Position& p) const { return std::hash<std::uint64_t>()(p.black * 0x9e3779b97f4a7c15ULL ^ p.white); }
  };

  const Board& b_;
  SuicideRule suicide_;
  bool by_state_;
  LcFlavor flavor_;
  LcState cur_;
  std::uint64_t move_limit_ = 0, moves_since_start_ = 0;
  std::int64_t bal_ = 0;
  bool over_ = false;
  Value result_;
  std::vector<Undo> undo_;
  std::unordered_map<std::uint64_t, std::pair<std::int64_t, int>> seen_;  // id -> (first balance, occurrences)
  mutable std::unordered_map<Position, int, PosHash> territory_;          // japanese: territory score per final board
};

// Values of one of the two games at many states with one search table (an
// entry proved under one root is reused under another only where its facts
// hold, so sharing the table is sound: docs/solving.md, "One cache for many
// roots").
class LcSearchSolver {
 public:
  LcSearchSolver(const Board& b, SuicideRule s, bool by_state, LcFlavor f = LcFlavor::International,
                 std::uint64_t node_limit = 0)
      : game_(b, s, by_state, f), search_(game_, options(node_limit)) {}
  LcSearchGame& game() { return game_; }
  // Every state reachable from the empty board in the state graph.
  std::set<LcState> reachable() const {
    std::set<LcState> seen{LcState{}};
    std::deque<LcState> todo{LcState{}};
    std::vector<LcState> next;
    while (!todo.empty()) {
      next.clear();
      game_.successors(todo.front(), next);
      todo.pop_front();
      for (const LcState& n : next)
        if (seen.insert(n).second) todo.push_back(n);
    }
    return seen;
  }
  // The value of the game's current node (after start() and moves).
  std::int32_t value_here() { return search_.value().order; }
  search::GenericSearch<LcSearchGame>& search() { return search_; }
  std::int32_t value(const LcState& s) {
    game_.start(s);
    return search_.value().order;
  }
  const search::GenericStats& stats() const { return search_.stats(); }

 private:
  static search::GenericOptions options(std::uint64_t node_limit) {
    search::GenericOptions o;
    o.node_limit = node_limit;
    return o;
  }
  LcSearchGame game_;
  search::GenericSearch<LcSearchGame> search_;
};

// The model of ikeda-1:ko=basic-play above as a game for the generic
// search. Key: the state and Black's prisoner balance since the start (a
// score end counts it, a cycle end does not). Facts: the earlier boards
// (board repetition) or states (state repetition) a move's end rests on,
// valued 1 when seen (kAbsent: not seen).
class IkSearchGame {
 public:
  static constexpr std::int64_t kAbsent = INT64_MIN;
  IkSearchGame(const Board& b, bool by_state) : b_(b), by_state_(by_state) {
    if (b.size() > 16) throw std::invalid_argument("IkSearchGame: boards of at most 16 points");
  }
  // As LcSearchGame::set_moves_per_start.
  void set_moves_per_start(std::uint64_t limit) { move_limit_ = limit; }
  void start(const IkState& s) {
    moves_since_start_ = 0;
    cur_ = s;
    prisoners_ = 0;
    over_ = false;
    undo_.clear();
    seen_.clear();
    ++seen_[id(cur_)];
  }
  bool is_over() const { return over_; }
  Value outcome() const { return result_; }
  Color to_move() const { return cur_.to_move; }
  // Outcome bounds for the search's deepening (GenericOptions): every
  // outcome is a score or no result, all strictly between these two, which
  // ikeda never produces; so the bounds hold, and a horizon node's bounds
  // decide nothing but a proof that avoids it is exact as ever.
  Value min_outcome() const { return Value::white_wins(); }
  Value max_outcome() const { return Value::black_wins(); }
  std::string move_name(Move m) const { return m.is_play() ? std::to_string(m.point) : "pass"; }
  void legal_moves(std::vector<Move>& out) const {
    std::vector<std::uint64_t> f;
    legal_moves_with_facts(out, f);
  }
  void legal_moves_with_facts(std::vector<Move>& out, std::vector<std::uint64_t>& facts) const {
    if (over_) return;
    for (int p = 0; p < b_.size(); ++p) {
      Step st;
      if (!step(Move::play(p), st)) continue;
      out.push_back(Move::play(p));
      facts.push_back(id(st.next));
    }
    Step st;
    step(Move::pass(), st);
    out.push_back(Move::pass());
    if (by_state_ && !st.end) facts.push_back(id(st.next));
  }
  void play(Move m) {
    if (move_limit_ && ++moves_since_start_ > move_limit_) throw NodeLimitReached("moves per start");
    undo_.push_back({cur_, prisoners_, over_, result_});
    Step st;
    step(m, st);
    cur_ = st.next;
    prisoners_ += st.prisoners;
    if (st.end) {
      over_ = true;
      const AreaCount a = area_count(b_, cur_.pos);
      const Mask empty = cur_.pos.empty(b_);
      result_ = Value::score_half_points(
          2 * (popcount(a.black_area & empty) - popcount(a.white_area & empty) + static_cast<int>(prisoners_)));
    } else if ((m.is_play() || by_state_) && seen_.count(id(cur_))) {
      over_ = true;  // a play onto an earlier board (or any move onto an earlier state): no result
      result_ = Value::no_result();
    }
    ++seen_[id(cur_)];
  }
  void undo() {
    auto it = seen_.find(id(cur_));
    if (--it->second == 0) seen_.erase(it);
    const Undo& u = undo_.back();
    cur_ = u.state;
    prisoners_ = u.prisoners;
    over_ = u.over;
    result_ = u.result;
    undo_.pop_back();
  }
  void search_key(std::vector<std::uint64_t>& key) const {
    key.push_back(state_id(cur_));
    key.push_back(static_cast<std::uint64_t>(prisoners_));
  }
  void current_facts(std::vector<std::uint64_t>& facts) const { facts.push_back(id(cur_)); }
  std::int64_t fact(std::uint64_t id) const { return seen_.count(id) ? 1 : kAbsent; }

 private:
  struct Step {
    IkState next;
    std::int64_t prisoners = 0;  // change of Black's prisoner balance
    bool end = false;
  };
  struct Undo {
    IkState state;
    std::int64_t prisoners;
    bool over;
    Value result;
  };
  static std::uint64_t state_id(const IkState& s) {
    return board_id(s.pos) | std::uint64_t(s.to_move == Color::White) << 32 | std::uint64_t(s.phase) << 33 |
           std::uint64_t(s.passes) << 34 | std::uint64_t(s.ban + 1) << 36 | std::uint64_t(s.parity) << 41;
  }
  std::uint64_t id(const IkState& s) const { return by_state_ ? state_id(s) : board_id(s.pos); }
  // The move's effect by docs/rules/ikeda-1.md (as IkedaModel::for_each_move).
  bool step(Move m, Step& st) const {
    const IkState& s = cur_;
    if (m.is_play()) {
      const int p = m.point;
      if (!((s.pos.empty(b_) >> p) & 1)) return false;
      PlayOutcome o;
      if (play_stone(b_, s.pos, s.to_move, p, SuicideRule::Forbidden, o) != PlayStatus::Ok) return false;
      if (s.ban >= 0 && o.captured == (Mask{1} << s.ban)) return false;
      const int taken = popcount(o.captured);
      st.next = IkState{o.next, opponent(s.to_move), s.phase, 0, taken == 1 ? p : -1, s.phase ? s.parity ^ 1 : 0};
      st.prisoners = s.to_move == Color::Black ? taken : -taken;
      return true;
    }
    if (s.phase == 0) {
      st.next = IkState{s.pos, opponent(s.to_move), s.passes, s.passes ? 0 : 1, s.ban, 0};
      return true;
    }
    st.next = IkState{s.pos, opponent(s.to_move), 1, s.passes + 1, s.ban, s.parity ^ 1};
    st.end = s.passes == 1;
    st.prisoners = st.end && st.next.parity ? 0 : s.to_move == Color::Black ? -1 : 1;
    return true;
  }

  const Board& b_;
  bool by_state_;
  IkState cur_;
  std::uint64_t move_limit_ = 0, moves_since_start_ = 0;
  std::int64_t prisoners_ = 0;
  bool over_ = false;
  Value result_;
  std::vector<Undo> undo_;
  std::unordered_map<std::uint64_t, int> seen_;  // id -> occurrences on the current line
};

class IkSearchSolver {
 public:
  IkSearchSolver(const Board& b, bool by_state) : game_(b, by_state), search_(game_, search::GenericOptions{}) {}
  IkSearchGame& game() { return game_; }
  std::int32_t value(const IkState& s) {
    game_.start(s);
    return search_.value().order;
  }
  const search::GenericStats& stats() const { return search_.stats(); }
  search::GenericSearch<IkSearchGame>& search() { return search_; }

 private:
  IkSearchGame game_;
  search::GenericSearch<IkSearchGame> search_;
};

// One line: the diagram's rows joined by '/'.
inline std::string one_line(const Board& b, const Position& p) {
  std::string d = diagram(b, p);
  while (!d.empty() && d.back() == '\n') d.pop_back();
  std::replace(d.begin(), d.end(), '\n', '/');
  return d;
}
inline std::string describe(const Board& b, const LcState& s) {
  return one_line(b, s.pos) + (s.to_move == Color::Black ? " B" : " W") + " passes " + std::to_string(s.passes) +
         " ban " + std::to_string(s.ban);
}
inline std::string describe(const Board& b, const IkState& s) {
  return one_line(b, s.pos) + (s.to_move == Color::Black ? " B" : " W") + " phase " + std::to_string(s.phase) +
         " passes " + std::to_string(s.passes) + " ban " + std::to_string(s.ban) + " parity " +
         std::to_string(s.parity);
}

// Result of a sweep over every reachable state of a board.
struct Sweep {
  int total = 0;   // states in the sweep order (before selection)
  int states = 0;  // states selected and visited (decided or given up)
  int differ = 0;      // states where board and state repetition differ (printed on stderr)
  int checked = 0;     // nodes where the model was compared with the project's game
  int mismatches = 0;  // ... and differed from it (printed on stderr; 0 validates the model)
  int undecided = 0;   // states given up under SweepLimits::moves_per_state (printed on stderr)
  std::uint64_t board_nodes = 0, state_nodes = 0;
  std::vector<std::string> differing;  // "index state board-value state-value" per differing state
  std::vector<long> given_up;          // sweep-order indices of the undecided states
  long next = -1;                      // first selected index not visited (SweepLimits::seconds); -1: none
};

// Bounds of a sweep: check_every as in sweep_international (0: never
// compare with the project's game); moves_per_state > 0: give up on a state
// whose solve (either game) plays more moves than this, list it and go on
// (the two games share nothing, so a given-up state decides nothing);
// slow_seconds > 0: print every state whose two solves took longer.
struct SweepLimits {
  int check_every = 1;
  std::uint64_t moves_per_state = 0;
  double slow_seconds = 0;
  bool most_empty_first = false;  // sweep order (a cut sweep then covers the open boards)
  // Which states of the sweep order to solve (for runs split over several
  // processes, each with its own tables): index i (0-based, in sweep order)
  // is solved iff from <= i < to and i % shard_count == shard. The others
  // are skipped (not counted in Sweep::states).
  int shard = 0, shard_count = 1;
  long from = 0, to = -1;  // to < 0: to the end
  bool selects(long i) const { return i >= from && (to < 0 || i < to) && i % shard_count == shard; }
  // seconds > 0: start no new state once this much wall time has passed
  // since the sweep began (Sweep::next then says where to resume).
  double seconds = 0;
  // nsr_depth > 0 (international; ikeda: see its start_board_recurs): visit only the states s from which
  // some line of at most nsr_depth plays, recreating no board on the way,
  // recreates s's board as another state (a non-state recurrence of the
  // start board, docs/solving.md (2)): the candidates for a difference
  // near the start. The others are skipped like unselected indices.
  int nsr_depth = 0;
  // ikeda: whether the lines of nsr_depth may pass (true: also the
  // recurrences across a pass or the playout's start).
  bool nsr_passes = true;
  // explain: at each differing state, print (stderr) every move's value and
  // a principal variation in both games, with the sweep's warm tables.
  bool explain = false;
  // shared_check (international): one search table for the project's game
  // over all checked states (InternationalGame::setup per state; the generic
  // search's table is sound across roots, docs/solving.md "One cache for
  // many roots"), instead of a fresh search per state.
  bool shared_check = false;
};

// Whether a line of at most `depth` plays from s, recreating no board on
// the way, recreates s's board as a state other than s (SweepLimits::nsr_depth).
template <class Game>
bool start_board_recurs(const Game& g, const LcState& s, int depth) {
  std::vector<std::uint64_t> boards{board_id(s.pos)};
  std::function<bool(const LcState&, int)> dfs = [&](const LcState& at, int left) {
    std::vector<LcState> next;
    g.successors(at, next);
    for (const LcState& n : next) {
      if (n.passes > 0) continue;  // plays only
      if (n.pos == s.pos) {
        if (!(n == s)) return true;
        continue;
      }
      if (left <= 1 || std::find(boards.begin(), boards.end(), board_id(n.pos)) != boards.end()) continue;
      boards.push_back(board_id(n.pos));
      const bool found = dfs(n, left - 1);
      boards.pop_back();
      if (found) return true;
    }
    return false;
  };
  return dfs(s, depth);
}

// ikeda-1:ko=basic-play (SweepLimits::nsr_depth): whether a line of at most
// `depth` plays from s, with any passes that do not end the game (so that
// lines through the playout's start count: the rule compares boards of both
// phases), recreating no board by a play on the way, recreates s's board by
// a play as a state other than s (another player to move, ko ban, phase or
// playout parity).
inline bool start_board_recurs(const IkedaModel& g, const IkState& s, int depth, bool passes = true) {
  std::vector<std::uint64_t> boards{board_id(s.pos)};
  std::function<bool(const IkState&, int)> dfs = [&](const IkState& at, int left) {
    std::vector<IkState> next;
    std::vector<bool> is_play;
    g.successors(at, [&](const IkState& n, int, bool end) {
      if (end) return;
      next.push_back(n);
      is_play.push_back(n.passes == 0 && !(n.phase == 1 && at.phase == 0));
    });
    for (std::size_t k = 0; k < next.size(); ++k) {
      const IkState& n = next[k];
      if (!is_play[k]) {  // a pass keeps the board and ends nothing here
        if (passes && dfs(n, left)) return true;
        continue;
      }
      if (n.pos == s.pos) {
        if (!(n == s)) return true;
        continue;
      }
      if (left <= 1 || std::find(boards.begin(), boards.end(), board_id(n.pos)) != boards.end()) continue;
      boards.push_back(board_id(n.pos));
      const bool found = dfs(n, left - 1);
      boards.pop_back();
      if (found) return true;
    }
    return false;
  };
  return dfs(s, depth);
}

// Solves one state in both games under the limits; false if given up.
template <class Solver, class S>
bool solve_both(Solver& by_board, Solver& by_state, const S& s, std::int32_t& v, std::int32_t& w) {
  try {
    v = by_board.value(s);
    w = by_state.value(s);
    return true;
  } catch (const NodeLimitReached&) {
    return false;
  }
}

// A progress line every 100 states (long sweeps are cut by a timeout; the
// lines say how far they got: states are visited by the number of empty
// points, fewest first, so a cut sweep has covered every state with fewer
// empty points than the last line shows).
inline void progress(const char* what, const std::string& board, const Sweep& r, int empty) {
  if (r.states % 100 == 0 && r.states > 0)
    std::fprintf(stderr, "%s %s: %d states so far (now at %d empty points), %d differ\n", what, board.c_str(),
                 r.states, empty, r.differ);
}

// The states of a set in sweep order: fewest empty points first (most
// first with most_empty_first: the nearly full boards, where a capture
// restarts a whole game, come last).
template <class S>
std::vector<S> sweep_order(const Board& b, const std::set<S>& states, bool most_empty_first = false) {
  std::vector<S> v(states.begin(), states.end());
  std::stable_sort(v.begin(), v.end(), [&](const S& x, const S& y) {
    return most_empty_first ? popcount(x.pos.empty(b)) > popcount(y.pos.empty(b))
                            : popcount(x.pos.empty(b)) < popcount(y.pos.empty(b));
  });
  return v;
}

// Prints (stderr), for the game started at s, the value of every move in
// both games (board and state repetition) and a principal variation of
// each, and returns the two values {board game, state game}. moves > 0:
// a budget of moves per solve (throws NodeLimitReached when exceeded).
template <class Solver, class S>
std::int32_t explain_one(Solver& solver, const Board& b, const S& s, bool by_state, std::uint64_t moves) {
  solver.game().set_moves_per_start(moves);
  const std::int32_t v = solver.value(s);
  std::fprintf(stderr, "%s repetition, game started at %s: value %d (order, 2 x points)\n",
               by_state ? "state" : "board", describe(b, s).c_str(), v);
  solver.game().start(s);
  for (const auto& mv : solver.search().move_values())
    std::fprintf(stderr, "  move %s: %d\n", solver.game().move_name(mv.move).c_str(), mv.value.order);
  solver.game().start(s);
  const Value target = v >= Value::kSpecialWin    ? Value::black_wins()
                       : v <= -Value::kSpecialWin ? Value::white_wins()
                                                  : Value::score_half_points(v);
  std::string line;
  for (Move m : solver.search().principal_variation(target)) line += solver.game().move_name(m) + " ";
  std::fprintf(stderr, "  principal variation: %s\n", line.c_str());
  return v;
}
// A state as one token without spaces, for the summary line and for
// `long_cycle_sweep RULES BOARD --at ...`: DIAGRAM(rows joined by '/'),B|W,
// passes,ban (ikeda: also phase and playout parity).
inline std::string token(const Board& b, const LcState& s) {
  return one_line(b, s.pos) + (s.to_move == Color::Black ? ",B," : ",W,") + std::to_string(s.passes) + "," +
         std::to_string(s.ban);
}
inline std::string token(const Board& b, const IkState& s) {
  return one_line(b, s.pos) + (s.to_move == Color::Black ? ",B," : ",W,") + std::to_string(s.passes) + "," +
         std::to_string(s.ban) + ",phase=" + std::to_string(s.phase) + ",parity=" + std::to_string(s.parity);
}

inline constexpr std::int64_t kNotChecked = INT64_MIN;

// The loop shared by the international and ikeda sweeps: visits the states
// of `order` that lim selects, solves both games at each (solve(s, v, w):
// false if given up over the move budget), compares the model's board game
// with the project's game at every check_every-th index (project(s): its
// value, kNotChecked where the project's game cannot start at s), and
// records and prints (stderr) the states given up and the states where the
// two games differ, with their sweep-order index (rerun one state with
// --states-from I --states-to I+1).
template <class S, class Solve, class Project, class Nodes, class Keep, class Explain>
Sweep run_sweep(const Board& b, const std::string& board, const char* what, const std::vector<S>& order,
                const SweepLimits& lim, Solve solve, Project project, Nodes nodes, Keep keep, Explain explain) {
  Sweep r;
  r.total = static_cast<int>(order.size());
  const auto start = std::chrono::steady_clock::now();
  for (long i = 0; i < static_cast<long>(order.size()); ++i) {
    if (!lim.selects(i) || !keep(order[i])) continue;
    if (lim.seconds > 0 &&
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count() > lim.seconds) {
      r.next = i;
      std::fprintf(stderr, "%s %s: out of time, stopped before #%ld\n", what, board.c_str(), i);
      break;
    }
    const S& s = order[i];
    const auto t0 = std::chrono::steady_clock::now();
    const std::uint64_t n0 = nodes();
    std::int32_t v = 0, w = 0;
    const bool done = solve(s, v, w);
    const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    if (lim.slow_seconds > 0 && secs > lim.slow_seconds)
      std::fprintf(stderr, "%s: slow state #%ld %s: %.1f s, %llu nodes%s\n", board.c_str(), i, describe(b, s).c_str(),
                   secs, static_cast<unsigned long long>(nodes() - n0), done ? "" : " (given up)");
    if (!done) {
      ++r.undecided;
      r.given_up.push_back(i);
      std::fprintf(stderr, "%s: undecided (over %llu moves) at #%ld %s\n", board.c_str(),
                   static_cast<unsigned long long>(lim.moves_per_state), i, describe(b, s).c_str());
    }
    if (done && lim.check_every > 0 && r.states % lim.check_every == 0) {
      const std::int64_t pv = project(s);
      if (pv != kNotChecked) {
        ++r.checked;
        if (pv != v) {
          ++r.mismatches;
          std::fprintf(stderr, "%s: MODEL MISMATCH at #%ld %s: model %d, project's game %lld\n", board.c_str(), i,
                       describe(b, s).c_str(), v, static_cast<long long>(pv));
        }
      }
    }
    if (done && w != v) {
      ++r.differ;
      r.differing.push_back(std::to_string(i) + ":" + token(b, s) + ":" + std::to_string(v) + ":" + std::to_string(w));
      std::fprintf(stderr, "%s %s: differs at #%ld %s: board repetition %d, state repetition %d\n", what,
                   board.c_str(), i, describe(b, s).c_str(), v, w);
      if (lim.explain) explain(s);
    }
    ++r.states;
    progress(what, board, r, popcount(s.pos.empty(b)));
  }
  return r;
}

inline void print_sweep(const char* what, const std::string& board, const Sweep& r) {
  std::fprintf(stderr,
               "%s %s: %d states, %d differ, %d undecided; model checked at %d nodes against the project's game, %d mismatches; "
               "search nodes: board game %llu, state game %llu\n",
               what, board.c_str(), r.states, r.differ, r.undecided, r.checked, r.mismatches,
               static_cast<unsigned long long>(r.board_nodes), static_cast<unsigned long long>(r.state_nodes));
}

// international:ko=basic-exceptional (suicide option): every reachable state;
// the model's board game is checked at every state against the project's
// InternationalGame (started there by setup) under the generic search.
// check_every: compare with the project's game at every k-th state only
// (each comparison is a fresh search without a shared table).
inline Sweep sweep_international(const std::string& board, bool suicide, const SweepLimits& lim) {
  const Board b = Board::parse(board);
  const SuicideRule sr = suicide ? SuicideRule::Allowed : SuicideRule::Forbidden;
  const RuleSet rules = RuleSet::parse(std::string("international:ko=basic-exceptional") + (suicide ? "" : ",suicide=no"));
  LcSearchSolver by_board(b, sr, false), by_state(b, sr, true);
  by_board.game().set_moves_per_start(lim.moves_per_state);
  by_state.game().set_moves_per_start(lim.moves_per_state);
  InternationalGame shared_game(b, rules, 0);
  search::GenericSearch<InternationalGame> shared_search(shared_game, search::GenericOptions{});
  Sweep r = run_sweep(
      b, board, "international", sweep_order(b, by_board.reachable(), lim.most_empty_first), lim,
      [&](const LcState& s, std::int32_t& v, std::int32_t& w) { return solve_both(by_board, by_state, s, v, w); },
      [&](const LcState& s) -> std::int64_t {
        if (lim.shared_check) {
          shared_game.setup(s.pos, s.to_move, s.passes, s.ban);
          return shared_search.value().order;
        }
        InternationalGame g(b, rules, 0);
        g.setup(s.pos, s.to_move, s.passes, s.ban);
        search::GenericSearch<InternationalGame> project(g, search::GenericOptions{});
        return project.value().order;
      },
      [&] { return by_board.stats().nodes + by_state.stats().nodes; },
      [&](const LcState& s) { return lim.nsr_depth <= 0 || start_board_recurs(by_board.game(), s, lim.nsr_depth); },
      [&](const LcState& s) {
        explain_one(by_board, b, s, false, 0);
        explain_one(by_state, b, s, true, 0);
        by_board.game().set_moves_per_start(lim.moves_per_state);
        by_state.game().set_moves_per_start(lim.moves_per_state);
      });
  r.board_nodes = by_board.stats().nodes;
  r.state_nodes = by_state.stats().nodes;
  print_sweep(suicide ? "international" : "international,suicide=no", board, r);
  return r;
}
inline Sweep sweep_international(const std::string& board, bool suicide, int check_every = 1) {
  SweepLimits l;
  l.check_every = check_every;
  return sweep_international(board, suicide, l);
}

// ikeda-1:ko=basic-play: every reachable state; the model's board game is
// checked against IkedaGame where its setup (and a pass) can start the game
// (alternation states without ban).
inline Sweep sweep_ikeda(const std::string& board, const SweepLimits& lim) {
  const Board b = Board::parse(board);
  const RuleSet rules = RuleSet::parse("ikeda-1:ko=basic-play");
  IkedaModel graph(b, false);
  IkSearchSolver by_board(b, false), by_state(b, true);
  by_board.game().set_moves_per_start(lim.moves_per_state);
  by_state.game().set_moves_per_start(lim.moves_per_state);
  Sweep r = run_sweep(
      b, board, "ikeda", sweep_order(b, graph.reachable(), lim.most_empty_first), lim,
      [&](const IkState& s, std::int32_t& v, std::int32_t& w) { return solve_both(by_board, by_state, s, v, w); },
      [&](const IkState& s) -> std::int64_t {
        // IkedaGame::setup starts the alternation without pass or ban; one
        // pass after it reaches the states after a pass (the same history:
        // the board only, no prisoners). Bans and the playout are not checked.
        if (s.phase != 0 || s.ban >= 0) return kNotChecked;
        IkedaGame g(b, rules, 0);
        g.setup(s.pos, s.passes ? opponent(s.to_move) : s.to_move);
        if (s.passes) g.play(Move::pass());
        search::GenericSearch<IkedaGame> project(g, search::GenericOptions{});
        return project.value().order;
      },
      [&] { return by_board.stats().nodes + by_state.stats().nodes; },
      [&](const IkState& s) { return lim.nsr_depth <= 0 || start_board_recurs(graph, s, lim.nsr_depth, lim.nsr_passes); },
      [&](const IkState& s) {
        explain_one(by_board, b, s, false, 0);
        explain_one(by_state, b, s, true, 0);
        by_board.game().set_moves_per_start(lim.moves_per_state);
        by_state.game().set_moves_per_start(lim.moves_per_state);
      });
  r.board_nodes = by_board.stats().nodes;
  r.state_nodes = by_state.stats().nodes;
  print_sweep("ikeda-1:ko=basic-play", board, r);
  return r;
}
inline Sweep sweep_ikeda(const std::string& board, int check_every = 1) {
  SweepLimits l;
  l.check_every = check_every;
  return sweep_ikeda(board, l);
}

// japanese-2003: the project's Japanese2003Game has no setup, so the model's
// board game is checked against it (generic search) at every node of
// `games` pseudo-random games from the empty board, replaying the same
// moves (same legal moves, same ends, same outcomes required); then both
// games of the model at every reachable state.
// lim: only its state selection (shard, from, to) applies; the random
// games run in the process that selects index 0.
inline Sweep sweep_japanese(const std::string& board, int games, const SweepLimits& lim = SweepLimits{}) {
  const Board b = Board::parse(board);
  const RuleSet rules = RuleSet::parse("japanese-2003");
  LcSearchSolver by_board(b, SuicideRule::Forbidden, false, LcFlavor::Japanese),
      by_state(b, SuicideRule::Forbidden, true, LcFlavor::Japanese);
  Sweep r;
  std::uint64_t rng = 0x9e3779b97f4a7c15ULL;
  for (int game = 0; lim.selects(0) && game < games; ++game) {
    Japanese2003Game g(b, rules, 0);
    LcSearchGame& m = by_board.game();
    m.start(LcState{});
    std::vector<Move> moves, model_moves;
    std::string line;
    auto mismatch = [&](const char* what) {
      ++r.mismatches;
      std::fprintf(stderr, "%s japanese: MODEL MISMATCH (%s) after %s\n", board.c_str(), what, line.c_str());
    };
    while (!g.is_over()) {
      search::GenericSearch<Japanese2003Game> project(g, search::GenericOptions{});
      ++r.checked;
      if (project.value().order != by_board.value_here()) mismatch("value");
      moves.clear();
      model_moves.clear();
      g.legal_moves(moves);
      m.legal_moves(model_moves);
      if (moves != model_moves) {
        mismatch("legal moves");
        break;
      }
      rng = rng * 6364136223846793005ULL + 1442695040888963407ULL;
      // a pass only one time in four where a play exists, so that lines
      // reach captures and long cycles
      Move mv = moves[(rng >> 33) % moves.size()];
      if (!mv.is_play() && moves.size() > 1 && ((rng >> 20) & 3) != 0) mv = moves[(rng >> 40) % (moves.size() - 1)];
      line += g.move_name(mv) + " ";
      g.play(mv);
      m.play(mv);
      if (g.is_over() != m.is_over()) {
        mismatch("end");
        break;
      }
      if (g.is_over() && g.outcome().order != m.outcome().order) mismatch("outcome");
    }
  }
  const std::vector<LcState> order = sweep_order(b, by_board.reachable());
  r.total = static_cast<int>(order.size());
  for (long i = 0; i < static_cast<long>(order.size()); ++i) {
    if (!lim.selects(i)) continue;
    const LcState& s = order[i];
    const std::int32_t v = by_board.value(s), w = by_state.value(s);
    if (w != v) {
      ++r.differ;
      r.differing.push_back(std::to_string(i) + ":" + token(b, s) + ":" + std::to_string(v) + ":" + std::to_string(w));
      std::fprintf(stderr, "%s japanese: differs at #%ld %s: board repetition %d, state repetition %d\n",
                   board.c_str(), i, describe(b, s).c_str(), v, w);
    }
    ++r.states;
    progress("japanese", board, r, popcount(s.pos.empty(b)));
  }
  r.board_nodes = by_board.stats().nodes;
  r.state_nodes = by_state.stats().nodes;
  print_sweep("japanese-2003", board, r);
  return r;
}

inline std::pair<std::int32_t, std::int32_t> explain(const std::string& board, LcFlavor flavor, bool suicide,
                                                     const LcState& s, std::uint64_t moves = 0) {
  const Board b = Board::parse(board);
  const SuicideRule sr = suicide ? SuicideRule::Allowed : SuicideRule::Forbidden;
  LcSearchSolver by_board(b, sr, false, flavor), by_state(b, sr, true, flavor);
  const std::int32_t v = explain_one(by_board, b, s, false, moves);
  return {v, explain_one(by_state, b, s, true, moves)};
}
inline std::pair<std::int32_t, std::int32_t> explain(const std::string& board, const IkState& s,
                                                     std::uint64_t moves = 0) {
  const Board b = Board::parse(board);
  IkSearchSolver by_board(b, false), by_state(b, true);
  const std::int32_t v = explain_one(by_board, b, s, false, moves);
  return {v, explain_one(by_state, b, s, true, moves)};
}

}  // namespace gotb::long_cycle
