// The printed kind of a value 0 where a no result and a jigo tie
// (ikeda-1:ko=basic-play with integer komi; docs/rules/ikeda-1.md, "No
// result = 0", and docs/solving.md section 4, "Session 30: the kind of a
// tied value").
//
// Minimax orders values by `order` only, and the ruleset places a no
// result at 0 with the jigo: the value (the order) is exact, but which of
// the two kinds a search reports is the kind of the first line it found at
// that order. That is no function of the node: the reference solver with
// and without its cache, or the generic search with a fresh table and
// with one table reused across histories, print different kinds for the
// same node (2x2, after B2 A1 pass pass). The kind printed is therefore
// decided by a rule of its own, the same in every solver:
//
//   the value is "no result" iff neither player can secure a jigo, i.e.
//   Black cannot force (more than 0, or a jigo) and White cannot force
//   (less than 0, or a jigo); otherwise it is the jigo "0".
//
// Each half is a minimax question on the game with the no result moved
// just below (Black's question) or just above (White's) the jigo: with
// integer komi every score's order is even, so order -1 / +1 holds no
// score and the refined game orders all other outcomes as before.
#pragma once

#include <cmath>
#include <cstdint>
#include <stdexcept>
#include <utility>

#include "core/value.hpp"

namespace gotb {

// G with its no result placed at order `at` (-1 or +1); constructed as G
// is, plus `at` (the caller replays the node's history on it).
template <class G>
class NoResultAt : public G {
 public:
  template <class... Args>
  explicit NoResultAt(std::int32_t at, Args&&... args) : G(std::forward<Args>(args)...), at_(at) {}
  Value outcome() const {
    Value v = G::outcome();
    if (v.kind == ValueKind::NoResult) v.order = at_;
    return v;
  }
  // G's node bounds (the generic search's HasNodeBounds) hold with the no
  // result at 0. Here each outcome o becomes o, or at_ where o was a no
  // result, so it lies in [min(o, at_), max(o, at_)], and the minimax value
  // v' of the same node in [min(v, at_), max(v, at_)]: widen the bounds to
  // at_ (docs/solving.md section 4, "Session 31: ikeda-1 node bounds from
  // passing").
  std::pair<Value, Value> node_outcome_bounds() const
    requires requires(const G& g) { g.node_outcome_bounds(); }
  {
    auto [lo, hi] = G::node_outcome_bounds();
    const Value nr = Value::no_result(at_);
    if (nr < lo) lo = nr;
    if (hi < nr) hi = nr;
    return {lo, hi};
  }

 private:
  std::int32_t at_;
};

// Whether a value 0 of a game with no results at 0 needs the rule above:
// a value at order 0 whose kind is a jigo or a no result, under integer
// komi (with komi x.5 no score is at 0: the no result is the only value
// there).
inline bool tie_kind_open(const Value& v, double komi) {
  return v.order == 0 && (v.kind == ValueKind::Score || v.kind == ValueKind::NoResult) && std::floor(komi) == komi;
}

// The value v (exact, order 0, tie_kind_open) with the kind of the rule.
// solve(at) returns the exact value of the node in NoResultAt<G>(at, ...)
// (any exact solver); at most two such solves.
template <class Solve>
Value tie_kind(Value v, Solve&& solve) {
  if (solve(-1).order >= 0) return Value::score_half_points(0);  // Black can secure the jigo
  if (solve(+1).order <= 0) return Value::score_half_points(0);  // White can
  v.kind = ValueKind::NoResult;
  return v;
}

// Move values mv (exact, in the game's legal order) with the rule's kind
// for each move worth 0: refined(at) returns the move values of the node
// in NoResultAt<G>(at, ...), in the same order; called once per `at`, and
// only where some move is tied. (A move that ends the game with a no
// result is worth -1 / +1 there: it stays a no result.)
template <class MoveValues, class Refined>
void tie_kinds_of_moves(MoveValues& mv, double komi, Refined&& refined) {
  bool open = false;
  for (const auto& m : mv) open = open || tie_kind_open(m.value, komi);
  if (!open) return;
  const auto below = refined(-1);
  const auto above = refined(+1);
  if (below.size() != mv.size() || above.size() != mv.size())
    throw std::logic_error("tie_kind: the refined game lists other moves");
  for (std::size_t i = 0; i < mv.size(); ++i)
    if (tie_kind_open(mv[i].value, komi)) {
      if (!(below[i].move == mv[i].move) || !(above[i].move == mv[i].move))
        throw std::logic_error("tie_kind: the refined game lists its moves in another order");
      const bool jigo = below[i].value.order >= 0 || above[i].value.order <= 0;
      mv[i].value = jigo ? Value::score_half_points(0) : Value::no_result(0);
    }
}

}  // namespace gotb
