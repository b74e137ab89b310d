// The exception every exact computation throws when it runs out of its
// budget (nodes, time, or a state bound of an analysis) before it has proven
// its answer, and the budget itself. They live in core so that rules code
// (e.g. the Japanese 2003 analysis, whose own "not decided" derives from it)
// and every solver can share one "not proven" signal without core depending
// on generator/: a caller that catches NodeLimitReached reports "not proven"
// and uses nothing the interrupted computation produced.
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <stdexcept>
#include <string>

namespace gotb {

struct NodeLimitReached : std::runtime_error {
  explicit NodeLimitReached(const char* why = "node limit reached") : std::runtime_error(why) {}
  // What the solver had proven when it stopped, for the user (e.g. bounds on
  // the value); empty when nothing was.
  std::string proven;
};

// A run stopped by a limit the user set to cut it short (generate's
// --max-chunks, --max-walk) after it reported what it kept: exit 3 like a
// spent budget, but nothing it printed is "not proven".
struct StoppedByLimit : NodeLimitReached {
  using NodeLimitReached::NodeLimitReached;
};

// Why a solver stopped when a line grew too deep for its thread's stack
// (core/stack_guard.hpp).
inline constexpr const char* kStackLimitMessage = "stack limit reached (a line deeper than the stack holds)";

// A node limit and a wall-clock deadline, and the work charged so far.
//
// Work is counted in nodes: a solver charges one per search node, and code
// that can run long inside a single node (the Japanese 2003 analysis of a
// final position, which explores hypothetical-sequence graphs of up to
// millions of nodes) charges its own nodes to the budget of the computation
// that called it (current_budget(), below). So both limits hold for the
// whole computation, not only for the solver's own loop: the node limit
// bounds all the work, and the clock is read at least once every
// kClockStride units of it, i.e. every few milliseconds.
// Work done by every solver of this process, advanced in steps of about a
// thousand units (nodes). Only progress displays read it (`gotb table`'s
// nodes/s); no result depends on it.
std::atomic<std::uint64_t>& work_meter();

class Budget {
 public:
  static constexpr std::uint64_t kClockStride = 1024;

  Budget() = default;  // unlimited
  // node_limit 0 = none; time_limit in seconds from now, <= 0 = none.
  Budget(std::uint64_t node_limit, double time_limit) : node_limit_(node_limit) {
    if (time_limit > 0) {
      timed_ = true;
      // Beyond ~292 years the duration overflows; such a limit is no limit.
      if (time_limit < 1e9)
        deadline_ = std::chrono::steady_clock::now() +
                    std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                        std::chrono::duration<double>(time_limit));
      else
        timed_ = false;
    }
  }

  // Charges `work` units. Throws NodeLimitReached when the charged work
  // passes the node limit, or when the deadline has passed (the clock is
  // read once per kClockStride units, and on every charge of that many).
  void charge(std::uint64_t work = 1) {
    if (node_limit_ && used_ + work > node_limit_) throw NodeLimitReached();  // the work is not done
    used_ += work;
    if (used_ >= next_clock_) {
      next_clock_ = used_ + kClockStride;
      work_meter().fetch_add(used_ - metered_, std::memory_order_relaxed);
      metered_ = used_;
      if (timed_ && std::chrono::steady_clock::now() > deadline_) throw NodeLimitReached("time limit reached");
    }
  }
  // Reads the clock now (for code whose work is not counted in nodes).
  void check_time() const {
    if (timed_ && std::chrono::steady_clock::now() > deadline_) throw NodeLimitReached("time limit reached");
  }
  std::uint64_t used() const { return used_; }
  bool limited() const { return node_limit_ != 0 || timed_; }

 private:
  std::uint64_t node_limit_ = 0, used_ = 0, next_clock_ = 0, metered_ = 0;
  bool timed_ = false;
  std::chrono::steady_clock::time_point deadline_{};
};

// The budget of the computation running on this thread, or nullptr. A
// solver installs its budget for the duration of each public call
// (BudgetScope); code deep inside the game model charges it through
// charge_current_budget() without knowing which solver called it.
Budget* current_budget();

// Installs `b` as this thread's current budget until destruction, then
// restores the previous one (scopes nest).
class BudgetScope {
 public:
  explicit BudgetScope(Budget* b);
  ~BudgetScope();
  BudgetScope(const BudgetScope&) = delete;
  BudgetScope& operator=(const BudgetScope&) = delete;

 private:
  Budget* previous_;
};

// Charges `work` to this thread's current budget, if any (throws like
// Budget::charge).
inline void charge_current_budget(std::uint64_t work) {
  if (Budget* b = current_budget()) b->charge(work);
}

}  // namespace gotb
