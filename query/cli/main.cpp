#include <cstdio>
#include <exception>
#include <string>

#include <oneapi/tbb/global_control.h>

#include "core/stack_guard.hpp"
#include "generator/reference/reference_solver.hpp"
#include "query/cli/commands.hpp"
#include "query/cli/output.hpp"

int main(int argc, char** argv) {
  CLI::App app{
      "gotb: exact game values and optimal play for Go on small boards, under many rulesets.\n"
      "Boards: RxC (e.g. 2x3), cylinder:RxC, torus:RxC, ring:N, graph:FILE.\n"
      "Rulesets: see 'gotb rules'."};
  app.set_version_flag("--version", std::string(GOTB_VERSION) + " (git " GOTB_GIT_REVISION ")");
  app.require_subcommand(1);
  gotb::cli::add_solve_command(app);
  gotb::cli::add_rules_command(app);
  gotb::cli::add_table_command(app);
  gotb::cli::add_bench_command(app);
  gotb::cli::add_generate_command(app);
  gotb::cli::add_query_command(app);
  gotb::cli::add_info_command(app);
  gotb::cli::add_verify_command(app);
  gotb::cli::add_pv_command(app);
  gotb::cli::add_gtp_command(app);
  gotb::cli::add_referee_command(app);
  gotb::cli::add_analyse_command(app);
  gotb::cli::add_serve_command(app);
  // Solvers recurse once per ply, and superko lines run to tens of thousands
  // of plies: the command runs on a thread with a 1 GiB stack (address space
  // only; pages are used as a deep line touches them), and parallel workers
  // get 256 MiB. The solvers stop with "not proven" near either end
  // (core/stack_guard.hpp).
  tbb::global_control worker_stack(tbb::global_control::thread_stack_size, std::size_t{256} << 20);
  try {
    gotb::run_with_stack(std::size_t{1} << 30, [&] { app.parse(argc, argv); });
  } catch (const CLI::ValidationError& e) {
    // A bad value (number, file name): the project's error form and exit 1.
    std::fprintf(stderr, "gotb: error: %s\n", gotb::cli::terminal_safe(e.what()).c_str());
    return 1;
  } catch (const CLI::ParseError& e) {
    return app.exit(e);
  } catch (const gotb::NodeLimitReached& e) {
    std::fprintf(stderr, "gotb: error: %s before the search finished; no value was proven\n", e.what());
    return 3;
  } catch (const std::exception& e) {
    // Messages quote file content (attributes, SGF values): escaped.
    std::fprintf(stderr, "gotb: error: %s\n", gotb::cli::terminal_safe(e.what()).c_str());
    return 1;
  }
  return 0;
}
