// Issue 18, hangs and silent wrong output: one strict number check for every
// way a number enters (core/numbers.hpp), SGF passes as FF[4] reads them,
// query --sgf refusing a record that disagrees with the file, graph-file
// errors with line numbers, linear SGF parsing, and no HDF5 noise on
// refused files.
#include <hdf5.h>

#include <catch2/catch.hpp>
#include <fstream>
#include <string>

#include "core/board.hpp"
#include "core/numbers.hpp"
#include "core/value.hpp"
#include "format/h5util.hpp"
#include "format/metadata_hash.hpp"
#include "format/tablebase.hpp"
#include "query/gtp.hpp"
#include "query/reference_backend.hpp"
#include "query/sgf.hpp"
#include "query/sgf_game.hpp"
#include "tests/cli_runner.hpp"
#include "tests/hardening_util.hpp"

using namespace gotb;
using gotb::test::run_gotb;
using gotb::test::ScratchDir;
using gotb::test::sh_quote;

TEST_CASE("numbers: komi is plain decimal, a multiple of 0.5, bounded", "[hardening][numbers]") {
  for (const char* ok : {"0", "6.5", "-7.5", "1000", "-1000", "0.50", "7."}) {
    INFO(ok);
    CHECK_NOTHROW(parse_komi(ok));
  }
  CHECK(parse_komi("-7.5") == -7.5);
  for (const char* bad : {"1e308", "nan", "inf", "-inf", "0.25", "0.3", "0x10", "", " 1", "1 ", "+1", "1001",
                          "--1", ".", "-", "1e1", "7,5", "99999999999999999999999999999999999"}) {
    INFO(bad);
    CHECK_THROWS_AS(parse_komi(bad), std::invalid_argument);
  }
  CHECK_THROWS_AS(check_komi(std::nan("")), std::invalid_argument);
  CHECK_THROWS_AS(check_komi(0.25), std::invalid_argument);
  CHECK_THROWS_AS(check_komi(1e308), std::invalid_argument);
}

TEST_CASE("numbers: counts, integers, seconds and scores", "[hardening][numbers]") {
  CHECK(parse_count("18446744073709551615", UINT64_MAX, "n") == UINT64_MAX);
  for (const char* bad : {"-1", "18446744073709551616", "", "0x10", "1e3", " 5", "+5"}) {
    INFO(bad);
    CHECK_THROWS_AS(parse_count(bad, UINT64_MAX, "n"), std::invalid_argument);
  }
  CHECK(parse_integer("-5", -10, 10, "n") == -5);
  CHECK_THROWS_AS(parse_integer("-5", 0, 10, "n"), std::invalid_argument);
  CHECK_THROWS_AS(parse_integer("2147483647", 0, 1'000'000, "n"), std::invalid_argument);
  CHECK_THROWS_AS(parse_integer("99999999999999999999", INT64_MIN, INT64_MAX, "n"), std::invalid_argument);
  CHECK_THROWS_AS(parse_integer("-", -10, 10, "n"), std::invalid_argument);
  CHECK(parse_seconds("0.5", 1e9, "t") == 0.5);
  for (const char* bad : {"nan", "inf", "1e10", "10000000000", "-1", "", "9.3e9"}) {
    INFO(bad);
    CHECK_THROWS_AS(parse_seconds(bad, 1e9, "t"), std::invalid_argument);
  }
  CHECK(Value::parse("B+3.5") == Value::score_half_points(7));
  CHECK(Value::parse("W+2") == Value::score_half_points(-4));
  for (const char* bad : {"B+1e308", "B+0.25", "W+nan", "B+inf", "B+-3", "B+0x10", "W+99999999999"}) {
    INFO(bad);
    CHECK_THROWS_AS(Value::parse(bad), std::invalid_argument);
  }
}

TEST_CASE("numbers: the command line refuses what it cannot hold", "[hardening][numbers][cli]") {
  const char* cases[] = {
      "solve -b 1x2 -k 1e308",      "solve -b 1x2 -k nan",          "solve -b 1x2 -k inf",
      "solve -b 1x2 -k 0.25",       "solve -b 1x2 -k 0.3",          "solve -b 1x2 -k 0x10",
      "solve -b 1x2 -k ''",         "solve -b 1x2 --node-limit -1", "solve -b 1x2 --time-limit 1e10",
      "solve -b 1x2 --time-limit 10000000000", "solve -b 1x2 --time-limit nan",
      "table --boards 1x2 --no-files -k nan", "table --boards 1x2 --no-files --time-limit 9300000000",
      "generate -q -b 1x2 -k 0.25", "generate -q -b 1x2 --threads -1", "pv -b 1x2 -k 1e308",
      "pv -b 1x2 --sgf ''",         "pv --sgf-in ''",                "generate -q -b 1x2 -o ''",
      "analyse -b 1x2 -p X. -k 0x10", "analyse -b 1x2 -p X. --prisoners 2147483647,0",
      "analyse -b 1x2 -p X. --prisoners 0,-1",
      "referee -b 1x2 -a true --engine-b true --games -1",
      "referee -b 1x2 -a true --engine-b true --max-moves -5",
      "referee -b 1x2 -a true --engine-b true --timeout nan",
      "referee -b 1x2 -a true --engine-b true --timeout 0",
      "gtp --node-limit -1",
      "table --max-points 0x4 --no-files",
      "solve -b 1x2 --method search --threads 0x2",
      "solve -b 1x2 --method search --hash 1e3",
      "solve -b 1x2 --method search --max-dependencies -1",
      "serve --port 0x10",
      "serve --time-budget nan",
  };
  for (const char* c : cases) {
    INFO(c);
    auto r = run_gotb(c);
    INFO(r.out);
    CHECK(r.exit_code != 0);
    CHECK(r.exit_code != -1);  // exited, not killed
    CHECK(r.out.find("W+-") == std::string::npos);
  }
  // The proof-size cap is speed only: 2x3 stores almost nothing under 3 facts
  // and keeps its value (0).
  auto m = run_gotb("solve -b 2x3 --method search --max-dependencies 3");
  CHECK(m.exit_code == 0);
  CHECK(m.out.find("value      0") != std::string::npos);
  // A long time limit is a limit, not an immediate stop.
  auto r = run_gotb("solve -b 1x2 --time-limit 999999999");
  CHECK(r.exit_code == 0);
  CHECK(r.out.find("value      0") != std::string::npos);
}

TEST_CASE("numbers: komi from SGF, GTP, tablebase files and table.csv is checked", "[hardening][numbers]") {
  for (const char* km : {"KM[1e308]", "KM[nan]", "KM[0.25]", "KM[0x10]", "KM[]"}) {
    INFO(km);
    CHECK_THROWS_AS(read_sgf_record(std::string("(;GM[1]SZ[2]") + km + ")"), SgfError);
  }
  CHECK(*read_sgf_record("(;GM[1]SZ[2]KM[6.5])").komi == 6.5);

  ReferenceBackend backend;
  GtpEngine gtp(backend, GameSpec{Board::rectangle(1, 2), RuleSet::defaults("tromp-taylor"), 0});
  for (const char* k : {"komi 1e308", "komi 0x10", "komi 0.25", "komi nan", "komi inf"}) {
    INFO(k);
    CHECK(gtp.handle_line(k).rfind("?", 0) == 0);
  }
  CHECK(gtp.handle_line("komi 0.5").rfind("=", 0) == 0);

  ScratchDir tmp("komi-file");
  const std::string tb = tmp.file("k.gotb");
  REQUIRE(run_gotb("generate -q -b 1x2 -o " + sh_quote(tb)).exit_code == 0);
  {
    std::lock_guard lock(h5::hdf5_mutex());
    h5::hdf5_init();
    hid_t f = H5Fopen(tb.c_str(), H5F_ACC_RDWR, H5P_DEFAULT);
    REQUIRE(f >= 0);
    REQUIRE(H5Adelete(f, "komi") >= 0);
    REQUIRE(h5::write_f64(f, "komi", 0.25));
    REQUIRE(h5::reseal_metadata(f));  // forged with a valid checksum
    REQUIRE(H5Fclose(f) >= 0);
  }
  CHECK_THROWS_WITH(TablebaseReader(tb), Catch::Contains("attribute 'komi'"));

  const std::string header = "board,points,rules,komi,status,value,best_moves,method,nodes,seconds,threads,budget,note\n";
  for (const char* row : {"1x2,2,\"tromp-taylor\",nan,exact,0,\"pass\",search,10,0.1,1,\"\",\"\"",
                          "1x2,2,\"tromp-taylor\",0,exact,B+1e308,\"pass\",search,10,0.1,1,\"\",\"\"",
                          "1x2,2,\"tromp-taylor\",0,exact,0,\"pass\",search,-1,0.1,1,\"\",\"\"",
                          "1x2,2,\"tromp-taylor\",0,exact,0,\"pass\",search,10,inf,1,\"\",\"\"",
                          "1x2,2,\"tromp-taylor\",0,exact,0,\"pass\",search,10,0.1,99999999999,\"\",\"\""}) {
    INFO(row);
    tmp.write("table.csv", header + row + "\n");
    auto r = run_gotb("table --resume --boards 1x2 --rules tromp-taylor --no-plot --out-dir " +
                      sh_quote(tmp.dir.string()));
    CHECK(r.exit_code == 1);
    CHECK(r.out.find("line 2") != std::string::npos);
  }
}

TEST_CASE("SGF: an empty B value is a pass, GOTBMOVE may only name a pass kind", "[hardening][sgf]") {
  CHECK_THROWS_WITH(read_sgf_record("(;GM[1]SZ[2];B[]GOTBMOVE[A1])"), Catch::Contains("is a pass to every SGF reader"));
  CHECK_THROWS_WITH(read_sgf_record("(;GM[1]SZ[2];B[]GOTBMOVE[b2])"), Catch::Contains("is a pass to every SGF reader"));
  auto rec = read_sgf_record("(;GM[1]SZ[2];B[]GOTBMOVE[keep])");
  REQUIRE(rec.moves.size() == 1);
  CHECK(rec.moves[0] == "keep");
  CHECK(read_sgf_record("(;GM[1]SZ[2];B[])").moves[0] == "pass");
}

TEST_CASE("query --sgf uses the file's rules and komi and refuses a record that disagrees", "[hardening][sgf][cli]") {
  ScratchDir tmp("query-sgf");
  const std::string tb = tmp.file("q.gotb");
  REQUIRE(run_gotb("generate -q -b 1x3 -k 0.5 -o " + sh_quote(tb)).exit_code == 0);
  auto q = [&](const std::string& root) {
    return run_gotb("query " + sh_quote(tb) + " --sgf " + sh_quote(tmp.write("g.sgf", "(;GM[1]SZ[3:1]" + root + ";B[ba])")));
  };
  CHECK(q("").exit_code == 0);
  CHECK(q("KM[0.5]RU[tromp-taylor]").exit_code == 0);
  auto r = q("KM[6.5]");
  CHECK(r.exit_code == 1);
  CHECK(r.out.find("KM[6.5] is not the komi of the tablebase (0.5)") != std::string::npos);
  r = q("RU[tromp-taylor:ko=situational]");
  CHECK(r.exit_code == 1);
  CHECK(r.out.find("is not the ruleset of the tablebase (tromp-taylor)") != std::string::npos);
  r = q("RU[Chinese]");
  CHECK(r.exit_code == 1);
  CHECK(r.out.find("RU[Chinese] is not a gotb ruleset") != std::string::npos);
}

TEST_CASE("graph files: names, counts and edge errors with line numbers", "[hardening][board]") {
  ScratchDir tmp("graphs");
  auto err = [&](const std::string& text) -> std::string {
    const std::string p = tmp.write("g.txt", text);
    try {
      Board::parse("graph:" + p);
    } catch (const std::invalid_argument& e) {
      return e.what();
    }
    return "accepted";
  };
  CHECK_THAT(err("points a pass\na pass\n"), Catch::Contains("g.txt:1: a point cannot be named 'pass'"));
  CHECK_THAT(err("points a PASS\n"), Catch::Contains("cannot be named 'PASS'"));
  CHECK_THAT(err("points a keep\n"), Catch::Contains("cannot be named 'keep'"));
  CHECK_THAT(err("points A a\nA a\n"), Catch::Contains("g.txt:1: point name 'a' is given twice"));
  CHECK_THAT(err("points 99999999999999999999\n"), Catch::Contains("g.txt:1: point count must be 1..64"));
  CHECK_THAT(err("points 65\n"), Catch::Contains("point count must be 1..64"));
  CHECK_THAT(err("# c\npoints a b\n\na b\na zz\n"), Catch::Contains("g.txt:5: edge names unknown point 'zz'"));
  CHECK_THAT(err("points a b\na b\nb: b\n"), Catch::Contains("g.txt:3: a point cannot neighbour itself ('b')"));
  CHECK(Board::parse("graph:" + tmp.write("ok.txt", "points a b c\na: b c\n")).size() == 3);
  CHECK_THROWS_WITH(Board::graph("x", 2, {{0, 1}}, {"a", "pass"}), Catch::Contains("cannot be named 'pass'"));
}

TEST_CASE("refused tablebase files print no HDF5 library noise", "[hardening][format]") {
  ScratchDir tmp("noise");
  const std::string tb = tmp.file("n.gotb");
  REQUIRE(run_gotb("generate -q -b 1x2 -o " + sh_quote(tb)).exit_code == 0);
  std::ifstream in(tb, std::ios::binary);
  const std::string bytes((std::istreambuf_iterator<char>(in)), {});
  int hdf5_refusals = 0;
  // Flips in the metadata near the start of the file, where HDF5's own
  // checksums fail (these once left "HDF5: infinite loop closing library").
  for (std::size_t at = 48; at < std::min<std::size_t>(bytes.size(), 2048) && hdf5_refusals < 8; at += 37) {
    std::string copy = bytes;
    copy[at] ^= 0x10;
    const std::string p = tmp.file("flip.gotb");
    std::ofstream(p, std::ios::binary | std::ios::trunc) << copy;
    auto r = run_gotb("verify " + sh_quote(p));
    INFO("offset " << at << ": " << r.out);
    CHECK(r.exit_code >= 0);
    CHECK(r.exit_code <= 1);
    CHECK(r.out.find("infinite loop") == std::string::npos);
    if (r.out.find("HDF5:") != std::string::npos) ++hdf5_refusals;
  }
  CHECK(hdf5_refusals > 0);
}

// Hidden from the default discovery (tag [.]); tests/CMakeLists.txt runs it
// as its own ctest with a TIMEOUT. Quadratic parsing took minutes here.
TEST_CASE("SGF: one node with 200000 properties parses (linear time)", "[.][hardening-slow][sgf]") {
  std::string text = "(;GM[1]SZ[2]";
  int n = 0;
  for (char a = 'A'; a <= 'Z'; ++a)
    for (char b = 'A'; b <= 'Z'; ++b)
      for (char c = 'A'; c <= 'Z'; ++c)
        for (char d = 'A'; d <= 'Z' && n < 200000; ++d, ++n) text += std::string{'X', a, b, c, d} + "[]";
  text += ")";
  REQUIRE(text.size() > 1'400'000);
  auto trees = parse_sgf(text);
  CHECK(trees[0].nodes[0].props.size() == 200002);
  CHECK_THROWS_WITH(parse_sgf("(;GM[1]AB[]CD[]AB[])"), Catch::Contains("AB appears twice"));
}

TEST_CASE("command line: a misspelt option or command is named, in the project's error form", "[hardening][cli]") {
  struct Case {
    const char* args;
    const char* says;
  };
  const Case cases[] = {
      {"solve --bogus", "gotb: error: unknown option or argument '--bogus'"},
      {"frobnicate", "gotb: error: unknown command 'frobnicate'"},
      {"solve -b 2x2 --no-such x", "unknown option or argument '--no-such' (and 1 more)"},
      {"solve", "gotb: error: --board is required"},
  };
  for (const Case& c : cases) {
    INFO(c.args);
    auto r = run_gotb(c.args);
    INFO(r.out);
    CHECK(r.exit_code > 0);
    CHECK(r.out.find(c.says) != std::string::npos);
    CHECK(r.out.find("--help' for more information") != std::string::npos);
  }
  // --help and --version are not errors.
  CHECK(run_gotb("--version").exit_code == 0);
  CHECK(run_gotb("solve --help").exit_code == 0);
}
