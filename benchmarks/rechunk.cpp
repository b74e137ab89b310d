// Copies a tablebase file with another chunk size (not a test; docs/solving.md,
// "Reading a root file"): the same metadata and array values, every chunk and
// array checksum recomputed by the writer. Used to measure how the chunk size
// of a root file's fact stream sets the cost of a cold record read without
// generating the file again (a 4x4 root file takes half an hour).
//
//   build/benchmarks/rechunk IN OUT CHUNK_VALUES [ZSTD_LEVEL]
#include <cstdio>
#include <exception>
#include <string>
#include <vector>

#include "format/tablebase.hpp"

int main(int argc, char** argv) {
  if (argc < 4 || argc > 5) {
    std::fprintf(stderr, "usage: rechunk IN OUT CHUNK_VALUES [ZSTD_LEVEL]\n");
    return 2;
  }
  try {
    gotb::TablebaseReader in(argv[1]);
    const gotb::TablebaseMeta meta = in.meta();
    std::vector<std::vector<std::int8_t>> data;
    std::vector<gotb::TablebaseArrayView> views;
    for (const std::string& name : in.array_names()) data.push_back(in.read_array(name));  // verified
    std::size_t i = 0;
    for (const std::string& name : in.array_names()) {
      const auto& d = data[i++];
      views.push_back({name, d.data(), d.size(), d.size() != meta.state_count});
    }
    gotb::WriteOptions o;
    o.chunk_values = std::stoull(argv[3]);
    if (argc == 5) o.zstd_level = std::stoi(argv[4]);
    o.board = &in.board();
    gotb::write_tablebase(argv[2], meta, views, o);
    gotb::TablebaseReader out(argv[2]);
    std::printf("%s: %llu bytes -> %s: %llu bytes (chunk %s values)\n", argv[1],
                static_cast<unsigned long long>(in.file_bytes()), argv[2],
                static_cast<unsigned long long>(out.file_bytes()), argv[3]);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "rechunk: %s\n", e.what());
    return 1;
  }
  return 0;
}
