#include "query/backends.hpp"

#include <stdexcept>

namespace gotb {

std::unique_ptr<AnalysisBackend> make_backend(const BackendOptions& opt) {
  if (!opt.tablebase.empty())
    throw std::invalid_argument("--tablebase: reading tablebase files arrives with issue 6 (format/); "
                                "for now use --board and --rules, which solve on the fly");
  return std::make_unique<ReferenceBackend>(opt.reference);
}

}  // namespace gotb
