#include <iostream>
#include <memory>

#include "core/rules/games.hpp"
#include "query/cli/commands.hpp"
#include "query/cli/number_options.hpp"
#include "query/cli/game_args.hpp"
#include "query/referee.hpp"

namespace gotb::cli {
namespace {

struct RefereeArgs {
  GameArgs game;
  std::string engine_a, engine_b, openings, perfect;
  int games = 0, max_moves = 500;
  double timeout = 120;
};

std::vector<std::vector<std::string>> parse_openings(const std::string& text) {
  std::vector<std::vector<std::string>> out;
  if (text.empty()) return out;
  std::size_t start = 0;
  for (;;) {
    std::size_t semi = text.find(';', start);
    std::string part = text.substr(start, semi == std::string::npos ? std::string::npos : semi - start);
    out.push_back(split_moves(part == "-" ? "" : part));
    if (semi == std::string::npos) break;
    start = semi + 1;
  }
  return out;
}

void run_referee_command(RefereeArgs& a) {
  if (a.game.board.empty() && a.game.tablebase.empty())
    throw std::invalid_argument("--board is required (or --tablebase, whose board is used)");
  ResolvedGame g = resolve_game(a.game);
  RefereeOptions opt(g.spec);
  opt.engine_a = a.engine_a;
  opt.engine_b = a.engine_b;
  opt.openings = parse_openings(a.openings);
  opt.games = a.games;
  opt.max_moves = a.max_moves;
  opt.timeout_seconds = a.timeout;
  if (!a.perfect.empty()) {
    if (a.perfect != "a" && a.perfect != "b") throw std::invalid_argument("--perfect must be 'a' or 'b'");
    opt.perfect = a.perfect[0];
  }
  auto backend = backend_for(a.game);
  std::cout << "referee: " << g.spec.describe() << "\n  a: " << a.engine_a << "\n  b: " << a.engine_b << "\n";
  RefereeReport rep = run_referee(opt, *backend, &std::cout);
  std::size_t bad = 0;
  for (const auto& game : rep.games) bad += !game.perfect_ok;
  if (opt.perfect) {
    std::cout << "summary: " << rep.games.size() << " games; engine " << *opt.perfect << " (claimed perfect) "
              << (bad ? "ended below the exact start value in " + std::to_string(bad) + " games"
                      : std::string("never ended below the exact start value"))
              << "\n";
  } else {
    std::cout << "summary: " << rep.games.size() << " games\n";
  }
  if (bad) throw std::runtime_error("the perfect player ended below the start value in " + std::to_string(bad) +
                                    " of " + std::to_string(rep.games.size()) + " games");
}

}  // namespace

void add_referee_command(CLI::App& app) {
  auto args = std::make_shared<RefereeArgs>();
  CLI::App* sub = app.add_subcommand(
      "referee",
      "Play two GTP engines against each other under gotb's rules; check a perfect player against the exact value");
  add_game_options(sub, args->game, false, false);
  sub->add_option("--engine-a,-a", args->engine_a, "shell command starting engine a")->required();
  sub->add_option("--engine-b", args->engine_b, "shell command starting engine b")->required();
  sub->add_option("--openings", args->openings,
                  "';'-separated move lists played before the engines take over ('-' or empty: none), "
                  "e.g. \"-;A1;A1 B2\"");
  sub->add_option("--games", args->games, "number of games; 0 = every opening with each engine as Black")
      ->check(integer_number(0, 1'000'000))
      ->capture_default_str();
  sub->add_option("--perfect", args->perfect,
                  "a or b: that engine must never end below the exact value where the engines took over (exit 1)");
  sub->add_option("--max-moves", args->max_moves, "per game; a longer game is undecided")
      ->check(integer_number(1, 10'000'000))
      ->capture_default_str();
  sub->add_option("--timeout", args->timeout, "seconds to wait for one GTP response (> 0)")
      ->check(seconds_number(kMaxSeconds))
      ->check(CLI::PositiveNumber)
      ->capture_default_str();
  sub->callback([args] { run_referee_command(*args); });
}

}  // namespace gotb::cli
