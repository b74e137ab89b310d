// Tablebase files: open, metadata, board, every array read, probes and the
// checksum report of an arbitrary byte string (seeds: small valid files).
#include <exception>

#include "format/tablebase.hpp"
#include "fuzz/fuzz_util.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string& path = gotb::fuzz::scratch_path("tablebase");
  gotb::fuzz::write_scratch(path, data, size);
  try {
    gotb::TablebaseReader r(path);
    (void)r.meta();
    (void)r.board();
    (void)r.verify_report();
    for (const auto& name : r.array_names()) {
      const auto values = r.read_array(name);
      if (!values.empty()) {
        (void)r.probe(name, 0);
        (void)r.probe(name, values.size() - 1);
      }
    }
  } catch (const std::exception&) {
  }
  return 0;
}
