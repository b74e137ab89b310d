#include "generator/search/lane_workers.hpp"

#include <cstring>
#include <stdexcept>
#include <string>

namespace gotb::search {

namespace {
struct Start {
  LaneWorkers* self;
  std::uint32_t lane;
};
}  // namespace

LaneWorkers::LaneWorkers(std::uint32_t lanes, std::size_t stack_bytes) : lanes_(lanes), errors_(lanes) {
  pthread_attr_t attr;
  pthread_attr_init(&attr);
  int rc = pthread_attr_setstacksize(&attr, stack_bytes);
  for (std::uint32_t k = 0; k < lanes_ && rc == 0; ++k) {
    pthread_t t;
    rc = pthread_create(&t, &attr, &LaneWorkers::main, new Start{this, k});
    if (rc == 0) threads_.push_back(t);
  }
  pthread_attr_destroy(&attr);
  if (rc != 0) {
    stop();  // joins the threads made so far
    throw std::runtime_error(std::string("cannot start a lane's thread with a large stack: ") + std::strerror(rc));
  }
}

LaneWorkers::~LaneWorkers() { stop(); }

void LaneWorkers::stop() {
  {
    std::lock_guard<std::mutex> lock(mu_);
    quit_ = true;
  }
  start_cv_.notify_all();
  for (pthread_t t : threads_) pthread_join(t, nullptr);
  threads_.clear();
}

void* LaneWorkers::main(void* arg) {
  const Start s = *static_cast<Start*>(arg);
  delete static_cast<Start*>(arg);
  s.self->serve(s.lane);
  return nullptr;
}

void LaneWorkers::serve(std::uint32_t lane) {
  std::uint64_t seen = 0;
  std::unique_lock<std::mutex> lock(mu_);
  for (;;) {
    start_cv_.wait(lock, [&] { return quit_ || generation_ != seen; });
    if (quit_) return;
    seen = generation_;
    slot_cv_.wait(lock, [&] { return free_slots_ > 0; });
    --free_slots_;
    const std::function<void(std::uint32_t)>& job = *job_;
    lock.unlock();
    try {
      job(lane);
    } catch (...) {
      errors_[lane] = std::current_exception();  // this lane's slot only
    }
    lock.lock();
    ++free_slots_;
    slot_cv_.notify_one();
    if (--pending_ == 0) done_cv_.notify_one();
  }
}

void LaneWorkers::run(const std::function<void(std::uint32_t)>& job, std::uint32_t at_once) {
  {
    std::lock_guard<std::mutex> lock(mu_);
    job_ = &job;
    pending_ = lanes_;
    free_slots_ = at_once == 0 || at_once > lanes_ ? lanes_ : at_once;
    for (auto& e : errors_) e = nullptr;
    ++generation_;
  }
  start_cv_.notify_all();
  std::unique_lock<std::mutex> lock(mu_);
  done_cv_.wait(lock, [&] { return pending_ == 0; });
  job_ = nullptr;
  for (const auto& e : errors_)
    if (e) std::rethrow_exception(e);
}

}  // namespace gotb::search
