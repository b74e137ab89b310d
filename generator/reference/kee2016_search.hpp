// Cached exact solving of Kee Rules 2016 (docs/rules/kee-2016.md, "Cached
// solving", where the two claims below are proved).
//
// The real game (core/rules/kee2016.hpp) cannot use the reference solver's
// dependency cache as it stands: a rescind returns to an earlier record, so
// what follows a node depends on records the node no longer shows. Two
// facts remove that obstacle:
//
//  1. Rescind as a loss. At any node, the value is unchanged if every
//     stone play made there is searched in the game where rescinding *that*
//     stone play ends the game as a loss for its player (the worst score for
//     him). Rescinding only hands the player his remaining choices at the
//     same node, which he had anyway. So, searched from an anchor node N
//     whose own exit value e (the value after rescinding N's last stone
//     play) is known, the game `Kee2016SearchGame` below, in which a rescind
//     ends the game with value e (N's last stone play) or the rescinded
//     player's worst score (any later stone play), has N's exact value.
//  2. In that game the record only grows, and the legality of every play is
//     a function of the board, player to move, pass state and five flags
//     per earlier board (present; per player: "the opponent made no pass
//     since its first appearance", and "that, and the player made a
//     non-appealing pass since its last appearance"). Each flag of a board
//     changes by rules that read only that board's flags, so the
//     dependency-cache proof of docs/solving.md section 1 applies with these
//     flags as the history.
//
// `Kee2016Solver` computes real values: the exit value first (recursively,
// by playing the rescind on the real game), then a cached search of the
// anchored game. One cache serves every anchor (entries for nodes that
// depend on the anchor carry the anchor's epoch in their key).
#pragma once

#include <array>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "core/rank.hpp"
#include "core/rules/kee2016.hpp"
#include "generator/reference/reference_solver.hpp"

namespace gotb {

class Kee2016SearchGame {
 public:
  using StateKey = std::array<std::uint64_t, 3>;

  // Boards of at most 16 points (3^16 colourings: one flag byte per
  // colouring, 43 MB; the generic search). The flags are also kept as dense
  // bit planes, the history the reference solver's cache reads
  // (history_bits()), on boards of at most 10 points only (supports_cache());
  // on larger ones dependency_words() is 0 and the reference solver runs
  // this game without its cache.
  static bool supports(const Board& board);
  static bool supports_cache(const Board& board);
  Kee2016SearchGame(const Board& board, double komi);

  // Starts a search at the real game's current node. `exit_value` is the
  // real value of the node reached by rescinding its last stone play (used
  // only when that rescind is reachable from here, see exit_moves()).
  void anchor(const Kee2016Game& real, Value exit_value);

  bool is_over() const { return rec_.back().end != End::None; }
  Value outcome() const;
  Value min_outcome() const { return Value::score(-board_->size(), komi_); }
  Value max_outcome() const { return Value::score(board_->size(), komi_); }
  Color to_move() const { return opponent(rec_.back().mover); }
  // The board and whether the last move was a pass (of either kind): what
  // the generic search's retrograde move order reads (generic_order.hpp).
  const Position& position() const { return rec_.back().after; }
  int consecutive_passes() const { return rec_.back().kind == Kind::Pass || rec_.back().kind == Kind::Appeal ? 1 : 0; }

  void legal_moves(std::vector<Move>& out) const { legal_moves(out, nullptr); }
  // Also marks, in `examined`, the flags that decided each play's legality.
  void legal_moves(std::vector<Move>& out, std::uint64_t* examined) const;
  void play(Move m);  // m must be legal
  void undo();
  std::string move_name(Move m) const;

  // History dependencies (docs/solving.md section 1, docs/rules/kee-2016.md).
  StateKey state_key() const;
  int dependency_words() const { return static_cast<int>(bits_.size()); }  // 0 above 10 points
  const std::uint64_t* history_bits() const { return bits_.data(); }
  // Marks the flags that made the last play legal at the parent: the new
  // board's flags for a stone play, every candidate board's flags for an
  // appealing pass.
  void mark_current_situation(std::uint64_t* examined) const;

  // The generic search's hooks (generator/search/generic_search.hpp;
  // docs/solving.md section 4): the same history as the cache's, as facts.
  // Key: state_key(). Fact id: board rank * 4 + role * 2 + player (0
  // Black, 1 White; role 0: the test of that player's stone play creating
  // the board, role 1: the same board as a reason for that player's appeal).
  // Value (both roles): the three flags rule 11 reads for a stone play of
  // that player, Present, Allowed and OnlyStones, as a rank in the order
  // "worse for the player's stone play": 0 absent, 1 present and allowed,
  // 2 present, not allowed, only stone plays of the opponent since its
  // first appearance, 3 present and neither (Allowed implies OnlyStones,
  // so these are all). The play is prohibited iff the rank is at least 2,
  // and every move maps the rank by a nondecreasing function, so the stone
  // role has side +1 for Black (-1 for White) and the appeal role, whose
  // higher rank can only make the appeal legal, the opposite side
  // (fact_side; docs/solving.md section 4, "Session 25: one-sided reuse for
  // the area rulesets"). legal_moves_with_facts lists the stone role of
  // (board, player to move) for every board a stone play could produce
  // (the play's legality), and for the appeal the appeal role of the first
  // prohibited such board (it makes the appeal legal) or, if none is, of
  // all of them; current_facts what made the last play legal (the stone
  // role of its board; for an appeal the first prohibited board).
  void search_key(std::vector<std::uint64_t>& key) const {
    const StateKey k = state_key();
    key.insert(key.end(), k.begin(), k.end());
  }
  void legal_moves_with_facts(std::vector<Move>& out, std::vector<std::uint64_t>& facts) const;
  // Bounds on the minimax value of this search game at the current node
  // under every history with its key (the generic search's HasNodeBounds):
  // a side's Benson pass guarantee (core/benson.hpp) where passing for the
  // rest of the game cannot lead to a rescind: not after its own stone
  // play (the opponent may appeal, then its pass rescinds the play, scored
  // as its worst or the exit value), and for neither side after an appeal
  // that answered a stone play (the author's pass rescinds it, possibly
  // scored as the exit value); elsewhere the game's own bounds. Read from the board,
  // the player to move and the pass state, all in the key (docs/solving.md
  // section 4, "Session 24").
  std::pair<Value, Value> node_outcome_bounds() const;
  void set_benson(bool on) { benson_ = on; }
  // The generic search's HasStrategyBounds (docs/solving.md section 4,
  // "Session 34: kee-2016 2x7"): after a stone play (or at the anchor),
  // where the player to move cannot appeal under the current history, the
  // author's pass guarantee, resting on the appeal facts that make the
  // appeal illegal (every board a stone play of the player to move could
  // produce, in the appeal role). Only where node_outcome_bounds() left the
  // author's side open and the guarantee improves on it (floor for Black,
  // ceiling for White); else both sides open, no facts.
  std::pair<Value, Value> strategy_bounds(std::int32_t floor, std::int32_t ceiling, std::int32_t beta,
                                          std::vector<std::uint64_t>& facts);
  // Off: the bounds of sessions 24-33 (cross-checks, measurements).
  void set_appeal_strategy(bool on) { appeal_strategy_ = on; }
  // Where the search's nodes go (docs/solving.md section 4, "Session 34:
  // kee-2016 2x7"): the plays made, by kind; the games that ended by a
  // rescind (at the anchor's exit, or scored as the rescinded player's
  // worst) and by two passes; the node-bound calls where a side's Benson
  // guarantee was off because of a possible rescind. Profile only: never
  // read by the search.
  struct Profile {
    std::uint64_t stone = 0, pass = 0, appeal = 0;
    std::uint64_t after_appeal = 0;  // plays made right after an appeal that answered a stone play
    std::uint64_t rescind_exit = 0, rescind_worst = 0, passes_end = 0;
    std::uint64_t bound_calls = 0, one_side_off = 0, both_off = 0;
    std::uint64_t appeal_strategy = 0;  // strategy_bounds() returned the author's guarantee
  };
  const Profile& profile() const { return profile_; }
  void current_facts(std::vector<std::uint64_t>& facts) const;
  std::int64_t fact(std::uint64_t id) const {
    const auto r = static_cast<std::uint32_t>(id >> 2);
    const bool white = id & 1;
    if (!flag(Present, r)) return 0;
    if (flag(white ? AllowedW : AllowedB, r)) return 1;
    return flag(white ? OnlyStonesW : OnlyStonesB, r) ? 2 : 3;
  }
  // Stone role: +1 for Black's facts, -1 for White's; appeal role: the opposite.
  static int fact_side(std::uint64_t id) { return (id & 1) == ((id >> 1) & 1) ? 1 : -1; }
  // The ranks above run from 0 to 3 (the search's HasFactRange).
  static std::pair<std::int64_t, std::int64_t> fact_range(std::uint64_t) { return {0, 3}; }
  static std::uint64_t stone_fact(std::uint32_t rank, Color mover) {
    return std::uint64_t{rank} << 2 | (mover == Color::White ? 1 : 0);
  }
  static std::uint64_t appeal_fact(std::uint32_t rank, Color mover) { return stone_fact(rank, mover) | 2; }

 private:
  enum class Kind : std::uint8_t { Start, Stone, Pass, Appeal };
  enum class End : std::uint8_t { None, Passes, Rescind };
  struct Entry {
    Position after;
    Color mover = Color::White;  // the start entry: Black moves first
    Kind kind = Kind::Start;
    End end = End::None;
    bool first = false;           // first appearance of its board
    std::uint32_t rank = 0;
    std::uint32_t last_stone = 0;  // index of the latest stone play (0 = none)
  };
  // Flag planes: bit (plane * boards + rank). For a board B and player X:
  // OnlyStonesX(B) = X's opponent made no pass since B's first appearance
  // (rule 11b); AllowedX(B) = OnlyStonesX(B) and X made a non-appealing
  // pass since B's last appearance (rule 11a). Keeping the conjunction
  // rather than the pass flag itself makes histories that differ only in
  // passes that can no longer matter (11b already failed) equal.
  enum Plane { Present = 0, AllowedB = 1, AllowedW = 2, OnlyStonesB = 3, OnlyStonesW = 4, kPlanes = 5 };

  //
  // The flags live in one byte per board (bit `plane`), and, where the
  // reference solver's cache can read them (supports_cache()), also in the
  // planes above. Undo restores the bytes a play changed from a log (a
  // pass changes the flags of every board of the record, a stone play
  // those of one board); copying the whole flag table per play, as before
  // session 27, cost 5 * 3^n / 64 words per node (37 KB on 10 points).
  bool flag(int plane, std::uint32_t r) const { return (flags_[r] >> plane) & 1; }
  void set_flag(int plane, std::uint32_t r, bool on) {
    const std::uint8_t old = flags_[r];
    const std::uint8_t now = on ? old | (1u << plane) : old & ~(1u << plane);
    if (now == old) return;
    log_.push_back({r, old});
    put_flags(r, now);
  }
  // Writes board r's flag byte, and its bits in the planes where they exist.
  void put_flags(std::uint32_t r, std::uint8_t f) {
    flags_[r] = f;
    if (bits_.empty()) return;
    for (int plane = 0; plane < kPlanes; ++plane) {
      const std::uint64_t i = static_cast<std::uint64_t>(plane) * boards_ + r;
      if ((f >> plane) & 1) bits_[i >> 6] |= std::uint64_t{1} << (i & 63);
      else bits_[i >> 6] &= ~(std::uint64_t{1} << (i & 63));
    }
  }
  // Rule 11 for a stone play of `mover` producing board r.
  bool prohibited(std::uint32_t r, Color mover) const {
    return flag(Present, r) && !flag(mover == Color::Black ? AllowedB : AllowedW, r);
  }
  void mark(std::uint64_t* ex, std::uint32_t r, Color mover) const;
  // Mark every board a stone play of `mover` could produce from the current board.
  void mark_candidates(std::uint64_t* ex, Color mover) const;
  // The appeal facts of `mover` at the current board: the first board a
  // stone play could produce that rule 11 prohibits, or every such board
  // when none is prohibited.
  void appeal_facts(std::vector<std::uint64_t>& facts, Color mover) const;
  void push(const Entry& e);

  const Board* board_;
  double komi_;
  Ranker ranker_;
  std::uint64_t boards_;
  std::vector<std::uint8_t> flags_;    // per board: bit `plane` (Plane)
  std::vector<std::uint64_t> bits_;    // the planes (supports_cache() boards only; else empty)
  struct Change {
    std::uint32_t rank;
    std::uint8_t old;
  };
  std::vector<Change> log_;            // flag bytes before they changed, in order
  std::vector<std::size_t> log_marks_;  // log_.size() before each play, for undo
  std::vector<Entry> rec_;
  std::vector<std::uint32_t> present_;  // boards of the record, by first appearance
  std::size_t anchor_len_ = 0;
  Mask anchor_bans_ = 0;
  Value exit_value_;
  std::uint64_t epoch_ = 0;
  std::vector<std::uint64_t> anchor_sig_;  // the record, bans and exit value of the current anchor
  bool benson_ = true;
  bool appeal_strategy_ = true;
  mutable Profile profile_;
};

// The plays that rescind the current node's last stone play, when they are
// legal here (empty otherwise): "appeal pass" after the opponent's stone
// play, "pass" after our stone play answered by an appeal.
std::vector<Move> kee2016_exit_moves(const Kee2016Game& game);

// Real (Kee Rules 2016) values of nodes of a real game: the exit value
// first (recursively, on the real game), then an exact solver `Inner` of
// the anchored search game, constructed as Inner(search_game, args...) and
// asked Inner::value() after each anchor. One Inner, hence one table or
// cache, serves every anchor.
template <class Inner>
class Kee2016Anchored {
 public:
  struct MoveValue {
    Move move;
    Value value;
  };
  // Requires Kee2016SearchGame::supports(board).
  template <class... Args>
  Kee2016Anchored(const Board& board, double komi, Args&&... inner_args)
      : star_(board, komi), solver_(star_, std::forward<Args>(inner_args)...) {}

  // Exact value of the real game's current node (the game is left as it was).
  Value value(Kee2016Game& game) {
    if (game.is_over()) return game.outcome();
    anchor(game);
    return solver_.value();
  }
  // Whether the legal move m keeps v, the exact value of the real game's
  // current node N (not over), by one null-window test of Inner (its
  // keeps_value) asked of the anchored game G(N, e) in which v was proven
  // (docs/solving.md section 4, "Session 32: kee-2016"). There a pass's or
  // an appeal's child has its real value, and so has a stone play S's child
  // where the opponent cannot answer S by an appeal (its rescind, the only
  // place where G scores differently, is unreachable); otherwise G scores
  // S's rescind as S's author's worst, so G's child is at most as good for
  // him as the real one: G's "keeps" is the real one, and G's "loses" is
  // checked by the child's exact value (counted in exact_move_tests()).
  bool keeps_value(Kee2016Game& game, Move m, Value v) {
    anchor(game);
    if (solver_.keeps_value(m, v)) return true;
    if (!m.is_play()) return false;
    Rewind rw{game};
    game.play(m);
    rw.count = 1;
    if (kee2016_exit_moves(game).empty()) return false;
    ++exact_move_tests_;
    return value(game) == v;
  }
  // The stone plays keeps_value() decided by the child's exact value.
  std::uint64_t exact_move_tests() const { return exact_move_tests_; }
  // Exact value of every legal move, in legal_moves order.
  std::vector<MoveValue> move_values(Kee2016Game& game) {
    std::vector<Move> moves;
    game.legal_moves(moves);
    std::vector<MoveValue> out;
    for (Move m : moves) {
      Rewind rw{game};
      game.play(m);
      rw.count = 1;
      out.push_back({m, value(game)});
    }
    return out;
  }
  // From a node of value v: a move keeping v, repeatedly, until the game ends.
  std::vector<Move> principal_variation(Kee2016Game& game, Value v) {
    std::vector<Move> pv;
    Rewind rw{game};
    std::vector<Move> moves;
    while (!game.is_over()) {
      moves.clear();
      game.legal_moves(moves);
      bool found = false;
      for (Move m : moves) {
        game.play(m);
        ++rw.count;
        if (value(game) == v) {
          pv.push_back(m);
          found = true;
          break;
        }
        game.undo();
        --rw.count;
      }
      if (!found) throw std::logic_error("Kee2016 solver: no move keeps the value (inconsistent search)");
    }
    return pv;
  }

  static std::vector<Move> exit_moves(const Kee2016Game& game) { return kee2016_exit_moves(game); }
  Inner& inner() { return solver_; }
  const Inner& inner() const { return solver_; }
  const Kee2016SearchGame& star() const { return star_; }
  Kee2016SearchGame& star() { return star_; }

 private:
  struct Rewind {  // undoes the plays made on the real game, also on exceptions
    Kee2016Game& g;
    std::size_t count = 0;
    ~Rewind() {
      for (std::size_t i = 0; i < count; ++i) g.undo();
    }
  };

  // Anchors the search game at the real game's current node (not over),
  // with the exit value solved first where the rescind is reachable.
  void anchor(Kee2016Game& game) {
    Value exit = star_.min_outcome();  // unused unless the rescind is reachable
    const std::vector<Move> moves = kee2016_exit_moves(game);
    if (!moves.empty()) {
      const std::size_t len = game.record_length();
      Rewind rw{game};
      for (Move m : moves) {
        game.play(m);
        ++rw.count;
      }
      if (game.record_length() >= len) throw std::logic_error("Kee2016 solver: the exit plays did not rescind");
      exit = value(game);
    }
    star_.anchor(game, exit);
  }

  Kee2016SearchGame star_;
  Inner solver_;
  std::uint64_t exact_move_tests_ = 0;
};

// The reference solver's cached Kee 2016 search.
class Kee2016Solver : public Kee2016Anchored<ReferenceSolver<Kee2016SearchGame>> {
 public:
  Kee2016Solver(const Board& board, double komi, ReferenceOptions options)
      : Kee2016Anchored(board, komi, options) {}
  std::uint64_t nodes() const { return inner().nodes(); }
  std::uint64_t work() const { return inner().work(); }
  std::uint64_t memo_hits() const { return inner().memo_hits(); }
  bool memo_active() const { return inner().memo_active(); }
};

}  // namespace gotb
