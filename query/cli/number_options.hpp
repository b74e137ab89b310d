// CLI11 validators over core/numbers.hpp: every numeric option is checked
// as text before CLI11 converts it, so "-1" never wraps to 2^64-1, "0x10"
// or "1e308" never reach a komi, and "" is not read as 0.
#pragma once

#include <CLI/CLI.hpp>
#include <cstdint>

namespace gotb::cli {

CLI::Validator komi_number();
CLI::Validator count_number(std::uint64_t max);
CLI::Validator integer_number(std::int64_t min, std::int64_t max);
CLI::Validator seconds_number(double max);
// File names: '' is an error, not "no file".
CLI::Validator non_empty_name();

// Time limits and timeouts: a deadline is computed as now + limit on a
// nanosecond clock, which overflows near 9.2e9 s; a billion seconds (32
// years) is far beyond any real budget.
inline constexpr double kMaxSeconds = 1e9;

}  // namespace gotb::cli
