// A second check of ikeda-1's values beyond the reference solver's reach
// (docs/solving.md section 4, "Session 32: ikeda-1"): the generic search
// with its table used only for exact repeats. The game below keys every
// node by its state key *and its whole move record*, so a table entry is
// read only at a node with the same game record as the node that stored
// it: the same game, whatever the facts say. No proof is reused under
// another history, so none of the reuse arguments (facts equal, one-sided
// reuse, vacuous facts dropped, an entry's facts dropped; sessions 24-31)
// is needed for its values; they rest on the game model, the node bounds
// from passing (session 31, checked against the reference solver at random
// nodes in [ikeda][bounds]) and the search's alpha-beta over one history.
// The default search (every reuse on) must give the same values. A mutant
// whose proofs carry no facts (reuse under every history with the key)
// must differ somewhere, so that the comparison can catch a wrong reuse.
#include <catch2/catch.hpp>

#include <cstdint>
#include <random>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/rules/games.hpp"
#include "generator/reference/solve.hpp"
#include "generator/search/generic_search.hpp"
#include "generator/search/generic_solve.hpp"
#include "tests/ikeda_exact_repeat.hpp"
#include "tests/random_history.hpp"

using namespace gotb;

namespace {

constexpr const char* kKoOptions[] = {"ikeda-1", "ikeda-1:ko=positional-per-phase", "ikeda-1:ko=basic-play"};

// ExactRepeatIkeda (tests/ikeda_exact_repeat.hpp): the key is the state key
// followed by the whole move record.
using test::ExactRepeatIkeda;

// The mutant: proofs that rest on no facts, reused under every history
// with the key (what the search would do if the facts were ignored).
struct FactBlindIkeda : IkedaGame {
  using IkedaGame::IkedaGame;
  void legal_moves_with_facts(std::vector<Move>& out, std::vector<std::uint64_t>&) const {
    std::vector<std::uint64_t> ignored;
    IkedaGame::legal_moves_with_facts(out, ignored);
  }
  void current_facts(std::vector<std::uint64_t>&) const {}
};

template <class G>
Value search_with(const std::string& board, const std::string& rules, const std::vector<std::string>& moves,
                  std::uint64_t* nodes = nullptr) {
  const Board b = Board::parse(board);  // (the game keeps a pointer to it)
  G g(b, RuleSet::parse(rules), 0);
  replay_moves(g, moves);
  // Plain options: no one-sided reuse, no facts dropped (nothing is reused
  // across histories here anyway).
  search::GenericOptions o;
  o.fact_sides = false;
  search::GenericSearch<G> s(g, o);
  const Value v = s.value();
  if (nodes) *nodes = s.stats().nodes;
  return v;
}

// The default path (gotb solve --method search): every reuse on.
Value default_value(const std::string& board, const std::string& rules, const std::vector<std::string>& moves) {
  SolveRequest req{Board::parse(board), RuleSet::parse(rules), 0, moves, {}};
  req.with_move_values = false;
  req.with_pv = false;
  return generic_solve(req, search::GenericOptions{}).value;
}

Value reference_value(const std::string& board, const std::string& rules, const std::vector<std::string>& moves) {
  SolveRequest req{Board::parse(board), RuleSet::parse(rules), 0, moves, {}};
  req.with_move_values = false;
  req.with_pv = false;
  return reference_solve(req).value;
}

}  // namespace

TEST_CASE("ikeda-1 second check: the search with exact repeats only equals the reference and the default search",
          "[ikeda][second-check]") {
  std::mt19937 rng(3201);
  for (const char* rules : kKoOptions)
    for (const char* board : {"1x3", "1x4", "1x5", "2x2"}) {
      std::vector<std::vector<std::string>> histories{{}};
      for (int trial = 0; trial < 4; ++trial)
        histories.push_back(test::random_line_on<IkedaGame>(board, rules, rng, 2 + 3 * trial));
      for (const auto& moves : histories) {
        INFO(rules << " " << board << " after " << moves.size() << " moves");
        const Value ref = reference_value(board, rules, moves);
        // Values by order (the kind of a tied 0 is the tie-kind rule's, which
        // only generic_solve applies).
        CHECK(search_with<ExactRepeatIkeda>(board, rules, moves) == ref);
        CHECK(default_value(board, rules, moves).identical(ref));
      }
    }
}

TEST_CASE("ikeda-1 second check: proofs reused without their facts give wrong values", "[ikeda][second-check]") {
  // The mutant must differ from the exact-repeat search somewhere, so that
  // the comparison above and the hidden one below can catch a wrong reuse.
  std::mt19937 rng(3202);
  int wrong = 0, compared = 0;
  for (const char* rules : kKoOptions)
    for (const char* board : {"1x4", "1x5", "2x2", "2x3"})
      for (int trial = 0; trial < 4; ++trial) {
        const auto moves = test::random_line_on<IkedaGame>(board, rules, rng, 3 * trial);
        ++compared;
        try {
          if (!(search_with<FactBlindIkeda>(board, rules, moves) == search_with<ExactRepeatIkeda>(board, rules, moves)))
            ++wrong;
        } catch (const std::logic_error&) {  // e.g. "crossed bounds"
          ++wrong;
        }
      }
  INFO(wrong << " of " << compared << " wrong");
  CHECK(wrong > 0);
}

// Beyond the reference solver (which does not finish 1x7 or 2x4): boards
// of 7-9 points under each ko option, one case each so that each can be
// run by name. Hidden (seconds to minutes of CPU each); docs/solving.md
// section 4, "Session 32: ikeda-1", gives the command and the figures.
namespace {
void check_beyond(const char* board, const char* rules) {
  std::uint64_t nodes = 0;
  const Value exact = search_with<ExactRepeatIkeda>(board, rules, {}, &nodes);
  const Value fast = default_value(board, rules, {});
  WARN(rules << " " << board << ": " << exact.to_string() << " in " << nodes << " nodes (exact repeats), default "
             << fast.to_string());
  CHECK(exact == fast);
}
}  // namespace

TEST_CASE("ikeda-1 second check: 2x4", "[.ikeda-second-check]") {
  for (const char* rules : kKoOptions) check_beyond("2x4", rules);
}
TEST_CASE("ikeda-1 second check: 3x3", "[.ikeda-second-check]") {
  for (const char* rules : kKoOptions) check_beyond("3x3", rules);
}
TEST_CASE("ikeda-1 second check: 1x7", "[.ikeda-second-check]") { check_beyond("1x7", "ikeda-1"); }
TEST_CASE("ikeda-1 second check: 1x7 positional-per-phase", "[.ikeda-second-check]") {
  check_beyond("1x7", "ikeda-1:ko=positional-per-phase");
}
TEST_CASE("ikeda-1 second check: 1x7 basic-play", "[.ikeda-second-check]") {
  check_beyond("1x7", "ikeda-1:ko=basic-play");
}
