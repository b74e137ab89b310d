// A GTP version 2 engine (Go Text Protocol, G. Farnebäck,
// https://www.lysator.liu.se/~gunnar/gtp/gtp2-spec-draft2/gtp2-spec.html)
// that plays perfectly with values from an AnalysisBackend.
//
// Protocol contract (spec sections 2.2-2.11):
//  - Input lines are preprocessed: control characters other than HT and LF
//    are removed (so CR LF works), HT becomes a space, '#' starts a comment,
//    lines with nothing left are ignored (no response).
//  - A command is "[id] name [args...]"; id is a non-negative integer.
//  - Success: "=[id] text\n\n"; failure: "?[id] message\n\n". Multi-line
//    texts never contain an empty line (that would end the response).
//
// Game semantics:
//  - The engine's game is a GameRecord (query/game_record.hpp) under the
//    engine's ruleset: the ruleset's game model is the only judge of
//    legality. `play` of an illegal move answers "? illegal move" and
//    changes nothing. GTP allows several moves in a row by one colour; the
//    engine then inserts a pass for the other colour first (both are
//    undone together by `undo`).
//  - `boardsize N` / `rectangular_boardsize W H` (W columns, H rows) answer
//    "? unacceptable size" for a board the backend cannot analyse, and
//    clear the board otherwise.
//  - `genmove` plays a move that keeps the exact value (the best guarantee
//    for the colour, choose_move in query/analysis.hpp); after the end of
//    the game it answers "pass" and records nothing.
//  - `final_score` is the result once the game is over, otherwise the
//    exact value of the current position with perfect play from here.
//  - `gotb-value`, `gotb-move_values`, `gotb-pv` report the analysis;
//    `gogui-analyze_commands` exposes them to GoGui.
//  - `gotb-rules [RULES]` shows the ruleset, or sets it and clears the board.
#pragma once

#include <iosfwd>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "query/analysis.hpp"
#include "query/game_record.hpp"

namespace gotb {

class GtpEngine {
 public:
  // `spec` must be supported by the backend (throws std::invalid_argument
  // with the backend's reason otherwise).
  GtpEngine(AnalysisBackend& backend, GameSpec spec);

  // Handles one input line. Returns the complete response (ending in a
  // blank line), or "" for a line that preprocessing empties.
  std::string handle_line(std::string_view line);
  bool quit_requested() const { return quit_; }

  // Reads commands until `quit` or end of input, flushing each response.
  void run(std::istream& in, std::ostream& out);

  const GameRecord& game() const { return *game_; }
  // Whether loadsgf may open the graph file an SGF's GOTBBOARD[graph:PATH]
  // names (off by default; gotb gtp --allow-sgf-graph).
  void set_allow_sgf_graph(bool allow) { allow_sgf_graph_ = allow; }

 private:
  struct Reply {
    bool ok = true;
    std::string text;
  };
  Reply dispatch(const std::string& name, const std::vector<std::string>& args);
  Reply set_board(const Board& board);
  Reply cmd_play(const std::vector<std::string>& args);
  Reply cmd_genmove(const std::vector<std::string>& args, bool commit);
  Reply cmd_loadsgf(const std::vector<std::string>& args);
  Reply cmd_final_score();
  Reply cmd_value();
  Reply cmd_move_values();
  Reply cmd_pv();
  Analysis analyze();

  AnalysisBackend& backend_;
  std::unique_ptr<GameRecord> game_;
  bool quit_ = false;
  bool allow_sgf_graph_ = false;
};

// The commands the engine knows, in list_commands order.
const std::vector<std::string>& gtp_commands();

}  // namespace gotb
