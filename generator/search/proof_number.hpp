// A best-first (proof-number) search for one null-window test, "is the
// value of the current node at least t?", over the game tree itself
// (docs/solving.md section 4, "Session 31: kee-2005, a proof-number search
// for the open test"). Written for kee-2005 chinese 2x2, whose open test
// needs lines longer than the depth-first deepening reaches (session 30),
// but templated on any game of the generic search.
//
// Why it is exact under every history rule (no graph-history interaction):
// the tree is a tree. Every node is one line of moves from the start node,
// and its game state is that line replayed on the game object, so a node's
// legal moves, end and outcome are those of its own history; nothing is
// shared between two lines. A node is proven (disproven) only from its own
// children: an OR node (Black to move) when one child is proven (all are
// disproven), an AND node (White) the mirror; a leaf only by the game's end
// (its outcome against t), by the game's node bounds (HasNodeBounds: bounds
// on the node's value under every history with its key, so under its own),
// or by a horizon test of the generic search run at that node's own history
// (GenericSearch::horizon_test: proven bounds of the node under its
// history, the claim of "Claim and proof"). The selection rule (proof and
// disproof numbers) decides only the order of expansion, never a value.
#pragma once

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <concepts>
#include <tuple>
#include <unordered_set>
#include <ctime>
#include <limits>
#include <memory>
#include <optional>
#include <stdexcept>
#include <vector>

#include "core/budget.hpp"
#include "core/move.hpp"
#include "core/value.hpp"
#include "generator/search/generic_search.hpp"

namespace gotb::search {

// The whole state of a game as a key (proof_number.hpp's transpositions):
// equal keys must be equal subgames. False: no key for this state (it is
// then never shared).
template <class G>
concept HasRecordKey = requires(const G& g, std::vector<std::uint64_t>& key) {
  { g.record_key(key) } -> std::convertible_to<bool>;
};

// A cheap estimate of a node's value (Value::order units, Black's view),
// for the order of expansion only (ProofNumberOptions::estimate).
template <class G>
concept HasEstimate = requires(const G& g) {
  { g.estimate() } -> std::convertible_to<Value>;
};

struct ProofNumberOptions {
  std::uint64_t max_nodes = std::uint64_t{1} << 24;  // graph nodes kept (20 bytes each and an 8-byte edge)
  double time_limit = 0;                              // seconds of wall time; 0 = none
  // Leaves are first tried with a generic-search test to this horizon
  // (0: only the game's end and node bounds), spending at most leaf_nodes
  // of its nodes per leaf; one table serves every leaf.
  int leaf_horizon = 0;
  std::uint64_t leaf_nodes = 4096;
  GenericOptions leaf;  // the leaf search's options (table size, facts)
  // New leaves start at (1, the number of legal moves) for the side to
  // move (the mirror for the other side) instead of (1, 1): order only.
  bool mobility = false;
  // New leaves start further from a proof the further the game's estimate
  // (HasEstimate; kee-2005: the area count of the position) lies below t,
  // and further from a disproof the further it lies at or above t: pn = 1 +
  // estimate_weight * (points below t), dn = 1 + estimate_weight * (points
  // at or above t), each at least 1. Order only (session 33).
  std::uint32_t estimate_weight = 0;
  // Share nodes of equal record keys (games with HasRecordKey; off: the
  // plain tree of session 31, for cross-checks and measurements).
  bool transpositions = true;
  // Words of record keys kept (8 bytes each); past it new nodes are not
  // shared (still exact).
  std::uint64_t max_key_words = std::uint64_t{1} << 26;
  bool progress = false;
  // Measurement only (session 33): count the expanded leaves whose search
  // key (search_key(), without the ban summary) an expanded node had
  // already, by hash (ProofNumberStats::search_key_repeats).
  bool count_search_keys = false;
};

struct ProofNumberStats {
  std::uint64_t nodes = 0, expansions = 0, proven_by_end = 0, proven_by_bounds = 0, proven_by_leaf = 0,
                leaf_tests = 0, leaf_nodes = 0, plays = 0, max_depth = 0, compactions = 0;
  // Transpositions: leaves found equal to an expanded node and replaced by
  // it; expanded nodes given a key; stale numbers corrected on a descent.
  std::uint64_t transpositions = 0, keyed = 0, unkeyed = 0, stale = 0;
  std::uint64_t search_key_repeats = 0;  // count_search_keys
};

template <GenericSearchGame G>
class ProofNumberTest {
 public:
  enum class Result { Proven, Disproven, Open };

  ProofNumberTest(G& game, ProofNumberOptions opt) : g_(game), opt_(std::move(opt)) {
    if (opt_.leaf_horizon > 0) leaf_ = std::make_unique<GenericSearch<G>>(g_, opt_.leaf);
  }

  // Is the value of the game's current node (Black's view) at least t?
  // Open: the graph reached max_nodes or the time limit first. The game is
  // left at the node it was called at (also when the caller's budget,
  // charged one unit per evaluated node, throws NodeLimitReached).
  Result at_least(Value t) {
    target_ = t.order;
    stats_ = {};  // stats() reports the last test
    nodes_.clear();
    edges_.clear();
    clear_keys();
    search_keys_seen_.clear();
    nodes_.push_back(Node{});
    nodes_[0].black = g_.to_move() == Color::Black;
    charge_current_budget(1);  // one unit per evaluated node (below: before the moves are played)
    evaluate(nodes_[0]);
    const auto start = std::chrono::steady_clock::now();
    path_.clear();
    path_.push_back(0);
    nodes_[0].on_path = true;
    std::uint64_t next_report = 1 << 16;
    struct Rewind {
      ProofNumberTest& t;
      ~Rewind() { t.rewind(); }
    } rewind_at_exit{*this};
    while (!decided(nodes_[0])) {
      if (nodes_.size() + 256 > opt_.max_nodes) {
        // Full: back to the start node and drop the subgraphs of decided
        // nodes (their numbers stay; nothing below them is read again).
        rewind();
        compact();
        if (nodes_.size() + opt_.max_nodes / 8 > opt_.max_nodes) return Result::Open;
      }
      if (opt_.time_limit > 0 && (stats_.expansions & 255) == 0 &&
          std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count() > opt_.time_limit)
        return Result::Open;
      // Down to the most-proving node from the end of the path (its
      // ancestors' choices are unchanged: see ascend()). A node whose stored
      // numbers differ from its children's (a shared child changed under
      // another parent) is corrected and its ancestors updated first.
      bool corrected = false;
      while (nodes_[path_.back()].count > 0) {
        Node& n = nodes_[path_.back()];
        const auto [pn, dn] = numbers(n);
        if (pn != n.pn || dn != n.dn) {
          n.pn = pn;
          n.dn = dn;
          ++stats_.stale;
          corrected = true;
          break;
        }
        std::uint32_t best = n.first;
        for (std::uint32_t e = n.first + 1; e < n.first + n.count; ++e) {
          const Node& c = nodes_[edges_[e].child];
          const Node& b = nodes_[edges_[best].child];
          if (n.black ? c.pn < b.pn : c.dn < b.dn) best = e;
        }
        push(best);
      }
      if (corrected) {
        if (path_.size() > 1) {
          pop();
          ascend();
        }
        continue;
      }
      if (path_.size() - 1 > stats_.max_depth) stats_.max_depth = path_.size() - 1;
      const std::uint32_t cur = path_.back();
      if (keyed()) {
        // A leaf whose state an expanded node already has: the edge that led
        // here goes to that node instead, and this leaf is dropped.
        key_.clear();
        if (g_.record_key(key_)) {
          const std::uint64_t h = hash(key_);
          const std::uint32_t other = find(key_, h);
          if (other != kNone && other != cur) {
            if (nodes_[other].on_path)
              throw std::logic_error("proof-number search: a state repeats on one line (the game graph has a cycle)");
            edges_[edge_path_.back()].child = other;
            ++stats_.transpositions;
            pop();
            ascend();
            continue;
          }
          if (other == kNone) insert(key_, h, cur);
        } else {
          ++stats_.unkeyed;
        }
      }
      if (opt_.count_search_keys) {
        key_.clear();
        g_.search_key(key_);
        if (!search_keys_seen_.insert(hash(key_)).second) ++stats_.search_key_repeats;
      }
      expand(cur);
      ascend();
      if (opt_.progress && stats_.expansions >= next_report) {
        next_report *= 2;
        std::fprintf(stderr,
                     "pns: %llu expansions, %zu nodes, root pn %u dn %u, depth %llu, transpositions %llu, keys %zu "
                     "(%zu words), leaf tests %llu (%llu proven), cpu %.1f s\n",
                     static_cast<unsigned long long>(stats_.expansions), nodes_.size(), nodes_[0].pn, nodes_[0].dn,
                     static_cast<unsigned long long>(stats_.max_depth),
                     static_cast<unsigned long long>(stats_.transpositions), key_start_.size() - 1, key_words_.size(),
                     static_cast<unsigned long long>(stats_.leaf_tests),
                     static_cast<unsigned long long>(stats_.proven_by_leaf),
                     static_cast<double>(std::clock()) / CLOCKS_PER_SEC);
      }
    }
    return nodes_[0].pn == 0 ? Result::Proven : Result::Disproven;
  }

  const ProofNumberStats& stats() const { return stats_; }  // of the last at_least()
  std::size_t tree_size() const { return nodes_.size(); }
  std::size_t key_words() const { return key_words_.size(); }

 private:
  static constexpr std::uint32_t kInf = std::numeric_limits<std::uint32_t>::max() / 4;
  static constexpr std::uint32_t kNone = ~std::uint32_t{0};

  struct Node {
    std::uint32_t first = 0;  // edges [first, first + count) of edges_; count 0: a leaf
    std::uint32_t pn = 1, dn = 1;
    std::uint32_t key = kNone;  // its record key (key_start_), if it has one
    std::uint8_t count = 0;
    bool black = true;     // Black to move: an OR node of "value >= t"
    bool on_path = false;  // on the current descent's line
  };
  struct Edge {
    std::uint32_t child;
    Move move;
  };

  static bool decided(const Node& n) { return n.pn == 0 || n.dn == 0; }
  static std::uint32_t add(std::uint32_t a, std::uint32_t b) { return std::min(kInf, a + b); }

  bool keyed() const {
    if constexpr (HasRecordKey<G>) return opt_.transpositions;
    else return false;
  }

  std::pair<std::uint32_t, std::uint32_t> numbers(const Node& n) const {
    std::uint32_t sum = 0, least = kInf;
    for (std::uint32_t e = n.first; e < n.first + n.count; ++e) {
      const Node& k = nodes_[edges_[e].child];
      if (n.black) sum = add(sum, k.dn), least = std::min(least, k.pn);
      else sum = add(sum, k.pn), least = std::min(least, k.dn);
    }
    return n.black ? std::pair{least, sum} : std::pair{sum, least};
  }

  void push(std::uint32_t edge) {
    // A descent that meets its own line again would go round for ever.
    if (nodes_[edges_[edge].child].on_path)
      throw std::logic_error("proof-number search: a state repeats on one line (the game graph has a cycle)");
    g_.play(edges_[edge].move);
    ++stats_.plays;
    path_.push_back(edges_[edge].child);
    edge_path_.push_back(edge);
    nodes_[edges_[edge].child].on_path = true;
  }
  void pop() {
    nodes_[path_.back()].on_path = false;
    path_.pop_back();
    edge_path_.pop_back();
    g_.undo();
  }
  void rewind() {
    while (path_.size() > 1) pop();
  }

  // Up the path while the numbers change; where they do not, every
  // ancestor's numbers and choices are as before, so the next descent
  // starts there.
  void ascend() {
    for (;;) {
      Node& n = nodes_[path_.back()];
      const std::uint32_t pn = n.pn, dn = n.dn;
      if (n.count > 0) std::tie(n.pn, n.dn) = numbers(n);
      if (path_.size() == 1 || (n.pn == pn && n.dn == dn)) break;
      pop();
    }
  }

  // The numbers of a new node at the game's current state (its own history).
  void evaluate(Node& n) {
    ++stats_.nodes;
    auto decide = [&](bool proven) {
      n.pn = proven ? 0 : kInf;
      n.dn = proven ? kInf : 0;
    };
    if (g_.is_over()) {
      ++stats_.proven_by_end;
      decide(g_.outcome().order >= target_);
      return;
    }
    if constexpr (HasNodeBounds<G>) {
      const auto [lo, hi] = g_.node_outcome_bounds();
      if (lo.order >= target_ || hi.order < target_) {
        ++stats_.proven_by_bounds;
        decide(lo.order >= target_);
        return;
      }
    }
    if (leaf_) {
      ++stats_.leaf_tests;
      const std::uint64_t before = leaf_->stats().nodes;
      const auto r = leaf_->horizon_test(target_ - 1, opt_.leaf_horizon, opt_.leaf_nodes);
      stats_.leaf_nodes += leaf_->stats().nodes - before;
      if (r && (r->first.order >= target_ || r->second.order < target_)) {
        ++stats_.proven_by_leaf;
        decide(r->first.order >= target_);
        return;
      }
    }
    n.pn = n.dn = 1;
    if (opt_.mobility) {
      scratch_.clear();
      ids_.clear();
      g_.legal_moves_with_facts(scratch_, ids_);
      const auto k = static_cast<std::uint32_t>(std::max<std::size_t>(1, scratch_.size()));
      (n.black ? n.dn : n.pn) = k;
    }
    if constexpr (HasEstimate<G>) {
      if (opt_.estimate_weight > 0) {
        // Whole points between the estimate and t (order units are half points).
        const std::int64_t gap = (static_cast<std::int64_t>(target_) - g_.estimate().order) / 2;
        const std::int64_t w = opt_.estimate_weight, cap = 1 << 20;
        n.pn = static_cast<std::uint32_t>(std::min<std::int64_t>(cap, n.pn + w * std::max<std::int64_t>(0, gap)));
        n.dn = static_cast<std::uint32_t>(std::min<std::int64_t>(cap, n.dn + w * std::max<std::int64_t>(0, 1 - gap)));
      }
    }
  }

  // Keeps the nodes reachable from the start node through undecided nodes
  // (a decided node keeps its numbers and its key and loses its edges), in
  // depth-first order, each once; the keys of dropped nodes go with them.
  void compact() {
    ++stats_.compactions;
    std::vector<Node> out;
    std::vector<Edge> out_edges;
    out.reserve(nodes_.size() / 2);
    out_edges.reserve(nodes_.size() / 2);
    std::vector<std::uint32_t> remap(nodes_.size(), kNone);
    std::vector<std::uint64_t> words, starts{0}, hashes;
    auto copy = [&](std::uint32_t from) {
      remap[from] = static_cast<std::uint32_t>(out.size());
      Node n = nodes_[from];
      n.on_path = false;
      n.count = 0;  // its edges are copied below, if it keeps them
      n.first = 0;
      if (n.key != kNone) {
        const std::uint32_t k = n.key;
        words.insert(words.end(), key_words_.begin() + static_cast<std::ptrdiff_t>(key_start_[k]),
                     key_words_.begin() + static_cast<std::ptrdiff_t>(key_start_[k + 1]));
        n.key = static_cast<std::uint32_t>(starts.size() - 1);
        starts.push_back(words.size());
        hashes.push_back(key_hash_[k]);
      }
      out.push_back(n);
    };
    copy(0);
    std::vector<std::uint32_t> todo{0};  // old indices of kept nodes whose edges still have to be copied
    while (!todo.empty()) {
      const std::uint32_t from = todo.back();
      todo.pop_back();
      const Node& n = nodes_[from];
      if (n.count == 0 || decided(n)) continue;
      const auto first = static_cast<std::uint32_t>(out_edges.size());
      for (std::uint32_t e = n.first; e < n.first + n.count; ++e) {
        const std::uint32_t c = edges_[e].child;
        if (remap[c] == kNone) {
          copy(c);
          todo.push_back(c);
        }
        out_edges.push_back({remap[c], edges_[e].move});
      }
      out[remap[from]].first = first;
      out[remap[from]].count = n.count;
    }
    nodes_.swap(out);
    edges_.swap(out_edges);
    key_words_.swap(words);
    key_start_.swap(starts);
    key_hash_.swap(hashes);
    rebuild_table();
    path_.assign(1, 0);
    edge_path_.clear();
    nodes_[0].on_path = true;
  }

  void expand(std::uint32_t at) {
    ++stats_.expansions;
    moves_.clear();
    ids_.clear();
    g_.legal_moves_with_facts(moves_, ids_);  // the search's list (kee-2005: one first move per orbit)
    // (A node holds up to 255 children: boards of up to 253 points.)
    if (moves_.empty() || moves_.size() > 255) throw std::logic_error("proof-number search: no move or too many");
    // The work budget of the caller (BudgetScope; gotb solve's --node-limit):
    // one unit per evaluated node, charged before any move is played.
    charge_current_budget(moves_.size());
    const auto first = static_cast<std::uint32_t>(edges_.size());
    for (Move m : moves_) {
      Node k;
      g_.play(m);
      ++stats_.plays;
      struct Undo {
        G& g;
        ~Undo() { g.undo(); }  // also when an evaluation's own work throws
      } undo{g_};
      k.black = g_.to_move() == Color::Black;
      evaluate(k);
      edges_.push_back({static_cast<std::uint32_t>(nodes_.size()), m});
      nodes_.push_back(k);
    }
    nodes_[at].first = first;
    nodes_[at].count = static_cast<std::uint8_t>(moves_.size());
  }

  // ---- record keys: an arena of words and an open-addressing table ----
  static std::uint64_t hash(const std::vector<std::uint64_t>& k) {
    std::uint64_t h = 0x243f6a8885a308d3ULL ^ k.size();
    for (std::uint64_t w : k) {
      h ^= w;
      h *= 0x9e3779b97f4a7c15ULL;
      h ^= h >> 29;
    }
    return h;
  }
  bool same_key(std::uint32_t k, const std::vector<std::uint64_t>& key) const {
    const std::uint64_t b = key_start_[k], e = key_start_[k + 1];
    return e - b == key.size() && std::equal(key.begin(), key.end(), key_words_.begin() + static_cast<std::ptrdiff_t>(b));
  }
  // The node with this record key, or kNone.
  std::uint32_t find(const std::vector<std::uint64_t>& key, std::uint64_t h) const {
    if (table_.empty()) return kNone;
    const std::size_t mask = table_.size() - 1;
    for (std::size_t i = h & mask;; i = (i + 1) & mask) {
      const std::uint32_t node = table_[i];
      if (node == kNone) return kNone;
      if (key_hash_[nodes_[node].key] == h && same_key(nodes_[node].key, key)) return node;
    }
  }
  void place(std::uint32_t node, std::uint64_t h) {
    const std::size_t mask = table_.size() - 1;
    std::size_t i = h & mask;
    while (table_[i] != kNone) i = (i + 1) & mask;
    table_[i] = node;
  }
  void insert(const std::vector<std::uint64_t>& key, std::uint64_t h, std::uint32_t node) {
    if (key_words_.size() + key.size() > opt_.max_key_words) return;  // not shared: still exact
    nodes_[node].key = static_cast<std::uint32_t>(key_start_.size() - 1);
    key_words_.insert(key_words_.end(), key.begin(), key.end());
    key_start_.push_back(key_words_.size());
    key_hash_.push_back(h);
    ++stats_.keyed;
    if (2 * (key_start_.size() - 1) > table_.size()) rebuild_table();
    else place(node, h);
  }
  // The table for the nodes that hold keys (after a compaction, or grown).
  void rebuild_table() {
    std::size_t size = 1024;
    while (size < 4 * key_hash_.size()) size *= 2;
    table_.assign(size, kNone);
    for (std::uint32_t i = 0; i < nodes_.size(); ++i)
      if (nodes_[i].key != kNone) place(i, key_hash_[nodes_[i].key]);
  }
  void clear_keys() {
    key_words_.clear();
    key_start_.assign(1, 0);
    key_hash_.clear();
    table_.clear();
  }

  G& g_;
  ProofNumberOptions opt_;
  std::unique_ptr<GenericSearch<G>> leaf_;
  std::vector<Node> nodes_;
  std::vector<Edge> edges_;
  std::vector<std::uint32_t> path_, edge_path_;  // the descent's nodes from the start node, and the edges taken
  std::vector<std::uint64_t> key_words_, key_start_{0}, key_hash_, key_;
  std::vector<std::uint32_t> table_;  // node indices (kNone: empty), by key hash
  std::unordered_set<std::uint64_t> search_keys_seen_;  // count_search_keys
  std::vector<Move> moves_, scratch_;
  std::vector<std::uint64_t> ids_;
  std::int32_t target_ = 0;
  ProofNumberStats stats_;
};

}  // namespace gotb::search
