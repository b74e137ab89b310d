// The table of implemented ruleset families and their options. A new family
// adds its entry here and its game in core/rules/ (see docs/rules/).
#include "core/rules/ruleset.hpp"

namespace gotb {

namespace {
using Field = OptionSpec::Field;
// A function, not a namespace-scope vector: rules_families() may run during
// another translation unit's static initialisation.
std::vector<std::uint8_t> yes_no() {
  return {static_cast<std::uint8_t>(SuicideRule::Allowed), static_cast<std::uint8_t>(SuicideRule::Forbidden)};
}
}  // namespace

const std::vector<RulesFamily>& rules_families() {
  static const std::vector<RulesFamily> families = {
      {Family::TrompTaylor,
       "tromp-taylor",
       "area scoring, superko, two passes end the game",
       "Tromp-Taylor rules (docs/rules/tromp-taylor.md)",
       {{"ko", {"positional", "situational", "basic"},
         "superko: a play may not recreate an earlier board (positional) or an earlier board "
         "with the same player to move (situational); basic: basic ko (no immediate single-stone "
         "retake) and a move that recreates an earlier situation ends the game as a tie (long-cycle tie)",
         Field::Ko, {static_cast<std::uint8_t>(KoRule::Positional), static_cast<std::uint8_t>(KoRule::Situational), static_cast<std::uint8_t>(KoRule::Basic)}},
        {"suicide", {"yes", "no"}, "whether a play may leave its own string without liberties", Field::Suicide, yes_no()}},
       {{"psk", "ko", "positional"}, {"ssk", "ko", "situational"}, {"basic-ko", "ko", "basic"},
        {"no-suicide", "suicide", "no"}},
       {"tromp-taylor", "tromp-taylor:ko=situational", "tromp-taylor:suicide=no",
        "tromp-taylor:ko=situational,suicide=no"},
       presets::kTrompTaylor},
      {Family::International,
       "international",
       "International Rules 1998: area scoring, no repetition, agreement step (docs/rules/international.md)",
       "International Rules, go-rules mailing list 1998 (../shared/rules/international-1998.txt)",
       {{"ko", {"positional", "basic-exceptional"},
         "positional: a play may not recreate an earlier board; basic-exceptional: basic ko, and a "
         "recreated board ends the game without result or as a win of the player with fewer removed stones",
         Field::Ko, {static_cast<std::uint8_t>(KoRule::Positional), static_cast<std::uint8_t>(KoRule::BasicExceptional)}},
        {"suicide", {"yes", "no"}, "whether a play may remove its own string (alternative: No Suicide)", Field::Suicide,
         yes_no()},
        {"scoring", {"area", "equivalence"},
         "area; or equivalence scoring (prisoners incl. pass stones, White's extra pass; equal to area)",
         Field::Scoring, {static_cast<std::uint8_t>(Scoring::Area), static_cast<std::uint8_t>(Scoring::Equivalence)}}},
       {{"no-suicide", "suicide", "no"}, {"basic-exceptional", "ko", "basic-exceptional"},
        {"equivalence", "scoring", "equivalence"}},
       {"international"},
       presets::kInternational},
      {Family::Ikeda1,
       "ikeda-1",
       "Ikeda Territory I: alternation, agreement, playout with pass stones, territory + prisoners "
       "(docs/rules/ikeda-1.md)",
       "Ikeda Territory I Rules, R. Jasiek 2006 (../shared/rules/ikeda-territory-1.txt)",
       {{"ko", {"positional", "positional-per-phase", "basic-play"},
         "positional superko over both phases (Ikeda's choice), positional superko within each phase, or "
         "basic ko lifted only by an intervening play with a no-result long-cycle rule",
         Field::Ko, {static_cast<std::uint8_t>(KoRule::Positional), static_cast<std::uint8_t>(KoRule::PositionalPerPhase), static_cast<std::uint8_t>(KoRule::BasicPlay)}}},
       {{"psk", "ko", "positional"}, {"basic-play", "ko", "basic-play"}},
       {"ikeda-1"},
       presets::kIkeda1},
      {Family::Kee2016,
       "kee-2016",
       "area scoring; cycle prohibition with pass exceptions, appealing passes, rescinding",
       "Kee Rules, 8 June 2016, W. Kee (docs/rules/kee-2016.md)",
       {},
       {},
       {"kee-2016"},
       presets::kKee2016},
      {Family::Kee2005,
       "kee-2005",
       "bans with histories, ban-deleting/keeping passes, confirmation phases, chinese or japanese scoring",
       "Kee Rules of Go, July 2005 version, W. Kee (docs/rules/kee-2005.md)",
       {{"scoring", {"chinese", "japanese"},
         "chinese: gross area of the final (common) position; japanese: permanent area from the "
         "confirmation phases, minus stones removed in the common phase",
         Field::Scoring, {static_cast<std::uint8_t>(Scoring::Area), static_cast<std::uint8_t>(Scoring::Territory)}},
        {"suicide", {"yes", "no"}, "whether an occupying move may leave its own group captive (rule B.1)", Field::Suicide,
         yes_no()}},
       {{"chinese", "scoring", "chinese"}, {"japanese", "scoring", "japanese"}, {"no-suicide", "suicide", "no"}},
       {"kee-2005:scoring=chinese", "kee-2005:scoring=japanese"},
       presets::kKee2005Chinese},
      {Family::Japanese2003,
       "japanese-2003",
       "territory scoring after an exact life-and-death analysis by hypothetical sequences",
       "Japanese 2003 Rules, Robert Jasiek, version 35a / informal text version 2 "
       "(docs/rules/japanese-2003.md)",
       {},
       {},
       {"japanese-2003"},
       presets::kJapanese2003},
  };
  return families;
}

}  // namespace gotb

namespace gotb {

// The one place that says which solver serves which ruleset. A solver that
// gains a ruleset changes this table (and docs/solving.md says why it is
// sound there); the dispatch code only reads it.
RulesSupport RuleSet::support() const {
  RulesSupport s;
  const RulesOptions& o = options();
  switch (o.family) {
    case Family::TrompTaylor:
      // Superko: the superko search, the repeated-state game and the
      // fixpoint generator; basic ko: the exact retrograde generator.
      s.superko_search = s.repeated_state = s.fixpoint_kernel = o.ko != KoRule::Basic;
      s.exact_kernel = o.ko == KoRule::Basic;
      s.area_bounds = o.ko != KoRule::Basic;
      break;
    // The generic search (docs/solving.md, "One search for every ruleset"):
    // kee-2005 keys its whole phase record; kee-2016 searches its anchored
    // equivalent game with board flags as facts; international, ikeda-1
    // and japanese-2003 declare their earlier boards (with the removal
    // balance or prisoner difference at the first occurrence where a
    // long-cycle result reads it) as facts. No area bound is proven for
    // any of them yet.
    case Family::Kee2016: s.kee2016_search = s.generic_search = true; break;
    case Family::Kee2005:
    case Family::Japanese2003:
    case Family::International:
    case Family::Ikeda1: s.generic_search = true; break;
  }
  return s;
}

}  // namespace gotb
