#include "core/value.hpp"

#include "core/numbers.hpp"

#include <cmath>
#include <stdexcept>

namespace gotb {
namespace {

std::string half_points_text(std::int32_t half) {
  std::string s = std::to_string(half / 2);
  if (half % 2) s += ".5";
  return s;
}

}  // namespace

Value Value::score(int black_minus_white, double komi) {
  double half = 2.0 * (black_minus_white - komi);
  return {static_cast<std::int32_t>(std::lround(half)), ValueKind::Score};
}

std::string Value::to_string() const {
  switch (kind) {
    case ValueKind::Score:
      if (order == 0) return "0";
      return order > 0 ? "B+" + half_points_text(order) : "W+" + half_points_text(-order);
    case ValueKind::NoResult: return "no result";
    case ValueKind::BlackWins: return "B wins (special)";
    case ValueKind::WhiteWins: return "W wins (special)";
    case ValueKind::Unknown: return "unknown";
  }
  return "?";
}

Value Value::parse(const std::string& text) {
  if (text == "0" || text == "draw" || text == "jigo") return score_half_points(0);
  if (text == "no result") return no_result();
  if (text == "B wins (special)") return black_wins();
  if (text == "W wins (special)") return white_wins();
  if (text == "unknown") return unknown();
  if (text.size() > 2 && (text[0] == 'B' || text[0] == 'W') && text[1] == '+') {
    // Scores are differences of at most 64 points plus komi.
    const std::int32_t h = parse_half_points(std::string_view(text).substr(2), 2 * kMaxKomi, "value '" + text + "'");
    return score_half_points(text[0] == 'B' ? h : -h);
  }
  throw std::invalid_argument("cannot read value '" + text + "'");
}

}  // namespace gotb
