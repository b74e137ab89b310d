#include "core/rules/japanese/pass_strategy.hpp"

#include <unordered_map>

#include "core/rules/japanese/hypothetical.hpp"
#include "core/rules/japanese_2003.hpp"

namespace gotb::japanese {
namespace {

struct GiveUp {};

// The one-player game of one passing strategy: `passer` always passes, the
// other side (the chooser) picks every move. value() is the chooser's best
// outcome (White: the least, Black: the most), or a value at or beyond the
// limit (floor for White, ceiling for Black) once it is certain to end
// there: the caller discards such a result, so an inexact one is harmless.
class OnePlayer {
 public:
  OnePlayer(Japanese2003Game& g, Color passer, std::int32_t limit, std::vector<std::uint64_t>& facts,
            const PassStrategyOptions& opt, PassStrategyStats* stats)
      : g_(g), passer_(passer), limit_(limit), facts_(facts), opt_(opt), stats_(stats) {}

  Value value() {
    if (g_.is_over()) return g_.outcome();
    if (g_.to_move() == passer_) {
      // The strategy needs the pass to be legal; the direct ko rule can
      // forbid a second pass, and then this strategy says nothing.
      if (!g_.is_legal(Move::pass())) return passer_ == Color::Black ? Value::minus_infinity() : Value::plus_infinity();
      play(Move::pass());
      Undo u{g_};
      return value();
    }
    // The chooser moves. After the passer's pass (one pass in a row) the
    // basic ko rule cannot bite, and the value depends on the position
    // alone: the prisoner difference is the root's minus what the chooser
    // captured since, a function of the position (the passer's stones only
    // shrink); and no later position of the line can be one of the line's
    // earlier positions (the chooser's stones grow with every play), so the
    // history below holds the root's history and this line's positions in
    // the same way for every line that reaches this node.
    const bool memo = g_.consecutive_passes() == 1;
    const std::uint64_t key = Japanese2003Game::fact_id(g_.position());
    if (memo) {
      auto it = memo_.find(key);
      if (it != memo_.end()) return it->second;
    }
    const bool white = g_.to_move() == Color::White;
    std::vector<Move> moves;
    g_.legal_moves(moves);
    Value best = white ? Value::plus_infinity() : Value::minus_infinity();
    for (Move m : moves) {
      play(m);
      Undo u{g_};
      // Whether this play ends the game by the long-cycle rule, and how,
      // reads the history fact of the position it creates.
      if (m.kind == MoveKind::Play) facts_.push_back(Japanese2003Game::fact_id(g_.position()));
      const Value v = value();
      if (white ? v < best : v > best) best = v;
      if (white ? best.order <= limit_ : best.order >= limit_) break;  // of no use to the caller
    }
    if (memo) memo_.emplace(key, best);
    return best;
  }

 private:
  struct Undo {
    Japanese2003Game& g;
    ~Undo() { g.undo(); }
  };
  void play(Move m) {
    if (++moves_ > opt_.max_moves) throw GiveUp{};
    if (stats_) ++stats_->moves;
    g_.play(m);
  }

  Japanese2003Game& g_;
  Color passer_;
  std::int32_t limit_;
  std::vector<std::uint64_t>& facts_;
  const PassStrategyOptions& opt_;
  PassStrategyStats* stats_;
  std::uint64_t moves_ = 0;
  std::unordered_map<std::uint64_t, Value> memo_;
};

// One side: the strategy's value if it is more useful than `limit`, with
// its facts; otherwise the open bound without facts.
Value side(Japanese2003Game& g, Color passer, std::int32_t limit, std::vector<std::uint64_t>& facts,
           const PassStrategyOptions& opt, PassStrategyStats* stats) {
  const bool lower = passer == Color::Black;
  const Value open = lower ? Value::minus_infinity() : Value::plus_infinity();
  const std::size_t mark = facts.size();
  Value v = open;
  try {
    v = OnePlayer(g, passer, limit, facts, opt, stats).value();
  } catch (const GiveUp&) {
    v = open;
    if (stats) ++stats->given_up;
  } catch (const NotDecided&) {
    // An analysis the rules' solver could not decide, or a node without a
    // legal move (D6) inside the one-player game: no bound from it.
    v = open;
    if (stats) ++stats->given_up;
  }
  if (lower ? v.order <= limit : v.order >= limit) v = open;
  if (v == open) facts.resize(mark);
  return v;
}

}  // namespace

std::pair<Value, Value> pass_strategy_bounds(Japanese2003Game& g, std::int32_t floor, std::int32_t ceiling,
                                             std::int32_t beta, std::vector<std::uint64_t>& facts,
                                             const PassStrategyOptions& opt, PassStrategyStats* stats) {
  if (g.is_over() || g.board().size() > 32) return {Value::minus_infinity(), Value::plus_infinity()};
  if (stats) ++stats->computations;
  const Value lo = side(g, Color::Black, floor, facts, opt, stats);
  if (lo.order >= beta) return {lo, Value::plus_infinity()};
  const Value hi = side(g, Color::White, ceiling, facts, opt, stats);
  return {lo, hi};
}

}  // namespace gotb::japanese
