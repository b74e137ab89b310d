// Hypothetical sequences of the Japanese 2003 Rules as a finite game graph,
// and the exact decision of "the attacker can force ..." on it
// (docs/rules/japanese-2003.md, "Force as a game on a graph").
//
// A hypothetical sequence starts from the final position with the attacker
// (the rules' "opponent" of the string's owner) to move. Moves are plays
// (no suicide), passes and ko-passes; two consecutive passes end it, and it
// may be infinite. The ko rules are the rule of legal ko-pass and the
// hypothetical ko rule only (no basic ko rule, no long-cycle rule).
//
// Everything the rest of a hypothetical sequence and the aims depend on is
// in a node of the graph:
//  - the position and the player to move;
//  - whether the last move was a plain pass (the next pass ends it);
//  - the ko captures made since the last ko-pass (the hypothetical ko rule
//    forbids a ko capture exactly when the opponent's ko capture on the
//    other intersection of the same ko is among them);
//  - which of the defender's original stones still stand (a stone played
//    during the sequence is a candidate permanent stone; an original stone
//    never is; the string is captured once its original stones are gone).
// A finished sequence is a terminal node with a self-loop.
//
// The aims are Boolean conditions on whole (possibly infinite) sequences:
//  - capture of the string's stones: reached once, kept for ever, so a
//    reachability aim;
//  - capture and no permanent defender stone on a region R: for every point
//    p of R, p is infinitely often not occupied by a defender stone played
//    during the sequence (at the end, for finite sequences). With capture
//    monotone this is the generalized Büchi condition
//      for all p in R: infinitely often (captured and not played(p)).
// Generalized Büchi games are determined and solved exactly by the nested
// fixpoint  Z = nu Z. /\_i Attr_attacker(F_i /\ CPre(Z)),  so "cannot force"
// is exactly "the start node is outside Z". No depth bound, no heuristics.
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/board.hpp"
#include "core/color.hpp"
#include "core/position.hpp"
#include "core/budget.hpp"

namespace gotb::japanese {

// The analysis cannot decide the case (its state budget ran out or the board
// is outside what it implements). Derives from NodeLimitReached
// (core/budget.hpp) so solvers report "not proven" rather than a value.
struct NotDecided : NodeLimitReached {
  explicit NotDecided(std::string why) : why_("analysis not decided: " + std::move(why)) {}
  const char* what() const noexcept override { return why_.c_str(); }

 private:
  std::string why_;
};

// True when a play by `c` at `p` in `pos` is a ko capture: it removes exactly
// one stone, at a neighbour a, and a play on a then recreates `pos`. Sets
// `captured_point` to a. The play must be legal without ko rules.
bool is_ko_capture(const Board& b, const Position& pos, Color c, int p, int* captured_point = nullptr);

// The hypothetical-sequence graph from one final position with one attacker.
class HypotheticalGraph {
 public:
  // Explores every node reachable from the start. Throws NotDecided when more
  // than max_nodes nodes are reachable.
  HypotheticalGraph(const Board& board, const Position& final_position, Color attacker,
                    std::size_t max_nodes);

  // Shared mode (shared_analysis.hpp): a graph without original stones
  // (every node's orig is 0), grown by add_start from any number of final
  // positions. Its successor structure is that of the per-position graph
  // with the orig component dropped: a node's moves never read orig.
  HypotheticalGraph(const Board& board, Color attacker, std::size_t max_nodes);
  // Adds the start node of `final_position` (attacker to move, no pass, no
  // ko capture) and every node reachable from it; returns its index. The
  // graph stays closed under successors. Throws NotDecided past max_nodes
  // (or the caller's budget); the graph is then left as it was before.
  std::uint32_t add_start(const Position& final_position);
  // Defender stones of node i (shared mode: every one of them counts as
  // played unless the caller tracks it as an original stone).
  Mask defender_stones(std::size_t i) const {
    return opponent(attacker_) == Color::Black ? nodes_[i].black : nodes_[i].white;
  }
  std::uint32_t predecessor_begin(std::size_t i) const { return pred_begin_[i]; }
  std::uint32_t predecessor_end(std::size_t i) const { return pred_begin_[i + 1]; }
  std::uint32_t predecessor_at(std::uint32_t k) const { return pred_[k]; }
  std::uint32_t successor_begin(std::size_t i) const { return succ_begin_[i]; }
  std::uint32_t successor_end(std::size_t i) const { return succ_begin_[i + 1]; }
  std::uint32_t successor_at(std::uint32_t k) const { return succ_[k]; }
  bool attacker_moves(std::size_t i) const { return attacker_moves_[i] != 0; }

  Color attacker() const { return attacker_; }
  std::size_t nodes() const { return nodes_.size(); }
  std::size_t edges() const { return succ_.size(); }

  // Read access for independent cross-checks (tests): node 0 is the start.
  std::size_t successor_count(std::size_t i) const { return succ_begin_[i + 1] - succ_begin_[i]; }
  std::uint32_t successor(std::size_t i, std::size_t k) const { return succ_[succ_begin_[i] + k]; }
  bool attacker_to_move(std::size_t i) const;
  bool finished(std::size_t i) const { return (nodes_[i].flags & 4) != 0; }
  Position position(std::size_t i) const { return {nodes_[i].black, nodes_[i].white}; }
  // Defender stones standing at node i that were played during the sequence.
  Mask played_defender_stones(std::size_t i) const {
    return nodes_[i].orig ^ (opponent(attacker_) == Color::Black ? nodes_[i].black : nodes_[i].white);
  }
  bool captured(std::size_t i, Mask string) const { return (nodes_[i].orig & string) == 0; }

  // Can the attacker, moving first, force capture of the defender string
  // `string` (a set of points of one defender string of the final position)?
  bool can_force_capture(Mask string) const;
  // Can the attacker force both capture of `string` and no permanent stone
  // of the defender on any point of `region` (region contains string)?
  bool can_force_capture_without_permanent(Mask string, Mask region) const;

 private:
  struct Node {
    Mask black, white, orig;  // orig: defender's original stones still standing
    std::uint64_t ko_black, ko_white;  // ko captures since the last ko-pass (edge bits)
    std::uint8_t flags;                // bit0: White to move, bit1: last move a pass, bit2: finished
    bool operator==(const Node&) const = default;
  };
  struct NodeHash {
    std::size_t operator()(const Node& n) const;
  };

  void init_edges(const Board& board);
  // Interns n (index + 1 in slots_); throws NotDecided past max_nodes_.
  std::uint32_t intern(const Node& n);
  void rehash(std::size_t slot_count);
  // Expands every node not expanded yet (breadth-first), then indexes the
  // predecessors. Rolls back to the previous graph on an exception.
  void expand();
  // The entries of `entries` (ko captures by `capturer`) whose ko still
  // exists in pos.
  std::uint64_t live_kos(const Position& pos, Color capturer, std::uint64_t entries) const;
  // Generalized Büchi: sets[i][node] = node is in target set i.
  bool solve(const std::vector<std::vector<char>>& sets) const;
  std::vector<char> attractor(const std::vector<char>& target) const;

  const Board* board_;
  Color attacker_;
  std::vector<int> edge_index_;  // [from * 64 + to] -> directed edge bit, -1 if not adjacent
  std::vector<int> edge_from_;   // directed edge bit -> its from point (where the capturing stone stands)
  std::vector<int> edge_to_;     // directed edge bit -> the point whose stone it took
  std::vector<Node> nodes_;
  std::vector<std::uint32_t> succ_begin_, succ_;  // CSR successor lists
  std::vector<std::uint32_t> pred_begin_, pred_;  // CSR predecessor lists
  std::vector<char> attacker_moves_;              // attacker_to_move(i), read in the fixpoints' inner loops
  std::vector<std::uint32_t> slots_;              // open addressing on NodeHash: node index + 1, 0 = free
  std::size_t max_nodes_ = 0;
};

}  // namespace gotb::japanese
