#include "query/backends.hpp"

#include <stdexcept>

namespace gotb {

std::unique_ptr<AnalysisBackend> make_backend(const BackendOptions& opt) {
  if (!opt.tablebase.empty())
    throw std::invalid_argument(
        "--tablebase is refused on purpose: the retrograde tablebase files hold two finite-state fixpoints per "
        "state, which are not proven superko values (nor proven bounds on them), so they cannot drive play or "
        "give exact values (`gotb query FILE` shows what a file says). Use --board RxC --rules R instead, which solves "
        "exactly on the fly (--method auto: the search for the tromp-taylor family, the reference solver for the others)");
  return std::make_unique<ReferenceBackend>(opt.reference);
}

}  // namespace gotb
