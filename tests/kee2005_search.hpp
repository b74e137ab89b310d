// One kee-2005 generic search after a replayed line, for the tests that
// compare a search with and without one of the game's optional bounds or
// fact kinds (contained facts, pass bounds, reach bounds): the setup is the
// same and only the switch differs, so the switch is the caller's callback.
#pragma once

#include <string>
#include <vector>

#include "core/rules/games.hpp"
#include "core/rules/kee2005.hpp"
#include "generator/search/generic_search.hpp"

namespace gotb::test {

// The value of g's game from its current history (deepening step 4, every
// other option at its default): the exact value a bound at this node is
// checked against.
inline Value kee2005_value_now(Kee2005Game& g) {
  search::GenericOptions o;
  o.deepening_step = 4;
  search::GenericSearch<Kee2005Game> s(g, o);
  return s.value();
}

// configure(game, options) runs before the line is replayed; the options
// start at deepening step 4 (the small boards' tests use it throughout).
template <class Configure>
Value kee2005_search_value(const std::string& board, const std::string& rules, Configure&& configure,
                           const std::vector<std::string>& moves, search::GenericStats* stats = nullptr) {
  const Board b = Board::parse(board);
  Kee2005Game g(b, RuleSet::parse(rules), 0);
  search::GenericOptions o;
  o.deepening_step = 4;
  configure(g, o);
  replay_moves(g, moves);
  search::GenericSearch<Kee2005Game> s(g, o);
  const Value v = s.value();
  if (stats) *stats = s.stats();
  return v;
}

}  // namespace gotb::test
