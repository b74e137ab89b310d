// Chooses the analysis backend for the command-line front ends. This is
// the one place where the tablebase backend gets wired in (docs/frontends.md).
#pragma once

#include <memory>
#include <string>

#include "query/analysis.hpp"
#include "query/reference_backend.hpp"

namespace gotb {

struct BackendOptions {
  std::string tablebase;  // a tablebase file; empty: solve with the reference solver
  ReferenceBackend::Options reference;
};

// Throws std::invalid_argument when the options name no usable backend.
std::unique_ptr<AnalysisBackend> make_backend(const BackendOptions& opt);

}  // namespace gotb
