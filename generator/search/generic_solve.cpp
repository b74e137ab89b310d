#include "generator/search/generic_solve.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <memory>
#include <optional>
#include <tuple>
#include <typeinfo>
#include <cstdio>
#include <type_traits>

#include "core/charge_spent.hpp"
#include "core/symmetry.hpp"
#include "core/rules/games.hpp"
#include "generator/reference/kee2016_search.hpp"
#include "generator/reference/tie_kind.hpp"
#include "generator/search/generic_guess.hpp"
#include "generator/search/ikeda_playout.hpp"
#include "generator/search/proof_number.hpp"
#include "generator/search/solve_search.hpp"

namespace gotb {

bool generic_search_supports(const SolveRequest& req, std::string* why) {
  auto no = [&](std::string text) {
    if (why) *why = std::move(text);
    return false;
  };
  if (!req.rules.support().generic_search)
    return no("the generic search serves kee-2005, kee-2016, international, ikeda-1 and japanese-2003, not '" +
              req.rules.to_string() + "'");
  if (req.repeat != RepeatScoring::Superko) return no("the generic search does not play the repeated-state games");
  // Fact ids pack a board's two colours into one word.
  if (!req.rules.is(Family::Kee2005) && !req.rules.is(Family::Kee2016) && req.board.size() > 32)
    return no("the generic search handles " + req.rules.family() + " boards of up to 32 points; " +
              req.board.spec() + " has " + std::to_string(req.board.size()));
  // Kee 2016's flags are one byte per colouring of the board (Kee2016SearchGame).
  if (req.rules.is(Family::Kee2016) && !Kee2016SearchGame::supports(req.board))
    return no("the generic search handles kee-2016 boards of up to 16 points; " + req.board.spec() + " has " +
              std::to_string(req.board.size()));
  return true;
}

namespace {

constexpr std::uint64_t kKee2005MinStoreWork = 256;

void add_stats(SolveReport& rep, const search::GenericStats& st, std::uint64_t work);

// The move values a request asks for. Where it asks only for the optimal
// moves (`gotb table`), the value is proven already and is not lost when
// the budget runs out while the moves are valued (one exact search per
// move, far costlier than the value on kee-2005: 1x5 chinese 0.64M nodes
// for the value, over 20M with the moves): every legal move is then
// reported undecided, as the tromp-taylor search does with its first
// moves. Moves asked for themselves (`gotb solve`) still need the budget.
template <class G, class Values>
void optimal_moves_within_budget(const SolveRequest& req, SolveReport& rep, G& game, Values&& values) {
  if (req.with_move_values) {
    record_move_values(rep, game.to_move(), values(), [&](Move m) { return game.move_name(m); });
    return;
  }
  try {
    record_move_values(rep, game.to_move(), values(), [&](Move m) { return game.move_name(m); });
  } catch (const NodeLimitReached&) {
    rep.moves.clear();
    std::vector<Move> moves;
    game.legal_moves(moves);
    for (Move m : moves) rep.optimal_undecided.push_back(game.move_name(m));
  }
}

// `gotb table`'s optimal first moves (SolveRequest::with_optimal_moves
// without the move values): one null-window question per move
// (GenericSearch::keeps_value) instead of each move's exact value, and one
// move per symmetry class. The classes: where every move of the line is a
// pass (the table's empty line), every position of the history is the
// empty board, which each board symmetry s fixes, so the game after m and
// after s(m) are images of each other under s (no rule of these rulesets
// names a point) and have the same value; otherwise each move is its own
// class. The value is proven already, so a budget that runs out here keeps
// it: the moves decided before the stop are reported and the rest
// undecided, as the tromp-taylor search does (docs/solving.md section 4,
// "Session 31: japanese-2003"). `keeps(m)`: whether the legal move m keeps
// rep.value (GenericSearch::keeps_value; kee-2016: Kee2016Anchored's).
template <class G, class Keeps>
void optimal_first_moves(const SolveRequest& req, SolveReport& rep, G& game, Keeps&& keeps) {
  std::vector<Move> moves;
  game.legal_moves(moves);
  bool passes_only = true;
  for (const std::string& token : req.moves) {
    Move m;
    if (!game.parse_move(token, m) || m.is_play()) passes_only = false;
  }
  std::vector<std::size_t> class_of(moves.size());
  const Symmetries sym(req.board);
  for (std::size_t i = 0; i < moves.size(); ++i) {
    class_of[i] = i;
    if (!passes_only || !moves[i].is_play()) continue;
    for (int s = 1; s < sym.count() && class_of[i] == i; ++s) {
      const int image = sym.perm(s)[moves[i].point];
      for (std::size_t j = 0; j < i; ++j)
        if (moves[j].is_play() && moves[j].point == image) {
          class_of[i] = class_of[j];
          break;
        }
    }
  }
  enum : char { kUnknown, kKeeps, kLoses };
  std::vector<char> verdict(moves.size(), kUnknown);
  try {
    for (std::size_t i = 0; i < moves.size(); ++i)
      if (class_of[i] == i) verdict[i] = keeps(moves[i]) ? kKeeps : kLoses;
  } catch (const NodeLimitReached&) {
    // (the value stays proven; the undecided moves are listed below)
  }
  for (std::size_t i = 0; i < moves.size(); ++i) {
    const char v = verdict[class_of[i]];
    if (v == kKeeps) rep.optimal.push_back(game.move_name(moves[i]));
    else if (v == kUnknown) rep.optimal_undecided.push_back(game.move_name(moves[i]));
  }
}

template <class G>
SolveReport run(G& game, const SolveRequest& req, const search::GenericOptions& opt) {
  SolveReport rep;
  rep.method = "search";
  std::uint64_t tie_kind_nodes = 0;
  {
    // Replaying can analyse positions too (japanese-2003's direct ko rule).
    Budget replay_budget(opt.node_limit, opt.time_limit);
    BudgetScope scope(&replay_budget);
    replay_moves(game, req.moves);
  }
  const auto start = std::chrono::steady_clock::now();
  search::GenericSearch<G> solver(game, opt);
  rep.game_over = game.is_over();
  rep.value = solver.value();
  // ikeda-1:ko=basic-play: the kind of a value 0 (jigo or no result) by
  // tie_kind.hpp's rule, as reference_solve() prints it, not the kind of
  // the line this search found first (docs/solving.md section 4, "Session
  // 30"); the refined solves share what is left of the budget.
  if constexpr (std::is_same_v<G, IkedaGame>) {
    if (!rep.game_over && req.rules.options().ko == KoRule::BasicPlay && tie_kind_open(rep.value, req.komi)) {
      std::uint64_t used = solver.work(), tie_nodes = 0;
      rep.value = tie_kind(rep.value, [&](std::int32_t at) {
        search::GenericOptions o = opt;
        charge_spent(o, used, start);
        NoResultAt<IkedaGame> refined(at, req.board, req.rules, req.komi);
        replay_moves(refined, req.moves);
        search::GenericSearch<NoResultAt<IkedaGame>> s(refined, o);
        const Value v = s.value();
        used += s.work();
        tie_nodes += s.stats().nodes;
        return v;
      });
      tie_kind_nodes = tie_nodes;
    }
  }
  if (!rep.game_over) {
    rep.to_move = std::string(color_name(game.to_move()));
    // ikeda-1:ko=basic-play's optimal moves need each move's kind of 0
    // (tie_kinds_of_moves below), so its moves are still valued.
    bool tie_kinds = false;
    if constexpr (std::is_same_v<G, IkedaGame>) tie_kinds = req.rules.options().ko == KoRule::BasicPlay;
    if (req.with_optimal_moves && !req.with_move_values && !tie_kinds)
      optimal_first_moves(req, rep, game, [&](Move m) { return solver.keeps_value(m, rep.value); });
    else if (needs_move_values(req))
      optimal_moves_within_budget(req, rep, game, [&] {
        auto values = solver.move_values();
        // The same rule for each move worth 0 (ikeda-1:ko=basic-play).
        if constexpr (std::is_same_v<G, IkedaGame>) {
          if (req.rules.options().ko == KoRule::BasicPlay) {
            std::uint64_t used = solver.work();
            tie_kinds_of_moves(values, req.komi, [&](std::int32_t at) {
              search::GenericOptions o = opt;
              if (o.node_limit > 0) {
                if (used >= o.node_limit) throw NodeLimitReached();
                o.node_limit -= used;
              }
              NoResultAt<IkedaGame> refined(at, req.board, req.rules, req.komi);
              replay_moves(refined, req.moves);
              search::GenericSearch<NoResultAt<IkedaGame>> s(refined, o);
              auto r = s.move_values();
              used += s.work();
              tie_kind_nodes += s.stats().nodes;
              return r;
            });
          }
        }
        return values;
      });
    if (req.with_pv)
      for (Move m : solver.principal_variation(rep.value)) rep.pv.push_back(game.move_name(m));
  }
  add_stats(rep, solver.stats(), solver.work());
  if (tie_kind_nodes) rep.counters.push_back({"tie_kind_nodes", tie_kind_nodes});
  if constexpr (requires { game.strategy_stats(); }) {
    // japanese-2003's passing-strategy bounds: the moves of their one-player games.
    rep.counters.push_back({"strategy_computations", game.strategy_stats().computations});
    rep.counters.push_back({"strategy_moves", game.strategy_stats().moves});
    rep.counters.push_back({"strategy_given_up", game.strategy_stats().given_up});
    rep.counters.push_back({"strategy_cache_hits", game.strategy_stats().cache_hits});
    rep.counters.push_back({"strategy_cache_stores", game.strategy_stats().cache_stores});
    rep.counters.push_back({"analysed_positions", game.analysed_positions()});
    rep.counters.push_back({"bounded_terminals", game.bounded_terminals()});
    rep.counters.push_back({"stepwise_tests", game.stepwise_tests()});
    rep.counters.push_back({"stepwise_exact", game.stepwise_exact()});
  }
  return rep;
}

// Kee 2016: the anchored search game of kee2016_search.hpp (docs/rules/
// kee-2016.md, "Cached solving"), solved by the generic search with the
// board flags as facts; real values come from the anchored driver.
SolveReport run_kee2016(const SolveRequest& req, const search::GenericOptions& options) {
  SolveReport rep;
  search::GenericOptions opt = options;
  // Aimed, on a board of at least two rows and columns: horizons of at
  // least twice the board's points. The tests at the guess then run where
  // most lines end; the short horizons proved nothing there and cost most
  // of the nodes (2x7: "value >= B+14" at horizon 18, 47 M nodes, failed;
  // 2x6 4.06 M -> 0.29 M nodes). On lines of points (1xN) the long cycles
  // make deep horizons dearer (1x11: 4.5 M -> 6.6 M), so they keep the
  // step. The driver never changes a value (docs/solving.md section 4,
  // "Session 34: kee-2016 2x7").
  if (opt.aim && opt.guess && opt.deepening_step > 0 && req.board.rows() >= 2 && req.board.cols() >= 2)
    opt.deepening_step = std::max(opt.deepening_step, 2 * req.board.size());
  rep.method = "search";
  Kee2016Game game(req.board, req.rules, req.komi);
  replay_moves(game, req.moves);
  Kee2016Anchored<search::GenericSearch<Kee2016SearchGame>> solver(req.board, req.komi, opt);
  // Where the nodes went, on stderr with --progress, also when the budget
  // stops the solve (docs/solving.md section 4, "Session 34: kee-2016 2x7").
  struct ProfileLine {
    const Kee2016SearchGame& g;
    bool on;
    ~ProfileLine() {
      if (!on) return;
      const auto& p = g.profile();
      auto u = [](std::uint64_t x) { return static_cast<unsigned long long>(x); };
      std::fprintf(stderr,
                   "  kee-2016 plays: stone %llu pass %llu appeal %llu (after an appeal that answered a stone: %llu); "
                   "ends: rescind at the exit %llu, rescind scored worst %llu, two passes %llu; node bounds %llu "
                   "(one side off %llu, both off %llu); author's guarantee without an appeal %llu\n",
                   u(p.stone), u(p.pass), u(p.appeal), u(p.after_appeal), u(p.rescind_exit), u(p.rescind_worst),
                   u(p.passes_end), u(p.bound_calls), u(p.one_side_off), u(p.both_off), u(p.appeal_strategy));
    }
  } profile_line{solver.star(), opt.progress};
  rep.game_over = game.is_over();
  rep.value = solver.value(game);
  if (!rep.game_over) {
    rep.to_move = std::string(color_name(game.to_move()));
    // `gotb table`'s first moves: one test per symmetry class, asked of the
    // anchored game the value was proven in, with an exact solve of the
    // child where that game's answer can differ from the real game's
    // (Kee2016Anchored::keeps_value; docs/solving.md section 4, "Session
    // 32: kee-2016").
    if (req.with_optimal_moves && !req.with_move_values)
      optimal_first_moves(req, rep, game, [&](Move m) { return solver.keeps_value(game, m, rep.value); });
    else if (needs_move_values(req))
      optimal_moves_within_budget(req, rep, game, [&] { return solver.move_values(game); });
    if (req.with_pv)
      for (Move m : solver.principal_variation(game, rep.value)) rep.pv.push_back(game.move_name(m));
  }
  add_stats(rep, solver.inner().stats(), solver.inner().work());
  if (solver.exact_move_tests()) rep.counters.push_back({"exact_move_tests", solver.exact_move_tests()});
  return rep;
}

// ---- kee-2005: the depth-first search, then proof-number tests ----------
// (docs/solving.md section 4, "Session 32: kee-2005, transpositions of the
// proof-number tree, and the tests in gotb solve"). The depth-first
// deepening proves the small boards cheaply (chinese 1x5 in 0.64 M nodes)
// but pays for every line up to its horizon,
// and the japanese boards' deciding lines are long and narrow (1x4: 142 M
// nodes depth-first, 13 s of proof-number tests, session 31). So the
// depth-first search gets a quarter of the budget; where it does not prove
// the value, proof-number tests (proof_number.hpp: a tree replayed on the
// game, exact under every history) bisect the value with the rest, and
// decide the first moves with one test per move class. Which search proved
// the value is the report's method: "search" or "proof-number".
constexpr std::uint64_t kKee2005DepthFirstShare = 4;            // 1 / this of a node or time limit
constexpr std::uint64_t kKee2005DepthFirstNoLimit = 4'000'000;  // its nodes when the solve has no node limit
// Tree nodes the proof-number test keeps (24 bytes each, up to twice that
// while the vector grows; session 31's japanese 1x5 ">= +1" peaked at 18.6 M).
constexpr std::uint64_t kKee2005PnsTreeNodes = std::uint64_t{1} << 25;

using Kee2005Pns = search::ProofNumberTest<Kee2005Game>;
constexpr std::uint32_t kKee2005EstimateWeight = 4;  // ProofNumberOptions::estimate_weight (session 33)

// Whether the value of the game's current node is at least t (Black's
// view). A tree that fills up before it decides stops the solve like a
// spent budget.
bool pns_at_least(Kee2005Pns& pns, Value t) {
  const auto r = pns.at_least(t);
  if (r == Kee2005Pns::Result::Open) throw NodeLimitReached("node limit reached (proof-number tree full)");
  return r == Kee2005Pns::Result::Proven;
}

// The exact value of g's current node: a bisection over whole points (every
// kee-2005 score is Black's points minus White's, an integer, minus komi)
// within the node's bounds (node_outcome_bounds: finite with the pass
// bounds on, as in gotb solve). A stop reports the bounds proven so far.
Value pns_value(Kee2005Pns& pns, const Kee2005Game& g, double komi) {
  if (g.is_over()) return g.outcome();
  const auto [lo_v, hi_v] = g.node_outcome_bounds();
  if (lo_v == Value::minus_infinity() || hi_v == Value::plus_infinity())
    throw std::logic_error("kee-2005 proof-number value: the node's bounds are not finite");
  int lo = static_cast<int>(std::ceil(lo_v.order / 2.0 + komi - 1e-9));
  int hi = static_cast<int>(std::floor(hi_v.order / 2.0 + komi + 1e-9));
  try {
    while (lo < hi) {
      const int mid = lo + (hi - lo + 1) / 2;
      if (pns_at_least(pns, Value::score(mid, komi))) lo = mid;
      else hi = mid - 1;
    }
  } catch (NodeLimitReached& e) {
    const Value l = Value::score(lo, komi), h = Value::score(hi, komi);
    e.proven = "proven before the stop: " + l.to_string() + " <= value <= " + h.to_string();
    if (typeid(e) == typeid(NodeLimitReached)) throw SearchStopped(e, l, h);
    throw;
  }
  return Value::score(lo, komi);
}

// optimal_first_moves()'s question by one proof-number test: with Black to
// move m keeps v iff its child is at least v; with White, iff its child is
// not at least v + 1 (in Value::order units).
struct PnsKeepsValue {
  Kee2005Game& g;
  Kee2005Pns& pns;
  bool keeps_value(Move m, Value v) {
    const bool black = g.to_move() == Color::Black;
    g.play(m);
    struct Undo {
      Kee2005Game& g;
      ~Undo() { g.undo(); }
    } undo{g};
    return black ? pns_at_least(pns, v) : !pns_at_least(pns, Value::score_half_points(v.order + 1));
  }
};

SolveReport run_kee2005(const SolveRequest& req, const search::GenericOptions& opt,
                        std::optional<std::uint64_t> depth_first_nodes = std::nullopt) {
  const auto start = std::chrono::steady_clock::now();
  // Its keys hold a phase's whole ban record and repeat only at phase
  // starts and on re-searches, so storing every proof made the table
  // (hashing, allocation, clears) two thirds of the time; storing only
  // proofs of at least 256 nodes keeps the reuse that pays (docs/
  // solving.md section 4, "Reach": chinese 1x5 2.98 -> 0.53 s CPU,
  // japanese 1x3 0.59 -> 0.10 s). Storing less is always sound.
  search::GenericOptions df = opt;
  df.min_store_work = std::max<std::uint64_t>(df.min_store_work, kKee2005MinStoreWork);
  df.node_limit = depth_first_nodes ? *depth_first_nodes
                 : opt.node_limit   ? std::max<std::uint64_t>(1, opt.node_limit / kKee2005DepthFirstShare)
                                    : kKee2005DepthFirstNoLimit;
  if (opt.time_limit > 0 && !depth_first_nodes) df.time_limit = opt.time_limit / kKee2005DepthFirstShare;
  SolveReport rep;
  bool proven = false;
  const std::uint64_t df_work = df.node_limit;
  std::uint64_t df_nodes = 0;
  if (df.node_limit > 0) {
    Kee2005Game game(req.board, req.rules, req.komi);
    try {
      rep = run(game, req, df);
      proven = true;
      df_nodes = rep.nodes;
    } catch (const NodeLimitReached&) {
      // (a time stop too: the proof-number tests get the rest of the time)
    }
    if (proven && (rep.optimal_undecided.empty() || req.with_move_values || !req.with_optimal_moves)) return rep;
  }
  // The rest of the budget: the depth-first search is charged its whole
  // share (a stopped one spent it; one that proved the value but left first
  // moves undecided spent it on their tests).
  std::uint64_t rest_nodes = 0;
  if (opt.node_limit) {
    if (df_work >= opt.node_limit) {
      if (proven) return rep;
      throw NodeLimitReached();
    }
    rest_nodes = opt.node_limit - df_work;
  }
  double rest_time = 0;
  if (opt.time_limit > 0) {
    rest_time = opt.time_limit - std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    if (rest_time <= 0) {
      if (proven) return rep;
      throw NodeLimitReached("time limit reached");
    }
  }
  Kee2005Game game(req.board, req.rules, req.komi);
  {
    Budget replay_budget(rest_nodes, rest_time);
    BudgetScope scope(&replay_budget);
    replay_moves(game, req.moves);
  }
  Budget budget(rest_nodes, rest_time);
  BudgetScope scope(&budget);
  search::ProofNumberOptions po;
  po.max_nodes = kKee2005PnsTreeNodes;
  // Leaves whose position's area already holds the tested score are tried
  // first (order only; session 33: japanese 2x2's three tests take 3x fewer
  // expansions, chinese 1x7's ">= +4" 2.8x fewer).
  po.estimate_weight = kKee2005EstimateWeight;
  Kee2005Pns pns(game, po);
  std::uint64_t pns_nodes = 0;
  if (!proven) {
    rep = SolveReport{};
    rep.game_over = game.is_over();
    rep.value = pns_value(pns, game, req.komi);
    rep.method = "proof-number";
    if (!rep.game_over) {
      rep.to_move = std::string(color_name(game.to_move()));
      if (req.with_move_values) {
        // Each move's exact value by its own bisection; a budget that runs
        // out here stops the solve, as the depth-first search's would.
        std::vector<search::GenericSearch<Kee2005Game>::MoveValue> values;
        std::vector<Move> moves;
        game.legal_moves(moves);
        for (Move m : moves) {
          game.play(m);
          struct Undo {
            Kee2005Game& g;
            ~Undo() { g.undo(); }
          } undo{game};
          values.push_back({m, pns_value(pns, game, req.komi)});
        }
        record_move_values(rep, game.to_move(), values, [&](Move m) { return game.move_name(m); });
      }
      // (no principal variation: each of its moves would need tests of its own)
    }
  }
  if (!rep.game_over && req.with_optimal_moves && !req.with_move_values) {
    rep.optimal.clear();
    rep.optimal_undecided.clear();
    PnsKeepsValue keeps{game, pns};
    optimal_first_moves(req, rep, game, [&](Move m) { return keeps.keeps_value(m, rep.value); });
  }
  pns_nodes = budget.used();
  rep.counters.push_back({"depth_first_nodes", df_nodes});
  rep.counters.push_back({"proof_number_nodes", pns_nodes});
  // The work charged: the depth-first search's (its whole share where it
  // did not prove the value) and the tests'.
  rep.nodes = (proven ? rep.nodes : df_work) + pns_nodes;
  rep.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return rep;
}

}  // namespace

SolveReport kee2005_solve(const SolveRequest& req, const search::GenericOptions& options,
                          std::uint64_t depth_first_nodes) {
  if (!req.rules.is(Family::Kee2005)) throw std::invalid_argument("kee2005_solve: not a kee-2005 ruleset");
  SolveReport rep = run_kee2005(req, options, depth_first_nodes);
  finish_move_report(req, rep);
  return rep;
}

namespace {

void add_stats(SolveReport& rep, const search::GenericStats& st, std::uint64_t work) {
  rep.nodes = st.nodes;
  rep.memo_hits = st.cutoffs;
  rep.counters = {{"table_probes", st.probes},   {"table_hits", st.hits},
                  {"table_cutoffs", st.cutoffs}, {"table_stores", st.stores},
                  {"unstorable", st.unstorable}, {"table_clears", st.clears},
                  {"deepening_iterations", st.iterations}, {"horizon_nodes", st.horizon_nodes},
                  {"table_rejected", st.rejected}, {"cycle_nodes", st.cycle_nodes},
                  {"max_ply", st.max_ply}, {"bound_cutoffs", st.bound_cutoffs},
                  {"strategy_bounds", st.strategy_bounds}};
  if (st.one_sided) rep.counters.push_back({"table_one_sided", st.one_sided});
  if (st.retro_ordered) rep.counters.push_back({"retro_ordered_nodes", st.retro_ordered});
  if (st.budget_stops) rep.counters.push_back({"budget_stops", st.budget_stops});
  if (st.entry_facts_dropped) rep.counters.push_back({"entry_facts_dropped", st.entry_facts_dropped});
  if (st.vacuous_dropped) rep.counters.push_back({"vacuous_facts_dropped", st.vacuous_dropped});
  if (st.vacuous_dropped || st.fact_free_results) rep.counters.push_back({"stored_fact_pairs", st.stored_pairs});
  if (st.fact_free_results) rep.counters.push_back({"fact_free_results_unstored", st.fact_free_results});
  if (st.prunes) rep.counters.push_back({"table_prunes", st.prunes});
  if (work > st.nodes) rep.counters.push_back({"analysis_nodes", work - st.nodes});
}

}  // namespace

// The superko rulesets name the mover (kee-2016: also the role) in a fact
// id since session 25, so a proof over many boards rests on up to twice
// as many ids; with the search's default cap the largest proofs, those
// near the root, went unstored (international 3x3: 16 proofs, 361,376
// nodes against 109,832 with this cap; docs/solving.md section 4, "Session
// 25"). Storing more is always sound.
static constexpr std::size_t kSidedMaxFacts = 16384;
static search::GenericOptions sided_facts_options(search::GenericOptions o) {
  o.max_facts = std::max(o.max_facts, kSidedMaxFacts);
  // A node whose bounds its children prove without the table entry it
  // read drops the entry's facts (docs/solving.md section 4, "Session 29").
  o.drop_unused_entry_facts = true;
  // A full table keeps its costliest proofs instead of being cleared (the
  // long table runs filled it every few million nodes; "Session 29").
  o.prune_when_full = true;
  // A node stores and passes up only the facts its proven bounds need
  // (games with HasFactRange: international, kee-2016, ikeda-1; docs/solving.md
  // section 4, "Session 31").
  o.drop_vacuous_facts = true;
  return o;
}

SolveReport generic_solve(const SolveRequest& req, const search::GenericOptions& options,
                          search::OrderingMode ordering) {
  std::string why;
  if (!generic_search_supports(req, &why)) throw std::invalid_argument(why);
  const auto start = std::chrono::steady_clock::now();
  // The tromp-taylor tables of the board order the moves (order only;
  // docs/solving.md section 4, "Session 25"); their build is part of the
  // budget, as for the tromp-taylor search.
  search::GenericOptions opt = options;
  // Auto leaves kee-2005 and ikeda-1 on the history order: ikeda-1 1x6 and
  // 2x3 lost with the tables, and on kee-2005 the new driver exposed a
  // crossed-bounds logic error ([kee-2005] fact sides test, 1x4 after 21
  // moves), since fixed on main (reduce_facts, session 26); kee-2005 was
  // not re-measured with the tables since (docs/solving.md section 4,
  // "Session 25" and "Session 26: re-measured").
  if (ordering == search::OrderingMode::Auto && (req.rules.is(Family::Kee2005) || req.rules.is(Family::Ikeda1)))
    ordering = search::OrderingMode::History;
  // Under a node budget, auto builds the tables only where their estimated
  // build work (search::retro_build_estimate: a function of the board
  // alone, so the choice is the same on every run) is at most half of the
  // budget (or below GenericOptions::order_skip_min_work); else the
  // history order runs with the whole budget. Before
  // session 27 the build was always tried and, on 12 points, charged more
  // than the table's 2M nodes by itself ("node limit reached after 0 s").
  // The order never changes a value (docs/solving.md section 4, "Session 25").
  std::uint64_t skipped_estimate = 0;
  if (!opt.order && ordering == search::OrderingMode::Auto && opt.node_limit > 0 &&
      search::retro_ordering_cheap(req.board)) {
    const std::uint64_t estimate = search::retro_build_estimate(req.board);
    if (estimate > opt.node_limit / 2 && estimate >= opt.order_skip_min_work) {
      skipped_estimate = estimate;
      ordering = search::OrderingMode::History;
      if (opt.progress)
        std::fprintf(stderr,
                     "generic search: retrograde order tables skipped (their build would charge about %llu of the "
                     "%llu-node budget); history order\n",
                     static_cast<unsigned long long>(estimate), static_cast<unsigned long long>(opt.node_limit));
    }
  }
  if (!opt.order) {
    opt.order = search::GenericMoveOrder::for_board(req.board, ordering, {opt.node_limit, opt.time_limit});
    if (opt.order) charge_spent(opt, opt.order->tables().build_work(), start);
  }
  // Aimed root tests (docs/solving.md section 4, "Session 25"): the guess
  // is the tromp-taylor value of the node's board, from the tromp-taylor
  // search with the same order tables; its nodes are counted apart.
  // The budget: --guess-nodes, else by the board (search::guess_node_budget;
  // docs/solving.md section 4, "Session 33: kee-2016"). A guess is a
  // function of (position, player, passes) once the board, budget and order
  // tables are fixed, so each is computed once per generic_solve() call and
  // kept: kee-2016's anchored driver solves the same position again (the
  // first moves' exact tests, an exit's value), and each solve() asks.
  struct GuessState {
    std::uint64_t nodes = 0, asks = 0, proven = 0;
    std::vector<std::tuple<Position, Color, int, std::optional<int>>> known;
  };
  auto guess_state = std::make_shared<GuessState>();
  if (opt.aim && !opt.guess && opt.deepening_step > 0) {
    const Board board = req.board;
    const double komi = req.komi;
    const std::uint64_t limit = opt.guess_nodes ? opt.guess_nodes : search::guess_node_budget(req.board);
    const auto order = opt.order;
    const bool progress = opt.progress;
    opt.guess = [board, komi, limit, order, progress, guess_state](const Position& pos, Color to_move,
                                                                   int passes) -> std::optional<Value> {
      ++guess_state->asks;
      std::optional<int> g;
      bool found = false;
      for (const auto& [p, c, k, v] : guess_state->known)
        if (p == pos && c == to_move && k == passes) {
          g = v;
          found = true;
          break;
        }
      if (!found) {
        const std::uint64_t before = guess_state->nodes;
        g = search::tromp_taylor_guess(board, pos, to_move, passes, limit,
                                       order && !order->tables().uses_ko() ? &order->tables() : nullptr,
                                       &guess_state->nodes);
        guess_state->known.emplace_back(pos, to_move, passes, g);
        if (g) ++guess_state->proven;
        if (progress) {
          const auto n = static_cast<unsigned long long>(guess_state->nodes - before);
          if (g) std::fprintf(stderr, "generic search: tromp-taylor guess %+d points, %llu nodes\n", *g, n);
          else
            std::fprintf(stderr, "generic search: no tromp-taylor guess within %llu nodes (--guess-nodes)\n",
                         static_cast<unsigned long long>(limit));
        }
      }
      if (!g) return std::nullopt;
      return Value::score(*g, komi);
    };
  }
  SolveReport rep;
  switch (req.rules.family_id()) {
    case Family::Kee2005: rep = run_kee2005(req, opt); break;
    case Family::Japanese2003: {
      Japanese2003Game game(req.board, req.rules, req.komi);
      // A full table keeps its costliest proofs instead of being cleared
      // (docs/solving.md section 4, "Session 29: japanese-2003").
      search::GenericOptions o = opt;
      o.prune_when_full = true;
      rep = run(game, req, o);
      break;
    }
    case Family::International: {
      InternationalGame game(req.board, req.rules, req.komi, opt.international_ending_passes);
      rep = run(game, req, sided_facts_options(opt));
      break;
    }
    case Family::Ikeda1: {
      if (const auto t = search::ikeda_playout_choice(req.rules, req.board)) { search::IkedaPlayoutGame game(req.board, req.rules, req.komi, opt.node_limit, opt.time_limit, *t); rep = run(game, req, sided_facts_options(opt)); game.add_counters(rep); break; }  // ikeda-1's playout by tromp-taylor (sessions 33, 34)
      IkedaGame game(req.board, req.rules, req.komi);
      rep = run(game, req, sided_facts_options(opt));
      break;
    }
    case Family::Kee2016: rep = run_kee2016(req, sided_facts_options(opt)); break;
    default: throw std::logic_error("generic_solve: no game for " + req.rules.to_string());
  }
  // The guesses: asked (one per solve() of a deepening search), run (one
  // per position), proven within the budget, and their tromp-taylor nodes.
  if (guess_state->asks) {
    rep.counters.push_back({"guess_asks", guess_state->asks});
    rep.counters.push_back({"guesses", guess_state->known.size()});
    rep.counters.push_back({"guesses_proven", guess_state->proven});
  }
  if (guess_state->nodes) rep.counters.push_back({"guess_nodes", guess_state->nodes});
  // The order tables' build: as the tromp-taylor search reports it, plus
  // the work it charged to the node limit above (counted only under a
  // limit), so that a solve's whole charged work can be read back, as
  // analysis_nodes reports the game's own.
  if (skipped_estimate) rep.counters.push_back({"retro_skipped_estimate", skipped_estimate});
  if (opt.order && !options.order) {
    const search::RetroOrdering& t = opt.order->tables();
    rep.counters.push_back({"retro_build_ms", static_cast<std::uint64_t>(t.build_seconds() * 1000 + 0.5)});
    rep.counters.push_back({"retro_states", t.build_stats().states});
    if (t.build_work()) rep.counters.push_back({"retro_build_work", t.build_work()});
  }
  finish_move_report(req, rep);
  rep.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return rep;
}

}  // namespace gotb
