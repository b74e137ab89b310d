#include "generator/search/solve_search.hpp"

#include <algorithm>
#include <chrono>

#include "core/rules/games.hpp"

namespace gotb {

bool search_supports(const SolveRequest& req, std::string* why) {
  auto no = [&](std::string text) {
    if (why) *why = std::move(text);
    return false;
  };
  if (req.rules.family() != "tromp-taylor")
    return no("the search solver implements the tromp-taylor family only, not '" + req.rules.family() + "'");
  if (req.repeat != RepeatScoring::Superko) return no("the search solver does not play the repeated-state games");
  if (req.board.size() > 31)
    return no("the search solver handles boards of up to 31 points; " + req.board.spec() + " has " +
              std::to_string(req.board.size()));
  return true;
}

SolveReport search_solve(const SolveRequest& req, const search::SearchOptions& options,
                         search::OrderingMode ordering) {
  std::string why;
  if (!search_supports(req, &why)) throw std::invalid_argument(why);
  auto start = std::chrono::steady_clock::now();
  // The history is validated (and its errors worded) by the rules' own game.
  TrompTaylorGame game(req.board, req.rules, req.komi);
  replay_moves(game, req.moves);
  // Retrograde move ordering: changes the order moves are tried, never a value.
  search::SearchOptions opt = options;
  std::shared_ptr<const search::RetroOrdering> retro;
  if (!opt.ordering) retro = search::retro_ordering_for(req.board, ordering);
  if (retro) {
    opt.ordering = retro.get();
    if (opt.time_limit > 0) {
      const double spent = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
      if (spent >= opt.time_limit) throw NodeLimitReached("time limit reached");
      opt.time_limit -= spent;
    }
  }
  search::TrompTaylorSearch solver(req.board, TrompTaylorConfig::from(req.rules), req.komi, opt);
  for (const std::string& token : req.moves) {
    Move m;
    game.parse_move(token, m);
    solver.play(m);
  }
  SolveReport rep;
  rep.method = "search";
  rep.game_over = solver.is_over();
  rep.value = solver.value();
  if (!rep.game_over) {
    rep.to_move = std::string(color_name(solver.to_move()));
    if (req.with_move_values) {
      record_move_values(rep, solver.to_move(), solver.move_values(), [&](Move m) { return game.move_name(m); });
    }
    if (req.with_pv)
      for (Move m : solver.principal_variation(rep.value)) rep.pv.push_back(game.move_name(m));
  }
  const auto& st = solver.stats();
  rep.counters = {{"table_probes", st.probes},       {"table_cutoffs", st.cutoffs},
                  {"history_rejects", st.history_rejects}, {"table_stores", st.stores},
                  {"unstorable", st.unstorable},     {"benson_cutoffs", st.benson_cutoffs},
                  {"deepening_iterations", st.iterations}, {"horizon_nodes", st.horizon_nodes}};
  if (retro) {
    rep.counters.push_back({"retro_build_ms", static_cast<std::uint64_t>(retro->build_seconds() * 1000 + 0.5)});
    rep.counters.push_back({"retro_states", retro->build_stats().states});
  }
  rep.nodes = solver.stats().nodes;
  rep.memo_hits = solver.stats().cutoffs;
  rep.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return rep;
}

SolveReport auto_solve(const SolveRequest& req, search::SearchOptions sopt, search::OrderingMode ordering) {
  if (!search_supports(req)) return reference_solve(req);
  sopt.node_limit = req.options.node_limit;
  sopt.time_limit = req.options.time_limit;
  if (req.board.size() > 13) return search_solve(req, sopt, ordering);
  const auto start = std::chrono::steady_clock::now();
  sopt.node_limit = req.options.node_limit / 2;
  sopt.time_limit = req.options.time_limit > 0 ? req.options.time_limit / 2 : 10;
  std::uint64_t spent_nodes = 0;
  try {
    return search_solve(req, sopt, ordering);
  } catch (const NodeLimitReached&) {
    spent_nodes = sopt.node_limit;
  }
  SolveRequest rest = req;
  const double spent = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  if (req.options.time_limit > 0) rest.options.time_limit = std::max(0.001, req.options.time_limit - spent);
  if (req.options.node_limit > 0) rest.options.node_limit = req.options.node_limit - spent_nodes;
  SolveReport rep = reference_solve(rest);
  rep.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return rep;
}

SolveReport solve_with_method(const std::string& method, const SolveRequest& req, search::SearchOptions sopt,
                              search::OrderingMode ordering) {
  if (method == "reference") return reference_solve(req);
  if (method == "auto") return auto_solve(req, sopt, ordering);
  if (method != "search")
    throw std::invalid_argument("unknown method '" + method + "' (available: reference, search, auto)");
  sopt.node_limit = req.options.node_limit;
  sopt.time_limit = req.options.time_limit;
  return search_solve(req, sopt, ordering);
}

}  // namespace gotb
