#include "query/cli/run_program.hpp"

#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>

extern char** environ;

namespace gotb::cli {

ProgramResult run_program(const std::vector<std::string>& argv, const std::string& cwd) {
  ProgramResult r;
  if (argv.empty()) return r;
  std::vector<char*> args;
  for (const auto& a : argv) args.push_back(const_cast<char*>(a.c_str()));
  args.push_back(nullptr);
  posix_spawn_file_actions_t fa;
  if (posix_spawn_file_actions_init(&fa) != 0) return r;
  bool ok = posix_spawn_file_actions_addopen(&fa, STDIN_FILENO, "/dev/null", O_RDONLY, 0) == 0 &&
            posix_spawn_file_actions_adddup2(&fa, STDERR_FILENO, STDOUT_FILENO) == 0;
  // glibc >= 2.29: the child changes directory itself, no "cd DIR &&".
  if (ok && !cwd.empty()) ok = posix_spawn_file_actions_addchdir_np(&fa, cwd.c_str()) == 0;
  pid_t pid = -1;
  if (ok && posix_spawnp(&pid, args[0], &fa, nullptr, args.data(), environ) == 0) {
    int status = 0;
    pid_t w;
    do {
      w = ::waitpid(pid, &status, 0);
    } while (w < 0 && errno == EINTR);
    r.started = true;
    r.exit_code = w == pid && WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  }
  posix_spawn_file_actions_destroy(&fa);
  return r;
}

}  // namespace gotb::cli
