#include <catch2/catch.hpp>
#include <cstdio>
#include <fstream>
#include <unistd.h>

#include "query/gtp.hpp"
#include "query/pv.hpp"
#include "query/reference_backend.hpp"
#include "tests/cli_runner.hpp"

using namespace gotb;
using gotb::test::run_gotb;

namespace {

struct Response {
  bool ok = false;
  std::string id, text;
};

// Checks one response's shape (spec 2.6-2.11) and splits it.
Response parse_response(const std::string& r) {
  INFO("response: [" << r << "]");
  REQUIRE(r.size() >= 4);
  REQUIRE((r[0] == '=' || r[0] == '?'));
  REQUIRE(r.substr(r.size() - 2) == "\n\n");
  std::string body = r.substr(1, r.size() - 3);
  CHECK(body.find("\n\n") == std::string::npos);  // no blank line inside
  Response out;
  out.ok = r[0] == '=';
  std::size_t i = 0;
  while (i < body.size() && std::isdigit(static_cast<unsigned char>(body[i]))) out.id += body[i++];
  REQUIRE(i < body.size());
  CHECK(body[i] == ' ');  // "=[id] text"
  out.text = body.substr(i + 1);
  return out;
}

struct Session {
  ReferenceBackend backend;
  GtpEngine engine;
  explicit Session(const char* board = "2x2", double komi = 0, const char* method = "reference")
      : backend(options(method)), engine(backend, GameSpec{Board::parse(board), RuleSet::parse("tromp-taylor"), komi}) {}
  static ReferenceBackend::Options options(const char* method) {
    ReferenceBackend::Options o;
    o.method = method;
    return o;
  }
  Response cmd(const std::string& line) { return parse_response(engine.handle_line(line)); }
  std::string ok(const std::string& line) {
    Response r = cmd(line);
    INFO(line << " -> " << r.text);
    CHECK(r.ok);
    return r.text;
  }
  std::string fails(const std::string& line) {
    Response r = cmd(line);
    INFO(line << " -> " << r.text);
    CHECK_FALSE(r.ok);
    return r.text;
  }
};

// Splits a stream of responses at the blank lines that end them.
std::vector<std::string> split_responses(const std::string& out) {
  std::vector<std::string> rs;
  std::size_t start = 0;
  for (;;) {
    std::size_t end = out.find("\n\n", start);
    if (end == std::string::npos) break;
    rs.push_back(out.substr(start, end + 2 - start));
    start = end + 2;
  }
  CHECK(start == out.size());
  return rs;
}

}  // namespace

TEST_CASE("GTP: administrative commands, ids echoed, preprocessing", "[gtp]") {
  Session s;
  CHECK(s.ok("protocol_version") == "2");
  CHECK(s.ok("name") == "gotb");
  CHECK(!s.ok("version").empty());
  Response r = s.cmd("42 protocol_version");
  CHECK(r.id == "42");
  CHECK(r.text == "2");
  r = s.cmd("7 nonsense_command");
  CHECK_FALSE(r.ok);
  CHECK(r.id == "7");
  CHECK(r.text == "unknown command");
  CHECK(s.ok("known_command genmove") == "true");
  CHECK(s.ok("known_command rectangular_boardsize") == "true");
  CHECK(s.ok("known_command fly") == "false");
  std::string list = s.ok("list_commands");
  for (const char* c : {"protocol_version", "name", "version", "known_command", "list_commands", "quit", "boardsize",
                        "clear_board", "komi", "play", "genmove", "undo", "showboard", "final_score", "loadsgf",
                        "rectangular_boardsize", "gogui-analyze_commands", "gotb-value"})
    CHECK(list.find(c) != std::string::npos);
  // Empty lines and comments get no response; CR and tabs are tolerated.
  CHECK(s.engine.handle_line("").empty());
  CHECK(s.engine.handle_line("   # just a comment").empty());
  CHECK(s.ok("3\tname\r # trailing comment") == "gotb");
  CHECK(s.engine.handle_line("quit") == "= \n\n");
  CHECK(s.engine.quit_requested());
}

TEST_CASE("GTP: board sizes, komi, play, illegal moves, undo", "[gtp]") {
  Session s;
  CHECK(s.fails("boardsize 3") == "unacceptable size");   // 9 points: beyond the on-the-fly solver
  CHECK(s.fails("boardsize 20") == "unacceptable size");
  CHECK(s.fails("boardsize x") == "syntax error");
  CHECK(s.fails("rectangular_boardsize 5 2") == "unacceptable size");
  s.ok("rectangular_boardsize 3 2");  // 3 columns, 2 rows
  CHECK(s.engine.game().spec().board.spec() == "2x3");
  s.ok("boardsize 2");
  CHECK(s.fails("komi 0.3").find("multiple of 0.5") != std::string::npos);
  CHECK(s.fails("komi abc") == "syntax error");
  s.ok("komi 0.5");
  CHECK(s.engine.game().spec().komi == 0.5);
  s.ok("play b A1");
  CHECK(s.fails("play w a1") == "illegal move");  // occupied
  CHECK(s.fails("play w Z9") == "illegal move");  // off the board
  CHECK(s.fails("play x B2") == "syntax error");
  CHECK(s.fails("play w") == "syntax error");
  s.ok("play white b2");
  s.ok("play black PASS");
  CHECK(s.engine.game().moves() == std::vector<std::string>{"A1", "B2", "pass"});
  // Black again: the inserted White pass would end the game.
  CHECK(s.fails("play b A2") == "illegal move");
  CHECK(s.engine.game().moves() == std::vector<std::string>{"A1", "B2", "pass"});
  s.ok("undo");
  s.ok("undo");
  // Two moves in a row by one colour: a pass is inserted, undone with it.
  s.ok("play b A2");
  CHECK(s.engine.game().moves() == std::vector<std::string>{"A1", "pass", "A2"});
  s.ok("undo");
  CHECK(s.engine.game().moves() == std::vector<std::string>{"A1"});
  s.ok("clear_board");
  CHECK(s.engine.game().moves().empty());
  CHECK(s.fails("undo") == "cannot undo");
  std::string board = s.ok("showboard");
  CHECK(board.find("A B") != std::string::npos);
  CHECK(board.find("Black to move") != std::string::npos);
}

TEST_CASE("GTP: play tells a syntax error from an illegal move", "[gtp]") {
  Session s;
  // Not a vertex at all (spec 2.11: a letter and a number, or "pass").
  for (const char* bad : {"ZZ", "12", "A", "A1x", "1A", "-", "keep"}) {
    INFO(bad);
    CHECK(s.fails(std::string("play b ") + bad) == "syntax error");
  }
  // Vertices the rules or the board forbid.
  CHECK(s.fails("play b Z9") == "illegal move");
  CHECK(s.fails("play b A3") == "illegal move");
  CHECK(s.fails("play b C1") == "illegal move");
  CHECK(s.engine.game().moves().empty());
  s.ok("play b Pass");
  CHECK(s.engine.game().moves() == std::vector<std::string>{"pass"});
  // A ruleset's own pass kind is a move word under that ruleset only.
  s.ok("gotb-rules kee-2016");
  Response r = s.cmd("play b appeal");
  CHECK(r.text != "syntax error");
  // ... and is written in lower case like "pass", points in upper case.
  s.ok("clear_board");
  s.ok("play b A1");
  std::string pv = s.ok("gotb-pv");
  CHECK(pv.find("APPEAL") == std::string::npos);
  CHECK(pv.find("appeal") != std::string::npos);
  CHECK(pv.find("B2") != std::string::npos);
}

namespace {
// A backend whose every answer is one fixed value, to reach final_score's
// refusals without a ruleset that produces them on a tiny board.
struct FixedBackend final : AnalysisBackend {
  ValueBounds value;
  explicit FixedBackend(ValueBounds v) : value(v) {}
  std::string name() const override { return "fixed"; }
  std::string unsupported(const GameSpec&) const override { return {}; }
  Analysis analyze(const GameSpec&, const std::vector<std::string>&) override {
    Analysis a;
    a.value = value;
    MoveEval e;
    e.move = "A1";
    e.value = value;
    a.moves.push_back(e);
    a.method = "fixed";
    return a;
  }
};
}  // namespace

TEST_CASE("GTP: final_score answers scores only", "[gtp]") {
  GameSpec spec{Board::parse("2x2"), RuleSet::parse("tromp-taylor"), 0};
  FixedBackend no_result(ValueBounds::exactly(Value::no_result()));
  GtpEngine e1(no_result, spec);
  Response r = parse_response(e1.handle_line("5 final_score"));
  CHECK_FALSE(r.ok);
  CHECK(r.id == "5");
  CHECK(r.text == "cannot score: the perfect-play value is 'no result', not a score");
  FixedBackend bounds(ValueBounds{Value::score_half_points(-2), Value::score_half_points(2)});
  GtpEngine e2(bounds, spec);
  r = parse_response(e2.handle_line("final_score"));
  CHECK_FALSE(r.ok);
  CHECK(r.text.find("cannot score: only bounds [W+1, B+1]") == 0);
  FixedBackend score(ValueBounds::exactly(Value::score_half_points(-1)));
  GtpEngine e3(score, spec);
  r = parse_response(e3.handle_line("final_score"));
  CHECK(r.ok);
  CHECK(r.text == "W+0.5");
}

TEST_CASE("GTP: genmove keeps the exact value, self-play ends at the value", "[gtp]") {
  for (const char* method : {"reference", "search"}) {
    for (double komi : {0.0, 1.5}) {
      for (const char* board : {"2x2", "1x5"}) {
        INFO(method << " " << board << " komi " << komi);
        Session s(board, komi, method);
        ReferenceBackend ref;
        GameSpec spec{Board::parse(board), RuleSet::parse("tromp-taylor"), komi};
        Value start = ref.analyze(spec, {}).value.lower;
        CHECK(s.ok("final_score") == start.to_string());
        for (int ply = 0; ply < 60 && !s.engine.game().now().over; ++ply) {
          std::string colour = s.engine.game().now().to_move == Color::Black ? "b" : "w";
          std::string v = s.ok("genmove " + colour);
          CHECK((v == "pass" || is_point_move(spec.board, v)));
          CHECK(ref.analyze(spec, s.engine.game().moves()).value.lower == start);
        }
        REQUIRE(s.engine.game().now().over);
        CHECK(s.engine.game().now().score_now.identical(start));
        CHECK(s.ok("final_score") == start.to_string());
        CHECK(s.ok("genmove b") == "pass");  // game over: nothing left to play
      }
    }
  }
}

TEST_CASE("GTP: genmove for the colour not to move, reg_genmove does not play", "[gtp]") {
  Session s;
  std::string m = s.ok("reg_genmove b");
  CHECK(s.engine.game().moves().empty());
  CHECK(s.ok("genmove w") != "");  // White first: Black passes implicitly
  REQUIRE(s.engine.game().moves().size() == 2);
  CHECK(s.engine.game().moves()[0] == "pass");
  s.ok("undo");
  CHECK(s.engine.game().moves().empty());
  CHECK(!m.empty());
}

TEST_CASE("GTP: value commands and GoGui analyze commands", "[gtp]") {
  Session s;
  std::string v = s.ok("gotb-value");
  CHECK(v.find("value B+1 (Black minus White, exact, reference)") == 0);
  CHECK(v.find("Black to move") != std::string::npos);
  CHECK(v.find("pass W+1") != std::string::npos);
  std::string pairs = s.ok("gotb-move_values");
  CHECK(pairs.find("A1 B+1") != std::string::npos);
  CHECK(pairs.find("pass") == std::string::npos);
  std::string pv = s.ok("gotb-pv");
  CHECK(pv.substr(pv.size() - 9) == "pass pass");
  std::string an = s.ok("gogui-analyze_commands");
  CHECK(an.find("string/Value and move values/gotb-value") != std::string::npos);
  CHECK(an.find("pspairs/Move values/gotb-move_values") != std::string::npos);
  CHECK(s.ok("gotb-rules") == "tromp-taylor");
  s.ok("gotb-rules tromp-taylor:ko=situational");
  CHECK(s.engine.game().spec().rules.to_string() == "tromp-taylor:ko=situational");
  CHECK(s.fails("gotb-rules nonsense").find("nonsense") != std::string::npos);
}

TEST_CASE("GTP: loadsgf replays the main line, honours move_number, refuses bad files", "[gtp][sgf]") {
  std::string path = "/tmp/gotb_test_gtp_" + std::to_string(::getpid()) + ".sgf";
  {
    std::ofstream(path) << "(;FF[4]GM[1]SZ[3:2]KM[0.5]RU[tromp-taylor];B[ab];W[bb];B[])";
  }
  Session s;
  CHECK(s.ok("loadsgf " + path) == "white");
  CHECK(s.engine.game().spec().board.spec() == "2x3");
  CHECK(s.engine.game().spec().komi == 0.5);
  CHECK(s.engine.game().moves() == std::vector<std::string>{"A1", "B1", "pass"});
  CHECK(s.ok("loadsgf " + path + " 2") == "white");
  CHECK(s.engine.game().moves() == std::vector<std::string>{"A1"});
  CHECK(s.ok("loadsgf " + path + " 1") == "black");  // the position before move 1
  CHECK(s.engine.game().moves().empty());
  CHECK(s.ok("loadsgf " + path + " 99") == "white");  // past the end: the whole record
  CHECK(s.engine.game().moves().size() == 3);
  CHECK(s.fails("loadsgf " + path + " 0") == "syntax error");
  CHECK(s.fails("loadsgf") == "syntax error");
  {
    // Variations: only the main line (the first variation at each fork);
    // RU names no gotb ruleset, so the engine's rules apply; no KM: the
    // engine's komi stays.
    std::ofstream(path) << "(;FF[4]GM[1]SZ[2]RU[Chinese]C[a \\] comment];B[aa](;W[bb]C[main](;B[])(;B[ba]))"
                           "(;W[ba];B[bb]))";
  }
  s.ok("komi 1.5");
  CHECK(s.ok("loadsgf " + path) == "white");
  CHECK(s.engine.game().spec().board.spec() == "2x2");
  CHECK(s.engine.game().spec().komi == 1.5);
  CHECK(s.engine.game().moves() == std::vector<std::string>{"A2", "B1", "pass"});
  s.ok("loadsgf " + path + " 3");
  CHECK(s.engine.game().moves() == std::vector<std::string>{"A2", "B1"});
  s.ok("loadsgf " + path);
  CHECK(s.fails("loadsgf /nonexistent.sgf").find("cannot load file") == 0);
  {
    std::ofstream(path) << "(;FF[4]SZ[3];B[aa])";
  }
  CHECK(s.fails("loadsgf " + path) == "cannot load file: unacceptable size");
  {
    std::ofstream(path) << "(;FF[4]SZ[2]RU[tromp-taylor:ko=situational];B[aa])";
  }
  CHECK(s.fails("loadsgf " + path).find("differ from the engine's") != std::string::npos);
  {
    std::ofstream(path) << "(;FF[4]SZ[2];B[aa];W[aa])";
  }
  CHECK(s.fails("loadsgf " + path).find("illegal") != std::string::npos);
  CHECK(s.engine.game().spec().board.spec() == "2x2");  // unchanged by failures
  CHECK(s.engine.game().moves() == std::vector<std::string>{"A2", "B1", "pass"});
  std::remove(path.c_str());
}

TEST_CASE("gotb gtp: a whole session over stdin is well-formed", "[gtp][cli]") {
  std::string path = "/tmp/gotb_test_gtp_session_" + std::to_string(::getpid()) + ".txt";
  {
    std::ofstream(path) << "1 protocol_version\nboardsize 2\n\nclear_board\nkomi 0\n"
                           "2 genmove b\n3 genmove w\nshowboard\ngotb-value\nplay b Z9\n"
                           "boardsize 5\nfinal_score\nundo\nlist_commands\n9 quit\nname\n";
  }
  auto r = run_gotb("gtp --board 2x2 --rules tromp-taylor < " + path);
  std::remove(path.c_str());
  REQUIRE(r.exit_code == 0);
  auto rs = split_responses(r.out);
  REQUIRE(rs.size() == 14);  // the empty line gets none; nothing after quit
  std::vector<Response> p;
  for (const auto& x : rs) p.push_back(parse_response(x));
  CHECK(p[0].id == "1");
  CHECK(p[0].text == "2");
  CHECK(p[3].ok);
  CHECK(p[4].id == "2");
  CHECK(p[5].id == "3");
  CHECK(!p[8].ok);
  CHECK(p[8].text == "illegal move");
  CHECK(!p[9].ok);
  CHECK(p[9].text == "unacceptable size");
  CHECK(p[10].text == "B+1");
  // The default on-the-fly solver is the fast exact path: the search for tromp-taylor.
  CHECK(p[7].text.find("exact, search)") != std::string::npos);
  CHECK(p[13].id == "9");
  CHECK(rs[13] == "=9 \n\n");

  auto bad = run_gotb("gtp --board 3x3 < /dev/null");
  CHECK(bad.exit_code == 1);
  CHECK(bad.out.find("limited to 8 points") != std::string::npos);
}

TEST_CASE("gotb gtp: the transcript of a whole self-played game is well-formed", "[gtp][cli]") {
  // Both colours from genmove until well past the end of the game (genmove
  // answers pass once it is over), then the score; every command has an id.
  std::string path = "/tmp/gotb_test_gtp_game_" + std::to_string(::getpid()) + ".txt";
  const int plies = 16;
  {
    std::ofstream in(path);
    in << "1 boardsize 2\n2 clear_board\n3 komi 0.5\n";
    for (int i = 0; i < plies; ++i) in << 10 + i << " genmove " << (i % 2 ? "w" : "b") << "\n";
    in << "90 final_score\n91 quit\n";
  }
  auto r = run_gotb("gtp --rules tromp-taylor < " + path);
  std::remove(path.c_str());
  REQUIRE(r.exit_code == 0);
  auto rs = split_responses(r.out);
  REQUIRE(rs.size() == static_cast<std::size_t>(3 + plies + 2));
  std::vector<std::string> moves;
  for (std::size_t i = 0; i < rs.size(); ++i) {
    Response p = parse_response(rs[i]);
    CHECK(p.ok);
    if (i >= 3 && i < 3 + plies) {
      CHECK(p.id == std::to_string(10 + i - 3));
      moves.push_back(p.text);
    }
  }
  // Replaying what the engine said gives a finished game at the exact value.
  GameSpec spec{Board::parse("2x2"), RuleSet::parse("tromp-taylor"), 0.5};
  GameRecord g(spec);
  for (const auto& m : moves) {
    if (g.now().over) {
      CHECK(m == "pass");
      continue;
    }
    INFO(m);
    CHECK(g.play(m));
  }
  REQUIRE(g.now().over);
  ReferenceBackend ref;
  CHECK(g.now().score_now.identical(ref.analyze(spec, {}).value.lower));
  CHECK(parse_response(rs[3 + plies]).text == g.now().score_now.to_string());
  CHECK(rs.back() == "=91 \n\n");
}

TEST_CASE("gotb gtp: --tablebase errors are clear, and --help describes it", "[gtp][cli][errors]") {
  auto r = run_gotb("gtp --tablebase /nonexistent.h5 < /dev/null");
  CHECK(r.exit_code == 1);
  CHECK(r.out.find("gotb: error: tablebase '/nonexistent.h5': cannot open") != std::string::npos);
  auto m = run_gotb("gtp --tablebase /nonexistent.h5 --method search < /dev/null");
  CHECK(m.exit_code == 1);
  CHECK(m.out.find("with --tablebase use --fallback") != std::string::npos);
  auto h = run_gotb("gtp --help");
  CHECK(h.exit_code == 0);
  CHECK(h.out.find("default 2x2") != std::string::npos);
  CHECK(h.out.find("unacceptable size") != std::string::npos);
  CHECK(h.out.find("--fallback") != std::string::npos);
}
