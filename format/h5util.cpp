#include "format/h5util.hpp"

#include <algorithm>
#include <cstring>
#include <limits>
#include <stdexcept>

#include "format/h5zstd.hpp"

namespace gotb::h5 {

namespace {
// HDF5 registers an exit handler that tears the library down. After a file
// whose metadata failed a checksum has been refused, HDF5 cannot free its
// own internal file structures (no identifier is left open: H5Inmembers
// counts zero files, groups, datasets, attributes, types, spaces and
// property lists), and that handler then prints "HDF5: infinite loop
// closing library" at exit. The process is ending and the OS reclaims
// everything, so gotb asks HDF5 not to install the handler. It must be
// asked before any other HDF5 call, hence a static initializer.
const bool kNoHdf5ExitHandler = [] {
  H5dont_atexit();
  return true;
}();
}  // namespace

std::recursive_mutex& hdf5_mutex() {
  static std::recursive_mutex m;
  return m;
}

void quiet_thread() {
  thread_local bool quiet = false;
  if (!quiet) {
    H5Eset_auto2(H5E_DEFAULT, nullptr, nullptr);
    quiet = true;
  }
}

void hdf5_init() {
  quiet_thread();
  static std::once_flag once;
  std::call_once(once, [] {
    if (H5Zregister(&kZstdFilterClass) < 0)
      throw std::runtime_error("cannot register the zstd HDF5 filter: " + take_error());
  });
}

namespace {

herr_t collect(unsigned, const H5E_error2_t* e, void* data) {
  auto* out = static_cast<std::vector<std::string>*>(data);
  std::string msg = e->desc ? e->desc : "";
  if (msg.empty()) {
    char buf[256];
    if (H5Eget_msg(e->min_num, nullptr, buf, sizeof buf) > 0) msg = buf;
  }
  if (!msg.empty()) out->push_back(msg);
  return 0;
}

[[noreturn]] void bad(const char* name, const std::string& why) {
  throw std::runtime_error("attribute '" + std::string(name) + "' " + why);
}

// Opens an attribute after checking it exists, so that a missing one gets
// its own message instead of HDF5's generic "can't open attribute".
Hid open_attr(hid_t obj, const char* name) {
  if (!has_attr(obj, name)) bad(name, "is missing");
  Hid a(H5Aopen(obj, name, H5P_DEFAULT), H5Aclose);
  if (!a.valid()) bad(name, "cannot be opened (" + take_error() + ")");
  return a;
}

struct Shape {
  H5S_class_t kind;
  std::vector<hsize_t> dims;
};

Shape shape_of(hid_t attr, const char* name) {
  Hid space(H5Aget_space(attr), H5Sclose);
  if (!space.valid()) bad(name, "has an unreadable dataspace (" + take_error() + ")");
  Shape s{H5Sget_simple_extent_type(space.get()), {}};
  int rank = H5Sget_simple_extent_ndims(space.get());
  if (rank < 0) bad(name, "has an unreadable dataspace");
  s.dims.resize(rank);
  if (rank > 0) H5Sget_simple_extent_dims(space.get(), s.dims.data(), nullptr);
  return s;
}

H5T_class_t class_of(hid_t attr, const char* name, Hid* type_out = nullptr) {
  Hid t(H5Aget_type(attr), H5Tclose);
  if (!t.valid()) bad(name, "has an unreadable type (" + take_error() + ")");
  H5T_class_t c = H5Tget_class(t.get());
  if (type_out) *type_out = std::move(t);
  return c;
}

void require_scalar(hid_t attr, const char* name) {
  Shape s = shape_of(attr, name);
  if (s.kind != H5S_SCALAR) bad(name, "must be a scalar");
}

// Reads a string attribute's elements (fixed-length or variable-length).
std::vector<std::string> read_string_elements(hid_t attr, const char* name, size_t count) {
  Hid ftype;
  if (class_of(attr, name, &ftype) != H5T_STRING) bad(name, "must be a string");
  std::vector<std::string> out(count);
  H5T_cset_t cset = H5Tget_cset(ftype.get());
  if (cset != H5T_CSET_ASCII && cset != H5T_CSET_UTF8) bad(name, "has an unknown character set");
  htri_t vlen = H5Tis_variable_str(ftype.get());
  if (vlen < 0) bad(name, "has an unreadable string type");
  if (vlen) {
    Hid mtype(H5Tcopy(H5T_C_S1), H5Tclose);
    H5Tset_size(mtype.get(), H5T_VARIABLE);
    H5Tset_cset(mtype.get(), cset);  // HDF5 converts no string between character sets
    std::vector<char*> ptrs(count, nullptr);
    if (count && H5Aread(attr, mtype.get(), ptrs.data()) < 0) bad(name, "cannot be read (" + take_error() + ")");
    for (size_t i = 0; i < count; ++i) {
      if (ptrs[i]) out[i] = ptrs[i];
      H5free_memory(ptrs[i]);
    }
    return out;
  }
  size_t size = H5Tget_size(ftype.get());
  if (size == 0 || size > (std::size_t{1} << 20)) bad(name, "has an implausible string size");
  Hid mtype(H5Tcopy(H5T_C_S1), H5Tclose);
  H5Tset_size(mtype.get(), size);
  H5Tset_strpad(mtype.get(), H5T_STR_NULLPAD);
  H5Tset_cset(mtype.get(), cset);
  std::vector<char> buf(size * count + 1, 0);
  if (count && H5Aread(attr, mtype.get(), buf.data()) < 0) bad(name, "cannot be read (" + take_error() + ")");
  for (size_t i = 0; i < count; ++i) {
    const char* p = buf.data() + i * size;
    out[i].assign(p, strnlen(p, size));
  }
  return out;
}

Hid scalar_space() { return Hid(H5Screate(H5S_SCALAR), H5Sclose); }

bool write_raw(hid_t obj, const char* name, hid_t ftype, hid_t space, hid_t mtype, const void* buf) {
  if (space < 0) return false;
  Hid a(H5Acreate2(obj, name, ftype, space, H5P_DEFAULT, H5P_DEFAULT), H5Aclose);
  if (!a.valid()) return false;
  if (H5Awrite(a.get(), mtype, buf) < 0) return false;
  return a.close();
}

Hid fixed_string_type(size_t size) {
  Hid t(H5Tcopy(H5T_C_S1), H5Tclose);
  H5Tset_size(t.get(), std::max<size_t>(size, 1));
  H5Tset_strpad(t.get(), H5T_STR_NULLPAD);
  H5Tset_cset(t.get(), H5T_CSET_UTF8);
  return t;
}

}  // namespace

std::string take_error() {
  std::vector<std::string> msgs;
  H5Ewalk2(H5E_DEFAULT, H5E_WALK_UPWARD, collect, &msgs);
  H5Eclear2(H5E_DEFAULT);
  // The innermost messages say what is actually wrong ("truncated file",
  // "incorrect metadata checksum"); the outer ones only which call failed.
  std::string out;
  size_t shown = 0;
  for (const auto& m : msgs) {
    if (out.find(m) != std::string::npos) continue;
    out += (shown ? "; " : "") + m;
    if (++shown == 3) break;
  }
  return out;
}

std::vector<std::string> read_attr_strings(hid_t attr, const char* name, std::size_t count) {
  return read_string_elements(attr, name, count);
}

bool has_attr(hid_t obj, const char* name) {
  htri_t e = H5Aexists(obj, name);
  if (e < 0) bad(name, "cannot be looked up (" + take_error() + ")");
  return e > 0;
}

bool write_string(hid_t obj, const char* name, const std::string& v) {
  Hid t = fixed_string_type(v.size());
  std::string buf = v;
  buf.resize(std::max<size_t>(v.size(), 1), '\0');
  Hid s = scalar_space();
  return write_raw(obj, name, t.get(), s.get(), t.get(), buf.data());
}

bool write_strings(hid_t obj, const char* name, const std::vector<std::string>& v) {
  size_t size = 1;
  for (const auto& x : v) size = std::max(size, x.size());
  Hid t = fixed_string_type(size);
  std::vector<char> buf(size * v.size() + 1, 0);
  for (size_t i = 0; i < v.size(); ++i) std::memcpy(buf.data() + i * size, v[i].data(), v[i].size());
  hsize_t n = v.size();
  Hid s(H5Screate_simple(1, &n, nullptr), H5Sclose);
  return write_raw(obj, name, t.get(), s.get(), t.get(), buf.data());
}

bool write_i32(hid_t obj, const char* name, std::int32_t v) {
  Hid s = scalar_space();
  return write_raw(obj, name, H5T_STD_I32LE, s.get(), H5T_NATIVE_INT32, &v);
}

bool write_u64(hid_t obj, const char* name, std::uint64_t v) {
  Hid s = scalar_space();
  return write_raw(obj, name, H5T_STD_U64LE, s.get(), H5T_NATIVE_UINT64, &v);
}

bool write_f64(hid_t obj, const char* name, double v) {
  Hid s = scalar_space();
  return write_raw(obj, name, H5T_IEEE_F64LE, s.get(), H5T_NATIVE_DOUBLE, &v);
}

bool write_u64s(hid_t obj, const char* name, const std::vector<std::uint64_t>& v) {
  hsize_t n = v.size();
  Hid s(H5Screate_simple(1, &n, nullptr), H5Sclose);
  return write_raw(obj, name, H5T_STD_U64LE, s.get(), H5T_NATIVE_UINT64, v.data());
}

bool write_pairs(hid_t obj, const char* name, const std::vector<std::pair<int, int>>& v) {
  std::vector<std::int32_t> flat;
  for (auto [a, b] : v) flat.push_back(a), flat.push_back(b);
  flat.push_back(0);  // keeps data() non-null for an empty matrix
  hsize_t dims[2] = {v.size(), 2};
  Hid s(H5Screate_simple(2, dims, nullptr), H5Sclose);
  return write_raw(obj, name, H5T_STD_I32LE, s.get(), H5T_NATIVE_INT32, flat.data());
}

std::string read_string(hid_t obj, const char* name) {
  Hid a = open_attr(obj, name);
  require_scalar(a.get(), name);
  return read_string_elements(a.get(), name, 1)[0];
}

std::vector<std::string> read_strings(hid_t obj, const char* name) {
  Hid a = open_attr(obj, name);
  Shape s = shape_of(a.get(), name);
  if (s.kind != H5S_SIMPLE || s.dims.size() != 1) bad(name, "must be a one-dimensional array of strings");
  if (s.dims[0] > 1'000'000) bad(name, "has an implausible length");
  return read_string_elements(a.get(), name, s.dims[0]);
}

std::int64_t read_int(hid_t obj, const char* name) {
  Hid a = open_attr(obj, name);
  require_scalar(a.get(), name);
  Hid t;
  if (class_of(a.get(), name, &t) != H5T_INTEGER) bad(name, "must be an integer");
  if (H5Tget_sign(t.get()) == H5T_SGN_NONE && H5Tget_size(t.get()) >= 8) {
    std::uint64_t u = 0;
    if (H5Aread(a.get(), H5T_NATIVE_UINT64, &u) < 0) bad(name, "cannot be read (" + take_error() + ")");
    if (u > static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max())) bad(name, "is out of range");
    return static_cast<std::int64_t>(u);
  }
  std::int64_t v = 0;
  if (H5Aread(a.get(), H5T_NATIVE_INT64, &v) < 0) bad(name, "cannot be read (" + take_error() + ")");
  return v;
}

std::uint64_t read_u64(hid_t obj, const char* name) {
  Hid a = open_attr(obj, name);
  require_scalar(a.get(), name);
  Hid t;
  if (class_of(a.get(), name, &t) != H5T_INTEGER) bad(name, "must be an integer");
  if (H5Tget_sign(t.get()) != H5T_SGN_NONE) {
    std::int64_t v = 0;
    if (H5Aread(a.get(), H5T_NATIVE_INT64, &v) < 0) bad(name, "cannot be read (" + take_error() + ")");
    if (v < 0) bad(name, "must not be negative");
    return static_cast<std::uint64_t>(v);
  }
  std::uint64_t v = 0;
  if (H5Aread(a.get(), H5T_NATIVE_UINT64, &v) < 0) bad(name, "cannot be read (" + take_error() + ")");
  return v;
}

double read_f64(hid_t obj, const char* name) {
  Hid a = open_attr(obj, name);
  require_scalar(a.get(), name);
  if (class_of(a.get(), name) != H5T_FLOAT) bad(name, "must be a floating-point number");
  double v = 0;
  if (H5Aread(a.get(), H5T_NATIVE_DOUBLE, &v) < 0) bad(name, "cannot be read (" + take_error() + ")");
  return v;
}

std::vector<std::uint64_t> read_u64s(hid_t obj, const char* name) {
  Hid a = open_attr(obj, name);
  Shape s = shape_of(a.get(), name);
  Hid t;
  if (class_of(a.get(), name, &t) != H5T_INTEGER || H5Tget_sign(t.get()) != H5T_SGN_NONE)
    bad(name, "must be an array of unsigned integers");
  if (s.kind != H5S_SIMPLE || s.dims.size() != 1) bad(name, "must be a one-dimensional array");
  if (s.dims[0] > 1'000'000) bad(name, "has an implausible length");
  std::vector<std::uint64_t> v(s.dims[0] + 1);
  if (s.dims[0] && H5Aread(a.get(), H5T_NATIVE_UINT64, v.data()) < 0)
    bad(name, "cannot be read (" + take_error() + ")");
  v.pop_back();
  return v;
}

std::vector<std::pair<int, int>> read_pairs(hid_t obj, const char* name) {
  Hid a = open_attr(obj, name);
  Shape s = shape_of(a.get(), name);
  if (class_of(a.get(), name) != H5T_INTEGER) bad(name, "must be an integer matrix");
  if (s.kind != H5S_SIMPLE || s.dims.size() != 2 || s.dims[1] != 2) bad(name, "must be an N x 2 matrix");
  if (s.dims[0] > 100'000) bad(name, "has an implausible length");
  std::vector<std::int32_t> flat(s.dims[0] * 2 + 1);
  if (s.dims[0] && H5Aread(a.get(), H5T_NATIVE_INT32, flat.data()) < 0)
    bad(name, "cannot be read (" + take_error() + ")");
  std::vector<std::pair<int, int>> out;
  for (size_t i = 0; i < s.dims[0]; ++i) out.emplace_back(flat[2 * i], flat[2 * i + 1]);
  return out;
}

}  // namespace gotb::h5
