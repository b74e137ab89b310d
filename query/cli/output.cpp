#include "query/cli/output.hpp"

#include <cstdio>
#include <sstream>

#include "query/game_record.hpp"

namespace gotb::cli {

nlohmann::json solve_report_json(const SolveRequest& req, const SolveReport& rep) {
  nlohmann::json j;
  j["board"] = req.board.spec();
  j["rules"] = req.rules.to_string();
  j["komi"] = req.komi;
  j["history"] = req.moves;
  j["perspective"] = "black";
  j["game_over"] = rep.game_over;
  j["to_move"] = rep.game_over ? nlohmann::json(nullptr) : nlohmann::json(rep.to_move);
  j["value"] = value_json(rep.value);
  j["exact"] = true;
  j["method"] = rep.method;
  nlohmann::json moves = nlohmann::json::array();
  for (const auto& m : rep.moves) moves.push_back({{"move", m.move}, {"value", value_json(m.value)}});
  j["moves"] = moves;
  j["pv"] = rep.pv;
  j["nodes"] = rep.nodes;
  j["memo_hits"] = rep.memo_hits;
  j["seconds"] = rep.seconds;
  if (!rep.counters.empty()) {
    nlohmann::json c = nlohmann::json::object();
    for (const auto& [name, count] : rep.counters) c[name] = count;
    j["counters"] = c;
  }
  return j;
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
