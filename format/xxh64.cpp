#include "format/xxh64.hpp"

#include <cstring>

namespace gotb {
namespace {

constexpr std::uint64_t P1 = 0x9E3779B185EBCA87ULL;
constexpr std::uint64_t P2 = 0xC2B2AE3D27D4EB4FULL;
constexpr std::uint64_t P3 = 0x165667B19E3779F9ULL;
constexpr std::uint64_t P4 = 0x85EBCA77C2B2AE63ULL;
constexpr std::uint64_t P5 = 0x27D4EB2F165667C5ULL;

inline std::uint64_t rotl(std::uint64_t x, int r) { return (x << r) | (x >> (64 - r)); }

// The specification reads lanes little-endian; memcpy + an explicit byte
// swap on big-endian hosts keeps it portable and alignment-safe.
inline std::uint64_t read64(const unsigned char* p) {
  std::uint64_t v;
  std::memcpy(&v, p, 8);
  if constexpr (__BYTE_ORDER__ == __ORDER_BIG_ENDIAN__) v = __builtin_bswap64(v);
  return v;
}
inline std::uint32_t read32(const unsigned char* p) {
  std::uint32_t v;
  std::memcpy(&v, p, 4);
  if constexpr (__BYTE_ORDER__ == __ORDER_BIG_ENDIAN__) v = __builtin_bswap32(v);
  return v;
}

inline std::uint64_t round(std::uint64_t acc, std::uint64_t lane) {
  acc += lane * P2;
  acc = rotl(acc, 31);
  return acc * P1;
}

inline std::uint64_t merge(std::uint64_t acc, std::uint64_t v) {
  acc ^= round(0, v);
  return acc * P1 + P4;
}

inline void init(std::uint64_t v[4], std::uint64_t seed) {
  v[0] = seed + P1 + P2;
  v[1] = seed + P2;
  v[2] = seed;
  v[3] = seed - P1;
}

// Consumes whole 32-byte stripes; returns the number of bytes consumed.
inline std::size_t stripes(std::uint64_t v[4], const unsigned char* p, std::size_t len) {
  std::size_t n = len & ~std::size_t{31};
  std::uint64_t a = v[0], b = v[1], c = v[2], d = v[3];
  for (std::size_t i = 0; i < n; i += 32) {
    a = round(a, read64(p + i));
    b = round(b, read64(p + i + 8));
    c = round(c, read64(p + i + 16));
    d = round(d, read64(p + i + 24));
  }
  v[0] = a, v[1] = b, v[2] = c, v[3] = d;
  return n;
}

inline std::uint64_t converge(const std::uint64_t v[4]) {
  std::uint64_t acc = rotl(v[0], 1) + rotl(v[1], 7) + rotl(v[2], 12) + rotl(v[3], 18);
  for (int i = 0; i < 4; ++i) acc = merge(acc, v[i]);
  return acc;
}

std::uint64_t finish(std::uint64_t acc, std::uint64_t total, const unsigned char* p, std::size_t len) {
  acc += total;
  for (; len >= 8; p += 8, len -= 8) {
    acc ^= round(0, read64(p));
    acc = rotl(acc, 27) * P1 + P4;
  }
  if (len >= 4) {
    acc ^= std::uint64_t{read32(p)} * P1;
    acc = rotl(acc, 23) * P2 + P3;
    p += 4, len -= 4;
  }
  for (; len > 0; ++p, --len) {
    acc ^= std::uint64_t{*p} * P5;
    acc = rotl(acc, 11) * P1;
  }
  acc ^= acc >> 33;
  acc *= P2;
  acc ^= acc >> 29;
  acc *= P3;
  acc ^= acc >> 32;
  return acc;
}

}  // namespace

std::uint64_t xxh64(const void* data, std::size_t len, std::uint64_t seed) {
  auto p = static_cast<const unsigned char*>(data);
  std::uint64_t acc;
  std::size_t done = 0;
  if (len >= 32) {
    std::uint64_t v[4];
    init(v, seed);
    done = stripes(v, p, len);
    acc = converge(v);
  } else {
    acc = seed + P5;
  }
  return finish(acc, len, p + done, len - done);
}

Xxh64::Xxh64(std::uint64_t seed) : seed_(seed) { init(v_, seed); }

void Xxh64::update(const void* data, std::size_t len) {
  auto p = static_cast<const unsigned char*>(data);
  total_ += len;
  if (buffered_ + len < 32) {
    if (len) std::memcpy(buf_ + buffered_, p, len);
    buffered_ += len;
    return;
  }
  if (buffered_) {
    std::size_t fill = 32 - buffered_;
    std::memcpy(buf_ + buffered_, p, fill);
    stripes(v_, buf_, 32);
    p += fill, len -= fill;
    buffered_ = 0;
  }
  std::size_t n = stripes(v_, p, len);
  p += n, len -= n;
  if (len) std::memcpy(buf_, p, len);
  buffered_ = len;
}

std::uint64_t Xxh64::digest() const {
  std::uint64_t acc = total_ >= 32 ? converge(v_) : seed_ + P5;
  return finish(acc, total_, buf_, buffered_);
}

}  // namespace gotb
