// The Japanese 2003 analysis of a final position read from the analysis of
// one representative of its symmetry class (docs/solving.md section 4,
// "Session 24: japanese-2003"). The major analysis procedure reads a
// position only through the board's adjacency and the two colours, and
// treats Black and White alike (every test is asked with the string's
// opponent attacking), so for a board automorphism s and the colour swap c
// the analysis of s(c(pos)) is s(c(analysis of pos)): the same statuses on
// the mapped strings, the environments mapped, the colours swapped.
// The shared analyser's cost is one product solve per distinct question
// (string, region, attacker); symmetric positions ask symmetric questions,
// so analysing one representative per class asks up to 2|G| times fewer.
// Tests (tests/test_japanese_symmetry.cpp): every field equal to the direct
// analysis on every legal position of small boards.
#pragma once

#include <memory>

#include "core/rules/japanese/analysis.hpp"
#include "core/rules/japanese/shared_analysis.hpp"
#include "core/symmetry.hpp"

namespace gotb::japanese {

// The element of the board's symmetry group (and whether the colours are
// swapped) that maps a position to its representative: the least
// (black, white) pair over the group times the colour swap.
struct CanonicalForm {
  Position position;  // the representative
  int symmetry = 0;   // s: representative = s(c(pos))
  bool swap = false;  // c: colours swapped
};

class SymmetricAnalyser {
 public:
  // `use_symmetry` false: every position is analysed as given (cross-checks).
  SymmetricAnalyser(const Board& board, AnalysisOptions opt, bool use_symmetry = true);

  CanonicalForm canonical(const Position& pos) const;
  // The analysis of pos (equal to analyse_final_position(board, pos) in
  // every field but graph_nodes, which are the shared graphs' sizes; order
  // of strings by their lowest point, as there).
  FinalAnalysis analyse(const Position& pos);
  // uncapturable_stones(board, pos) (analysis.hpp) through the same
  // representative: step 1's capture tests are the same questions mapped
  // (the argument above), so the stones map back by the inverse symmetry;
  // the colour swap does not change a set of stones of both colours.
  Mask uncapturable_stones(const Position& pos);
  // has_direct_ko_stone(board, pos) (analysis.hpp) through the same
  // representative: the flag is one field of the analysis, which map_back
  // carries over unchanged (the analysis of the image is the image of the
  // analysis, and a ko stone's image is a ko stone of the same status).
  bool has_direct_ko_stone(const Position& pos);
  // strong_stones(board, pos) (analysis.hpp, steps 1-2), mapped back as
  // uncapturable_stones (statuses map with the analysis).
  Mask strong_stones(const Position& pos);
  // stepwise_territory_bounds(board, pos, enough) (analysis.hpp) through the
  // same representative: a board automorphism keeps the territory score, the
  // colour swap negates it (the analysis maps with the position, and Black's
  // territory and dead stones become White's), so with the swap `enough`
  // sees (-hi, -lo) of the representative's (lo, hi), the bounds of pos.
  std::pair<int, int> stepwise_territory_bounds(const Position& pos, const std::function<bool(int, int)>& enough,
                                                std::uint64_t* tests = nullptr);
  // Maps an analysis of `from` to the analysis of `form`'s original position
  // (the inverse of the form's symmetry and swap).
  FinalAnalysis map_back(const FinalAnalysis& a, const CanonicalForm& form) const;

  const SharedAnalyser& shared() const { return shared_; }

 private:
  const Board* board_;
  Symmetries syms_;
  bool use_symmetry_;
  SharedAnalyser shared_;
};

}  // namespace gotb::japanese
