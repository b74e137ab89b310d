#include "core/rules/japanese/hypothetical.hpp"

#include <algorithm>

namespace gotb::japanese {

namespace {
constexpr std::uint8_t kWhiteToMove = 1, kLastPass = 2, kFinished = 4;
}

bool is_ko_capture(const Board& b, const Position& pos, Color c, int p, int* captured_point) {
  PlayOutcome o;
  if (play_stone(b, pos, c, p, SuicideRule::Forbidden, o) != PlayStatus::Ok) return false;
  if (popcount(o.captured) != 1) return false;
  int a = lowest(o.captured);
  if (!(b.neighbours(p) & bit(a))) return false;
  PlayOutcome back;
  if (play_stone(b, o.next, opponent(c), a, SuicideRule::Forbidden, back) != PlayStatus::Ok) return false;
  if (!(back.next == pos)) return false;
  if (captured_point) *captured_point = a;
  return true;
}

std::size_t HypotheticalGraph::NodeHash::operator()(const Node& n) const {
  std::uint64_t h = 0x9e3779b97f4a7c15ULL;
  for (std::uint64_t w : {n.black, n.white, n.orig, n.ko_black, n.ko_white, std::uint64_t{n.flags}}) {
    h ^= w + 0x9e3779b97f4a7c15ULL + (h << 6) + (h >> 2);
    h *= 0xbf58476d1ce4e5b9ULL;
    h ^= h >> 31;
  }
  return static_cast<std::size_t>(h);
}

void HypotheticalGraph::init_edges(const Board& board) {
  int edges = 0;
  for (int p = 0; p < board.size(); ++p)
    for_each_bit(board.neighbours(p), [&](int q) {
      edge_index_[p * 64 + q] = edges++;
      edge_from_.push_back(p);
      edge_to_.push_back(q);
    });
  if (edges > 64)
    throw NotDecided("boards with more than 64 directed adjacencies are not implemented (ko-capture sets are "
                     "64-bit)");
  slots_.assign(1024, 0);
}

// Open addressing on the node hash (a graph is built once per final
// position and attacker, and interning was a fifth of japanese-2003's
// search time with std::unordered_map): slots hold node index + 1.
std::uint32_t HypotheticalGraph::intern(const Node& n) {
  const NodeHash hash;
  std::size_t mask = slots_.size() - 1, i = hash(n) & mask;
  for (; slots_[i]; i = (i + 1) & mask)
    if (nodes_[slots_[i] - 1] == n) return slots_[i] - 1;
  if (nodes_.size() >= max_nodes_) {
    throw NotDecided("more than " + std::to_string(max_nodes_) +
                     " hypothetical-sequence nodes (raise the analysis budget)");
  }
  const auto id = static_cast<std::uint32_t>(nodes_.size());
  nodes_.push_back(n);
  slots_[i] = id + 1;
  if (2 * nodes_.size() > slots_.size()) rehash(2 * slots_.size());  // grow at half full
  return id;
}

void HypotheticalGraph::rehash(std::size_t slot_count) {
  const NodeHash hash;
  std::vector<std::uint32_t> bigger(slot_count, 0);
  const std::size_t mask = bigger.size() - 1;
  for (std::uint32_t k = 0; k < nodes_.size(); ++k) {
    std::size_t j = hash(nodes_[k]) & mask;
    while (bigger[j]) j = (j + 1) & mask;
    bigger[j] = k + 1;
  }
  slots_.swap(bigger);
}

HypotheticalGraph::HypotheticalGraph(const Board& board, const Position& final_position, Color attacker,
                                     std::size_t max_nodes)
    : board_(&board), attacker_(attacker), edge_index_(64 * 64, -1), max_nodes_(max_nodes) {
  init_edges(board);
  const Color defender = opponent(attacker);
  Node start{final_position.black, final_position.white, final_position.stones(defender), 0, 0,
             static_cast<std::uint8_t>(attacker == Color::White ? kWhiteToMove : 0)};
  intern(start);
  expand();
}

HypotheticalGraph::HypotheticalGraph(const Board& board, Color attacker, std::size_t max_nodes)
    : board_(&board), attacker_(attacker), edge_index_(64 * 64, -1), max_nodes_(max_nodes) {
  init_edges(board);
  succ_begin_.push_back(0);
  pred_begin_.push_back(0);
}

std::uint32_t HypotheticalGraph::add_start(const Position& final_position) {
  Node start{final_position.black, final_position.white, 0, 0, 0,
             static_cast<std::uint8_t>(attacker_ == Color::White ? kWhiteToMove : 0)};
  const std::size_t before = nodes_.size();
  const std::uint32_t id = intern(start);  // throws before adding anything
  if (nodes_.size() != before) expand();   // removes the start again if it throws
  return id;
}

void HypotheticalGraph::expand() {
  // Nodes below `done` are expanded already (succ_begin_ holds their lists
  // and the closing sentinel); everything is rolled back on an exception.
  const std::size_t done = succ_begin_.empty() ? 0 : succ_begin_.size() - 1;
  const std::size_t old_nodes = done, old_edges = succ_.size();
  if (!succ_begin_.empty()) succ_begin_.pop_back();
  const Board& board = *board_;
  std::vector<std::uint32_t> targets;
  try {
    // Breadth-first; successor lists are built in node order.
    for (std::size_t i = done; i < nodes_.size(); ++i) {
      // One unit of the caller's budget per node expanded (core/budget.hpp):
      // a solver's node and time limits hold inside a game end's analysis.
      charge_current_budget(1);
      succ_begin_.push_back(static_cast<std::uint32_t>(succ_.size()));
      const Node n = nodes_[i];
      targets.clear();
      if (n.flags & kFinished) {
        targets.push_back(static_cast<std::uint32_t>(i));  // a finished sequence stays finished
      } else {
        const Color mover = (n.flags & kWhiteToMove) ? Color::White : Color::Black;
        const std::uint8_t next_turn = (n.flags & kWhiteToMove) ? 0 : kWhiteToMove;
        const Position pos{n.black, n.white};
        const std::uint64_t mine = mover == Color::Black ? n.ko_black : n.ko_white;
        const std::uint64_t theirs = mover == Color::Black ? n.ko_white : n.ko_black;
        bool ko_pass_legal = false;
        for_each_bit(pos.empty(board), [&](int p) {
          PlayOutcome o;
          if (play_stone(board, pos, mover, p, SuicideRule::Forbidden, o) != PlayStatus::Ok) return;
          Node m{o.next.black, o.next.white, n.orig & ~o.captured, n.ko_black, n.ko_white, next_turn};
          int a = -1;
          if (popcount(o.captured) == 1 && is_ko_capture(board, pos, mover, p, &a)) {
            // Hypothetical ko rule: forbidden while the opponent's ko capture
            // on a (taking p) stands with no ko-pass since.
            if (theirs & (std::uint64_t{1} << edge_index_[a * 64 + p])) {
              ko_pass_legal = true;  // available but prohibited
              return;
            }
            std::uint64_t e = std::uint64_t{1} << edge_index_[p * 64 + a];
            (mover == Color::Black ? m.ko_black : m.ko_white) = mine | e;
          }
          // A ko capture's ban lasts while the ko it was made in exists: the
          // capturing stone still stands as a ko stone that the opponent could
          // take back on the other intersection (docs/rules/japanese-2003.md,
          // decision "which ko").
          m.ko_black = live_kos(o.next, Color::Black, m.ko_black);
          m.ko_white = live_kos(o.next, Color::White, m.ko_white);
          targets.push_back(intern(m));
        });
        // Pass: ends the sequence after a pass.
        Node pass = n;
        if (n.flags & kLastPass) {  // finished: only the position and the original stones matter now
          pass.flags = kFinished;
          pass.ko_black = pass.ko_white = 0;
        } else {
          pass.flags = static_cast<std::uint8_t>(next_turn | kLastPass);
        }
        targets.push_back(intern(pass));
        if (ko_pass_legal) {
          Node kp{n.black, n.white, n.orig, 0, 0, next_turn};
          targets.push_back(intern(kp));
        }
      }
      std::sort(targets.begin(), targets.end());
      targets.erase(std::unique(targets.begin(), targets.end()), targets.end());
      for (std::uint32_t t : targets) succ_.push_back(t);
    }
  } catch (...) {
    nodes_.resize(old_nodes);
    succ_.resize(old_edges);
    succ_begin_.resize(old_nodes);
    succ_begin_.push_back(static_cast<std::uint32_t>(old_edges));
    std::size_t slots = 1024;
    while (2 * nodes_.size() > slots) slots *= 2;
    rehash(slots);
    throw;
  }
  succ_begin_.push_back(static_cast<std::uint32_t>(succ_.size()));

  // Predecessor lists.
  const std::size_t n = nodes_.size();
  pred_begin_.assign(n + 1, 0);
  for (std::uint32_t t : succ_) ++pred_begin_[t + 1];
  for (std::size_t i = 0; i < n; ++i) pred_begin_[i + 1] += pred_begin_[i];
  pred_.resize(succ_.size());
  std::vector<std::uint32_t> fill(pred_begin_.begin(), pred_begin_.end() - 1);
  for (std::size_t i = 0; i < n; ++i)
    for (std::uint32_t k = succ_begin_[i]; k < succ_begin_[i + 1]; ++k) pred_[fill[succ_[k]]++] = static_cast<std::uint32_t>(i);
  attacker_moves_.resize(n);
  for (std::size_t i = 0; i < n; ++i) attacker_moves_[i] = attacker_to_move(i) ? 1 : 0;
}

std::uint64_t HypotheticalGraph::live_kos(const Position& pos, Color capturer, std::uint64_t entries) const {
  std::uint64_t keep = entries;
  for (std::uint64_t v = entries; v; v &= v - 1) {
    int e = std::countr_zero(v);
    int b = edge_from_[e], a = edge_to_[e], taken = -1;
    if (!(pos.stones(capturer) & bit(b)) || !is_ko_capture(*board_, pos, opponent(capturer), a, &taken) || taken != b)
      keep &= ~(v & -v);
  }
  return keep;
}

bool HypotheticalGraph::attacker_to_move(std::size_t i) const {
  const Node& n = nodes_[i];
  if (n.flags & kFinished) return true;  // a self-loop: either owner gives the same result
  Color mover = (n.flags & kWhiteToMove) ? Color::White : Color::Black;
  return mover == attacker_;
}

// Nodes from which the attacker can force reaching `target` (least fixpoint
// of target | CPre(.)); computed backwards with successor counters.
std::vector<char> HypotheticalGraph::attractor(const std::vector<char>& target) const {
  const std::size_t n = nodes_.size();
  std::vector<char> in(n, 0);
  std::vector<std::uint32_t> left(n), queue;  // every node enters the queue at most once
  queue.reserve(n);
  for (std::size_t i = 0; i < n; ++i) {
    left[i] = succ_begin_[i + 1] - succ_begin_[i];
    if (target[i]) {
      in[i] = 1;
      queue.push_back(static_cast<std::uint32_t>(i));
    }
  }
  Budget* budget = current_budget();
  for (std::size_t head = 0; head < queue.size(); ++head) {
    std::uint32_t v = queue[head];
    if (budget) budget->charge(1);
    for (std::uint32_t k = pred_begin_[v]; k < pred_begin_[v + 1]; ++k) {
      std::uint32_t u = pred_[k];
      if (in[u]) continue;
      // Successor lists hold no duplicates, so one decrement per
      // predecessor entry counts distinct successors.
      if (attacker_moves_[u] || --left[u] == 0) {
        in[u] = 1;
        queue.push_back(u);
      }
    }
  }
  return in;
}

bool HypotheticalGraph::solve(const std::vector<std::vector<char>>& sets) const {
  const std::size_t n = nodes_.size();
  std::vector<char> z(n, 1);
  for (;;) {
    // CPre(Z): the attacker can move into Z / the defender cannot leave it.
    charge_current_budget(n);  // one unit per node of each pass
    std::vector<char> cpre(n, 0);
    for (std::size_t i = 0; i < n; ++i) {
      bool att = attacker_moves_[i] != 0;
      bool any = false, all = true;
      for (std::uint32_t k = succ_begin_[i]; k < succ_begin_[i + 1]; ++k) {
        bool s = z[succ_[k]];
        any |= s;
        all &= s;
      }
      cpre[i] = att ? any : all;
    }
    std::vector<char> next(n, 1);
    for (const auto& f : sets) {
      std::vector<char> target(n, 0);
      for (std::size_t i = 0; i < n; ++i) target[i] = f[i] && cpre[i];
      std::vector<char> a = attractor(target);
      for (std::size_t i = 0; i < n; ++i) next[i] &= a[i];
    }
    for (std::size_t i = 0; i < n; ++i) next[i] &= z[i];
    // Z only shrinks from one pass to the next (a greatest fixpoint from
    // the full set), so once the start leaves it the answer is no.
    if (!next[0]) return false;
    if (next == z) break;
    z.swap(next);
  }
  return z[0] != 0;  // node 0 is the start
}

bool HypotheticalGraph::can_force_capture(Mask string) const {
  std::vector<char> captured(nodes_.size());
  for (std::size_t i = 0; i < nodes_.size(); ++i) captured[i] = (nodes_[i].orig & string) == 0;
  // Capture is monotone along every sequence, so the Büchi aim "infinitely
  // often captured" equals "eventually captured": the attractor suffices.
  return attractor(captured)[0] != 0;
}

bool HypotheticalGraph::can_force_capture_without_permanent(Mask string, Mask region) const {
  const Color defender = opponent(attacker_);
  std::vector<std::vector<char>> sets;
  for_each_bit(region | string, [&](int p) {
    std::vector<char> f(nodes_.size());
    for (std::size_t i = 0; i < nodes_.size(); ++i) {
      const Node& nd = nodes_[i];
      Mask def = defender == Color::Black ? nd.black : nd.white;
      bool played_here = (def & ~nd.orig & bit(p)) != 0;
      f[i] = (nd.orig & string) == 0 && !played_here;
    }
    sets.push_back(std::move(f));
  });
  return solve(sets);
}

}  // namespace gotb::japanese
