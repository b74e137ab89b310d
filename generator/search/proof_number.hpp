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

struct ProofNumberOptions {
  std::uint64_t max_nodes = std::uint64_t{1} << 24;  // tree nodes kept (24 bytes each, up to twice that while growing)
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
  bool progress = false;
};

struct ProofNumberStats {
  std::uint64_t nodes = 0, expansions = 0, proven_by_end = 0, proven_by_bounds = 0, proven_by_leaf = 0,
                leaf_tests = 0, leaf_nodes = 0, plays = 0, max_depth = 0, compactions = 0;
};

template <GenericSearchGame G>
class ProofNumberTest {
 public:
  enum class Result { Proven, Disproven, Open };

  ProofNumberTest(G& game, ProofNumberOptions opt) : g_(game), opt_(std::move(opt)) {
    if (opt_.leaf_horizon > 0) leaf_ = std::make_unique<GenericSearch<G>>(g_, opt_.leaf);
  }

  // Is the value of the game's current node (Black's view) at least t?
  // Open: the tree reached max_nodes or the time limit first. The game is
  // left at the node it was called at.
  Result at_least(Value t) {
    target_ = t.order;
    stats_ = {};  // stats() reports the last test
    nodes_.clear();
    nodes_.push_back(Node{});
    nodes_[0].black = g_.to_move() == Color::Black;
    evaluate(nodes_[0]);
    const auto start = std::chrono::steady_clock::now();
    std::uint32_t cur = 0;  // the game is at this node's state
    std::uint64_t depth = 0;
    std::uint64_t next_report = 1 << 16;
    struct Rewind {
      G& g;
      std::uint64_t& depth;
      ~Rewind() {
        for (; depth > 0; --depth) g.undo();
      }
    } rewind{g_, depth};
    while (nodes_[0].pn != 0 && nodes_[0].dn != 0) {
      if (nodes_.size() + 256 > opt_.max_nodes) {
        // Full: back to the start node and drop the subtrees of decided
        // nodes (their numbers stay; nothing below them is read again).
        for (; depth > 0; --depth) g_.undo();
        cur = 0;
        compact();
        if (nodes_.size() + opt_.max_nodes / 8 > opt_.max_nodes) return Result::Open;
      }
      if (opt_.time_limit > 0 && (stats_.expansions & 255) == 0 &&
          std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count() > opt_.time_limit)
        return Result::Open;
      // Down to the most-proving node from `cur` (its ancestors' choices
      // are unchanged: see the update below).
      while (nodes_[cur].count > 0) {
        const Node& n = nodes_[cur];
        std::uint32_t best = n.first;
        for (std::uint32_t c = n.first + 1; c < n.first + n.count; ++c)
          if (n.black ? nodes_[c].pn < nodes_[best].pn : nodes_[c].dn < nodes_[best].dn) best = c;
        g_.play(nodes_[best].move);
        ++stats_.plays;
        ++depth;
        cur = best;
      }
      if (depth > stats_.max_depth) stats_.max_depth = depth;
      expand(cur);
      // Up while the numbers change; where they do not, every ancestor's
      // numbers and choices are as before, so the next descent starts here.
      for (;;) {
        Node& n = nodes_[cur];
        const std::uint32_t pn = n.pn, dn = n.dn;
        if (n.count > 0) recompute(n);
        if (cur == 0 || (n.pn == pn && n.dn == dn)) break;
        cur = n.parent;
        g_.undo();
        --depth;
      }
      if (opt_.progress && stats_.expansions >= next_report) {
        next_report *= 2;
        std::fprintf(stderr, "pns: %llu expansions, %zu nodes, root pn %u dn %u, depth %llu, leaf tests %llu (%llu proven), cpu %.1f s\n",
                     static_cast<unsigned long long>(stats_.expansions), nodes_.size(), nodes_[0].pn, nodes_[0].dn,
                     static_cast<unsigned long long>(stats_.max_depth),
                     static_cast<unsigned long long>(stats_.leaf_tests),
                     static_cast<unsigned long long>(stats_.proven_by_leaf),
                     static_cast<double>(std::clock()) / CLOCKS_PER_SEC);
      }
    }
    return nodes_[0].pn == 0 ? Result::Proven : Result::Disproven;
  }

  const ProofNumberStats& stats() const { return stats_; }  // of the last at_least()
  std::size_t tree_size() const { return nodes_.size(); }

 private:
  static constexpr std::uint32_t kInf = std::numeric_limits<std::uint32_t>::max() / 4;

  struct Node {
    Move move = Move::pass();
    bool black = true;        // Black to move: an OR node of "value >= t"
    std::uint8_t count = 0;   // children, [first, first + count); 0: a leaf
    std::uint32_t parent = 0, first = 0;
    std::uint32_t pn = 1, dn = 1;
  };

  static std::uint32_t add(std::uint32_t a, std::uint32_t b) { return std::min(kInf, a + b); }

  void recompute(Node& n) const {
    std::uint32_t sum = 0, least = kInf;
    for (std::uint32_t c = n.first; c < n.first + n.count; ++c) {
      const Node& k = nodes_[c];
      if (n.black) sum = add(sum, k.dn), least = std::min(least, k.pn);
      else sum = add(sum, k.pn), least = std::min(least, k.dn);
    }
    if (n.black) n.pn = least, n.dn = sum;
    else n.pn = sum, n.dn = least;
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
  }

  // Keeps the nodes reachable from the start node through undecided nodes
  // (a decided node keeps its numbers and loses its children), in
  // depth-first order; children stay contiguous.
  void compact() {
    ++stats_.compactions;
    std::vector<Node> out;
    out.reserve(nodes_.size() / 2);
    out.push_back(nodes_[0]);
    // (old index of a kept node, its new index): nodes whose children still
    // have to be copied.
    std::vector<std::pair<std::uint32_t, std::uint32_t>> todo{{0, 0}};
    while (!todo.empty()) {
      const auto [from, to] = todo.back();
      todo.pop_back();
      const Node& n = nodes_[from];
      if (n.count == 0 || n.pn == 0 || n.dn == 0) {
        out[to].count = 0;
        out[to].first = 0;
        continue;
      }
      const auto first = static_cast<std::uint32_t>(out.size());
      for (std::uint32_t c = n.first; c < n.first + n.count; ++c) {
        out.push_back(nodes_[c]);
        out.back().parent = to;
        todo.push_back({c, static_cast<std::uint32_t>(out.size() - 1)});
      }
      out[to].first = first;
    }
    nodes_.swap(out);
  }

  void expand(std::uint32_t at) {
    ++stats_.expansions;
    moves_.clear();
    ids_.clear();
    g_.legal_moves_with_facts(moves_, ids_);  // the search's list (kee-2005: one first move per orbit)
    // (A node holds up to 255 children: boards of up to 253 points.)
    if (moves_.empty() || moves_.size() > 255) throw std::logic_error("proof-number search: no move or too many");
    const auto first = static_cast<std::uint32_t>(nodes_.size());
    for (Move m : moves_) {
      Node k;
      k.move = m;
      k.parent = at;
      g_.play(m);
      ++stats_.plays;
      k.black = g_.to_move() == Color::Black;
      evaluate(k);
      g_.undo();
      nodes_.push_back(k);
    }
    nodes_[at].first = first;
    nodes_[at].count = static_cast<std::uint8_t>(moves_.size());
  }

  G& g_;
  ProofNumberOptions opt_;
  std::unique_ptr<GenericSearch<G>> leaf_;
  std::vector<Node> nodes_;
  std::vector<Move> moves_, scratch_;
  std::vector<std::uint64_t> ids_;
  std::int32_t target_ = 0;
  ProofNumberStats stats_;
};

}  // namespace gotb::search
