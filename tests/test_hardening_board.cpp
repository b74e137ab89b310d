// Issue 18: board sizes whose point count overflows 32-bit arithmetic
// (65536x65536 = 2^32, 46341^2 > INT_MAX) are refused on every path that
// builds a board, never let through to the 64-entry neighbour arrays.
#include <catch2/catch.hpp>

#include "core/board.hpp"
#include "format/h5util.hpp"
#include "format/metadata_hash.hpp"
#include "format/tablebase.hpp"
#include "tests/cli_runner.hpp"
#include "tests/hardening_util.hpp"

using namespace gotb;
using gotb::test::run_gotb;
using gotb::test::ScratchDir;
using gotb::test::sh_quote;

namespace {
bool refused_as_too_big(const std::string& out) {
  return out.find("gotb: error:") != std::string::npos && out.find("at most 64") != std::string::npos;
}
}  // namespace

TEST_CASE("boards: each dimension is checked, the product in 64 bits", "[hardening][board]") {
  for (const char* spec : {"65536x65536", "46341x46341", "2147483647x2147483647", "65x1", "1x65", "9x8",
                           "cylinder:65536x65536", "torus:46341x46341", "65536"}) {
    INFO(spec);
    try {
      Board::parse(spec);
      FAIL("accepted");
    } catch (const std::invalid_argument& e) {
      CHECK(std::string(e.what()).find("at most 64") != std::string::npos);
    }
  }
  CHECK_THROWS_AS(Board::rectangle(65536, 65536), std::invalid_argument);
  CHECK_THROWS_AS(Board::rectangle(-65536, -65536), std::invalid_argument);
  CHECK(Board::parse("8x8").size() == 64);
  CHECK(Board::parse("1x64").size() == 64);
}

TEST_CASE("boards: huge sizes are refused by solve, SGF readers and GTP", "[hardening][board][cli]") {
  ScratchDir tmp("board");
  auto r = run_gotb("solve -b 65536x65536");
  CHECK(r.exit_code == 1);
  CHECK(refused_as_too_big(r.out));

  for (const char* sz : {"SZ[999999]", "SZ[65536:65536]", "SZ[46341]"}) {
    INFO(sz);
    const std::string sgf = tmp.write("big.sgf", std::string("(;GM[1]FF[4]") + sz + ")");
    r = run_gotb("pv --sgf-in " + sh_quote(sgf));
    CHECK(r.exit_code == 1);
    CHECK(refused_as_too_big(r.out));

    const std::string gtp_in = tmp.write("gtp.txt", "loadsgf " + sgf + "\nquit\n");
    r = run_gotb("gtp < " + sh_quote(gtp_in));
    CHECK(r.exit_code == 0);
    CHECK(r.out.find("? ") != std::string::npos);
    CHECK(r.out.find("at most 64") != std::string::npos);
  }

  const std::string tb = tmp.file("1x3.gotb");
  REQUIRE(run_gotb("generate -q -b 1x3 -o " + sh_quote(tb)).exit_code == 0);
  const std::string sgf = tmp.write("big.sgf", "(;GM[1]FF[4]SZ[999999])");
  r = run_gotb("query " + sh_quote(tb) + " --sgf " + sh_quote(sgf));
  CHECK(r.exit_code == 1);
  CHECK(refused_as_too_big(r.out));
}

TEST_CASE("boards: a tablebase whose board attribute overflows is refused", "[hardening][board][format]") {
  ScratchDir tmp("board-file");
  const std::string tb = tmp.file("1x3.gotb");
  REQUIRE(run_gotb("generate -q -b 1x3 -o " + sh_quote(tb)).exit_code == 0);
  {
    std::lock_guard lock(h5::hdf5_mutex());
    h5::hdf5_init();
    hid_t f = H5Fopen(tb.c_str(), H5F_ACC_RDWR, H5P_DEFAULT);
    REQUIRE(f >= 0);
    REQUIRE(H5Adelete(f, "board") >= 0);
    REQUIRE(h5::write_string(f, "board", "46341x46341"));
    REQUIRE(h5::reseal_metadata(f));  // a forger who recomputes the checksum
    REQUIRE(H5Fclose(f) >= 0);
  }
  try {
    TablebaseReader reader(tb);
    FAIL("accepted");
  } catch (const TablebaseError& e) {
    CHECK(std::string(e.what()).find("at most 64") != std::string::npos);
  }
  auto r = run_gotb("info " + sh_quote(tb));
  CHECK(r.exit_code == 1);
  CHECK(refused_as_too_big(r.out));
}

TEST_CASE("boards: a table --resume row with an overflowing board is refused", "[hardening][board][cli]") {
  ScratchDir tmp("board-resume");
  tmp.write("table.csv",
            "board,points,rules,komi,status,value,best_moves,method,nodes,seconds,threads,budget,note\n"
            "46341x46341,64,\"tromp-taylor\",0,exact,B+3,\"B1\",search,10,0.1,1,\"\",\"\"\n");
  auto r = run_gotb("table --resume --boards 1x2 --rules tromp-taylor --no-plot --out-dir " + sh_quote(tmp.dir.string()));
  CHECK(r.exit_code == 1);
  CHECK(refused_as_too_big(r.out));
  CHECK(r.out.find("line 2") != std::string::npos);
}
