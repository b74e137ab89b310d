// What the distributed solvers (fixpoint_mpi.hpp, exact_mpi.hpp) share
// besides the ghost exchange: the split of the state index over ranks, the
// figures a run measures, and the gather of the result at rank 0
// (docs/distributed.md). Only with GOTB_MPI.
#pragma once

#if GOTB_MPI

#include <mpi.h>

#include <algorithm>
#include <cstdint>
#include <ctime>
#include <vector>

#include "generator/distributed/ghost_exchange.hpp"
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
  double exchange_seconds = 0;         // rank 0's time in exchanges and reductions
  // Per phase, the slowest and the fastest rank (wall seconds; CPU seconds
  // of the whole rank process, all its threads). Waiting ranks show up as
  // exchange time; exchange CPU close to exchange wall means the MPI
  // library spins while it waits (docs/distributed.md, "Overhead").
  double setup_max = 0, setup_min = 0;        // graph/ghost discovery and registration
  double compute_max = 0, compute_min = 0;    // sweeps / rounds without the exchange
  double exchange_max = 0, exchange_min = 0;  // exchanges and reductions
  double exchange_cpu_max = 0, exchange_cpu_min = 0;
};

// CPU seconds of this process so far (all threads).
inline double process_cpu_seconds() {
  timespec ts{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
  return static_cast<double>(ts.tv_sec) + 1e-9 * static_cast<double>(ts.tv_nsec);
}

// Collective: fills the per-phase maxima and minima of `st` from this
// rank's seconds.
inline void reduce_phases(ExchangeStats& st, double setup, double compute, double exchange, double exchange_cpu,
                          MPI_Comm comm) {
  double mine[4] = {setup, compute, exchange, exchange_cpu}, hi[4], lo[4];
  check_mpi(MPI_Allreduce(mine, hi, 4, MPI_DOUBLE, MPI_MAX, comm), "MPI_Allreduce");
  check_mpi(MPI_Allreduce(mine, lo, 4, MPI_DOUBLE, MPI_MIN, comm), "MPI_Allreduce");
  st.setup_max = hi[0], st.setup_min = lo[0];
  st.compute_max = hi[1], st.compute_min = lo[1];
  st.exchange_max = hi[2], st.exchange_min = lo[2];
  st.exchange_cpu_max = hi[3], st.exchange_cpu_min = lo[3];
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
