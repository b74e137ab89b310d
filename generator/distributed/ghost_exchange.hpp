// Ghost states and their per-round exchange between MPI ranks: the part of
// a distributed retrograde sweep that does not depend on what is computed
// (docs/distributed.md). Only with GOTB_MPI.
//
// Each rank owns some states (the caller's partition, given as `owner`) and
// reads, in every round, the values of some states owned by other ranks:
// its ghosts. The read set is a property of the (static) state graph, so it
// is registered once: every rank sends each owner the list of that owner's
// states it reads. After each round, an owner sends every reader, in one
// combined message, only the registered states whose record changed since
// it last sent them (slot + record), all ranks at once through
// MPI_Alltoallv (Romein and Bal's bulk, combined updates for Awari). A
// record is a fixed number of bytes per state, e.g. the two int8 codes of
// the fixpoint tables, or codes plus depths for exact tables.
//
// After exchange(), every ghost holds its owner's values as of that
// exchange: a Jacobi round that exchanges after every round reads exactly
// the previous round's values, as in one process; a Gauss-Seidel sweep
// reads ghosts at most one sweep old.
#pragma once

#if GOTB_MPI

#include <mpi.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstring>
#include <limits>
#include <cstdlib>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <vector>

#include <time.h>

#include <tbb/parallel_for.h>

namespace gotb::dist {

inline void check_mpi(int rc, const char* what) {
  if (rc != MPI_SUCCESS) throw std::runtime_error(std::string("MPI call failed: ") + what);
}

// An element count for an MPI call, which takes an int: larger counts are
// refused with `what` in the message, never truncated.
inline int mpi_count(std::uint64_t n, const char* what = "a single MPI message would exceed 2^31 - 1 elements") {
  if (n > static_cast<std::uint64_t>(std::numeric_limits<int>::max())) throw std::runtime_error(what);
  return static_cast<int>(n);
}

// The most bytes one MPI_Alltoallv call of alltoallv() below carries per
// rank pair. MPI counts and displacements are ints, so one call carries at
// most 2^31 - 1 bytes in all at each rank, P pairs of at most
// (2^31 - 1) / P bytes each; larger exchanges take several calls. The
// environment variable GOTB_MPI_ROUND_BYTES (a positive byte count) lowers
// it, so that the tests run the several-call path on small boards
// (tests/mpi_check.sh); it must be the same at every rank.
inline std::uint64_t alltoallv_pair_bytes(int ranks) {
  std::uint64_t cap = static_cast<std::uint64_t>(std::numeric_limits<int>::max()) / static_cast<std::uint64_t>(ranks);
  if (const char* env = std::getenv("GOTB_MPI_ROUND_BYTES"); env && *env) {
    char* end = nullptr;
    const unsigned long long v = std::strtoull(env, &end, 10);
    if (*end != '\0' || v == 0 || env[0] == '-')
      throw std::invalid_argument(std::string("GOTB_MPI_ROUND_BYTES must be a positive byte count, not '") + env + "'");
    cap = std::min<std::uint64_t>(cap, v);
  }
  return std::max<std::uint64_t>(cap, 1);
}

// A barrier that waits without spinning: MPI_Ibarrier, then MPI_Test with
// sleeps growing from 20 us to 1 ms. A rank that finishes its sweep early
// waits here for the slowest one. Open MPI's blocking calls poll in a busy
// loop (unless mpi_yield_when_idle is set, and even then they yield but
// stay runnable), which on a machine with more processes than cores takes
// CPU from the ranks still working (docs/distributed.md, "Overhead"); once
// every rank has arrived the exchange itself is short. Costs at most about
// 1 ms of latency per sweep, against sweeps of seconds.
inline void quiet_barrier(MPI_Comm comm) {
  int P = 1;
  MPI_Comm_size(comm, &P);
  if (P == 1) return;
  MPI_Request req;
  check_mpi(MPI_Ibarrier(comm, &req), "MPI_Ibarrier");
  long sleep_ns = 20000;
  for (int tries = 0;; ++tries) {
    int done = 0;
    check_mpi(MPI_Test(&req, &done, MPI_STATUS_IGNORE), "MPI_Test");
    if (done) return;
    if (tries < 16) continue;  // a short spin first: ranks often arrive together
    const timespec ts{0, sleep_ns};
    nanosleep(&ts, nullptr);
    sleep_ns = std::min(2 * sleep_ns, 1000000L);
  }
}

// Variable all-to-all of trivially copyable elements, `out[r]` to rank r;
// returns what arrived, in rank order, and how many elements from each.
// Collective. Counts are exchanged as 64-bit numbers; the data goes in as
// many MPI_Alltoallv calls as the largest rank pair needs at
// alltoallv_pair_bytes() per call (one call unless a pair exchanges about
// 2^31 / P bytes or more), so no count or displacement is ever truncated
// (docs/distributed.md, "Limits"). `calls`, when given, is increased by the
// number of MPI_Alltoallv calls (the same at every rank).
template <class T>
std::vector<T> alltoallv(const std::vector<std::vector<T>>& out, std::vector<std::uint64_t>& from, MPI_Comm comm,
                         std::uint64_t* calls = nullptr) {
  static_assert(std::is_trivially_copyable_v<T>);
  const int P = static_cast<int>(out.size());
  std::vector<std::uint64_t> sn(P), rn(P);  // bytes to and from each rank
  for (int r = 0; r < P; ++r) sn[r] = out[r].size() * sizeof(T);
  check_mpi(MPI_Alltoall(sn.data(), 1, MPI_UINT64_T, rn.data(), 1, MPI_UINT64_T, comm), "MPI_Alltoall");
  std::vector<std::uint64_t> roff(P + 1, 0);
  from.assign(P, 0);
  for (int r = 0; r < P; ++r) {
    if (rn[r] % sizeof(T) != 0) throw std::logic_error("alltoallv: a message of a partial element");
    roff[r + 1] = roff[r] + rn[r];
    from[r] = rn[r] / sizeof(T);
  }
  std::vector<T> recv(roff[P] / sizeof(T));
  char* const rbytes = reinterpret_cast<char*>(recv.data());

  // Calls: the most any pair of ranks needs, agreed by all.
  const std::uint64_t cap = alltoallv_pair_bytes(P);
  std::uint64_t need = 0;
  for (int r = 0; r < P; ++r) need = std::max(need, (std::max(sn[r], rn[r]) + cap - 1) / cap);
  check_mpi(MPI_Allreduce(MPI_IN_PLACE, &need, 1, MPI_UINT64_T, MPI_MAX, comm), "MPI_Allreduce");
  need = std::max<std::uint64_t>(need, 1);
  if (calls) *calls += need;

  std::vector<int> sc(P), sd(P), rc(P), rd(P);
  std::vector<char> send, in;
  for (std::uint64_t k = 0; k < need; ++k) {
    // Call k carries bytes [k * cap, (k + 1) * cap) of every pair's message.
    const std::uint64_t at = k * cap;
    auto piece = [&](std::uint64_t n) { return n > at ? std::min(cap, n - at) : std::uint64_t{0}; };
    std::uint64_t st = 0, rt = 0;
    for (int r = 0; r < P; ++r) {
      sd[r] = mpi_count(st, "alltoallv: displacement overflow (bug)");
      sc[r] = mpi_count(piece(sn[r]), "alltoallv: count overflow (bug)");
      st += piece(sn[r]);
      rd[r] = mpi_count(rt, "alltoallv: displacement overflow (bug)");
      rc[r] = mpi_count(piece(rn[r]), "alltoallv: count overflow (bug)");
      rt += piece(rn[r]);
    }
    send.resize(st);
    for (int r = 0; r < P; ++r)
      if (sc[r]) std::memcpy(send.data() + sd[r], reinterpret_cast<const char*>(out[r].data()) + at, sc[r]);
    // One call: straight into the result, whose layout is then this call's.
    char* const target = need == 1 ? rbytes : (in.resize(rt), in.data());
    check_mpi(MPI_Alltoallv(send.data(), sc.data(), sd.data(), MPI_BYTE, target, rc.data(), rd.data(), MPI_BYTE, comm),
              "MPI_Alltoallv");
    if (need > 1)
      for (int r = 0; r < P; ++r)
        if (rc[r]) std::memcpy(rbytes + roff[r] + at, in.data() + rd[r], rc[r]);
  }
  return recv;
}

// Owner: a callable int(std::uint64_t state) giving the owning rank.
template <std::size_t kBytes, class Owner>
class GhostExchange {
 public:
  using Record = std::array<std::uint8_t, kBytes>;

  // `initial`: the record every state starts with, on every rank (so no
  // message is needed before the first round).
  GhostExchange(MPI_Comm comm, Owner owner, const Record& initial) : comm_(comm), owner_(owner), initial_(initial) {
    MPI_Comm_rank(comm_, &rank_);
    MPI_Comm_size(comm_, &P_);
  }

  // Collective. `keys`: states of other ranks this rank reads (any order,
  // duplicates allowed; consumed). own_offset(s): where own state s lives in
  // the caller's arrays (what exchange() passes to read_own).
  template <class OwnOffset>
  void register_reads(std::vector<std::uint64_t> keys, OwnOffset own_offset) {
    // Grouped by owner, sorted within: ghost(s) is a binary search in its
    // owner's run.
    std::sort(keys.begin(), keys.end(), [&](std::uint64_t a, std::uint64_t b) {
      const int oa = owner_(a), ob = owner_(b);
      return oa != ob ? oa < ob : a < b;
    });
    keys.erase(std::unique(keys.begin(), keys.end()), keys.end());
    keys_ = std::move(keys);
    keys_.shrink_to_fit();
    ghosts_.assign(keys_.size(), initial_);
    run_.assign(P_ + 1, 0);
    std::vector<std::vector<std::uint64_t>> out(P_);
    for (std::uint64_t k : keys_) {
      const int o = owner_(k);
      if (o == rank_ || o < 0 || o >= P_) throw std::logic_error("ghost exchange: a read of an own or unowned state");
      out[o].push_back(k);
    }
    for (int r = 0; r < P_; ++r) run_[r + 1] = run_[r] + out[r].size();
    std::vector<std::uint64_t> from;
    const std::vector<std::uint64_t> requested = alltoallv(out, from, comm_, &calls_);
    serve_begin_.assign(P_ + 1, 0);
    for (int r = 0; r < P_; ++r) {
      // An update names its state by a 32-bit slot in the pair's list.
      if (from[r] >= (std::uint64_t{1} << 32))
        throw std::invalid_argument("ghost exchange: rank " + std::to_string(r) + " reads 2^32 or more states of rank " +
                                    std::to_string(rank_) + "; use more ranks");
      serve_begin_[r + 1] = serve_begin_[r] + from[r];
    }
    serve_.resize(requested.size());
    for (std::size_t i = 0; i < requested.size(); ++i) {
      if (owner_(requested[i]) != rank_) throw std::logic_error("ghost exchange: misrouted registration");
      serve_[i] = own_offset(requested[i]);
    }
    sent_.assign(serve_.size(), initial_);
    registration_bytes_ = keys_.size() * sizeof(std::uint64_t);
    build_buckets();
  }

  // Collective. read_own(offset) -> Record: an own state's current record.
  // Sends every reader the records that changed since last sent, applies
  // what arrives. Returns the bytes this rank sent.
  template <class ReadOwn>
  std::uint64_t exchange(ReadOwn read_own) {
    return exchange(read_own, [](std::uint64_t, const Record&) {});
  }

  // The same; also calls on_ghost(ghost_index(s), record) for every ghost
  // whose record arrived (for callers that keep ghosts in their own arrays
  // next to the own states, so that a read needs no search).
  template <class ReadOwn, class OnGhost>
  std::uint64_t exchange(ReadOwn read_own, OnGhost on_ghost) {
    constexpr std::size_t kSize = sizeof(std::uint32_t) + kBytes;  // slot, record
    std::vector<std::vector<std::uint8_t>> out(P_);
    tbb::parallel_for(0, P_, [&](int r) {
      auto& buf = out[r];
      for (std::size_t i = serve_begin_[r]; i < serve_begin_[r + 1]; ++i) {
        const Record now = read_own(serve_[i]);
        if (now == sent_[i]) continue;
        sent_[i] = now;
        const auto slot = static_cast<std::uint32_t>(i - serve_begin_[r]);
        std::uint8_t rec[kSize];
        std::memcpy(rec, &slot, sizeof slot);
        std::memcpy(rec + sizeof slot, now.data(), kBytes);
        buf.insert(buf.end(), rec, rec + kSize);
      }
    });
    std::uint64_t sent = 0;
    for (const auto& b : out) sent += b.size();
    std::vector<std::uint64_t> from;
    const std::vector<std::uint8_t> in = alltoallv(out, from, comm_, &calls_);
    std::size_t at = 0;
    for (int r = 0; r < P_; ++r) {
      const std::size_t end = at + from[r];
      for (; at < end; at += kSize) {
        std::uint32_t slot;
        std::memcpy(&slot, &in[at], sizeof slot);
        Record& g = ghosts_[run_[r] + slot];
        std::memcpy(g.data(), &in[at + sizeof slot], kBytes);
        on_ghost(run_[r] + slot, g);
      }
    }
    return sent;
  }

  // The record of another rank's state this rank registered.
  const Record& ghost(std::uint64_t s) const { return ghosts_[ghost_index(s)]; }
  // Its place among this rank's ghosts, in [0, ghosts()): fixed from
  // register_reads() on.
  std::uint64_t ghost_index(std::uint64_t s) const {
    if (!bucket_.empty()) {
      // Ghosts sorted by state: a bucket holds about one key, so this is
      // two loads instead of a binary search over all ghosts (~20 cache
      // misses per read of a remote child; 40% of a sweep's time at two
      // ranks on 4x4 before, docs/distributed.md "Overhead").
      const std::uint64_t b = (s - bucket_base_) >> bucket_shift_;
      const auto first = keys_.begin() + bucket_[b], last = keys_.begin() + bucket_[b + 1];
      return static_cast<std::uint64_t>(std::lower_bound(first, last, s) - keys_.begin());
    }
    const int o = owner_(s);
    const auto first = keys_.begin() + static_cast<std::ptrdiff_t>(run_[o]);
    const auto last = keys_.begin() + static_cast<std::ptrdiff_t>(run_[o + 1]);
    return static_cast<std::uint64_t>(std::lower_bound(first, last, s) - keys_.begin());
  }

  std::uint64_t ghosts() const { return keys_.size(); }
  // True when ghost_index() uses the bucket table (see build_buckets).
  bool bucketed() const { return !bucket_.empty(); }
  std::uint64_t registration_bytes() const { return registration_bytes_; }
  // MPI_Alltoallv calls so far (registration and exchanges; one per
  // exchange unless a message was split, see alltoallv()).
  std::uint64_t alltoallv_calls() const { return calls_; }
  // Bytes held for ghosts and for serving readers.
  std::uint64_t bytes() const {
    return keys_.size() * (sizeof(std::uint64_t) + kBytes) + serve_.size() * (sizeof(std::uint64_t) + kBytes) +
           bucket_.size() * sizeof(std::uint32_t);
  }

 private:
  // When the ghosts, grouped by owner, are also sorted by state (owners
  // hold increasing state ranges, as the fixpoint tables' Partition), a
  // table of 4 bytes per ghost cuts the state range from the first to the
  // last ghost into power-of-two buckets, about one ghost each on average:
  // bucket_[b] is the first ghost of bucket b.
  void build_buckets() {
    bucket_.clear();
    if (keys_.empty() || keys_.size() >= (std::uint64_t{1} << 32) || !std::is_sorted(keys_.begin(), keys_.end()))
      return;
    bucket_base_ = keys_.front();
    const std::uint64_t span = keys_.back() - bucket_base_ + 1;
    bucket_shift_ = 0;
    while ((span >> bucket_shift_) > keys_.size()) ++bucket_shift_;
    const std::uint64_t buckets = (span >> bucket_shift_) + 1;
    bucket_.assign(buckets + 1, 0);
    std::size_t k = 0;
    for (std::uint64_t b = 0; b <= buckets; ++b) {
      while (k < keys_.size() && ((keys_[k] - bucket_base_) >> bucket_shift_) < b) ++k;
      bucket_[b] = static_cast<std::uint32_t>(k);
    }
    // Every ghost must be found where it is (one pass of lookups, a few
    // percent of the registration): a wrong slot would read another
    // state's value silently.
    for (std::size_t i = 0; i < keys_.size(); ++i)
      if (ghost_index(keys_[i]) != i) throw std::logic_error("ghost exchange: bucket table misplaces a ghost");
  }


  MPI_Comm comm_;
  Owner owner_;
  Record initial_;
  int rank_ = 0, P_ = 1;
  std::vector<std::uint64_t> keys_;  // ghosts, by owner then state
  std::vector<Record> ghosts_;
  std::vector<std::size_t> run_;     // keys_ of owner r: [run_[r], run_[r+1])
  std::vector<std::uint64_t> serve_;  // registered own states, by reader, as offsets
  std::vector<std::size_t> serve_begin_;
  std::vector<Record> sent_;
  std::uint64_t registration_bytes_ = 0;
  std::uint64_t calls_ = 0;
  std::vector<std::uint32_t> bucket_;  // empty: binary search per owner
  std::uint64_t bucket_base_ = 0;
  int bucket_shift_ = 0;
};

}  // namespace gotb::dist

#endif  // GOTB_MPI
