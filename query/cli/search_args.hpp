// Options of the exact search shared by `solve`, `table` and `bench`: move
// ordering, iterative deepening, root-parallel threads, progress lines.
#pragma once

#include <CLI/CLI.hpp>
#include <string>

#include "generator/search/move_ordering.hpp"
#include "generator/search/search_solver.hpp"

namespace gotb::cli {

struct SearchArgs {
  std::string ordering = "auto";
  int deepening = search::SearchOptions{}.deepening_step;
  bool no_aim = false;  // SearchOptions::aim off
  // SearchOptions::max_dependencies (the tromp-taylor search); 0 = its default.
  std::size_t max_dependencies = 0;
  std::string stall_aim = "on";  // SearchOptions::stall_aim: "on" or "off"
  bool no_node_bounds = false;  // SearchOptions::node_bounds off (the generic search)
  int horizon_growth = search::GenericDriverDefaults::horizon_growth;   // the generic search's
  double test_budget = search::GenericDriverDefaults::test_budget;      // the generic search's
  bool aim_generic = search::GenericDriverDefaults::aim;                // the generic search's
  std::uint64_t guess_nodes = 0;  // SearchOptions::generic_guess_nodes (0: by the board)
  bool international_generic = false;  // SearchOptions::international_as_tromp_taylor off
  std::string safe_regions = "auto";  // SearchOptions::safe_regions: auto, on or off (the tromp-taylor search)
  bool no_safe_regions = false;       // the same as safe_regions = "off" (kept from session 25)
  std::string stone_facts = "count";  // SearchOptions::stone_masks: "superset", "reuse" or "count"
  double proved_cap = search::SearchOptions{}.proved_cap;  // SearchOptions::proved_cap (the tromp-taylor search)
  double idle_cap = search::SearchOptions{}.idle_cap;      // SearchOptions::idle_cap (the tromp-taylor search)
  int threads = 1;
  std::string team = "split";  // SearchOptions::team_split: "pair" or "split"
  bool progress = false;
  bool profile = false;
  // Memory of the transposition table and its proof ring, half each;
  // 0 = sized by the board (search::auto_hash_megabytes).
  std::size_t hash_mb = 0;
  std::string list_sharing = "auto";  // SearchOptions::share_lists: "auto", "on" or "off"
  std::string ring_words = "auto";  // SearchOptions::wide_ring: "auto" (32 bits where they fit) or "64"

  // The search options these set (limits are the caller's).
  search::SearchOptions options() const;
  search::OrderingMode ordering_mode() const { return search::parse_ordering(ordering); }
  // True when any of them differs from its default (they mean nothing to
  // the reference solver).
  bool any_set() const;
};

enum SearchFlag : unsigned { kOrdering = 1, kDeepening = 2, kThreads = 4, kProgress = 8, kHash = 16, kProfile = 32 };

// Adds the options named in `which` (SearchFlag bits).
void add_search_options(CLI::App* sub, SearchArgs& a, unsigned which);

}  // namespace gotb::cli
