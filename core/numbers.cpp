#include "core/numbers.hpp"

#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <stdexcept>

namespace gotb {
namespace {

std::string shown(std::string_view text) {
  // Long garbage is cut, so that a message stays one readable line.
  if (text.size() > 40) return "'" + std::string(text.substr(0, 40)) + "...'";
  return "'" + std::string(text) + "'";
}

[[noreturn]] void bad(std::string_view what, std::string_view text, const std::string& why) {
  throw std::invalid_argument((what.empty() ? std::string() : std::string(what) + ": ") + shown(text) + " " + why);
}

std::string number_text(double v) {
  char buf[40];
  std::snprintf(buf, sizeof buf, "%.10g", v);
  return buf;
}

// Parses a plain decimal (already checked) into a double; the text is short
// and has no exponent, so strtod is exact enough and cannot overflow to inf
// for any text below the length cap.
double decimal_value(std::string_view text, std::string_view what) {
  if (text.size() > 30) bad(what, text, "is too long for a number");
  std::string s(text);
  return std::strtod(s.c_str(), nullptr);
}

}  // namespace

bool is_plain_decimal(std::string_view text, bool allow_sign) {
  std::size_t i = 0;
  if (allow_sign && i < text.size() && text[i] == '-') ++i;
  std::size_t digits = 0;
  while (i < text.size() && text[i] >= '0' && text[i] <= '9') ++i, ++digits;
  if (i < text.size() && text[i] == '.') {
    ++i;
    while (i < text.size() && text[i] >= '0' && text[i] <= '9') ++i, ++digits;
  }
  return digits > 0 && i == text.size();
}

void check_komi(double komi, std::string_view what) {
  if (!std::isfinite(komi) || std::fabs(komi) > kMaxKomi || komi * 2 != std::floor(komi * 2))
    throw std::invalid_argument(std::string(what) + " must be a multiple of 0.5 between -" + number_text(kMaxKomi) +
                                " and " + number_text(kMaxKomi) + ", not " + number_text(komi));
}

double parse_komi(std::string_view text, std::string_view what) {
  if (!is_plain_decimal(text)) bad(what, text, "is not a number (komi is written like 0, 6.5 or -7.5)");
  const double k = decimal_value(text, what);
  if (std::fabs(k) > kMaxKomi || k * 2 != std::floor(k * 2))
    bad(what, text, "is not a multiple of 0.5 between -" + number_text(kMaxKomi) + " and " + number_text(kMaxKomi));
  return k;
}

std::int64_t parse_integer(std::string_view text, std::int64_t min, std::int64_t max, std::string_view what) {
  std::int64_t v = 0;
  const bool digits_only = !text.empty() && (text[0] == '-' ? text.size() > 1 : true) &&
                           text.find_first_not_of("0123456789", text[0] == '-' ? 1 : 0) == std::string_view::npos;
  auto [p, ec] = digits_only ? std::from_chars(text.data(), text.data() + text.size(), v)
                             : std::from_chars_result{text.data(), std::errc::invalid_argument};
  if (!digits_only || ec == std::errc::invalid_argument || p != text.data() + text.size())
    bad(what, text, "is not a whole number");
  if (ec == std::errc::result_out_of_range || v < min || v > max)
    bad(what, text, "is out of range (" + std::to_string(min) + ".." + std::to_string(max) + ")");
  return v;
}

std::uint64_t parse_count(std::string_view text, std::uint64_t max, std::string_view what) {
  std::uint64_t v = 0;
  if (text.empty() || text.find_first_not_of("0123456789") != std::string_view::npos)
    bad(what, text, "is not a whole number >= 0");
  auto [p, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
  if (ec == std::errc::result_out_of_range || v > max)
    bad(what, text, "is out of range (0.." + std::to_string(max) + ")");
  if (ec != std::errc() || p != text.data() + text.size()) bad(what, text, "is not a whole number >= 0");
  return v;
}

double parse_seconds(std::string_view text, double max, std::string_view what) {
  if (!is_plain_decimal(text, false)) bad(what, text, "is not a number of seconds >= 0 (like 20 or 0.5)");
  const double s = decimal_value(text, what);
  if (!(s <= max)) bad(what, text, "is more than " + number_text(max) + " seconds");
  return s;
}

std::int32_t parse_half_points(std::string_view text, double max, std::string_view what) {
  if (!is_plain_decimal(text, false)) bad(what, text, "is not a score (like 3 or 6.5)");
  const double pts = decimal_value(text, what);
  if (pts > max || pts * 2 != std::floor(pts * 2))
    bad(what, text, "is not a multiple of 0.5 of at most " + number_text(max));
  return static_cast<std::int32_t>(pts * 2);
}

}  // namespace gotb
