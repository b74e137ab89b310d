// ctest "format_h5py": the h5py recipe of docs/format.md ("Reading a value
// with h5py") runs as written on files from `gotb generate`, and its output
// equals what gotb's probe reads; whole arrays read with h5py equal gotb's
// reader byte for byte; without the plugin h5py cannot decode the values
// (so the plugin does the work). Exit 77 (skipped, with a message) when no
// python3 with h5py is installed (Debian: python3-h5py, scripts/setup).
//
// usage: gotb_h5py_check GOTB_BINARY PLUGIN_DIR DOCS_FORMAT_MD
#include <unistd.h>

#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <string>
#include <vector>

#include "format/tablebase.hpp"
#include "tests/standalone_check.hpp"
#include "query/probe.hpp"

namespace fs = std::filesystem;

namespace {

using gotb::test::check;
using gotb::test::sh;
using gotb::test::slurp;

// The first ```python block after `heading`.
std::string python_block(const std::string& doc, const std::string& heading) {
  const std::size_t h = doc.find(heading);
  if (h == std::string::npos) return {};
  const std::size_t open = doc.find("```python\n", h);
  if (open == std::string::npos) return {};
  const std::size_t start = open + 10, close = doc.find("```", start);
  return close == std::string::npos ? std::string() : doc.substr(start, close - start);
}

// A value as the recipe prints it: Python's str() of a float, or the kind.
std::string recipe_text(const gotb::Value& v) {
  if (v.kind == gotb::ValueKind::BlackWins) return "black-wins";
  if (v.kind == gotb::ValueKind::WhiteWins) return "white-wins";
  char buf[32];
  const double p = v.points();
  if (p == std::floor(p))
    std::snprintf(buf, sizeof buf, "%.1f", p);
  else
    std::snprintf(buf, sizeof buf, "%g", p);
  return buf;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 4) {
    std::cerr << "usage: " << argv[0] << " GOTB_BINARY PLUGIN_DIR DOCS_FORMAT_MD\n";
    return 2;
  }
  const std::string gotb = argv[1];
  const fs::path plugin_dir = fs::absolute(argv[2]);
  std::string python;
  // Debian's python3-h5py lives in the system interpreter, which a
  // python3 earlier on PATH (pyenv, a venv) may hide.
  for (const char* p : {"/usr/bin/python3", "python3"})
    if (sh(std::string(p) + " -c 'import h5py'").code == 0) {
      python = p;
      break;
    }
  if (python.empty()) {
    std::cout << "SKIPPED: no python3 with h5py (install the Debian package python3-h5py, see scripts/setup)\n";
    return 77;
  }
  const std::string recipe = python_block(slurp(argv[3]), "### Reading a value with h5py");
  check(!recipe.empty(), "docs/format.md has the h5py recipe");
  const fs::path dir = fs::temp_directory_path() / ("gotb-h5py-check-" + std::to_string(::getpid()));
  fs::remove_all(dir);
  fs::create_directories(dir);
  const fs::path script = dir / "read_value.py";
  std::ofstream(script) << recipe;
  const std::string env = "HDF5_PLUGIN_PATH='" + plugin_dir.string() + "' ";

  struct Case {
    const char* board;
    const char* rules;
    const char* komi;
  };
  for (const Case& c : {Case{"1x3", "tromp-taylor:no-suicide", "0"}, Case{"2x2", "tromp-taylor", "0.5"},
                        Case{"2x3", "tromp-taylor:no-suicide", "-1.5"}}) {
    const std::string name = std::string(c.board) + " " + c.rules + " komi " + c.komi;
    const std::string file = (dir / (std::string(c.board) + ".h5")).string();
    gotb::test::ShellRun g = sh("'" + gotb + "' generate -q -b " + c.board + " -r " + c.rules + " --komi=" + c.komi + " -o '" + file + "'");
    check(g.code == 0, name + ": gotb generate -o");
    if (g.code != 0) {
      std::cout << g.out << "\n";
      continue;
    }
    // The recipe as written, against the probe's fixpoints of the empty board.
    gotb::test::ShellRun r = sh(env + python + " '" + script.string() + "' '" + file + "'");
    check(r.code == 0, name + ": the recipe runs");
    const gotb::ProbeResult p = gotb::TablebaseProbe(file).probe({});
    const std::string want = "upper " + recipe_text(p.fixpoints->gfp) + "\nlower " + recipe_text(p.fixpoints->lfp) + "\n";
    auto one_line = [](std::string t) {
      for (char& ch : t) ch = ch == '\n' ? ';' : ch;
      return t;
    };
    check(r.out == want, name + ": the recipe prints what gotb reads (want " + one_line(want) + " got " +
                             one_line(r.out) + ")");
    // Whole arrays, byte for byte.
    gotb::TablebaseReader reader(file);
    for (const char* array : {"upper", "lower"}) {
      const fs::path bin = dir / (std::string(array) + ".bin");
      gotb::test::ShellRun d = sh(env + python + " -c \"import h5py,sys; f=h5py.File(sys.argv[1],'r'); "
                                "open(sys.argv[2],'wb').write(f['/values/" +
                 array + "'][:].tobytes())\" '" + file + "' '" + bin.string() + "'");
      const std::vector<std::int8_t> values = reader.read_array(array);
      const std::string got = slurp(bin);
      check(d.code == 0 && got.size() == values.size() &&
                std::equal(got.begin(), got.end(), reinterpret_cast<const char*>(values.data())),
            name + ": h5py reads /values/" + array + " as gotb does (" + std::to_string(got.size()) + " bytes)");
    }
    gotb::test::ShellRun none = sh("HDF5_PLUGIN_PATH='" + (dir / "no-plugins").string() + "' " + python + " '" + script.string() +
                  "' '" + file + "'");
    check(none.code != 0, name + ": without the plugin h5py cannot decode the values");
  }
  fs::remove_all(dir);
  std::cout << (gotb::test::check_failures() ? "FAILED" : "all checks passed") << "\n";
  return gotb::test::check_failures() ? 1 : 0;
}
