// The fixpoint sweeps of generator/retrograde/fixpoint.hpp over the ranks
// of an MPI job (docs/distributed.md). Only with GOTB_MPI.
//
// Partition: every rank holds the (replicated) state index and owns one
// contiguous range of its bitmap words, cut so that ranks own about the same
// number of stored positions; since states are numbered in rank order, a
// word range is a contiguous state range, and a state's owner is a binary
// search over the P + 1 range starts. A rank stores the two int8 tables of
// its own states only, plus a "ghost" copy of every other rank's state that
// its positions read (their children). Inside a rank, oneTBB threads sweep
// the own words exactly as the single-process solver does (the same
// sweep_word, reading children through an accessor that is local or ghost).
//
// Exchange (ghost_exchange.hpp; Romein and Bal's bulk, combined messages):
// the graph is static, so each rank registers the ghosts it reads with their
// owners once; after every sweep an owner sends each reader, in one
// combined message, only the registered states whose codes changed since it
// last sent them (6 bytes: slot, upper, lower), all ranks at once through
// MPI_Alltoallv. Ghosts are then at most one sweep old. The partition and
// the exchange know nothing of the operator: a solver with another sweep
// (e.g. Jacobi rounds with depths) plugs in its own record and round. Termination: an MPI_Allreduce of the number
// of changed codes; a sweep in which no rank changed anything started from
// ghosts equal to their owners' values, so every state satisfies its
// equation with current values: the tables are the fixpoints.
//
// Soundness of stale ghosts: the operator is monotone and each code moves
// one way only (upper falls, lower rises), so a ghost older than its owner
// lies on the same side of the fixpoint as the owner's value; an iteration
// that reads it stays on its side too, and one that stops at a common
// fixpoint of all equations from the top (bottom) stops at the greatest
// (least) one, which is unique. The values therefore equal the
// single-process run's, byte for byte; only the number of sweeps may differ.
#pragma once

#if GOTB_MPI

#include <mpi.h>

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <cstring>
#include <limits>
#include <stdexcept>
#include <string>
#include <vector>

#include <tbb/blocked_range.h>
#include <tbb/combinable.h>
#include <tbb/enumerable_thread_specific.h>
#include <tbb/parallel_for.h>

#include "generator/distributed/ghost_exchange.hpp"
#include "generator/distributed/partition.hpp"
#include "generator/retrograde/fixpoint.hpp"
#include "generator/retrograde/progress.hpp"
#include "generator/retrograde/state_index.hpp"
#include "generator/retrograde/value_code.hpp"

namespace gotb::dist {

template <class Kernel>
class DistributedFixpoint {
 public:
  DistributedFixpoint(const retro::StateIndex& index, const Kernel& kernel, MPI_Comm comm)
      : idx_(index),
        k_(kernel),
        comm_(comm),
        part_(index, ranks_of(comm)),
        x_(comm, OwnerOf{&part_}, {static_cast<std::uint8_t>(retro::kMoverWins), static_cast<std::uint8_t>(retro::kOpponentWins)}) {
    MPI_Comm_rank(comm_, &rank_);
    P_ = ranks_of(comm_);
    begin_ = part_.state_begin[rank_];
    end_ = part_.state_begin[rank_ + 1];
  }

  // Runs the sweeps to the fixpoints; this rank's own states end up in
  // own_upper()/own_lower(). Collective.
  retro::SweepStats run(const retro::Progress& progress) {
    PhaseClock clock(stats_.mine);
    up_.assign(end_ - begin_, retro::kMoverWins);
    lo_.assign(end_ - begin_, retro::kOpponentWins);
    register_ghosts();
    clock.mark(kSetupPhase);
    const double t0 = progress.elapsed();
    retro::SweepStats st;
    Values values{up_.data(), lo_.data(), begin_, end_ - begin_, &x_};
    const std::uint64_t w0 = part_.word_begin[rank_], w1 = part_.word_begin[rank_ + 1];
    for (;;) {
      const double ts = progress.elapsed();
      tbb::combinable<std::uint64_t> changed, evaluated;
      std::atomic<bool> broken{false};
      tbb::parallel_for(tbb::blocked_range<std::uint64_t>(w0, w1, 64), [&](const tbb::blocked_range<std::uint64_t>& r) {
        std::uint64_t c = 0, e = 0;
        bool ok = true;
        for (std::uint64_t w = r.begin(); w != r.end(); ++w) ok &= retro::sweep_word(idx_, k_, values, w, c, e);
        changed.local() += c;
        evaluated.local() += e;
        if (!ok) broken = true;
      });
      clock.mark(kComputePhase);
      quiet_barrier(comm_);
      clock.mark(kWaitPhase);
      const std::uint64_t sent = x_.exchange([&](std::uint64_t off) {
        return Exchange::Record{static_cast<std::uint8_t>(up_[off]), static_cast<std::uint8_t>(lo_[off])};
      });
      std::uint64_t local[4] = {changed.combine(std::plus<>{}), evaluated.combine(std::plus<>{}), sent,
                                broken ? 1u : 0u};
      std::uint64_t global[4];
      check_mpi(MPI_Allreduce(local, global, 4, MPI_UINT64_T, MPI_SUM, comm_), "MPI_Allreduce");
      clock.mark(kExchangePhase);
      if (global[3]) throw std::logic_error("retrograde sweep: a value moved against its fixpoint (bug)");
      ++st.sweeps;
      st.evaluations += global[1];
      stats_.sweep_bytes.push_back(global[2]);
      stats_.sweep_changed.push_back(global[0]);
      const double dt = progress.elapsed() - ts;
      if (progress.chatty())
        progress.line("sweep %d: %llu states evaluated, %llu changed, %llu update bytes exchanged, %.2f s", st.sweeps,
                      static_cast<unsigned long long>(global[1]), static_cast<unsigned long long>(global[0]),
                      static_cast<unsigned long long>(global[2]), dt);
      if (global[0] == 0) break;
    }
    st.seconds = progress.elapsed() - t0;  // the sweeps, as in one process
    stats_.exchange_seconds = stats_.mine.wall[kWaitPhase] + stats_.mine.wall[kExchangePhase];
    stats_.alltoallv_calls = x_.alltoallv_calls();
    stats_.alltoallv_pair_bytes = alltoallv_pair_bytes(stats_.ranks);
    return st;
  }

  // Collective: the whole tables at rank 0 (other ranks get empty vectors).
  void gather(std::vector<std::int8_t>& upper, std::vector<std::int8_t>& lower) {
    gather_one(up_, upper);
    gather_one(lo_, lower);
  }

  const ExchangeStats& stats() const { return stats_; }
  const Partition& partition() const { return part_; }

 private:
  static int ranks_of(MPI_Comm c) {
    int n = 1;
    MPI_Comm_size(c, &n);
    return n;
  }

  // Own states in local arrays (relaxed atomics, as the shared solver),
  // other ranks' states in the ghost arrays, which change only between
  // sweeps.
  using Exchange = GhostExchange<2, OwnerOf>;  // record: upper, lower

  struct Values {
    std::int8_t* u;
    std::int8_t* l;
    std::uint64_t base, count;
    const Exchange* x;
    static std::int8_t load(const std::int8_t& v) {
      return std::atomic_ref<const std::int8_t>(v).load(std::memory_order_relaxed);
    }
    std::int8_t up(std::uint64_t s) const {
      return s - base < count ? load(u[s - base]) : static_cast<std::int8_t>(x->ghost(s)[0]);
    }
    std::int8_t lo(std::uint64_t s) const {
      return s - base < count ? load(l[s - base]) : static_cast<std::int8_t>(x->ghost(s)[1]);
    }
    void set_up(std::uint64_t s, std::int8_t v) {
      std::atomic_ref<std::int8_t>(u[s - base]).store(v, std::memory_order_relaxed);
    }
    void set_lo(std::uint64_t s, std::int8_t v) {
      std::atomic_ref<std::int8_t>(l[s - base]).store(v, std::memory_order_relaxed);
    }
  };

  // Finds every other rank's state this rank reads and registers it with
  // its owner.
  void register_ghosts() {
    const std::uint64_t w0 = part_.word_begin[rank_], w1 = part_.word_begin[rank_ + 1];
    tbb::enumerable_thread_specific<std::vector<std::uint64_t>> found;
    auto compact = [](std::vector<std::uint64_t>& v) {
      std::sort(v.begin(), v.end());
      v.erase(std::unique(v.begin(), v.end()), v.end());
    };
    tbb::parallel_for(tbb::blocked_range<std::uint64_t>(w0, w1, 64), [&](const tbb::blocked_range<std::uint64_t>& r) {
      auto& mine = found.local();
      std::size_t limit = std::max<std::size_t>(mine.size() * 2, 1 << 20);
      for (std::uint64_t w = r.begin(); w != r.end(); ++w) {
        retro::word_reads(idx_, k_, w, [&](std::uint64_t s) {
          if (s - begin_ >= end_ - begin_) mine.push_back(s);
        });
        if (mine.size() > limit) {
          compact(mine);
          limit = std::max<std::size_t>(mine.size() * 2, 1 << 20);
        }
      }
    });
    std::vector<std::uint64_t> keys;
    for (auto& v : found) {
      compact(v);
      keys.insert(keys.end(), v.begin(), v.end());
      std::vector<std::uint64_t>().swap(v);
    }
    x_.register_reads(std::move(keys), [&](std::uint64_t s) { return s - begin_; });
    std::uint64_t local[3] = {x_.ghosts(), end_ - begin_, x_.ghosts()}, sum[3], max[3];
    check_mpi(MPI_Allreduce(local, sum, 3, MPI_UINT64_T, MPI_SUM, comm_), "MPI_Allreduce");
    check_mpi(MPI_Allreduce(local, max, 3, MPI_UINT64_T, MPI_MAX, comm_), "MPI_Allreduce");
    stats_.ranks = P_;
    stats_.ghosts = sum[0];
    stats_.setup_bytes = sum[0] * sizeof(std::uint64_t);
    stats_.max_owned_states = max[1];
    stats_.max_ghosts = max[2];
  }

  void gather_one(const std::vector<std::int8_t>& mine, std::vector<std::int8_t>& all) {
    if (rank_ == 0) all.assign(idx_.states(), retro::kNoState);
    else all.clear();
    gather_range(mine.data(), mine.size(), part_.state_begin, all.data(), comm_);
  }

  const retro::StateIndex& idx_;
  const Kernel& k_;
  MPI_Comm comm_;
  Partition part_;
  int rank_ = 0, P_ = 1;
  std::uint64_t begin_ = 0, end_ = 0;  // own states [begin_, end_)
  std::vector<std::int8_t> up_, lo_;
  Exchange x_;
  ExchangeStats stats_;
};

}  // namespace gotb::dist

#endif  // GOTB_MPI
