#include "generator/search/move_ordering.hpp"

#include <stdexcept>

#include "core/scoring.hpp"

namespace gotb::search {

std::shared_ptr<const RetroOrdering> RetroOrdering::build(const Board& board, int threads, RetroKey key,
                                                          Tables tables, RetroLimits limits) {
  retro::GenerateOptions opt;
  opt.threads = threads;
  opt.max_work = limits.max_work;
  opt.time_limit = limits.time_limit;
  // Superko's kind does not change the finite-state game; only suicide does.
  const RuleSet rules =
      RuleSet::parse(tables == Tables::NoSuicide ? "tromp-taylor:no-suicide" : "tromp-taylor");
  const retro::Tables t = retro::generate(board, rules, opt);
  return std::make_shared<const RetroOrdering>(t, key);
}

RetroOrdering::RetroOrdering(const retro::Tables& tables, RetroKey key)
    : index_(tables.index), key_(key), span_(tables.index->board().size() + 1), stats_(tables.stats), work_(tables.work) {
  if (tables.upper.size() != index_->states() || tables.lower.size() != index_->states())
    throw std::invalid_argument("retro ordering: tables do not match their index");
  cells_.resize(tables.upper.size());
  for (std::size_t s = 0; s < cells_.size(); ++s) cells_[s] = {tables.upper[s], tables.lower[s]};
}

int RetroOrdering::area_for(const Position& p, Color mover) const {
  const int d = area_count(index_->board(), p).difference();
  return mover == Color::Black ? d : -d;
}

OrderingMode parse_ordering(const std::string& name) {
  if (name == "auto") return OrderingMode::Auto;
  if (name == "history") return OrderingMode::History;
  if (name == "retro") return OrderingMode::Retro;
  throw std::invalid_argument("unknown move ordering '" + name + "' (available: auto, history, retro)");
}

bool retro_ordering_cheap(const Board& board) { return board.size() <= kRetroOrderingMaxPoints; }

std::shared_ptr<const RetroOrdering> retro_ordering_for(const Board& board, OrderingMode mode,
                                                        RetroLimits limits) {
  if (mode == OrderingMode::Retro || (mode == OrderingMode::Auto && retro_ordering_cheap(board)))
    return RetroOrdering::build(board, 0, RetroKey::Pessimistic, RetroOrdering::Tables::NoSuicide, limits);
  return nullptr;
}

}  // namespace gotb::search
