// The Japanese 2003 analysis read through symmetry-class representatives
// (core/rules/japanese/symmetric_analysis.hpp) against the per-position
// reference (analyse_final_position): every field equal, and the score
// equal, on every legal position of small boards (square, rectangle and
// 1xN groups, with the colour swap); and the search gives the same values
// with and without it.
#include <catch2/catch.hpp>

#include <algorithm>
#include <initializer_list>
#include <random>

#include "core/rank.hpp"
#include "core/rules/games.hpp"
#include "core/rules/japanese/analysis.hpp"
#include "core/rules/japanese/symmetric_analysis.hpp"
#include "generator/search/generic_search.hpp"
#include "tests/japanese_analysis_equal.hpp"

using namespace gotb;
using namespace gotb::japanese;

namespace {

void require_equal(const Board& b, const Position& p, const FinalAnalysis& x, const FinalAnalysis& y) {
  test::require_same_analysis(b, p, x, y);
  REQUIRE(score_final_position(b, p, x, 3).score == score_final_position(b, p, y, 3).score);
}

void check_boards(std::initializer_list<const char*> specs, std::size_t sample) {
  for (const char* spec : specs) {
    const Board b = Board::parse(spec);
    const Ranker r(b.size());
    std::vector<Position> positions;
    for (std::uint64_t k = 0; k < r.count(); ++k) {
      const Position p = r.unrank(k);
      if (is_legal_position(b, p)) positions.push_back(p);
    }
    // Shuffled (the shared graphs then grow between answers); larger
    // boards a sample (the direct analysis of every position is slow).
    std::mt19937 rng(24);
    std::shuffle(positions.begin(), positions.end(), rng);
    if (positions.size() > sample) positions.resize(sample);
    SymmetricAnalyser sa(b, {});
    int mapped = 0, swapped = 0;
    for (const Position& p : positions) {
      const CanonicalForm f = sa.canonical(p);
      mapped += f.symmetry != 0;
      swapped += f.swap;
      require_equal(b, p, sa.analyse(p), analyse_final_position(b, p));
    }
    INFO(spec << ": " << mapped << " through a symmetry, " << swapped << " with the colours swapped");
    CHECK(mapped > 0);
    CHECK(swapped > 0);
  }
}

}  // namespace

TEST_CASE("japanese-2003 analysis through symmetry representatives equals the direct analysis",
          "[japanese-2003][japanese-symmetry]") {
  // Every legal position: the 1xN group, a rectangle's and a square's.
  check_boards({"1x4", "1x5", "2x2"}, 100000);
  check_boards({"2x3"}, 60);
}

// Hidden (minutes): the 3x3 group on random positions.
TEST_CASE("japanese-2003 analysis through symmetry representatives on 3x3", "[.][japanese-symmetry-slow]") {
  check_boards({"3x3"}, 40);
}

TEST_CASE("japanese-2003 search values equal with and without the symmetric analysis",
          "[generic][japanese-2003][japanese-symmetry]") {
  std::mt19937 rng(2024);
  for (const char* spec : {"1x4", "2x2", "1x5"}) {
    const Board b = Board::parse(spec);
    for (int line = 0; line < 4; ++line) {
      Japanese2003Game with(b, RuleSet::parse("japanese-2003"), 0), without(b, RuleSet::parse("japanese-2003"), 0);
      without.set_analysis_symmetry(false);
      // A random line of up to 4 plies (plays and passes), then the value.
      std::vector<Move> legal;
      for (int ply = 0; ply < static_cast<int>(rng() % 5) && !with.is_over(); ++ply) {
        legal.clear();
        with.legal_moves(legal);
        const Move m = legal[rng() % legal.size()];
        with.play(m);
        without.play(m);
      }
      if (with.is_over()) continue;
      search::GenericSearch<Japanese2003Game> s1(with, {}), s2(without, {});
      INFO(spec << " line " << line);
      REQUIRE(s1.value() == s2.value());
      REQUIRE(with.analysed_positions() > 0);
    }
  }
}
