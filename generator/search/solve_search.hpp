// Runtime entry point of the exact search solver (`gotb solve --method search`).
#pragma once

#include "generator/reference/solve.hpp"
#include "generator/search/search_solver.hpp"

namespace gotb {

// True when the search solver implements req.rules (the tromp-taylor
// family, superko mode, boards of at most 31 points).
bool search_supports(const SolveRequest& req, std::string* why = nullptr);

// Same contract as reference_solve (value, move values, principal
// variation); method "search". Throws std::invalid_argument for requests
// search_supports() refuses, NodeLimitReached on its limits.
SolveReport search_solve(const SolveRequest& req, const search::SearchOptions& options);

}  // namespace gotb
