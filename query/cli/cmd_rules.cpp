#include <iostream>

#include "core/rules/ruleset.hpp"
#include "query/cli/commands.hpp"

namespace gotb::cli {

void add_rules_command(CLI::App& app) {
  CLI::App* sub = app.add_subcommand("rules", "List the implemented rulesets and their options");
  sub->callback([] {
    for (const auto& f : rules_families()) {
      std::cout << f.name << "  -  " << f.summary << "\n  source: " << f.source << "\n";
      for (const auto& o : f.options) {
        std::cout << "  " << o.key << "=";
        for (size_t i = 0; i < o.values.size(); ++i) std::cout << (i ? "|" : "") << o.values[i];
        std::cout << "  (default " << o.values[0] << ")\n      " << o.help << "\n";
      }
      for (const auto& a : f.aliases) std::cout << "  alias " << a.word << " = " << a.key << "=" << a.value << "\n";
      std::cout << "\n";
    }
    std::cout << "Syntax: FAMILY[:key=value,...], e.g. tromp-taylor:ko=situational,suicide=no\n";
  });
}

}  // namespace gotb::cli
