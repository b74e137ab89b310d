// The Japanese 2003 analysis of many final positions of one board, from
// hypothetical-sequence graphs shared by all of them (docs/rules/
// japanese-2003.md, "Shared graphs"). Same answers as
// analyse_final_position (tests/test_japanese_shared.cpp compares them on
// every position of small boards), at a fraction of the cost when a search
// analyses thousands of positions.
//
// Why sharing is exact. A node of the per-position graph is (position,
// player, pass flag, ko captures, orig), orig being the defender's original
// stones still standing. No move reads orig, so dropping it gives one graph
// H per attacker for every final position (grown on demand from the start
// nodes asked for). Each test reads orig only through a few original
// strings: "capture of s" needs whether s was captured; "no permanent stone
// on R" needs, for each point of R, whether the defender stone there is an
// original one, i.e. which of the defender strings inside R (the tracked
// strings) are captured. A string's stones are captured together (they stay
// connected) and never come back, so the test is decided on the product of
// H with the set c of captured tracked strings, c growing by the tracked
// strings a move leaves incomplete. The map from the per-position graph to
// this product commutes with the moves and keeps the aims, so the games have
// the same winner from the start. A test's answer depends only on its key
// (attacker, string, region, defender stones inside the region): the
// product is solved once per key for every start node of H, and the answer
// for each later position with that key is read off.
#pragma once

#include <cstdint>
#include <memory>
#include <unordered_map>
#include <vector>

#include "core/rules/japanese/analysis.hpp"

namespace gotb::japanese {

// Boards up to this many points get every legal final position's start in
// their shared graphs at once (3^10 = 59,049 positions).
constexpr int kPrefillPoints = 10;

class SharedAnalyser {
 public:
  explicit SharedAnalyser(const Board& board, AnalysisOptions opt = {});
  ~SharedAnalyser();
  SharedAnalyser(const SharedAnalyser&) = delete;
  SharedAnalyser& operator=(const SharedAnalyser&) = delete;

  // Equal to analyse_final_position(board, pos, opt) in every field but
  // graph_nodes (here: the shared graphs' sizes) wherever that decides the
  // position. Throws NotDecided only where the per-position analysis
  // would too (a shared graph past opt.max_nodes falls back to it; a
  // shared graph, having no orig component, may also decide positions
  // whose own graphs exceed the bound); std::invalid_argument for a
  // position with a string without liberties.
  FinalAnalysis analyse(const Position& pos);
  // uncapturable_stones(board, pos) (analysis.hpp, step 1 alone) from the
  // shared graphs, with the same fallback as analyse.
  Mask uncapturable_stones(const Position& pos);
  // has_direct_ko_stone(board, pos) (analysis.hpp: the tests the direct ko
  // rule needs, a subset of analyse's) from the shared graphs, with the same
  // fallback as analyse.
  bool has_direct_ko_stone(const Position& pos);
  // strong_stones(board, pos) (analysis.hpp, steps 1-2), likewise.
  Mask strong_stones(const Position& pos);
  // stepwise_territory_bounds(board, pos, enough) (analysis.hpp: steps 1-2,
  // then step 4 one string at a time), likewise.
  std::pair<int, int> stepwise_territory_bounds(const Position& pos, const std::function<bool(int, int)>& enough,
                                                std::uint64_t* tests = nullptr);

  std::size_t graph_nodes(Color attacker) const;
  // False once a shared graph outgrew max_nodes (per-position graphs since).
  bool sharing() const { return !shared_off_; }
  std::size_t memo_entries() const { return memo_.size(); }
  std::size_t memo_bytes() const { return memo_bytes_; }
  // Tests only: products of more nodes than this fall back to the
  // per-position graph (default 2^26).
  void set_max_product_nodes(std::size_t n) { max_product_ = n; }
  // Tests only: Büchi tests whose ranks (captured-half nodes times lanes)
  // exceed this solve every iteration's attractor from scratch instead of
  // decrementally (0: always; default 2^27).
  void set_max_rank_entries(std::size_t n) { max_rank_entries_ = n; }
  // Tests only: an iteration that lost targets at more than this fraction
  // of the product's nodes recomputes its attractor from scratch (default
  // 1/16; 0: always, above 1: never after the first).
  void set_scratch_fraction(double f) { scratch_fraction_ = f; }
  // Büchi iterations solved decrementally so far (tests: the path ran).
  std::size_t decremental_steps() const { return decremental_steps_; }

 private:
  friend class SharedOracle;
  struct Key {
    Mask string, region, inside;  // inside: defender stones in the region
    std::uint8_t attacker, capture_only;
    bool operator==(const Key&) const = default;
  };
  struct KeyHash {
    std::size_t operator()(const Key& k) const;
  };
  struct Answer {
    std::vector<std::uint64_t> wins;  // bit h: the attacker wins from node h of H (h < wins.size() * 64)
    std::size_t valid = 0;            // nodes of H when solved
  };
  // The answer at start node h of graph `attacker` for key k (solving the
  // product for k if the memo has no answer valid at h).
  bool answer(const Key& k, std::uint32_t h);
  std::vector<std::uint64_t> solve(const Key& k);
  HypotheticalGraph& graph(Color attacker);

  const Board* board_;
  AnalysisOptions opt_;
  std::unique_ptr<HypotheticalGraph> graphs_[2];
  bool shared_off_ = false;  // a shared graph outgrew max_nodes: per-position graphs from then on
  std::unordered_map<Key, Answer, KeyHash> memo_;
  std::size_t memo_bytes_ = 0;
  std::size_t max_product_ = std::size_t{1} << 26;
  std::size_t max_rank_entries_ = std::size_t{1} << 25;
  double scratch_fraction_ = 1.0 / 16;
  std::size_t decremental_steps_ = 0;
};

}  // namespace gotb::japanese
