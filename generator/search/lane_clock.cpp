#include "generator/search/lane_clock.hpp"

#include <algorithm>
#include <chrono>

namespace gotb::search {

LaneClockSchedule::LaneClockSchedule(std::uint32_t lanes, std::uint32_t threads)
    : lanes_(std::max<std::uint32_t>(lanes, 1)),
      threads_(std::max<std::uint32_t>(threads, 1)),
      state_(lanes_, State::Free),
      base_(lanes_, 0),
      free_at_(lanes_, 0),
      level_nodes_(lanes_, 0),
      holds_permit_(lanes_, 0) {
  for (std::uint32_t k = 0; k < lanes_; ++k) {
    clocks_.push_back(std::make_unique<NodeClock>());
    clocks_.back()->owner = this;
  }
  permits_ = threads_;
}

void LaneClockSchedule::begin_level(std::uint64_t chunks) {
  std::lock_guard<std::mutex> lock(mu_);
  chunks_ = chunks;
  next_chunk_ = 0;
  std::fill(state_.begin(), state_.end(), State::Free);
  std::fill(free_at_.begin(), free_at_.end(), 0);
  std::fill(level_nodes_.begin(), level_nodes_.end(), 0);
  std::fill(base_.begin(), base_.end(), std::numeric_limits<std::uint64_t>::max());
}

void NodeClock::wake() {
  wake_at.store(std::numeric_limits<std::uint64_t>::max());
  // Under the lock: a waiter between its check and its wait holds it.
  std::lock_guard<std::mutex> lock(owner->mu_);
  owner->bump();
}

std::int64_t LaneClockSchedule::next(std::uint32_t k, std::uint64_t nodes) {
  std::unique_lock<std::mutex> lock(mu_);
  if (holds_permit_[k]) {  // the chunk before is solved
    holds_permit_[k] = 0;
    ++permits_;
    permit_cv_.notify_one();
  }
  if (base_[k] == std::numeric_limits<std::uint64_t>::max()) base_[k] = nodes;  // first call of the level
  const std::uint64_t t = nodes - base_[k];
  state_[k] = State::Free;
  free_at_[k] = t;
  bump();  // lanes waiting for this one's (clock, lane) look again
  // (a, i) < (b, j): lane i at clock a falls free before lane j at clock b.
  auto before = [](std::uint64_t a, std::uint32_t i, std::uint64_t b, std::uint32_t j) {
    return a < b || (a == b && i < j);
  };
  for (;;) {
    if (stop_ || next_chunk_ >= chunks_) {
      state_[k] = State::Done;
      level_nodes_[k] = t;
      bump();
      return -1;
    }
    // The first lane that may still fall free before (t, k), if any.
    bool blocked = false;
    for (std::uint32_t j = 0; j < lanes_ && !blocked; ++j) {
      if (j == k || state_[j] == State::Done) continue;
      if (state_[j] == State::Free) {
        blocked = before(free_at_[j], j, t, k);  // it takes a chunk first
        continue;
      }
      // Solving: it falls free at a clock >= what it reads now; it is past
      // (t, k) once it reads t + 1 (t when it is the later lane).
      const std::uint64_t mark = base_[j] + t + (j < k ? 1 : 0);
      NodeClock& c = *clocks_[j];
      if (c.now.load() >= mark) continue;
      std::uint64_t w = c.wake_at.load();
      while (mark < w && !c.wake_at.compare_exchange_weak(w, mark)) {
      }
      blocked = c.now.load() < mark;  // re-read: publish() may have missed the mark just set
    }
    if (!blocked) break;
    const auto t0 = std::chrono::steady_clock::now();
    cv_.wait(lock);
    ++clock_waits_;
    clock_wait_seconds_ += std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  }
  const std::int64_t chunk = static_cast<std::int64_t>(next_chunk_++);
  state_[k] = State::Solving;
  clocks_[k]->now.store(nodes);
  bump();
  if (threads_ < lanes_) {
    permit_cv_.wait(lock, [&] { return permits_ > 0; });
    --permits_;
    holds_permit_[k] = 1;
  }
  return chunk;
}

void LaneClockSchedule::abort(std::uint32_t k) {
  std::lock_guard<std::mutex> lock(mu_);
  if (holds_permit_[k]) {
    holds_permit_[k] = 0;
    ++permits_;
    permit_cv_.notify_one();
  }
  state_[k] = State::Done;
  stop_ = true;
  bump();
}

void LaneClockSchedule::stop() {
  std::lock_guard<std::mutex> lock(mu_);
  stop_ = true;
  bump();
}

double idle_level_seconds(const std::vector<ChunkRun>& chunks, std::uint32_t lanes) {
  std::vector<double> free_at(lanes, 0.0), start(chunks.size(), 0.0);
  std::vector<std::vector<std::size_t>> of_lane(lanes);
  for (std::size_t i = 0; i < chunks.size(); ++i) {
    const ChunkRun& c = chunks[i];
    double s = free_at[c.lane];
    for (std::uint32_t j = 0; j < lanes; ++j) {
      if (j == c.lane) continue;
      // The chunk of lane j handed out before this one whose clock span
      // holds c.from: lane j's clock reaches c.from part-way through it.
      for (auto x = of_lane[j].rbegin(); x != of_lane[j].rend(); ++x) {
        const ChunkRun& o = chunks[*x];
        if (o.to <= c.from) break;  // lane j was past this chunk's clock before
        if (o.from <= c.from) {
          const double part = o.to > o.from ? static_cast<double>(c.from - o.from) / static_cast<double>(o.to - o.from) : 1.0;
          s = std::max(s, start[*x] + part * o.cpu);
          break;
        }
      }
    }
    start[i] = s;
    free_at[c.lane] = s + c.cpu;
    of_lane[c.lane].push_back(i);
  }
  return chunks.empty() ? 0.0 : *std::max_element(free_at.begin(), free_at.end());
}

}  // namespace gotb::search
