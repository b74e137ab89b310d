// Game values, always from Black's point of view.
//
// Scores are kept in half points (komi may be x.5) as Black minus White.
// Outcomes that are not scores (no result, a win by a special rule) are
// distinct kinds with an explicit place in the order; a ruleset that uses
// them documents that place in docs/rules/. Minimax compares `order` only:
// two values with equal order are equally good for both players, but still
// print differently.
#pragma once

#include <compare>
#include <cstdint>
#include <string>

namespace gotb {

enum class ValueKind : std::uint8_t {
  Score,           // order = 2 * (Black - White - komi)
  NoResult,        // the game ends without result
  BlackWins,       // Black wins by a rule outside the score scale
  WhiteWins,       // White wins by a rule outside the score scale
  Unknown,         // not (yet) determined; never produced by an exact solver
};

struct Value {
  std::int32_t order = 0;
  ValueKind kind = ValueKind::Score;

  // Special outcomes sit far outside every score on a 64-point board.
  static constexpr std::int32_t kSpecialWin = 1 << 20;

  static constexpr Value score_half_points(std::int32_t half) { return {half, ValueKind::Score}; }
  static Value score(int black_minus_white, double komi);
  static constexpr Value black_wins() { return {kSpecialWin, ValueKind::BlackWins}; }
  static constexpr Value white_wins() { return {-kSpecialWin, ValueKind::WhiteWins}; }
  // A no-result is placed at `order` by the ruleset that produces it.
  static constexpr Value no_result(std::int32_t order = 0) { return {order, ValueKind::NoResult}; }
  static constexpr Value unknown() { return {0, ValueKind::Unknown}; }
  // Sentinels for search windows: below / above every value.
  static constexpr Value minus_infinity() { return {-(kSpecialWin + 1), ValueKind::Unknown}; }
  static constexpr Value plus_infinity() { return {kSpecialWin + 1, ValueKind::Unknown}; }

  bool is_score() const { return kind == ValueKind::Score; }
  double points() const { return order / 2.0; }  // scores only

  // Minimax order only (kind is ignored).
  friend constexpr auto operator<=>(const Value& a, const Value& b) { return a.order <=> b.order; }
  friend constexpr bool operator==(const Value& a, const Value& b) { return a.order == b.order; }
  // Same order and same kind.
  bool identical(const Value& o) const { return order == o.order && kind == o.kind; }

  // "B+3", "W+0.5", "0" (draw), "no result", "B wins (special)", ...
  std::string to_string() const;
  // Parses the output of to_string(); throws std::invalid_argument.
  static Value parse(const std::string& text);
};

}  // namespace gotb
