// `gotb info` and `gotb verify` end to end (tablebase files, docs/format.md).
#include <unistd.h>

#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <random>

#include "format/tablebase.hpp"
#include "format/xxh64.hpp"
#include "tests/cli_runner.hpp"
#include "gotb_version.hpp"

namespace fs = std::filesystem;
using gotb::test::run_gotb;

namespace {

struct CliTmp {
  fs::path dir = fs::temp_directory_path() / ("gotb-cli-format-" + std::to_string(::getpid()));
  CliTmp() {
    fs::remove_all(dir);
    fs::create_directories(dir);
  }
  ~CliTmp() {
    std::error_code ec;
    fs::remove_all(dir, ec);
  }
};

gotb::Tablebase cli_tablebase() {
  gotb::Tablebase tb;
  tb.meta.board = "2x2";
  tb.meta.rules = "tromp-taylor";
  tb.meta.komi = 1.5;
  tb.meta.index_scheme = "cli-test-index";
  tb.meta.symmetry_scheme = "none";
  tb.meta.value_encoding = "int8-cli-test";
  tb.meta.state_count = 2500;
  tb.meta.extra["sweeps"] = "9";
  std::vector<std::int8_t> lo(2500), hi(2500);
  std::mt19937 rng(3);
  for (int i = 0; i < 2500; ++i) lo[i] = static_cast<std::int8_t>(i / 100 - 12), hi[i] = static_cast<std::int8_t>(rng());
  tb.arrays = {{"lower", lo}, {"upper", hi}};
  return tb;
}

std::string write_cli_file(const fs::path& dir, const std::string& name) {
  gotb::WriteOptions o;
  o.chunk_values = 1000;
  o.zstd_level = 5;
  std::string path = (dir / name).string();
  gotb::write_tablebase(path, cli_tablebase(), o);
  return path;
}

// Flips one byte in the middle of the zstd frame of a chunk of "upper"
// (noise: stored as raw blocks, so the flip survives decompression and
// only a checksum can catch it).
std::string damaged_copy(const std::string& path, const fs::path& dir) {
  std::ifstream in(path, std::ios::binary);
  std::string bytes((std::istreambuf_iterator<char>(in)), {});
  std::vector<size_t> frames;
  const std::string magic("\x28\xb5\x2f\xfd", 4);
  for (size_t p = bytes.find(magic); p != std::string::npos; p = bytes.find(magic, p + 1)) frames.push_back(p);
  REQUIRE(frames.size() == 6);
  size_t pos = frames.back() + 100;
  bytes[pos] = static_cast<char>(bytes[pos] ^ 0x01);
  std::string bad = (dir / "bad.gotb").string();
  std::ofstream(bad, std::ios::binary) << bytes;
  return bad;
}

}  // namespace

TEST_CASE("gotb info prints metadata, arrays, chunks and compression", "[cli][format]") {
  CliTmp tmp;
  std::string f = write_cli_file(tmp.dir, "t.gotb");
  auto r = run_gotb("info " + f);
  INFO(r.out);
  REQUIRE(r.exit_code == 0);
  for (const char* s : {"format            gotb tablebase, version 1", "board             2x2 (4 points)",
                        "rules             tromp-taylor", "komi              1.5", "states            2500",
                        "index scheme      cli-test-index", "value encoding    int8-cli-test", "sweeps",
                        "zstd level 5", "run 'gotb verify FILE'"})
    CHECK(r.out.find(s) != std::string::npos);
  auto tb = cli_tablebase();
  char sum[24];
  std::snprintf(sum, sizeof sum, "%016llx",
                static_cast<unsigned long long>(gotb::xxh64(tb.arrays[0].values.data(), 2500)));
  CHECK(r.out.find(std::string("2500       3       1000")) != std::string::npos);
  CHECK(r.out.find(sum) != std::string::npos);
}

TEST_CASE("gotb info --json has stable fields", "[cli][format][json]") {
  CliTmp tmp;
  std::string f = write_cli_file(tmp.dir, "t.gotb");
  auto r = run_gotb("info --json " + f);
  REQUIRE(r.exit_code == 0);
  auto j = nlohmann::json::parse(r.out);
  CHECK(j["format_version"] == 1);
  CHECK(j["board"] == "2x2");
  CHECK(j["board_points"] == 4);
  CHECK(j["rules"] == "tromp-taylor");
  CHECK(j["komi"] == 1.5);
  CHECK(j["state_count"] == 2500);
  CHECK(j["index_scheme"] == "cli-test-index");
  CHECK(j["symmetry_scheme"] == "none");
  CHECK(j["value_encoding"] == "int8-cli-test");
  CHECK(j["generator_version"] == GOTB_VERSION);
  CHECK(j["checksum_algorithm"] == "xxh64");
  CHECK(j["checksums_verified"] == false);
  CHECK(j["extra"]["sweeps"] == "9");
  CHECK(j["file_bytes"] == fs::file_size(f));
  REQUIRE(j["arrays"].size() == 2);
  auto a = j["arrays"][0];
  CHECK(a["name"] == "lower");
  CHECK(a["values"] == 2500);
  CHECK(a["chunks"] == 3);
  CHECK(a["chunk_values"] == 1000);
  CHECK(a["filter"] == "zstd level 5");
  CHECK(a["stored_bytes"].get<std::uint64_t>() > 0);
  CHECK(a["compression_ratio"].get<double>() ==
        Approx(2500.0 / a["stored_bytes"].get<double>()));
  auto tb = cli_tablebase();
  char sum[24];
  std::snprintf(sum, sizeof sum, "%016llx",
                static_cast<unsigned long long>(gotb::xxh64(tb.arrays[1].values.data(), 2500)));
  CHECK(j["arrays"][1]["xxh64"] == sum);
  CHECK(j["raw_bytes"] == 5000);
}

TEST_CASE("gotb verify: a sound file passes, a damaged one fails naming the chunk", "[cli][format]") {
  CliTmp tmp;
  std::string f = write_cli_file(tmp.dir, "t.gotb");
  auto ok = run_gotb("verify " + f);
  INFO(ok.out);
  CHECK(ok.exit_code == 0);
  CHECK(ok.out.find(": OK - 2 arrays, 5000 values in 6 chunks; the metadata checksum and every chunk and array checksum match") != std::string::npos);

  std::string bad = damaged_copy(f, tmp.dir);
  auto r = run_gotb("verify " + bad);
  INFO(r.out);
  CHECK(r.exit_code == 1);
  CHECK(r.out.find("FAILED - 1 problem") != std::string::npos);
  // HDF5 places chunks in the file in an order of its own: any chunk of "upper".
  CHECK_THAT(r.out, Catch::Matches("(.|\\n)*gotb: error: tablebase '" + bad +
                                   "': array 'upper' chunk [0-2] \\(values [0-9.]+\\) is corrupt: checksum mismatch(.|\\n)*"));
  CHECK(r.out.find("gotb: error: 1 of 1 file failed verification") != std::string::npos);

  auto both = run_gotb("verify --json " + f + " " + bad);
  CHECK(both.exit_code == 1);
  // stdout (the JSON) and stderr (error lines) arrive interleaved by line.
  const size_t open = both.out.find("[\n"), close = both.out.rfind("]");
  REQUIRE(open != std::string::npos);
  auto j = nlohmann::json::parse(both.out.substr(open, close - open + 1));
  REQUIRE(j.size() == 2);
  CHECK(j[0]["ok"] == true);
  CHECK(j[1]["ok"] == false);
  CHECK(j[1]["problems"].size() == 1);

  // info reads no chunk: the damaged file still describes itself.
  CHECK(run_gotb("info " + bad).exit_code == 0);
}

TEST_CASE("gotb info / verify: bad files give one clear error line", "[cli][format]") {
  CliTmp tmp;
  auto missing = run_gotb("info " + (tmp.dir / "nope.gotb").string());
  CHECK(missing.exit_code == 1);
  CHECK(missing.out.find("gotb: error: tablebase '") != std::string::npos);
  CHECK(missing.out.find("nope.gotb': cannot open: No such file or directory") != std::string::npos);

  std::string text = (tmp.dir / "text.gotb").string();
  std::ofstream(text) << "hello\n";
  auto r = run_gotb("info " + text);
  CHECK(r.exit_code == 1);
  CHECK(r.out.find("not an HDF5 file") != std::string::npos);

  std::string f = write_cli_file(tmp.dir, "t.gotb");
  fs::resize_file(f, fs::file_size(f) / 2);
  for (const char* cmd : {"info ", "verify "}) {
    auto t = run_gotb(cmd + f);
    INFO(t.out);
    CHECK(t.exit_code == 1);
    CHECK(t.out.find("the file is truncated") != std::string::npos);
  }
}
