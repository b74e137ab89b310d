// The exact-repeat ikeda-1 game of the second check (docs/solving.md
// section 4, "Session 32: ikeda-1", "A second check beyond 6 points"), shared
// by [ikeda][second-check] and [ikeda][playout].
//
// The key is the state key followed by the move record (a point + 1, or 0
// for a pass, 8 bits each, with the record's length): equal keys mean the
// same moves from the same start, so the same game. A table entry is then
// read only at a node with the same game record as the node that stored it,
// and no proof is reused under another history.
#pragma once

#include <cstdint>
#include <stdexcept>
#include <vector>

#include "core/rules/games.hpp"

namespace gotb::test {

struct ExactRepeatIkeda : IkedaGame {
  using IkedaGame::IkedaGame;
  std::vector<std::uint8_t> record;
  void play(Move m) {
    // (a point + 1 must fit in the record's 8 bits)
    if (m.kind == MoveKind::Play && m.point > 254) throw std::logic_error("ExactRepeatIkeda: boards of at most 255 points");
    IkedaGame::play(m);
    record.push_back(m.kind == MoveKind::Play ? static_cast<std::uint8_t>(m.point + 1) : 0);
  }
  void undo() {
    IkedaGame::undo();
    record.pop_back();
  }
  void search_key(std::vector<std::uint64_t>& key) const {
    IkedaGame::search_key(key);
    key.push_back(record.size());
    std::uint64_t w = 0;
    for (std::size_t i = 0; i < record.size(); ++i) {
      w = w << 8 | record[i];
      if (i % 8 == 7) key.push_back(w), w = 0;
    }
    key.push_back(w);
  }
};

}  // namespace gotb::test
