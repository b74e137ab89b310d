// Chooses the analysis backend for the command-line front ends: a
// tablebase file through the probe API (query/probe.hpp), or a solver on
// the fly (query/reference_backend.hpp).
#pragma once

#include <memory>
#include <string>

#include "query/analysis.hpp"
#include "query/probe.hpp"
#include "query/reference_backend.hpp"

namespace gotb {

struct BackendOptions {
  std::string tablebase;  // a tablebase file; empty: solve on the fly
  ProbeOptions probe;     // with a tablebase: what answers states the file holds no exact value for
  ReferenceBackend::Options reference;
};

// Throws std::invalid_argument when the options name no usable backend,
// TablebaseError for a file that cannot be read.
std::unique_ptr<AnalysisBackend> make_backend(const BackendOptions& opt);

}  // namespace gotb
