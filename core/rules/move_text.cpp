#include "core/rules/move_text.hpp"

namespace gotb {
namespace {

const char* pass_word(MoveKind k) {
  switch (k) {
    case MoveKind::BanKeepingPass: return "keep";
    case MoveKind::AppealingPass: return "appeal";
    case MoveKind::KoPass: return "ko-pass";
    default: return "pass";
  }
}

// "pass", "PASS" or "Pass".
bool is_word(std::string_view text, std::string_view word) {
  if (text.size() != word.size()) return false;
  bool lower = true, upper = true, capital = true;
  for (size_t i = 0; i < word.size(); ++i) {
    const char up = word[i] >= 'a' && word[i] <= 'z' ? static_cast<char>(word[i] - 'a' + 'A') : word[i];
    lower = lower && text[i] == word[i];
    upper = upper && text[i] == up;
    capital = capital && text[i] == (i == 0 ? up : word[i]);
  }
  return lower || upper || capital;
}

}  // namespace

std::string move_text(const Board& board, Move m) {
  return m.kind == MoveKind::Play ? board.point_name(m.point) : pass_word(m.kind);
}

bool parse_move_text(const Board& board, std::string_view text, Move& out, std::initializer_list<MoveKind> extra) {
  if (is_word(text, "pass")) {
    out = Move::pass();
    return true;
  }
  for (MoveKind k : extra) {
    if (is_word(text, pass_word(k))) {
      out = Move::pass(k);
      return true;
    }
  }
  const int p = board.parse_point(text);
  if (p < 0) return false;
  out = Move::play(p);
  return true;
}

}  // namespace gotb
