#include "core/file_io.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdint>
#include <cstring>
#include <stdexcept>

namespace gotb {
namespace {

struct Fd {
  int fd;
  ~Fd() {
    if (fd >= 0) ::close(fd);
  }
};

}  // namespace

std::string read_regular_file(const std::string& path, std::size_t max_bytes, const std::string& what) {
  auto fail = [&](const std::string& why) -> std::invalid_argument {
    return std::invalid_argument("cannot read " + what + " '" + path + "': " + why);
  };
  if (path.empty()) throw std::invalid_argument(what + ": the file name is empty");
  // O_NONBLOCK: opening a FIFO for reading would otherwise wait for a writer.
  Fd f{::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY)};
  if (f.fd < 0) throw fail(std::strerror(errno));
  struct stat st {};
  if (::fstat(f.fd, &st) != 0) throw fail(std::strerror(errno));
  if (S_ISDIR(st.st_mode)) throw fail("it is a directory");
  if (!S_ISREG(st.st_mode)) throw fail("not a regular file (a device, FIFO or socket)");
  if (static_cast<std::uint64_t>(st.st_size) > max_bytes)
    throw fail("it has " + std::to_string(st.st_size) + " bytes; at most " + std::to_string(max_bytes) +
               " are read");
  const int flags = ::fcntl(f.fd, F_GETFL);
  if (flags >= 0) ::fcntl(f.fd, F_SETFL, flags & ~O_NONBLOCK);
  std::string out;
  out.reserve(static_cast<std::size_t>(st.st_size));
  char buf[1 << 16];
  for (;;) {
    const ssize_t n = ::read(f.fd, buf, sizeof buf);
    if (n < 0) {
      if (errno == EINTR) continue;
      throw fail(std::strerror(errno));
    }
    if (n == 0) break;
    // The file may grow while it is read: the limit holds for what is read.
    if (out.size() + static_cast<std::size_t>(n) > max_bytes)
      throw fail("it has more than " + std::to_string(max_bytes) + " bytes");
    out.append(buf, static_cast<std::size_t>(n));
  }
  return out;
}

}  // namespace gotb
