#include "query/analysis.hpp"

#include <algorithm>
#include <stdexcept>

#include "core/rules/games.hpp"
#include "generator/reference/solve.hpp"

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

const char* source_name(ValueSource s) {
  switch (s) {
    case ValueSource::GameOver: return "game-over";
    case ValueSource::FileExact: return "file-exact";
    case ValueSource::FileChecked: return "file-history-checked";
    case ValueSource::FileBounds: return "file-bounds";
    case ValueSource::FileFacts: return "file-facts";
    case ValueSource::FileFixpoints: return "file-fixpoints";
    case ValueSource::Search: return "search";
    case ValueSource::Reference: return "reference";
    case ValueSource::SearchSeeded: return "search-seeded";
  }
  return "unknown";
}

Analysis to_analysis(const SolveReport& rep) {
  Analysis a;
  a.game_over = rep.game_over;
  a.to_move = rep.to_move == "White" ? Color::White : Color::Black;
  a.value = ValueBounds::exactly(rep.value);
  a.source = rep.game_over ? ValueSource::GameOver
                           : rep.method == "search" || rep.method == "proof-number" ? ValueSource::Search
                                                                                    : ValueSource::Reference;
  for (const MoveReport& m : rep.moves) {
    MoveEval e;
    e.move = m.move;
    e.value = ValueBounds::exactly(m.value);
    e.source = a.source;
    a.moves.push_back(std::move(e));
  }
  a.method = rep.method;
  a.pv = rep.pv;
  a.nodes = rep.nodes;
  a.memo_hits = rep.memo_hits;
  a.threads = rep.threads;
  a.counters = rep.counters;
  a.seconds = rep.seconds;
  return a;
}

void mark_game_ends(const GameSpec& spec, const std::vector<std::string>& history, Analysis& a) {
  if (a.moves.empty()) return;
  visit_game(spec.board, spec.rules, spec.komi, [&](auto& game) {
    replay_moves(game, history);
    for (MoveEval& e : a.moves) {
      Move m;
      if (!game.parse_move(e.move, m)) continue;
      game.play(m);
      if (game.is_over()) {
        e.ends_game = true;
        e.source = ValueSource::GameOver;
      }
      game.undo();
    }
  });
}

std::string ValueBounds::to_string() const {
  if (exact()) return lower.to_string();
  return "[" + lower.to_string() + ", " + upper.to_string() + "]";
}

bool proven(const Analysis& a) {
  if (a.value.exact()) return true;
  if (a.source == ValueSource::FileFixpoints) return false;
  // Bounds from a file: an exact (ko=basic) file's moves carry the file
  // values that play from bounds relies on (query/probe.hpp); a superko
  // file's bounds (no file values) leave the best move unknown.
  if (a.source == ValueSource::FileBounds && a.strategy_move) return true;
  if (a.source == ValueSource::FileBounds)
    return std::any_of(a.moves.begin(), a.moves.end(), [](const MoveEval& m) { return m.file_value.has_value(); });
  return true;
}

bool keeps_value(const Analysis& a, const MoveEval& m) {
  if (a.game_over || !proven(a) || m.source == ValueSource::FileFixpoints) return false;
  return a.to_move == Color::Black ? m.value.lower >= a.value.lower : m.value.upper <= a.value.upper;
}

std::optional<std::size_t> choose_move(const Analysis& a, const Board& board) {
  if (a.game_over || a.moves.empty()) return std::nullopt;
  auto expressible = [&](const MoveEval& m) { return is_point_move(board, m.move) || is_plain_pass(m.move); };
  std::size_t best = 0;
  for (std::size_t i = 1; i < a.moves.size(); ++i) {
    const MoveEval& m = a.moves[i];
    const MoveEval& b = a.moves[best];
    // The proven value under the history first (exact files: exact where
    // the probe's history check answered, else bounds between the file's
    // value and the tie), so a move whose file value the history spoils
    // is never preferred.
    if (better(m.value, b.value, a.to_move)) {
      best = i;
      continue;
    }
    if (better(b.value, m.value, a.to_move)) continue;
    // Equal value. Exact files: the larger file value for the mover, then
    // the smaller depth (a value-keeping move of smallest depth makes
    // progress, exact_table.hpp), a move that ends the game at that value
    // (no depth) before one that does not.
    if (m.file_value && b.file_value && *m.file_value != *b.file_value) {
      if (a.to_move == Color::Black ? *m.file_value > *b.file_value : *m.file_value < *b.file_value) best = i;
      continue;
    }
    if (m.file_value && b.file_value && (m.depth.has_value() != b.depth.has_value())) {
      if (!m.depth) best = i;
      continue;
    }
    if (m.depth && b.depth && *m.depth != *b.depth) {
      if (*m.depth < *b.depth) best = i;
    } else if (expressible(m) && !expressible(b)) {
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
    if (!proven(a))
      throw std::invalid_argument("no exact value after " + std::to_string(history.size()) + " moves (" +
                                  source_name(a.source) + "), so no principal variation: " + a.note);
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
