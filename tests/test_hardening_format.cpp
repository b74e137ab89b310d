// Issue 18: the tablebase metadata is covered by gotb's own checksum
// (format/metadata_hash.hpp), so that an edited attribute cannot shift
// every printed value, and layouts without HDF5's metadata checksums (what
// h5repack writes by default) are refused before HDF5 parses them.
#include <hdf5.h>

#include <catch2/catch.hpp>
#include <cstdlib>
#include <cstring>
#include <fstream>

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

std::string generate(const ScratchDir& tmp, const std::string& name, const std::string& komi = "7.5") {
  const std::string p = tmp.file(name);
  auto r = run_gotb("generate -q -b 1x3 -k " + komi + " -o " + sh_quote(p));
  INFO(r.out);
  REQUIRE(r.exit_code == 0);
  return p;
}

// Edits the file with the HDF5 API, as h5py or h5repack would let a user do.
template <class Edit>
void edit(const std::string& path, Edit e) {
  std::lock_guard lock(h5::hdf5_mutex());
  h5::hdf5_init();
  hid_t f = H5Fopen(path.c_str(), H5F_ACC_RDWR, H5P_DEFAULT);
  REQUIRE(f >= 0);
  e(f);
  REQUIRE(H5Fclose(f) >= 0);
}

std::string refusal(const std::string& path) {
  try {
    TablebaseReader r(path);
    r.verify_all();
  } catch (const TablebaseError& e) {
    return e.what();
  }
  return {};
}

bool have_h5repack() { return std::system("command -v h5repack >/dev/null 2>&1") == 0; }

}  // namespace

TEST_CASE("metadata checksum: an edited komi is refused on open and by verify", "[hardening][format]") {
  ScratchDir tmp("meta");
  const std::string p = generate(tmp, "k.gotb");
  CHECK(refusal(p).empty());
  edit(p, [](hid_t f) {
    hid_t a = H5Aopen(f, "komi", H5P_DEFAULT);
    REQUIRE(a >= 0);
    double half = 0.5;
    REQUIRE(H5Awrite(a, H5T_NATIVE_DOUBLE, &half) >= 0);  // in place: no other byte changes
    H5Aclose(a);
  });
  CHECK_THAT(refusal(p), Catch::Contains("metadata checksum mismatch"));
  auto r = run_gotb("verify " + sh_quote(p));
  CHECK(r.exit_code == 1);
  CHECK(r.out.find("metadata checksum mismatch") != std::string::npos);
  r = run_gotb("query " + sh_quote(p));
  CHECK(r.exit_code == 1);
  CHECK(r.out.find("metadata checksum mismatch") != std::string::npos);
}

TEST_CASE("metadata checksum: every attribute and object is covered, also ones added later", "[hardening][format]") {
  ScratchDir tmp("meta-all");
  struct Case {
    const char* what;
    void (*apply)(hid_t);
  };
  const Case cases[] = {
      {"rules", [](hid_t f) { H5Adelete(f, "rules"), h5::write_string(f, "rules", "tromp-taylor:ko=situational"); }},
      {"symmetry_scheme", [](hid_t f) { H5Adelete(f, "symmetry_scheme"), h5::write_string(f, "symmetry_scheme", "none"); }},
      {"board_edges", [](hid_t f) { H5Adelete(f, "board_edges"), h5::write_pairs(f, "board_edges", {{0, 1}}); }},
      {"state_count", [](hid_t f) { H5Adelete(f, "state_count"), h5::write_u64(f, "state_count", 21); }},
      {"new root attribute", [](hid_t f) { h5::write_string(f, "some_future_attribute", "x"); }},
      {"new /extra key", [](hid_t f) {
         hid_t g = H5Gopen2(f, "extra", H5P_DEFAULT);
         h5::write_string(g, "note", "forged");
         H5Gclose(g);
       }},
      {"chunk table attribute", [](hid_t f) {
         hid_t d = H5Dopen2(f, "/chunk_xxh64/lower", H5P_DEFAULT);
         H5Adelete(d, "xxh64"), h5::write_u64(d, "xxh64", 1);
         H5Dclose(d);
       }},
      {"new group", [](hid_t f) { H5Gclose(H5Gcreate2(f, "more", H5P_DEFAULT, H5P_DEFAULT, H5P_DEFAULT)); }},
  };
  for (const Case& c : cases) {
    INFO(c.what);
    const std::string p = generate(tmp, "c.gotb");
    edit(p, c.apply);
    CHECK_THAT(refusal(p), Catch::Contains("metadata checksum mismatch"));
  }
  // A file without the checksum at all.
  const std::string p = generate(tmp, "none.gotb");
  edit(p, [](hid_t f) { REQUIRE(H5Adelete(f, h5::kMetadataChecksumAttr) >= 0); });
  CHECK_THAT(refusal(p), Catch::Contains("no metadata checksum"));
}

TEST_CASE("metadata checksum: canonical serialization names every attribute", "[hardening][format]") {
  ScratchDir tmp("meta-canon");
  const std::string p = generate(tmp, "c.gotb");
  std::string canon;
  edit(p, [&](hid_t f) { canon = h5::canonical_metadata(f); });
  for (const char* name : {"board", "board_edges", "board_point_names", "rules", "komi", "index_scheme",
                           "symmetry_scheme", "value_encoding", "state_count", "chunk_values", "arrays",
                           "array_xxh64", "/extra", "/values/lower", "/chunk_xxh64/upper"})
    CHECK(canon.find(name) != std::string::npos);
  CHECK(canon.find(h5::kMetadataChecksumAttr) == std::string::npos);  // not over itself
}

TEST_CASE("metadata checksum: h5repack keeps it only with checksummed HDF5 metadata", "[hardening][format]") {
  if (!have_h5repack()) {
    WARN("h5repack not installed: skipped");
    return;
  }
  ScratchDir tmp("meta-repack");
  const std::string p = generate(tmp, "a.gotb");
  const std::string plain = tmp.file("plain.gotb"), kept = tmp.file("kept.gotb");
  REQUIRE(std::system(("h5repack " + sh_quote(p) + " " + sh_quote(plain)).c_str()) == 0);
  REQUIRE(std::system(("h5repack --low=2 --high=2 " + sh_quote(p) + " " + sh_quote(kept)).c_str()) == 0);
  CHECK_THAT(refusal(plain), Catch::Contains("carries no checksums"));
  CHECK(refusal(kept).empty());

  // Every single-byte change of komi 7.5's bytes in the repacked file is
  // refused (by HDF5's checksum or gotb's), never read as another komi.
  std::ifstream in(kept, std::ios::binary);
  std::string bytes((std::istreambuf_iterator<char>(in)), {});
  double k = 7.5;
  std::string pattern(reinterpret_cast<const char*>(&k), 8);
  const auto at = bytes.find(pattern);
  REQUIRE(at != std::string::npos);
  for (int b = 0; b < 8; ++b) {
    std::string copy = bytes;
    copy[at + b] ^= 0x40;
    std::ofstream(tmp.file("flip.gotb"), std::ios::binary | std::ios::trunc) << copy;
    CHECK_FALSE(refusal(tmp.file("flip.gotb")).empty());
  }
}
