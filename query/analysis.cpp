#include "query/analysis.hpp"

#include <algorithm>
#include <stdexcept>

namespace gotb {
namespace {

// Strict "a is better than b for the player to move" on bounds.
bool better(const ValueBounds& a, const ValueBounds& b, Color to_move) {
  if (to_move == Color::Black) {
    if (a.lower != b.lower) return a.lower > b.lower;
    return a.upper > b.upper;
  }
  if (a.upper != b.upper) return a.upper < b.upper;
  return a.lower < b.lower;
}

}  // namespace

std::string ValueBounds::to_string() const {
  if (exact()) return lower.to_string();
  return "[" + lower.to_string() + ", " + upper.to_string() + "]";
}

bool keeps_value(const Analysis& a, const MoveEval& m) {
  if (a.game_over) return false;
  return a.to_move == Color::Black ? m.value.lower >= a.value.lower : m.value.upper <= a.value.upper;
}

std::optional<std::size_t> choose_move(const Analysis& a, const Board& board) {
  if (a.game_over || a.moves.empty()) return std::nullopt;
  auto expressible = [&](const MoveEval& m) { return is_point_move(board, m.move) || is_plain_pass(m.move); };
  std::size_t best = 0;
  for (std::size_t i = 1; i < a.moves.size(); ++i) {
    const MoveEval& m = a.moves[i];
    const MoveEval& b = a.moves[best];
    if (better(m.value, b.value, a.to_move)) {
      best = i;
    } else if (!better(b.value, m.value, a.to_move) && expressible(m) && !expressible(b)) {
      best = i;
    }
  }
  return best;
}

std::vector<MoveEval> best_first(const Analysis& a) {
  std::vector<MoveEval> out = a.moves;
  std::stable_sort(out.begin(), out.end(),
                   [&](const MoveEval& x, const MoveEval& y) { return better(x.value, y.value, a.to_move); });
  return out;
}

std::vector<std::string> principal_variation(AnalysisBackend& backend, const GameSpec& spec,
                                             std::vector<std::string> history, std::size_t max_moves) {
  std::vector<std::string> pv;
  for (;;) {
    Analysis a = backend.analyze(spec, history);
    auto pick = choose_move(a, spec.board);
    if (!pick) break;
    if (pv.size() == max_moves)
      throw std::runtime_error("principal variation longer than " + std::to_string(max_moves) + " moves");
    pv.push_back(a.moves[*pick].move);
    history.push_back(a.moves[*pick].move);
  }
  return pv;
}

}  // namespace gotb
