// The exact tables of tromp-taylor:ko=basic (generator/retrograde/
// exact_solver.hpp) over the ranks of an MPI job (docs/distributed.md).
// Only with GOTB_MPI.
//
// Partition: no rank builds the whole index. Each builds its part
// (RankIndex: a range of index words, the same number of positions per
// rank up to one block, cut without a global count) and owns the pass
// states 2n, 2n + 1 of its positions n0 <= n < n1 and their ko states. It
// builds the successor rows of its own positions only (ExactRows over its
// word range: the one-process code on a part of the index) and runs the
// very same Jacobi step on them.
//
// Ghosts: every child a rank's rows read is named by its canonical rank and
// code (RankIndex::child); a name of another rank's range is registered
// once with its owner (GhostExchange), which translates it into its local
// state, and the rows read it from a slot appended after the own states, so
// a round does no lookup. After every round the owners send the readers the
// (lower, upper) codes that changed (2 bytes plus a 4-byte slot each;
// depths are never read across ranks, only written by the owner), all at
// once in one MPI_Alltoallv, and one MPI_Allreduce sums the changes.
//
// Same result as one process, rounds and depths included: round k reads
// only round k - 1's values; after the exchange that follows round k - 1
// every ghost equals its owner's round k - 1 value, so every rank's round k
// computes what one process computes for its states, and the global count
// of changes, hence the stop, is the same. Rank 0 gathers the four arrays.
#pragma once

#if GOTB_MPI

#include <mpi.h>

#include <algorithm>
#include <cstdint>
#include <limits>
#include <stdexcept>
#include <utility>
#include <vector>

#include <tbb/enumerable_thread_specific.h>

#include "generator/distributed/ghost_exchange.hpp"
#include "generator/distributed/partition.hpp"
#include "generator/distributed/rank_index.hpp"
#include "generator/retrograde/exact_solver.hpp"
#include "generator/retrograde/ko_index.hpp"
#include "generator/retrograde/progress.hpp"
#include "generator/retrograde/value_code.hpp"

namespace gotb::dist {

// The owner of a child's name (RankIndex::owner) as GhostExchange wants it.
struct NameOwner {
  const RankIndex* idx;
  int operator()(std::uint64_t name) const { return idx->owner(name); }
};

template <bool kSuicideAllowed>
class DistributedExact {
 public:
  DistributedExact(const RankIndex& index, MPI_Comm comm)
      : idx_(index),
        comm_(comm),
        rank_(rank_of(comm)),
        rows_(index, index.own_begin_word(), index.own_end_word()),
        x_(comm, NameOwner{&index},
           {static_cast<std::uint8_t>(retro::kOpponentWins), static_cast<std::uint8_t>(retro::kMoverWins)}) {}

  // Collective. Runs the rounds; at rank 0 `out` then holds the whole
  // arrays (as ExactSolver::run gives them), at other ranks it is empty.
  retro::ExactStats run(retro::ExactArrays& out, const retro::Progress& progress) {
    retro::ExactStats st;
    PhaseClock clock(stats_.mine);
    const double t0 = progress.elapsed();
    register_ghosts();
    const std::uint64_t own = rows_.own_states(), ghosts = x_.ghosts();
    if (own + ghosts >= (std::uint64_t{1} << 32))
      throw std::invalid_argument("exact retrograde: 2^32 own and ghost states or more on one rank; use more ranks");
    rows_.build([&](std::uint64_t name) -> std::uint32_t {
      return static_cast<std::uint32_t>(idx_.owns(name) ? idx_.local(name) : own + x_.ghost_index(name));
    });
    clock.mark(kSetupPhase);
    const double setup = progress.elapsed() - t0;
    std::uint64_t sums[2] = {rows_.plays(), rows_.bytes()};
    check_mpi(MPI_Allreduce(MPI_IN_PLACE, sums, 2, MPI_UINT64_T, MPI_SUM, comm_), "MPI_Allreduce");
    st.plays = sums[0];
    st.graph_bytes = sums[1];
    st.graph_seconds = setup;
    progress.line("successor graph: %llu plays over %d ranks, %.1f MiB, %llu ghosts, %.2f s",
                  static_cast<unsigned long long>(st.plays), stats_.ranks, st.graph_bytes / 1048576.0,
                  static_cast<unsigned long long>(stats_.ghosts), st.graph_seconds);

    // Own states at [0, own), ghosts at [own, own + ghosts).
    std::vector<retro::Bounds> v(own + ghosts, retro::Bounds{retro::kOpponentWins, retro::kMoverWins}), v2;
    std::vector<std::uint16_t> dl(own, 0), du(own, 0);
    const double t1 = progress.elapsed();
    for (int round = 1;; ++round) {
      if (round > 65535) throw std::logic_error("exact retrograde: more than 65535 rounds (depth overflow)");
      v2 = v;  // ghosts included: they stay those last sent until the exchange below
      std::uint64_t local[3] = {0, 0, 0};  // changed, evaluated, bytes sent
      rows_.round(v.data(), v2.data(), dl.data(), du.data(), round, local[0], local[1]);
      std::swap(v, v2);
      clock.mark(kComputePhase);
      quiet_barrier(comm_);
      clock.mark(kWaitPhase);
      local[2] = x_.exchange(
          [&](std::uint64_t off) {
            return Exchange::Record{static_cast<std::uint8_t>(v[off].lo), static_cast<std::uint8_t>(v[off].up)};
          },
          [&](std::uint64_t g, const Exchange::Record& r) {
            v[own + g] = retro::Bounds{static_cast<std::int8_t>(r[0]), static_cast<std::int8_t>(r[1])};
          });
      std::uint64_t global[3];
      check_mpi(MPI_Allreduce(local, global, 3, MPI_UINT64_T, MPI_SUM, comm_), "MPI_Allreduce");
      clock.mark(kExchangePhase);
      ++st.rounds;
      st.evaluations += global[1];
      stats_.sweep_changed.push_back(global[0]);
      stats_.sweep_bytes.push_back(global[2]);
      if (progress.chatty())
        progress.line("round %d: %llu values changed, %llu update bytes exchanged", round,
                      static_cast<unsigned long long>(global[0]), static_cast<unsigned long long>(global[2]));
      if (global[0] == 0) break;
      st.max_depth = round;
    }
    st.round_seconds = progress.elapsed() - t1;
    stats_.exchange_seconds = stats_.mine.wall[kWaitPhase] + stats_.mine.wall[kExchangePhase];
    stats_.alltoallv_calls = x_.alltoallv_calls();
    stats_.alltoallv_pair_bytes = alltoallv_pair_bytes(stats_.ranks);
    {
      std::vector<retro::Bounds>().swap(v2);
      std::vector<std::int8_t> lo(own), up(own);
      retro::split_bounds(v.data(), own, lo.data(), up.data());
      std::vector<retro::Bounds>().swap(v);
      gather(lo, out.lower);
      gather(up, out.upper);
    }
    gather(dl, out.depth_lower);
    gather(du, out.depth_upper);
    return st;
  }

  const ExchangeStats& stats() const { return stats_; }

 private:
  using Exchange = GhostExchange<2, NameOwner>;  // record: lower, upper

  static int ranks_of(MPI_Comm c) {
    int n = 1;
    MPI_Comm_size(c, &n);
    return n;
  }
  static int rank_of(MPI_Comm c) {
    int r = 0;
    MPI_Comm_rank(c, &r);
    return r;
  }

  void register_ghosts() {
    tbb::enumerable_thread_specific<std::vector<std::uint64_t>> found;
    if (ranks_of(comm_) > 1)  // one rank owns every child: no discovery pass
      rows_.for_each_child([&](std::uint64_t c) {
        if (!idx_.owns(c)) found.local().push_back(c);
      });
    std::vector<std::uint64_t> keys;
    for (auto& v : found) {
      std::sort(v.begin(), v.end());
      v.erase(std::unique(v.begin(), v.end()), v.end());
      keys.insert(keys.end(), v.begin(), v.end());
      std::vector<std::uint64_t>().swap(v);
    }
    x_.register_reads(std::move(keys), [&](std::uint64_t name) { return idx_.local(name); });
    const std::uint64_t own = rows_.own_states();
    std::uint64_t local[3] = {x_.ghosts(), own, x_.ghosts()}, sum[3], max[3];
    check_mpi(MPI_Allreduce(local, sum, 3, MPI_UINT64_T, MPI_SUM, comm_), "MPI_Allreduce");
    check_mpi(MPI_Allreduce(local, max, 3, MPI_UINT64_T, MPI_MAX, comm_), "MPI_Allreduce");
    stats_.ranks = ranks_of(comm_);
    stats_.ghosts = sum[0];
    stats_.setup_bytes = sum[0] * sizeof(std::uint64_t);
    stats_.max_owned_states = max[1];
    stats_.max_ghosts = max[2];
  }

  // The own states of `mine` (pass states, then ko states) into the whole
  // array at rank 0.
  template <class T, class All>
  void gather(const std::vector<T>& mine, All& all) {
    if (rank_ == 0) all.assign(idx_.states(), T{});
    else all.clear();
    const std::uint64_t pass = 2 * (rows_.end_position() - rows_.first_position());
    gather_range(mine.data(), pass, idx_.pass_begin(), all.data(), comm_);
    gather_range(mine.data() + pass, rows_.own_states() - pass, idx_.ko_begin(), all.data(), comm_);
  }

  const RankIndex& idx_;
  MPI_Comm comm_;
  int rank_ = 0;
  retro::ExactRows<kSuicideAllowed, RankIndex> rows_;
  Exchange x_;
  ExchangeStats stats_;
};

}  // namespace gotb::dist

#endif  // GOTB_MPI
