// `gotb generate --mpi`: the retrograde tables computed by every rank of the
// job together (docs/distributed.md), gathered at rank 0.
#pragma once

#include <cstdint>
#include <vector>

#include "core/board.hpp"
#include "core/rules/ruleset.hpp"
#include "generator/distributed/mpi_session.hpp"
#include "generator/retrograde/generate.hpp"

namespace gotb::dist {

// Exchange figures of a distributed run (sums over ranks unless noted).
struct DistributedGenerateStats {
  int ranks = 1;
  std::uint64_t ghosts = 0, max_ghosts = 0, max_owned_states = 0, setup_bytes = 0;
  std::vector<std::uint64_t> sweep_bytes, sweep_changed;  // per sweep
  double exchange_seconds = 0;                            // rank 0
  std::uint64_t max_peak_rss = 0;                         // the largest rank's
};

// Collective over the session's ranks (options.threads threads in each).
// At rank 0 the result holds the whole tables, identical to
// retro::generate's; at the other ranks upper and lower are empty. Throws
// like retro::generate.
retro::Tables generate_distributed(const Session& session, const Board& board, const RuleSet& rules,
                                   const retro::GenerateOptions& options, DistributedGenerateStats* stats = nullptr);

}  // namespace gotb::dist
