// Graph files (docs/boards.md), read through Board::parse("graph:PATH") as
// the command line does; a board that loads must print and parse back.
#include <exception>

#include "core/board.hpp"
#include "fuzz/fuzz_util.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string& path = gotb::fuzz::scratch_path("graph");
  gotb::fuzz::write_scratch(path, data, size);
  try {
    gotb::Board b = gotb::Board::parse("graph:" + path);
    if (b.size() < 1 || b.size() > 64) __builtin_trap();
    for (int p = 0; p < b.size(); ++p) {
      if (b.neighbours(p) & (std::uint64_t{1} << p)) __builtin_trap();  // no self-loops
      (void)b.parse_point(b.point_name(p));
    }
  } catch (const std::exception&) {
  }
  return 0;
}
