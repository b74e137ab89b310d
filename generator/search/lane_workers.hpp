// The threads of superko generation's lanes, made once for a whole run
// (docs/solving.md, "Superko tablebases", "Lane threads that last the run").
//
// Lane k's work of every level (its chunks, then its half of the entry
// exchange) runs on thread k, whose stack is the same size whatever the
// thread count (a search too deep for its stack stops: core/stack_guard.hpp,
// so the stack is part of what decides the facts). Before, every level made
// a thread per lane and a 256 MiB stack for it, and oneTBB's workers ran the
// exchange: two thread starts per lane and level, the stack's pages faulted
// again each time and unmapped at its end (a TLB shootdown that interrupts
// the other lane), and a wake-up of oneTBB's workers at every barrier.
// Which thread runs which lane's work decides nothing: each job touches
// only its own lane's solver and table, so the lanes stay a function of the
// plan and the lane count alone.
#pragma once

#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <exception>
#include <functional>
#include <mutex>
#include <vector>

#include <pthread.h>

namespace gotb::search {

class LaneWorkers {
 public:
  // `lanes` threads, each with a stack of `stack_bytes`. Throws
  // std::runtime_error when a thread cannot be made.
  LaneWorkers(std::uint32_t lanes, std::size_t stack_bytes);
  ~LaneWorkers();
  LaneWorkers(const LaneWorkers&) = delete;
  LaneWorkers& operator=(const LaneWorkers&) = delete;

  // Runs job(k) on lane k's thread for every lane k and returns when all
  // have returned; at most `at_once` jobs run at a time (0: all; a job
  // that waits for another lane must be run with all of them at once, or
  // hand out its own permits, as LaneClockSchedule does). Rethrows the
  // exception of the lowest lane whose job threw. Not reentrant.
  void run(const std::function<void(std::uint32_t)>& job, std::uint32_t at_once = 0);

 private:
  static void* main(void* self);
  void stop();
  void serve(std::uint32_t lane);

  std::uint32_t lanes_;
  std::vector<pthread_t> threads_;
  std::mutex mu_;
  std::condition_variable start_cv_, done_cv_, slot_cv_;
  const std::function<void(std::uint32_t)>* job_ = nullptr;
  std::uint64_t generation_ = 0;  // bumped by run(): a new job for every lane
  std::uint32_t pending_ = 0, free_slots_ = 0;
  std::vector<std::exception_ptr> errors_;
  bool quit_ = false;
};

}  // namespace gotb::search
