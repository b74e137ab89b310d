#include "query/serve/api.hpp"

#include <algorithm>
#include <filesystem>
#include <system_error>

#include "core/budget.hpp"
#include "core/numbers.hpp"
#include "core/rules/games.hpp"
#include "query/game_record.hpp"
#include "query/json.hpp"
#include "query/reference_backend.hpp"
#include "query/sgf.hpp"
#include "gotb_version.hpp"

namespace gotb::serve {
namespace fs = std::filesystem;

namespace {

std::string lower(std::string s) {
  for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

bool has_table_suffix(const fs::path& p) {
  const std::string ext = lower(p.extension().string());
  return ext == ".h5" || ext == ".hdf5";
}

std::string canonical_rules(const std::string& text) { return RuleSet::parse(text).to_string(); }

double seconds_left(std::chrono::steady_clock::time_point deadline) {
  return std::chrono::duration<double>(deadline - std::chrono::steady_clock::now()).count();
}

// The stones after the history, for the page: lists of point names. Rules
// whose game model has no position() (none today) give empty lists.
nlohmann::json stones_json(const Board& board, const RuleSet& rules, double komi,
                           const std::vector<std::string>& moves) {
  nlohmann::json black = nlohmann::json::array(), white = nlohmann::json::array();
  visit_game(board, rules, komi, [&](auto& g) {
    replay_moves(g, moves);
    if constexpr (requires { g.position(); }) {
      const Position& pos = g.position();
      for (int p = 0; p < board.size(); ++p) {
        if (pos.black & bit(p)) black.push_back(board.point_name(p));
        if (pos.white & bit(p)) white.push_back(board.point_name(p));
      }
    }
  });
  return {{"black", black}, {"white", white}};
}

}  // namespace

std::uint64_t longest_game_bound(const Board& board) {
  std::uint64_t positions = 1;
  for (int i = 0; i < board.size() && positions < 1000000; ++i) positions *= 3;
  return std::min<std::uint64_t>(4 * positions + 4, 1000000);
}

double parse_request_komi(const std::string& text) {
  try {
    return parse_komi(text, "parameter 'komi'");
  } catch (const std::invalid_argument& e) {
    throw ApiError(400, e.what());
  }
}

// ---------------------------------------------------------------- catalogue

Catalogue::Catalogue(const std::string& dir, const ProbeOptions& probe) {
  std::error_code ec;
  if (!fs::is_directory(dir, ec)) throw std::invalid_argument("--dir " + dir + ": not a directory");
  std::vector<fs::path> files;
  for (auto it = fs::recursive_directory_iterator(dir, fs::directory_options::skip_permission_denied, ec);
       !ec && it != fs::recursive_directory_iterator(); it.increment(ec)) {
    if (it->is_symlink(ec) || !it->is_regular_file(ec) || !has_table_suffix(it->path())) continue;
    files.push_back(it->path());
  }
  if (ec) throw std::invalid_argument("--dir " + dir + ": " + ec.message());
  std::sort(files.begin(), files.end());
  for (const fs::path& p : files) {
    auto t = std::make_unique<Table>();
    t->path = fs::relative(p, dir, ec).generic_string();
    if (ec || t->path.empty()) t->path = p.filename().generic_string();
    try {
      {
        // Every chunk checksum, checked once at start whatever the size
        // (the probe verifies chunks as it reads them as well).
        TablebaseReader reader(p.string());
        t->meta = reader.meta();
        t->file_bytes = reader.file_bytes();
        t->problems = reader.verify_report();
        t->verified = t->problems.empty();
      }
      t->meta.rules = canonical_rules(t->meta.rules);
      if (t->verified) {
        t->probe = std::make_shared<const TablebaseProbe>(p.string(), probe);
        t->kind = t->probe->kind();
      }
    } catch (const std::exception& e) {
      t->problems.push_back(e.what());
    }
    if (t->problems.empty()) {
      t->served = true;
      for (const auto& o : tables_)
        if (o->served && o->meta.board == t->meta.board && o->meta.rules == t->meta.rules &&
            o->meta.komi == t->meta.komi) {
          t->served = false;
          t->problems.push_back("same board, rules and komi as " + o->path + " (served instead)");
        }
    }
    if (!t->served) t->probe.reset();
    tables_.push_back(std::move(t));
  }
}

const Table* Catalogue::find(const std::string& board_spec, const std::string& rules,
                             std::optional<double> komi) const {
  const Table* found = nullptr;
  for (const auto& t : tables_) {
    if (!t->served || t->meta.board != board_spec || t->meta.rules != rules) continue;
    if (komi && t->meta.komi != *komi) continue;
    if (found)
      throw ApiError(400, "tables for board " + board_spec + " under " + rules +
                              " exist for several komi values: give komi=");
    found = t.get();
  }
  return found;
}

// ---------------------------------------------------------------- the API

namespace {
ProbeOptions probe_options(const ApiOptions& o) {
  ProbeOptions po;
  po.history_node_limit = o.history_nodes;
  return po;
}
}  // namespace

Api::Api(ApiOptions options) : opt_(std::move(options)), catalogue_(opt_.dir, probe_options(opt_)) {}

nlohmann::json Api::tables_json() const {
  nlohmann::json list = nlohmann::json::array();
  for (const auto& t : catalogue_.tables()) {
    nlohmann::json j{{"path", t->path},
                     {"served", t->served},
                     {"board", t->meta.board},
                     {"rules", t->meta.rules},
                     {"komi", t->meta.komi},
                     {"states", t->meta.state_count},
                     {"file_bytes", t->file_bytes},
                     {"checksums_verified", t->verified},
                     {"problems", t->problems}};
    // What a probe of this file can claim (query/probe.hpp).
    j["kind"] = t->kind.empty() ? nlohmann::json(nullptr) : nlohmann::json(t->kind);
    j["exact"] = t->kind == "exact";
    list.push_back(j);
  }
  return {{"tables", list},
          {"search",
           {{"enabled", opt_.search_budget > 0},
            {"node_budget", opt_.search_budget},
            {"max_points", opt_.search_max_points}}},
          {"time_budget_seconds", opt_.time_budget}};
}

nlohmann::json Api::probe_json(const std::string& board_text, const std::string& rules_text,
                               std::optional<double> komi, const std::vector<std::string>& moves,
                               std::chrono::steady_clock::time_point deadline) const {
  // The game: a served table's board text as given, else a board spec that
  // names no file (graph:FILE would make Board::parse read a path).
  std::optional<Board> board;
  for (const auto& t : catalogue_.tables())
    if (t->served && t->meta.board == board_text) board = t->probe->spec().board;
  if (!board) {
    if (lower(board_text).rfind("graph:", 0) == 0)
      throw ApiError(404, "no table for board '" + board_text + "' (graph boards are served only from a table)");
    board = Board::parse(board_text);
  }
  const RuleSet rules = RuleSet::parse(rules_text);
  if (komi) check_komi(*komi);
  const std::uint64_t bound = longest_game_bound(*board);
  if (moves.size() > bound)
    throw ApiError(413, std::to_string(moves.size()) + " moves: more than any legal game on " + board->spec() +
                            " needs (at most " + std::to_string(bound) + " accepted)");

  if (const Table* t = catalogue_.find(board->spec(), rules.to_string(), komi)) {
    // Exactly what `gotb query FILE --json` prints (query/cli/cmd_query.cpp).
    // The request's deadline stops the history check of exact tables: then
    // a 200 with proven bounds (file-bounds, not exact) and a note, as
    // where --history-nodes runs out (docs/http.md).
    ProbeRequest req;
    req.deadline = deadline;
    const ProbeResult r = t->probe->probe(moves, req);
    nlohmann::json j = analysis_json(t->probe->spec(), moves, r);
    j["file"] = t->path;
    j["file_kind"] = t->probe->kind();
    j["serve"] = {{"source", "table"}, {"table", t->path}, {"values_exact", r.exact()}};
    j["serve"]["stones"] = stones_json(*board, rules, t->meta.komi, moves);
    return j;
  }
  const std::string game = board->spec() + " under " + rules.to_string();
  if (opt_.search_budget == 0)
    throw ApiError(404, "no table for " + game + " (GET /api/v1/tables lists them; the on-the-fly search is off)");
  if (board->size() > opt_.search_max_points)
    throw ApiError(404, "no table for " + game + ", and the on-the-fly search takes boards of at most " +
                            std::to_string(opt_.search_max_points) + " points");
  const double left = seconds_left(deadline);
  if (left <= 0) throw NodeLimitReached("time budget of the request spent");
  GameSpec spec{*board, rules, komi.value_or(0)};
  ReferenceBackend::Options o;
  o.method = rules.support().superko_search ? "search" : "reference";
  o.max_points = opt_.search_max_points;
  o.solver.node_limit = opt_.search_budget;
  o.solver.time_limit = left;
  ReferenceBackend backend(o);
  if (std::string why = backend.unsupported(spec); !why.empty()) throw ApiError(404, "no table for " + game + ": " + why);
  nlohmann::json j = analysis_json(spec, moves, backend.analyze(spec, moves));
  j["serve"] = {{"source", "search"}, {"table", nullptr}, {"values_exact", true}};
  j["serve"]["stones"] = stones_json(*board, rules, spec.komi, moves);
  return j;
}

namespace {

std::chrono::steady_clock::time_point deadline_of(double seconds) {
  return std::chrono::steady_clock::now() +
         std::chrono::duration_cast<std::chrono::steady_clock::duration>(std::chrono::duration<double>(seconds));
}

// The move a line continues with: the probe's own choice (null where the
// values prove nothing). Empty at the end of the game.
std::string next_move(const nlohmann::json& r) {
  if (r.value("game_over", false)) return {};
  return r["best_move"].is_string() ? r["best_move"].get<std::string>() : "";
}

// Geometry of the board for the page.
void add_geometry(nlohmann::json& serve, const std::string& board_spec, const Catalogue& cat) {
  std::optional<Board> b;
  for (const auto& t : cat.tables())
    if (t->served && t->meta.board == board_spec) b = t->probe->spec().board;
  if (!b) b = Board::parse(board_spec);
  serve["grid"] = b->has_grid();
  serve["rows"] = b->rows();
  serve["cols"] = b->cols();
  serve["max_moves"] = longest_game_bound(*b);
  nlohmann::json names = nlohmann::json::array();
  for (int p = 0; p < b->size(); ++p) names.push_back(b->point_name(p));
  serve["points"] = names;  // row-major from the top row when grid
}

}  // namespace

nlohmann::json Api::probe(const GameQuery& q) const {
  nlohmann::json j = probe_json(q.board_text, q.rules_text, q.komi, q.moves, deadline_of(opt_.time_budget));
  add_geometry(j["serve"], j["board"].get<std::string>(), catalogue_);
  return j;
}

nlohmann::json Api::pv(const GameQuery& q) const {
  const auto deadline = deadline_of(opt_.time_budget);
  std::vector<std::string> history = q.moves;
  std::vector<std::string> line;
  // Checked after every probe: one the deadline cut short answers bounds
  // (an exact table's history check), and a line through them is no line.
  auto probe_in_time = [&] {
    nlohmann::json r = probe_json(q.board_text, q.rules_text, q.komi, history, deadline);
    if (std::chrono::steady_clock::now() > deadline)
      throw ApiError(503, "the line did not reach the end of the game within the time budget (" +
                              std::to_string(opt_.time_budget) + " s; " + std::to_string(line.size()) +
                              " moves so far)");
    return r;
  };
  nlohmann::json r = probe_in_time();
  const bool exact = r["serve"]["values_exact"].get<bool>();
  for (std::string m = next_move(r); !m.empty(); m = next_move(r)) {
    line.push_back(m);
    history.push_back(m);
    r = probe_in_time();
  }
  nlohmann::json j{{"board", r["board"]}, {"rules", r["rules"]}, {"komi", r["komi"]},
                   {"history", q.moves}, {"pv", line},    {"result", r["value"]},
                   {"exact", exact}};
  j["note"] = exact ? "a principal variation: every move keeps the exact value"
                    : "no proven line: the values here are not exact (a fixpoint table)";
  return j;
}

std::string Api::sgf(const GameQuery& q, bool with_pv) const {
  nlohmann::json r = probe_json(q.board_text, q.rules_text, q.komi, q.moves, deadline_of(opt_.time_budget));
  std::vector<std::string> line;
  if (with_pv) line = pv(q)["pv"].get<std::vector<std::string>>();
  const double komi = r["komi"].get<double>();
  std::optional<Board> b;
  for (const auto& t : catalogue_.tables())
    if (t->served && t->meta.board == r["board"].get<std::string>()) b = t->probe->spec().board;
  if (!b) b = Board::parse(r["board"].get<std::string>());
  GameRecord rec(GameSpec{*b, RuleSet::parse(r["rules"].get<std::string>()), komi});
  SgfTree tree;
  SgfNode root;
  root.add("FF", "4");
  root.add("GM", "1");
  root.add("CA", "UTF-8");
  root.add("AP", std::string("gotb:") + GOTB_VERSION);
  root.add("SZ", sgf_size(*b));
  if (b->shape() != Board::Shape::Rectangle) root.add("GOTBBOARD", b->spec());
  root.add("RU", r["rules"].get<std::string>());
  root.add("KM", komi_text(komi));
  root.add("GC", "gotb serve: " + std::to_string(q.moves.size()) + " moves" +
                     (with_pv ? ", then a line of " + std::to_string(line.size()) + " moves (" +
                                    std::string(r["serve"]["values_exact"].get<bool>()
                                                    ? "principal variation"
                                                    : "none: the values are not exact") +
                                    ")"
                              : std::string()));
  tree.nodes.push_back(root);
  std::vector<std::string> all = q.moves;
  all.insert(all.end(), line.begin(), line.end());
  for (std::size_t i = 0; i < all.size(); ++i) {
    const Color mover = rec.now().to_move;
    std::string why;
    if (!rec.play(all[i], &why)) throw ApiError(400, "move " + std::to_string(i + 1) + " '" + all[i] + "': " + why);
    SgfNode n;
    n.add(mover == Color::Black ? "B" : "W", sgf_move_value(*b, all[i]));
    if (!is_point_move(*b, all[i]) && !is_plain_pass(all[i])) n.add("GOTBMOVE", all[i]);
    if (i + 1 == q.moves.size() && !line.empty()) n.add("C", "Position of the link; the line follows.");
    tree.nodes.push_back(n);
  }
  return write_sgf(tree);
}

}  // namespace gotb::serve
