// Tablebase files: HDF5 layout, zstd chunks, XXH64 checksums. The layout is
// specified in docs/format.md; keep the two in step.
#include "format/tablebase.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zstd.h>
#include <zstd_errors.h>

#include <algorithm>
#include <cctype>
#include <atomic>
#include <cerrno>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <ctime>
#include <random>
#include <optional>
#include <set>
#include <tbb/enumerable_thread_specific.h>
#include <tbb/parallel_pipeline.h>
#include <tbb/task_arena.h>

#include "core/numbers.hpp"
#include "core/rules/ruleset.hpp"
#include "format/h5util.hpp"
#include "format/h5zstd.hpp"
#include "format/metadata_hash.hpp"
#include "format/xxh64.hpp"
#include "gotb_version.hpp"

namespace gotb {
namespace {

using h5::Hid;

// Holds the HDF5 lock and silences error printing on this thread.
struct H5Lock {
  std::lock_guard<std::recursive_mutex> guard{h5::hdf5_mutex()};
  H5Lock() { h5::quiet_thread(); }
};

constexpr const char* kMagic = "gotb-tablebase";
constexpr const char* kChecksumAlgorithm = "xxh64";
constexpr std::uint64_t kMaxChunkValues = std::uint64_t{1} << 31;

std::string quoted(const std::string& s) { return "'" + s + "'"; }

std::string hex(std::uint64_t v) {
  char buf[24];
  std::snprintf(buf, sizeof buf, "0x%016llx", static_cast<unsigned long long>(v));
  return buf;
}

// Checksum of a checksum table: XXH64 of its little-endian bytes.
std::uint64_t table_hash(const std::vector<std::uint64_t>& v) {
  std::vector<unsigned char> bytes(v.size() * 8);
  for (size_t i = 0; i < v.size(); ++i)
    for (int b = 0; b < 8; ++b) bytes[8 * i + b] = static_cast<unsigned char>(v[i] >> (8 * b));
  return xxh64(bytes.data(), bytes.size());
}

bool valid_array_name(const std::string& s) {
  if (s.empty() || s.size() > 64) return false;
  return std::all_of(s.begin(), s.end(), [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '-';
  });
}

bool valid_extra_key(const std::string& s) {
  if (s.empty() || s.size() > 256 || s == ".") return false;
  return std::all_of(s.begin(), s.end(), [](char c) { return c > ' ' && c < 127 && c != '/'; });
}

std::string utc_now() {
  std::time_t t = std::time(nullptr);
  std::tm tm{};
  gmtime_r(&t, &tm);
  char buf[32];
  std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", &tm);
  return buf;
}

// Edges of the board graph, each once as (p, q) with p < q, in order.
std::vector<std::pair<int, int>> board_edges(const Board& b) {
  std::vector<std::pair<int, int>> e;
  for (int p = 0; p < b.size(); ++p)
    for (int q = p + 1; q < b.size(); ++q)
      if (b.neighbours(p) & (Mask{1} << q)) e.emplace_back(p, q);
  return e;
}

std::vector<std::string> point_names(const Board& b) {
  std::vector<std::string> v;
  for (int p = 0; p < b.size(); ++p) v.push_back(b.point_name(p));
  return v;
}

bool is_graph_spec(const std::string& spec) {
  if (spec.size() < 6) return false;
  std::string head = spec.substr(0, 6);
  for (auto& c : head) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return head == "graph:";
}

struct ZstdCCtx {
  ZSTD_CCtx* p = ZSTD_createCCtx();
  ~ZstdCCtx() { ZSTD_freeCCtx(p); }
  std::vector<std::int8_t> pad;  // the zero-padded last chunk
};
struct ZstdDCtx {
  ZSTD_DCtx* p = ZSTD_createDCtx();
  ~ZstdDCtx() { ZSTD_freeDCtx(p); }
  std::vector<std::int8_t> scratch;
};

std::size_t pipeline_tokens() { return 2 * static_cast<std::size_t>(tbb::this_task_arena::max_concurrency()) + 2; }

// ---------------------------------------------------------------------------
// Writer

class Writer {
 public:
  Writer(std::string path, const TablebaseMeta& meta, const std::vector<TablebaseArrayView>& arrays,
         const WriteOptions& opt)
      : path_(std::move(path)), meta_(meta), arrays_(arrays), opt_(opt) {}

  void run() {
    validate();
    H5Lock lock;
    try {
      h5::hdf5_init();
    } catch (const std::exception& e) {
      fail(e.what());
    }
    tmp_ = temp_name();
    try {
      write_file();
      sync_file(tmp_);
      if (std::rename(tmp_.c_str(), path_.c_str()) != 0) fail("cannot rename the temporary file into place: " + errno_text());
      sync_dir();
    } catch (...) {
      std::remove(tmp_.c_str());
      throw;
    }
  }

 private:
  [[noreturn]] void fail(const std::string& why) const {
    throw TablebaseError("cannot write tablebase " + quoted(path_) + ": " + why);
  }
  [[noreturn]] void fail_h5(const std::string& what) const {
    std::string err = h5::take_error();
    fail(what + (err.empty() ? "" : " (HDF5: " + err + ")"));
  }
  static std::string errno_text() { return std::strerror(errno); }

  void validate() {
    check_output_path(path_);
    if (meta_.format_version != kTablebaseFormatVersion)
      fail("this gotb writes format version " + std::to_string(kTablebaseFormatVersion) + ", not " +
           std::to_string(meta_.format_version));
    if (opt_.zstd_level < 1 || opt_.zstd_level > ZSTD_maxCLevel())
      fail("zstd level must be 1.." + std::to_string(ZSTD_maxCLevel()));
    if (opt_.chunk_values < 1 || opt_.chunk_values > kMaxChunkValues) fail("chunk size must be 1..2^31 values");
    if (arrays_.empty()) fail("a tablebase needs at least one value array");
    std::set<std::string> names;
    for (const auto& a : arrays_) {
      if (!valid_array_name(a.name))
        fail("array name " + quoted(a.name) + " must be 1..64 characters from A-Z a-z 0-9 _ -");
      if (!names.insert(a.name).second) fail("array name " + quoted(a.name) + " is used twice");
      if (a.stream && a.size == 0) fail("stream array " + quoted(a.name) + " is empty");
      if (!a.stream && a.size != meta_.state_count)
        fail("array " + quoted(a.name) + " has " + std::to_string(a.size) + " values but state_count is " +
             std::to_string(meta_.state_count));
      if (a.size && !a.data) fail("array " + quoted(a.name) + " has no data");
    }
    auto need = [&](const std::string& v, const char* what) {
      if (v.empty()) fail(std::string(what) + " is empty");
    };
    need(meta_.board, "board");
    need(meta_.rules, "rules");
    need(meta_.index_scheme, "index_scheme");
    need(meta_.symmetry_scheme, "symmetry_scheme");
    need(meta_.value_encoding, "value_encoding");
    if (!std::isfinite(meta_.komi)) fail("komi must be a finite number");
    for (const auto& [k, v] : meta_.extra)
      if (!valid_extra_key(k)) fail("extra key " + quoted(k) + " must be printable ASCII without spaces or '/'");
    try {
      if (opt_.board) {
        if (opt_.board->spec() != meta_.board)
          fail("the board given (" + opt_.board->spec() + ") is not meta.board (" + meta_.board + ")");
        board_.emplace(*opt_.board);
      } else {
        board_.emplace(Board::parse(meta_.board));
      }
      // Canonical texts, so that readers can compare them with what a user
      // types after parsing it the same way.
      meta_.board = board_->spec();
      meta_.rules = RuleSet::parse(meta_.rules).to_string();
    } catch (const TablebaseError&) {
      throw;
    } catch (const std::exception& e) {
      fail(e.what());
    }
    if (meta_.generator_version.empty()) meta_.generator_version = GOTB_VERSION;
    if (meta_.git_revision.empty()) meta_.git_revision = GOTB_GIT_REVISION;
    if (meta_.created.empty()) meta_.created = utc_now();
  }

  // Same directory as the destination so that rename() is atomic.
  std::string temp_name() const {
    std::random_device rd;
    return path_ + ".tmp-" + std::to_string(::getpid()) + "-" + std::to_string(rd() & 0xffffff);
  }

  void write_file() {
    Hid fapl(H5Pcreate(H5P_FILE_ACCESS), H5Pclose);
    // Low bound 1.10: superblock v3, v2 object headers and the fixed-array
    // chunk index, all of which carry checksums, so HDF5 itself detects
    // damaged metadata. Readers need HDF5 >= 1.10.
    if (!fapl.valid() || H5Pset_libver_bounds(fapl.get(), H5F_LIBVER_V110, H5F_LIBVER_V110) < 0 ||
        H5Pset_fclose_degree(fapl.get(), H5F_CLOSE_STRONG) < 0)
      fail_h5("cannot set up the file access properties");
    // No modification times in object headers: equal content gives an equal
    // file (a resumed generation is byte-identical to an uninterrupted one).
    Hid fcpl(H5Pcreate(H5P_FILE_CREATE), H5Pclose);
    gcpl_ = Hid(H5Pcreate(H5P_GROUP_CREATE), H5Pclose);
    if (!fcpl.valid() || !gcpl_.valid() || H5Pset_obj_track_times(fcpl.get(), false) < 0 ||
        H5Pset_obj_track_times(gcpl_.get(), false) < 0)
      fail_h5("cannot set up the file creation properties");
    Hid file(H5Fcreate(tmp_.c_str(), H5F_ACC_EXCL, fcpl.get(), fapl.get()), H5Fclose);
    if (!file.valid()) fail_h5("cannot create " + quoted(tmp_));
    hid_t f = file.get();

    const Board& b = *board_;
    bool ok = h5::write_string(f, "gotb_format", kMagic) &&
              h5::write_i32(f, "format_version", kTablebaseFormatVersion) &&
              h5::write_string(f, "board", meta_.board) && h5::write_i32(f, "board_rows", b.rows()) &&
              h5::write_i32(f, "board_cols", b.cols()) && h5::write_i32(f, "board_points", b.size()) &&
              h5::write_pairs(f, "board_edges", board_edges(b)) &&
              h5::write_strings(f, "board_point_names", point_names(b)) &&
              h5::write_string(f, "rules", meta_.rules) && h5::write_f64(f, "komi", meta_.komi) &&
              h5::write_string(f, "index_scheme", meta_.index_scheme) &&
              h5::write_string(f, "symmetry_scheme", meta_.symmetry_scheme) &&
              h5::write_string(f, "value_encoding", meta_.value_encoding) &&
              h5::write_string(f, "generator_version", meta_.generator_version) &&
              h5::write_string(f, "git_revision", meta_.git_revision) &&
              h5::write_string(f, "created", meta_.created) && h5::write_u64(f, "state_count", meta_.state_count) &&
              h5::write_string(f, "checksum_algorithm", kChecksumAlgorithm);
    if (!ok) fail_h5("cannot write the root attributes");

    Hid extra(H5Gcreate2(f, "extra", H5P_DEFAULT, gcpl_.get(), H5P_DEFAULT), H5Gclose);
    if (!extra.valid()) fail_h5("cannot create group /extra");
    for (const auto& [k, v] : meta_.extra)
      if (!h5::write_string(extra.get(), k.c_str(), v)) fail_h5("cannot write extra attribute " + quoted(k));

    Hid values(H5Gcreate2(f, "values", H5P_DEFAULT, gcpl_.get(), H5P_DEFAULT), H5Gclose);
    Hid sums(H5Gcreate2(f, "chunk_xxh64", H5P_DEFAULT, gcpl_.get(), H5P_DEFAULT), H5Gclose);
    if (!values.valid() || !sums.valid()) fail_h5("cannot create the array groups");

    std::uint64_t n = meta_.state_count;
    chunk_ = std::min<std::uint64_t>(opt_.chunk_values, std::max<std::uint64_t>(n, 1));
    std::vector<std::string> names;
    std::vector<std::uint64_t> whole, lengths;
    bool streams = false;
    for (const auto& a : arrays_) {
      names.push_back(a.name);
      whole.push_back(write_array(values.get(), sums.get(), a));
      lengths.push_back(a.size);
      streams = streams || a.stream;
    }
    if (!h5::write_u64(f, "chunk_values", chunk_) || !h5::write_strings(f, "arrays", names) ||
        !h5::write_u64s(f, "array_xxh64", whole))
      fail_h5("cannot write the array list");
    // Only files with stream arrays carry the lengths (docs/format.md).
    if (streams && !h5::write_u64s(f, "array_values", lengths)) fail_h5("cannot write the array lengths");
    values.reset();
    sums.reset();
    extra.reset();
    // Last: the checksum over every attribute and object written above.
    if (!h5::reseal_metadata(f)) fail_h5("cannot write the metadata checksum");
    if (H5Fflush(f, H5F_SCOPE_GLOBAL) < 0) fail_h5("cannot flush " + quoted(tmp_));
    if (!file.close()) fail_h5("cannot close " + quoted(tmp_));
  }

  // Writes /values/<name> and /chunk_xxh64/<name>; returns the whole-array
  // checksum.
  std::uint64_t write_array(hid_t values, hid_t sums, const TablebaseArrayView& a) {
    // A stream array's chunks are as long as the value arrays' (or the
    // whole stream when shorter): the reader derives them the same way.
    const std::uint64_t n = a.size, C = std::min<std::uint64_t>(chunk_, std::max<std::uint64_t>(n, 1));
    const std::uint64_t nchunks = (n + C - 1) / C;
    hsize_t dims = n, cdims = C;
    Hid space(H5Screate_simple(1, &dims, nullptr), H5Sclose);
    Hid dcpl(H5Pcreate(H5P_DATASET_CREATE), H5Pclose);
    unsigned cd[1] = {static_cast<unsigned>(opt_.zstd_level)};
    std::int8_t fill = 0;
    if (!space.valid() || !dcpl.valid() || H5Pset_obj_track_times(dcpl.get(), false) < 0 ||
        H5Pset_chunk(dcpl.get(), 1, &cdims) < 0 ||
        H5Pset_filter(dcpl.get(), h5::kZstdFilterId, H5Z_FLAG_MANDATORY, 1, cd) < 0 ||
        H5Pset_fill_value(dcpl.get(), H5T_NATIVE_INT8, &fill) < 0)
      fail_h5("cannot set up dataset " + quoted(a.name));
    Hid dset(H5Dcreate2(values, a.name.c_str(), H5T_STD_I8LE, space.get(), H5P_DEFAULT, dcpl.get(), H5P_DEFAULT),
             H5Dclose);
    if (!dset.valid()) fail_h5("cannot create dataset /values/" + a.name);

    std::vector<std::uint64_t> chunk_hash(nchunks);
    Xxh64 whole;
    struct Piece {
      std::uint64_t k = 0;
      std::vector<char> frame;
    };
    tbb::enumerable_thread_specific<ZstdCCtx> cctxs;
    const int level = opt_.zstd_level;
    std::uint64_t next = 0;
    auto body = [&] {
      tbb::parallel_pipeline(
          pipeline_tokens(),
          tbb::make_filter<void, std::uint64_t>(tbb::filter_mode::serial_in_order,
                                                [&](tbb::flow_control& fc) -> std::uint64_t {
                                                  if (next >= nchunks) {
                                                    fc.stop();
                                                    return 0;
                                                  }
                                                  return next++;
                                                }) &
              tbb::make_filter<std::uint64_t, Piece>(
                  tbb::filter_mode::parallel,
                  [&](std::uint64_t k) {
                    ZstdCCtx& z = cctxs.local();
                    if (!z.p) throw TablebaseError("out of memory for a zstd context");
                    const std::uint64_t start = k * C, len = std::min(C, n - start);
                    const std::int8_t* src = a.data + start;
                    if (len < C) {  // HDF5 stores edge chunks at full size
                      z.pad.assign(C, 0);
                      std::memcpy(z.pad.data(), src, len);
                      src = z.pad.data();
                    }
                    chunk_hash[k] = xxh64(a.data + start, len);
                    Piece p{k, std::vector<char>(ZSTD_compressBound(C))};
                    ZSTD_CCtx_reset(z.p, ZSTD_reset_session_and_parameters);
                    ZSTD_CCtx_setParameter(z.p, ZSTD_c_compressionLevel, level);
                    ZSTD_CCtx_setParameter(z.p, ZSTD_c_contentSizeFlag, 1);
                    ZSTD_CCtx_setParameter(z.p, ZSTD_c_checksumFlag, 1);
                    size_t got = ZSTD_compress2(z.p, p.frame.data(), p.frame.size(), src, C);
                    if (ZSTD_isError(got)) throw TablebaseError(std::string("zstd: ") + ZSTD_getErrorName(got));
                    p.frame.resize(got);
                    return p;
                  }) &
              tbb::make_filter<Piece, void>(tbb::filter_mode::serial_in_order, [&](Piece p) {
                h5::quiet_thread();  // may run on a TBB worker
                hsize_t off = p.k * C;
                if (H5Dwrite_chunk(dset.get(), H5P_DEFAULT, 0, &off, p.frame.size(), p.frame.data()) < 0)
                  fail_h5("cannot write chunk " + std::to_string(p.k) + " of array " + quoted(a.name));
                const std::uint64_t len = std::min<std::uint64_t>(C, n - off);
                whole.update(a.data + off, len);
              }));
    };
    try {
      if (opt_.threads > 0) {
        tbb::task_arena arena(opt_.threads);
        arena.execute(body);
      } else {
        body();
      }
    } catch (const TablebaseError& e) {
      std::string msg = e.what();
      if (msg.rfind("cannot write tablebase", 0) == 0) throw;
      fail(msg);
    }
    if (!dset.close()) fail_h5("cannot close dataset /values/" + a.name);

    hsize_t sdims = nchunks;
    Hid sspace(H5Screate_simple(1, &sdims, nullptr), H5Sclose);
    Hid sdcpl(H5Pcreate(H5P_DATASET_CREATE), H5Pclose);
    if (!sdcpl.valid() || H5Pset_obj_track_times(sdcpl.get(), false) < 0)
      fail_h5("cannot set up the checksum table of array " + quoted(a.name));
    Hid sset(H5Dcreate2(sums, a.name.c_str(), H5T_STD_U64LE, sspace.get(), H5P_DEFAULT, sdcpl.get(), H5P_DEFAULT),
             H5Dclose);
    if (!sset.valid() ||
        (nchunks && H5Dwrite(sset.get(), H5T_NATIVE_UINT64, H5S_ALL, H5S_ALL, H5P_DEFAULT, chunk_hash.data()) < 0) ||
        !h5::write_u64(sset.get(), "xxh64", table_hash(chunk_hash)) || !sset.close())
      fail_h5("cannot write the chunk checksums of array " + quoted(a.name));
    return whole.digest();
  }

  void sync_file(const std::string& p) const {
    int fd = ::open(p.c_str(), O_RDONLY);
    if (fd < 0 || ::fsync(fd) != 0) {
      std::string why = errno_text();
      if (fd >= 0) ::close(fd);
      fail("cannot sync " + quoted(p) + ": " + why);
    }
    ::close(fd);
  }

  // Makes the rename itself durable; failure here is not fatal (the file is
  // complete and in place, some file systems refuse fsync on directories).
  void sync_dir() const {
    std::string dir = path_;
    auto slash = dir.find_last_of('/');
    dir = slash == std::string::npos ? "." : (slash == 0 ? "/" : dir.substr(0, slash));
    int fd = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY);
    if (fd >= 0) {
      ::fsync(fd);
      ::close(fd);
    }
  }

  std::string path_;
  TablebaseMeta meta_;
  const std::vector<TablebaseArrayView>& arrays_;
  WriteOptions opt_;
  std::optional<Board> board_;
  std::string tmp_;
  std::uint64_t chunk_ = 0;
  Hid gcpl_;  // group creation properties (no time tracking)
};

}  // namespace

void check_output_path(const std::string& path) {
  if (path.empty()) throw TablebaseError("cannot write tablebase: the output file name is empty");
  struct stat st {};
  if (::lstat(path.c_str(), &st) != 0) {
    if (errno == ENOENT) return;
    throw TablebaseError("cannot write tablebase " + quoted(path) + ": " + std::strerror(errno));
  }
  if (S_ISLNK(st.st_mode))
    throw TablebaseError("cannot write tablebase " + quoted(path) +
                         ": it is a symbolic link (gotb replaces only regular files; remove it or name the target)");
  if (!S_ISREG(st.st_mode))
    throw TablebaseError("cannot write tablebase " + quoted(path) + ": it exists and is not a regular file (" +
                         (S_ISDIR(st.st_mode) ? "a directory" : "a device, FIFO or socket") +
                         "); gotb replaces only regular files");
}

void write_tablebase(const std::string& path, const TablebaseMeta& meta,
                     const std::vector<TablebaseArrayView>& arrays, const WriteOptions& options) {
  Writer(path, meta, arrays, options).run();
}

void write_tablebase(const std::string& path, const Tablebase& tb, const WriteOptions& options) {
  std::vector<TablebaseArrayView> views;
  for (const auto& a : tb.arrays) views.push_back({a.name, a.values.data(), a.values.size()});
  write_tablebase(path, tb.meta, views, options);
}

void write_tablebase(const std::string& path, const Tablebase& tb, int zstd_level) {
  WriteOptions o;
  o.zstd_level = zstd_level;
  write_tablebase(path, tb, o);
}

// ---------------------------------------------------------------------------
// Reader

struct TablebaseReader::Impl {
  struct Array {
    std::string name;
    Hid dset;
    std::uint64_t n = 0, chunk = 0, chunks = 0;
    std::vector<std::uint64_t> chunk_hash;
    std::uint64_t xxh64 = 0;
    bool direct = false;  // chunks are single zstd frames readable with H5Dread_chunk
    std::string filter;
  };
  struct CacheEntry {
    int array = -1;
    std::uint64_t k = 0, stamp = 0;
    std::vector<std::int8_t> data;
  };
  // A chunk as fetched from the file: either a zstd frame (direct) or the
  // values HDF5 decoded through its own filter pipeline.
  struct Raw {
    std::uint64_t k = 0;
    std::vector<char> bytes;
    bool decoded = false;
    std::vector<std::int8_t> values;  // filled by decode when not writing in place
    std::string error;                // set instead of throwing when streaming collects errors
  };

  std::string path;
  Hid file;
  TablebaseMeta meta;
  std::optional<Board> board;
  std::vector<Array> arrays;
  std::uint64_t file_bytes = 0;
  std::vector<CacheEntry> cache;
  std::size_t cache_cap = 8, mru = 0;
  std::uint64_t clock = 0;
  ZstdDCtx dctx;

  [[noreturn]] void fail(const std::string& why) const {
    throw TablebaseError("tablebase " + quoted(path) + ": " + why);
  }
  [[noreturn]] void corrupt(const Array& a, std::uint64_t k, const std::string& why) const {
    std::uint64_t first = k * a.chunk, last = std::min(a.n, first + a.chunk) - 1;
    fail("array " + quoted(a.name) + " chunk " + std::to_string(k) + " (values " + std::to_string(first) + ".." +
         std::to_string(last) + ") is corrupt: " + why);
  }

  explicit Impl(std::string p) : path(std::move(p)) {
    try {
      h5::hdf5_init();
    } catch (const std::exception& e) {
      fail(e.what());
    }
    open_file();
    try {
      read_meta();
      for (const auto& name : array_names) open_array(name);
    } catch (const TablebaseError&) {
      throw;
    } catch (const std::exception& e) {
      fail(e.what());
    }
  }

  std::vector<std::string> array_names;

  void open_file() {
    struct stat st {};
    if (::stat(path.c_str(), &st) != 0) fail(std::string("cannot open: ") + std::strerror(errno));
    if (!S_ISREG(st.st_mode)) fail("not a regular file");
    file_bytes = static_cast<std::uint64_t>(st.st_size);
    if (::access(path.c_str(), R_OK) != 0) fail(std::string("cannot open: ") + std::strerror(errno));
    // Before HDF5 parses anything: metadata without HDF5's checksums (what
    // h5repack writes by default) can crash the library when damaged.
    if (int sb = h5::raw_superblock_version(path); sb >= 0 && sb < 2)
      fail("its HDF5 metadata carries no checksums (superblock version " + std::to_string(sb) +
           "), as after h5repack without --low=2 --high=2; gotb refuses such files because damaged "
           "unchecksummed metadata can crash the HDF5 library (docs/format.md)");
    htri_t is = H5Fis_hdf5(path.c_str());
    if (is == 0) fail("not an HDF5 file (no HDF5 signature found)");
    if (is < 0) fail("cannot open: " + h5::take_error());
    Hid fapl(H5Pcreate(H5P_FILE_ACCESS), H5Pclose);
    H5Pset_fclose_degree(fapl.get(), H5F_CLOSE_STRONG);
    file = Hid(H5Fopen(path.c_str(), H5F_ACC_RDONLY, fapl.get()), H5Fclose);
    if (!file.valid()) {
      std::string err = h5::take_error();
      if (err.find("truncated") != std::string::npos) fail("the file is truncated (HDF5: " + err + ")");
      fail("the HDF5 file is damaged and cannot be opened (HDF5: " + err + ")");
    }
  }

  void read_meta() {
    hid_t f = file.get();
    if (!h5::has_attr(f, "gotb_format"))
      fail("not a gotb tablebase (the HDF5 file has no 'gotb_format' attribute)");
    std::string magic = h5::read_string(f, "gotb_format");
    if (magic != kMagic) fail("not a gotb tablebase (gotb_format is " + quoted(magic) + ")");
    std::int64_t version = h5::read_int(f, "format_version");
    if (version != kTablebaseFormatVersion)
      fail("format version " + std::to_string(version) + " is not supported; this gotb reads version " +
           std::to_string(kTablebaseFormatVersion) +
           (version > kTablebaseFormatVersion ? " (the file was written by a newer gotb)" : ""));
    meta.format_version = static_cast<int>(version);
    check_metadata_checksum();
    meta.board = h5::read_string(f, "board");
    meta.rules = h5::read_string(f, "rules");
    meta.komi = h5::read_f64(f, "komi");
    meta.index_scheme = h5::read_string(f, "index_scheme");
    meta.symmetry_scheme = h5::read_string(f, "symmetry_scheme");
    meta.value_encoding = h5::read_string(f, "value_encoding");
    meta.generator_version = h5::read_string(f, "generator_version");
    meta.git_revision = h5::read_string(f, "git_revision");
    meta.created = h5::read_string(f, "created");
    meta.state_count = h5::read_u64(f, "state_count");
    std::string algo = h5::read_string(f, "checksum_algorithm");
    if (algo != kChecksumAlgorithm) fail("unknown checksum algorithm " + quoted(algo));
    if (!std::isfinite(meta.komi)) fail("komi is not a finite number");
    try {
      check_komi(meta.komi);
    } catch (const std::invalid_argument& e) {
      fail(std::string("attribute 'komi': ") + e.what());
    }
    for (auto [s, what] : {std::pair{&meta.board, "board"}, {&meta.rules, "rules"},
                           {&meta.index_scheme, "index_scheme"}, {&meta.value_encoding, "value_encoding"}})
      if (s->empty()) fail(std::string("attribute '") + what + "' is empty");
    read_board();
    try {
      RuleSet::parse(meta.rules);
    } catch (const std::exception& e) {
      fail("invalid rules " + quoted(meta.rules) + ": " + e.what());
    }
    read_extra();
    array_names = h5::read_strings(f, "arrays");
    if (array_names.empty()) fail("the file lists no value arrays");
    std::set<std::string> seen;
    for (const auto& n : array_names) {
      if (!valid_array_name(n)) fail("invalid array name " + quoted(n));
      if (!seen.insert(n).second) fail("array " + quoted(n) + " is listed twice");
    }
    whole_hashes = h5::read_u64s(f, "array_xxh64");
    if (whole_hashes.size() != array_names.size())
      fail("attribute 'array_xxh64' has " + std::to_string(whole_hashes.size()) + " entries for " +
           std::to_string(array_names.size()) + " arrays");
    chunk_values = h5::read_u64(f, "chunk_values");
    if (chunk_values < 1 || chunk_values > kMaxChunkValues)
      fail("attribute 'chunk_values' (" + std::to_string(chunk_values) + ") is out of range");
    if (h5::has_attr(f, "array_values")) {
      array_lengths = h5::read_u64s(f, "array_values");
      if (array_lengths.size() != array_names.size())
        fail("attribute 'array_values' has " + std::to_string(array_lengths.size()) + " entries for " +
             std::to_string(array_names.size()) + " arrays");
      for (std::uint64_t len : array_lengths)
        if (len == 0) fail("attribute 'array_values' names an empty array");
    }
  }

  std::vector<std::uint64_t> array_lengths;  // empty: every array has state_count values

  std::vector<std::uint64_t> whole_hashes;
  std::uint64_t chunk_values = 0;

  // Every attribute and the shape of every object, against the checksum
  // the writer computed last (docs/format.md, "Metadata checksum"); before
  // any attribute's meaning is used.
  void check_metadata_checksum() {
    hid_t f = file.get();
    if (unsigned v = h5::min_object_header_version(f); v < 2)
      fail("an HDF5 object header carries no checksum (version " + std::to_string(v) +
           "), as after h5repack without --low=2 --high=2 (docs/format.md)");
    if (!h5::has_attr(f, h5::kMetadataChecksumAttr))
      fail(std::string("no metadata checksum (attribute '") + h5::kMetadataChecksumAttr +
           "'): the file was written by an older gotb or by a tool that dropped it; regenerate it");
    const std::uint64_t stored = h5::read_u64(f, h5::kMetadataChecksumAttr);
    const std::uint64_t computed = h5::metadata_xxh64(f);
    if (stored != computed)
      fail("metadata checksum mismatch: an attribute or the file's structure changed after it was written "
           "(metadata_xxh64 stored " + hex(stored) + ", computed " + hex(computed) + ")");
  }

  // Rebuilds the board from the stored graph and checks the board string
  // against it, so that a wrong board string cannot pass unnoticed.
  void read_board() {
    hid_t f = file.get();
    std::int64_t rows = h5::read_int(f, "board_rows"), cols = h5::read_int(f, "board_cols");
    std::int64_t points = h5::read_int(f, "board_points");
    auto edges = h5::read_pairs(f, "board_edges");
    auto names = h5::read_strings(f, "board_point_names");
    if (points < 1 || points > kMaxPoints) fail("attribute 'board_points' (" + std::to_string(points) + ") is out of range");
    if (static_cast<std::int64_t>(names.size()) != points)
      fail("attribute 'board_point_names' has " + std::to_string(names.size()) + " names for " +
           std::to_string(points) + " points");
    try {
      if (is_graph_spec(meta.board)) {
        board.emplace(Board::graph(meta.board.substr(6), static_cast<int>(points), edges, names));
      } else {
        board.emplace(Board::parse(meta.board));
      }
    } catch (const std::exception& e) {
      fail("invalid board " + quoted(meta.board) + ": " + e.what());
    }
    const Board& b = *board;
    if (b.size() != points || b.rows() != rows || b.cols() != cols || board_edges(b) != edges ||
        point_names(b) != names)
      fail("the board attribute " + quoted(meta.board) + " does not match the stored board graph (" +
           std::to_string(points) + " points, " + std::to_string(edges.size()) + " edges, " +
           std::to_string(rows) + "x" + std::to_string(cols) + ")");
  }

  void read_extra() {
    htri_t exists = H5Lexists(file.get(), "extra", H5P_DEFAULT);
    if (exists <= 0) fail("missing group '/extra'");
    Hid g(H5Gopen2(file.get(), "extra", H5P_DEFAULT), H5Gclose);
    if (!g.valid()) fail("cannot open group '/extra' (HDF5: " + h5::take_error() + ")");
    H5O_info_t info;
    if (H5Oget_info2(g.get(), &info, H5O_INFO_NUM_ATTRS) < 0) fail("cannot read group '/extra' (HDF5: " + h5::take_error() + ")");
    for (hsize_t i = 0; i < info.num_attrs; ++i) {
      char name[512];
      ssize_t len = H5Aget_name_by_idx(g.get(), ".", H5_INDEX_NAME, H5_ITER_INC, i, name, sizeof name, H5P_DEFAULT);
      if (len < 0 || static_cast<size_t>(len) >= sizeof name) fail("unreadable attribute name in group '/extra'");
      try {
        meta.extra[name] = h5::read_string(g.get(), name);
      } catch (const std::exception& e) {
        fail(std::string("group '/extra': ") + e.what());
      }
    }
  }

  void open_array(const std::string& name) {
    Array a;
    a.name = name;
    a.n = array_lengths.empty() ? meta.state_count : array_lengths[arrays.size()];
    a.chunk = std::min<std::uint64_t>(chunk_values, std::max<std::uint64_t>(a.n, 1));
    a.chunks = (a.n + a.chunk - 1) / a.chunk;
    a.xxh64 = whole_hashes[arrays.size()];
    std::string where = "/values/" + name;
    if (H5Lexists(file.get(), "values", H5P_DEFAULT) <= 0 || H5Lexists(file.get(), where.c_str(), H5P_DEFAULT) <= 0)
      fail("missing dataset " + quoted(where));
    a.dset = Hid(H5Dopen2(file.get(), where.c_str(), H5P_DEFAULT), H5Dclose);
    if (!a.dset.valid()) fail("cannot open dataset " + quoted(where) + " (HDF5: " + h5::take_error() + ")");
    {
      Hid t(H5Dget_type(a.dset.get()), H5Tclose);
      if (!t.valid() || H5Tget_class(t.get()) != H5T_INTEGER || H5Tget_size(t.get()) != 1 ||
          H5Tget_sign(t.get()) != H5T_SGN_2)
        fail("dataset " + quoted(where) + " is not an int8 array");
      Hid s(H5Dget_space(a.dset.get()), H5Sclose);
      hsize_t dims[2] = {0, 0};
      if (!s.valid() || H5Sget_simple_extent_ndims(s.get()) != 1 || H5Sget_simple_extent_dims(s.get(), dims, nullptr) < 0)
        fail("dataset " + quoted(where) + " is not one-dimensional");
      if (dims[0] != a.n)
        fail("dataset " + quoted(where) + " holds " + std::to_string(dims[0]) + " values, " +
             (array_lengths.empty() ? "state_count is " : "its length in 'array_values' is ") + std::to_string(a.n));
    }
    inspect_storage(a);

    std::string sums = "/chunk_xxh64/" + name;
    if (H5Lexists(file.get(), "chunk_xxh64", H5P_DEFAULT) <= 0 || H5Lexists(file.get(), sums.c_str(), H5P_DEFAULT) <= 0)
      fail("missing dataset " + quoted(sums));
    Hid sd(H5Dopen2(file.get(), sums.c_str(), H5P_DEFAULT), H5Dclose);
    if (!sd.valid()) fail("cannot open dataset " + quoted(sums) + " (HDF5: " + h5::take_error() + ")");
    Hid ss(H5Dget_space(sd.get()), H5Sclose);
    hsize_t sdims[2] = {0, 0};
    Hid st(H5Dget_type(sd.get()), H5Tclose);
    if (!ss.valid() || !st.valid() || H5Tget_class(st.get()) != H5T_INTEGER || H5Tget_size(st.get()) != 8 ||
        H5Sget_simple_extent_ndims(ss.get()) != 1 || H5Sget_simple_extent_dims(ss.get(), sdims, nullptr) < 0 ||
        sdims[0] != a.chunks)
      fail("dataset " + quoted(sums) + " must hold " + std::to_string(a.chunks) + " uint64 checksums");
    a.chunk_hash.assign(a.chunks + 1, 0);
    if (a.chunks && H5Dread(sd.get(), H5T_NATIVE_UINT64, H5S_ALL, H5S_ALL, H5P_DEFAULT, a.chunk_hash.data()) < 0)
      fail("cannot read " + quoted(sums) + " (HDF5: " + h5::take_error() + ")");
    a.chunk_hash.pop_back();
    std::uint64_t stored;
    try {
      stored = h5::read_u64(sd.get(), "xxh64");
    } catch (const std::exception& e) {
      fail("dataset " + quoted(sums) + ": " + e.what());
    }
    if (table_hash(a.chunk_hash) != stored)
      fail("the chunk checksum table of array " + quoted(name) + " is corrupt (its xxh64 does not match)");
    arrays.push_back(std::move(a));
  }

  // Decides between the fast path (read each zstd frame with
  // H5Dread_chunk, decompress it ourselves, in parallel) and HDF5's own
  // pipeline (a file someone re-packed with other chunking or filters).
  void inspect_storage(Array& a) {
    Hid dcpl(H5Dget_create_plist(a.dset.get()), H5Pclose);
    if (!dcpl.valid()) fail("cannot read the storage properties of array " + quoted(a.name));
    int nfilters = H5Pget_nfilters(dcpl.get());
    std::string desc;
    bool only_zstd = nfilters == 1;
    for (int i = 0; i < nfilters; ++i) {
      unsigned flags = 0, cd[8] = {0}, filter_config = 0;
      size_t ncd = 8;
      char fname[128] = {0};
      H5Z_filter_t id = H5Pget_filter2(dcpl.get(), static_cast<unsigned>(i), &flags, &ncd, cd, sizeof fname, fname,
                                       &filter_config);
      std::string d;
      if (id == h5::kZstdFilterId)
        d = "zstd" + (ncd > 0 ? " level " + std::to_string(static_cast<int>(cd[0])) : std::string());
      else if (id == H5Z_FILTER_DEFLATE)
        d = "gzip" + (ncd > 0 ? " level " + std::to_string(cd[0]) : std::string());
      else
        d = "filter " + std::to_string(id) + (fname[0] ? std::string(" (") + fname + ")" : "");
      if (id != h5::kZstdFilterId) only_zstd = false;
      desc += (desc.empty() ? "" : " + ") + d;
    }
    a.filter = desc.empty() ? "none" : desc;
    hsize_t cdim = 0;
    a.direct = only_zstd && H5Pget_layout(dcpl.get()) == H5D_CHUNKED && H5Pget_chunk(dcpl.get(), 1, &cdim) == 1 &&
               cdim == a.chunk;
    h5::take_error();
  }

  // --- chunk access. fetch() calls HDF5 (serial); decode() does not and may
  // run on any thread with its own zstd context.

  Raw fetch(const Array& a, std::uint64_t k) const {
    h5::quiet_thread();  // may run on a TBB worker
    Raw r;
    r.k = k;
    hsize_t off = k * a.chunk;
    if (a.direct) {
      hsize_t bytes = 0;
      if (H5Dget_chunk_storage_size(a.dset.get(), &off, &bytes) < 0)
        corrupt(a, k, "cannot locate it in the file (HDF5: " + h5::take_error() + ")");
      if (bytes == 0) corrupt(a, k, "it is missing from the file");
      if (bytes > ZSTD_compressBound(a.chunk) + 64)
        corrupt(a, k, "its stored size " + std::to_string(bytes) + " is impossible for " + std::to_string(a.chunk) +
                          " values");
      r.bytes.resize(bytes);
      std::uint32_t mask = 0;
      if (H5Dread_chunk(a.dset.get(), H5P_DEFAULT, &off, &mask, r.bytes.data()) < 0)
        corrupt(a, k, "cannot read it (HDF5: " + h5::take_error() + ")");
      if (mask != 0) corrupt(a, k, "it is stored without its zstd filter");
      return r;
    }
    hsize_t len = std::min<std::uint64_t>(a.chunk, a.n - off);
    r.decoded = true;
    r.bytes.resize(len);
    Hid fs(H5Dget_space(a.dset.get()), H5Sclose);
    Hid ms(H5Screate_simple(1, &len, nullptr), H5Sclose);
    if (!fs.valid() || !ms.valid() || H5Sselect_hyperslab(fs.get(), H5S_SELECT_SET, &off, nullptr, &len, nullptr) < 0 ||
        H5Dread(a.dset.get(), H5T_NATIVE_INT8, ms.get(), fs.get(), H5P_DEFAULT, r.bytes.data()) < 0)
      corrupt(a, k, "cannot read it (HDF5: " + h5::take_error() + ")");
    return r;
  }

  // Decodes into out (room for a.chunk values) and verifies the checksum of
  // the chunk's valid values; throws before out can be used if anything
  // does not match.
  void decode(const Array& a, const Raw& r, std::int8_t* out, ZSTD_DCtx* dctx) const {
    const std::uint64_t k = r.k, len = std::min(a.chunk, a.n - k * a.chunk);
    if (r.decoded) {
      std::memcpy(out, r.bytes.data(), len);
    } else {
      const size_t stored = r.bytes.size();
      size_t frame = ZSTD_findFrameCompressedSize(r.bytes.data(), stored);
      if (ZSTD_isError(frame)) corrupt(a, k, std::string("not a zstd frame (") + ZSTD_getErrorName(frame) + ")");
      if (frame != stored) corrupt(a, k, "trailing bytes after its zstd frame");
      unsigned long long content = ZSTD_getFrameContentSize(r.bytes.data(), stored);
      if (content != a.chunk)
        corrupt(a, k, "its zstd frame does not declare the chunk size " + std::to_string(a.chunk));
      if (!dctx) throw TablebaseError("out of memory for a zstd context");
      size_t got = ZSTD_decompressDCtx(dctx, out, a.chunk, r.bytes.data(), stored);
      if (ZSTD_isError(got)) {
        if (ZSTD_getErrorCode(got) == ZSTD_error_checksum_wrong)
          corrupt(a, k, "checksum mismatch (the zstd frame's content checksum)");
        corrupt(a, k, std::string("zstd: ") + ZSTD_getErrorName(got));
      }
      if (got != a.chunk) corrupt(a, k, "it decompresses to " + std::to_string(got) + " bytes");
    }
    std::uint64_t h = xxh64(out, len);
    if (h != a.chunk_hash[k])
      corrupt(a, k, "checksum mismatch (xxh64 stored " + hex(a.chunk_hash[k]) + ", computed " + hex(h) + ")");
  }

  const Array& array(int id) const {
    if (id < 0 || static_cast<size_t>(id) >= arrays.size())
      fail("no array with id " + std::to_string(id));
    return arrays[id];
  }

  int find(std::string_view name) const {
    for (size_t i = 0; i < arrays.size(); ++i)
      if (arrays[i].name == name) return static_cast<int>(i);
    std::string have;
    for (const auto& a : arrays) have += (have.empty() ? "" : ", ") + a.name;
    fail("no array " + quoted(std::string(name)) + " (the file has: " + have + ")");
  }

  std::int8_t probe(int id, std::uint64_t index) {
    const Array& a = array(id);
    if (index >= a.n)
      fail("index " + std::to_string(index) + " is out of range for array " + quoted(a.name) + " of " +
           std::to_string(a.n) + " values");
    const std::uint64_t k = index / a.chunk;
    return cached_chunk(id, k)[index - k * a.chunk];
  }

  // Values [first, first + count) of an array through the chunk cache.
  void read_range(int id, std::uint64_t first, std::uint64_t count, std::int8_t* out) {
    const Array& a = array(id);
    if (first > a.n || count > a.n - first)
      fail("values " + std::to_string(first) + " + " + std::to_string(count) + " are out of range for array " +
           quoted(a.name) + " of " + std::to_string(a.n) + " values");
    while (count > 0) {
      const std::uint64_t k = first / a.chunk, at = first - k * a.chunk, len = std::min(count, a.chunk - at);
      std::memcpy(out, cached_chunk(id, k) + at, len);
      out += len;
      first += len;
      count -= len;
    }
  }

  // Chunk k of array id, decoded and verified (from the cache, or read and
  // put there, dropping the least recently used).
  const std::int8_t* cached_chunk(int id, std::uint64_t k) {
    const Array& a = array(id);
    if (mru < cache.size() && cache[mru].array == id && cache[mru].k == k) {
      cache[mru].stamp = ++clock;
      return cache[mru].data.data();
    }
    for (size_t i = 0; i < cache.size(); ++i)
      if (cache[i].array == id && cache[i].k == k) {
        mru = i;
        cache[i].stamp = ++clock;
        return cache[i].data.data();
      }
    size_t slot = cache.size();
    if (cache.size() < cache_cap) {
      cache.emplace_back();
    } else {
      slot = 0;
      for (size_t i = 1; i < cache.size(); ++i)
        if (cache[i].stamp < cache[slot].stamp) slot = i;
    }
    CacheEntry& e = cache[slot];
    e.array = -1;  // invalid until the chunk has been verified
    e.data.resize(a.chunk);
    decode(a, fetch(a, k), e.data.data(), dctx.p);
    e.array = id;
    e.k = k;
    e.stamp = ++clock;
    mru = slot;
    return e.data.data();
  }

  // Streams every chunk of an array through fetch (serial, in order),
  // decode (parallel) and `sink` (serial, in order). If out is given, full
  // chunks decode straight into it.
  template <class Sink>
  void stream(const Array& a, std::int8_t* out, Sink&& sink, std::vector<std::string>* errors = nullptr) {
    tbb::enumerable_thread_specific<ZstdDCtx> dctxs;
    std::uint64_t next = 0;
    // With `errors`, a bad chunk is recorded (in chunk order) instead of
    // stopping the stream; its values never reach the sink.
    auto guarded = [&](Raw& r, auto&& step) {
      if (!errors) return step();
      try {
        step();
      } catch (const TablebaseError& e) {
        r.error = e.what();
      }
    };
    tbb::parallel_pipeline(
        pipeline_tokens(),
        tbb::make_filter<void, Raw>(tbb::filter_mode::serial_in_order,
                                    [&](tbb::flow_control& fc) -> Raw {
                                      if (next >= a.chunks) {
                                        fc.stop();
                                        return {};
                                      }
                                      Raw r;
                                      r.k = next++;
                                      guarded(r, [&] { r = fetch(a, r.k); });
                                      return r;
                                    }) &
            tbb::make_filter<Raw, Raw>(tbb::filter_mode::parallel,
                                       [&](Raw r) {
                                         if (!r.error.empty()) return r;
                                         ZstdDCtx& z = dctxs.local();
                                         const std::uint64_t start = r.k * a.chunk;
                                         guarded(r, [&] {
                                           if (out && start + a.chunk <= a.n) {
                                             decode(a, r, out + start, z.p);
                                           } else {
                                             r.values.resize(a.chunk);
                                             decode(a, r, r.values.data(), z.p);
                                             if (out) std::memcpy(out + start, r.values.data(), a.n - start);
                                           }
                                         });
                                         r.bytes = {};
                                         return r;
                                       }) &
            tbb::make_filter<Raw, void>(tbb::filter_mode::serial_in_order, [&](Raw r) {
              if (!r.error.empty()) {
                errors->push_back(std::move(r.error));
                return;
              }
              const std::uint64_t start = r.k * a.chunk, len = std::min(a.chunk, a.n - start);
              sink(out ? out + start : r.values.data(), len);
            }));
  }

  std::vector<std::int8_t> read_array(int id) {
    const Array& a = array(id);
    std::vector<std::int8_t> out(a.n);
    Xxh64 whole;
    stream(a, out.data(), [&](const std::int8_t* p, std::uint64_t len) { whole.update(p, len); });
    check_whole(a, whole.digest());
    return out;
  }

  void verify(int id) {
    const Array& a = array(id);
    Xxh64 whole;
    stream(a, nullptr, [&](const std::int8_t* p, std::uint64_t len) { whole.update(p, len); });
    check_whole(a, whole.digest());
  }

  // Every problem of one array, in chunk order; the whole-array checksum is
  // checked only when every chunk is sound (otherwise it says nothing new).
  void verify_collect(int id, std::vector<std::string>& problems) {
    const Array& a = array(id);
    Xxh64 whole;
    const size_t before = problems.size();
    stream(a, nullptr, [&](const std::int8_t* p, std::uint64_t len) { whole.update(p, len); }, &problems);
    if (problems.size() == before) {
      try {
        check_whole(a, whole.digest());
      } catch (const TablebaseError& e) {
        problems.push_back(e.what());
      }
    }
  }

  void check_whole(const Array& a, std::uint64_t h) const {
    if (h != a.xxh64)
      fail("array " + quoted(a.name) + " is corrupt: whole-array checksum mismatch (xxh64 stored " + hex(a.xxh64) +
           ", computed " + hex(h) + ")");
  }

  std::uint64_t stored_bytes(const Array& a) const {
    hsize_t s = H5Dget_storage_size(a.dset.get());
    h5::take_error();
    return s;
  }
};

TablebaseReader::TablebaseReader(const std::string& path) {
  H5Lock lock;
  impl_ = std::make_unique<Impl>(path);
}

TablebaseReader::~TablebaseReader() {
  H5Lock lock;
  impl_.reset();
}

const TablebaseMeta& TablebaseReader::meta() const { return impl_->meta; }
const std::string& TablebaseReader::path() const { return impl_->path; }
const Board& TablebaseReader::board() const { return *impl_->board; }
std::uint64_t TablebaseReader::file_bytes() const { return impl_->file_bytes; }

std::vector<std::string> TablebaseReader::array_names() const {
  std::vector<std::string> v;
  for (const auto& a : impl_->arrays) v.push_back(a.name);
  return v;
}

int TablebaseReader::array_id(std::string_view array) const { return impl_->find(array); }

std::int8_t TablebaseReader::probe(int array_id, std::uint64_t index) {
  H5Lock lock;
  return impl_->probe(array_id, index);
}

std::int8_t TablebaseReader::probe(std::string_view array, std::uint64_t index) {
  return probe(impl_->find(array), index);
}

void TablebaseReader::read_range(int array_id, std::uint64_t first, std::uint64_t count, std::int8_t* out) {
  H5Lock lock;
  impl_->read_range(array_id, first, count, out);
}

std::uint64_t TablebaseReader::array_length(int array_id) const { return impl_->array(array_id).n; }

std::vector<std::int8_t> TablebaseReader::read_array(std::string_view array) {
  H5Lock lock;
  return impl_->read_array(impl_->find(array));
}

void TablebaseReader::verify_all() {
  H5Lock lock;
  for (size_t i = 0; i < impl_->arrays.size(); ++i) impl_->verify(static_cast<int>(i));
}

std::vector<std::string> TablebaseReader::verify_report() {
  H5Lock lock;
  std::vector<std::string> problems;
  for (size_t i = 0; i < impl_->arrays.size(); ++i) impl_->verify_collect(static_cast<int>(i), problems);
  return problems;
}

std::vector<TablebaseArrayInfo> TablebaseReader::array_info() const {
  H5Lock lock;
  std::vector<TablebaseArrayInfo> out;
  for (const auto& a : impl_->arrays)
    out.push_back({a.name, a.n, a.chunk, a.chunks, impl_->stored_bytes(a), a.xxh64, a.filter});
  return out;
}

void TablebaseReader::set_cache_chunks(std::size_t n) {
  H5Lock lock;
  impl_->cache_cap = std::max<std::size_t>(n, 1);
  if (impl_->cache.size() > impl_->cache_cap) impl_->cache.resize(impl_->cache_cap);
  impl_->mru = 0;
}

}  // namespace gotb
