// gotb serve: what the HTTP API computes, independent of HTTP (the server
// in query/serve/server.hpp only routes, bounds and renders).
//
// docs/http.md documents every endpoint and field. The contract:
//  - A request names a game by board text, ruleset text and optional komi;
//    the table is looked up in the catalogue by that game, never by a path.
//    A "graph:" board is accepted only when it names a table's board
//    exactly (Board::parse would read a file).
//  - The history is at most longest_game_bound(board) moves (413 above).
//  - Every answer about values comes from probe_json(), the one place
//    that asks a value source (a table file, or the on-the-fly exact
//    search within the request's budget): switching to the library probe
//    API changes only that function.
//  - Errors are ApiError (status + message); anything else a handler
//    throws is mapped by the server (std::invalid_argument 400,
//    NodeLimitReached 503, TablebaseError 500).
#pragma once

#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/board.hpp"
#include "core/rules/ruleset.hpp"
#include "format/tablebase.hpp"
#include "query/probe.hpp"

namespace gotb::serve {

class ApiError : public std::runtime_error {
 public:
  ApiError(int status, const std::string& message) : std::runtime_error(message), status_(status) {}
  int status() const { return status_; }

 private:
  int status_;
};

struct ApiOptions {
  std::string dir = ".";
  // Nodes the on-the-fly exact search may spend per request on a game
  // without a table (0: no search; such requests get 404).
  std::uint64_t search_budget = 0;
  int search_max_points = 8;       // larger boards are never searched
  // Seconds of wall time per request: the search and a line (PV) past it
  // are 503; an exact table's history check past it answers bounds.
  double time_budget = 5;
  // Exact (ko=basic) tables: nodes per probe for checking the file's values
  // under the request's history (ProbeOptions::history_node_limit).
  std::uint64_t history_nodes = 1000000;
};

// One table file found under the directory.
struct Table {
  std::string path;      // relative to the directory (shown; never taken from a request)
  TablebaseMeta meta;
  std::uint64_t file_bytes = 0;
  bool verified = false;               // every chunk checksum matched at startup
  std::vector<std::string> problems;   // why it is not served
  bool served = false;
  std::string kind;                    // "exact" or "fixpoints" (TablebaseProbe::kind)
  std::shared_ptr<const TablebaseProbe> probe;  // the library probe API (query/probe.hpp)
};

// The tables under a directory, found at startup (files named *.h5 or
// *.hdf5, recursively, symbolic links not followed). Read-only afterwards.
class Catalogue {
 public:
  // probe: the options every table's probe opens with.
  explicit Catalogue(const std::string& dir, const ProbeOptions& probe = {});
  const std::vector<std::unique_ptr<Table>>& tables() const { return tables_; }
  // The served table for the game; nullptr when there is none. Throws
  // ApiError 400 when komi is not given and several komis are served.
  const Table* find(const std::string& board_spec, const std::string& rules, std::optional<double> komi) const;

 private:
  std::vector<std::unique_ptr<Table>> tables_;
};

// The query string of a probe / pv / sgf request, validated.
struct GameQuery {
  std::string board_text, rules_text;
  std::optional<double> komi;
  std::string moves_text;
  std::vector<std::string> moves;
};

// The longest history a request may carry on this board: 4 * 3^points + 4,
// capped at 10^6. Under positional or situational superko every legal
// game is shorter (a play never repeats a board, resp. a board with the
// same player to move, of which there are at most 2 * 3^points, and at
// most one pass separates two plays); for rules whose games can be longer
// the bound still caps what a request may ask for.
std::uint64_t longest_game_bound(const Board& board);

// The komi parameter, by the project's one strict number parser
// (core/numbers.hpp: plain decimal, a multiple of 0.5, |komi| <= 1000);
// ApiError 400 otherwise.
double parse_request_komi(const std::string& text);

class Api {
 public:
  explicit Api(ApiOptions options);
  const ApiOptions& options() const { return opt_; }
  const Catalogue& catalogue() const { return catalogue_; }

  nlohmann::json tables_json() const;
  // The probe result (the object `gotb query --json` prints for a file:
  // the probe API's result through analysis_json, or the same object from
  // the on-the-fly search) plus one key "serve": where it came from, the
  // board geometry and the stones.
  nlohmann::json probe(const GameQuery& q) const;
  // A line from the position: the best-first move of each probe in turn,
  // to the end of the game or the request's time budget (503, also when a
  // probe on the way was cut short by it).
  nlohmann::json pv(const GameQuery& q) const;
  // SGF FF[4] of the history (and the line above when with_pv).
  std::string sgf(const GameQuery& q, bool with_pv) const;

  // THE one place that asks a value source (see the header comment).
  // Throws ApiError 404 when no table serves the game and the search is
  // off or cannot take it.
  nlohmann::json probe_json(const std::string& board_text, const std::string& rules_text,
                            std::optional<double> komi, const std::vector<std::string>& moves,
                            std::chrono::steady_clock::time_point deadline) const;

 private:
  ApiOptions opt_;
  Catalogue catalogue_;
};

}  // namespace gotb::serve
