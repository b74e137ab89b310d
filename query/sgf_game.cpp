#include "query/sgf_game.hpp"

#include <stdexcept>

namespace gotb {

SgfGame sgf_game(const SgfRecord& rec, const SgfGameChoices& choices) {
  if (!rec.board) throw SgfError("the SGF names no board");
  if (choices.board && !(*choices.board == *rec.board))
    throw SgfError("the SGF is for board " + rec.board->spec() + ", not " + choices.board->spec());
  if (!choices.must_agree_with.empty()) {
    const std::string& with = choices.must_agree_with;
    if (!rec.rules.empty() && choices.rules) {
      std::optional<RuleSet> file_rules;
      try {
        file_rules = RuleSet::parse(rec.rules);
      } catch (const RulesError&) {
        throw SgfError("the SGF's RU[" + rec.rules + "] is not a gotb ruleset, so gotb cannot tell whether it is " +
                       with + "'s " + choices.rules->to_string() + "; remove RU or write RU[" +
                       choices.rules->to_string() + "]");
      }
      if (!(*file_rules == *choices.rules))
        throw SgfError("the SGF's RU[" + rec.rules + "] is not the ruleset of " + with + " (" +
                       choices.rules->to_string() + ")");
    }
    if (rec.komi && choices.komi && *rec.komi != *choices.komi)
      throw SgfError("the SGF's KM[" + komi_text(*rec.komi) + "] is not the komi of " + with + " (" +
                     komi_text(*choices.komi) + ")");
  }
  std::optional<RuleSet> rules = choices.rules;
  if (!rules) {
    if (rec.rules.empty()) {
      rules = RuleSet::defaults("tromp-taylor");
    } else {
      try {
        rules = RuleSet::parse(rec.rules);
      } catch (const RulesError& e) {
        throw SgfError("the SGF's RU[" + rec.rules + "] is not a gotb ruleset (" + e.what() +
                       "); name the rules with --rules");
      }
    }
  }
  double komi = choices.komi ? *choices.komi : rec.komi ? *rec.komi : 0.0;
  check_komi(komi);
  SgfGame g{GameSpec{*rec.board, *rules, komi}, {}};
  GameRecord record(g.spec);
  for (std::size_t i = 0; i < rec.moves.size(); ++i) {
    std::string why;
    if (!record.play_as(rec.colours[i], rec.moves[i], false, &why))
      throw std::invalid_argument("SGF move " + std::to_string(i + 1) + " (" +
                                  std::string(color_name(rec.colours[i])) + " " + rec.moves[i] +
                                  ") is illegal under " + rules->to_string() + ": " + why);
  }
  g.moves = record.moves();
  return g;
}

}  // namespace gotb
