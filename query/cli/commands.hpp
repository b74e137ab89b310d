// Subcommands of the gotb program; each adds itself to the CLI11 app and
// runs from its callback. Errors are thrown as exceptions and reported by
// main() as one "gotb: error: ..." line with a non-zero exit.
#pragma once

#include <CLI/CLI.hpp>

namespace gotb::cli {

void add_solve_command(CLI::App& app);
void add_rules_command(CLI::App& app);
void add_table_command(CLI::App& app);
void add_bench_command(CLI::App& app);
void add_generate_command(CLI::App& app);
void add_query_command(CLI::App& app);
void add_info_command(CLI::App& app);    // tablebase files (format/)
void add_verify_command(CLI::App& app);
void add_pv_command(CLI::App& app);     // issue 8
void add_gtp_command(CLI::App& app);    // issue 8
void add_referee_command(CLI::App& app);  // issue 8
void add_analyse_command(CLI::App& app);
void add_serve_command(CLI::App& app);   // issue 21

}  // namespace gotb::cli
