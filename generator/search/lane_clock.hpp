// Node-count clocks for superko generation's lanes: the chunks of a level go
// to the lanes in list-scheduling order on a clock that counts nodes, not
// seconds, so which lane solves which chunk (and with it every lane's table
// and every stored fact) depends on the searches alone, not on the thread
// count or the timing (docs/solving.md, "Superko tablebases", "Lanes on
// node clocks").
//
// The rule: a lane that has finished its chunk at clock t (its nodes since
// the level began) takes the next chunk of the level's queue when no other
// lane can still finish earlier, i.e. when every other lane is out of work,
// or waits for a chunk at a later (clock, lane), or is solving and its clock
// already reads past (t, lane). Chunks are thus handed out in the order of
// the (clock, lane) at which lanes fall free, exactly as one thread would
// hand them out running always the lane with the lowest clock. A solving
// lane publishes its node count every 64 nodes (NodeClock, written by the
// search through SearchOptions::clock); a waiting lane sleeps (a condition
// variable, no spinning: with one thread the lane it waits for needs the
// core) until the clock it waits for passes its mark or a lane's state
// changes.
//
// Threads: each lane runs on a thread of its own; with fewer threads than
// lanes a lane holds one of `threads` permits while it solves (a waiting
// lane holds none, so the lane with the lowest clock always gets one).
#pragma once

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <limits>
#include <memory>
#include <mutex>
#include <vector>

namespace gotb::search {

class LaneClockSchedule;

// A solver's node count as other threads see it (SearchOptions::clock).
struct NodeClock {
  std::atomic<std::uint64_t> now{0};
  // publish() wakes the waiting lanes when `now` reaches this (the lowest
  // mark a waiter set; the most nodes a solving lane runs past it is 64).
  std::atomic<std::uint64_t> wake_at{std::numeric_limits<std::uint64_t>::max()};
  LaneClockSchedule* owner = nullptr;
  void publish(std::uint64_t nodes) {
    now.store(nodes);  // sequentially consistent: a waiter that set wake_at re-reads `now`
    if (nodes >= wake_at.load()) wake();
  }
  void wake();
};

class LaneClockSchedule {
 public:
  LaneClockSchedule(std::uint32_t lanes, std::uint32_t threads);
  NodeClock& clock(std::uint32_t lane) { return *clocks_[lane]; }

  // A new level of `chunks` chunks (numbered 0.. in queue order); every lane
  // is free at clock 0. Not while a lane works.
  void begin_level(std::uint64_t chunks);
  // Lane `lane` is free (its solver has searched `nodes` nodes in all):
  // returns the next chunk it solves, or -1 when the level has none left for
  // it (or the run stops). With fewer threads than lanes the lane holds a
  // permit on return of a chunk, until its next call (or finish()).
  std::int64_t next(std::uint32_t lane, std::uint64_t nodes);
  // The lane leaves the level early (its search failed): it no longer holds
  // anyone up, and every lane gets -1 from now on.
  void abort(std::uint32_t lane);
  // Ask every lane to stop taking chunks (deterministic only in what was
  // done before; for --max-chunks).
  void stop();
  // Nodes the lane searched in this level.
  std::uint64_t level_nodes(std::uint32_t lane) const { return level_nodes_[lane]; }
  // Since the schedule was made: how often lanes slept in next() until a
  // solving lane's clock passed theirs (or a lane's state changed), and the
  // wall seconds they slept (--profile: what the node clocks cost in time).
  std::uint64_t clock_waits() const { return clock_waits_; }
  double clock_wait_seconds() const { return clock_wait_seconds_; }

 private:
  friend struct NodeClock;
  enum class State { Free, Solving, Done };
  void bump() { cv_.notify_all(); }  // under mu_

  std::uint32_t lanes_, threads_;
  std::vector<std::unique_ptr<NodeClock>> clocks_;
  std::mutex mu_;
  std::condition_variable cv_;
  std::vector<State> state_;
  std::vector<std::uint64_t> base_, free_at_, level_nodes_;
  std::vector<char> holds_permit_;
  std::uint64_t chunks_ = 0, next_chunk_ = 0;
  bool stop_ = false;
  std::uint32_t permits_ = 0;
  std::uint64_t clock_waits_ = 0;
  double clock_wait_seconds_ = 0;
  std::condition_variable permit_cv_;
};

// One chunk as a lane solved it (for --profile's model of idle cores): the
// lane, the lane's clock (nodes since the level began) when the chunk began
// and when it ended, and the thread CPU seconds it took.
struct ChunkRun {
  std::uint32_t lane = 0;
  std::uint64_t from = 0, to = 0;
  double cpu = 0;
};

// The wall seconds a level would take with a thread per lane on idle cores
// if each chunk took its CPU seconds and a lane's clock advanced evenly
// through a chunk: `chunks` in the order they were handed out; a chunk
// starts when its lane has finished the one before and every other lane's
// clock has reached the clock it was handed out at (the schedule's rule).
// So it holds what the rule's waiting costs, not wake-up latencies or
// other processes. On a loaded machine the thread CPU seconds still say
// what the work costs, where wall seconds do not.
double idle_level_seconds(const std::vector<ChunkRun>& chunks, std::uint32_t lanes);

}  // namespace gotb::search
