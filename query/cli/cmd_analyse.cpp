// gotb analyse: the Japanese 2003 analysis and score of a final position,
// every intermediate term printed so a rules researcher can check it.
#include <iostream>
#include <memory>

#include "core/rules/games.hpp"
#include "core/rules/japanese/analysis.hpp"
#include "query/cli/commands.hpp"
#include "core/numbers.hpp"
#include "query/cli/number_options.hpp"

namespace gotb::cli {
namespace {

struct AnalyseArgs {
  std::string board, rules = "japanese-2003", position, moves, prisoners;
  double komi = 0;
  std::size_t max_nodes = japanese::AnalysisOptions{}.max_nodes;
};

// "B,W": stones Black has captured, stones White has captured.
int parse_prisoners(const std::string& text) {
  auto comma = text.find(',');
  if (comma == std::string::npos)
    throw std::invalid_argument("--prisoners takes B,W (stones captured by Black, by White), got '" + text + "'");
  // Bounded so that the difference cannot overflow (no real game on 64
  // points captures a million stones).
  auto number = [&](const std::string& t) { return static_cast<int>(parse_integer(t, 0, 1'000'000, "--prisoners")); };
  return number(text.substr(0, comma)) - number(text.substr(comma + 1));
}

void run_analyse(const AnalyseArgs& a) {
  RuleSet rules = RuleSet::parse(a.rules);
  if (!rules.is(Family::Japanese2003))
    throw std::invalid_argument("analyse implements the japanese-2003 analysis only, not '" + rules.to_string() + "'");
  Board board = Board::parse(a.board);
  if (a.position.empty() == a.moves.empty())
    throw std::invalid_argument("give exactly one of --position DIAGRAM and --moves LIST");
  Position pos;
  int prisoner_difference = 0;
  std::string note;
  if (!a.position.empty()) {
    pos = parse_diagram(board, a.position);
    if (!a.prisoners.empty()) prisoner_difference = parse_prisoners(a.prisoners);
  } else {
    if (!a.prisoners.empty()) throw std::invalid_argument("--prisoners goes with --position; --moves counts them");
    Japanese2003Game game(board, rules, a.komi);
    replay_moves(game, split_moves(a.moves));
    pos = game.position();
    prisoner_difference = game.prisoner_difference();
    if (game.ended_by_long_cycle())
      note = "note: the moves ended the game by the long-cycle rule (" + game.outcome().to_string() +
             "); the analysis below is of the last position only\n";
    else if (!game.is_over())
      note = "note: the alternation has not ended after these moves; analysing the position as if it had\n";
  }
  japanese::AnalysisOptions opt;
  opt.max_nodes = a.max_nodes;
  japanese::FinalAnalysis an = japanese::analyse_final_position(board, pos, opt);
  japanese::ScoreTerms terms = japanese::score_final_position(board, pos, an, prisoner_difference);
  std::cout << japanese::analysis_report(board, pos, an, terms, a.komi) << note;
}

}  // namespace

void add_analyse_command(CLI::App& app) {
  auto args = std::make_shared<AnalyseArgs>();
  CLI::App* sub = app.add_subcommand(
      "analyse", "Japanese 2003 life-and-death analysis and score of a final position (exact; see docs/rules/japanese-2003.md)");
  sub->add_option("--board,-b", args->board, "board: RxC, cylinder:RxC, torus:RxC, ring:N or graph:FILE")->required();
  sub->add_option("--rules,-r", args->rules, "ruleset (japanese-2003)")->capture_default_str();
  sub->add_option("--position,-p", args->position, "diagram, rows top first separated by '/' (X black, O white, . empty)");
  sub->add_option("--moves,-m", args->moves, "alternation to replay from the empty board instead of --position");
  sub->add_option("--prisoners", args->prisoners, "B,W: stones captured by Black and by White during the alternation");
  sub->add_option("--komi,-k", args->komi, "komi subtracted from Black's score")
      ->check(komi_number())
      ->capture_default_str();
  sub->add_option("--max-nodes", args->max_nodes, "node budget per hypothetical-sequence graph")
      ->check(count_number(SIZE_MAX))
      ->capture_default_str();
  sub->callback([args] { run_analyse(*args); });
}

}  // namespace gotb::cli
