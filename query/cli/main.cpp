#include <cstdio>
#include <exception>
#include <string>
#include <vector>

#include <oneapi/tbb/global_control.h>

#include "core/stack_guard.hpp"
#include "generator/reference/reference_solver.hpp"
#include "query/cli/commands.hpp"
#include "query/cli/output.hpp"
#include "gotb_version.hpp"

namespace {

// CLI11 checks required options before it complains about words it did not
// recognise, so `gotb solve --bogus` would say "--board is required". A
// misspelt option or command is the likelier mistake: name it first.
std::vector<std::string> unrecognised(const CLI::App& app) {
  std::vector<std::string> out = app.remaining();
  for (const CLI::App* sub : app.get_subcommands())
    for (std::string& w : unrecognised(*sub)) out.push_back(std::move(w));
  return out;
}

std::string command_path(const CLI::App& app) {
  std::string path = "gotb";
  for (const CLI::App* sub = &app; !sub->get_subcommands().empty();) {
    sub = sub->get_subcommands().front();
    path += " " + sub->get_name();
  }
  return path;
}

int report_parse_error(CLI::App& app, const CLI::ParseError& e) {
  // --help and --version arrive as "errors" with exit code 0.
  if (e.get_exit_code() == 0) return app.exit(e);
  const std::string path = command_path(app);
  const std::vector<std::string> extra = unrecognised(app);
  std::string msg;
  if (!extra.empty()) {
    const bool command = path == "gotb" && extra.front().rfind('-', 0) != 0;
    msg = std::string(command ? "unknown command" : "unknown option or argument") + " '" + extra.front() + "'";
    if (extra.size() > 1) msg += " (and " + std::to_string(extra.size() - 1) + " more)";
  } else {
    msg = e.what();
  }
  std::fprintf(stderr, "gotb: error: %s\nRun '%s --help' for more information.\n",
               gotb::cli::terminal_safe(msg).c_str(), path.c_str());
  return e.get_exit_code();
}

}  // namespace

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
    return report_parse_error(app, e);
  } catch (const gotb::StoppedByLimit& e) {
    std::fprintf(stderr, "gotb: stopped: %s\n", e.what());
    return 3;
  } catch (const gotb::NodeLimitReached& e) {
    std::fprintf(stderr, "gotb: error: %s before the search finished; no value was proven%s%s%s\n", e.what(),
                 e.proven.empty() ? "" : " (", e.proven.c_str(), e.proven.empty() ? "" : ")");
    return 3;
  } catch (const std::exception& e) {
    // Messages quote file content (attributes, SGF values): escaped.
    std::fprintf(stderr, "gotb: error: %s\n", gotb::cli::terminal_safe(e.what()).c_str());
    return 1;
  }
  return 0;
}
