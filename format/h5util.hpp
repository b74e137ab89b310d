// Small HDF5 helpers shared by the tablebase writer and reader (internal to
// format/): an owning handle, error-stack capture, typed attribute I/O.
// Nothing here locks: callers hold hdf5_mutex() (tablebase.cpp).
#pragma once

#include <hdf5.h>

#include <cstdint>
#include <mutex>
#include <string>
#include <utility>
#include <vector>

namespace gotb::h5 {

// Every call into HDF5, from any reader or writer, happens under this lock:
// HDF5 may be built without thread safety (its default), and even a
// thread-safe build (Debian's) serialises all calls internally anyway.
std::recursive_mutex& hdf5_mutex();

// Registers the zstd filter and silences HDF5's automatic error printing on
// the calling thread (errors are translated into TablebaseError instead).
// Idempotent and cheap after the first call on a thread.
void hdf5_init();

// Silences automatic error printing on the calling thread. A thread-safe
// HDF5 keeps one error stack and print setting per thread, so every thread
// that calls HDF5 (TBB workers in the read/write pipelines) needs this.
void quiet_thread();

// The messages of HDF5's current error stack, innermost first, joined with
// "; " (at most a few), then clears the stack. Empty if there is none.
std::string take_error();

// Owns one HDF5 identifier.
class Hid {
 public:
  using Closer = herr_t (*)(hid_t);
  Hid() = default;
  Hid(hid_t id, Closer close) : id_(id), close_(close) {}
  Hid(Hid&& o) noexcept : id_(std::exchange(o.id_, H5I_INVALID_HID)), close_(o.close_) {}
  Hid& operator=(Hid&& o) noexcept {
    if (this != &o) {
      reset();
      id_ = std::exchange(o.id_, H5I_INVALID_HID);
      close_ = o.close_;
    }
    return *this;
  }
  Hid(const Hid&) = delete;
  Hid& operator=(const Hid&) = delete;
  ~Hid() { reset(); }

  hid_t get() const { return id_; }
  bool valid() const { return id_ >= 0; }
  // Closes now; returns false if HDF5 reported an error while closing (for
  // a file being written that means data may not have reached the disk).
  bool close() {
    if (id_ < 0) return true;
    herr_t rc = close_(id_);
    id_ = H5I_INVALID_HID;
    return rc >= 0;
  }
  void reset() { close(); }

 private:
  hid_t id_ = H5I_INVALID_HID;
  Closer close_ = nullptr;
};

// Writers (on-disk types are little-endian; strings are fixed-length UTF-8,
// NUL-padded, so they live inside the checksummed object header).
// Each returns false on an HDF5 error (the caller reports take_error()).
bool write_string(hid_t obj, const char* name, const std::string& v);
bool write_strings(hid_t obj, const char* name, const std::vector<std::string>& v);
bool write_i32(hid_t obj, const char* name, std::int32_t v);
bool write_u64(hid_t obj, const char* name, std::uint64_t v);
bool write_f64(hid_t obj, const char* name, double v);
bool write_u64s(hid_t obj, const char* name, const std::vector<std::uint64_t>& v);
// rows x 2 int32 matrix (rows may be 0).
bool write_pairs(hid_t obj, const char* name, const std::vector<std::pair<int, int>>& v);

// Readers throw std::runtime_error with a message naming the attribute and
// what is wrong with it (missing, wrong type or shape); the tablebase reader
// rewraps it with the file name.
bool has_attr(hid_t obj, const char* name);
std::string read_string(hid_t obj, const char* name);
std::vector<std::string> read_strings(hid_t obj, const char* name);
std::int64_t read_int(hid_t obj, const char* name);
std::uint64_t read_u64(hid_t obj, const char* name);
double read_f64(hid_t obj, const char* name);
std::vector<std::uint64_t> read_u64s(hid_t obj, const char* name);
std::vector<std::pair<int, int>> read_pairs(hid_t obj, const char* name);
// The `count` elements of an open string attribute (fixed- or
// variable-length), each up to its first NUL.
std::vector<std::string> read_attr_strings(hid_t attr, const char* name, std::size_t count);

}  // namespace gotb::h5
