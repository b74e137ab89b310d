#include "query/backends.hpp"

#include <stdexcept>

namespace gotb {

std::unique_ptr<AnalysisBackend> make_backend(const BackendOptions& opt) {
  if (!opt.tablebase.empty())
    throw std::invalid_argument(
        "--tablebase: the retrograde files hold finite-state fixpoints, not proven superko values, so they "
        "cannot drive play yet (see `gotb query FILE` for what they say); use --board and --rules, which solve "
        "exactly on the fly");
  return std::make_unique<ReferenceBackend>(opt.reference);
}

}  // namespace gotb
