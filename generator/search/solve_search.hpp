// Runtime entry point of the exact search solver (`gotb solve --method search`).
#pragma once

#include "generator/reference/solve.hpp"
#include "generator/search/move_ordering.hpp"
#include "generator/search/search_solver.hpp"

namespace gotb {

// What a search stopped by its node or time limit had proven (its
// deepening's bounds at the root, Black's view, komi applied): thrown by
// search_solve in place of the NodeLimitReached that stopped it when there
// are bounds, with the same what() and `proven` text ("proven before the
// stop: L <= value <= U"), so a caller that catches NodeLimitReached sees no
// difference; `gotb solve --json` prints the bounds (docs/json.md).
struct SearchStopped : NodeLimitReached {
  SearchStopped(const NodeLimitReached& stop, Value lower_bound, Value upper_bound)
      : NodeLimitReached(stop), lower(lower_bound), upper(upper_bound) {}
  Value lower, upper;
};

// True when the search solver implements req.rules: the tromp-taylor
// family in superko mode on boards of at most 31 points (search_solver),
// or a ruleset the generic search serves (generic_solve.hpp: kee-2005,
// japanese-2003); search_solve hands the latter to generic_solve.
bool search_supports(const SolveRequest& req, std::string* why = nullptr);

// Same contract as reference_solve (value, move values, principal
// variation); method "search". Throws std::invalid_argument for requests
// search_supports() refuses, NodeLimitReached on its limits.
// `ordering` (used when options.ordering is null): Retro or Auto on a cheap
// board first builds the retrograde tables (move order only; their build
// time counts in rep.seconds and options.time_limit, and is reported in the
// counters retro_build_ms / retro_states).
SolveReport search_solve(const SolveRequest& req, const search::SearchOptions& options,
                         search::OrderingMode ordering = search::OrderingMode::Auto);

// `--method auto`: an exact value from whichever solver proves it first.
// The search's cost varies a lot with the ruleset and board (docs/solving.md
// §3), and the reference solver has never finished a tromp-taylor board
// beyond 8 points in minutes. So: the reference solver where the search does
// not apply; the search alone above 9 points; otherwise the search with
// half of the budget (auto_search_half), then the reference solver with the
// rest. The report names the solver that proved the value;
// `seconds` includes the abandoned attempt. req.options holds the budget;
// `search` the search's other options (its limits are set from the budget).
// The search's share of an `auto` budget on boards of at most 9 points:
// half the nodes and half the seconds. With no time limit it gets no time
// limit either when there is a node limit (so that a node budget alone
// gives the same entries on a loaded machine as on an idle one: `gotb table
// --node-limit N --time-limit 0`), and 10 s only when there is no budget at
// all (the reference solver then gets the rest, unbounded). 0 = no limit.
struct AutoSearchHalf {
  std::uint64_t node_limit = 0;
  double time_limit = 0;
};
AutoSearchHalf auto_search_half(std::uint64_t node_limit, double time_limit);

SolveReport auto_solve(const SolveRequest& req, search::SearchOptions search = {},
                       search::OrderingMode ordering = search::OrderingMode::Auto);

// "reference", "search" or "auto" (the command line's --method); the search
// gets req.options' node and time limits, the rest of `search`, and
// `ordering`. Throws std::invalid_argument for another name.
SolveReport solve_with_method(const std::string& method, const SolveRequest& req,
                              search::SearchOptions search = {},
                              search::OrderingMode ordering = search::OrderingMode::Auto);

}  // namespace gotb
