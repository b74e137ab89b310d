// The MPI process group a distributed command runs in (docs/distributed.md).
//
// gotb is one program for one machine and for a cluster: built with
// -DGOTB_MPI=ON, the commands that take --mpi start a Session, which
// initialises MPI (MPI_Init_thread, serialized: only the command's thread
// calls MPI; oneTBB threads inside a rank never do) and finalises it when
// the session ends. Without MPI in the build, creating a Session throws a
// clear error. One Session per process.
#pragma once

#include <exception>
#include <string>

namespace gotb::dist {

// True when this binary was built with -DGOTB_MPI=ON.
bool built_with_mpi();

class Session {
 public:
  // Throws std::runtime_error when built without MPI or when MPI cannot be
  // initialised.
  Session();
  ~Session();
  Session(const Session&) = delete;
  Session& operator=(const Session&) = delete;

  int rank() const { return rank_; }
  int size() const { return size_; }
  // Processor name of this rank (MPI_Get_processor_name).
  std::string host() const;

  // Ends every rank of the job after an error on this one (MPI_Abort): the
  // others could otherwise wait forever for its messages. Prints
  // "gotb: error: rank R: what" first.
  [[noreturn]] void abort(const std::exception& e) const;

 private:
  int rank_ = 0, size_ = 1;
};

// Runs f on this rank; an exception ends the whole job through abort()
// when there is more than one rank, and propagates otherwise.
template <class F>
void run_on_rank(const Session& s, F&& f) {
  try {
    f();
  } catch (const std::exception& e) {
    if (s.size() > 1) s.abort(e);
    throw;
  }
}

}  // namespace gotb::dist
