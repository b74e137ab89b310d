// The table of implemented ruleset families and their options. A new family
// adds its entry here and its game in core/rules/ (see docs/rules/).
#include "core/rules/ruleset.hpp"

namespace gotb {

const std::vector<RulesFamily>& rules_families() {
  static const std::vector<RulesFamily> families = {
      {"tromp-taylor",
       "area scoring, superko, two passes end the game",
       "Tromp-Taylor rules (docs/rules/tromp-taylor.md)",
       {{"ko", {"positional", "situational"},
         "superko: a play may not recreate an earlier board (positional) or an earlier board "
         "with the same player to move (situational)"},
        {"suicide", {"yes", "no"}, "whether a play may leave its own string without liberties"}},
       {{"psk", "ko", "positional"}, {"ssk", "ko", "situational"}, {"no-suicide", "suicide", "no"}},
       {"tromp-taylor", "tromp-taylor:ko=situational", "tromp-taylor:suicide=no",
        "tromp-taylor:ko=situational,suicide=no"}},
      {"japanese-2003",
       "territory scoring after an exact life-and-death analysis by hypothetical sequences",
       "Japanese 2003 Rules, Robert Jasiek, version 35a / informal text version 2 "
       "(docs/rules/japanese-2003.md)",
       {},
       {},
       {"japanese-2003"}},
  };
  return families;
}

}  // namespace gotb
