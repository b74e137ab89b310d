#include "core/rules/games.hpp"

namespace gotb {

std::vector<std::string> split_moves(std::string_view text) {
  std::vector<std::string> out;
  std::string cur;
  for (char ch : text) {
    if (ch == ' ' || ch == ',' || ch == ';' || ch == '\t' || ch == '\n' || ch == '\r') {
      if (!cur.empty()) out.push_back(std::move(cur)), cur.clear();
    } else {
      cur += ch;
    }
  }
  if (!cur.empty()) out.push_back(cur);
  return out;
}

}  // namespace gotb
