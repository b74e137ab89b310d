// Optimal lines as SGF game records: the history, then the principal
// variation to the end of the game, with the value in V[] and every legal
// move's value in the node comments; optionally every other optimal move
// as a variation.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "query/analysis.hpp"
#include "query/sgf.hpp"

namespace gotb {

struct PvOptions {
  bool all_optimal = false;    // other value-keeping moves as variations
  int alt_depth = 1;           // how deep variations branch again (with all_optimal)
  std::size_t max_nodes = 20000;  // refuse to build larger trees (throws std::runtime_error)
};

struct PvResult {
  SgfTree tree;
  std::vector<std::string> pv;   // main line after the history
  ValueBounds value;             // of the state after the history
  Value result;                  // outcome at the end of the main line
  std::size_t nodes = 0;         // SGF nodes written
  std::uint64_t search_nodes = 0;
  double seconds = 0;            // analysis time
};

// Throws std::invalid_argument for an illegal history, SgfError for a
// board without SGF coordinates.
PvResult build_pv_sgf(AnalysisBackend& backend, const GameSpec& spec, const std::vector<std::string>& history,
                      const PvOptions& opt);

}  // namespace gotb
