// Lazy SMP for the exact search: several TrompTaylorSearch objects at the
// same line, each on its own thread, sharing one SearchTable.
//
// Each member searches the whole question (the value, the move values, the
// optimal moves, a principal variation) by itself; the table carries what
// one member proved to the others (each reuse checked against the reader's
// own history, search_table.hpp), and helpers are diversified
// (SearchOptions::diversify: another move order in the first plies, and
// the upper test of each horizon first) so that they prove different things
// first. The members also share their deepening (deepening_share.hpp): the
// bounds proved at a line, the nodes spent there (the tests' budget), and
// which tests run. In pair mode (SearchOptions::team_split false)
// every member runs each test of one thread's order at once, with its part
// of the budget, deferring near the test's root the moves another member is
// searching; the first to end a test ends it for all. With team_split the
// two null-window tests of a horizon run on two threads instead and no test
// is run twice (the default; docs/solving.md §3, "Session 23"). The first
// member to finish gives the answer and stops the others. Each member's
// answer is exact on its own, so the team's is too (docs/solving.md §3, "A
// table shared by threads").
//
// Independent searches of different roots may share a table the same way:
// make one SearchTable and pass it in SearchOptions::table to each search
// (one search per thread; a TrompTaylorSearch itself is sequential).
#pragma once

#include <atomic>
#include <ctime>
#include <exception>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "core/budget.hpp"
#include "core/stack_guard.hpp"
#include "generator/search/deepening_share.hpp"
#include "generator/search/search_solver.hpp"

namespace gotb::search {

class SearchTeam {
 public:
  // `threads` members (at least 1) on one table of opt.table_megabytes and
  // opt.proof_megabytes (or opt.table when given), each playing `history`
  // from the empty board. Member k > 0 gets diversify = k. Node and time
  // limits apply to each member; the first member to reach one ends the race.
  SearchTeam(const Board& board, const TrompTaylorConfig& cfg, double komi, SearchOptions opt, int threads,
             const std::vector<Move>& history = {});

  int size() const { return static_cast<int>(members_.size()); }
  TrompTaylorSearch& member(int k) { return *members_[k]; }
  const std::shared_ptr<SearchTable>& table() const { return table_; }

  // Runs f on every member at once (member 0 on the calling thread, the
  // others on threads with kHelperStack bytes of stack) and returns the
  // result of the first to finish; the others are stopped. If no member
  // finishes, rethrows the first exception (NodeLimitReached when a member
  // ran out of budget). Every member's line is as before afterwards.
  template <class R>
  R race(const std::function<R(TrompTaylorSearch&)>& f);

  // The counters of every member added up (nodes: the team's total).
  SearchStats total_stats() const;
  // The member whose answer the last race returned (-1 before any), and a
  // line with every member's nodes, list words read per node and busy CPU
  // seconds (for --profile and benchmarks/search_threads.sh).
  int winner() const { return winner_; }
  std::string summary() const;

  static constexpr std::size_t kHelperStack = std::size_t{256} << 20;

  // CPU seconds each member's thread spent in races so far (how evenly the
  // team's work splits; the search alone, not the ordering tables).
  const std::vector<double>& busy_seconds() const { return busy_; }

 private:
  static double thread_seconds() {
    timespec t{};
    ::clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return static_cast<double>(t.tv_sec) + 1e-9 * static_cast<double>(t.tv_nsec);
  }
  std::vector<double> busy_;
  std::shared_ptr<SearchTable> table_;
  std::atomic<bool> stop_{false};
  DeepeningShare share_;  // bounds and tests of deepen() (members > 1)
  int winner_ = -1;
  std::vector<std::unique_ptr<TrompTaylorSearch>> members_;
};

template <class R>
R SearchTeam::race(const std::function<R(TrompTaylorSearch&)>& f) {
  stop_.store(false);
  std::mutex m;
  std::optional<R> result;
  std::exception_ptr error, fault;
  if (busy_.size() != members_.size()) busy_.assign(members_.size(), 0.0);
  auto job = [&](int k) {
    const double cpu0 = thread_seconds();
    struct Busy {  // adds the thread's CPU time however the member ends
      double& out;
      double start;
      ~Busy() { out += thread_seconds() - start; }
    } busy{busy_[k], cpu0};
    try {
      R r = f(*members_[k]);
      std::lock_guard<std::mutex> g(m);
      if (!result) {
        result.emplace(std::move(r));
        winner_ = k;
      }
      stop_.store(true);
    } catch (const NodeLimitReached&) {
      std::lock_guard<std::mutex> g(m);
      // A member stopped because another finished (or failed) is no error.
      if (!stop_.load() && !error) error = std::current_exception();
      stop_.store(true);
    } catch (...) {  // anything else is a fault, reported even after a result
      std::lock_guard<std::mutex> g(m);
      if (!fault) fault = std::current_exception();
      stop_.store(true);
    }
  };
  std::vector<std::thread> helpers;
  for (int k = 1; k < size(); ++k)
    helpers.emplace_back([&, k] {
      try {
        run_with_stack(kHelperStack, [&] { job(k); });
      } catch (...) {  // the thread could not start: the others go on
      }
    });
  job(0);
  for (auto& t : helpers) t.join();
  if (fault) std::rethrow_exception(fault);
  if (result) return std::move(*result);
  if (error) std::rethrow_exception(error);
  throw NodeLimitReached(kStoppedMessage);
}

}  // namespace gotb::search
