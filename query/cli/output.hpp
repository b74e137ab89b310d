// Shared text / JSON rendering of solver results for the CLI.
#pragma once

#include <nlohmann/json.hpp>
#include <string>

#include "core/value.hpp"
#include "generator/reference/solve.hpp"

namespace gotb::cli {

// {"text": "B+1", "kind": "score", "points": 1.0} ; points is null for
// outcomes outside the score scale.
nlohmann::json value_json(const Value& v);
nlohmann::json solve_report_json(const SolveRequest& req, const SolveReport& rep);
std::string solve_report_text(const SolveRequest& req, const SolveReport& rep);

}  // namespace gotb::cli
