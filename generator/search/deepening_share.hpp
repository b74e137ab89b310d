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

#include <algorithm>
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
  // What claim() answers: run the test (Run), or skip it (Skip) because
  // another member ran it without result at this horizon or a deeper one, or
  // runs it there now.
  enum class Claimed { Run, Skip };
  // Claims the test (horizon, t, bias) at `line` for its caller. A test
  // another member runs is skipped only while the caller's horizon is at most
  // the shallowest horizon of any test running at the line; a member already
  // a horizon ahead of the team runs the test too, beside the other member
  // (lazy SMP: the table shares their work, their move orders differ near
  // the root, and the first to decide the window stops the other), instead
  // of skipping on to ever deeper horizons. Without that limit a team of 8
  // skipped each other's tests up to horizons of 52 plies on 3x5, where one
  // thread proves the value at 20 (docs/solving.md §3, "Session 22").
  Claimed claim(const Line& line, int horizon, int t, int bias) {
    std::lock_guard<std::mutex> g(m_);
    Record& r = get(line);
    bool running = false;
    int shallowest = 1 << 30;  // of the tests running at the line
    for (const Claim& c : r.claims) {
      if (c.running) shallowest = std::min(shallowest, c.horizon);
      if (c.t == t && c.bias == bias && c.horizon >= horizon) {
        if (!c.running) return Claimed::Skip;
        running = true;
      }
    }
    if (running && horizon <= shallowest) return Claimed::Skip;
    r.claims.push_back({horizon, t, bias, true});
    return Claimed::Run;
  }
  // The claimed test ended: finished (it ran, moved nothing or spent its
  // budget, so running it again at this horizon would fail again) or
  // withdrawn (it was stopped from outside before it finished).
  void finish(const Line& line, int horizon, int t, int bias) {
    std::lock_guard<std::mutex> g(m_);
    if (Claim* c = running(get(line), horizon, t, bias)) c->running = false;
  }
  void withdraw(const Line& line, int horizon, int t, int bias) {
    std::lock_guard<std::mutex> g(m_);
    Record& r = get(line);
    if (Claim* c = running(r, horizon, t, bias)) r.claims.erase(r.claims.begin() + (c - r.claims.data()));
  }

 private:
  struct Claim {
    int horizon, t, bias;
    bool running;
  };
  struct Record {
    Line line;
    int lo = -(1 << 20), hi = 1 << 20;
    std::uint64_t spent = 0;
    std::vector<Claim> claims;
  };
  static Claim* running(Record& r, int horizon, int t, int bias) {
    for (Claim& c : r.claims)
      if (c.running && c.horizon == horizon && c.t == t && c.bias == bias) return &c;
    return nullptr;
  }
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
