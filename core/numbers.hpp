// The one place where numbers enter gotb from text (command line, SGF, GTP,
// CSV, graph files) or from files (tablebase attributes). Every parser here
// is strict: plain decimal only (no hex "0x10", no exponent "1e308", no
// "inf"/"nan", no spaces, no empty text), and every value is range-checked,
// so that nothing reaches a cast or an array with a value it cannot hold.
// Each throws std::invalid_argument with a message naming `what` (the
// option, property or field) and the offending text.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace gotb {

// Komi: a multiple of 0.5 with |komi| <= kMaxKomi (values are kept in half
// points; no board of at most 64 points needs more).
inline constexpr double kMaxKomi = 1000;
void check_komi(double komi, std::string_view what = "komi");
double parse_komi(std::string_view text, std::string_view what = "komi");

// Integers in [min, max]: optional '-', then decimal digits.
std::int64_t parse_integer(std::string_view text, std::int64_t min, std::int64_t max, std::string_view what);
// Unsigned counts in [0, max]: decimal digits only.
std::uint64_t parse_count(std::string_view text, std::uint64_t max, std::string_view what);
// Seconds: decimal with optional fraction, 0 <= s <= max.
double parse_seconds(std::string_view text, double max, std::string_view what);
// A score in points that is a multiple of 0.5 (decimal, no sign), at most
// max; returned in half points.
std::int32_t parse_half_points(std::string_view text, double max, std::string_view what);

// True when text is [-]digits[.digits] (at least one digit before or after
// the point); allow_sign false forbids the '-'.
bool is_plain_decimal(std::string_view text, bool allow_sign = true);

}  // namespace gotb
