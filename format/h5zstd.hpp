// The Zstandard HDF5 filter, registered id 32015, with the convention of the
// community HDF5 zstd plugin: cd_values[0] (optional) is the compression
// level. Compression writes frames with the content size and a content
// checksum; decompression accepts any zstd frame (content size known or
// not). The same filter class is registered in-process by the tablebase
// reader/writer and exported by the plugin library libgotb_h5zstd.so, so
// `HDF5_PLUGIN_PATH=build/format h5dump FILE` reads gotb files.
#pragma once

#include <hdf5.h>

namespace gotb::h5 {

inline constexpr H5Z_filter_t kZstdFilterId = 32015;

// The filter class (H5Z_class2_t) shared by the in-process registration and
// the plugin entry points.
extern const H5Z_class2_t kZstdFilterClass;

}  // namespace gotb::h5
