#include "query/reference_backend.hpp"

#include <chrono>
#include <stdexcept>
#include <string_view>
#include <type_traits>

#include "core/rules/games.hpp"
#include "generator/reference/tie_kind.hpp"
#include "generator/search/move_ordering.hpp"
#include "generator/search/search_solver.hpp"
#include "generator/search/superko_table.hpp"

namespace gotb {

struct ReferenceBackend::Session {
  explicit Session(const GameSpec& s) : spec(s) {}
  virtual ~Session() = default;
  virtual Analysis analyze(const std::vector<std::string>& history) = 0;
  GameSpec spec;
};

namespace {

// Moves `game` from the line `played` to `history`: undo back to the common
// prefix, then play forward, checking every move. on_play / on_undo mirror
// each step (a solver that keeps its own line).
template <class G, class OnPlay, class OnUndo>
void replay_to(G& game, std::vector<std::string>& played, const std::vector<std::string>& history, OnPlay on_play,
               OnUndo on_undo) {
  std::size_t common = 0;
  while (common < played.size() && common < history.size() && played[common] == history[common]) ++common;
  while (played.size() > common) {
    game.undo();
    on_undo();
    played.pop_back();
  }
  for (std::size_t i = common; i < history.size(); ++i) {
    Move m;
    std::string where = "move " + std::to_string(i + 1) + " '" + history[i] + "'";
    if (!game.parse_move(history[i], m)) throw std::invalid_argument(where + " names no point of the board");
    std::string why;
    if (!game.is_legal(m, &why)) throw std::invalid_argument(where + " is illegal: " + why);
    game.play(m);
    on_play(m);
    played.push_back(history[i]);
  }
}

// The analysis of the game's current state by `solver`, which stands on the
// same state; `nodes` reads the solver's node counter, `start` is when the
// query began (its replay included).
template <class G, class S, class Nodes>
Analysis analyse_current(const G& game, S& solver, const char* method, Nodes nodes,
                         std::chrono::steady_clock::time_point start) {
  const std::uint64_t nodes_before = nodes();
  Analysis a;
  a.method = method;
  a.game_over = game.is_over();
  a.source = std::string_view(method) == "search" ? ValueSource::Search : ValueSource::Reference;
  if (a.game_over) {
    a.value = ValueBounds::exactly(game.outcome());
    a.source = ValueSource::GameOver;
  } else {
    a.to_move = game.to_move();
    a.value = ValueBounds::exactly(solver.value());
    for (const auto& mv : solver.move_values()) {
      MoveEval e;
      e.move = game.move_name(mv.move);
      e.value = ValueBounds::exactly(mv.value);
      e.source = a.source;
      a.moves.push_back(std::move(e));
    }
  }
  a.nodes = nodes() - nodes_before;
  a.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return a;
}

template <class G>
class SessionImpl final : public ReferenceBackend::Session {
 public:
  SessionImpl(const GameSpec& s, const ReferenceOptions& opt)
      : Session(s), game_(spec.board, spec.rules, spec.komi), opt_(opt), solver_(game_, opt) {}

  Analysis analyze(const std::vector<std::string>& history) override {
    auto start = std::chrono::steady_clock::now();
    replay_to(game_, played_, history, [](Move) {}, [] {});
    Analysis a = analyse_current(game_, solver_, "reference", [&] { return solver_.nodes(); }, start);
    if constexpr (std::is_same_v<G, IkedaGame>) tie_kinds(a, history);
    return a;
  }

 private:
  // ikeda-1:ko=basic-play: a value 0 (the node's and each move's) prints
  // its kind by tie_kind.hpp's rule, as `gotb solve` prints the node's
  // (docs/solving.md section 4, "Session 30"), not the kind of the line
  // this session's cache found first. Two refined games on fresh solvers
  // (their moves in the same legal order as game_'s).
  void tie_kinds(Analysis& a, const std::vector<std::string>& history) {
    if (a.game_over || spec.rules.options().ko != KoRule::BasicPlay) return;
    bool open = a.value.exact() && tie_kind_open(a.value.lower, spec.komi);
    for (const MoveEval& e : a.moves) open = open || (e.value.exact() && tie_kind_open(e.value.lower, spec.komi));
    if (!open) return;
    std::vector<typename ReferenceSolver<NoResultAt<G>>::MoveValue> moves[2];
    Value root[2];
    for (int i = 0; i < 2; ++i) {
      NoResultAt<G> refined(i == 0 ? -1 : +1, spec.board, spec.rules, spec.komi);
      replay_moves(refined, history);
      ReferenceSolver<NoResultAt<G>> s(refined, opt_);
      root[i] = s.value();
      moves[i] = s.move_values();
      a.nodes += s.nodes();
    }
    // The rule from the two refined values: Black's question (no result
    // at -1) and White's (+1).
    auto decide = [](ValueBounds& v, Value black, Value white) {
      if (!v.exact() || v.lower.order != 0) return;
      const bool jigo = black.order >= 0 || white.order <= 0;
      v = ValueBounds::exactly(jigo ? Value::score_half_points(0) : Value::no_result(0));
    };
    auto open_at = [&](const ValueBounds& v) { return v.exact() && tie_kind_open(v.lower, spec.komi); };
    if (open_at(a.value)) decide(a.value, root[0], root[1]);
    if (moves[0].size() != a.moves.size() || moves[1].size() != a.moves.size())
      throw std::logic_error("reference backend: refined games list other moves");
    for (std::size_t i = 0; i < a.moves.size(); ++i)
      if (open_at(a.moves[i].value)) decide(a.moves[i].value, moves[0][i].value, moves[1][i].value);
  }

  G game_;
  ReferenceOptions opt_;
  ReferenceSolver<G> solver_;
  std::vector<std::string> played_;
};

// Tromp-Taylor games on the exact search solver; the rules' own game checks
// the history and names the moves.
class SearchSession final : public ReferenceBackend::Session {
 public:
  SearchSession(const GameSpec& s, search::SearchOptions opt, std::shared_ptr<const search::ProofSeeds> seeds)
      : Session(s),
        seeds_(std::move(seeds)),
        game_(spec.board, spec.rules, spec.komi),
        ordering_(search::retro_ordering_for(spec.board, search::OrderingMode::Auto)),  // move order only
        solver_(spec.board, TrompTaylorConfig::from(spec.rules), spec.komi,
                with_ordering(opt, ordering_.get(), seeds_.get())) {}

  Analysis analyze(const std::vector<std::string>& history) override {
    auto start = std::chrono::steady_clock::now();
    replay_to(game_, played_, history, [&](Move m) { solver_.play(m); }, [&] { solver_.undo(); });
    const search::SearchStats before = solver_.stats();
    Analysis a = analyse_current(game_, solver_, "search", [&] { return solver_.stats().nodes; }, start);
    if (seeds_) {
      // The same exact search, its nodes seeded from the file: said so,
      // with what the seeds did in this query.
      const search::SearchStats& st = solver_.stats();
      if (a.source == ValueSource::Search) a.source = ValueSource::SearchSeeded;
      for (MoveEval& e : a.moves)
        if (e.source == ValueSource::Search) e.source = ValueSource::SearchSeeded;
      a.counters.push_back({"seed_probes", st.seed_probes - before.seed_probes});
      a.counters.push_back({"seed_used", st.seed_used - before.seed_used});
      a.counters.push_back({"seed_cutoffs", st.seed_cutoffs - before.seed_cutoffs});
      a.counters.push_back({"seed_rejects", st.seed_rejects - before.seed_rejects});
    }
    return a;
  }

 private:
  static search::SearchOptions with_ordering(search::SearchOptions o, const search::RetroOrdering* r,
                                             const search::ProofSeeds* seeds) {
    o.ordering = r;
    o.seeds = seeds;
    return o;
  }
  std::shared_ptr<const search::ProofSeeds> seeds_;  // (before solver_: it must outlive it)
  TrompTaylorGame game_;
  std::shared_ptr<const search::RetroOrdering> ordering_;
  search::TrompTaylorSearch solver_;
  std::vector<std::string> played_;
};

}  // namespace

ReferenceBackend::ReferenceBackend() : ReferenceBackend(Options{}) {}
ReferenceBackend::ReferenceBackend(Options opt) : opt_(opt) {}
ReferenceBackend::~ReferenceBackend() = default;

std::string ReferenceBackend::unsupported(const GameSpec& spec) const {
  if (spec.board.size() > opt_.max_points)
    return "board " + spec.board.spec() + " has " + std::to_string(spec.board.size()) +
           " points; the " + opt_.method + " solver is limited to " + std::to_string(opt_.max_points) +
           " points here (raise it with --max-points)";
  if (opt_.method != "reference" && opt_.method != "search" && opt_.method != "auto")
    return "unknown method '" + opt_.method + "' (available: auto, reference, search)";
  if (opt_.method == "search") {
    if (!spec.rules.is(Family::TrompTaylor))
      return "the search solver implements the tromp-taylor family only, not '" + spec.rules.family() +
             "' (use --method reference)";
    if (!spec.rules.support().superko_search)
      return "the search solver plays the superko rulesets, not tromp-taylor:ko=basic (use --method reference)";
    if (spec.board.size() > 31) return "the search solver handles boards of up to 31 points";
  }
  try {
    check_komi(spec.komi);
    visit_game(spec.board, spec.rules, spec.komi, [](auto&) {});
  } catch (const std::exception& e) {
    return e.what();
  }
  return {};
}

std::string ReferenceBackend::solver_for(const GameSpec& spec) const {
  if (opt_.method == "auto")
    return spec.rules.support().superko_search && spec.board.size() <= 31 ? "search" : "reference";
  return opt_.method;
}

Analysis ReferenceBackend::analyze(const GameSpec& spec, const std::vector<std::string>& history) {
  std::string why = unsupported(spec);
  if (!why.empty()) throw std::invalid_argument(why);
  // A node limit counts over a solver's lifetime, so it needs a fresh one.
  if (!session_ || !(session_->spec == spec) || opt_.solver.node_limit) {
    session_.reset();
    if (solver_for(spec) == "search") {
      search::SearchOptions so;
      so.node_limit = opt_.solver.node_limit;
      so.time_limit = opt_.solver.time_limit;
      const bool seeded = opt_.seeds && opt_.seeds_for && *opt_.seeds_for == spec;
      session_ = std::make_unique<SearchSession>(spec, so, seeded ? opt_.seeds : nullptr);
    } else {
      visit_game(spec.board, spec.rules, spec.komi, [&](auto& g) {
        using G = std::remove_cvref_t<decltype(g)>;
        session_ = std::make_unique<SessionImpl<G>>(spec, opt_.solver);
      });
    }
  }
  try {
    Analysis a = session_->analyze(history);
    mark_game_ends(spec, history, a);
    return a;
  } catch (...) {
    // Keep nothing that an interrupted or refused query may have touched.
    session_.reset();
    throw;
  }
}

}  // namespace gotb
