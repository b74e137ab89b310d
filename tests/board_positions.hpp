// Walking every position of a small board, and a history reaching a given
// position without ever holding more stones of either colour: shared by the
// Benson tests (tests/test_benson.cpp) and the safe-region tests
// (tests/test_safe_regions.cpp).
#pragma once

#include <catch2/catch.hpp>
#include <cstddef>
#include <string>
#include <vector>

#include "core/rules/games.hpp"

namespace gotb::test {

// The position with base-3 code `code` (digit q: 0 empty, 1 Black, 2 White).
inline Position position_from_index(const Board& b, std::size_t code) {
  Position p;
  for (int q = 0; q < b.size(); ++q, code /= 3) {
    if (code % 3 == 1) p.black |= bit(q);
    if (code % 3 == 2) p.white |= bit(q);
  }
  return p;
}

inline std::size_t position_count(const Board& b) {
  std::size_t codes = 1;
  for (int i = 0; i < b.size(); ++i) codes *= 3;
  return codes;
}

// A history that reaches `pos` by playing its stones one at a time (each
// earlier position is a subset of pos, so none holds more stones of either
// colour and no play captures), Black first, a player with no stone left
// passing; then one more pass if needed so that `to_move` is to move.
inline std::vector<std::string> build_history(const Board& b, const RuleSet& rs, const Position& pos, Color to_move) {
  TrompTaylorGame g(b, rs, 0);
  std::vector<int> stones[2];
  for_each_bit(pos.black, [&](int q) { stones[0].push_back(q); });
  for_each_bit(pos.white, [&](int q) { stones[1].push_back(q); });
  std::size_t next[2] = {0, 0};
  std::vector<std::string> moves;
  while (next[0] < stones[0].size() || next[1] < stones[1].size()) {
    const int side = index(g.to_move());
    const Move m = next[side] < stones[side].size() ? Move::play(stones[side][next[side]++]) : Move::pass();
    moves.push_back(g.move_name(m));
    g.play(m);
  }
  if (g.to_move() != to_move) {
    moves.push_back("pass");
    g.play(Move::pass());
  }
  REQUIRE(!g.is_over());
  REQUIRE(g.position() == pos);
  return moves;
}

}  // namespace gotb::test
