#include "generator/reference/solve.hpp"

#include <algorithm>
#include <chrono>
#include <type_traits>

#include "core/charge_spent.hpp"
#include "core/rules/games.hpp"
#include "generator/reference/kee2016_search.hpp"
#include "generator/reference/tie_kind.hpp"

namespace gotb {

namespace {

TrompTaylorFiniteGame finite_game(const Board& board, const RuleSet& rules, double komi, RepeatScoring scoring,
                                  const Position& pos, Color to_move, int passes) {
  if (!rules.is(Family::TrompTaylor))
    throw RulesError("the repeated-state mode is implemented for the tromp-taylor family only, not '" +
                     rules.family() + "'");
  if (!rules.support().repeated_state)
    throw RulesError("the repeated-state mode replaces superko; tromp-taylor:ko=basic has its own cycle rule "
                     "(solve it without --repeated-state)");
  return TrompTaylorFiniteGame(board, rules, komi, scoring, pos, to_move, passes);
}

}  // namespace

Value finite_state_value(const Board& board, const RuleSet& rules, double komi, RepeatScoring scoring,
                         const Position& pos, Color to_move, int passes, const ReferenceOptions& options) {
  TrompTaylorFiniteGame game = finite_game(board, rules, komi, scoring, pos, to_move, passes);
  ReferenceSolver solver(game, options);
  return solver.value();
}

SolveReport reference_solve(const SolveRequest& req) {
  auto start = std::chrono::steady_clock::now();
  SolveReport rep;
  ReferenceOptions opt = req.options;
  auto run = [&](auto& game) {
    {
      // Replaying can analyse positions too (japanese-2003: a pass after a
      // pass asks whether the position holds a direct ko stone).
      Budget replay_budget(opt.node_limit, opt.time_limit);
      BudgetScope scope(&replay_budget);
      replay_moves(game, req.moves);
    }
    ReferenceSolver solver(game, opt);
    rep.game_over = game.is_over();
    rep.value = solver.value();
    // ikeda-1:ko=basic-play: whether a value 0 prints as a jigo or a no
    // result is decided by tie_kind.hpp's rule, not by the line found
    // first (docs/solving.md section 4, "Session 30"); the two refined
    // solves share what is left of the node budget.
    if constexpr (std::is_same_v<std::decay_t<decltype(game)>, IkedaGame>) {
      if (!rep.game_over && req.rules.options().ko == KoRule::BasicPlay && tie_kind_open(rep.value, req.komi)) {
        std::uint64_t used = solver.work(), tie_nodes = 0;
        rep.value = tie_kind(rep.value, [&](std::int32_t at) {
          ReferenceOptions o = opt;
          charge_spent(o, used, start);
          NoResultAt<IkedaGame> refined(at, req.board, req.rules, req.komi);
          replay_moves(refined, req.moves);
          ReferenceSolver s(refined, o);
          const Value v = s.value();
          used += s.work();
          tie_nodes += s.nodes();
          return v;
        });
        rep.counters.push_back({"tie_kind_nodes", tie_nodes});
      }
    }
    if (!rep.game_over) {
      rep.to_move = std::string(color_name(game.to_move()));
      if (needs_move_values(req)) {
        auto values = solver.move_values();
        // The same rule for each move worth 0 (ikeda-1:ko=basic-play).
        if constexpr (std::is_same_v<std::decay_t<decltype(game)>, IkedaGame>) {
          if (req.rules.options().ko == KoRule::BasicPlay) {
            std::uint64_t used = solver.work(), tie_nodes = 0;
            tie_kinds_of_moves(values, req.komi, [&](std::int32_t at) {
              ReferenceOptions o = opt;
              if (o.node_limit > 0) {
                if (used >= o.node_limit) throw NodeLimitReached();
                o.node_limit -= used;
              }
              NoResultAt<IkedaGame> refined(at, req.board, req.rules, req.komi);
              replay_moves(refined, req.moves);
              ReferenceSolver s(refined, o);
              auto r = s.move_values();
              used += s.work();
              tie_nodes += s.nodes();
              return r;
            });
            if (tie_nodes) rep.counters.push_back({"tie_kind_move_nodes", tie_nodes});
          }
        }
        record_move_values(rep, game.to_move(), values, [&](Move m) { return game.move_name(m); });
      }
      if (req.with_pv) {
        for (Move m : solver.principal_variation(rep.value)) rep.pv.push_back(game.move_name(m));
      }
    }
    rep.nodes = solver.nodes();
    rep.memo_hits = solver.memo_hits();
    if (solver.work() > solver.nodes()) rep.counters.push_back({"analysis_nodes", solver.work() - solver.nodes()});
  };
  if (req.repeat == RepeatScoring::Superko && opt.memo && req.rules.support().kee2016_search &&
      Kee2016SearchGame::supports_cache(req.board)) {
    // Kee 2016: the cached search of kee2016_search.hpp (docs/rules/kee-2016.md).
    Kee2016Game game(req.board, req.rules, req.komi);
    replay_moves(game, req.moves);
    Kee2016Solver solver(req.board, req.komi, opt);
    rep.game_over = game.is_over();
    rep.value = solver.value(game);
    if (!rep.game_over) {
      rep.to_move = std::string(color_name(game.to_move()));
      if (needs_move_values(req)) {
        record_move_values(rep, game.to_move(), solver.move_values(game), [&](Move m) { return game.move_name(m); });
      }
      if (req.with_pv)
        for (Move m : solver.principal_variation(game, rep.value)) rep.pv.push_back(game.move_name(m));
    }
    rep.nodes = solver.nodes();
    rep.memo_hits = solver.memo_hits();
    if (solver.work() > solver.nodes()) rep.counters.push_back({"analysis_nodes", solver.work() - solver.nodes()});
  } else if (req.repeat == RepeatScoring::Superko) {
    visit_game(req.board, req.rules, req.komi, run);
  } else {
    TrompTaylorFiniteGame game = finite_game(req.board, req.rules, req.komi, req.repeat, {}, Color::Black, 0);
    run(game);
  }
  finish_move_report(req, rep);
  rep.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return rep;
}

}  // namespace gotb
