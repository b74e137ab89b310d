#include "query/cli/game_args.hpp"

#include "core/rules/games.hpp"
#include "query/cli/number_options.hpp"
#include "query/sgf_game.hpp"

namespace gotb::cli {

void add_allow_sgf_graph(CLI::App* sub, GameArgs& a) {
  sub->add_flag("--allow-sgf-graph", a.allow_sgf_graph,
                "let an SGF's GOTBBOARD[graph:PATH] open that graph file (off by default: an SGF from elsewhere "
                "could name any local file; --board graph:PATH with the same path needs no permission)");
}

void add_game_options(CLI::App* sub, GameArgs& a, bool with_history, bool board_required) {
  a.board_opt = sub->add_option("--board,-b", a.board, "board: RxC, cylinder:RxC, torus:RxC or ring:N");
  if (board_required) a.board_opt->required();
  a.rules_opt = sub->add_option("--rules,-r", a.rules, "ruleset, e.g. tromp-taylor or tromp-taylor:ko=situational")
                    ->capture_default_str();
  a.komi_opt =
      sub->add_option("--komi,-k", a.komi, "komi subtracted from Black's score (multiple of 0.5)")
          ->check(komi_number())
          ->capture_default_str();
  if (with_history) {
    auto* m = sub->add_option("--moves,-m", a.moves, "history, e.g. \"B2 A1 pass\" (GTP coordinates)");
    auto* s = sub->add_option("--sgf-in", a.sgf_in,
                              "history from an SGF file's main line (board from SZ, rules from RU, komi from KM "
                              "unless given)");
    s->check(non_empty_name());
    m->excludes(s);
    add_allow_sgf_graph(sub, a);
  }
  sub->add_option("--tablebase", a.tablebase,
                  "answer from this tablebase file (gotb generate -o) through the probe API; board, rules and komi "
                  "are the file's. States the file holds no exact value for (every state of a fixpoint file) are "
                  "not exact: see --fallback");
  sub->add_option("--fallback", a.fallback,
                  "with --tablebase: solve states the file holds no exact value for on the fly (search, "
                  "reference) or not at all (none: GTP genmove refuses them); on a superko or root file (gotb "
                  "generate --exact / --root) the search is seeded from the file's stored bounds and moves (stderr "
                  "says so)")
      ->check(CLI::IsMember({"none", "search", "reference"}))
      ->capture_default_str();
  sub->add_option("--history-nodes", a.history_nodes,
                  "with an exact --tablebase (ko=basic): search nodes per query for checking the file's values "
                  "under the game's history; where they run out, proven bounds instead of exact values")
      ->check(count_number(UINT64_MAX))
      ->capture_default_str();
  sub->add_option("--max-points", a.max_points, "largest board (points) the on-the-fly solver accepts")
      ->check(integer_number(1, 64))
      ->capture_default_str();
  sub->add_option("--node-limit", a.node_limit, "give up after this many search nodes per query (exit 3; GTP: error response); 0 = none")
      ->check(count_number(UINT64_MAX))
      ->capture_default_str();
  sub->add_option("--method", a.method,
                  "on-the-fly solver: auto (the default: search for the tromp-taylor family, reference for the "
                  "others), reference (every ruleset) or search (tromp-taylor family; larger boards, raise "
                  "--max-points)")
      ->check(CLI::IsMember({"auto", "reference", "search"}))
      ->capture_default_str();
  sub->add_flag("--no-cache", a.no_cache, "disable the reference solver's exact-history cache (slower; for cross-checks)");
}

namespace {

// With --tablebase: the file decides the game; options given must agree.
void take_game_from_file(GameArgs& a, GameSpec& spec, SgfGameChoices* c) {
  if (a.tablebase.empty()) return;
  backend_for(a);  // opens a.probe
  const GameSpec& f = a.probe->spec();
  auto given = [](CLI::Option* o) { return o && o->count() > 0; };
  if (!a.board.empty() && !(Board::parse(a.board) == f.board))
    throw std::invalid_argument("--board " + a.board + " differs from the tablebase's board " + f.board.spec());
  if (given(a.rules_opt) && !(RuleSet::parse(a.rules) == f.rules))
    throw std::invalid_argument("--rules " + a.rules + " differs from the tablebase's ruleset " + f.rules.to_string());
  if (given(a.komi_opt) && a.komi != f.komi)
    throw std::invalid_argument("--komi " + komi_text(a.komi) + " differs from the tablebase's komi " +
                                komi_text(f.komi));
  spec = f;
  a.board = f.board.spec();
  if (c) *c = SgfGameChoices{f.board, f.rules, f.komi, "the tablebase"};
}

}  // namespace

ResolvedGame resolve_game(GameArgs& a) {
  ResolvedGame g{GameSpec{a.board.empty() ? Board::rectangle(1, 1) : Board::parse(a.board), RuleSet::parse(a.rules),
                          a.komi},
                 {}};
  if (!a.tablebase.empty()) {
    SgfGameChoices c;
    take_game_from_file(a, g.spec, &c);
    if (!a.sgf_in.empty()) {
      SgfGame s = sgf_game(read_sgf_record(read_text_file(a.sgf_in), c.board, a.allow_sgf_graph), c);
      g.history = s.moves;
      return g;
    }
    g.history = split_moves(a.moves);
    GameRecord record(g.spec);
    record.set_moves(g.history);
    g.history = record.moves();
    return g;
  }
  if (!a.sgf_in.empty()) {
    SgfGameChoices c;
    if (!a.board.empty()) c.board = g.spec.board;
    if (a.rules_opt && a.rules_opt->count()) c.rules = g.spec.rules;
    if (a.komi_opt && a.komi_opt->count()) c.komi = a.komi;
    SgfGame s = sgf_game(read_sgf_record(read_text_file(a.sgf_in), c.board, a.allow_sgf_graph), c);
    g.spec = s.spec;
    g.history = s.moves;
    return g;
  }
  if (a.board.empty()) throw std::invalid_argument("--board is required (or --sgf-in with a file that has SZ)");
  check_komi(a.komi);
  g.history = split_moves(a.moves);
  GameRecord record(g.spec);
  record.set_moves(g.history);  // throws naming the first illegal move
  g.history = record.moves();
  return g;
}

std::unique_ptr<AnalysisBackend> backend_for(GameArgs& a) {
  if (!a.tablebase.empty()) {
    if (a.method != "auto" || a.no_cache)
      throw std::invalid_argument("--method and --no-cache choose the on-the-fly solver; with --tablebase use "
                                  "--fallback");
    if (!a.probe) {
      ProbeOptions po;
      po.fallback = parse_fallback(a.fallback);
      po.node_limit = a.node_limit;
      po.history_node_limit = a.history_nodes;
      a.probe = std::make_shared<const TablebaseProbe>(a.tablebase, po);
    }
    return std::make_unique<TablebaseBackend>(a.probe);
  }
  if (a.fallback != "none") throw std::invalid_argument("--fallback belongs to --tablebase");
  BackendOptions o;
  o.tablebase = a.tablebase;
  o.reference.max_points = a.max_points;
  o.reference.solver.node_limit = a.node_limit;
  o.reference.solver.memo = !a.no_cache;
  if (a.no_cache && a.method == "search")
    throw std::invalid_argument("--no-cache belongs to the reference solver (use --method reference or auto)");
  o.reference.method = a.method;
  return make_backend(o);
}

}  // namespace gotb::cli
