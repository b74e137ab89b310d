// Shared text / JSON rendering of solver results for the CLI.
#pragma once

#include <nlohmann/json.hpp>
#include <string>

#include "core/value.hpp"
#include "generator/reference/solve.hpp"
#include "query/json.hpp"
#include "query/terminal.hpp"

namespace gotb::cli {

// {"text": "B+1", "kind": "score", "points": 1.0}: one rendering for every
// front end (query/json.hpp).
using gotb::value_json;
nlohmann::json solve_report_json(const SolveRequest& req, const SolveReport& rep);
std::string solve_report_text(const SolveRequest& req, const SolveReport& rep);

using gotb::terminal_safe;  // query/terminal.hpp

}  // namespace gotb::cli
