#include <iostream>
#include <memory>

#include "query/cli/commands.hpp"
#include "query/cli/game_args.hpp"
#include "query/gtp.hpp"

namespace gotb::cli {

void add_gtp_command(CLI::App& app) {
  auto args = std::make_shared<GameArgs>();
  CLI::App* sub = app.add_subcommand(
      "gtp",
      "GTP version 2 engine on stdin/stdout that plays perfectly, solving the game exactly on the fly "
      "(docs/frontends.md). Boards the solver cannot handle (more than --max-points points) get "
      "'? unacceptable size'. With --tablebase FILE it plays from the file (its board, rules and komi; an exact "
      "ko=basic file is checked under the game's history, --history-nodes; genmove refuses states the file holds "
      "no exact value for unless --fallback solves them)");
  add_game_options(sub, *args, false, false);
  add_allow_sgf_graph(sub, *args);
  args->board_opt->description("board the engine starts on (default 2x2; GTP boardsize / rectangular_boardsize change it): "
                               "RxC, cylinder:RxC, torus:RxC or ring:N");
  sub->callback([args] {
    if (args->board.empty() && args->tablebase.empty()) args->board = "2x2";
    ResolvedGame g = resolve_game(*args);
    auto backend = backend_for(*args);
    GtpEngine engine(*backend, g.spec);
    engine.set_allow_sgf_graph(args->allow_sgf_graph);
    std::ios::sync_with_stdio(false);
    engine.run(std::cin, std::cout);
  });
}

}  // namespace gotb::cli
