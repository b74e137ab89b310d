// The tablebase file API: what a file holds, independent of HDF5, and the
// writer / reader the generator and the query front ends use.
//
// Contract (docs/format.md specifies the on-disk layout):
//  - one file per (board, ruleset, komi); one or more value arrays, each one
//    int8 per dense state index (the index scheme and value encoding are
//    named in the metadata and documented by the generator);
//  - the reader validates the format version, the metadata and every
//    chunk's checksum before a value leaves it; a truncated, corrupt or
//    wrong-version file raises TablebaseError with a message naming the file
//    and the problem. It never returns a value it has not verified.
//  - thread safety: a TablebaseReader may be shared between threads only if
//    the caller serialises probe() calls (HDF5 serial build).
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace gotb {

class TablebaseError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

struct TablebaseMeta {
  int format_version = 1;
  std::string board;            // Board::spec()
  std::string rules;            // RuleSet::to_string()
  double komi = 0;
  std::string index_scheme;     // e.g. "tt-rank3-v1" (defined by the generator)
  std::string symmetry_scheme;  // e.g. "canonical-min-rank/8"
  std::string value_encoding;   // e.g. "int8-half-points-v1"
  std::string generator_version, git_revision, created;  // created: ISO 8601 UTC
  std::uint64_t state_count = 0;
  std::map<std::string, std::string> extra;  // solver statistics and other facts
};

struct TablebaseArray {
  std::string name;                 // e.g. "lower", "upper"
  std::vector<std::int8_t> values;  // state_count entries
};

struct Tablebase {
  TablebaseMeta meta;
  std::vector<TablebaseArray> arrays;
};

// Writes atomically (temporary file, then rename). zstd_level 1..22.
void write_tablebase(const std::string& path, const Tablebase& tb, int zstd_level = 19);

class TablebaseReader {
 public:
  explicit TablebaseReader(const std::string& path);  // throws TablebaseError
  ~TablebaseReader();
  TablebaseReader(const TablebaseReader&) = delete;
  TablebaseReader& operator=(const TablebaseReader&) = delete;

  const TablebaseMeta& meta() const;
  std::vector<std::string> array_names() const;
  // One value; reads and verifies its chunk on first use (chunks are cached).
  std::int8_t probe(std::string_view array, std::uint64_t index);
  std::vector<std::int8_t> read_array(std::string_view array);
  // Re-checks every chunk checksum of every array; throws on the first bad one.
  void verify_all();

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace gotb
