#include "generator/search/generic_guess.hpp"

#include <algorithm>

#include "core/budget.hpp"
#include "core/rules/ruleset.hpp"
#include "core/rules/tromp_taylor.hpp"
#include "generator/search/search_solver.hpp"

namespace gotb::search {

std::optional<int> tromp_taylor_guess(const Board& board, const Position& pos, Color to_move, int passes,
                                      std::uint64_t node_limit, const RetroOrdering* ordering, std::uint64_t* nodes) {
  if (board.size() > 31 || passes < 0 || passes > 1) return std::nullopt;
  SearchOptions opt;
  opt.node_limit = node_limit;
  opt.ordering = ordering;
  // Small tables up to 12 points: the guess is one short solve per
  // position. From 13 points the tromp-taylor search's own default (256 +
  // 256 MB; pages are touched only as proofs are stored): with 64 + 64 MB
  // the guess of 2x7 was not proven in 2^28 nodes (5 min of CPU), while
  // with its default tables 2x7 takes 94 M nodes with the first moves
  // (docs/solving.md section 4, "Session 33: kee-2016").
  const std::size_t megabytes = board.size() > 12 ? 256 : 64;
  opt.table_megabytes = megabytes;
  opt.proof_megabytes = megabytes;
  TrompTaylorSearch tt(board, TrompTaylorConfig::from(RuleSet::parse("tromp-taylor")), 0.0, opt);
  try {
    tt.set_root(pos, to_move, passes);
    const Value v = tt.value();
    if (nodes) *nodes += tt.stats().nodes;
    return v.order / 2;
  } catch (const NodeLimitReached&) {
    if (nodes) *nodes += tt.stats().nodes;
    return std::nullopt;
  }
}

std::uint64_t guess_node_budget(const Board& board) {
  constexpr std::uint64_t kBase = std::uint64_t{1} << 22, kCap = std::uint64_t{1} << 28;
  constexpr int kBasePoints = 10;
  std::uint64_t budget = kBase;
  for (int n = kBasePoints; n < board.size() && budget < kCap; ++n) budget *= 3;
  return std::min(budget, kCap);
}

}  // namespace gotb::search
