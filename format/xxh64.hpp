// XXH64 (seed 0 by default), implemented from the xxHash specification
// (https://github.com/Cyan4973/xxHash/blob/dev/doc/xxhash_spec.md). The
// tablebase format uses it for per-chunk and whole-array checksums because
// it is fast (several GB/s per core, far faster than zstd decompression),
// 64 bits wide, and available to third-party readers (python `xxhash`,
// `xxhsum -H64`, zstd's own frame checksum is its low 32 bits).
#pragma once

#include <cstddef>
#include <cstdint>

namespace gotb {

std::uint64_t xxh64(const void* data, std::size_t len, std::uint64_t seed = 0);

// Streaming form: update() in pieces of any size gives the same digest as
// one xxh64() over the concatenation.
class Xxh64 {
 public:
  explicit Xxh64(std::uint64_t seed = 0);
  void update(const void* data, std::size_t len);
  std::uint64_t digest() const;

 private:
  std::uint64_t v_[4];
  std::uint64_t seed_;
  std::uint64_t total_ = 0;
  unsigned char buf_[32];
  std::size_t buffered_ = 0;
};

}  // namespace gotb
