#include "format/h5zstd.hpp"

#include <zstd.h>

#include <cstring>

namespace gotb::h5 {
namespace {

// HDF5 chunks are at most 4 GiB; a frame that claims more is corrupt, and
// refusing it keeps a damaged header from triggering a huge allocation.
constexpr unsigned long long kMaxChunkBytes = 0xFFFFFFFFull;

// Decompresses a frame whose header does not carry the content size (other
// writers may produce such frames) by streaming into a growing buffer.
size_t decompress_unknown_size(const void* in, size_t in_size, void** out) {
  ZSTD_DStream* ds = ZSTD_createDStream();
  if (!ds) return 0;
  size_t cap = in_size * 4 + ZSTD_DStreamOutSize();
  void* buf = H5allocate_memory(cap, false);
  ZSTD_inBuffer ib{in, in_size, 0};
  ZSTD_outBuffer ob{buf, cap, 0};
  size_t rc = 1;
  while (buf && rc != 0) {
    rc = ZSTD_decompressStream(ds, &ob, &ib);
    if (ZSTD_isError(rc)) break;
    if (rc == 0) break;
    if (ib.pos == ib.size && ob.pos < ob.size) {  // input exhausted mid-frame
      rc = 1;
      break;
    }
    if (ob.pos == ob.size) {
      if (cap * 2 > kMaxChunkBytes) break;
      void* bigger = H5resize_memory(buf, cap * 2);
      if (!bigger) break;
      buf = bigger;
      cap *= 2;
      ob.dst = buf;
      ob.size = cap;
    }
  }
  ZSTD_freeDStream(ds);
  if (rc != 0) {
    if (buf) H5free_memory(buf);
    return 0;
  }
  *out = buf;
  return ob.pos;
}

size_t zstd_filter(unsigned int flags, size_t cd_nelmts, const unsigned int cd_values[], size_t nbytes,
                   size_t* buf_size, void** buf) {
  if (flags & H5Z_FLAG_REVERSE) {
    unsigned long long n = ZSTD_getFrameContentSize(*buf, nbytes);
    if (n == ZSTD_CONTENTSIZE_ERROR) return 0;
    void* out = nullptr;
    size_t produced;
    if (n == ZSTD_CONTENTSIZE_UNKNOWN) {
      produced = decompress_unknown_size(*buf, nbytes, &out);
      if (!out) return 0;
    } else {
      if (n > kMaxChunkBytes) return 0;
      out = H5allocate_memory(n ? n : 1, false);
      if (!out) return 0;
      produced = ZSTD_decompress(out, n, *buf, nbytes);
      if (ZSTD_isError(produced) || produced != n) {
        H5free_memory(out);
        return 0;
      }
    }
    H5free_memory(*buf);
    *buf = out;
    *buf_size = produced ? produced : 1;
    return produced;
  }
  int level = ZSTD_CLEVEL_DEFAULT;
  if (cd_nelmts > 0) level = static_cast<int>(cd_values[0]);  // negative levels arrive as wrapped unsigned
  if (level > ZSTD_maxCLevel()) level = ZSTD_maxCLevel();
  if (level < ZSTD_minCLevel()) level = ZSTD_minCLevel();
  ZSTD_CCtx* cctx = ZSTD_createCCtx();
  if (!cctx) return 0;
  ZSTD_CCtx_setParameter(cctx, ZSTD_c_compressionLevel, level);
  ZSTD_CCtx_setParameter(cctx, ZSTD_c_contentSizeFlag, 1);
  ZSTD_CCtx_setParameter(cctx, ZSTD_c_checksumFlag, 1);
  size_t cap = ZSTD_compressBound(nbytes);
  void* out = H5allocate_memory(cap, false);
  size_t n = out ? ZSTD_compress2(cctx, out, cap, *buf, nbytes) : 0;
  ZSTD_freeCCtx(cctx);
  if (!out || ZSTD_isError(n)) {
    if (out) H5free_memory(out);
    return 0;
  }
  H5free_memory(*buf);
  *buf = out;
  *buf_size = cap;
  return n;
}

}  // namespace

const H5Z_class2_t kZstdFilterClass = {
    H5Z_CLASS_T_VERS,
    kZstdFilterId,
    1,  // encoder present
    1,  // decoder present
    "zstd (gotb)",
    nullptr,  // can_apply
    nullptr,  // set_local
    zstd_filter,
};

}  // namespace gotb::h5
