// A GTP referee: plays two GTP engines (child processes) against each
// other, with gotb's game model of the ruleset as the only judge of
// legality and of the result, and checks that a player claimed to be
// perfect never ends below the exact value of the position where the
// engines took over.
//
// Per game: both engines get boardsize (or rectangular_boardsize for
// non-square boards), clear_board and komi; the opening moves (if any) are
// played on both; the backend computes the exact value there; then the
// referee asks the engine to move with genmove, checks the move under the
// ruleset, and forwards it with play to the other engine. A move the rules
// forbid loses the game for the engine that made it (forfeit); "resign"
// loses too. An engine that refuses a legal move, or answers anything
// that is not a well-formed GTP response, stops the match with an error.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "query/analysis.hpp"
#include "query/game_record.hpp"

namespace gotb {

// One GTP engine as a child process (/bin/sh -c command). Every command is
// sent with a numeric id, and the response must echo it.
class GtpProcess {
 public:
  // Throws std::runtime_error when the process cannot be started.
  GtpProcess(std::string label, const std::string& command, double timeout_seconds);
  ~GtpProcess();
  GtpProcess(const GtpProcess&) = delete;
  GtpProcess& operator=(const GtpProcess&) = delete;

  struct Response {
    bool ok = false;
    std::string text;
  };
  // Sends one command and reads its response. Throws std::runtime_error
  // on a timeout, a closed pipe or a malformed response.
  Response send(const std::string& command);
  // Like send, but a '?' response is an error too.
  std::string must(const std::string& command);
  const std::string& label() const { return label_; }
  // Every line sent ("> ...") and received, for diagnostics.
  const std::string& transcript() const { return transcript_; }

 private:
  std::string label_;
  int pid_ = -1, to_child_ = -1, from_child_ = -1;
  double timeout_;
  int next_id_ = 1;
  std::string buffer_, transcript_;
};

struct RefereeOptions {
  explicit RefereeOptions(GameSpec s) : spec(std::move(s)) {}
  GameSpec spec;
  std::string engine_a, engine_b;                 // shell commands
  std::vector<std::vector<std::string>> openings;  // each played before the engines take over
  int games = 0;                                   // 0: every opening with each engine as Black
  int max_moves = 500;                             // per game, then the game is undecided
  double timeout_seconds = 120;                    // per GTP response
  std::optional<char> perfect;                     // 'a' or 'b': must never end below the start value
};

struct RefereeGame {
  std::vector<std::string> opening;
  char black = 'a';                 // which engine played Black
  Value start;                      // exact value where the engines took over
  std::vector<std::string> moves;   // the whole game, opening included
  std::string end;                  // "two passes", "resign by ...", "forfeit by ...", "move limit"
  std::optional<char> winner_by_rule;  // resign / forfeit: the other engine
  std::optional<Value> result;      // area result when the game ended by the rules
  bool perfect_ok = true;           // the perfect engine's result is not below start
};

struct RefereeReport {
  std::vector<RefereeGame> games;
  bool all_ok = true;
};

// Throws std::runtime_error / std::invalid_argument for engines that fail
// the protocol or disagree with the rules, and for a start position the
// backend cannot value exactly. `log` (may be null) gets one line per game.
RefereeReport run_referee(const RefereeOptions& opt, AnalysisBackend& backend, std::ostream* log);

}  // namespace gotb
