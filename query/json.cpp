#include "query/json.hpp"

namespace gotb {
namespace {

std::string kind_name(ValueKind k) {
  switch (k) {
    case ValueKind::Score: return "score";
    case ValueKind::NoResult: return "no-result";
    case ValueKind::BlackWins: return "black-wins";
    case ValueKind::WhiteWins: return "white-wins";
    case ValueKind::Unknown: return "unknown";
  }
  return "unknown";
}

}  // namespace

nlohmann::json value_json(const Value& v) {
  nlohmann::json j;
  j["text"] = v.to_string();
  j["kind"] = kind_name(v.kind);
  j["points"] = v.is_score() ? nlohmann::json(v.points()) : nlohmann::json(nullptr);
  return j;
}

void bounds_json(const ValueBounds& b, nlohmann::json& into) {
  into["exact"] = b.exact();
  into["value"] = b.exact() ? value_json(b.lower) : nlohmann::json(nullptr);
  into["lower"] = value_json(b.lower);
  into["upper"] = value_json(b.upper);
}

nlohmann::json fixpoints_json(const FixpointPair& f) {
  return {{"gfp", value_json(f.gfp)}, {"lfp", value_json(f.lfp)}, {"agree", f.agree()}};
}

nlohmann::json analysis_json(const GameSpec& spec, const std::vector<std::string>& history, const Analysis& a) {
  nlohmann::json j;
  j["board"] = spec.board.spec();
  j["rules"] = spec.rules.to_string();
  j["komi"] = spec.komi;
  j["history"] = history;
  j["perspective"] = "black";
  j["game_over"] = a.game_over;
  j["to_move"] = a.game_over ? nlohmann::json(nullptr) : nlohmann::json(std::string(color_name(a.to_move)));
  bounds_json(a.value, j);
  j["source"] = source_name(a.source);
  j["method"] = a.method;
  if (!a.note.empty()) j["note"] = a.note;
  if (a.fixpoints) j["fixpoints"] = fixpoints_json(*a.fixpoints);
  if (a.depth) j["depth"] = *a.depth;
  if (a.file_value) j["file_value"] = value_json(*a.file_value);
  nlohmann::json moves = nlohmann::json::array();
  for (const MoveEval& m : best_first(a)) {
    nlohmann::json e;
    e["move"] = m.move;
    bounds_json(m.value, e);
    e["source"] = source_name(m.source);
    e["ends_game"] = m.ends_game;
    e["keeps_value"] = keeps_value(a, m);
    if (m.fixpoints) e["fixpoints"] = fixpoints_json(*m.fixpoints);
    if (m.depth) e["depth"] = *m.depth;
    if (m.file_value) e["file_value"] = value_json(*m.file_value);
    moves.push_back(std::move(e));
  }
  j["moves"] = moves;
  auto pick = proven(a) ? choose_move(a, spec.board) : std::nullopt;
  j["best_move"] = pick ? nlohmann::json(a.moves[*pick].move) : nlohmann::json(nullptr);
  j["pv"] = a.pv;
  j["nodes"] = a.nodes;
  j["memo_hits"] = a.memo_hits;
  j["seconds"] = a.seconds;
  if (!a.counters.empty()) {
    nlohmann::json c = nlohmann::json::object();
    for (const auto& [name, count] : a.counters) c[name] = count;
    j["counters"] = c;
  }
  return j;
}

}  // namespace gotb

#include "query/pv.hpp"

namespace gotb {

nlohmann::json pv_json(const GameSpec& spec, const std::vector<std::string>& history, const PvResult& pv,
                       const std::string& sgf_path, const std::string& method) {
  nlohmann::json j;
  j["board"] = spec.board.spec();
  j["rules"] = spec.rules.to_string();
  j["komi"] = spec.komi;
  j["history"] = history;
  j["perspective"] = "black";
  bounds_json(pv.value, j);
  j["method"] = method;
  j["pv"] = pv.pv;
  j["result"] = value_json(pv.result);
  j["sgf"] = sgf_path.empty() ? nlohmann::json(nullptr) : nlohmann::json(sgf_path);
  j["sgf_nodes"] = pv.nodes;
  j["nodes"] = pv.search_nodes;
  j["seconds"] = pv.seconds;
  return j;
}

}  // namespace gotb
