// gotb serve (issue 21): the HTTP API on a free loopback port over small
// generated tables, compared field by field with `gotb query --json` and
// `gotb solve --json`; bad inputs get the right 4xx and the server keeps
// serving.
#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <unistd.h>

#include <httplib.h>

#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <thread>

#include "core/rules/games.hpp"
#include "query/serve/server.hpp"
#include "query/sgf.hpp"
#include "tests/cli_runner.hpp"

namespace fs = std::filesystem;
using gotb::test::run_gotb;
using namespace gotb;

namespace {

// One table directory per test binary run, made once (3x3 and 2x3 under
// tromp-taylor, 3x3 under tromp-taylor:ko=basic,suicide=no (exact): ~0.1 s).
const fs::path& table_dir() {
  static const fs::path dir = [] {
    fs::path d = fs::temp_directory_path() / ("gotb-serve-test-" + std::to_string(::getpid()));
    fs::remove_all(d);
    fs::create_directories(d / "sub");
    for (const char* b : {"3x3", "2x3"}) {
      auto r = run_gotb(std::string("generate -q -t 1 -b ") + b + " -o " + (d / "sub" / (std::string(b) + ".h5")).string());
      INFO(r.out);
      REQUIRE(r.exit_code == 0);
    }
    auto r = run_gotb("generate -q -t 1 -b 3x3 -r tromp-taylor:ko=basic,suicide=no -o " +
                      (d / "sub" / "3x3-basic.h5").string());
    INFO(r.out);
    REQUIRE(r.exit_code == 0);
    return d;
  }();
  return dir;
}

// A server on a free loopback port, serving until destroyed.
struct Running {
  serve::Server server;
  int port;
  std::thread thread;
  explicit Running(serve::ServerOptions o) : server(std::move(o)), port(server.bind()) {
    thread = std::thread([this] { server.run(); });
  }
  ~Running() {
    server.stop();
    thread.join();
  }
  httplib::Result get(const std::string& path) {
    httplib::Client c("127.0.0.1", port);
    c.set_read_timeout(30, 0);
    return c.Get(path.c_str());
  }
};

serve::ServerOptions options(std::uint64_t search_budget) {
  serve::ServerOptions o;
  o.api.dir = table_dir().string();
  o.api.search_budget = search_budget;
  o.port = 0;
  o.threads = 4;
  return o;
}

nlohmann::json json_of(const httplib::Result& r, int status) {
  REQUIRE(r);
  INFO(r->body);
  CHECK(r->status == status);
  CHECK(r->get_header_value("Content-Type") == "application/json");
  return nlohmann::json::parse(r->body);
}

// The error shape every refusal has.
void check_error(Running& s, const std::string& path, int status) {
  INFO(path);
  auto j = json_of(s.get(path), status);
  REQUIRE(j.contains("error"));
  CHECK(j["error"]["status"] == status);
  CHECK(!j["error"]["message"].get<std::string>().empty());
}

// Raw bytes on a fresh connection; returns the status line.
std::string raw_request(int port, const std::string& bytes) {
  int fd = ::socket(AF_INET, SOCK_STREAM, 0);
  REQUIRE(fd >= 0);
  sockaddr_in a{};
  a.sin_family = AF_INET;
  a.sin_port = htons(static_cast<uint16_t>(port));
  a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  REQUIRE(::connect(fd, reinterpret_cast<sockaddr*>(&a), sizeof a) == 0);
  REQUIRE(::send(fd, bytes.data(), bytes.size(), 0) == static_cast<ssize_t>(bytes.size()));
  timeval tv{5, 0};  // the server answers and closes; never hang the test
  ::setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
  std::string out;
  char buf[4096];
  ssize_t n;
  while (out.find("\r\n") == std::string::npos && (n = ::recv(fd, buf, sizeof buf, 0)) > 0)
    out.append(buf, static_cast<size_t>(n));
  ::close(fd);
  return out.substr(0, out.find("\r\n"));
}

}  // namespace

TEST_CASE("serve: /api/v1/probe on a table equals gotb query --json, field by field", "[serve]") {
  Running s(options(0));
  auto tables = json_of(s.get("/api/v1/tables"), 200);
  REQUIRE(tables["tables"].size() == 3);
  for (const auto& t : tables["tables"]) {
    CHECK(t["served"] == true);
    CHECK(t["checksums_verified"] == true);
    CHECK(t["path"].get<std::string>().rfind("sub/", 0) == 0);
  }
  CHECK(tables["search"]["enabled"] == false);

  struct Case {
    const char* board;
    const char* moves;
  };
  for (const Case& c : {Case{"3x3", ""}, Case{"3x3", "B2"}, Case{"3x3", "B2,A1"}, Case{"3x3", "B2,A1,pass"},
                        Case{"3x3", "B2,pass,pass"}, Case{"2x3", "A1,B2,pass"}, Case{"2x3", "B1,A2,C1"}}) {
    INFO(c.board << " " << c.moves);
    auto served = json_of(s.get(std::string("/api/v1/probe?board=") + c.board + "&rules=tromp-taylor&moves=" + c.moves), 200);
    const std::string file = (table_dir() / "sub" / (std::string(c.board) + ".h5")).string();
    auto r = run_gotb("query " + file + " --json --moves '" + c.moves + "'");
    INFO(r.out);
    REQUIRE(r.exit_code == 0);
    auto cli = nlohmann::json::parse(r.out);
    // Every field of the command line's answer, the same; "file" names the
    // table relative to the served directory (never a full path).
    CHECK(served["file"] == std::string("sub/") + c.board + ".h5");
    for (auto& [k, v] : cli.items())
      if (k != "file" && k != "seconds") CHECK(served[k] == v);
    for (auto& [k, v] : served.items()) CHECK((cli.contains(k) || k == "serve"));
    // The server's own addition: where the answer came from, and the stones.
    CHECK(served["serve"]["source"] == "table");
    CHECK(served["serve"]["values_exact"] == served["exact"]);
    const Board b = Board::parse(c.board);
    CHECK(served["serve"]["points"].size() == static_cast<std::size_t>(b.size()));
    TrompTaylorGame g(b, RuleSet::parse("tromp-taylor"), 0);
    replay_moves(g, split_moves(c.moves));
    CHECK(served["serve"]["stones"]["black"].size() == static_cast<std::size_t>(popcount(g.position().black)));
    CHECK(served["serve"]["stones"]["white"].size() == static_cast<std::size_t>(popcount(g.position().white)));
  }
  // Rules and board spellings are canonicalised before the lookup.
  auto alias = json_of(s.get("/api/v1/probe?board=3X3&rules=tromp-taylor:ko%3Dpositional&moves=b2%20a1"), 200);
  CHECK(alias["to_move"] == "Black");
  CHECK(alias["serve"]["stones"]["black"] == nlohmann::json::array({"B2"}));
  CHECK(alias["board"] == "3x3");
}

TEST_CASE("serve: an exact ko=basic table answers exactly after moves, equal to gotb query --json", "[serve]") {
  Running s(options(0));
  const std::string file = (table_dir() / "sub" / "3x3-basic.h5").string();
  int exact_after_moves = 0;
  for (const char* moves : {"", "B2", "B2,A1", "B2,A1,B1", "B2,A1,B1,C1,A2", "B2,C2,C3,B3,A2", "A1,B2,C3,B1,pass",
                            "B2,A1,B1,C1,A2,pass,C2", "B1,B2,B3,pass,A3,A2,C2,C3,B3,pass"}) {
    INFO(moves);
    auto served = json_of(
        s.get(std::string("/api/v1/probe?board=3x3&rules=tromp-taylor:ko%3Dbasic,suicide%3Dno&moves=") + moves), 200);
    auto r = run_gotb("query " + file + " --json --moves '" + moves + "'");
    INFO(r.out);
    REQUIRE(r.exit_code == 0);
    auto cli = nlohmann::json::parse(r.out);
    CHECK(served["file"] == "sub/3x3-basic.h5");
    CHECK(cli["file_kind"] == "exact");
    for (auto& [k, v] : cli.items())
      if (k != "file" && k != "seconds") CHECK(served[k] == v);
    for (auto& [k, v] : served.items()) CHECK((cli.contains(k) || k == "serve"));
    if (served["game_over"] == true) continue;
    // Exact under the history, the state and every move (issue 19).
    CHECK(served["exact"] == true);
    CHECK(served["serve"]["values_exact"] == true);
    CHECK(served["source"] == (std::string(moves).empty() ? "file-exact" : "file-history-checked"));
    for (const auto& m : served["moves"]) {
      INFO(m.dump());
      CHECK(m["exact"] == true);
    }
    CHECK(!served["best_move"].is_null());
    exact_after_moves += !std::string(moves).empty();
  }
  CHECK(exact_after_moves >= 7);
}

TEST_CASE("serve: the on-the-fly search answers exactly like gotb solve --json", "[serve]") {
  Running s(options(1000000));
  for (const char* moves : {"", "A1", "A1,B2,pass"}) {
    INFO(moves);
    auto served = json_of(s.get(std::string("/api/v1/probe?board=2x2&rules=tromp-taylor&moves=") + moves), 200);
    auto r = run_gotb(std::string("solve -b 2x2 -r tromp-taylor --method search --json --moves '") + moves + "'");
    INFO(r.out);
    REQUIRE(r.exit_code == 0);
    auto cli = nlohmann::json::parse(r.out);
    CHECK(served["serve"]["source"] == "search");
    CHECK(served["serve"]["values_exact"] == true);
    for (const char* k : {"board", "rules", "komi", "history", "game_over", "to_move", "exact", "value", "method"})
      CHECK(served[k] == cli[k]);
    // The same set of moves with the same values (equal values may be
    // listed in another order).
    std::map<std::string, nlohmann::json> a, b;
    for (const auto& m : served["moves"]) a[m["move"]] = m["value"];
    for (const auto& m : cli["moves"]) b[m["move"]] = m["value"];
    CHECK(a == b);
  }
  // pv=1 on a probe carries the same line.
  auto withpv = json_of(s.get("/api/v1/probe?board=2x2&moves=A1&pv=1"), 200);
  CHECK(withpv["serve"]["pv"] == json_of(s.get("/api/v1/pv?board=2x2&moves=A1"), 200));
  // The principal variation ends the game at the value, every move legal.
  auto pv = json_of(s.get("/api/v1/pv?board=2x2&moves=A1"), 200);
  CHECK(pv["exact"] == true);
  auto start = json_of(s.get("/api/v1/probe?board=2x2&moves=A1"), 200);
  std::vector<std::string> line = {"A1"};
  for (const auto& m : pv["pv"]) line.push_back(m);
  const Board board = Board::parse("2x2");  // the game keeps a reference
  TrompTaylorGame g(board, RuleSet::parse("tromp-taylor"), 0);
  replay_moves(g, line);
  INFO(pv.dump());
  CHECK(g.is_over());
  CHECK(g.outcome().to_string() == start["value"]["text"]);
  CHECK(pv["result"]["text"] == start["value"]["text"]);
}

TEST_CASE("serve: /api/v1/sgf reads back as the game it was asked for", "[serve]") {
  Running s(options(1000000));
  auto r = s.get("/api/v1/sgf?board=3x3&rules=tromp-taylor&moves=B2,A1,pass");
  REQUIRE(r);
  REQUIRE(r->status == 200);
  CHECK(r->get_header_value("Content-Type").rfind("application/x-go-sgf", 0) == 0);
  SgfRecord rec = read_sgf_record(r->body);
  CHECK(rec.board->spec() == "3x3");
  CHECK(rec.rules == "tromp-taylor");
  CHECK(rec.moves == std::vector<std::string>{"B2", "A1", "pass"});
  CHECK(rec.colours == std::vector<Color>{Color::Black, Color::White, Color::Black});
  // With the line: the history, then the PV to the end of the game.
  auto withpv = s.get("/api/v1/sgf?board=2x2&moves=A1&pv=1");
  REQUIRE(withpv);
  REQUIRE(withpv->status == 200);
  SgfRecord rp = read_sgf_record(withpv->body);
  auto pv = json_of(s.get("/api/v1/pv?board=2x2&moves=A1"), 200);
  CHECK(rp.moves.size() == 1 + pv["pv"].size());
}

TEST_CASE("serve: bad requests get the right 4xx as JSON, and the server keeps serving", "[serve]") {
  Running s(options(100000));
  // 404: no table and the search cannot take it; unknown route.
  check_error(s, "/api/v1/probe?board=5x5&rules=tromp-taylor", 404);
  check_error(s, "/api/v1/probe?board=graph:/etc/passwd", 404);
  check_error(s, "/no/such/page", 404);
  // 400: unreadable board, ruleset, move; illegal move; bad parameters.
  check_error(s, "/api/v1/probe?board=3x3x3", 400);
  check_error(s, "/api/v1/probe?board=3x3&rules=no-such-rules", 400);
  check_error(s, "/api/v1/probe?board=3x3&moves=Z9", 400);
  check_error(s, "/api/v1/probe?board=3x3&moves=B2,B2", 400);
  check_error(s, "/api/v1/probe?board=3x3&moves=B2,pass,pass,A1", 400);  // after the game's end
  check_error(s, "/api/v1/probe?rules=tromp-taylor", 400);
  check_error(s, "/api/v1/probe?board=3x3&bogus=1", 400);
  check_error(s, "/api/v1/probe?board=3x3&board=2x3", 400);
  check_error(s, "/api/v1/sgf?board=3x3&pv=yes", 400);
  check_error(s, "/api/v1/tables?x=1", 400);
  // Garbage bytes inside parameters: a JSON error, never a crash or bad JSON.
  check_error(s, "/api/v1/probe?board=%FF%FE%00%C3", 400);
  check_error(s, "/api/v1/probe?board=3x3&moves=%FF%00%01", 400);
  // Huge numbers: board dimensions and komi past every bound.
  check_error(s, "/api/v1/probe?board=99999999999999999999x3", 400);
  check_error(s, "/api/v1/probe?board=65536x65536", 400);
  check_error(s, "/api/v1/probe?board=3x3&komi=1e400", 400);
  check_error(s, "/api/v1/probe?board=3x3&komi=99999999", 400);
  check_error(s, "/api/v1/probe?board=3x3&komi=0.3", 400);
  check_error(s, "/api/v1/probe?board=3x3&komi=nan", 400);
  // 413: a history longer than any legal game on the board (2x2: 328).
  std::string many;
  for (int i = 0; i < 400; ++i) many += "pass,";
  check_error(s, "/api/v1/probe?board=2x2&moves=" + many, 413);
  // 10,000 moves: past the request-line bound, refused before parsing.
  std::string huge;
  for (int i = 0; i < 10000; ++i) huge += "B2,";
  check_error(s, "/api/v1/probe?board=3x3&moves=" + huge, 414);
  // Writes do not exist; garbage instead of HTTP is refused.
  {
    httplib::Client c("127.0.0.1", s.port);
    auto r = c.Post("/api/v1/probe", "x", "text/plain");
    REQUIRE(r);
    CHECK(r->status >= 400);
    CHECK(r->status < 500);
  }
  CHECK(raw_request(s.port, std::string("\x16\x03\x01\x02\x00\xff\xfe garbage\r\n\r\n", 24)).find(" 400 ") !=
        std::string::npos);
  // A request body is refused (payload limit 0; the library reads, and
  // drops, a declared body up to the 5 s read timeout first).
  CHECK(raw_request(s.port, "POST /api/v1/probe HTTP/1.1\r\nHost: x\r\nContent-Length: 10\r\n\r\n0123456789")
            .find(" 413 ") != std::string::npos);
  // Still serving, and the same answer as before.
  auto t = json_of(s.get("/api/v1/tables"), 200);
  CHECK(t["tables"].size() == 3);
  json_of(s.get("/api/v1/probe?board=3x3&moves=B2"), 200);
}

TEST_CASE("serve: a search over the request's budget is a 503, not a guess", "[serve]") {
  Running s(options(50));  // 50 nodes: too few for 2x3
  auto j = json_of(s.get("/api/v1/probe?board=2x4&rules=tromp-taylor"), 503);
  CHECK(j["error"]["status"] == 503);
  json_of(s.get("/api/v1/probe?board=3x3"), 200);
}

TEST_CASE("serve: a spent time budget gives an exact table's bounds (200), a search or line 503", "[serve]") {
  // Budget 0: spent before any work. The history check of the exact table
  // stops at its first node and answers proven bounds, not exact (as where
  // --history-nodes runs out); the search and a line are refused (503).
  serve::ServerOptions o = options(1000000);
  o.api.time_budget = 0;
  Running s(o);
  const std::string basic = "/api/v1/probe?board=3x3&rules=tromp-taylor:ko%3Dbasic,suicide%3Dno&moves=";
  Running normal(options(0));
  for (const char* moves : {"B2", "B2,A1,B1"}) {
    INFO(moves);
    auto exact = json_of(normal.get(basic + moves), 200);
    REQUIRE(exact["exact"] == true);
    auto j = json_of(s.get(basic + moves), 200);
    CHECK(j["exact"] == false);
    CHECK(j["source"] == "file-bounds");
    CHECK(j["serve"]["values_exact"] == false);
    CHECK(j["note"].get<std::string>().find("ran out of time") != std::string::npos);
    // The bounds hold the exact value (by its points: a bound may be the tie).
    const nlohmann::json& v = exact["value"];
    REQUIRE(v["kind"] == "score");
    const double points = v["points"].get<double>();
    auto points_of = [](const nlohmann::json& b) { return b["kind"] == "score" ? b["points"].get<double>() : 0.0; };
    CHECK(points_of(j["lower"]) <= points);
    CHECK(points <= points_of(j["upper"]));
    for (const auto& m : j["moves"]) CHECK((m["exact"] == false || m["ends_game"] == true || m["source"] == "file-exact"));
  }
  check_error(s, "/api/v1/pv?board=3x3&rules=tromp-taylor:ko%3Dbasic,suicide%3Dno&moves=B2", 503);
  check_error(s, "/api/v1/probe?board=2x2&rules=tromp-taylor", 503);
  // Still serving: the empty history needs no check, and is exact.
  auto start = json_of(s.get(basic), 200);
  CHECK(start["exact"] == true);
  CHECK(start["source"] == "file-exact");
  CHECK(json_of(s.get("/api/v1/tables"), 200)["time_budget_seconds"] == 0.0);
}

TEST_CASE("serve: the page and its files are served from the binary", "[serve]") {
  Running s(options(0));
  auto r = s.get("/");
  REQUIRE(r);
  CHECK(r->status == 200);
  CHECK(r->body.find("<script src=\"/app.js\">") != std::string::npos);
  CHECK(r->get_header_value("Content-Security-Policy").find("default-src 'self'") != std::string::npos);
  for (const char* f : {"/app.js", "/style.css"}) {
    auto a = s.get(f);
    REQUIRE(a);
    CHECK(a->status == 200);
    CHECK(a->body.size() > 1000);
    // Nothing from another host: the page works offline.
    CHECK((a->body.find("http://") == std::string::npos || std::string(f) == "/app.js"));
    CHECK(a->body.find("https://") == std::string::npos);
  }
}

TEST_CASE("serve: damaged and duplicate files are listed, not served", "[serve]") {
  const fs::path d = table_dir().parent_path() / ("gotb-serve-bad-" + std::to_string(::getpid()));
  fs::remove_all(d);
  fs::create_directories(d);
  fs::copy_file(table_dir() / "sub" / "2x3.h5", d / "a.h5");
  fs::copy_file(table_dir() / "sub" / "2x3.h5", d / "b.h5");
  {
    std::ofstream bad(d / "c.h5", std::ios::binary);
    bad << "not a tablebase";
  }
  serve::ServerOptions o = options(0);
  o.api.dir = d.string();
  {
    Running s(o);
    auto t = json_of(s.get("/api/v1/tables"), 200);
    REQUIRE(t["tables"].size() == 3);
    CHECK(t["tables"][0]["served"] == true);
    CHECK(t["tables"][1]["served"] == false);
    CHECK(t["tables"][2]["served"] == false);
    CHECK(!t["tables"][2]["problems"].empty());
    auto p = json_of(s.get("/api/v1/probe?board=2x3"), 200);
    CHECK(p["file"] == "a.h5");
  }
  fs::remove_all(d);
}
