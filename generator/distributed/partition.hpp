// What the distributed solvers (fixpoint_mpi.hpp, exact_mpi.hpp) share
// besides the ghost exchange: the split of the state index over ranks, the
// figures a run measures, and the gather of the result at rank 0
// (docs/distributed.md). Only with GOTB_MPI.
#pragma once

#if GOTB_MPI

#include <mpi.h>

#include <algorithm>
#include <cstdint>
#include <vector>

#include "generator/distributed/ghost_exchange.hpp"
#include "generator/distributed/phase_times.hpp"
#include "generator/retrograde/state_index.hpp"

namespace gotb::dist {

// Contiguous ranges of the index's bitmap words, one per rank, cut so that
// ranks hold the same number of stored positions (+-1). Since positions
// are numbered in rank order, a word range is a contiguous position range
// [first_position(r), first_position(r + 1)).
struct Partition {
  std::vector<std::uint64_t> word_begin;   // ranks + 1 entries
  std::vector<std::uint64_t> state_begin;  // ranks + 1 entries: 2 * first position (pass states)

  Partition(const retro::StateIndex& idx, int ranks) : word_begin(ranks + 1), state_begin(ranks + 1) {
    const std::uint64_t words = idx.words(), positions = idx.positions();
    auto first = [&](std::uint64_t w) { return w < words ? idx.first_number(w) : positions; };
    for (int r = 0; r <= ranks; ++r) {
      const std::uint64_t target = positions / ranks * r + std::min<std::uint64_t>(r, positions % ranks);
      // First word whose positions start at or after target.
      std::uint64_t lo = 0, hi = words;
      while (lo < hi) {
        const std::uint64_t mid = lo + (hi - lo) / 2;
        if (first(mid) < target) lo = mid + 1;
        else hi = mid;
      }
      word_begin[r] = r == ranks ? words : lo;
      state_begin[r] = 2 * first(word_begin[r]);
    }
  }
  std::uint64_t first_position(int r) const { return state_begin[r] / 2; }
  // Owner of a pass state 2n + passes (the fixpoint tables' states).
  int owner(std::uint64_t state) const {
    return static_cast<int>(std::upper_bound(state_begin.begin(), state_begin.end(), state) - state_begin.begin()) - 1;
  }
};

// Partition::owner as the callable GhostExchange wants.
struct OwnerOf {
  const Partition* p;
  int operator()(std::uint64_t s) const { return p->owner(s); }
};

// What a distributed run measured (global over ranks unless noted).
struct ExchangeStats {
  int ranks = 1;
  std::uint64_t ghosts = 0;            // ghost states over all ranks
  std::uint64_t max_owned_states = 0;  // the largest rank's own states
  std::uint64_t max_ghosts = 0;        // the largest rank's ghosts
  std::uint64_t setup_bytes = 0;       // registration messages (state ids)
  std::vector<std::uint64_t> sweep_bytes;    // update bytes sent in each sweep / round
  std::vector<std::uint64_t> sweep_changed;  // codes changed in each sweep / round
  std::uint64_t alltoallv_calls = 0;   // MPI_Alltoallv calls (same at every rank)
  std::uint64_t alltoallv_pair_bytes = 0;  // the most one call carries per rank pair
  double exchange_seconds = 0;         // rank 0's time in exchanges and reductions
  PhaseTimes mine;                     // this rank's (the index phase is the caller's)
};

// Collective: per phase, the largest and the smallest figure over the ranks
// (wall and CPU separately, so they need not come from the same rank).
inline void reduce_phases(const PhaseTimes& mine, PhaseTimes& most, PhaseTimes& least, MPI_Comm comm) {
  check_mpi(MPI_Allreduce(mine.wall, most.wall, kPhases, MPI_DOUBLE, MPI_MAX, comm), "MPI_Allreduce");
  check_mpi(MPI_Allreduce(mine.cpu, most.cpu, kPhases, MPI_DOUBLE, MPI_MAX, comm), "MPI_Allreduce");
  check_mpi(MPI_Allreduce(mine.wall, least.wall, kPhases, MPI_DOUBLE, MPI_MIN, comm), "MPI_Allreduce");
  check_mpi(MPI_Allreduce(mine.cpu, least.cpu, kPhases, MPI_DOUBLE, MPI_MIN, comm), "MPI_Allreduce");
}

// Collective: rank r's `count` elements at `mine` go to all[begin[r], ...)
// at rank 0, which has sized `all`; begin has ranks + 1 entries, and
// begin[r + 1] - begin[r] must equal rank r's count. Point-to-point in
// pieces of at most 1 GiB (int counts).
template <class T>
void gather_range(const T* mine, std::uint64_t count, const std::vector<std::uint64_t>& begin, T* all,
                  MPI_Comm comm) {
  constexpr std::uint64_t kChunk = (std::uint64_t{1} << 30) / sizeof(T);
  constexpr int kTag = 7;
  int rank = 0, P = 1;
  MPI_Comm_rank(comm, &rank);
  MPI_Comm_size(comm, &P);
  if (rank != 0) {
    for (std::uint64_t at = 0; at < count; at += kChunk)
      check_mpi(MPI_Send(mine + at, static_cast<int>(std::min(kChunk, count - at) * sizeof(T)), MPI_BYTE, 0, kTag,
                         comm),
                "MPI_Send");
    return;
  }
  std::copy(mine, mine + count, all + begin[0]);
  for (int r = 1; r < P; ++r) {
    const std::uint64_t b = begin[r], n = begin[r + 1] - b;
    for (std::uint64_t at = 0; at < n; at += kChunk)
      check_mpi(MPI_Recv(all + b + at, static_cast<int>(std::min(kChunk, n - at) * sizeof(T)), MPI_BYTE, r, kTag,
                         comm, MPI_STATUS_IGNORE),
                "MPI_Recv");
  }
}

}  // namespace gotb::dist

#endif  // GOTB_MPI
