// LaneWorkers (generator/search/lane_workers.hpp): the lanes' threads that
// last a whole superko generation.
#include <atomic>
#include <stdexcept>
#include <thread>
#include <vector>

#include <catch2/catch.hpp>

#include "core/stack_guard.hpp"
#include "generator/search/lane_workers.hpp"

using gotb::search::LaneWorkers;

TEST_CASE("lane workers run every lane's job on the same thread each time, at most at_once together", "[lane]") {
  LaneWorkers w(3, std::size_t{64} << 20);
  std::vector<std::thread::id> first(3), again(3);
  std::vector<std::uintptr_t> limit(3);
  w.run([&](std::uint32_t k) {
    first[k] = std::this_thread::get_id();
    limit[k] = gotb::stack_limit_of_this_thread();
  });
  for (int round = 0; round < 5; ++round) {
    std::atomic<int> running{0}, most{0}, ran{0};
    w.run(
        [&](std::uint32_t k) {
          const int now = ++running;
          for (int m = most.load(); now > m && !most.compare_exchange_weak(m, now);) {
          }
          std::this_thread::sleep_for(std::chrono::milliseconds(2));
          again[k] = std::this_thread::get_id();
          --running;
          ++ran;
        },
        1);
    CHECK(ran.load() == 3);
    CHECK(most.load() == 1);  // at_once = 1: one job at a time
    CHECK(again == first);
  }
  // Each thread has the large stack asked for (the limit is its far end
  // plus the reserve, so the stacks are distinct and far apart).
  for (std::uint32_t k = 0; k < 3; ++k) CHECK(limit[k] != 0);
  CHECK(first[0] != first[1]);
  CHECK(first[1] != first[2]);
}

TEST_CASE("lane workers rethrow the lowest lane's exception and stay usable", "[lane]") {
  LaneWorkers w(4, std::size_t{8} << 20);
  std::atomic<int> ran{0};
  try {
    w.run([&](std::uint32_t k) {
      ++ran;
      if (k == 1 || k == 3) throw std::runtime_error("lane " + std::to_string(k));
    });
    FAIL("no exception");
  } catch (const std::runtime_error& e) {
    CHECK(std::string(e.what()) == "lane 1");
  }
  CHECK(ran.load() == 4);  // the other lanes' jobs still ran
  ran = 0;
  w.run([&](std::uint32_t) { ++ran; });
  CHECK(ran.load() == 4);
}
