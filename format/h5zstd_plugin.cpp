// Entry points of the HDF5 dynamic filter plugin (libgotb_h5zstd.so): HDF5
// dlopen()s every lib*.so in HDF5_PLUGIN_PATH and asks each for its type and
// filter class when a file names a filter it has not registered.
#include <H5PLextern.h>

#include "format/h5zstd.hpp"

extern "C" {
H5PL_type_t H5PLget_plugin_type(void) { return H5PL_TYPE_FILTER; }
const void* H5PLget_plugin_info(void) { return &gotb::h5::kZstdFilterClass; }
}
