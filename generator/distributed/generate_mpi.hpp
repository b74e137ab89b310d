// `gotb generate --mpi`: the retrograde tables computed by every rank of the
// job together (docs/distributed.md), gathered at rank 0.
#pragma once

#include <cstdint>
#include <vector>

#include "core/board.hpp"
#include "core/rules/ruleset.hpp"
#include "generator/distributed/mpi_session.hpp"
#include "generator/distributed/phase_times.hpp"
#include "generator/retrograde/exact_table.hpp"
#include "generator/retrograde/generate.hpp"

namespace gotb::dist {

// Exchange figures of a distributed run (sums over ranks unless noted).
struct DistributedGenerateStats {
  int ranks = 1;
  std::uint64_t ghosts = 0, max_ghosts = 0, max_owned_states = 0, setup_bytes = 0;
  std::vector<std::uint64_t> sweep_bytes, sweep_changed;  // per sweep / round
  double exchange_seconds = 0;                            // rank 0
  // MPI_Alltoallv calls of the registration and the exchanges: one each,
  // more where a message exceeded alltoallv_pair_bytes per rank pair.
  std::uint64_t alltoallv_calls = 0, alltoallv_pair_bytes = 0;
  std::uint64_t max_peak_rss = 0;                         // the largest rank's
  std::uint64_t max_peak_rss_workers = 0;                 // ... of ranks 1.. (0 with one rank)
  std::uint64_t max_index_bytes = 0;  // exact tables: the largest rank's part of the index (0: replicated index)
  // Per phase (index, setup, compute, wait, exchange), the largest and the
  // smallest wall and CPU seconds over the ranks; CPU is the whole rank
  // process's. Wait CPU near wait wall would mean a rank spinning while
  // it waits for the others (docs/distributed.md, "Overhead").
  PhaseTimes most, least;
};

// Collective over the session's ranks (options.threads threads in each).
// At rank 0 the result holds the whole tables, identical to
// retro::generate's; at the other ranks upper and lower are empty. Throws
// like retro::generate.
retro::Tables generate_distributed(const Session& session, const Board& board, const RuleSet& rules,
                                   const retro::GenerateOptions& options, DistributedGenerateStats* stats = nullptr);

// The exact tables of tromp-taylor:ko=basic (retro::generate_exact) over the
// session's ranks: at rank 0 the result equals generate_exact's (values,
// depths, rounds; stats.mpi_ranks set), at other ranks the arrays are empty.
retro::ExactGenerated generate_exact_distributed(const Session& session, const Board& board, const RuleSet& rules,
                                                 int threads, bool progress,
                                                 DistributedGenerateStats* stats = nullptr);

}  // namespace gotb::dist
