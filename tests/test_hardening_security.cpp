// Issue 18, security: no shell built from user text, no output written over
// devices or directories, bounded reads of regular files only, SGF files
// cannot make gotb open local paths without the user's flag, and file text
// is escaped before it reaches a terminal.
#include <sys/stat.h>
#include <unistd.h>

#include <catch2/catch.hpp>
#include <filesystem>
#include <nlohmann/json.hpp>

#include "core/board.hpp"
#include "core/file_io.hpp"
#include "format/tablebase.hpp"
#include "query/cli/output.hpp"
#include "query/sgf.hpp"
#include "tests/cli_runner.hpp"
#include "tests/hardening_util.hpp"

namespace fs = std::filesystem;
using namespace gotb;
using gotb::test::run_gotb;
using gotb::test::ScratchDir;
using gotb::test::sh_quote;

TEST_CASE("table --out-dir with shell syntax runs no shell", "[hardening][security][cli]") {
  ScratchDir tmp("shell");
  const std::string pwned = tmp.file("PWNED");
  const std::string dir = tmp.file("x'; touch " + pwned + "; echo '");
  auto r = run_gotb("table --boards 1x2 --rules tromp-taylor --out-dir " + sh_quote(dir));
  INFO(r.out);
  CHECK(r.exit_code == 0);
  CHECK_FALSE(fs::exists(pwned));
  CHECK(fs::exists(fs::path(dir) / "table.md"));
  if (r.out.find("gnuplot not found") == std::string::npos) {
    CHECK(fs::exists(fs::path(dir) / "table.png"));  // gnuplot ran in that folder, by argument vector
  }
}

TEST_CASE("generate -o refuses devices, directories, links, FIFOs and ''", "[hardening][security][cli]") {
  ScratchDir tmp("out");
  const std::string fifo = tmp.file("fifo"), link = tmp.file("link"), dir = tmp.file("d");
  REQUIRE(::mkfifo(fifo.c_str(), 0600) == 0);
  fs::create_symlink("/dev/null", link);
  fs::create_directories(dir);
  for (const std::string& target : {std::string("/dev/null"), fifo, link, dir}) {
    INFO(target);
    auto r = run_gotb("generate -q -b 1x2 -o " + sh_quote(target));
    CHECK(r.exit_code == 1);
    CHECK(r.out.find("gotb replaces only regular files") != std::string::npos);
  }
  struct stat st {};
  REQUIRE(::stat("/dev/null", &st) == 0);
  CHECK(S_ISCHR(st.st_mode));
  CHECK(fs::is_symlink(link));
  CHECK(fs::is_directory(dir));
  auto r = run_gotb("generate -q -b 1x2 -o ''");
  CHECK(r.exit_code != 0);
  CHECK(r.out.find("file name is empty") != std::string::npos);
  // A regular file is replaced, as before.
  const std::string plain = tmp.write("plain.gotb", "old");
  CHECK(run_gotb("generate -q -b 1x2 -o " + sh_quote(plain)).exit_code == 0);
  CHECK(run_gotb("verify " + sh_quote(plain)).exit_code == 0);
  CHECK_THROWS_AS(check_output_path("/dev/null"), TablebaseError);
  CHECK_NOTHROW(check_output_path(tmp.file("new.gotb")));
}

TEST_CASE("file reads are bounded and only of regular files", "[hardening][security]") {
  ScratchDir tmp("reads");
  const std::string fifo = tmp.file("fifo");
  REQUIRE(::mkfifo(fifo.c_str(), 0600) == 0);
  // A FIFO without a writer: refused at once, never waited on.
  CHECK_THROWS_WITH(read_regular_file(fifo, 100, "graph file"), Catch::Contains("not a regular file"));
  CHECK_THROWS_WITH(read_regular_file("/dev/zero", 100, "graph file"), Catch::Contains("not a regular file"));
  CHECK_THROWS_WITH(read_regular_file(tmp.dir.string(), 100, "graph file"), Catch::Contains("directory"));
  CHECK_THROWS_WITH(read_regular_file(tmp.write("big", std::string(101, 'x')), 100, "graph file"),
                    Catch::Contains("at most 100"));
  CHECK(read_regular_file(tmp.write("ok", std::string(100, 'x')), 100, "graph file").size() == 100);
  CHECK_THROWS_WITH(Board::parse("graph:/dev/zero"), Catch::Contains("not a regular file"));
  CHECK_THROWS_WITH(Board::parse("graph:" + fifo), Catch::Contains("not a regular file"));
  CHECK_THROWS_WITH(read_text_file(fifo), Catch::Contains("not a regular file"));
  CHECK_THROWS_WITH(Board::parse("graph:" + tmp.write("huge.txt", "points 2\n" + std::string(2 << 20, '#'))),
                    Catch::Contains("at most"));
  auto r = run_gotb("pv --sgf-in " + sh_quote(fifo));
  CHECK(r.exit_code == 1);
  CHECK(r.out.find("not a regular file") != std::string::npos);
}

TEST_CASE("SGF GOTBBOARD[graph:PATH] opens PATH only with --allow-sgf-graph", "[hardening][security][sgf]") {
  ScratchDir tmp("sgfgraph");
  const std::string graph = tmp.write("tri.txt", "points a b c\na b\nb c\nc a\n");
  const std::string zero = tmp.write("zero.sgf", "(;GM[1]FF[4]GOTBBOARD[graph:/dev/zero])");
  CHECK_THROWS_WITH(read_sgf_record(read_text_file(zero)), Catch::Contains("--allow-sgf-graph"));
  CHECK_THROWS_WITH(read_sgf_record(read_text_file(zero), std::nullopt, true), Catch::Contains("not a regular file"));

  const std::string sgf = tmp.write("tri.sgf", "(;GM[1]FF[4]GOTBBOARD[graph:" + graph + "])");
  auto r = run_gotb("pv --sgf-in " + sh_quote(sgf));
  CHECK(r.exit_code == 1);
  CHECK(r.out.find("--allow-sgf-graph") != std::string::npos);
  r = run_gotb("gtp < " + sh_quote(tmp.write("cmds", "loadsgf " + sgf + "\nquit\n")));
  CHECK(r.out.find("--allow-sgf-graph") != std::string::npos);
  // With permission, or with the same graph named by the user, the file is
  // read (and then refused for what it is: graph boards have no SGF
  // coordinates).
  CHECK_THROWS_WITH(read_sgf_record(read_text_file(sgf), Board::parse("graph:" + graph)),
                    Catch::Contains("has no SGF coordinates"));
  CHECK_THROWS_WITH(read_sgf_record(read_text_file(sgf), std::nullopt, true), Catch::Contains("has no SGF coordinates"));
}

TEST_CASE("gotb info escapes control bytes of string attributes", "[hardening][security][format]") {
  ScratchDir tmp("info");
  TablebaseMeta m;
  m.board = "1x2";
  m.rules = "tromp-taylor";
  m.index_scheme = "x\x1b]0;owned\x07";
  m.symmetry_scheme = "none\r\nforged line";
  m.value_encoding = "v\x9b" "31m";  // a lone C1 CSI byte (not UTF-8)
  m.state_count = 2;
  m.extra["note"] = "\x1b[2J\xc2\x9b" "clear";  // ESC, and CSI as UTF-8 (U+009B)
  m.extra["name"] = "Go \xe5\x9b\xb2\xe7\xa2\x81";  // UTF-8 text stays readable
  std::vector<std::int8_t> v{1, 2};
  const std::string p = tmp.file("esc.gotb");
  write_tablebase(p, m, {{"a", v.data(), v.size()}});
  auto r = run_gotb("info " + sh_quote(p));
  INFO(r.out);
  CHECK(r.exit_code == 0);
  CHECK(r.out.find('\x1b') == std::string::npos);
  CHECK(r.out.find('\r') == std::string::npos);
  CHECK(r.out.find('\x07') == std::string::npos);
  CHECK(r.out.find("v\\x9b31m") != std::string::npos);
  CHECK(r.out.find("\\x1b]0;owned\\x07") != std::string::npos);
  CHECK(r.out.find("\\u{009b}clear") != std::string::npos);
  CHECK(r.out.find("Go \xe5\x9b\xb2\xe7\xa2\x81") != std::string::npos);
  r = run_gotb("info --json " + sh_quote(p));
  CHECK(r.exit_code == 0);
  CHECK(r.out.find('\x1b') == std::string::npos);
  CHECK_NOTHROW(nlohmann::json::parse(r.out));
  CHECK(cli::terminal_safe("a\nb\tc\x7f") == "a\\x0ab\\x09c\\x7f");
}
