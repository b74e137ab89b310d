#include "query/cli/number_options.hpp"

#include <stdexcept>

#include "core/numbers.hpp"

namespace gotb::cli {
namespace {

template <class F>
CLI::Validator make(F parse, std::string desc) {
  return CLI::Validator(
      [parse](std::string& text) -> std::string {
        try {
          parse(text);
        } catch (const std::invalid_argument& e) {
          return e.what();
        }
        return {};
      },
      std::move(desc));
}

}  // namespace

CLI::Validator komi_number() {
  return make([](const std::string& t) { parse_komi(t, ""); }, "MULTIPLE OF 0.5");
}

CLI::Validator count_number(std::uint64_t max) {
  return make([max](const std::string& t) { parse_count(t, max, ""); }, "0.." + std::to_string(max));
}

CLI::Validator integer_number(std::int64_t min, std::int64_t max) {
  return make([min, max](const std::string& t) { parse_integer(t, min, max, ""); },
              std::to_string(min) + ".." + std::to_string(max));
}

CLI::Validator seconds_number(double max) {
  return make([max](const std::string& t) { parse_seconds(t, max, ""); }, "SECONDS");
}

CLI::Validator non_empty_name() {
  return CLI::Validator([](std::string& t) -> std::string { return t.empty() ? "the file name is empty" : ""; },
                        "FILE");
}

}  // namespace gotb::cli
