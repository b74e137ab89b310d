// ctest "format_h5dump_plugin": writes a tablebase, then has the stock
// `h5dump` (package hdf5-tools) read its values through the plugin library
// libgotb_h5zstd.so (HDF5_PLUGIN_PATH), and compares them byte for byte.
// Also checks that without the plugin h5dump cannot read them, so the test
// proves the plugin does the work. Exit 77 (skipped) if h5dump is missing.
//
// usage: gotb_format_plugin_check PLUGIN_DIR
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <random>
#include <string>
#include <vector>

#include "format/tablebase.hpp"
#include "tests/standalone_check.hpp"

namespace fs = std::filesystem;

namespace {

using gotb::test::check;
using gotb::test::sh;
using gotb::test::slurp;

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2) {
    std::cerr << "usage: " << argv[0] << " PLUGIN_DIR\n";
    return 2;
  }
  const fs::path plugin_dir = fs::absolute(argv[1]);
  if (sh("command -v h5dump").code != 0) {
    std::cout << "SKIPPED: h5dump not found (install the Debian package hdf5-tools, see scripts/setup)\n";
    return 77;
  }
  if (!fs::exists(plugin_dir / "libgotb_h5zstd.so")) {
    std::cout << "FAIL: no libgotb_h5zstd.so in " << plugin_dir << "\n";
    return 1;
  }
  const fs::path dir = fs::temp_directory_path() / ("gotb-plugin-check-" + std::to_string(::getpid()));
  fs::remove_all(dir);
  fs::create_directories(dir / "empty");
  const std::string file = (dir / "t.gotb").string();

  // Two arrays over several chunks (the last one partial).
  const std::uint64_t n = 2500;
  gotb::Tablebase tb;
  tb.meta.board = "2x2";
  tb.meta.rules = "tromp-taylor";
  tb.meta.index_scheme = "plugin-test";
  tb.meta.symmetry_scheme = "none";
  tb.meta.value_encoding = "int8-test";
  tb.meta.state_count = n;
  std::mt19937 rng(42);
  std::vector<std::int8_t> a(n), b(n);
  for (std::uint64_t i = 0; i < n; ++i) {
    a[i] = static_cast<std::int8_t>(static_cast<int>(i % 25) - 12);
    b[i] = static_cast<std::int8_t>(rng());
  }
  tb.arrays = {{"lower", a}, {"upper", b}};
  gotb::WriteOptions o;
  o.chunk_values = 1000;
  o.zstd_level = 7;
  gotb::write_tablebase(file, tb, o);

  for (const auto& arr : tb.arrays) {
    const fs::path bin = dir / (arr.name + ".bin");
    gotb::test::ShellRun r = sh("HDF5_PLUGIN_PATH='" + plugin_dir.string() + "' h5dump -d /values/" + arr.name + " -b LE -o '" +
               bin.string() + "' '" + file + "'");
    check(r.code == 0, "h5dump with the plugin exits 0 for /values/" + arr.name);
    if (r.code != 0) std::cout << r.out << "\n";
    const std::string got = slurp(bin);
    check(got.size() == n && std::equal(got.begin(), got.end(), reinterpret_cast<const char*>(arr.values.data())),
          "h5dump's values of /values/" + arr.name + " equal the written values (" + std::to_string(got.size()) +
              " bytes)");
  }
  gotb::test::ShellRun hdr = sh("HDF5_PLUGIN_PATH='" + plugin_dir.string() + "' h5dump -p -H -d /values/lower '" + file + "'");
  check(hdr.out.find("FILTER_ID 32015") != std::string::npos && hdr.out.find("PARAMS { 7 }") != std::string::npos,
        "h5dump shows filter 32015 with cd_values[0] = level 7");
  gotb::test::ShellRun text = sh("HDF5_PLUGIN_PATH='" + plugin_dir.string() + "' h5dump -d /values/lower -w 0 '" + file + "'");
  check(text.out.find("(0): -12, -11, -10, -9,") != std::string::npos, "h5dump prints the values as text");

  // h5repack (same package) re-encodes through the plugin: gzip and other
  // chunking for one array, no filter for the other. gotb must read the
  // result through HDF5's own pipeline and still check every checksum.
  const std::string repacked = (dir / "repacked.gotb").string();
  gotb::test::ShellRun rp = sh("HDF5_PLUGIN_PATH='" + plugin_dir.string() +
              "' h5repack --low=2 --high=2 -f /values/lower:GZIP=5 -l /values/lower:CHUNK=700 -f /values/upper:NONE '" + file +
              "' '" + repacked + "'");
  check(rp.code == 0, "h5repack through the plugin exits 0");
  if (rp.code != 0) std::cout << rp.out << "\n";
  try {
    gotb::TablebaseReader r(repacked);
    auto info = r.array_info();
    check(info[0].filter == "gzip level 5" && info[1].filter == "none",
          "the repacked file reports its filters (" + info[0].filter + ", " + info[1].filter + ")");
    check(r.read_array("lower") == a && r.read_array("upper") == b, "gotb reads the repacked values");
    check(r.probe("lower", 1999) == a[1999] && r.probe("upper", 2499) == b[2499], "gotb probes the repacked file");
    r.verify_all();
    check(true, "the repacked file verifies");
  } catch (const std::exception& e) {
    check(false, std::string("gotb reads the repacked file: ") + e.what());
  }

  // The plugin's encoder: h5repack recompresses with filter 32015 at level
  // 3 (user-defined filter syntax); gotb reads those frames directly.
  const std::string recompressed = (dir / "recompressed.gotb").string();
  gotb::test::ShellRun rz = sh("HDF5_PLUGIN_PATH='" + plugin_dir.string() + "' h5repack --low=2 --high=2 -f /values/lower:UD=32015,0,1,3 '" + file +
              "' '" + recompressed + "'");
  check(rz.code == 0, "h5repack with UD=32015 (the plugin's encoder) exits 0");
  if (rz.code != 0) std::cout << rz.out << "\n";
  try {
    gotb::TablebaseReader r(recompressed);
    check(r.array_info()[0].filter == "zstd level 3", "the recompressed array reports zstd level 3");
    check(r.read_array("lower") == a, "gotb reads the values the plugin compressed");
    r.verify_all();
  } catch (const std::exception& e) {
    check(false, std::string("gotb reads the recompressed file: ") + e.what());
  }

  // Without the plugin the values are unreadable: the test above did depend on it.
  gotb::test::ShellRun none = sh("HDF5_PLUGIN_PATH='" + (dir / "empty").string() + "' h5dump -d /values/lower -b LE -o '" +
                (dir / "none.bin").string() + "' '" + file + "'");
  check(none.code != 0 || slurp(dir / "none.bin") != std::string(reinterpret_cast<const char*>(a.data()), n),
        "without the plugin h5dump cannot read the values");

  fs::remove_all(dir);
  std::cout << (gotb::test::check_failures() ? "FAILED" : "PASSED") << "\n";
  return gotb::test::check_failures() ? 1 : 0;
}
