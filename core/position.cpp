#include "core/position.hpp"

#include <stdexcept>

namespace gotb {

Mask string_at(const Board& b, const Position& pos, int p) {
  Mask own = (pos.black & bit(p)) ? pos.black : pos.white;
  return b.flood(bit(p), own);
}

PlayStatus play_stone(const Board& b, const Position& pos, Color c, int p, SuicideRule suicide,
                      PlayOutcome& out) {
  if (pos.occupied() & bit(p)) return PlayStatus::Occupied;
  Position next = pos;
  next.stones(c) |= bit(p);
  Mask opp = next.stones(opponent(c));
  Mask empty = next.empty(b);
  // Only opposing strings touching p can lose their last liberty.
  Mask captured = 0;
  Mask todo = b.neighbours(p) & opp;
  while (todo) {
    Mask s = b.flood(bit(lowest(todo)), opp);
    todo &= ~s;
    if ((b.dilate(s) & empty) == 0) captured |= s;
  }
  next.stones(opponent(c)) &= ~captured;
  Mask own = next.stones(c);
  Mask mine = b.flood(bit(p), own);
  Mask suicided = 0;
  if ((b.dilate(mine) & next.empty(b)) == 0) {
    if (suicide == SuicideRule::Forbidden) return PlayStatus::Suicide;
    suicided = mine;
    next.stones(c) &= ~mine;
  }
  out.next = next;
  out.captured = captured;
  out.suicided = suicided;
  return PlayStatus::Ok;
}

Position parse_diagram(const Board& b, std::string_view text) {
  Position pos;
  int p = 0;
  for (char ch : text) {
    if (ch == ' ' || ch == '\t' || ch == '\r' || ch == '\n' || ch == '/' || ch == '|') continue;
    Mask m = p < b.size() ? bit(p) : 0;
    switch (ch) {
      case 'X': case 'B': case 'x': case 'b': case '#': case '@': pos.black |= m; break;
      case 'O': case 'W': case 'o': case 'w': pos.white |= m; break;
      case '.': case '+': case '-': case ',': break;
      default:
        throw std::invalid_argument(std::string("unexpected character '") + ch + "' in board diagram");
    }
    ++p;
  }
  if (p != b.size())
    throw std::invalid_argument("board diagram has " + std::to_string(p) + " points; board " +
                                b.spec() + " has " + std::to_string(b.size()));
  return pos;
}

std::string diagram(const Board& b, const Position& pos, bool with_coords) {
  std::string out;
  auto cell = [&](int p) { return (pos.black & bit(p)) ? 'X' : (pos.white & bit(p)) ? 'O' : '.'; };
  if (!b.has_grid()) {
    for (int p = 0; p < b.size(); ++p) out += cell(p);
    out += '\n';
    return out;
  }
  for (int r = 0; r < b.rows(); ++r) {
    if (with_coords) {
      std::string num = std::to_string(b.rows() - r);
      out += std::string(3 - std::min<size_t>(3, num.size()), ' ') + num + ' ';
    }
    for (int c = 0; c < b.cols(); ++c) {
      if (c && with_coords) out += ' ';
      out += cell(r * b.cols() + c);
    }
    out += '\n';
  }
  if (with_coords) {
    out += "    ";
    for (int c = 0; c < b.cols(); ++c) {
      std::string name = b.point_name((b.rows() - 1) * b.cols() + c);
      name.resize(name.size() - 1);  // drop the row number "1"
      if (c) out += ' ';
      out += name;
    }
    out += '\n';
  }
  return out;
}

}  // namespace gotb
