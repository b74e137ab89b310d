// JSON renderings shared by the front ends (docs/json.md lists the fields;
// they are stable: new fields may be added, none renamed or removed).
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "query/analysis.hpp"

namespace gotb {

// {"text": "B+1", "kind": "score", "points": 1.0}; points is null for
// outcomes outside the score scale. Same shape as `gotb solve --json`.
nlohmann::json value_json(const Value& v);
// {"exact": bool, "value": value or null, "lower": value, "upper": value}
// merged into `into`.
void bounds_json(const ValueBounds& b, nlohmann::json& into);
// One analysis: the game, the history, the value of the current state and
// every legal move (best first), and the move genmove would play.
nlohmann::json analysis_json(const GameSpec& spec, const std::vector<std::string>& history, const Analysis& a);

}  // namespace gotb

namespace gotb {
struct PvResult;
// `gotb pv --json`: the game, the history, the value after it, the
// principal variation, its final result and where the SGF went.
nlohmann::json pv_json(const GameSpec& spec, const std::vector<std::string>& history, const PvResult& pv,
                       const std::string& sgf_path, const std::string& method);
}  // namespace gotb
