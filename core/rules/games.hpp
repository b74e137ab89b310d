// Maps a RuleSet to its game model (one concrete type per family) so that
// templated code (solvers, replays) runs without virtual calls per state.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "core/rules/japanese_2003.hpp"
#include "core/rules/ruleset.hpp"
#include "core/rules/ikeda.hpp"
#include "core/rules/international.hpp"
#include "core/rules/tromp_taylor.hpp"
#include "core/rules/kee2016.hpp"
#include "core/rules/kee2005.hpp"

namespace gotb {

// Calls f(game) with a fresh game of the ruleset's family at the empty
// board, Black to move. Throws RulesError for a family without a game model.
template <class F>
decltype(auto) visit_game(const Board& board, const RuleSet& rules, double komi, F&& f) {
  switch (rules.family_id()) {
    case Family::TrompTaylor: {
      TrompTaylorGame g(board, rules, komi);
      return f(g);
    }
    case Family::International: {
      InternationalGame g(board, rules, komi);
      return f(g);
    }
    case Family::Ikeda1: {
      IkedaGame g(board, rules, komi);
      return f(g);
    }
    case Family::Kee2016: {
      Kee2016Game g(board, rules, komi);
      return f(g);
    }
    case Family::Kee2005: {
      Kee2005Game g(board, rules, komi);
      return f(g);
    }
    case Family::Japanese2003: {
      Japanese2003Game g(board, rules, komi);
      return f(g);
    }
  }
  throw RulesError("ruleset '" + rules.family() + "' has no game model yet");
}

// Plays a move list ("C2 B1 pass ..."; tokens separated by spaces or
// commas) on the game. Throws std::invalid_argument naming the first token
// that is not a move or not legal, with its 1-based position and the reason.
template <class G>
void replay_moves(G& game, const std::vector<std::string>& tokens) {
  for (size_t i = 0; i < tokens.size(); ++i) {
    Move m;
    std::string where = "move " + std::to_string(i + 1) + " '" + tokens[i] + "'";
    if (!game.parse_move(tokens[i], m)) throw std::invalid_argument(where + " names no point of the board");
    std::string why;
    if (!game.is_legal(m, &why)) throw std::invalid_argument(where + " is illegal: " + why);
    game.play(m);
  }
}

// Splits "C2 B1,pass" into tokens.
std::vector<std::string> split_moves(std::string_view text);

}  // namespace gotb
