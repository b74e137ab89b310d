#include "generator/distributed/mpi_session.hpp"

#include <cstdio>
#include <cstdlib>
#include <stdexcept>

#if GOTB_MPI
#include <mpi.h>
#endif

namespace gotb::dist {

#if GOTB_MPI

bool built_with_mpi() { return true; }

Session::Session() {
  int initialised = 0;
  MPI_Initialized(&initialised);
  if (initialised) throw std::logic_error("MPI session started twice");
  int provided = 0;
  if (MPI_Init_thread(nullptr, nullptr, MPI_THREAD_SERIALIZED, &provided) != MPI_SUCCESS)
    throw std::runtime_error("--mpi: MPI_Init_thread failed");
  if (provided < MPI_THREAD_SERIALIZED) {
    // Only this thread calls MPI; FUNNELED would do too, since the command's
    // thread is the one that initialised MPI.
    if (provided < MPI_THREAD_FUNNELED) {
      MPI_Finalize();
      throw std::runtime_error("--mpi: the MPI library offers no thread support (need MPI_THREAD_FUNNELED)");
    }
  }
  MPI_Comm_rank(MPI_COMM_WORLD, &rank_);
  MPI_Comm_size(MPI_COMM_WORLD, &size_);
}

Session::~Session() {
  int finalised = 0;
  MPI_Finalized(&finalised);
  if (!finalised) MPI_Finalize();
}

std::string Session::host() const {
  char name[MPI_MAX_PROCESSOR_NAME];
  int len = 0;
  MPI_Get_processor_name(name, &len);
  return std::string(name, static_cast<std::size_t>(len));
}

void Session::abort(const std::exception& e) const {
  std::fprintf(stderr, "gotb: error: rank %d: %s\n", rank_, e.what());
  std::fflush(stderr);
  MPI_Abort(MPI_COMM_WORLD, 1);
  std::abort();  // MPI_Abort does not return
}

#else

bool built_with_mpi() { return false; }

Session::Session() {
  throw std::runtime_error(
      "--mpi: this gotb was built without MPI (configure with -DGOTB_MPI=ON, see docs/distributed.md)");
}
Session::~Session() = default;
std::string Session::host() const { return "localhost"; }
void Session::abort(const std::exception& e) const {
  std::fprintf(stderr, "gotb: error: %s\n", e.what());
  std::abort();
}

#endif

}  // namespace gotb::dist
