#include "generator/search/generic_solve.hpp"

#include <chrono>

#include "core/rules/games.hpp"

namespace gotb {

bool generic_search_supports(const SolveRequest& req, std::string* why) {
  auto no = [&](std::string text) {
    if (why) *why = std::move(text);
    return false;
  };
  if (!req.rules.support().generic_search)
    return no("the generic search serves kee-2005 and japanese-2003, not '" + req.rules.to_string() + "'");
  if (req.repeat != RepeatScoring::Superko) return no("the generic search does not play the repeated-state games");
  if (req.rules.is(Family::Japanese2003) && req.board.size() > 32)
    return no("the generic search handles japanese-2003 boards of up to 32 points; " + req.board.spec() + " has " +
              std::to_string(req.board.size()));
  return true;
}

namespace {

template <class G>
SolveReport run(G& game, const SolveRequest& req, const search::GenericOptions& opt) {
  SolveReport rep;
  rep.method = "search";
  {
    // Replaying can analyse positions too (japanese-2003's direct ko rule).
    Budget replay_budget(opt.node_limit, opt.time_limit);
    BudgetScope scope(&replay_budget);
    replay_moves(game, req.moves);
  }
  search::GenericSearch<G> solver(game, opt);
  rep.game_over = game.is_over();
  rep.value = solver.value();
  if (!rep.game_over) {
    rep.to_move = std::string(color_name(game.to_move()));
    if (needs_move_values(req))
      record_move_values(rep, game.to_move(), solver.move_values(), [&](Move m) { return game.move_name(m); });
    if (req.with_pv)
      for (Move m : solver.principal_variation(rep.value)) rep.pv.push_back(game.move_name(m));
  }
  const search::GenericStats& st = solver.stats();
  rep.nodes = st.nodes;
  rep.memo_hits = st.cutoffs;
  rep.counters = {{"table_probes", st.probes},   {"table_hits", st.hits},
                  {"table_cutoffs", st.cutoffs}, {"table_stores", st.stores},
                  {"unstorable", st.unstorable}, {"table_clears", st.clears},
                  {"deepening_iterations", st.iterations}, {"horizon_nodes", st.horizon_nodes}};
  if (solver.work() > st.nodes) rep.counters.push_back({"analysis_nodes", solver.work() - st.nodes});
  return rep;
}

}  // namespace

SolveReport generic_solve(const SolveRequest& req, const search::GenericOptions& opt) {
  std::string why;
  if (!generic_search_supports(req, &why)) throw std::invalid_argument(why);
  const auto start = std::chrono::steady_clock::now();
  SolveReport rep;
  switch (req.rules.family_id()) {
    case Family::Kee2005: {
      Kee2005Game game(req.board, req.rules, req.komi);
      rep = run(game, req, opt);
      break;
    }
    case Family::Japanese2003: {
      Japanese2003Game game(req.board, req.rules, req.komi);
      rep = run(game, req, opt);
      break;
    }
    default: throw std::logic_error("generic_solve: no game for " + req.rules.to_string());
  }
  finish_move_report(req, rep);
  rep.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return rep;
}

}  // namespace gotb
