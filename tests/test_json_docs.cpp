// docs/json.md promises stable field names for `solve`, `pv` and `query`
// --json. These tests hold the document and the program to each other:
// every key the program prints (at any depth) is named in its section, and
// every field a section's table lists is printed. Renaming a field without
// the document, or documenting one that is not there, fails here.
#include <unistd.h>

#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>

#include "tests/cli_runner.hpp"

using gotb::test::run_gotb;
namespace fs = std::filesystem;

namespace {

std::string json_doc() {
  std::ifstream in(std::string(GOTB_SOURCE_DIR) + "/docs/json.md");
  std::ostringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

// The text from the heading line that starts with `heading` to the next
// heading of level 1 or 2.
std::string section(const std::string& doc, const std::string& heading) {
  std::size_t start = doc.find(heading);
  REQUIRE(start != std::string::npos);
  std::size_t end = doc.find("\n## ", start + heading.size());
  return doc.substr(start, end == std::string::npos ? std::string::npos : end - start);
}

// Every `word` in backticks.
std::set<std::string> backticked(const std::string& text) {
  std::set<std::string> out;
  for (std::size_t i = text.find('`'); i != std::string::npos; i = text.find('`', i + 1)) {
    std::size_t j = text.find('`', i + 1);
    if (j == std::string::npos) break;
    out.insert(text.substr(i + 1, j - i - 1));
    i = j;
  }
  return out;
}

// The backticked names in the first column of the section's tables.
std::set<std::string> table_fields(const std::string& text) {
  std::set<std::string> out;
  std::istringstream in(text);
  std::string line;
  while (std::getline(in, line)) {
    if (line.rfind("| `", 0) != 0) continue;
    std::string first = line.substr(1, line.find('|', 1) - 1);
    for (const auto& w : backticked(first)) out.insert(w);
  }
  return out;
}

void collect_keys(const nlohmann::json& j, std::set<std::string>& keys) {
  if (j.is_object()) {
    for (auto it = j.begin(); it != j.end(); ++it) {
      keys.insert(it.key());
      collect_keys(it.value(), keys);
    }
  } else if (j.is_array()) {
    for (const auto& x : j) collect_keys(x, keys);
  }
}

std::set<std::string> keys_of(const std::string& args) {
  auto r = run_gotb(args);
  INFO(args << "\n" << r.out);
  REQUIRE(r.exit_code == 0);
  std::set<std::string> keys;
  collect_keys(nlohmann::json::parse(r.out), keys);
  return keys;
}

void check_documented(const std::set<std::string>& printed, const std::string& sec) {
  const std::set<std::string> named = backticked(sec);
  for (const auto& k : printed) {
    INFO("printed field '" << k << "' is not named in its docs/json.md section");
    CHECK(named.count(k) == 1);
  }
  for (const auto& f : table_fields(sec)) {
    INFO("docs/json.md lists field '" << f << "', which the program does not print");
    CHECK(printed.count(f) == 1);
  }
}

}  // namespace

TEST_CASE("docs/json.md names every field of solve --json, and only those", "[json][cli][docs]") {
  std::set<std::string> printed = keys_of("solve -b 1x3 --komi 0.5 --method reference --json");
  std::set<std::string> search = keys_of("solve -b 1x3 --komi 0.5 --json");  // auto: the search
  printed.insert(search.begin(), search.end());  // `counters` comes with the search
  CHECK(printed.count("counters") == 1);
  // The optional fields of the shared result object come with tablebase
  // answers (`query` prints the same object plus `file`, `file_kind`).
  const fs::path dir = fs::temp_directory_path() / ("gotb-json-docs-s-" + std::to_string(::getpid()));
  fs::create_directories(dir);
  const std::string file = (dir / "1x3.h5").string();
  REQUIRE(run_gotb("generate -q -b 1x3 -r tromp-taylor:no-suicide -o " + file).exit_code == 0);
  std::set<std::string> query = keys_of("query " + file + " --moves B1 --json");
  fs::remove_all(dir);
  query.erase("file");
  query.erase("file_kind");
  CHECK(query.count("fixpoints") == 1);
  printed.insert(query.begin(), query.end());
  const std::string doc = json_doc();
  check_documented(printed, section(doc, "# JSON output"));
}

TEST_CASE("docs/json.md names every field of pv --json, and only those", "[json][cli][docs][pv]") {
  check_documented(keys_of("pv -b 1x3 --moves B1 --json"), section(json_doc(), "## `gotb pv --json`"));
}

TEST_CASE("docs/json.md names every field of query --json, and only those", "[json][cli][docs][retrograde]") {
  const fs::path dir = fs::temp_directory_path() / ("gotb-json-docs-" + std::to_string(::getpid()));
  fs::create_directories(dir);
  const std::string file = (dir / "1x3.h5").string();
  REQUIRE(run_gotb("generate -q -b 1x3 -r tromp-taylor:no-suicide -o " + file).exit_code == 0);
  // After "B1 pass" a move ends the game and others do not: every field shows.
  std::set<std::string> printed = keys_of("query " + file + " --moves 'B1 pass' --json");
  fs::remove_all(dir);
  check_documented(printed, section(json_doc(), "## `gotb query FILE --json`"));
}

TEST_CASE("docs/json.md names every field of a stopped solve --json, and only those", "[json][cli][docs]") {
  // Exit 3 (the stop) with the stopped result object on stdout; stderr
  // (the text message) is dropped here.
  auto r = run_gotb("solve -b 3x3 --method search --ordering history --no-move-values --no-pv --node-limit 3400 "
                    "--json 2>/dev/null; }",
                    "{ ");
  INFO(r.out);
  REQUIRE(r.exit_code == 3);
  std::set<std::string> keys;
  collect_keys(nlohmann::json::parse(r.out), keys);
  check_documented(keys, section(json_doc(), "## `gotb solve --json` stopped by a limit"));
}
