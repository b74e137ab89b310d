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
// skips a test that another member is running (split mode) or has run
// without result at the same or a deeper horizon, and goes on to the next
// horizon, where it runs its tests itself. So a member never waits for
// another, and alone it searches exactly as without a share. In pair mode
// members join each other's running tests, and the busy marks (enter/leave)
// only reorder moves (docs/solving.md §3, "Session 23").
#pragma once

#include <algorithm>
#include <atomic>
#include <memory>
#include <cstdint>
#include <deque>
#include <mutex>
#include <utility>
#include <vector>

namespace gotb::search {

class DeepeningShare {
 public:
  using Line = std::vector<std::uint64_t>;

  // How the members divide a line's deepening.
  //  - Split (session 19): each horizon's two tests (lower, upper) run on
  //    different members; a test another member runs is skipped.
  //  - Pair (session 23): every member runs the one-thread driver's tests in
  //    its order, each test on all members at once (lazy SMP on one test,
  //    their move orders differ near the root), each member's budget the
  //    team's share of one thread's (the test's budget over the members);
  //    the first member to finish a test ends it for the others.
  enum class Mode { Split, Pair };
  explicit DeepeningShare(Mode mode = Mode::Split, int members = 2) : mode_(mode), members_(members) {}
  Mode mode() const { return mode_; }
  // Pair mode: states that a member is searching now near the root of a test
  // (a count per hash slot; collisions only defer a move needlessly). A member
  // that meets a busy child after its first move searches it last, when the
  // other member has stored its bounds (ABDADA, Weill 1996): it changes the
  // order of moves only.
  void enter(std::uint64_t key) { busy_[slot(key)].fetch_add(1, std::memory_order_relaxed); }
  void leave(std::uint64_t key) { busy_[slot(key)].fetch_sub(1, std::memory_order_relaxed); }
  bool busy(std::uint64_t key) const { return busy_[slot(key)].load(std::memory_order_relaxed) > 0; }
  int members() const { return members_; }

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
  // Nodes of the tests that moved a bound at `line` at `horizon`, by any
  // member (SearchOptions::proved_cap: the team caps a horizon's later tests
  // by the proofs of the whole team there, as one thread caps them by its
  // own), and adds to them. Only which tests run and how long, never a value.
  std::uint64_t proved(const Line& line, int horizon) {
    std::lock_guard<std::mutex> g(m_);
    if (const Record* r = find(line))
      for (const auto& [h, nodes] : r->proved)
        if (h == horizon) return nodes;
    return 0;
  }
  void add_proved(const Line& line, int horizon, std::uint64_t nodes) {
    std::lock_guard<std::mutex> g(m_);
    Record& r = get(line);
    for (auto& [h, n] : r.proved)
      if (h == horizon) {
        n += nodes;
        return;
      }
    r.proved.emplace_back(horizon, nodes);
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
  // Pair mode: joins the test (horizon, t, bias) at `line` (Run), or Skip when
  // another member finished it without result at this horizon or a deeper
  // one. A test another member runs is joined, not skipped.
  Claimed join(const Line& line, int horizon, int t, int bias) {
    std::lock_guard<std::mutex> g(m_);
    Record& r = get(line);
    if (finished(r, horizon, t, bias)) return Claimed::Skip;
    r.claims.push_back({horizon, t, bias, true});
    return Claimed::Run;
  }
  // Pair mode: another member finished the test (horizon, t, bias) or the
  // same test deeper, without moving the bounds it tests (a result would
  // have been published first, and narrow() would decide the window).
  bool ended(const Line& line, int horizon, int t, int bias) {
    std::lock_guard<std::mutex> g(m_);
    const Record* r = find(line);
    return r && finished(*r, horizon, t, bias);
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
    std::vector<std::pair<int, std::uint64_t>> proved;  // (horizon, nodes of the tests that moved a bound there)
    std::vector<Claim> claims;
  };
  static bool finished(const Record& r, int horizon, int t, int bias) {
    for (const Claim& c : r.claims)
      if (!c.running && c.t == t && c.bias == bias && c.horizon >= horizon) return true;
    return false;
  }
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
  static std::size_t slot(std::uint64_t key) { return (key * 0x9E3779B97F4A7C15ull) >> (64 - kBusyBits); }
  static constexpr int kBusyBits = 16;
  Mode mode_;
  int members_;
  std::unique_ptr<std::atomic<std::uint32_t>[]> busy_{new std::atomic<std::uint32_t>[std::size_t{1} << kBusyBits]()};
  std::mutex m_;
  std::deque<Record> records_;
};

}  // namespace gotb::search
