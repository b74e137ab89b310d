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
      {"kee-2016",
       "area scoring; cycle prohibition with pass exceptions, appealing passes, rescinding",
       "Kee Rules, 8 June 2016, W. Kee (docs/rules/kee-2016.md)",
       {},
       {},
       {"kee-2016"}},
      {"kee-2005",
       "bans with histories, ban-deleting/keeping passes, confirmation phases, chinese or japanese scoring",
       "Kee Rules of Go, July 2005 version, W. Kee (docs/rules/kee-2005.md)",
       {{"scoring", {"chinese", "japanese"},
         "chinese: gross area of the final (common) position; japanese: permanent area from the "
         "confirmation phases, minus stones removed in the common phase"},
        {"suicide", {"yes", "no"}, "whether an occupying move may leave its own group captive (rule B.1)"}},
       {{"chinese", "scoring", "chinese"}, {"japanese", "scoring", "japanese"}, {"no-suicide", "suicide", "no"}},
       {"kee-2005:scoring=chinese", "kee-2005:scoring=japanese"}},
  };
  return families;
}

}  // namespace gotb
