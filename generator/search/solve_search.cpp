#include "generator/search/solve_search.hpp"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <memory>
#include <optional>
#include <typeinfo>

#include "core/charge_spent.hpp"
#include "core/rules/games.hpp"
#include "generator/search/generic_solve.hpp"
#include "generator/search/international_reduction.hpp"
#include "generator/search/search_team.hpp"

namespace gotb {

bool search_supports(const SolveRequest& req, std::string* why) {
  auto no = [&](std::string text) {
    if (why) *why = std::move(text);
    return false;
  };
  if (req.rules.support().generic_search) return generic_search_supports(req, why);
  if (!req.rules.is(Family::TrompTaylor))
    return no("the search solver does not implement '" +
              req.rules.family() + "'");
  if (req.repeat != RepeatScoring::Superko) return no("the search solver does not play the repeated-state games");
  if (!req.rules.support().superko_search)
    return no("the search solver plays the superko rulesets; tromp-taylor:ko=basic is solved by the reference "
              "solver or read from an exact table (gotb generate)");
  if (req.board.size() > 31)
    return no("the search solver handles boards of up to 31 points; " + req.board.spec() + " has " +
              std::to_string(req.board.size()));
  return true;
}

namespace {

void add_counters(SolveReport& rep, const search::SearchStats& st) {
  auto add = [&](const char* name, std::uint64_t v) {
    for (auto& [k, x] : rep.counters)
      if (k == name) {
        x += v;
        return;
      }
    rep.counters.push_back({name, v});
  };
  add("table_probes", st.probes);
  add("table_cutoffs", st.cutoffs);
  add("history_rejects", st.history_rejects);
  add("table_stores", st.stores);
  add("unstorable", st.unstorable);
  add("benson_cutoffs", st.benson_cutoffs);
  add("deepening_iterations", st.iterations);
  add("horizon_nodes", st.horizon_nodes);
  add("symmetric_uses", st.turned_uses);
  rep.nodes += st.nodes;
  rep.memo_hits += st.cutoffs;
}

}  // namespace

SolveReport search_solve(const SolveRequest& req, const search::SearchOptions& options,
                         search::OrderingMode ordering) {
  std::string why;
  if (!search_supports(req, &why)) throw std::invalid_argument(why);
  // international:ko=positional has tromp-taylor's value after an even
  // number of passes (docs/solving.md section 4, "Session 32").
  if (options.international_as_tromp_taylor && international_reduces_to_tromp_taylor(req))
    return international_by_tromp_taylor(req, options, ordering);
  if (req.rules.support().generic_search) {
    search::GenericOptions g;
    g.node_limit = options.node_limit;
    g.time_limit = options.time_limit;
    g.deepening_step = options.deepening_step;
    // The generic search has one stderr report, its progress lines with
    // their node profile (and the note when the order tables are skipped):
    // --profile asks for it too.
    g.progress = options.progress || options.profile;
    g.node_bounds = options.node_bounds;
    g.aim = options.generic_aim;
    g.guess_nodes = options.generic_guess_nodes;
    g.horizon_growth = options.generic_horizon_growth;
    g.test_budget = options.generic_test_budget;
    // --hash: the generic table's memory cap (the superko search splits it
    // between its table and its proof records).
    const int points = static_cast<int>(req.board.size());
    g.max_megabytes = search::table_megabytes_for(options, points) + search::proof_megabytes_for(options, points);
    // japanese-2003's proofs rest on hundreds of facts each (1x9: about
    // 400 ids per stored proof), so the board-sized default (512 MB below
    // 16 points) held a few tens of thousands of proofs and 1x9's
    // horizon-27 tests took 8.1 M nodes against 1.9 M with 4 GB
    // (docs/solving.md section 4, "Session 30: japanese-2003"). Without
    // --hash its table gets at least kJapaneseAutoMegabytes; pages are
    // touched only as proofs are stored (1x8 stays near 120 MB).
    constexpr std::size_t kJapaneseAutoMegabytes = 4096;
    if (req.rules.is(Family::Japanese2003) && options.table_megabytes == 0 && options.proof_megabytes == 0)
      g.max_megabytes = std::max(g.max_megabytes, kJapaneseAutoMegabytes);
    // international:ko=basic-exceptional: the two-pass game (session 33).
    if (options.international_as_tromp_taylor && international_reduces_by_pass_pairs(req))
      return international_by_two_pass_game(req, g, ordering);
    return generic_solve(req, g, ordering);
  }
  auto start = std::chrono::steady_clock::now();
  // The history is validated (and its errors worded) by the rules' own game.
  TrompTaylorGame game(req.board, req.rules, req.komi);
  replay_moves(game, req.moves);
  // Retrograde move ordering: changes the order moves are tried, never a value.
  search::SearchOptions opt = options;
  // From 16 points a solve stores into every page of its table and ring
  // (1 GiB each): huge pages save most of the page faults and TLB misses.
  // Smaller boards store little and keep small pages (search_table.hpp).
  if (req.board.size() >= 16) opt.huge_pages = true;
  std::shared_ptr<const search::RetroOrdering> retro;
  // Its build is part of the budget: it stops at either limit, and its work
  // (ranks enumerated plus states evaluated) counts against the node limit.
  if (!opt.ordering) retro = search::retro_ordering_for(req.board, ordering, {opt.node_limit, opt.time_limit});
  if (retro) {
    opt.ordering = retro.get();
    charge_spent(opt, retro->build_work(), start);
  }
  std::vector<Move> history;
  for (const std::string& token : req.moves) {
    Move m;
    game.parse_move(token, m);
    history.push_back(m);
  }
  // One member per thread, all on one table (lazy SMP, search_team.hpp);
  // with one thread the member runs alone on this thread.
  const int threads = std::max(1, opt.threads);
  search::SearchTeam team(req.board, TrompTaylorConfig::from(req.rules), req.komi, opt, threads, history);
  search::TrompTaylorSearch& solver = team.member(0);
  // --profile: printed when the solve ends, also when a limit stops it.
  struct PrintProfile {
    const search::SearchTeam& t;
    bool on;
    ~PrintProfile() {
      if (!on) return;
      std::fputs(search::format_profile(t.total_stats()).c_str(), stderr);
      std::fputs(t.summary().c_str(), stderr);  // with one thread too: its busy CPU is the search alone
    }
  } print_profile{team, opt.profile};
  using search::TrompTaylorSearch;
  SolveReport rep;
  rep.method = "search";
  rep.game_over = solver.is_over();
  try {
    rep.value = team.race<Value>([](TrompTaylorSearch& s) { return s.value(); });
  } catch (NodeLimitReached& e) {
    if (const auto b = solver.proved_bounds()) {
      e.proven = "proven before the stop: " + b->first.to_string() + " <= value <= " + b->second.to_string();
      // The bounds travel with the stop (gotb solve --json); a subclass of
      // NodeLimitReached (none is thrown here today) keeps its own type.
      if (typeid(e) == typeid(NodeLimitReached)) throw SearchStopped(e, b->first, b->second);
    }
    throw;
  }
  if (!rep.game_over) {
    rep.to_move = std::string(color_name(solver.to_move()));
    if (req.with_move_values) {
      const auto mv = team.race<std::vector<TrompTaylorSearch::MoveValue>>(
          [](TrompTaylorSearch& s) { return s.move_values(); });
      record_move_values(rep, solver.to_move(), mv, [&](Move m) { return game.move_name(m); });
    } else if (req.with_optimal_moves) {
      using Lists = std::pair<std::vector<Move>, std::vector<Move>>;
      const Value v = rep.value;
      const Lists lists = team.race<Lists>([v](TrompTaylorSearch& s) {
        Lists l;
        l.first = s.optimal_moves(v, &l.second);
        return l;
      });
      for (Move m : lists.first) rep.optimal.push_back(game.move_name(m));
      for (Move m : lists.second) rep.optimal_undecided.push_back(game.move_name(m));
      if (!lists.second.empty() && req.with_pv) throw NodeLimitReached("budget spent before the principal variation");
    }
    if (req.with_pv) {
      const Value v = rep.value;
      for (Move m : team.race<std::vector<Move>>([v](TrompTaylorSearch& s) { return s.principal_variation(v); }))
        rep.pv.push_back(game.move_name(m));
    }
  }
  rep.threads = threads;
  finish_move_report(req, rep);
  add_counters(rep, team.total_stats());

  if (retro) {
    rep.counters.push_back({"retro_build_ms", static_cast<std::uint64_t>(retro->build_seconds() * 1000 + 0.5)});
    rep.counters.push_back({"retro_states", retro->build_stats().states});
  }
  rep.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return rep;
}

AutoSearchHalf auto_search_half(std::uint64_t node_limit, double time_limit) {
  AutoSearchHalf h;
  // At least one node where there is a limit: 0 would mean none.
  h.node_limit = node_limit > 0 ? std::max<std::uint64_t>(1, node_limit / 2) : 0;
  h.time_limit = time_limit > 0 ? time_limit / 2 : node_limit > 0 ? 0 : 10;
  return h;
}

SolveReport auto_solve(const SolveRequest& req, search::SearchOptions sopt, search::OrderingMode ordering) {
  if (!search_supports(req)) return reference_solve(req);
  sopt.node_limit = req.options.node_limit;
  sopt.time_limit = req.options.time_limit;
  // The reference solver is worth half the budget only where it can finish:
  // it has proven no tromp-taylor board beyond 8 points (2x4 in 5 s; 3x3
  // and 1x7 not in minutes), while on 1x12 it gave up only by running out
  // of the half it was given.
  if (req.board.size() > 9) return search_solve(req, sopt, ordering);
  const auto start = std::chrono::steady_clock::now();
  const AutoSearchHalf half = auto_search_half(req.options.node_limit, req.options.time_limit);
  sopt.node_limit = half.node_limit;
  sopt.time_limit = half.time_limit;
  std::uint64_t spent_nodes = 0;
  // The bounds the search proved before its half ran out hold whatever the
  // reference solver does next: a stop of the whole budget reports them.
  std::optional<SearchStopped> search_bounds;
  try {
    return search_solve(req, sopt, ordering);
  } catch (const SearchStopped& e) {
    search_bounds = e;
    spent_nodes = sopt.node_limit;
  } catch (const NodeLimitReached&) {
    spent_nodes = sopt.node_limit;
  }
  // The whole budget spent: the stop carries the search's bounds.
  auto stopped = [&](const NodeLimitReached& e) {
    SearchStopped s(e, search_bounds->lower, search_bounds->upper);
    s.proven = search_bounds->proven + " (by the search, before the reference solver had the rest)";
    return s;
  };
  SolveRequest rest = req;
  const double spent = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  if (req.options.time_limit > 0) rest.options.time_limit = std::max(0.001, req.options.time_limit - spent);
  if (req.options.node_limit > 0) {
    if (spent_nodes >= req.options.node_limit) {  // 0 left would mean no limit
      if (search_bounds) throw stopped(NodeLimitReached());
      throw NodeLimitReached();
    }
    rest.options.node_limit = req.options.node_limit - spent_nodes;
  }
  SolveReport rep;
  try {
    rep = reference_solve(rest);
  } catch (const NodeLimitReached& e) {
    if (search_bounds && typeid(e) == typeid(NodeLimitReached)) throw stopped(e);
    throw;
  }
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
