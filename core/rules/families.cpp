// The table of implemented ruleset families and their options. A new family
// adds its entry here and its game in core/rules/ (see docs/rules/).
#include "core/rules/ruleset.hpp"

namespace gotb {

const std::vector<RulesFamily>& rules_families() {
  static const std::vector<RulesFamily> families = {
      {"tromp-taylor",
       "area scoring, superko, two passes end the game",
       "Tromp-Taylor rules (docs/rules/tromp-taylor.md)",
       {{"ko", {"positional", "situational", "basic"},
         "superko: a play may not recreate an earlier board (positional) or an earlier board "
         "with the same player to move (situational); basic: basic ko (no immediate single-stone "
         "retake) and a move that recreates an earlier situation ends the game as a tie (long-cycle tie)"},
        {"suicide", {"yes", "no"}, "whether a play may leave its own string without liberties"}},
       {{"psk", "ko", "positional"}, {"ssk", "ko", "situational"}, {"basic-ko", "ko", "basic"},
        {"no-suicide", "suicide", "no"}},
       {"tromp-taylor", "tromp-taylor:ko=situational", "tromp-taylor:suicide=no",
        "tromp-taylor:ko=situational,suicide=no"}},
      {"international",
       "International Rules 1998: area scoring, no repetition, agreement step (docs/rules/international.md)",
       "International Rules, go-rules mailing list 1998 (../shared/rules/international-1998.txt)",
       {{"ko", {"positional", "basic-exceptional"},
         "positional: a play may not recreate an earlier board; basic-exceptional: basic ko, and a "
         "recreated board ends the game without result or as a win of the player with fewer removed stones"},
        {"suicide", {"yes", "no"}, "whether a play may remove its own string (alternative: No Suicide)"},
        {"scoring", {"area", "equivalence"},
         "area; or equivalence scoring (prisoners incl. pass stones, White's extra pass; equal to area)"}},
       {{"no-suicide", "suicide", "no"}, {"basic-exceptional", "ko", "basic-exceptional"},
        {"equivalence", "scoring", "equivalence"}},
       {"international"}},
      {"ikeda-1",
       "Ikeda Territory I: alternation, agreement, playout with pass stones, territory + prisoners "
       "(docs/rules/ikeda-1.md)",
       "Ikeda Territory I Rules, R. Jasiek 2006 (../shared/rules/ikeda-territory-1.txt)",
       {{"ko", {"positional", "positional-per-phase", "basic-play"},
         "positional superko over both phases (Ikeda's choice), positional superko within each phase, or "
         "basic ko lifted only by an intervening play with a no-result long-cycle rule"}},
       {{"psk", "ko", "positional"}, {"basic-play", "ko", "basic-play"}},
       {"ikeda-1"}},
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
