// Reading a whole input file safely: gotb reads files whose names come from
// users and from other files (SGF's GOTBBOARD[graph:PATH], table.csv), so
// every read is bounded and only regular files are read. Opening does not
// block on a FIFO (O_NONBLOCK), /dev/zero is refused as a device, and a
// file larger than the limit is refused before it is read.
#pragma once

#include <cstddef>
#include <string>

namespace gotb {

// Limits per kind of input (far above any real input of that kind).
inline constexpr std::size_t kMaxGraphFileBytes = std::size_t{1} << 20;   // 1 MiB
inline constexpr std::size_t kMaxSgfFileBytes = std::size_t{64} << 20;    // 64 MiB
inline constexpr std::size_t kMaxCsvFileBytes = std::size_t{64} << 20;    // 64 MiB

// The whole content of `path`. Throws std::invalid_argument naming `what`
// ("graph file", "SGF file", ...) and the path when it cannot be opened, is
// not a regular file, is larger than max_bytes, or a read fails.
std::string read_regular_file(const std::string& path, std::size_t max_bytes, const std::string& what);

}  // namespace gotb
