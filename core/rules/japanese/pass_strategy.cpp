#include "core/rules/japanese/pass_strategy.hpp"

#include <algorithm>
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
    const bool lower = passer_ == Color::Black;
    if (opt_.partial_analysis && g_.consecutive_passes() == 1 && g_.to_move() == passer_) {
      // The passer's pass ends the alternation. It is legal unless the
      // position has a direct ko stone, which needs a ko stone; where there
      // is one, the full analysis would decide: count it as forbidden.
      if (japanese::has_ko_stone(g_.board(), g_.position()))
        return lower ? Value::minus_infinity() : Value::plus_infinity();
      return end_leaf();
    }
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
    // Partial leaves: the plays, then the pass. A chooser's pass after the
    // passer's ends the alternation: its leaf, offered whether or not the
    // direct ko rule forbids it (one option more can only move the
    // chooser's best away from the node's value: still a bound).
    const bool ending_leaf = opt_.partial_analysis && g_.consecutive_passes() == 1;
    if (opt_.partial_analysis) {
      g_.legal_plays(moves);
      if (!ending_leaf) moves.push_back(Move::pass());
    } else {
      g_.legal_moves(moves);
    }
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
    if (ending_leaf && !(white ? best.order <= limit_ : best.order >= limit_)) {
      const Value v = end_leaf();
      if (white ? v < best : v > best) best = v;
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

  // The side's end of the bounds on the score of ending here (partial leaves).
  Value end_leaf() const {
    const auto [lo, hi] = g_.end_bounds();
    return passer_ == Color::Black ? lo : hi;
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
// its facts; otherwise the open bound without facts. With a cache, a stored
// computation whose facts hold now answers where it can (StrategyCache).
Value side(Japanese2003Game& g, Color passer, std::int32_t limit, std::vector<std::uint64_t>& facts,
           const PassStrategyOptions& opt, PassStrategyStats* stats, StrategyCache* cache,
           const StrategyCache::Key& key) {
  const bool lower = passer == Color::Black;
  const Value open = lower ? Value::minus_infinity() : Value::plus_infinity();
  auto beyond = [lower](Value v, std::int32_t lim) { return lower ? v.order <= lim : v.order >= lim; };
  StrategyCache::Entry* held = cache ? cache->find(g, key, lower, stats) : nullptr;
  if (held) {
    if (!beyond(held->value, held->limit)) {
      // Exact: no cut-off happened in that computation.
      if (beyond(held->value, limit)) return open;
      for (const auto& f : held->facts) facts.push_back(f.first);
      return held->value;
    }
    // The value is at or beyond the stored limit: so at or beyond any limit
    // no more demanding; only a more demanding one needs a computation.
    if (lower ? limit >= held->limit : limit <= held->limit) return open;
  }
  const std::size_t mark = facts.size();
  Value v = open;
  bool given_up = false;
  try {
    v = OnePlayer(g, passer, limit, facts, opt, stats).value();
  } catch (const GiveUp&) {
    given_up = true;
  } catch (const NotDecided&) {
    // An analysis the rules' solver could not decide, or a node without a
    // legal move (D6) inside the one-player game: no bound from it.
    given_up = true;
  }
  if (given_up) {
    v = open;
    if (stats) ++stats->given_up;
  }
  if (cache && !given_up) {
    StrategyCache::Entry e{v, limit, {}};
    std::vector<std::uint64_t> ids(facts.begin() + static_cast<std::ptrdiff_t>(mark), facts.end());
    std::sort(ids.begin(), ids.end());
    ids.erase(std::unique(ids.begin(), ids.end()), ids.end());
    e.facts.reserve(ids.size());
    for (std::uint64_t id : ids) e.facts.emplace_back(id, g.fact(id));
    cache->store(key, lower, std::move(e), held, opt, stats);
  }
  if (beyond(v, limit)) v = open;
  if (v == open) facts.resize(mark);
  return v;
}

}  // namespace

std::size_t StrategyCache::Hash::operator()(const Key& k) const {
  std::uint64_t h = 0x9e3779b97f4a7c15ULL;
  for (std::uint64_t w : k) {
    h ^= w + 0x9e3779b97f4a7c15ULL + (h << 6) + (h >> 2);
    h *= 0xbf58476d1ce4e5b9ULL;
    h ^= h >> 31;
  }
  return static_cast<std::size_t>(h);
}

StrategyCache::Entry* StrategyCache::find(const Japanese2003Game& g, const Key& key, bool lower,
                                          PassStrategyStats* stats) {
  auto it = map_[lower].find(key);
  if (it == map_[lower].end()) return nullptr;
  for (Entry& e : it->second) {
    bool holds = true;
    for (const auto& [id, value] : e.facts)
      if (g.fact(id) != value) {
        holds = false;
        break;
      }
    if (holds) {
      if (stats) ++stats->cache_hits;
      return &e;
    }
  }
  if (stats) ++stats->cache_rejected;
  return nullptr;
}

void StrategyCache::store(const Key& key, bool lower, Entry e, Entry* replace, const PassStrategyOptions& opt,
                          PassStrategyStats* stats) {
  if (stats) ++stats->cache_stores;
  if (replace) {
    facts_ += e.facts.size();
    facts_ -= replace->facts.size();
    *replace = std::move(e);
    return;
  }
  if (facts_ + e.facts.size() > opt.cache_max_facts) {
    // Lossy: a lost entry costs a computation, never a value.
    map_[0].clear();
    map_[1].clear();
    facts_ = entries_ = 0;
    if (stats) ++stats->cache_clears;
  }
  auto& list = map_[lower][key];
  // At most four histories per key (as the search's table); the oldest goes.
  if (list.size() >= 4) {
    facts_ -= list.front().facts.size();
    list.erase(list.begin());
    --entries_;
  }
  facts_ += e.facts.size();
  ++entries_;
  list.push_back(std::move(e));
}

std::pair<Value, Value> pass_strategy_bounds(Japanese2003Game& g, std::int32_t floor, std::int32_t ceiling,
                                             std::int32_t beta, std::vector<std::uint64_t>& facts,
                                             const PassStrategyOptions& opt, PassStrategyStats* stats,
                                             StrategyCache* cache) {
  if (g.is_over() || g.board().size() > 32) return {Value::minus_infinity(), Value::plus_infinity()};
  if (stats) ++stats->computations;
  const StrategyCache::Key key = g.state_key();
  if (!opt.cache) cache = nullptr;
  const Value lo = side(g, Color::Black, floor, facts, opt, stats, cache, key);
  if (lo.order >= beta) return {lo, Value::plus_infinity()};
  const Value hi = side(g, Color::White, ceiling, facts, opt, stats, cache, key);
  return {lo, hi};
}

}  // namespace gotb::japanese
