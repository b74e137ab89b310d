// SGF: the parser, the writer round trip, and the game record reader that
// pv --sgf-in, query --sgf and GTP loadsgf use.
#include <exception>

#include "fuzz/fuzz_util.hpp"
#include "query/sgf.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text = gotb::fuzz::as_text(data, size);
  try {
    auto trees = gotb::parse_sgf(text);
    for (const auto& t : trees) {
      const std::string again = gotb::write_sgf(t);
      auto reparsed = gotb::parse_sgf(again);  // what gotb writes, gotb reads
      if (reparsed.size() != 1) __builtin_trap();
      (void)gotb::main_line(t);
    }
  } catch (const std::exception&) {
  }
  try {
    (void)gotb::read_sgf_record(text);
  } catch (const std::exception&) {
  }
  return 0;
}
