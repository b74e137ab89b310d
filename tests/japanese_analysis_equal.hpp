// Field-by-field equality of two Japanese 2003 final-position analyses of
// one position (every field the game and the score read), for the tests
// that check a faster analysis against analyse_final_position.
#pragma once

#include <catch2/catch.hpp>

#include <string>

#include "core/board.hpp"
#include "core/rules/japanese/analysis.hpp"

namespace gotb::test {

inline void require_same_analysis(const Board& b, const Position& p, const japanese::FinalAnalysis& x,
                                  const japanese::FinalAnalysis& y) {
  using namespace gotb::japanese;
  INFO(b.spec() << " " << diagram(b, p, false));
  REQUIRE(x.strings.size() == y.strings.size());
  for (std::size_t i = 0; i < x.strings.size(); ++i) {
    const StringAnalysis &s = x.strings[i], &t = y.strings[i];
    INFO("string " << i);
    REQUIRE(s.color == t.color);
    REQUIRE(s.stones == t.stones);
    REQUIRE(status_name(s.status) == std::string(status_name(t.status)));
    REQUIRE(s.local_environment == t.local_environment);
    REQUIRE(s.direct_environment == t.direct_environment);
    REQUIRE(s.ko_stone == t.ko_stone);
    REQUIRE(s.direct_ko_stone == t.direct_ko_stone);
  }
  REQUIRE(x.alive_black == y.alive_black);
  REQUIRE(x.alive_white == y.alive_white);
  REQUIRE(x.dead_black == y.dead_black);
  REQUIRE(x.dead_white == y.dead_white);
  REQUIRE(x.has_direct_ko_stone == y.has_direct_ko_stone);
}

}  // namespace gotb::test
