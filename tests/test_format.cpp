// Tablebase files (format/): round trips, metadata, and every kind of bad
// file the reader must refuse (docs/format.md, "Errors").
#include <hdf5.h>
#include <unistd.h>

#include <atomic>
#include <catch2/catch.hpp>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include "core/rules/ruleset.hpp"
#include "format/h5util.hpp"
#include "format/metadata_hash.hpp"
#include "format/tablebase.hpp"
#include "format/xxh64.hpp"
#include "gotb_version.hpp"

namespace fs = std::filesystem;
using namespace gotb;

namespace {

// A fresh directory per test case, removed afterwards.
struct TempDir {
  fs::path dir;
  TempDir() {
    static int serial = 0;
    dir = fs::temp_directory_path() /
          ("gotb-format-test-" + std::to_string(::getpid()) + "-" + std::to_string(serial++));
    fs::remove_all(dir);
    fs::create_directories(dir);
  }
  ~TempDir() {
    std::error_code ec;
    fs::remove_all(dir, ec);
  }
  std::string file(const std::string& name) const { return (dir / name).string(); }
};

TablebaseMeta sample_meta(std::uint64_t n) {
  TablebaseMeta m;
  m.board = "2x3";
  m.rules = "tromp-taylor";
  m.komi = 0.5;
  m.index_scheme = "test-index-v1";
  m.symmetry_scheme = "none";
  m.value_encoding = "int8-test";
  m.state_count = n;
  return m;
}

// Tablebase-like values: small numbers with long runs, so that they
// compress the way solved values do.
std::vector<std::int8_t> runs(std::uint64_t n, std::uint32_t seed) {
  std::mt19937 rng(seed);
  std::vector<std::int8_t> v(n);
  std::int8_t cur = 0;
  for (std::uint64_t i = 0; i < n; ++i) {
    if (rng() % 16 == 0) cur = static_cast<std::int8_t>(static_cast<int>(rng() % 25) - 12);
    v[i] = cur;
  }
  return v;
}

std::vector<std::int8_t> noise(std::uint64_t n, std::uint32_t seed) {
  std::mt19937 rng(seed);
  std::vector<std::int8_t> v(n);
  for (auto& x : v) x = static_cast<std::int8_t>(rng());
  return v;
}

std::string read_bytes(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), {});
}

void write_bytes(const std::string& path, const std::string& bytes) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
}

// Offsets of every zstd frame magic number (28 b5 2f fd) in the file: each
// chunk is stored as exactly one frame.
std::vector<size_t> zstd_frames(const std::string& bytes) {
  const char magic[4] = {'\x28', '\xb5', '\x2f', '\xfd'};
  std::vector<size_t> at;
  for (size_t p = bytes.find(std::string(magic, 4)); p != std::string::npos;
       p = bytes.find(std::string(magic, 4), p + 1))
    at.push_back(p);
  return at;
}

// Reads every value through every path the reader offers; throws on the
// first problem.
void read_everything(const std::string& path) {
  TablebaseReader r(path);
  r.verify_all();
  for (const auto& name : r.array_names()) {
    auto v = r.read_array(name);
    for (std::uint64_t i = 0; i < v.size(); i += 997) r.probe(name, i);
  }
}

// Replaces (or adds) a root attribute of an existing file, bypassing the
// writer's validation, to build files the reader must refuse.
template <class Write>
void patch_attr(const std::string& path, const char* name, Write write) {
  std::lock_guard lock(h5::hdf5_mutex());
  h5::hdf5_init();
  hid_t f = H5Fopen(path.c_str(), H5F_ACC_RDWR, H5P_DEFAULT);
  REQUIRE(f >= 0);
  if (H5Aexists(f, name) > 0) REQUIRE(H5Adelete(f, name) >= 0);
  REQUIRE(write(f, name));
  // Recomputes the metadata checksum, so that the checks behind it are what
  // the test exercises (a forger can do the same).
  REQUIRE(h5::reseal_metadata(f));
  REQUIRE(H5Fclose(f) >= 0);
}

void patch_string(const std::string& path, const char* name, const std::string& v) {
  patch_attr(path, name, [&](hid_t f, const char* n) { return h5::write_string(f, n, v); });
}

// Where chunk k of /values/<array> lies in the file: (offset, stored bytes).
std::pair<size_t, size_t> chunk_location(const std::string& path, const std::string& array, std::uint64_t k) {
  std::lock_guard lock(h5::hdf5_mutex());
  h5::hdf5_init();
  hid_t f = H5Fopen(path.c_str(), H5F_ACC_RDONLY, H5P_DEFAULT);
  REQUIRE(f >= 0);
  hid_t d = H5Dopen2(f, ("/values/" + array).c_str(), H5P_DEFAULT);
  REQUIRE(d >= 0);
  hsize_t off = k * 1000, size = 0;
  haddr_t addr = 0;
  unsigned mask = 0;
  REQUIRE(H5Dget_chunk_info_by_coord(d, &off, &mask, &addr, &size) >= 0);
  H5Dclose(d);
  H5Fclose(f);
  return {static_cast<size_t>(addr), static_cast<size_t>(size)};
}

// The reader must refuse the file with a TablebaseError whose message
// contains `needle`.
void require_refused(const std::string& path, const std::string& needle) {
  try {
    read_everything(path);
    FAIL("the reader accepted a bad file; expected an error mentioning: " << needle);
  } catch (const TablebaseError& e) {
    INFO(e.what());
    CHECK(std::string(e.what()).find(needle) != std::string::npos);
    CHECK(std::string(e.what()).find(path) != std::string::npos);
  }
}

}  // namespace

TEST_CASE("xxh64 matches the reference digests", "[format]") {
  // Digests from the xxHash reference implementation (xxhsum -H1).
  CHECK(xxh64("", 0) == 0xEF46DB3751D8E999ULL);
  CHECK(xxh64("a", 1) == 0xD24EC4F1A98C6E5BULL);
  CHECK(xxh64("abc", 3) == 0x44BC2CF5AD770999ULL);
  const char* fox = "The quick brown fox jumps over the lazy dog";
  CHECK(xxh64(fox, std::strlen(fox)) == 0x0B242D361FDA71BCULL);
  // Longer inputs (stripes plus every tail length class): the low 32 bits
  // are zstd's frame checksum (`zstd --check | tail -c4`).
  std::string digits;
  for (int i = 0; i < 10; ++i) digits += "0123456789";
  CHECK((xxh64(digits.data(), digits.size()) & 0xffffffffu) == 0x315afffaU);
  digits += "abc";
  CHECK((xxh64(digits.data(), digits.size()) & 0xffffffffu) == 0x8c422dadU);
  // Streaming in uneven pieces gives the one-shot digest.
  auto data = noise(1000, 7);
  for (size_t piece : {1, 7, 31, 32, 33, 100}) {
    Xxh64 h;
    for (size_t i = 0; i < data.size(); i += piece) h.update(data.data() + i, std::min(piece, data.size() - i));
    CHECK(h.digest() == xxh64(data.data(), data.size()));
  }
}

TEST_CASE("tablebase round trip: arrays of many sizes, probe, read_array, verify_all", "[format]") {
  TempDir tmp;
  const std::uint64_t chunk = 1000;
  for (std::uint64_t n : {std::uint64_t{1}, std::uint64_t{999}, std::uint64_t{1000}, std::uint64_t{1001},
                          std::uint64_t{12345}}) {
    DYNAMIC_SECTION("n = " << n) {
      Tablebase tb;
      tb.meta = sample_meta(n);
      tb.arrays.push_back({"lower", runs(n, 1)});
      tb.arrays.push_back({"upper", noise(n, 2)});
      WriteOptions o;
      o.zstd_level = 19;
      o.chunk_values = chunk;
      std::string path = tmp.file("rt.gotb");
      write_tablebase(path, tb, o);

      TablebaseReader r(path);
      CHECK(r.array_names() == std::vector<std::string>{"lower", "upper"});
      for (const auto& a : tb.arrays) {
        CHECK(r.read_array(a.name) == a.values);
        std::mt19937_64 rng(n);
        for (int i = 0; i < 200; ++i) {
          std::uint64_t idx = rng() % n;
          REQUIRE(r.probe(a.name, idx) == a.values[idx]);
        }
        REQUIRE(r.probe(a.name, n - 1) == a.values[n - 1]);
        REQUIRE(r.probe(r.array_id(a.name), 0) == a.values[0]);
      }
      r.verify_all();
      auto info = r.array_info();
      REQUIRE(info.size() == 2);
      CHECK(info[0].values == n);
      CHECK(info[0].chunk_values == std::min(n, chunk));
      CHECK(info[0].chunks == (n + chunk - 1) / chunk);
      CHECK(info[0].xxh64 == xxh64(tb.arrays[0].values.data(), n));
      CHECK(info[0].filter == "zstd level 19");
      CHECK(info[0].stored_bytes > 0);
    }
  }
}

TEST_CASE("tablebase round trip: a large array with the default chunking", "[format]") {
  TempDir tmp;
  const std::uint64_t n = 3 * kDefaultChunkValues + 12345;
  auto values = runs(n, 3);
  TablebaseMeta meta = sample_meta(n);
  WriteOptions o;
  o.zstd_level = 3;
  o.threads = 2;
  std::string path = tmp.file("big.gotb");
  write_tablebase(path, meta, {{"value", values.data(), values.size()}}, o);

  TablebaseReader r(path);
  r.set_cache_chunks(2);
  std::mt19937_64 rng(5);
  for (int i = 0; i < 2000; ++i) {
    std::uint64_t idx = rng() % n;
    REQUIRE(r.probe("value", idx) == values[idx]);
  }
  CHECK(r.read_array("value") == values);
  r.verify_all();
  auto info = r.array_info();
  CHECK(info[0].chunks == 4);
  // Runs of small values compress well; the file is far smaller than the values.
  CHECK(r.file_bytes() < n / 4);
}

TEST_CASE("tablebase metadata round trip", "[format]") {
  TempDir tmp;
  Tablebase tb;
  tb.meta = sample_meta(10);
  tb.meta.komi = -6.5;
  tb.meta.extra["sweeps"] = "17";
  tb.meta.extra["solver.note"] = "two fixpoints; gap is open";
  tb.arrays.push_back({"v", runs(10, 4)});
  std::string path = tmp.file("meta.gotb");
  write_tablebase(path, tb);

  TablebaseReader r(path);
  const TablebaseMeta& m = r.meta();
  CHECK(m.format_version == kTablebaseFormatVersion);
  CHECK(m.board == "2x3");
  CHECK(m.rules == "tromp-taylor");
  CHECK(m.komi == -6.5);
  CHECK(m.index_scheme == "test-index-v1");
  CHECK(m.symmetry_scheme == "none");
  CHECK(m.value_encoding == "int8-test");
  CHECK(m.state_count == 10);
  CHECK(m.generator_version == GOTB_VERSION);
  CHECK(m.git_revision == GOTB_GIT_REVISION);
  CHECK(m.created.size() == 20);  // YYYY-MM-DDTHH:MM:SSZ
  CHECK(m.created.back() == 'Z');
  CHECK(m.extra == tb.meta.extra);
  CHECK(r.board().spec() == "2x3");
  CHECK(r.board().size() == 6);
  CHECK(r.path() == path);
}

TEST_CASE("tablebase writer stores board and rules in canonical form", "[format]") {
  TempDir tmp;
  Tablebase tb;
  tb.meta = sample_meta(3);
  tb.meta.board = "2X3";
  tb.meta.rules = "tromp-taylor:ko=positional,suicide=yes";
  tb.arrays.push_back({"v", runs(3, 4)});
  std::string path = tmp.file("canon.gotb");
  write_tablebase(path, tb);
  TablebaseReader r(path);
  CHECK(r.meta().board == Board::parse("2X3").spec());
  CHECK(r.meta().rules == RuleSet::parse("tromp-taylor").to_string());
}

TEST_CASE("tablebase with no states", "[format]") {
  TempDir tmp;
  Tablebase tb;
  tb.meta = sample_meta(0);
  tb.arrays.push_back({"v", {}});
  std::string path = tmp.file("empty.gotb");
  write_tablebase(path, tb);
  TablebaseReader r(path);
  CHECK(r.read_array("v").empty());
  CHECK(r.array_info()[0].chunks == 0);
  r.verify_all();
  CHECK(r.verify_report().empty());
  CHECK_THROWS_AS(r.probe("v", 0), TablebaseError);
}

TEST_CASE("tablebase files keep graph boards without the graph file", "[format]") {
  TempDir tmp;
  // A triangle with a tail, named points.
  Board g = Board::graph("tri.txt", 4, {{0, 1}, {1, 2}, {0, 2}, {2, 3}}, {"a", "b", "c", "d"});
  Tablebase tb;
  tb.meta = sample_meta(5);
  tb.meta.board = g.spec();
  tb.arrays.push_back({"v", runs(5, 9)});
  WriteOptions o;
  o.board = &g;
  std::string path = tmp.file("graph.gotb");
  write_tablebase(path, tb, o);
  TablebaseReader r(path);
  CHECK(r.board().spec() == "graph:tri.txt");
  CHECK(r.board().size() == 4);
  CHECK(r.board().point_name(3) == "d");
  CHECK(r.board().neighbours(2) == Mask{0b1011});
}

TEST_CASE("tablebase writer refuses bad input and leaves the destination untouched", "[format]") {
  TempDir tmp;
  std::string path = tmp.file("w.gotb");
  write_bytes(path, "previous contents");
  auto v = runs(10, 1);
  auto attempt = [&](TablebaseMeta m, std::vector<TablebaseArrayView> arrays, WriteOptions o = {}) {
    CHECK_THROWS_AS(write_tablebase(path, m, arrays, o), TablebaseError);
    CHECK(read_bytes(path) == "previous contents");
  };
  TablebaseMeta m = sample_meta(10);
  attempt(m, {{"v", v.data(), 9}});                     // size != state_count
  attempt(m, {});                                        // no arrays
  attempt(m, {{"a/b", v.data(), 10}});                   // bad name
  attempt(m, {{"v", v.data(), 10}, {"v", v.data(), 10}});  // duplicate
  WriteOptions o;
  o.zstd_level = 0;
  attempt(m, {{"v", v.data(), 10}}, o);
  auto bad = m;
  bad.board = "0x3";
  attempt(bad, {{"v", v.data(), 10}});
  bad = m;
  bad.rules = "no-such-rules";
  attempt(bad, {{"v", v.data(), 10}});
  bad = m;
  bad.format_version = 2;
  attempt(bad, {{"v", v.data(), 10}});
  // No temporary files are left behind.
  int files = 0;
  for ([[maybe_unused]] auto& e : fs::directory_iterator(tmp.dir)) ++files;
  CHECK(files == 1);
}

namespace {

// A small file with two arrays of three chunks each; returns its path.
std::string small_file(const TempDir& tmp, Tablebase* out = nullptr, const std::string& name = "small.gotb") {
  Tablebase tb;
  tb.meta = sample_meta(2500);
  tb.arrays.push_back({"lower", runs(2500, 11)});
  tb.arrays.push_back({"upper", noise(2500, 12)});
  WriteOptions o;
  o.chunk_values = 1000;
  o.zstd_level = 3;
  std::string path = tmp.file(name);
  write_tablebase(path, tb, o);
  if (out) *out = tb;
  return path;
}

}  // namespace

TEST_CASE("tablebase reader: missing file, not HDF5, not a tablebase", "[format][errors]") {
  TempDir tmp;
  require_refused(tmp.file("nope.gotb"), "cannot open: No such file or directory");
  std::string text = tmp.file("text.gotb");
  write_bytes(text, "this is not an HDF5 file\n");
  require_refused(text, "not an HDF5 file");
  require_refused(tmp.dir.string(), "not a regular file");
  std::string plain = tmp.file("plain.h5");
  {
    std::lock_guard lock(h5::hdf5_mutex());
    h5::hdf5_init();
    hid_t fapl = H5Pcreate(H5P_FILE_ACCESS);
    REQUIRE(H5Pset_libver_bounds(fapl, H5F_LIBVER_V110, H5F_LIBVER_V110) >= 0);
    hid_t f = H5Fcreate(plain.c_str(), H5F_ACC_TRUNC, H5P_DEFAULT, fapl);
    REQUIRE(f >= 0);
    REQUIRE(H5Fclose(f) >= 0);
    H5Pclose(fapl);
  }
  require_refused(plain, "not a gotb tablebase");
  // HDF5's default layout (superblock 0, no metadata checksums) is refused
  // before HDF5 parses it.
  std::string old_layout = tmp.file("old.h5");
  {
    std::lock_guard lock(h5::hdf5_mutex());
    hid_t f = H5Fcreate(old_layout.c_str(), H5F_ACC_TRUNC, H5P_DEFAULT, H5P_DEFAULT);
    REQUIRE(f >= 0);
    REQUIRE(H5Fclose(f) >= 0);
  }
  require_refused(old_layout, "its HDF5 metadata carries no checksums (superblock version 0)");
}

TEST_CASE("tablebase reader: truncated files are refused", "[format][errors]") {
  TempDir tmp;
  std::string path = small_file(tmp);
  const std::string bytes = read_bytes(path);
  std::string cut = tmp.file("cut.gotb");
  for (size_t len : {size_t{0}, size_t{7}, size_t{48}, size_t{200}, size_t{1000}, bytes.size() / 3,
                     bytes.size() / 2, bytes.size() - 100, bytes.size() - 1}) {
    INFO("cut at " << len << " of " << bytes.size() << " bytes");
    write_bytes(cut, bytes.substr(0, len));
    require_refused(cut, len < 8 ? "not an HDF5 file" : "");
  }
  // Opening succeeds only for the whole file.
  write_bytes(cut, bytes);
  read_everything(cut);
}

TEST_CASE("tablebase reader: a damaged chunk is named and never yields a value", "[format][errors]") {
  TempDir tmp;
  Tablebase tb;
  std::string path = small_file(tmp, &tb);
  const std::string bytes = read_bytes(path);
  REQUIRE(zstd_frames(bytes).size() == 6);  // 2 arrays x 3 chunks, one zstd frame each
  for (int ai = 0; ai < 2; ++ai) {
    const std::string array = tb.arrays[ai].name;
    const auto& values = tb.arrays[ai].values;
    for (std::uint64_t chunk = 0; chunk < 3; ++chunk) {
      // Past the frame header (inside the compressed or raw blocks), and the
      // frame's last byte (its content checksum).
      for (int where_in_frame : {12, 40, -1}) {
        DYNAMIC_SECTION(array << " chunk " << chunk << " byte " << where_in_frame) {
          auto [addr, size] = chunk_location(path, array, chunk);
          REQUIRE(bytes.compare(addr, 4, "\x28\xb5\x2f\xfd") == 0);
          size_t pos = where_in_frame >= 0 ? addr + where_in_frame : addr + size - 1;
          std::string bad = bytes;
          bad[pos] = static_cast<char>(bad[pos] ^ 0x5a);
          std::string p = tmp.file("bad.gotb");
          write_bytes(p, bad);
          const std::string where = "array '" + array + "' chunk " + std::to_string(chunk) + " ";
          require_refused(p, where);

          TablebaseReader r(p);  // metadata is intact: opening works
          const std::uint64_t inside = chunk * 1000 + 17, elsewhere = ((chunk + 1) % 3) * 1000 + 17;
          for (int attempt = 0; attempt < 2; ++attempt) {  // a failed chunk is not cached
            try {
              r.probe(array, inside);
              FAIL("probe returned a value from a damaged chunk");
            } catch (const TablebaseError& e) {
              CHECK_THAT(e.what(), Catch::Contains(where + "(values ") && Catch::Contains("is corrupt"));
            }
          }
          CHECK(r.probe(array, elsewhere) == values[elsewhere]);
          CHECK_THROWS_AS(r.read_array(array), TablebaseError);
          CHECK_THROWS_AS(r.verify_all(), TablebaseError);
        }
      }
    }
  }
}

TEST_CASE("tablebase reader: a chunk that disagrees with its xxh64 is refused", "[format][errors]") {
  // A consistent checksum table whose entry for one chunk is wrong: zstd
  // decodes the chunk fine, only gotb's own checksum can catch it.
  TempDir tmp;
  std::string p = small_file(tmp);
  {
    std::lock_guard lock(h5::hdf5_mutex());
    h5::hdf5_init();
    hid_t f = H5Fopen(p.c_str(), H5F_ACC_RDWR, H5P_DEFAULT);
    REQUIRE(f >= 0);
    hid_t d = H5Dopen2(f, "/chunk_xxh64/upper", H5P_DEFAULT);
    REQUIRE(d >= 0);
    std::vector<std::uint64_t> sums(3);
    REQUIRE(H5Dread(d, H5T_NATIVE_UINT64, H5S_ALL, H5S_ALL, H5P_DEFAULT, sums.data()) >= 0);
    sums[1] ^= 1;
    REQUIRE(H5Dwrite(d, H5T_NATIVE_UINT64, H5S_ALL, H5S_ALL, H5P_DEFAULT, sums.data()) >= 0);
    REQUIRE(H5Adelete(d, "xxh64") >= 0);
    REQUIRE(h5::write_u64(d, "xxh64", xxh64(sums.data(), 24)));  // little-endian host
    REQUIRE(H5Dclose(d) >= 0);
    REQUIRE(h5::reseal_metadata(f));  // the metadata checksum cannot see chunk sums
    REQUIRE(H5Fclose(f) >= 0);
  }
  require_refused(p, "array 'upper' chunk 1 (values 1000..1999) is corrupt: checksum mismatch (xxh64 stored");
  TablebaseReader r(p);
  CHECK_THROWS_WITH(r.probe("upper", 1500), Catch::Contains("checksum mismatch"));
  CHECK_NOTHROW(r.probe("upper", 500));

  // The table itself damaged (its own checksum no longer matches).
  std::string q = small_file(tmp, nullptr, "table.gotb");
  {
    std::lock_guard lock(h5::hdf5_mutex());
    hid_t f = H5Fopen(q.c_str(), H5F_ACC_RDWR, H5P_DEFAULT);
    hid_t d = H5Dopen2(f, "/chunk_xxh64/lower", H5P_DEFAULT);
    REQUIRE(d >= 0);
    std::uint64_t zero[3] = {0, 0, 0};
    REQUIRE(H5Dwrite(d, H5T_NATIVE_UINT64, H5S_ALL, H5S_ALL, H5P_DEFAULT, zero) >= 0);
    H5Dclose(d);
    H5Fclose(f);
  }
  require_refused(q, "the chunk checksum table of array 'lower' is corrupt");
}

TEST_CASE("tablebase reader: damage anywhere is refused or harmless, never a wrong value", "[format][errors]") {
  TempDir tmp;
  Tablebase tb;
  std::string path = small_file(tmp, &tb);
  const std::string bytes = read_bytes(path);
  std::string p = tmp.file("flip.gotb");
  int refused = 0, harmless = 0;
  // Every 23rd byte: covers superblock, object headers, attributes, chunk
  // index, checksum tables and chunk data.
  for (size_t pos = 0; pos < bytes.size(); pos += 23) {
    std::string bad = bytes;
    bad[pos] = static_cast<char>(bad[pos] ^ 0x10);
    write_bytes(p, bad);
    try {
      TablebaseReader r(p);
      r.verify_all();
      INFO("byte " << pos << " flipped");
      // Metadata is as protected as the values (HDF5 checksums every
      // object header holding an attribute).
      const TablebaseMeta& m = r.meta();
      REQUIRE(m.board == tb.meta.board);
      REQUIRE(m.rules == tb.meta.rules);
      REQUIRE(m.komi == tb.meta.komi);
      REQUIRE(m.index_scheme == tb.meta.index_scheme);
      REQUIRE(m.symmetry_scheme == tb.meta.symmetry_scheme);
      REQUIRE(m.value_encoding == tb.meta.value_encoding);
      REQUIRE(m.state_count == tb.meta.state_count);
      REQUIRE(m.extra == tb.meta.extra);
      for (const auto& a : tb.arrays) {
        INFO("array " << a.name);
        REQUIRE(r.read_array(a.name) == a.values);
        for (std::uint64_t i = 0; i < a.values.size(); i += 101) REQUIRE(r.probe(a.name, i) == a.values[i]);
      }
      ++harmless;
      if (std::getenv("GOTB_TEST_VERBOSE")) WARN("harmless flip at byte " << pos);
    } catch (const TablebaseError&) {
      ++refused;
    }
  }
  INFO(refused << " refused, " << harmless << " harmless");
  CHECK(refused > 0);
  WARN("byte flips: " << refused << " refused, " << harmless << " harmless (of " << bytes.size() << " bytes)");
}

TEST_CASE("tablebase reader: wrong metadata is refused", "[format][errors]") {
  TempDir tmp;
  std::string p;
  auto fresh = [&] { p = small_file(tmp, nullptr, "m" + std::to_string(std::rand()) + ".gotb"); };

  fresh();
  patch_attr(p, "format_version", [](hid_t f, const char* n) { return h5::write_i32(f, n, 2); });
  require_refused(p, "format version 2 is not supported; this gotb reads version 1 (the file was written by a newer gotb)");
  fresh();
  patch_attr(p, "format_version", [](hid_t f, const char* n) { return h5::write_string(f, n, "1"); });
  require_refused(p, "attribute 'format_version' must be an integer");
  fresh();
  patch_string(p, "gotb_format", "something-else");
  require_refused(p, "not a gotb tablebase");
  fresh();
  patch_string(p, "board", "7y7");
  require_refused(p, "invalid board '7y7'");
  fresh();
  patch_string(p, "board", "3x2");  // valid, but not the stored graph
  require_refused(p, "does not match the stored board graph");
  fresh();
  patch_string(p, "rules", "no-such-rules");
  require_refused(p, "invalid rules 'no-such-rules'");
  fresh();
  patch_string(p, "value_encoding", "");
  require_refused(p, "attribute 'value_encoding' is empty");
  fresh();
  patch_attr(p, "state_count", [](hid_t f, const char* n) { return h5::write_u64(f, n, 2501); });
  require_refused(p, "holds 2500 values, state_count is 2501");
  fresh();
  patch_attr(p, "komi", [](hid_t f, const char* n) { return h5::write_f64(f, n, std::nan("")); });
  require_refused(p, "komi is not a finite number");
  fresh();
  patch_attr(p, "array_xxh64", [](hid_t f, const char* n) { return h5::write_u64s(f, n, {1, 2}); });
  require_refused(p, "array 'lower' is corrupt: whole-array checksum mismatch");
  fresh();
  patch_attr(p, "rules", [](hid_t, const char*) { return true; });  // deleted, nothing written
  require_refused(p, "attribute 'rules' is missing");
}

TEST_CASE("tablebase reader: bad probes", "[format][errors]") {
  TempDir tmp;
  std::string p = small_file(tmp);
  TablebaseReader r(p);
  CHECK_THROWS_WITH(r.probe("lower", 2500), Catch::Contains("index 2500 is out of range for array 'lower' of 2500 values"));
  CHECK_THROWS_WITH(r.probe("nope", 0), Catch::Contains("no array 'nope' (the file has: lower, upper)"));
  CHECK_THROWS_AS(r.probe(7, 0), TablebaseError);
  CHECK_THROWS_AS(r.probe(-1, 0), TablebaseError);
  CHECK_THROWS_AS(r.read_array("nope"), TablebaseError);
}

TEST_CASE("tablebase reader shared between threads, while another file is written", "[format]") {
  TempDir tmp;
  Tablebase tb;
  std::string path = small_file(tmp, &tb);
  TablebaseReader shared(path);
  shared.set_cache_chunks(2);  // forces chunk reloads under contention
  std::atomic<int> wrong{0}, errors{0};
  std::vector<std::thread> threads;
  for (int t = 0; t < 4; ++t)
    threads.emplace_back([&, t] {
      std::mt19937_64 rng(t);
      try {
        for (int i = 0; i < 3000; ++i) {
          const auto& a = tb.arrays[rng() % 2];
          std::uint64_t idx = rng() % a.values.size();
          if (shared.probe(a.name, idx) != a.values[idx]) ++wrong;
        }
      } catch (const std::exception&) {
        ++errors;
      }
    });
  threads.emplace_back([&] {
    try {
      for (int i = 0; i < 3; ++i) small_file(tmp, nullptr, "other" + std::to_string(i) + ".gotb");
    } catch (const std::exception&) {
      ++errors;
    }
  });
  for (auto& th : threads) th.join();
  CHECK(wrong == 0);
  CHECK(errors == 0);
  read_everything(tmp.file("other2.gotb"));
}
