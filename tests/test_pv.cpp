#include <catch2/catch.hpp>
#include <cstdio>
#include <fstream>
#include <nlohmann/json.hpp>

#include "core/rules/games.hpp"
#include "query/game_record.hpp"
#include "query/pv.hpp"
#include "query/reference_backend.hpp"
#include "query/sgf_game.hpp"
#include "tests/cli_runner.hpp"

using namespace gotb;
using gotb::test::run_gotb;

namespace {

GameSpec spec_of(const char* board, const char* rules, double komi) {
  return GameSpec{Board::parse(board), RuleSet::parse(rules), komi};
}

// Every root-to-leaf line of the tree, as SGF texts of single-line games.
void lines_of(const SgfTree& t, std::vector<SgfNode> prefix, std::vector<std::vector<SgfNode>>& out) {
  for (const auto& n : t.nodes) prefix.push_back(n);
  if (t.variations.empty()) {
    out.push_back(prefix);
    return;
  }
  for (const auto& v : t.variations) lines_of(v, prefix, out);
}

// Replays a record's moves under the spec: every move legal, colours as the
// game says, and the game over at the end. Returns the final result.
Value replay_to_end(const GameSpec& spec, const SgfRecord& rec) {
  GameRecord g(spec);
  for (std::size_t i = 0; i < rec.moves.size(); ++i) {
    std::string why;
    INFO("move " << i + 1 << " " << rec.moves[i]);
    REQUIRE(g.play_as(rec.colours[i], rec.moves[i], false, &why));
  }
  REQUIRE(g.now().over);
  return g.now().score_now;
}

std::string temp_path(const char* name) { return std::string("/tmp/gotb_test_") + name + "_" + std::to_string(::getpid()); }

}  // namespace

TEST_CASE("pv SGF parses back to the same moves, which replay legally to the value", "[pv][sgf]") {
  struct Case {
    const char* board;
    const char* rules;
    double komi;
    std::vector<std::string> history;
  };
  for (const Case& c : {Case{"2x2", "tromp-taylor", 0, {}}, Case{"2x3", "tromp-taylor", 0.5, {"B1"}},
                        Case{"1x5", "tromp-taylor:ko=situational", -1, {"B1", "D1"}},
                        Case{"2x2", "tromp-taylor:suicide=no", 0, {"A1", "B2"}}}) {
    INFO(c.board << " " << c.rules);
    GameSpec spec = spec_of(c.board, c.rules, c.komi);
    ReferenceBackend backend;
    PvResult pv = build_pv_sgf(backend, spec, c.history, PvOptions{});
    REQUIRE(pv.value.exact());
    CHECK(pv.result.identical(pv.value.lower));
    std::string text = write_sgf(pv.tree);
    SgfRecord rec = read_sgf_record(text);
    REQUIRE(rec.board);
    CHECK(*rec.board == spec.board);
    CHECK(rec.rules == spec.rules.to_string());
    REQUIRE(rec.komi);
    CHECK(*rec.komi == c.komi);
    std::vector<std::string> expected = c.history;
    expected.insert(expected.end(), pv.pv.begin(), pv.pv.end());
    CHECK(rec.moves == expected);
    CHECK(replay_to_end(spec, rec).identical(pv.value.lower));
    // The file reads back as the same game.
    SgfGame g = sgf_game(rec, {});
    CHECK(g.spec == spec);
    CHECK(g.moves == expected);
  }
}

TEST_CASE("pv SGF: rectangles use SZ[cols:rows], passes are empty moves, V holds the value", "[pv][sgf]") {
  GameSpec spec = spec_of("2x3", "tromp-taylor", 0);
  ReferenceBackend backend;
  PvResult pv = build_pv_sgf(backend, spec, {}, PvOptions{});
  const SgfNode& root = pv.tree.nodes.front();
  CHECK(root.text("SZ") == "3:2");
  CHECK(root.text("FF") == "4");
  CHECK(root.text("RU") == "tromp-taylor");
  CHECK(root.text("KM") == "0");
  CHECK(root.text("RE") == pv.value.to_string());
  CHECK(root.text("V") == "0");
  std::string text = write_sgf(pv.tree);
  CHECK(text.find("Moves (value after the move") != std::string::npos);
  // The game ends with two passes, written as empty moves; every move node
  // carries the value and a comment.
  const auto& nodes = pv.tree.nodes;
  REQUIRE(nodes.size() >= 3);
  REQUIRE(pv.pv.size() == nodes.size() - 1);
  for (std::size_t i = 1; i < nodes.size(); ++i) {
    const SgfNode& n = nodes[i];
    const SgfProperty* mv = n.find(i % 2 == 1 ? "B" : "W");
    REQUIRE(mv);
    CHECK(mv->values == std::vector<std::string>{pv.pv[i - 1] == "pass" ? "" : sgf_move_value(spec.board, pv.pv[i - 1])});
    CHECK(n.has("V"));
    CHECK(n.has("C"));
  }
  CHECK(pv.pv[pv.pv.size() - 1] == "pass");
  CHECK(pv.pv[pv.pv.size() - 2] == "pass");
  CHECK(nodes.back().find(nodes.size() % 2 == 0 ? "B" : "W")->values == std::vector<std::string>{""});
}

namespace {
// The reference values widened by one point each way: a stand-in for a
// backend that knows only bounds, whose texts ("[W+1, B+1]") need SGF
// escaping inside comments.
struct WidenedBackend final : AnalysisBackend {
  ReferenceBackend exact;
  std::string name() const override { return "widened"; }
  std::string unsupported(const GameSpec& s) const override { return exact.unsupported(s); }
  static ValueBounds widen(ValueBounds v) {
    return {Value::score_half_points(v.lower.order - 2), Value::score_half_points(v.upper.order + 2)};
  }
  Analysis analyze(const GameSpec& s, const std::vector<std::string>& h) override {
    Analysis a = exact.analyze(s, h);
    if (a.game_over) return a;
    a.value = widen(a.value);
    for (auto& m : a.moves) m.value = widen(m.value);
    a.note = "bounds only [test]";
    a.method = "widened";
    return a;
  }
};
}  // namespace

TEST_CASE("pv SGF with bounds: no V or RE, comments with brackets escaped and read back", "[pv][sgf]") {
  GameSpec spec = spec_of("1x3", "tromp-taylor", 0);
  WidenedBackend backend;
  PvResult pv = build_pv_sgf(backend, spec, {}, PvOptions{});
  CHECK_FALSE(pv.value.exact());
  CHECK(pv.value.to_string() == "[B+2, B+4]");
  const std::string text = write_sgf(pv.tree);
  CHECK(text.find("[B+2, B+4\\]") != std::string::npos);  // escaped inside C[...]
  auto trees = parse_sgf(text);
  REQUIRE(trees.size() == 1);
  const SgfNode& root = trees[0].nodes.front();
  CHECK_FALSE(root.has("RE"));  // no proven score to state
  CHECK_FALSE(root.has("V"));
  CHECK(root.text("C").find("Value [B+2, B+4] (Black minus White, bounds, widened).\nbounds only [test]") != std::string::npos);
  // The game still parses back to the same moves and ends at the exact result.
  SgfRecord rec = read_sgf_record(text);
  CHECK(rec.moves == pv.pv);
  CHECK(replay_to_end(spec, rec).identical(Value::score_half_points(6)));
}

TEST_CASE("pv --all-optimal: every variation is an optimal line to the exact value", "[pv][sgf]") {
  GameSpec spec = spec_of("2x2", "tromp-taylor", 0);
  ReferenceBackend backend;
  PvOptions opt;
  opt.all_optimal = true;
  opt.alt_depth = 2;
  PvResult pv = build_pv_sgf(backend, spec, {}, opt);
  REQUIRE(!pv.tree.variations.empty());  // 2x2 has several optimal first moves
  std::vector<std::vector<SgfNode>> lines;
  lines_of(pv.tree, {}, lines);
  CHECK(lines.size() > 2);
  for (const auto& line : lines) {
    SgfTree single;
    single.nodes = line;
    SgfRecord rec = read_sgf_record(write_sgf(single));
    CHECK(replay_to_end(spec, rec).identical(pv.value.lower));
  }
  // Main line first: the record's main line is the principal variation.
  SgfRecord main = read_sgf_record(write_sgf(pv.tree));
  CHECK(main.moves == pv.pv);
}

TEST_CASE("gotb pv writes SGF and JSON that agree", "[pv][cli][json]") {
  std::string path = temp_path("pv.sgf");
  auto r = run_gotb("pv -b 1x4 --komi 0.5 --moves 'B1' --sgf " + path + " --json");
  REQUIRE(r.exit_code == 0);
  auto j = nlohmann::json::parse(r.out);
  CHECK(j["board"] == "1x4");
  CHECK(j["rules"] == "tromp-taylor");
  CHECK(j["komi"] == 0.5);
  CHECK(j["history"] == std::vector<std::string>{"B1"});
  CHECK(j["exact"] == true);
  CHECK(j["perspective"] == "black");
  CHECK(j["sgf"] == path);
  CHECK(j["result"]["text"] == j["value"]["text"]);
  SgfRecord rec = read_sgf_record(read_text_file(path));
  std::vector<std::string> expected{"B1"};
  for (const auto& m : j["pv"]) expected.push_back(m.get<std::string>());
  CHECK(rec.moves == expected);

  // The file feeds back in: the PV from the end of its main line is empty,
  // and from the history it is the same line.
  auto again = run_gotb("pv --sgf-in " + path + " --json");
  REQUIRE(again.exit_code == 0);
  auto j2 = nlohmann::json::parse(again.out);
  CHECK(j2["pv"].empty());
  CHECK(j2["board"] == "1x4");
  CHECK(j2["komi"] == 0.5);
  CHECK(j2["value"]["text"] == j["value"]["text"]);
  std::remove(path.c_str());
}

TEST_CASE("gotb pv on 3x3 with --method search: the SGF parses back and replays to the value", "[pv][sgf][cli][search]") {
  // 3x3 has 9 points, past the reference solver's limit: the search solves it.
  std::string path = temp_path("pv3x3.sgf");
  for (const char* history : {"", "B1"}) {
    INFO("history '" << history << "'");
    auto r = run_gotb(std::string("pv -b 3x3 --komi 0.5 --method search --max-points 9 --moves '") + history +
                      "' --sgf " + path + " --json");
    REQUIRE(r.exit_code == 0);
    auto j = nlohmann::json::parse(r.out);
    REQUIRE(j["exact"] == true);
    const std::string value = j["value"]["text"];
    // The literature value of the empty 3x3 board under area scoring is B+9
    // (Black takes the centre and the whole board), so B+8.5 with komi 0.5.
    if (std::string(history).empty()) CHECK(value == "B+8.5");
    CHECK(j["result"]["text"] == value);

    std::string text = read_text_file(path);
    std::vector<SgfTree> trees = parse_sgf(text);
    REQUIRE(trees.size() == 1);
    const SgfNode& root = trees[0].nodes.front();
    CHECK(root.text("FF") == "4");
    CHECK(root.text("SZ") == "3");
    CHECK(root.text("RU") == "tromp-taylor");
    CHECK(root.text("KM") == "0.5");
    CHECK(root.text("RE") == value);
    // V on every node after the history is the value (perfect play keeps it).
    std::vector<const SgfNode*> line = main_line(trees[0]);
    const double points = j["value"]["points"];
    const std::size_t first = std::string(history).empty() ? 0 : 1;
    REQUIRE(line.size() == first + 1 + j["pv"].size());
    for (std::size_t i = first; i < line.size(); ++i) CHECK(std::stod(line[i]->text("V")) == points);

    SgfRecord rec = read_sgf_record(text);
    std::vector<std::string> expected = split_moves(history);
    for (const auto& m : j["pv"]) expected.push_back(m.get<std::string>());
    CHECK(rec.moves == expected);
    GameSpec spec = spec_of("3x3", "tromp-taylor", 0.5);
    CHECK(replay_to_end(spec, rec).to_string() == value);
    SgfGame g = sgf_game(rec, {});
    CHECK(g.spec == spec);
    CHECK(g.moves == expected);

    // The file feeds back in: at the end of its main line the game is over.
    auto again = run_gotb("pv --sgf-in " + path + " --method search --max-points 9 --json");
    REQUIRE(again.exit_code == 0);
    auto j2 = nlohmann::json::parse(again.out);
    CHECK(j2["pv"].empty());
    CHECK(j2["board"] == "3x3");
    CHECK(j2["value"]["text"] == value);
  }
  std::remove(path.c_str());
}

TEST_CASE("gotb pv: bad input gives a clear error and a non-zero exit", "[pv][cli][errors]") {
  auto r = run_gotb("pv -b 2x2 --moves 'A1 A1'");
  CHECK(r.exit_code == 1);
  CHECK(r.out.find("move 2 'A1' is illegal") != std::string::npos);
  r = run_gotb("pv -b 2x2 --moves 'Z9'");
  CHECK(r.exit_code == 1);
  CHECK(r.out.find("'Z9'") != std::string::npos);
  r = run_gotb("pv -b 2x2 --tablebase x.h5");
  CHECK(r.exit_code == 1);
  CHECK(r.out.find("tablebase") != std::string::npos);
  r = run_gotb("pv -b 3x3");
  CHECK(r.exit_code == 1);
  CHECK(r.out.find("limited to 8 points") != std::string::npos);
  r = run_gotb("pv -b 2x2 --komi 0.3");
  CHECK(r.exit_code == 1);
  CHECK(r.out.find("multiple of 0.5") != std::string::npos);

  std::string path = temp_path("bad.sgf");
  {
    std::ofstream(path) << "(;FF[4]SZ[2]AB[aa];W[bb])";
  }
  r = run_gotb("pv --sgf-in " + path);
  CHECK(r.exit_code == 1);
  CHECK(r.out.find("setup property AB") != std::string::npos);
  {
    std::ofstream(path) << "(;FF[4]SZ[2]RU[Chinese];B[aa])";
  }
  r = run_gotb("pv --sgf-in " + path);
  CHECK(r.exit_code == 1);
  CHECK(r.out.find("RU[Chinese] is not a gotb ruleset") != std::string::npos);
  r = run_gotb("pv --sgf-in " + path + " --rules tromp-taylor --json");
  CHECK(r.exit_code == 0);
  {
    std::ofstream(path) << "(;FF[4]SZ[2];B[aa];B[bb])";
  }
  r = run_gotb("pv --sgf-in " + path);
  CHECK(r.exit_code == 1);
  CHECK(r.out.find("SGF move 2 (Black B1) is illegal") != std::string::npos);
  r = run_gotb("pv --sgf-in /nonexistent/x.sgf");
  CHECK(r.exit_code == 1);
  CHECK(r.out.find("cannot read SGF file") != std::string::npos);
  std::remove(path.c_str());
}
