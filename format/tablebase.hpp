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
//  - thread safety: every reader and writer call that touches HDF5 or the
//    chunk cache takes one process-wide lock (HDF5 is not reentrant), so a
//    TablebaseReader may be shared between threads, but probes do not run
//    in parallel. Threads that need parallel lookups should read_array()
//    once and index the vector.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "core/board.hpp"

namespace gotb {

// The on-disk format version this build writes and the only one it reads
// (docs/format.md, "Versioning").
inline constexpr int kTablebaseFormatVersion = 1;
// Values per chunk unless WriteOptions says otherwise: 256 Ki values keeps a
// cold probe() (one chunk read, decompressed and hashed) near half a
// millisecond (1 Mi: ~2 ms) while compressing within ~1% of 1 Mi chunks on
// run-structured data (benchmarks/format_bench.cpp; docs/format.md).
inline constexpr std::uint64_t kDefaultChunkValues = std::uint64_t{1} << 18;
// zstd level unless WriteOptions says otherwise. On run-structured int8
// data, level 7 stores ~4% more than level 19 but compresses ~40x faster
// (19 manages ~1-2 MB/s per core: a minute of CPU for a 3^16-state pair of
// arrays); decompression speed is the same (benchmarks/format_bench.cpp).
inline constexpr int kDefaultZstdLevel = 7;

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
// Throws TablebaseError (naming the file) on invalid metadata or arrays
// (sizes differing from state_count, bad names, unparsable board or rules)
// and on any I/O failure; the destination is then left untouched. Empty
// generator_version / git_revision / created are filled in (GOTB_VERSION,
// GOTB_GIT_REVISION, current UTC time). board and rules are stored in
// canonical form (Board::spec(), RuleSet::to_string()).
void write_tablebase(const std::string& path, const Tablebase& tb, int zstd_level = kDefaultZstdLevel);

// Throws TablebaseError unless `path` may receive a tablebase: non-empty,
// and either absent or an existing regular file (not a symbolic link).
// The writer's atomic rename replaces whatever the name points at, so a
// device (/dev/null), directory, FIFO or link there is refused instead.
// The writer calls it; front ends call it before a long generation too.
void check_output_path(const std::string& path);

struct WriteOptions {
  int zstd_level = kDefaultZstdLevel;               // 1..22
  std::uint64_t chunk_values = kDefaultChunkValues;  // 1 .. 2^31
  int threads = 0;                                   // compression threads; 0 = oneTBB's default
  // The board to describe in the file; when null, Board::parse(meta.board)
  // (for graph:FILE boards that reads FILE again).
  const Board* board = nullptr;
};

// A value array that the caller keeps in memory (no copy into Tablebase):
// lets the generator write its own buffers without doubling peak memory.
struct TablebaseArrayView {
  std::string name;
  const std::int8_t* data = nullptr;
  std::uint64_t size = 0;
  // A stream array: a byte stream of its own length (any size >= 1), not
  // one value per state; its meaning is defined by the value encoding
  // (docs/format.md, "Stream arrays"). Value arrays (the default) must have
  // state_count entries.
  bool stream = false;
};

void write_tablebase(const std::string& path, const Tablebase& tb, const WriteOptions& options);
void write_tablebase(const std::string& path, const TablebaseMeta& meta,
                     const std::vector<TablebaseArrayView>& arrays, const WriteOptions& options = {});

// What `gotb info` shows about one array.
struct TablebaseArrayInfo {
  std::string name;
  std::uint64_t values = 0;        // = state_count
  std::uint64_t chunk_values = 0;  // values per chunk (the last chunk may hold fewer)
  std::uint64_t chunks = 0;
  std::uint64_t stored_bytes = 0;  // compressed bytes of all chunks in the file
  std::uint64_t xxh64 = 0;         // whole-array checksum
  std::string filter;              // e.g. "zstd level 19" (docs/format.md)
};

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

  // Additions beyond the first API draft.
  const std::string& path() const;
  // The board the file describes, rebuilt from the stored graph (graph
  // boards need no graph file) and checked against meta().board.
  const Board& board() const;
  // Index of an array for the faster probe overload; throws TablebaseError
  // if the file has no array of that name.
  int array_id(std::string_view array) const;
  std::int8_t probe(int array_id, std::uint64_t index);
  // Values [first, first + count) of an array, read like probe(): each
  // chunk they touch is verified on first use and cached. Throws
  // TablebaseError on a range outside the array or a corrupt chunk (out
  // may then be partly written). The whole-array checksum is not checked
  // (read_array or verify_all do that); the per-chunk ones are.
  void read_range(int array_id, std::uint64_t first, std::uint64_t count, std::int8_t* out);
  // Values (bytes) of an array: state_count, or a stream array's length.
  std::uint64_t array_length(int array_id) const;
  std::vector<TablebaseArrayInfo> array_info() const;
  std::uint64_t file_bytes() const;
  // Like verify_all(), but goes on past a bad chunk: one message per
  // problem (each naming array and chunk), in array and chunk order; empty
  // when every checksum matches. Throws only if the file cannot be read at
  // all.
  std::vector<std::string> verify_report();
  // How many decompressed chunks probe() keeps (least recently used are
  // dropped first); default 8, at least 1.
  void set_cache_chunks(std::size_t n);

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace gotb
