// A ruleset is a value: a family name plus one value for each of the
// family's options. Text form: "family[:key=value,key=value,...]" with bare
// words allowed where the family defines an alias (e.g. "no-suicide").
// Printing gives the canonical form: only options that differ from their
// default, in the family's option order, so equal rulesets print equally.
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace gotb {

struct OptionSpec {
  std::string key;
  std::vector<std::string> values;  // allowed values; values[0] is the default
  std::string help;
};

struct OptionAlias {
  std::string word;  // bare word accepted in the option list
  std::string key, value;
};

struct RulesFamily {
  std::string name;
  std::string summary;
  std::string source;  // the rule text this family implements
  std::vector<OptionSpec> options;
  std::vector<OptionAlias> aliases;
  // Rulesets of this family that the default results table shows.
  std::vector<std::string> table_variants;
};

// Every ruleset family the program implements, in presentation order.
const std::vector<RulesFamily>& rules_families();

class RulesError : public std::invalid_argument {
 public:
  using std::invalid_argument::invalid_argument;
};

class RuleSet {
 public:
  // Throws RulesError naming the unknown family / option / value and listing
  // what is accepted.
  static RuleSet parse(std::string_view text);
  static RuleSet defaults(std::string_view family);

  std::string to_string() const;
  const std::string& family() const { return family_->name; }
  const RulesFamily& spec() const { return *family_; }
  // Value of an option of this family; throws std::logic_error for a key the
  // family does not have (a programming error, not user input).
  const std::string& get(std::string_view key) const;
  RuleSet with(std::string_view key, std::string_view value) const;  // throws RulesError
  // Stable 64-bit hash of the canonical text (FNV-1a), for files and caches.
  std::uint64_t hash() const;

  bool operator==(const RuleSet& o) const { return family_ == o.family_ && values_ == o.values_; }

 private:
  RuleSet() = default;
  void set(std::string_view key, std::string_view value);

  const RulesFamily* family_ = nullptr;
  std::vector<std::string> values_;  // parallel to family_->options
};

}  // namespace gotb
