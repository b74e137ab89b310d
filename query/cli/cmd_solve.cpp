#include <iostream>
#include <memory>

#include "core/rules/games.hpp"
#include "generator/search/solve_search.hpp"
#include "query/cli/commands.hpp"
#include "query/cli/number_options.hpp"
#include "query/game_record.hpp"
#include "query/cli/output.hpp"
#include "query/cli/search_args.hpp"

namespace gotb::cli {
namespace {

struct SolveArgs {
  std::string board, rules = "tromp-taylor", moves, method = "auto", repeated_state;
  double komi = 0;
  bool json = false, no_cache = false, no_moves = false, no_pv = false;
  std::uint64_t node_limit = 0;
  double time_limit = 0;
  SearchArgs search;
};

// The result object of a solve stopped by --node-limit / --time-limit
// (docs/json.md, "`gotb solve --json` stopped by a limit"): no value, the reason, and the bounds
// the search had proven before the stop (null when none).
nlohmann::json stopped_json(const SolveRequest& req, const std::string& method, const NodeLimitReached& e) {
  nlohmann::json j;
  j["board"] = req.board.spec();
  j["rules"] = req.rules.to_string();
  j["komi"] = req.komi;
  j["history"] = req.moves;
  j["perspective"] = "black";
  j["stopped"] = e.what();
  j["exact"] = false;
  j["value"] = nullptr;
  const auto* b = dynamic_cast<const SearchStopped*>(&e);
  j["lower"] = b ? value_json(b->lower) : nlohmann::json(nullptr);
  j["upper"] = b ? value_json(b->upper) : nlohmann::json(nullptr);
  j["method"] = b ? nlohmann::json("search") : method == "auto" ? nlohmann::json(nullptr) : nlohmann::json(method);
  j["note"] = std::string("no value was proven") + (e.proven.empty() ? "" : " (" + e.proven + ")");
  return j;
}

void run_solve(const SolveArgs& a) {
  SolveRequest req{Board::parse(a.board), RuleSet::parse(a.rules), a.komi, split_moves(a.moves), {}};
  if (a.repeated_state == "black") req.repeat = RepeatScoring::BlackWins;
  else if (a.repeated_state == "white") req.repeat = RepeatScoring::WhiteWins;
  else if (!a.repeated_state.empty())
    throw std::invalid_argument("--repeated-state takes 'black' or 'white', not '" + a.repeated_state + "'");
  req.options.memo = !a.no_cache;
  req.options.node_limit = a.node_limit;
  req.options.time_limit = a.time_limit;
  req.with_move_values = !a.no_moves;
  req.with_pv = !a.no_pv;
  if (a.method == "search" && a.no_cache)
    throw std::invalid_argument("--no-cache belongs to the reference solver (use --method reference or auto)");
  if (a.method == "reference" && a.search.any_set())
    throw std::invalid_argument(
        "--ordering, --deepening, --threads, --progress and --profile belong to the search (use --method search or auto)");
  SolveReport rep;
  try {
    rep = solve_with_method(a.method, req, a.search.options(), a.search.ordering_mode());
  } catch (const NodeLimitReached& e) {
    // JSON on stdout too, then the stop as always: the message on stderr and
    // exit 3 (main.cpp).
    if (a.json) std::cout << stopped_json(req, a.method, e).dump(2) << "\n" << std::flush;
    throw;
  }
  if (a.json)
    std::cout << solve_report_json(req, rep).dump(2) << "\n";
  else
    std::cout << solve_report_text(req, rep);
}

}  // namespace

void add_solve_command(CLI::App& app) {
  auto args = std::make_shared<SolveArgs>();
  CLI::App* sub = app.add_subcommand(
      "solve", "Exact value of a board (empty or after --moves), every legal move's value and a principal variation");
  sub->add_option("--board,-b", args->board, "board: RxC, cylinder:RxC, torus:RxC, ring:N or graph:FILE")->required();
  sub->add_option("--rules,-r", args->rules, "ruleset, e.g. tromp-taylor or tromp-taylor:ko=situational")
      ->capture_default_str();
  sub->add_option("--komi,-k", args->komi, "komi subtracted from Black's score (multiple of 0.5)")
      ->check(komi_number())
      ->capture_default_str();
  sub->add_option("--moves,-m", args->moves, "history before solving, e.g. \"B2 A1 pass\" (GTP coordinates)");
  sub->add_option("--method", args->method, "solver: auto (the default: the search where it applies, else or after it the reference "
                  "solver; see docs/solving.md), search (exact alpha-beta with a history-safe transposition "
                  "table, symmetry, Benson bounds for the tromp-taylor family, <= 31 points; the generic exact search with "
                  "history facts for every other ruleset, docs/solving.md section 4) or reference (exact "
                  "minimax over full histories, every ruleset; slow beyond a few points)")
      ->capture_default_str();
  sub->add_option("--node-limit", args->node_limit,
                  "give up (exit 3) after this much work; 0 = no limit. Work is search nodes plus what a "
                  "ruleset's own computations charge (japanese-2003: its final-position analysis, counter "
                  "analysis_nodes, most of the work) and the order tables' build. With one thread the same "
                  "on every machine, unlike --time-limit")
      ->check(count_number(UINT64_MAX))
      ->capture_default_str();
  sub->add_option("--time-limit", args->time_limit, "give up (exit 3) after this many seconds; 0 = no limit")
      ->check(seconds_number(kMaxSeconds))
      ->capture_default_str();
  sub->add_option("--repeated-state", args->repeated_state,
                  "solve the finite-state game instead: no superko, a repeated state (position, player, passes) "
                  "ends the game as a win for 'black' or 'white'");
  add_search_options(sub, args->search, kOrdering | kDeepening | kThreads | kProgress | kHash | kProfile);
  sub->add_flag("--no-cache", args->no_cache, "disable the reference solver's exact-history cache (slower; for cross-checks; with auto it applies where auto uses the reference solver)");
  sub->add_flag("--no-move-values", args->no_moves, "skip the per-move values (faster)");
  sub->add_flag("--no-pv", args->no_pv,
                "skip the principal variation (faster: after a hard value the search re-proves each step of it)");
  sub->add_flag("--json", args->json, "print JSON (see docs/json.md)");
  sub->callback([args] {
    check_komi(args->komi);
    run_solve(*args);
  });
}

}  // namespace gotb::cli
