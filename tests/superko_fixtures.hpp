// Shared fixtures of the superko and root file tests (issue 20): temporary
// paths, whole-file reads, the reference solver's verdict on a value, a
// search replayed along a history, and a check on a file's fact layout.
// Header-only, test code only.
#pragma once

#include <unistd.h>

#include <cstdint>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "core/rules/tromp_taylor.hpp"
#include "format/tablebase.hpp"
#include "generator/reference/reference_solver.hpp"
#include "generator/search/search_solver.hpp"
#include "generator/search/superko_table.hpp"

namespace gotb::test {

inline const char* const kTrompTaylorVariants[] = {"tromp-taylor", "tromp-taylor:ko=situational",
                                                   "tromp-taylor:suicide=no",
                                                   "tromp-taylor:ko=situational,suicide=no"};

// A path in the temporary directory that no other test process uses:
// `prefix` names the test file, `name` the case.
inline std::string temp_path(const std::string& prefix, const std::string& name) {
  return (std::filesystem::temp_directory_path() / (prefix + "_" + std::to_string(::getpid()) + "_" + name))
      .string();
}

inline std::string slurp(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

// The reference solver's verdict on `expected` for the game from its
// current history: a null window around it returns exactly it iff it is
// the value.
inline bool reference_agrees(TrompTaylorGame& g, Value expected) {
  ReferenceOptions opt;
  opt.max_dependency_words = 1 << 16;
  opt.memo_megabytes = 16;
  ReferenceSolver solver(g, opt);
  return solver.window(expected.order - 1, expected.order + 1) == expected;
}

// A tromp-taylor search (seeded from `seeds` when not null) that has played
// `moves` (move texts, each legal) from the empty board.
inline search::TrompTaylorSearch solver_on(const Board& b, const RuleSet& r, const search::ProofSeeds* seeds,
                                           const std::vector<std::string>& moves) {
  search::SearchOptions o;
  o.seeds = seeds;
  search::TrompTaylorSearch s(b, TrompTaylorConfig::from(r), 0, o);
  TrompTaylorGame g(b, r, 0);
  for (const std::string& t : moves) {
    Move m;
    g.parse_move(t, m);
    g.play(m);
    s.play(m);
  }
  return s;
}

// Whether some state's fact record (fact_index: uint32 LE offsets, one per
// state and one past the end) spans two chunks of `chunk` values, so that a
// lazy reader must join chunks for it.
inline bool some_fact_record_crosses_chunks(TablebaseReader& reader, std::uint64_t chunk) {
  const std::vector<std::int8_t> idx = reader.read_array(search::kSkFactIndex);
  const auto u32 = [&](std::size_t i) {
    std::uint32_t v = 0;
    for (int k = 0; k < 4; ++k)
      v |= static_cast<std::uint32_t>(static_cast<std::uint8_t>(idx[i + k])) << (8 * k);
    return v;
  };
  for (std::size_t i = 0; i + 8 <= idx.size(); i += 4) {
    const std::uint32_t a = u32(i), b = u32(i + 4);
    if (b > a && a / chunk != (b - 1) / chunk) return true;
  }
  return false;
}

}  // namespace gotb::test
