// Options shared by the front-end subcommands (pv, gtp, referee): which
// game (board, ruleset, komi, history from --moves or an SGF file) and
// which backend answers value queries.
#pragma once

#include <CLI/CLI.hpp>
#include <memory>
#include <string>
#include <vector>

#include "query/backends.hpp"
#include "query/game_record.hpp"

namespace gotb::cli {

struct GameArgs {
  std::string board, rules = "tromp-taylor", moves, sgf_in, tablebase, method = "auto", fallback = "none";
  double komi = 0;
  int max_points = 8;
  std::uint64_t node_limit = 0;
  std::uint64_t history_nodes = ProbeOptions{}.history_node_limit;
  bool no_cache = false;
  bool allow_sgf_graph = false;  // SGF GOTBBOARD[graph:PATH] may open PATH
  CLI::Option* board_opt = nullptr;
  CLI::Option* rules_opt = nullptr;
  CLI::Option* komi_opt = nullptr;
  // The opened --tablebase (backend_for opens it once; resolve_game takes
  // the game from it).
  std::shared_ptr<const TablebaseProbe> probe;
};

// Adds --board, --rules, --komi, the backend options and, with_history,
// --moves and --sgf-in.
void add_game_options(CLI::App* sub, GameArgs& a, bool with_history, bool board_required);

struct ResolvedGame {
  GameSpec spec;
  std::vector<std::string> history;
};

// The game the options name; the history replayed and checked (throws
// std::invalid_argument / SgfError / RulesError). With --tablebase, board,
// ruleset and komi are the file's (given ones must agree with it).
ResolvedGame resolve_game(GameArgs& a);
// --allow-sgf-graph (added with the history options; gtp adds it for loadsgf).
void add_allow_sgf_graph(CLI::App* sub, GameArgs& a);
std::unique_ptr<AnalysisBackend> backend_for(GameArgs& a);

}  // namespace gotb::cli
