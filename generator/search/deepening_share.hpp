// What the members of a SearchTeam tell each other about their deepening
// (TrompTaylorSearch::deepen): the bounds proved at a line, and which
// null-window tests are running or were run there.
//
// A line is the exact sequence of states from the empty board (state keys:
// board, player to move, pass count), so two members share a record only
// when they search the same state under the same history. A bound one
// member proved there by a completed test holds for the other as it stands:
// same state, same history, same game (docs/solving.md §3, "Session 19").
// The claims only decide which tests a member runs, never a value: a member
// skips a test that another member is running or has run without result at
// the same or a deeper horizon, and goes on to the next horizon, where it
// runs its tests itself. So a member never waits for another, and alone it
// searches exactly as without a share.
#pragma once

#include <cstdint>
#include <deque>
#include <mutex>
#include <vector>

namespace gotb::search {

class DeepeningShare {
 public:
  using Line = std::vector<std::uint64_t>;

  // Narrows lo, hi by the bounds published for `line` (none: unchanged).
  void narrow(const Line& line, int& lo, int& hi) {
    std::lock_guard<std::mutex> g(m_);
    if (const Record* r = find(line)) {
      if (r->lo > lo) lo = r->lo;
      if (r->hi < hi) hi = r->hi;
    }
  }
  // Bounds proved at `line` by a completed test.
  void publish(const Line& line, int lo, int hi) {
    std::lock_guard<std::mutex> g(m_);
    Record& r = get(line);
    if (lo > r.lo) r.lo = lo;
    if (hi < r.hi) r.hi = hi;
  }
  // Nodes all members spent in tests at `line` (SearchOptions::test_budget
  // counts the team's work, so that a member's budget grows as fast as one
  // thread's would), and adds to them.
  std::uint64_t spent(const Line& line) {
    std::lock_guard<std::mutex> g(m_);
    const Record* r = find(line);
    return r ? r->spent : 0;
  }
  void add_spent(const Line& line, std::uint64_t nodes) {
    std::lock_guard<std::mutex> g(m_);
    get(line).spent += nodes;
  }
  // Claims the test (horizon, t, bias) at `line` for its caller; false when
  // another member runs or has run the same test (t, bias) at this horizon
  // or a deeper one: then the caller skips it.
  bool claim(const Line& line, int horizon, int t, int bias) {
    std::lock_guard<std::mutex> g(m_);
    Record& r = get(line);
    for (const Claim& c : r.claims)
      if (c.t == t && c.bias == bias && c.horizon >= horizon) return false;
    r.claims.push_back({horizon, t, bias});
    return true;
  }
  // The claimed test ended: kept (it ran, moved nothing or spent its budget,
  // so running it again at this horizon would fail again) or withdrawn (it
  // was stopped from outside before it finished).
  void withdraw(const Line& line, int horizon, int t, int bias) {
    std::lock_guard<std::mutex> g(m_);
    Record& r = get(line);
    for (std::size_t i = 0; i < r.claims.size(); ++i)
      if (r.claims[i].horizon == horizon && r.claims[i].t == t && r.claims[i].bias == bias) {
        r.claims.erase(r.claims.begin() + static_cast<std::ptrdiff_t>(i));
        return;
      }
  }

 private:
  struct Claim {
    int horizon, t, bias;
  };
  struct Record {
    Line line;
    int lo = -(1 << 20), hi = 1 << 20;
    std::uint64_t spent = 0;
    std::vector<Claim> claims;
  };
  const Record* find(const Line& line) const {
    for (const Record& r : records_)
      if (r.line == line) return &r;
    return nullptr;
  }
  Record& get(const Line& line) {
    for (Record& r : records_)
      if (r.line == line) return r;
    // Members move through the same questions in the same order; the
    // records of lines long left are dropped (a member arriving late then
    // simply searches without them).
    if (records_.size() >= kRecords) records_.pop_front();
    Record& r = records_.emplace_back();
    r.line = line;
    return r;
  }
  static constexpr std::size_t kRecords = 256;
  std::mutex m_;
  std::deque<Record> records_;
};

}  // namespace gotb::search
