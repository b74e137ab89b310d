#include "format/metadata_hash.hpp"

#include <algorithm>
#include <cstring>
#include <fstream>
#include <stdexcept>
#include <vector>

#include "format/h5util.hpp"
#include "format/xxh64.hpp"

namespace gotb::h5 {
namespace {

// Bounds on what one attribute may hold: far above anything gotb writes
// (the largest is a 64-point board's edge list), low enough that a forged
// dataspace cannot make the reader allocate gigabytes.
constexpr hsize_t kMaxElements = 1'000'000;
constexpr std::size_t kMaxObjects = 100'000;

struct Object {
  std::string path;  // "/", "/values/lower", ...
  H5O_type_t type;
  unsigned header_version;
};

herr_t collect_object(hid_t, const char* name, const H5O_info_t* info, void* data) {
  auto* out = static_cast<std::vector<Object>*>(data);
  if (out->size() >= kMaxObjects) return 1;  // stop; reported by the caller
  std::string path = std::strcmp(name, ".") == 0 ? "/" : "/" + std::string(name);
  out->push_back({std::move(path), info->type, info->hdr.version});
  return 0;
}

std::vector<Object> objects(hid_t file) {
  std::vector<Object> out;
  herr_t rc = H5Ovisit2(file, H5_INDEX_NAME, H5_ITER_INC, collect_object, &out, H5O_INFO_BASIC | H5O_INFO_HDR);
  if (rc < 0) throw std::runtime_error("cannot list the objects of the file (HDF5: " + take_error() + ")");
  if (out.size() >= kMaxObjects) throw std::runtime_error("the file holds an implausible number of objects");
  std::sort(out.begin(), out.end(), [](const Object& a, const Object& b) { return a.path < b.path; });
  return out;
}

herr_t collect_name(hid_t, const char* name, const H5A_info_t*, void* data) {
  static_cast<std::vector<std::string>*>(data)->push_back(name);
  return 0;
}

class Stream {
 public:
  void byte(char c) { out_ += c; }
  void u64(std::uint64_t v) {
    for (int b = 0; b < 8; ++b) out_ += static_cast<char>((v >> (8 * b)) & 0xff);
  }
  void text(const std::string& s) {
    u64(s.size());
    out_ += s;
  }
  std::string take() { return std::move(out_); }

 private:
  std::string out_;
};

// 'i' signed integer, 'u' unsigned integer, 'f' float, 's' string.
char tag_of(hid_t type, const std::string& what) {
  switch (H5Tget_class(type)) {
    case H5T_INTEGER: return H5Tget_sign(type) == H5T_SGN_NONE ? 'u' : 'i';
    case H5T_FLOAT: return 'f';
    case H5T_STRING: return 's';
    default: throw std::runtime_error(what + " has a type gotb tablebases never use");
  }
}

// Appends rank and dims; returns the element count.
hsize_t shape(Stream& s, hid_t space, const std::string& what) {
  if (space < 0) throw std::runtime_error(what + " has an unreadable dataspace");
  const H5S_class_t kind = H5Sget_simple_extent_type(space);
  if (kind != H5S_SCALAR && kind != H5S_SIMPLE) throw std::runtime_error(what + " has an empty or unknown dataspace");
  const int rank = H5Sget_simple_extent_ndims(space);
  if (rank < 0 || rank > 8) throw std::runtime_error(what + " has an implausible rank");
  std::vector<hsize_t> dims(static_cast<std::size_t>(rank));
  if (rank > 0 && H5Sget_simple_extent_dims(space, dims.data(), nullptr) < 0)
    throw std::runtime_error(what + " has unreadable dimensions");
  s.u64(static_cast<std::uint64_t>(rank));
  long double count = 1;  // no overflow while multiplying forged dimensions
  for (hsize_t d : dims) {
    s.u64(d);
    count *= static_cast<long double>(d);
  }
  return count > static_cast<long double>(~hsize_t{0}) ? ~hsize_t{0} : static_cast<hsize_t>(count);
}

void attribute(Stream& s, hid_t obj, const std::string& path, const std::string& name) {
  const std::string what = "attribute '" + name + "' of '" + path + "'";
  Hid a(H5Aopen(obj, name.c_str(), H5P_DEFAULT), H5Aclose);
  if (!a.valid()) throw std::runtime_error(what + " cannot be opened (HDF5: " + take_error() + ")");
  Hid type(H5Aget_type(a.get()), H5Tclose);
  if (!type.valid()) throw std::runtime_error(what + " has an unreadable type");
  const char tag = tag_of(type.get(), what);
  s.text(name);
  s.byte(tag);
  Hid space(H5Aget_space(a.get()), H5Sclose);
  const hsize_t n = shape(s, space.get(), what);
  if (n > kMaxElements) throw std::runtime_error(what + " has an implausible number of elements");
  if (tag == 's') {
    for (const auto& v : read_attr_strings(a.get(), name.c_str(), n)) s.text(v);
    return;
  }
  std::vector<std::uint64_t> raw(n + 1);  // +1: data() non-null for n = 0
  hid_t mem = tag == 'i' ? H5T_NATIVE_INT64 : tag == 'u' ? H5T_NATIVE_UINT64 : H5T_NATIVE_DOUBLE;
  if (n && H5Aread(a.get(), mem, raw.data()) < 0)
    throw std::runtime_error(what + " cannot be read (HDF5: " + take_error() + ")");
  // int64 and double are written through their bit patterns: same layout.
  for (hsize_t i = 0; i < n; ++i) s.u64(raw[i]);
}

void object(Stream& s, hid_t file, const Object& o) {
  Hid obj(H5Oopen(file, o.path.c_str(), H5P_DEFAULT), H5Oclose);
  if (!obj.valid()) throw std::runtime_error("cannot open object '" + o.path + "' (HDF5: " + take_error() + ")");
  if (o.type == H5O_TYPE_GROUP) {
    s.byte('G');
    s.text(o.path);
  } else if (o.type == H5O_TYPE_DATASET) {
    s.byte('D');
    s.text(o.path);
    const std::string what = "dataset '" + o.path + "'";
    Hid type(H5Dget_type(obj.get()), H5Tclose);
    if (!type.valid()) throw std::runtime_error(what + " has an unreadable type");
    s.byte(tag_of(type.get(), what));
    s.u64(H5Tget_size(type.get()));
    Hid space(H5Dget_space(obj.get()), H5Sclose);
    shape(s, space.get(), what);
  } else {
    throw std::runtime_error("object '" + o.path + "' is neither a group nor a dataset");
  }
  std::vector<std::string> names;
  if (H5Aiterate2(obj.get(), H5_INDEX_NAME, H5_ITER_INC, nullptr, collect_name, &names) < 0)
    throw std::runtime_error("cannot list the attributes of '" + o.path + "' (HDF5: " + take_error() + ")");
  if (o.path == "/") names.erase(std::remove(names.begin(), names.end(), kMetadataChecksumAttr), names.end());
  std::sort(names.begin(), names.end());
  s.u64(names.size());
  for (const auto& n : names) attribute(s, obj.get(), o.path, n);
}

}  // namespace

std::string canonical_metadata(hid_t file) {
  Stream s;
  s.text("gotb-metadata-v1");
  for (const Object& o : objects(file)) object(s, file, o);
  return s.take();
}

std::uint64_t metadata_xxh64(hid_t file) {
  const std::string bytes = canonical_metadata(file);
  return xxh64(bytes.data(), bytes.size());
}

unsigned min_object_header_version(hid_t file) {
  unsigned v = ~0u;
  for (const Object& o : objects(file)) v = std::min(v, o.header_version);
  return v;
}

bool reseal_metadata(hid_t file) {
  std::uint64_t h = 0;
  try {
    h = metadata_xxh64(file);
  } catch (const std::exception&) {
    return false;
  }
  if (H5Aexists(file, kMetadataChecksumAttr) > 0 && H5Adelete(file, kMetadataChecksumAttr) < 0) return false;
  return write_u64(file, kMetadataChecksumAttr, h);
}

int raw_superblock_version(const std::string& path) {
  static const unsigned char kSignature[8] = {0x89, 'H', 'D', 'F', '\r', '\n', 0x1a, '\n'};
  std::ifstream in(path, std::ios::binary);
  if (!in) return -1;
  in.seekg(0, std::ios::end);
  const std::uint64_t size = static_cast<std::uint64_t>(in.tellg());
  // HDF5 looks for its signature at 0, 512, 1024, 2048, ... (a user block
  // may precede it).
  for (std::uint64_t at = 0; at + 9 <= size; at = at == 0 ? 512 : at * 2) {
    unsigned char buf[9];
    in.seekg(static_cast<std::streamoff>(at));
    if (!in.read(reinterpret_cast<char*>(buf), 9)) return -1;
    if (std::memcmp(buf, kSignature, 8) == 0) return buf[8];
  }
  return -1;
}

}  // namespace gotb::h5
