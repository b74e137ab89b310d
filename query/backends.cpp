#include "query/backends.hpp"

#include <stdexcept>

namespace gotb {

std::unique_ptr<AnalysisBackend> make_backend(const BackendOptions& opt) {
  if (!opt.tablebase.empty())
    return std::make_unique<TablebaseBackend>(std::make_shared<const TablebaseProbe>(opt.tablebase, opt.probe));
  return std::make_unique<ReferenceBackend>(opt.reference);
}

}  // namespace gotb
