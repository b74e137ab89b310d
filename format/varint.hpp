// LEB128-style unsigned varints over int8 byte vectors: the encoding of the
// superko fact records (files, resume journals) and of the superko --mpi
// messages, which carry those records unchanged.
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

namespace gotb {

inline void put_varint(std::uint64_t v, std::vector<std::int8_t>& out) {
  while (v >= 0x80) {
    out.push_back(static_cast<std::int8_t>(static_cast<std::uint8_t>(v | 0x80)));
    v >>= 7;
  }
  out.push_back(static_cast<std::int8_t>(static_cast<std::uint8_t>(v)));
}

// Reads one varint at p (advanced past it); `what` names the data in the
// error thrown for a truncated or over-long number.
inline std::uint64_t get_varint(const std::int8_t*& p, const std::int8_t* end, const char* what) {
  std::uint64_t v = 0;
  for (int shift = 0; shift < 64; shift += 7) {
    if (p == end) throw std::runtime_error(std::string(what) + ": truncated record");
    const std::uint8_t b = static_cast<std::uint8_t>(*p++);
    v |= static_cast<std::uint64_t>(b & 0x7F) << shift;
    if (!(b & 0x80)) return v;
  }
  throw std::runtime_error(std::string(what) + ": malformed number");
}

}  // namespace gotb
