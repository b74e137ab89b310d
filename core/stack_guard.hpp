// The solvers recurse once per ply, and under superko a line can be tens of
// thousands of plies long (the reference solver reaches 23,800 plies on 1x11
// within a millisecond of starting), far more than a default 8 MiB stack
// holds. Two defences, used together:
//  - run_with_stack() runs the front end on a thread with a large stack
//    (reserved address space; only the pages a deep line touches are used);
//  - stack_near_end(), asked at every node, tells the recursion when the
//    thread's stack is nearly used up, so that the solver stops with
//    NodeLimitReached ("not proven") instead of crashing.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>

namespace gotb {

// What is kept free below the deepest solver frame: room for the last
// node's own calls (move generation, the table, library code).
inline constexpr std::size_t kStackReserve = 512 * 1024;

// The lowest address this thread's frames may reach before stack_near_end()
// fires (0 where the stack's bounds cannot be read: it never fires then).
std::uintptr_t stack_limit_of_this_thread();

// True when the caller's frame lies within kStackReserve bytes of the end of
// the calling thread's stack. One thread-local load and a compare: cheap
// enough to ask once per search node.
inline bool stack_near_end() {
  thread_local const std::uintptr_t limit = stack_limit_of_this_thread();
  volatile char probe = 0;
  return reinterpret_cast<std::uintptr_t>(&probe) < limit;
}

// Runs f on a new thread whose stack has `bytes` bytes and waits for it;
// an exception thrown by f is rethrown here. Throws std::runtime_error when
// the thread cannot be created.
void run_with_stack(std::size_t bytes, const std::function<void()>& f);

}  // namespace gotb
