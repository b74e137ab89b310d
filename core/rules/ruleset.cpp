#include "core/rules/ruleset.hpp"

namespace gotb {
namespace {

std::string join(const std::vector<std::string>& items, std::string_view sep) {
  std::string out;
  for (size_t i = 0; i < items.size(); ++i) out += (i ? std::string(sep) : "") + items[i];
  return out;
}

std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
  return s;
}

}  // namespace

RuleSet RuleSet::defaults(Family family) {
  const RulesFamily& f = rules_families().at(static_cast<std::size_t>(family));
  RuleSet r;
  r.family_ = &f;
  r.opts_ = f.fixed;
  r.values_.assign(f.options.size(), 0);
  for (std::size_t i = 0; i < f.options.size(); ++i) r.set_index(i, 0);
  return r;
}

RuleSet RuleSet::defaults(std::string_view family) {
  for (const auto& f : rules_families())
    if (f.name == family) return defaults(f.id);
  std::vector<std::string> names;
  for (const auto& f : rules_families()) names.push_back(f.name);
  throw RulesError("unknown ruleset '" + std::string(family) + "' (known: " + join(names, ", ") + ")");
}

namespace {

std::uint8_t field_of(const RulesOptions& o, OptionSpec::Field f) {
  switch (f) {
    case OptionSpec::Field::Ko: return static_cast<std::uint8_t>(o.ko);
    case OptionSpec::Field::Suicide: return static_cast<std::uint8_t>(o.suicide);
    case OptionSpec::Field::Scoring: return static_cast<std::uint8_t>(o.scoring);
  }
  return 0;
}

}  // namespace

void RuleSet::set_index(std::size_t option, std::size_t value) {
  const OptionSpec& o = family_->options.at(option);
  values_.at(option) = static_cast<std::uint8_t>(value);
  const std::uint8_t code = o.codes.at(value);
  switch (o.field) {
    case OptionSpec::Field::Ko: opts_.ko = static_cast<KoRule>(code); break;
    case OptionSpec::Field::Suicide: opts_.suicide = static_cast<SuicideRule>(code); break;
    case OptionSpec::Field::Scoring: opts_.scoring = static_cast<Scoring>(code); break;
  }
}

RuleSet RuleSet::of(const RulesOptions& want) {
  RuleSet r = defaults(want.family);
  for (std::size_t i = 0; i < r.family_->options.size(); ++i) {
    const OptionSpec& o = r.family_->options[i];
    const std::uint8_t code = field_of(want, o.field);
    bool found = false;
    for (std::size_t v = 0; v < o.codes.size() && !found; ++v)
      if (o.codes[v] == code) r.set_index(i, v), found = true;
    if (!found)
      throw RulesError("ruleset '" + r.family() + "': option " + o.key + " has no value for the requested " +
                       "setting (allowed: " + join(o.values, ", ") + ")");
  }
  if (!(r.opts_ == want))
    throw RulesError("ruleset '" + r.family() + "' has no option for the requested setting (the family fixes it)");
  return r;
}

RuleSet RuleSet::parse(std::string_view text) {
  text = trim(text);
  auto colon = text.find(':');
  RuleSet r = defaults(trim(text.substr(0, colon)));
  if (colon == std::string_view::npos) return r;
  std::string_view rest = text.substr(colon + 1);
  std::vector<std::string> seen;
  while (true) {
    auto comma = rest.find(',');
    std::string_view item = trim(rest.substr(0, comma));
    if (item.empty()) throw RulesError("empty option in ruleset '" + std::string(text) + "'");
    auto eq = item.find('=');
    std::string key, value;
    if (eq == std::string_view::npos) {
      const OptionAlias* alias = nullptr;
      for (const auto& a : r.family_->aliases)
        if (a.word == item) alias = &a;
      if (!alias) {
        std::vector<std::string> words;
        for (const auto& a : r.family_->aliases) words.push_back(a.word);
        throw RulesError("ruleset '" + r.family() + "': '" + std::string(item) +
                         "' is not an option (use key=value" +
                         (words.empty() ? std::string() : " or one of: " + join(words, ", ")) + ")");
      }
      key = alias->key;
      value = alias->value;
    } else {
      key = std::string(trim(item.substr(0, eq)));
      value = std::string(trim(item.substr(eq + 1)));
    }
    for (const auto& s : seen)
      if (s == key) throw RulesError("ruleset '" + r.family() + "': option '" + key + "' given twice");
    seen.push_back(key);
    r.set(key, value);
    if (comma == std::string_view::npos) break;
    rest = rest.substr(comma + 1);
  }
  return r;
}

void RuleSet::set(std::string_view key, std::string_view value) {
  const auto& opts = family_->options;
  for (size_t i = 0; i < opts.size(); ++i) {
    if (opts[i].key != key) continue;
    for (std::size_t v = 0; v < opts[i].values.size(); ++v)
      if (opts[i].values[v] == value) {
        set_index(i, v);
        return;
      }
    throw RulesError("ruleset '" + family() + "': option " + std::string(key) + " cannot be '" +
                     std::string(value) + "' (allowed: " + join(opts[i].values, ", ") + ")");
  }
  std::vector<std::string> keys;
  for (const auto& o : opts) keys.push_back(o.key);
  throw RulesError("ruleset '" + family() + "' has no option '" + std::string(key) + "'" +
                   (keys.empty() ? std::string(" (it has no options)") : " (options: " + join(keys, ", ") + ")"));
}

RuleSet RuleSet::with(std::string_view key, std::string_view value) const {
  RuleSet r = *this;
  r.set(key, value);
  return r;
}

const std::string& RuleSet::get(std::string_view key) const {
  const auto& opts = family_->options;
  for (size_t i = 0; i < opts.size(); ++i)
    if (opts[i].key == key) return opts[i].values[values_[i]];
  throw std::logic_error("ruleset '" + family() + "' has no option '" + std::string(key) + "'");
}

std::string RuleSet::to_string() const {
  std::vector<std::string> parts;
  const auto& opts = family_->options;
  for (size_t i = 0; i < opts.size(); ++i)
    if (values_[i] != 0) parts.push_back(opts[i].key + "=" + opts[i].values[values_[i]]);
  return parts.empty() ? family() : family() + ":" + join(parts, ",");
}

std::uint64_t RuleSet::hash() const {
  std::uint64_t h = 0xcbf29ce484222325ULL;
  for (unsigned char ch : to_string()) h = (h ^ ch) * 0x100000001b3ULL;
  return h;
}

}  // namespace gotb
