#include "core/stack_guard.hpp"

#include <pthread.h>

#include <cstring>
#include <exception>
#include <stdexcept>
#include <string>

namespace gotb {

std::uintptr_t stack_limit_of_this_thread() {
  pthread_attr_t attr;
  if (pthread_getattr_np(pthread_self(), &attr) != 0) return 0;
  void* low = nullptr;
  std::size_t size = 0;
  std::uintptr_t limit = 0;
  // The stack grows down from low + size; `low` is its far end (for the main
  // thread, as far as the stack rlimit lets it grow).
  if (pthread_attr_getstack(&attr, &low, &size) == 0 && size > 2 * kStackReserve)
    limit = reinterpret_cast<std::uintptr_t>(low) + kStackReserve;
  pthread_attr_destroy(&attr);
  return limit;
}

namespace {
struct Job {
  const std::function<void()>* f;
  std::exception_ptr error;
};
void* run_job(void* arg) {
  Job* job = static_cast<Job*>(arg);
  try {
    (*job->f)();
  } catch (...) {
    job->error = std::current_exception();
  }
  return nullptr;
}
}  // namespace

void run_with_stack(std::size_t bytes, const std::function<void()>& f) {
  pthread_attr_t attr;
  pthread_attr_init(&attr);
  int rc = pthread_attr_setstacksize(&attr, bytes);
  Job job{&f, nullptr};
  pthread_t thread;
  if (rc == 0) rc = pthread_create(&thread, &attr, run_job, &job);
  pthread_attr_destroy(&attr);
  if (rc != 0) throw std::runtime_error(std::string("cannot start a thread with a large stack: ") + std::strerror(rc));
  pthread_join(thread, nullptr);
  if (job.error) std::rethrow_exception(job.error);
}

}  // namespace gotb
