// The tablebase's own metadata checksum (docs/format.md, "Metadata
// checksum"): XXH64 of a canonical serialization of every group, dataset
// and attribute in the file, stored in the root attribute metadata_xxh64.
//
// Why: HDF5's own metadata checksums exist only in files written with
// version-2 object headers; a tool such as h5repack (default bounds) drops
// them, and then a changed byte of an attribute (komi 7.5 -> 0.5) passes
// unnoticed. This checksum is computed over values (not bytes on disk), so
// re-packing that keeps every value keeps it valid, and it covers every
// attribute generically: an attribute added to the format later is covered
// without touching this code. Internal to format/; callers hold
// h5::hdf5_mutex().
#pragma once

#include <hdf5.h>

#include <cstdint>
#include <string>

namespace gotb::h5 {

inline constexpr const char* kMetadataChecksumAttr = "metadata_xxh64";

// The canonical byte stream (docs/format.md specifies it). Throws
// std::runtime_error naming the object or attribute it cannot serialize
// (a type gotb never writes, an implausible size).
std::string canonical_metadata(hid_t file);
std::uint64_t metadata_xxh64(hid_t file);

// Lowest version of any object header in the file (2 when every header
// carries HDF5's checksum). Throws std::runtime_error if HDF5 cannot say.
unsigned min_object_header_version(hid_t file);

// (Re)writes the root metadata_xxh64 attribute from the file's current
// content: the writer's last step, and the tests' way to forge a file
// whose checksum is right but whose content is wrong. False on HDF5 error.
bool reseal_metadata(hid_t file);

// The HDF5 superblock version found at the file's signature (offset 0 or
// 512 * 2^k), read from the raw bytes before HDF5 parses anything; -1 when
// no signature is found. Versions 0 and 1 carry no checksum.
int raw_superblock_version(const std::string& path);

}  // namespace gotb::h5
