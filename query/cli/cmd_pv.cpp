#include <fstream>
#include <iostream>
#include <memory>

#include "query/cli/commands.hpp"
#include "query/cli/number_options.hpp"
#include "query/cli/game_args.hpp"
#include "query/json.hpp"
#include "query/pv.hpp"

namespace gotb::cli {
namespace {

struct PvArgs {
  GameArgs game;
  std::string sgf_out;
  bool all_optimal = false, json = false;
  int alt_depth = 1;
  std::size_t max_nodes = 20000;
};

void run_pv(PvArgs& a) {
  ResolvedGame g = resolve_game(a.game);
  auto backend = backend_for(a.game);
  if (std::string why = backend->unsupported(g.spec); !why.empty()) throw std::invalid_argument(why);
  PvOptions opt;
  opt.all_optimal = a.all_optimal;
  opt.alt_depth = a.alt_depth;
  opt.max_nodes = a.max_nodes;
  PvResult pv = build_pv_sgf(*backend, g.spec, g.history, opt);
  std::string text = write_sgf(pv.tree);
  if (a.sgf_out == "-") {
    std::cout << text;
  } else if (!a.sgf_out.empty()) {
    std::ofstream out(a.sgf_out, std::ios::binary);
    if (!out || !(out << text) || !out.flush()) throw std::invalid_argument("cannot write SGF file '" + a.sgf_out + "'");
  }
  if (a.json) {
    std::cout << pv_json(g.spec, g.history, pv, a.sgf_out == "-" ? "" : a.sgf_out, backend->name()).dump(2) << "\n";
  } else if (a.sgf_out != "-") {
    std::cout << "board      " << g.spec.board.spec() << "\nrules      " << g.spec.rules.to_string()
              << "\nkomi       " << komi_text(g.spec.komi) << "\nvalue      " << pv.value.to_string()
              << "  (Black minus White, " << (pv.value.exact() ? "exact" : "bounds") << ", " << backend->name()
              << ")\npv        ";
    for (const auto& m : pv.pv) std::cout << ' ' << m;
    std::cout << "\nresult     " << pv.result.to_string() << "\n";
    if (!a.sgf_out.empty()) std::cout << "sgf        " << a.sgf_out << " (" << pv.nodes << " nodes)\n";
  }
}

}  // namespace

void add_pv_command(CLI::App& app) {
  auto args = std::make_shared<PvArgs>();
  CLI::App* sub = app.add_subcommand(
      "pv", "Principal variation (optimal play to the end) from the empty board or a history, as SGF FF[4]");
  add_game_options(sub, args->game, true, false);
  sub->add_option("--sgf", args->sgf_out, "write the SGF game record here ('-' for stdout)")->check(non_empty_name());
  sub->add_flag("--all-optimal", args->all_optimal, "add every other value-keeping move as a variation");
  sub->add_option("--alt-depth", args->alt_depth, "with --all-optimal: how many levels of variations branch again")
      ->check(integer_number(0, 1000))
      ->capture_default_str();
  sub->add_option("--max-sgf-nodes", args->max_nodes, "refuse SGF trees larger than this")
      ->check(count_number(100'000'000))
      ->capture_default_str();
  sub->add_flag("--json", args->json, "print JSON (see docs/json.md)");
  sub->callback([args] { run_pv(*args); });
}

}  // namespace gotb::cli
