// Starting a helper program (gnuplot) without a shell: the argument vector
// goes to the program as is, so no user text (an --out-dir name with quotes
// and semicolons) is ever parsed as shell syntax.
#pragma once

#include <string>
#include <vector>

namespace gotb::cli {

struct ProgramResult {
  bool started = false;  // false: not found on PATH or could not be started
  int exit_code = -1;    // the program's exit status; -1 if it died by a signal
};

// Runs argv[0] (looked up on PATH) with argv in the working directory
// `cwd` (empty: ours), stdin from /dev/null, its stdout sent to our
// stderr; waits for it.
ProgramResult run_program(const std::vector<std::string>& argv, const std::string& cwd = {});

}  // namespace gotb::cli
