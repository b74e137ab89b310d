#include "generator/search/international_reduction.hpp"

#include <algorithm>
#include <chrono>
#include <map>
#include <memory>
#include <stdexcept>
#include <utility>

#include "core/charge_spent.hpp"
#include "core/rules/games.hpp"
#include "generator/search/generic_solve.hpp"
#include "generator/search/solve_search.hpp"

namespace gotb {

bool international_reduces_to_tromp_taylor(const SolveRequest& req) {
  return req.rules.is(Family::International) && req.rules.options().ko == KoRule::Positional &&
         req.repeat == RepeatScoring::Superko && req.board.size() <= 31;
}

bool international_reduces_by_pass_pairs(const SolveRequest& req) {
  return req.rules.is(Family::International) && req.rules.options().ko == KoRule::BasicExceptional &&
         req.repeat == RepeatScoring::Superko && req.board.size() <= 32;
}

RuleSet international_tromp_taylor_rules(const RuleSet& international) {
  return RuleSet::defaults(Family::TrompTaylor)
      .with("suicide", international.options().suicide == SuicideRule::Forbidden ? "no" : "yes");
}

TrompTaylorHistory international_as_tromp_taylor_history(const SolveRequest& req) {
  InternationalGame game(req.board, req.rules, req.komi);
  replay_moves(game, req.moves);  // the history is checked (and its errors worded) by the rules' own game
  TrompTaylorHistory h;
  int run = 0;
  for (const std::string& token : req.moves) {
    Move m;
    game.parse_move(token, m);
    if (m.kind == MoveKind::Pass) {
      ++run;
      continue;
    }
    if (run % 2) h.moves.push_back("pass");  // (an odd run inside the history: one pass, then this play)
    run = 0;
    h.moves.push_back(token);
  }
  h.trailing = run;
  return h;
}

namespace {

bool is_pass(const Board& board, const std::string& name) {
  Move m;
  return parse_move_text(board, name, m) && m.kind == MoveKind::Pass;
}

struct MoveValue {
  Move move;
  Value value;
};

// The reduced game's solves of one international request, within the
// request's limits (every solve gets what the earlier ones left). The
// reduced game: tromp-taylor under ko=positional (one order table for every
// solve), the two-pass game under ko=basic-exceptional (generic_solve with
// GenericOptions::international_ending_passes 2; docs/solving.md section 4,
// "Session 33"). "tt" below names either. Values are cached by history: the
// root's is asked more than once.
class Reducer {
 public:
  // The two-pass game's solves (ko=basic-exceptional).
  Reducer(const SolveRequest& req, const search::GenericOptions& options, search::OrderingMode ordering)
      : req_(req), tt_rules_(req.rules), gopt_(options), two_pass_(true), ordering_(ordering),
        start_(std::chrono::steady_clock::now()) {
    gopt_.international_ending_passes = 2;
    opt_.node_limit = options.node_limit;
    opt_.time_limit = options.time_limit;
  }
  Reducer(const SolveRequest& req, const search::SearchOptions& options, search::OrderingMode ordering)
      : req_(req), tt_rules_(international_tromp_taylor_rules(req.rules)), opt_(options), ordering_(ordering),
        start_(std::chrono::steady_clock::now()) {
    // The order tables once for every solve; their build counts against the
    // limits as search_solve counts it.
    if (!opt_.ordering) {
      retro_ = search::retro_ordering_for(req.board, ordering, {opt_.node_limit, opt_.time_limit});
      if (retro_) {
        opt_.ordering = retro_.get();
        used_ += retro_->build_work();
      }
    }
  }

  struct Asked {
    bool move_values = false, optimal = false, pv = false;
    // Whether the solve's value is the international value asked for, so
    // that the bounds a stopped solve proved (SearchStopped) are bounds on
    // it; elsewhere they bound another state and are dropped.
    bool root = false;
  };
  // The tromp-taylor search on `moves` (a tromp-taylor history).
  SolveReport tt(const std::vector<std::string>& moves, Asked a) {
    SolveRequest r = req_;
    r.rules = tt_rules_;
    r.komi = req_.komi;
    r.moves = moves;
    r.options = req_.options;
    r.with_move_values = a.move_values;
    r.with_optimal_moves = a.optimal;
    r.with_pv = a.pv;
    ++solves_;
    SolveReport rep;
    std::uint64_t charged = 0;
    try {
      if (two_pass_) {
        // generic_solve builds (and charges to its limits) its own order
        // tables, by its own rule under a node budget; what it charged:
        // its nodes, the build and the game's analysis work.
        search::GenericOptions g = gopt_;
        charge_spent(g, used_, start_);
        rep = generic_solve(r, g, ordering_);
        charged = rep.nodes;
        for (const auto& [name, v] : rep.counters)
          if (name == "retro_build_work" || name == "analysis_nodes") charged += v;
      } else {
        rep = search_solve(r, limited(), ordering_);
        charged = rep.nodes;
      }
    } catch (const SearchStopped& e) {
      used_ = opt_.node_limit;  // (spent: a later solve would find nothing left)
      if (a.root) throw;
      NodeLimitReached stop(e);
      stop.proven.clear();
      throw stop;
    } catch (const NodeLimitReached&) {
      used_ = opt_.node_limit;
      throw;
    }
    used_ += charged;
    nodes_ += rep.nodes;
    threads_ = std::max(threads_, rep.threads);
    for (const auto& [name, v] : rep.counters) add_counter(name, v);
    values_[key(moves)] = rep.value;
    return rep;
  }
  // The options with what the earlier solves left of the limits.
  search::SearchOptions limited() const {
    search::SearchOptions o = opt_;
    charge_spent(o, used_, start_);
    return o;
  }
  Value tt_value(const std::vector<std::string>& moves) {
    if (auto it = values_.find(key(moves)); it != values_.end()) return it->second;
    return tt(moves, {}).value;
  }

  // The value of the international state the tromp-taylor history h reaches
  // with h.trailing passes in a row (docs/solving.md section 4, "Session
  // 32"); x: the player to move. With `moves` non-null, also every legal
  // move's value where the state has one pass in a row (they come with it).
  Value value(const TrompTaylorHistory& h, Color x, std::vector<MoveReport>* moves = nullptr) {
    if (h.trailing % 2 == 0) return tt_value(h.moves);
    std::vector<std::string> after = h.moves;
    after.push_back("pass");
    if (h.trailing == 3) return tt_value(after);
    // One pass in a row: X's plays (each worth its child's tromp-taylor
    // value, the same children as tromp-taylor's after its one pass), or
    // X's pass to the state with two passes in a row, worth TT(0) of the
    // board with the opponent to move, which is h's own state.
    const Value w = tt_value(h.moves);
    const SolveReport r = tt(after, {.move_values = true});
    Value best = w;
    const bool black = x == Color::Black;
    for (const MoveReport& m : r.moves) {
      if (is_pass(req_.board, m.move)) continue;
      if (black ? m.value > best : m.value < best) best = m.value;
      if (moves) moves->push_back(m);
    }
    if (moves) moves->push_back({move_text(req_.board, Move::pass()), w});
    return best;
  }

  // Whether X's pass keeps v, the value of the international state h
  // reaches (passes in a row 0): it leads to one pass in a row, worth
  // opt_Y(P_Y, v) (Y the opponent, v = T(X, 0)), which is v unless Y has a
  // play better for Y than v. Tromp-taylor's value after the pass, u =
  // opt_Y(P_Y, A) (A the area), often decides it without Y's plays' values:
  // u no better for Y than v means P_Y is not; u better while A is not means
  // u = P_Y is.
  bool pass_keeps(const TrompTaylorHistory& h, Color x, Value v) {
    if (two_pass_) {
      // (the two-pass game: Y's plays valued exactly, value() after one pass)
      TrompTaylorHistory c = h;
      c.trailing = 1;
      return value(c, opponent(x)) == v;
    }
    std::vector<std::string> after = h.moves;
    after.push_back("pass");
    const Value u = tt_value(after);
    const bool y_black = x == Color::White;
    auto better_for_y = [&](Value a, Value b) { return y_black ? a > b : a < b; };
    if (!better_for_y(u, v)) return true;
    InternationalGame g(req_.board, req_.rules, req_.komi);
    SolveRequest r = req_;
    replay_moves(g, r.moves);
    const Value area = Value::score(g.area_difference(), req_.komi);
    if (!better_for_y(area, v)) return false;
    // Y's plays, one null-window test each (TrompTaylorSearch::
    // optimal_moves at the value one point better for Y: a play "keeps"
    // it iff its child is at least that good for Y; area differences are
    // whole points), instead of each play's exact value.
    const Value better = Value::score_half_points(v.order + (y_black ? 2 : -2));
    search::TrompTaylorSearch s(req_.board, TrompTaylorConfig::from(tt_rules_), req_.komi, limited());
    TrompTaylorGame line(req_.board, tt_rules_, req_.komi);
    for (const std::string& token : after) {
      Move m;
      line.parse_move(token, m);
      line.play(m);
      s.play(m);
    }
    ++solves_;
    std::vector<Move> reach;
    try {
      reach = s.optimal_moves(better);
    } catch (const NodeLimitReached&) {
      used_ = opt_.node_limit;
      throw;
    }
    used_ += s.stats().nodes;
    nodes_ += s.stats().nodes;
    return std::none_of(reach.begin(), reach.end(), [](Move m) { return m.is_play(); });
  }

  // A principal variation of value v from the international game's current
  // state (passes in a row even, or 3): the tromp-taylor one from the reduced
  // history, then the passes that end the international game. Every move of
  // it keeps v in the international game (docs/solving.md section 4,
  // "Session 32": tromp-taylor's closing pass pair leaves two passes of the
  // four, worth the area both ways).
  std::vector<std::string> pv(InternationalGame& game, const std::vector<std::string>& intl_moves,
                              const SolveReport* known = nullptr) {
    SolveRequest r = req_;
    r.moves = intl_moves;
    TrompTaylorHistory h = international_as_tromp_taylor_history(r);
    if (h.trailing % 2) h.moves.push_back("pass");
    const std::vector<std::string> line = known ? known->pv : tt(h.moves, {.pv = true}).pv;
    std::vector<std::string> out;
    std::size_t played = 0;
    struct Rewind {
      InternationalGame& g;
      std::size_t& n;
      ~Rewind() {
        for (; n > 0; --n) g.undo();
      }
    } rewind{game, played};
    for (const std::string& name : line) {
      Move m;
      if (!game.parse_move(name, m) || !game.is_legal(m))
        throw std::logic_error("international by tromp-taylor: the principal variation's move " + name +
                               " is not legal in the international game");
      game.play(m);
      ++played;
      out.push_back(name);
    }
    while (!game.is_over()) {
      game.play(Move::pass());
      ++played;
      out.push_back(move_text(req_.board, Move::pass()));
    }
    return out;
  }

  void finish(SolveReport& rep) const {
    rep.nodes = nodes_;
    rep.threads = threads_;
    rep.counters = counters_;
    rep.counters.push_back({two_pass_ ? "two_pass_solves" : "tromp_taylor_solves", solves_});
    if (retro_) {
      rep.counters.push_back({"retro_build_ms", static_cast<std::uint64_t>(retro_->build_seconds() * 1000 + 0.5)});
      rep.counters.push_back({"retro_states", retro_->build_stats().states});
      // (counted against the limits above; as generic_solve reports it)
      if (retro_->build_work()) rep.counters.push_back({"retro_build_work", retro_->build_work()});
    }
  }

 private:
  static std::string key(const std::vector<std::string>& moves) {
    std::string k;
    for (const std::string& m : moves) k += m + ' ';
    return k;
  }
  void add_counter(const std::string& name, std::uint64_t v) {
    if (name == "retro_build_ms" || name == "retro_states") return;  // (the shared tables: reported once)
    for (auto& [k, x] : counters_)
      if (k == name) {
        x += v;
        return;
      }
    counters_.push_back({name, v});
  }

  const SolveRequest& req_;
  RuleSet tt_rules_;
  search::SearchOptions opt_;  // (two-pass: only its limits are read)
  search::GenericOptions gopt_;
  bool two_pass_ = false;
  search::OrderingMode ordering_;
  std::chrono::steady_clock::time_point start_;
  std::shared_ptr<const search::RetroOrdering> retro_;
  std::uint64_t used_ = 0, nodes_ = 0, solves_ = 0;
  int threads_ = 1;
  std::map<std::string, Value> values_;
  std::vector<std::pair<std::string, std::uint64_t>> counters_;
};

}  // namespace

namespace {

// The international value, move values, optimal moves and principal
// variation from the reduced game's solves (red), by docs/solving.md
// section 4, "Session 32" (ko=positional, tromp-taylor) and "Session 33"
// (ko=basic-exceptional, the two-pass game): the same claim for both.
SolveReport reduce(const SolveRequest& req, Reducer& red) {
  const auto start = std::chrono::steady_clock::now();
  const TrompTaylorHistory h = international_as_tromp_taylor_history(req);
  InternationalGame game(req.board, req.rules, req.komi);
  replay_moves(game, req.moves);
  SolveReport rep;
  rep.method = "search";
  rep.game_over = game.is_over();
  if (rep.game_over) {
    rep.value = game.outcome();
    red.finish(rep);
    finish_move_report(req, rep);
    rep.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return rep;
  }
  const Color x = game.to_move();
  rep.to_move = std::string(color_name(x));
  const std::string pass = move_text(req.board, Move::pass());
  auto pass_child = [&] {
    TrompTaylorHistory c = h;
    ++c.trailing;
    return c;
  };
  if (h.trailing == 1) {
    // Every move's value comes with the value here (Reducer::value).
    std::vector<MoveReport> moves;
    rep.value = red.value(h, x, &moves);
    if (needs_move_values(req)) {
      std::vector<MoveValue> mv;
      for (const MoveReport& m : moves) {
        Move parsed;
        game.parse_move(m.move, parsed);
        mv.push_back({parsed, m.value});
      }
      record_move_values(rep, x, mv, [&](Move m) { return game.move_name(m); });
    }
    if (req.with_pv) {
      // The first move that keeps the value, then the line of its child
      // (passes in a row 0 after a play, 2 after the pass).
      for (const MoveReport& m : rep.moves.empty() ? moves : rep.moves)
        if (m.value == rep.value) {
          std::vector<std::string> child = req.moves;
          child.push_back(m.move);
          Move parsed;
          game.parse_move(m.move, parsed);
          game.play(parsed);
          rep.pv.push_back(m.move);
          try {
            for (const std::string& s : red.pv(game, child)) rep.pv.push_back(s);
          } catch (...) {
            game.undo();
            throw;
          }
          game.undo();
          break;
        }
    }
  } else {
    // Passes in a row 0, 2 or 3: the tromp-taylor root (after one pass where
    // there were 3) has the international value, and every play the same
    // child; so has the pass where there were 3 (both end the game on the
    // area). After 0 or 2 the pass leads to 1 or 3 passes in a row, valued
    // by the reduction.
    std::vector<std::string> root = h.moves;
    if (h.trailing == 3) root.push_back(pass);
    const bool optimal_only = req.with_optimal_moves && !req.with_move_values;
    const bool own_pass = h.trailing != 3;
    const SolveReport r = red.tt(root, {.move_values = req.with_move_values, .optimal = optimal_only,
                                        .pv = req.with_pv && !optimal_only, .root = true});
    rep.value = r.value;
    if (optimal_only) {
      for (const std::string& m : r.optimal)
        if (!own_pass || !is_pass(req.board, m)) rep.optimal.push_back(m);
      for (const std::string& m : r.optimal_undecided)
        if (!own_pass || !is_pass(req.board, m)) rep.optimal_undecided.push_back(m);
      if (own_pass) {
        // The value is proven: a budget spent on the pass leaves it undecided.
        try {
          const bool keeps = h.trailing == 0 ? red.pass_keeps(h, x, rep.value)
                                             : red.value(pass_child(), opponent(x)) == rep.value;
          if (keeps) rep.optimal.push_back(pass);
        } catch (const NodeLimitReached&) {
          rep.optimal_undecided.push_back(pass);
        }
      }
    } else if (req.with_move_values) {
      std::vector<MoveValue> mv;
      for (const MoveReport& m : r.moves) {
        Move parsed;
        game.parse_move(m.move, parsed);
        if (own_pass && parsed.kind == MoveKind::Pass) continue;
        mv.push_back({parsed, m.value});
      }
      if (own_pass) mv.push_back({Move::pass(), red.value(pass_child(), opponent(x))});
      record_move_values(rep, x, mv, [&](Move m) { return game.move_name(m); });
    }
    if (req.with_pv) {
      if (!rep.optimal_undecided.empty()) throw NodeLimitReached("budget spent before the principal variation");
      rep.pv = red.pv(game, req.moves, optimal_only ? nullptr : &r);
    }
  }
  red.finish(rep);
  finish_move_report(req, rep);
  rep.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return rep;
}

// Both entry points: the history is checked (and its errors worded) by the
// rules' own game before the reduced game's order tables are built.
template <class Options>
SolveReport checked_reduce(const SolveRequest& req, const Options& options, search::OrderingMode ordering) {
  {
    InternationalGame g(req.board, req.rules, req.komi);
    replay_moves(g, req.moves);
  }
  Reducer red(req, options, ordering);
  return reduce(req, red);
}

}  // namespace

SolveReport international_by_tromp_taylor(const SolveRequest& req, const search::SearchOptions& options,
                                          search::OrderingMode ordering) {
  if (!international_reduces_to_tromp_taylor(req))
    throw std::invalid_argument("international by tromp-taylor: only international ko=positional on boards of up "
                                "to 31 points, in the real game (" + req.rules.to_string() + ", " +
                                req.board.spec() + ")");
  return checked_reduce(req, options, ordering);
}

SolveReport international_by_two_pass_game(const SolveRequest& req, const search::GenericOptions& options,
                                           search::OrderingMode ordering) {
  if (!international_reduces_by_pass_pairs(req))
    throw std::invalid_argument("international by the two-pass game: only international ko=basic-exceptional on "
                                "boards of up to 32 points, in the real game (" + req.rules.to_string() + ", " +
                                req.board.spec() + ")");
  return checked_reduce(req, options, ordering);
}

}  // namespace gotb
