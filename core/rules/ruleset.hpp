// A ruleset is a value: a family plus one value for each of the family's
// options. Text form: "family[:key=value,key=value,...]" with bare words
// allowed where the family defines an alias (e.g. "no-suicide"). Printing
// gives the canonical form: only options that differ from their default, in
// the family's option order, so equal rulesets print equally.
//
// Code never compares family or option names as strings: it reads the typed
// value (RuleSet::options(), a RulesOptions of enums) and asks the ruleset
// which solvers and bounds serve it (RuleSet::support()), both declared once
// in core/rules/families.cpp. The text form is the CLI's and the files'.
#pragma once

#include <array>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "core/position.hpp"

namespace gotb {

// The implemented families, in presentation order (rules_families()).
enum class Family : std::uint8_t { TrompTaylor, International, Ikeda1, Kee2016, Kee2005, Japanese2003 };
inline constexpr int kFamilyCount = 6;

// The cycle rule. A family without a ko option has its own rule (Kee's bans
// and appeals, japanese-2003's basic ko with long-cycle analysis): Own.
enum class KoRule : std::uint8_t {
  Positional,          // positional superko (tromp-taylor, international, ikeda-1)
  Situational,         // situational superko (tromp-taylor)
  Basic,               // basic ko + long-cycle tie (tromp-taylor:ko=basic)
  BasicExceptional,    // basic ko + exceptional end (international)
  PositionalPerPhase,  // positional superko within each phase (ikeda-1)
  BasicPlay,           // basic ko lifted by an intervening play (ikeda-1)
  Own,                 // the family's own cycle rule (kee-2005, kee-2016, japanese-2003)
};

// What the final count measures: area (stones + territory), area counted by
// equivalence (prisoners and pass stones; equal to area), or territory
// (empty points surrounded + prisoners, Japanese style).
enum class Scoring : std::uint8_t { Area, Equivalence, Territory };

// The typed form of a ruleset. Every field is set for every family: a
// family without an option for a field has a fixed value for it (e.g.
// japanese-2003: ko Own, suicide Forbidden, scoring Territory).
struct RulesOptions {
  Family family = Family::TrompTaylor;
  KoRule ko = KoRule::Positional;
  SuicideRule suicide = SuicideRule::Allowed;
  Scoring scoring = Scoring::Area;
  constexpr bool operator==(const RulesOptions&) const = default;
};

// Named presets: the rulesets the results table shows, plus the options
// the rule texts name. RuleSet::of(preset) gives the value.
namespace presets {
inline constexpr RulesOptions kTrompTaylor{Family::TrompTaylor, KoRule::Positional, SuicideRule::Allowed, Scoring::Area};
inline constexpr RulesOptions kTrompTaylorSituational{Family::TrompTaylor, KoRule::Situational, SuicideRule::Allowed,
                                                      Scoring::Area};
inline constexpr RulesOptions kTrompTaylorBasicKo{Family::TrompTaylor, KoRule::Basic, SuicideRule::Allowed,
                                                  Scoring::Area};
inline constexpr RulesOptions kInternational{Family::International, KoRule::Positional, SuicideRule::Allowed,
                                             Scoring::Area};
inline constexpr RulesOptions kIkeda1{Family::Ikeda1, KoRule::Positional, SuicideRule::Forbidden, Scoring::Territory};
inline constexpr RulesOptions kKee2016{Family::Kee2016, KoRule::Own, SuicideRule::Allowed, Scoring::Area};
inline constexpr RulesOptions kKee2005Chinese{Family::Kee2005, KoRule::Own, SuicideRule::Allowed, Scoring::Area};
inline constexpr RulesOptions kKee2005Japanese{Family::Kee2005, KoRule::Own, SuicideRule::Allowed,
                                               Scoring::Territory};
inline constexpr RulesOptions kJapanese2003{Family::Japanese2003, KoRule::Own, SuicideRule::Forbidden,
                                            Scoring::Territory};
inline constexpr std::array kAll{kTrompTaylor,   kTrompTaylorSituational, kTrompTaylorBasicKo,
                                 kInternational, kIkeda1,                 kKee2016,
                                 kKee2005Chinese, kKee2005Japanese,       kJapanese2003};
}  // namespace presets

// Which solvers and bounds serve a ruleset: declared per family and option
// in families.cpp (RuleSet::support()), read by the solvers' dispatch.
struct RulesSupport {
  bool superko_search = false;   // generator/search/search_solver (tromp-taylor superko)
  bool generic_search = false;   // generator/search/generic_search.hpp (docs/solving.md §One search)
  bool repeated_state = false;   // the repeated-state finite game (--repeated-state)
  bool fixpoint_kernel = false;  // the retrograde fixpoint generator (gotb generate)
  bool exact_kernel = false;     // the exact retrograde generator (basic ko)
  bool kee2016_search = false;   // the reference solver's cached Kee 2016 search
  bool area_bounds = false;      // Benson / safe-region area bounds are proven for it
  bool any_search() const { return superko_search || generic_search; }
};

// One option value of a family: its text, and the typed field value it sets.
struct OptionSpec {
  enum class Field : std::uint8_t { Ko, Suicide, Scoring };
  std::string key;
  std::vector<std::string> values;  // allowed values; values[0] is the default
  std::string help;
  Field field = Field::Ko;
  std::vector<std::uint8_t> codes;  // parallel to values: the enum value each sets
};

struct OptionAlias {
  std::string word;  // bare word accepted in the option list
  std::string key, value;
};

struct RulesFamily {
  Family id;
  std::string name;
  std::string summary;
  std::string source;  // the rule text this family implements
  std::vector<OptionSpec> options;
  std::vector<OptionAlias> aliases;
  // Rulesets of this family that the default results table shows.
  std::vector<std::string> table_variants;
  // The fields no option sets (and the defaults of those an option sets).
  RulesOptions fixed;
};

// Every ruleset family the program implements, in presentation order
// (indexed by Family).
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
  static RuleSet defaults(Family family);
  // The ruleset with these typed options; throws RulesError when a field
  // has a value the family does not offer (e.g. kee-2016 with ko=basic).
  static RuleSet of(const RulesOptions& options);

  std::string to_string() const;
  const std::string& family() const { return family_->name; }  // the family's name (for messages)
  Family family_id() const { return opts_.family; }
  bool is(Family f) const { return opts_.family == f; }
  const RulesOptions& options() const { return opts_; }
  const RulesFamily& spec() const { return *family_; }
  // Which solvers and bounds serve this ruleset.
  RulesSupport support() const;
  // Text value of an option of this family; throws std::logic_error for a
  // key the family does not have (a programming error, not user input).
  const std::string& get(std::string_view key) const;
  RuleSet with(std::string_view key, std::string_view value) const;  // throws RulesError
  // Stable 64-bit hash of the canonical text (FNV-1a), for files and caches.
  std::uint64_t hash() const;

  bool operator==(const RuleSet& o) const { return family_ == o.family_ && opts_ == o.opts_; }

 private:
  RuleSet() = default;
  void set(std::string_view key, std::string_view value);
  void set_index(std::size_t option, std::size_t value);

  const RulesFamily* family_ = nullptr;
  std::vector<std::uint8_t> values_;  // parallel to family_->options: index into its values
  RulesOptions opts_;
};

}  // namespace gotb
