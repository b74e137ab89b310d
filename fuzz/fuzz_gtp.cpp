// GTP: a whole session (one command per line) against the exact on-the-fly
// backend, bounded so that every solve is small: boards of at most 6
// points, 20,000 nodes and 1 s per query.
#include <exception>
#include <string>

#include "fuzz/fuzz_util.hpp"
#include "query/gtp.hpp"
#include "query/reference_backend.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text = gotb::fuzz::as_text(data, size);
  gotb::ReferenceBackend::Options o;
  o.method = "auto";
  o.max_points = 6;
  o.solver.node_limit = 20000;
  o.solver.time_limit = 1;
  gotb::ReferenceBackend backend(o);
  try {
    gotb::GtpEngine engine(backend, {gotb::Board::parse("2x2"), gotb::RuleSet::parse("tromp-taylor"), 0});
    std::size_t start = 0;
    for (int lines = 0; start <= text.size() && lines < 64; ++lines) {
      std::size_t end = text.find('\n', start);
      if (end == std::string_view::npos) end = text.size();
      const std::string reply = engine.handle_line(text.substr(start, end - start));
      // Every response is "=..." or "?..." and ends in a blank line (or is empty).
      if (!reply.empty() && ((reply[0] != '=' && reply[0] != '?') || reply.size() < 2 ||
                             reply.compare(reply.size() - 2, 2, "\n\n") != 0))
        __builtin_trap();
      if (engine.quit_requested()) break;
      start = end + 1;
    }
  } catch (const std::exception&) {
  }
  return 0;
}
