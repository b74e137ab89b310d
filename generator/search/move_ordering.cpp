#include "generator/search/move_ordering.hpp"

#include <stdexcept>

#include "core/rank.hpp"
#include "core/scoring.hpp"
#include "generator/retrograde/exact_fixpoints.hpp"
#include "generator/retrograde/graph_fixpoint.hpp"

namespace gotb::search {

namespace {
// Work per rank past the index's own: the graph's two passes over the
// positions and the sweeps' evaluations. Measured with one thread (total
// work per rank, index included): 1x7 5.5, 1x8 6.4, 2x4 3.7, 3x3 3.0, 2x5
// 3.7, 1x10 5.2, 1x12 5.4, 2x6 4.1, 3x4 5.2, 2x7 4.7, 3x5 5.3, 4x4 3.5, 2x8
// 5.4 (docs/solving.md section 4, "Session 27"). Session 28's build in
// stone-count order (graph_fixpoint.cpp) needs fewer sweeps: past the
// index, 1x5 2.7, 2x3 2.1, 1x7 4.0, 2x4 1.8, 3x3 1.3, 2x5 1.9, 3x4 2.8
// per rank, so 2 keeps the estimate within a factor 2 of the charge.
constexpr std::uint64_t kRetroBuildPerRank = 2;
}  // namespace

std::shared_ptr<const RetroOrdering> RetroOrdering::build(const Board& board, int threads, RetroKey key,
                                                          Tables tables, RetroLimits limits) {
  retro::GenerateOptions opt;
  opt.threads = threads;
  opt.max_work = limits.max_work;
  opt.time_limit = limits.time_limit;
  if (tables == Tables::BasicKo) {
    retro::WorkLimits lim(limits.max_work, limits.time_limit);
    // The fixpoints without the files' depths: Gauss-Seidel passes in place
    // (exact_fixpoints.hpp), the same arrays as retro::generate_exact.
    const retro::ExactGenerated g = retro::exact_fixpoints(board, RuleSet::parse("tromp-taylor:ko=basic,suicide=no"),
                                                           threads, lim.active() ? &lim : nullptr);
    auto out = std::make_shared<RetroOrdering>(g, key);
    out->work_ = lim.used();
    return out;
  }
  // Superko's kind does not change the finite-state game; only suicide does.
  const RuleSet rules =
      RuleSet::parse(tables == Tables::NoSuicide ? "tromp-taylor:no-suicide" : "tromp-taylor");
  // The same fixpoints as retro::generate, from a successor graph
  // (graph_fixpoint.hpp): on 4x4 about 2.6 of a one-thread solve's 10 CPU s,
  // a quarter (docs/solving.md §3, "Session 31").
  const retro::Tables t = retro::generate_with_graph(board, rules, opt);
  return std::make_shared<const RetroOrdering>(t, key);
}

RetroOrdering::RetroOrdering(const retro::Tables& tables, RetroKey key)
    : index_(tables.index), key_(key), span_(tables.index->board().size() + 1), stats_(tables.stats), work_(tables.work) {
  if (tables.upper.size() != index_->states() || tables.lower.size() != index_->states())
    throw std::invalid_argument("retro ordering: tables do not match their index");
  cells_.resize(tables.upper.size());
  for (std::size_t s = 0; s < cells_.size(); ++s) cells_[s] = {tables.upper[s], tables.lower[s]};
  init_weights();
}

void RetroOrdering::init_weights() {
  // rank(g(P)) = sum over P's points p of digit(p) * 3^perm(g)[p]: the
  // CanonicalRanker's rank under element g of the index's own group.
  const Symmetries& sym = index_->symmetries();
  const int G = sym.count(), n = index_->board().size();
  if (G > kSumSymmetries) return;
  std::vector<std::uint64_t> pow3(static_cast<std::size_t>(n) + 1, 1);
  for (int k = 1; k <= n; ++k) pow3[k] = 3 * pow3[k - 1];
  weights_.assign(static_cast<std::size_t>(n) * kSumSymmetries, 0);
  for (int p = 0; p < n; ++p)
    for (int g = 0; g < kSumSymmetries; ++g)
      weights_[static_cast<std::size_t>(p) * kSumSymmetries + g] = pow3[sym.perm(g < G ? g : 0)[p]];
}

RetroOrdering::RetroOrdering(const retro::ExactGenerated& g, RetroKey key)
    : index_(nullptr), ko_index_(g.index), key_(key), span_(g.index->board().size() + 1) {
  if (g.arrays.upper.size() != ko_index_->states() || g.arrays.lower.size() != ko_index_->states())
    throw std::invalid_argument("retro ordering: exact tables do not match their index");
  cells_.resize(g.arrays.upper.size());
  for (std::size_t s = 0; s < cells_.size(); ++s) cells_[s] = {g.arrays.upper[s], g.arrays.lower[s]};
  stats_.positions = g.stats.positions;
  stats_.states = g.stats.states;
  stats_.index_seconds = g.stats.index_seconds;
  stats_.sweep_seconds = g.stats.solve.graph_seconds + g.stats.solve.round_seconds;
  stats_.sweeps = g.stats.solve.rounds;
  stats_.evaluations = g.stats.solve.evaluations;
  stats_.total_seconds = g.stats.total_seconds;
  stats_.threads = g.stats.threads;
  stats_.peak_rss = g.stats.peak_rss;
  stats_.index_bytes = g.stats.index_bytes;
}

int RetroOrdering::area_for(const Position& p, Color mover) const {
  const int d = area_count(ko_index_ ? ko_index_->board() : index_->board(), p).difference();
  return mover == Color::Black ? d : -d;
}

OrderingMode parse_ordering(const std::string& name) {
  if (name == "auto") return OrderingMode::Auto;
  if (name == "history") return OrderingMode::History;
  if (name == "retro") return OrderingMode::Retro;
  if (name == "retro-ko") return OrderingMode::RetroKo;
  throw std::invalid_argument("unknown move ordering '" + name + "' (available: auto, history, retro, retro-ko)");
}

bool retro_ordering_cheap(const Board& board) { return board.size() <= kRetroOrderingMaxPoints; }

std::uint64_t retro_build_estimate(const Board& board) {
  if (board.size() > kMaxRankPoints) return ~std::uint64_t{0};
  const std::uint64_t ranks = Ranker(board.size()).count();
  const std::uint64_t index = 64 * ((ranks + 63) / 64);  // StateIndex's charge, exactly
  return index + kRetroBuildPerRank * ranks;
}

std::shared_ptr<const RetroOrdering> retro_ordering_for(const Board& board, OrderingMode mode,
                                                        RetroLimits limits) {
  if (mode == OrderingMode::RetroKo)
    return RetroOrdering::build(board, 0, RetroKey::Pessimistic, RetroOrdering::Tables::BasicKo, limits);
  if (mode == OrderingMode::Retro || (mode == OrderingMode::Auto && retro_ordering_cheap(board)))
    return RetroOrdering::build(board, 0, RetroKey::Pessimistic, RetroOrdering::Tables::NoSuicide, limits);
  return nullptr;
}

}  // namespace gotb::search
