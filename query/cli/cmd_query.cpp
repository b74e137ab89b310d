// gotb query FILE --moves "...": values of the current state and of every
// legal move, read from a retrograde tablebase file (docs/generator.md).
//
// Legality comes from the real ruleset replayed over the whole history
// (superko included), never from the file; the file only supplies the two
// finite-state fixpoints of each state, which are bounds on, not the
// superko values.
#include <algorithm>
#include <cstdio>
#include <iostream>
#include <memory>

#include <nlohmann/json.hpp>

#include "core/rules/games.hpp"
#include "format/tablebase.hpp"
#include "generator/retrograde/generate.hpp"
#include "generator/retrograde/value_code.hpp"
#include "query/cli/commands.hpp"
#include "query/cli/number_options.hpp"
#include "query/sgf_game.hpp"

namespace gotb::cli {
namespace {

struct QueryArgs {
  std::string file, moves, sgf;
  bool json = false;
  bool allow_sgf_graph = false;
};

struct Entry {
  std::string move;
  retro::Bracket value;
  bool game_end = false;  // the move ends the game (second pass): exact area score
};

const char* kNote =
    "values are fixpoints of the finite-state game (superko not applied): 'gfp' scores infinite play as a Black "
    "win, 'lfp' as a White win; where they agree the finite-state value does not depend on cycles. Neither "
    "agreement nor the pair is a proven superko value (superko can forbid moves the fixpoints use; docs/solving.md "
    "section 2). Legal moves are those of the real ruleset given the history; only final scores are exact.";

// `final`: the game is over (or the move ends it), so the value is the
// actual score, not a fixpoint.
nlohmann::json bracket_json(const retro::Bracket& b, bool final) {
  return {{"exact", final},
          {"fixpoints_agree", b.exact()},
          {"gfp", b.gfp.to_string()},
          {"lfp", b.lfp.to_string()},
          {"gfp_order", b.gfp.order},
          {"lfp_order", b.lfp.order}};
}

std::string bracket_text(const retro::Bracket& b, bool final) {
  if (final) return b.gfp.to_string() + " (final score, exact)";
  if (b.exact()) return b.gfp.to_string() + " (both fixpoints; not a proven superko value)";
  return "between " + b.lfp.to_string() + " (lfp, cycles for White) and " + b.gfp.to_string() +
         " (gfp, cycles for Black)";
}

void run_query(const QueryArgs& a) {
  TablebaseReader file(a.file);
  const TablebaseMeta& meta = file.meta();
  if (meta.index_scheme != retro::kIndexScheme || meta.value_encoding != retro::kValueEncoding)
    throw std::invalid_argument(a.file + ": index scheme '" + meta.index_scheme + "' / value encoding '" +
                                meta.value_encoding + "' are not the ones this build reads (" +
                                retro::kIndexScheme + " / " + retro::kValueEncoding + ")");
  const Board& board = file.board();
  const RuleSet rules = RuleSet::parse(meta.rules);
  if (!retro::has_kernel(rules))
    throw std::invalid_argument(a.file + ": ruleset " + meta.rules + " has no retrograde tables in this build");
  retro::StateIndex index(board);
  if (index.states() != meta.state_count || retro::symmetry_scheme(index) != meta.symmetry_scheme)
    throw std::invalid_argument(a.file + ": the file's state count / symmetry scheme (" +
                                std::to_string(meta.state_count) + ", " + meta.symmetry_scheme +
                                ") do not match the index of board " + board.spec() + " (" +
                                std::to_string(index.states()) + ", " + retro::symmetry_scheme(index) + ")");
  const int up = file.array_id(retro::kUpperArray), lo = file.array_id(retro::kLowerArray);
  const double komi = meta.komi;

  std::vector<std::string> history = split_moves(a.moves);
  if (!a.sgf.empty()) {
    if (!history.empty()) throw std::invalid_argument("give the history with --moves or --sgf, not both");
    // The file decides board, ruleset and komi; the record must agree with
    // its board (sgf_game checks SZ) and its moves must be legal under them.
    SgfGameChoices choices{board, rules, komi, "the tablebase"};
    history = sgf_game(read_sgf_record(read_text_file(a.sgf), board, a.allow_sgf_graph), choices).moves;
  }
  std::string moves_text;
  for (const auto& m : history) moves_text += (moves_text.empty() ? "" : " ") + m;

  // Only the tromp-taylor family has retrograde tables (has_kernel above).
  TrompTaylorGame game(board, rules, komi);
  {
    replay_moves(game, history);
    auto bracket_here = [&]() {
      const std::uint64_t s =
          retro::state_of(index, game.position(), game.to_move(), std::min(game.consecutive_passes(), 1));
      if (s >= index.states()) throw std::logic_error("query: a reachable state is not in the index (bug)");
      const std::int8_t u = file.probe(up, s), l = file.probe(lo, s);
      if (u == retro::kNoState || l == retro::kNoState || l > u)
        throw TablebaseError(a.file + ": inconsistent values at state " + std::to_string(s));
      std::vector<std::int8_t> us{u}, ls{l};
      return retro::bracket_at(us, ls, 0, game.to_move(), komi);
    };
    const bool over = game.is_over();
    retro::Bracket now{game.outcome(), game.outcome()};
    std::vector<Entry> entries;
    if (!over) {
      now = bracket_here();
      std::vector<Move> moves;
      game.legal_moves(moves);
      for (Move m : moves) {
        game.play(m);
        Entry e{game.move_name(m), {}, game.is_over()};
        e.value = e.game_end ? retro::Bracket{game.outcome(), game.outcome()} : bracket_here();
        game.undo();
        entries.push_back(e);
      }
      const bool black = game.to_move() == Color::Black;
      // Best first for the player to move: by her guaranteed bound, then the other.
      std::stable_sort(entries.begin(), entries.end(), [&](const Entry& x, const Entry& y) {
        if (black) return x.value.lfp != y.value.lfp ? x.value.lfp > y.value.lfp : x.value.gfp > y.value.gfp;
        return x.value.gfp != y.value.gfp ? x.value.gfp < y.value.gfp : x.value.lfp < y.value.lfp;
      });
    }
    const std::string mover = over ? "" : std::string(color_name(game.to_move()));
    if (a.json) {
      nlohmann::json j{{"file", a.file},
                       {"board", board.spec()},
                       {"rules", rules.to_string()},
                       {"komi", komi},
                       {"moves", moves_text},
                       {"game_over", over},
                       {"to_move", mover},
                       {"passes", game.consecutive_passes()},
                       {"point_of_view", "Black minus White, komi included"},
                       {"value", bracket_json(now, over)},
                       {"note", kNote}};
      nlohmann::json ms = nlohmann::json::array();
      for (const Entry& e : entries) {
        nlohmann::json x = bracket_json(e.value, e.game_end);
        x["move"] = e.move;
        x["ends_game"] = e.game_end;
        ms.push_back(x);
      }
      j["move_values"] = ms;
      std::cout << j.dump(2) << "\n";
      return;
    }
    std::printf("file       %s\n", a.file.c_str());
    std::printf("board      %s\nrules      %s\nkomi       %g\n", board.spec().c_str(), rules.to_string().c_str(), komi);
    std::printf("\n%s\n", diagram(board, game.position(), board.has_grid()).c_str());
    if (over) {
      std::printf("game over  %s (area score, Black minus White, komi included)\n", now.gfp.to_string().c_str());
      return;
    }
    std::printf("to move    %s (consecutive passes: %d)\n", mover.c_str(), game.consecutive_passes());
    std::printf("value      %s\n           Black minus White, komi included\n", bracket_text(now, over).c_str());
    std::printf("moves      legal under %s given the history, best first for %s:\n", rules.to_string().c_str(),
                mover.c_str());
    for (const Entry& e : entries)
      std::printf("  %-6s %s%s\n", e.move.c_str(), bracket_text(e.value, e.game_end).c_str(),
                  e.game_end ? "  (ends the game: area score)" : "");
    std::printf("note: %s\n", kNote);
  }
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
