// gotb query FILE --moves "...": values of the current state and of every
// legal move, read from a retrograde tablebase file (docs/generator.md)
// through query/file_query.hpp (shared with gotb serve).
#include <algorithm>
#include <cstdio>
#include <iostream>
#include <memory>

#include <nlohmann/json.hpp>

#include "core/rules/games.hpp"
#include "format/tablebase.hpp"
#include "query/cli/commands.hpp"
#include "query/cli/number_options.hpp"
#include "query/file_query.hpp"
#include "query/sgf_game.hpp"

namespace gotb::cli {
namespace {

struct QueryArgs {
  std::string file, moves, sgf;
  bool json = false;
  bool allow_sgf_graph = false;
};

void run_query(const QueryArgs& a) {
  TablebaseReader file(a.file);
  FileQuery query(file, a.file);
  std::vector<std::string> history = split_moves(a.moves);
  if (!a.sgf.empty()) {
    if (!history.empty()) throw std::invalid_argument("give the history with --moves or --sgf, not both");
    // The file decides board, ruleset and komi; the record must agree with
    // its board (sgf_game checks SZ) and its moves must be legal under them.
    SgfGameChoices choices{file.board(), RuleSet::parse(file.meta().rules), file.meta().komi, "the tablebase"};
    history = sgf_game(read_sgf_record(read_text_file(a.sgf), file.board(), a.allow_sgf_graph), choices).moves;
  }
  const FileQueryResult r = query.run(history);
  if (a.json) {
    std::cout << file_query_json(r, a.file).dump(2) << "\n";
    return;
  }
  std::printf("file       %s\n", a.file.c_str());
  std::printf("board      %s\nrules      %s\nkomi       %g\n", r.board.c_str(), r.rules.c_str(), r.komi);
  std::printf("\n%s\n", r.diagram.c_str());
  if (r.over) {
    std::printf("game over  %s (area score, Black minus White, komi included)\n", r.now.gfp.to_string().c_str());
    return;
  }
  std::printf("to move    %s (consecutive passes: %d)\n", r.mover.c_str(), r.passes);
  std::printf("value      %s\n           Black minus White, komi included\n",
              file_query_bracket_text(r.now, r.over).c_str());
  std::printf("moves      legal under %s given the history, best first for %s:\n", r.rules.c_str(),
              r.mover.c_str());
  for (const FileQueryEntry& e : r.entries)
    std::printf("  %-6s %s%s\n", e.move.c_str(), file_query_bracket_text(e.value, e.game_end).c_str(),
                e.game_end ? "  (ends the game: area score)" : "");
  std::printf("note: %s\n", kFileQueryNote);
}

}  // namespace

void add_query_command(CLI::App& app) {
  auto args = std::make_shared<QueryArgs>();
  CLI::App* sub = app.add_subcommand(
      "query", "Value of a position from a tablebase file (gotb generate -o), and every legal move's value");
  sub->add_option("file", args->file, "tablebase file")->required();
  sub->add_option("--moves,-m", args->moves, "history from the empty board, e.g. \"B2 A1 pass\" (GTP coordinates)");
  sub->add_option("--sgf", args->sgf, "history from the main line of an SGF game record instead of --moves "
                  "(its SZ, RU and KM, where given, must be the file's)")
      ->check(non_empty_name());
  sub->add_flag("--json", args->json, "print JSON");
  sub->add_flag("--allow-sgf-graph", args->allow_sgf_graph,
                "let the SGF's GOTBBOARD[graph:PATH] open that graph file (off by default: an SGF from elsewhere "
                "could name any local file)");
  sub->callback([args] { run_query(*args); });
}

}  // namespace gotb::cli
