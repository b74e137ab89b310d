#include "query/cli/output.hpp"

#include <cstdio>
#include <sstream>

#include "query/game_record.hpp"
#include "query/json.hpp"

namespace gotb::cli {

nlohmann::json solve_report_json(const SolveRequest& req, const SolveReport& rep) {
  // One result type and one rendering for solve, query and the probe API.
  const GameSpec spec{req.board, req.rules, req.komi};
  Analysis a = to_analysis(rep);
  mark_game_ends(spec, req.moves, a);
  return analysis_json(spec, req.moves, a);
}

std::string solve_report_text(const SolveRequest& req, const SolveReport& rep) {
  std::ostringstream o;
  o << "board      " << req.board.spec() << "\n";
  o << "rules      " << req.rules.to_string() << "\n";
  o << "komi       " << komi_text(req.komi) << "\n";
  if (!req.moves.empty()) {
    o << "history   ";
    for (const auto& m : req.moves) o << ' ' << m;
    o << "\n";
  }
  o << "to move    " << (rep.game_over ? "nobody (game over)" : rep.to_move) << "\n";
  o << "value      " << rep.value.to_string() << "  (Black minus White, exact, " << rep.method
    << " solver)\n";
  if (!rep.moves.empty()) {
    o << "moves      (value after the move, best first for " << rep.to_move << ")\n";
    for (const auto& m : rep.moves) {
      std::string name = m.move;
      name.resize(std::max<size_t>(name.size(), 6), ' ');
      o << "  " << name << "  " << m.value.to_string() << "\n";
    }
  }
  if (!rep.game_over && req.with_pv) {
    o << "pv        ";
    for (const auto& m : rep.pv) o << ' ' << m;
    o << "\n";
  }
  o << "nodes      " << rep.nodes << " (cache hits " << rep.memo_hits << ")\n";
  if (!rep.counters.empty()) {
    o << "counters  ";
    for (const auto& [name, count] : rep.counters) o << ' ' << name << '=' << count;
    o << "\n";
  }
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.3f s", rep.seconds);
  o << "time       " << buf << "\n";
  return o.str();
}

}  // namespace gotb::cli
