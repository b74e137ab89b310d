#include <catch2/catch.hpp>
#include <algorithm>
#include <random>

#include "core/rules/games.hpp"
#include "core/scoring.hpp"
#include "generator/reference/solve.hpp"
#include "tests/solve_value.hpp"

using namespace gotb;

namespace {

void play(InternationalGame& g, const std::string& moves) { replay_moves(g, split_moves(moves)); }

bool legal(const InternationalGame& g, const char* move, std::string* why = nullptr) {
  Move m;
  REQUIRE(g.parse_move(move, m));
  return g.is_legal(m, why);
}

Value solve(const std::string& board, const std::string& rules, bool memo, std::vector<std::string> moves = {},
            std::uint64_t node_limit = 0) {
  return test::solve_value(board, rules, memo, std::move(moves), node_limit);
}

// The International Rules with the agreement step played out literally,
// independent of InternationalGame: after two successive passes Black
// proposes a set of strings to remove (or refuses) and White accepts or
// refuses; on refusal play resumes with the opponent of the last passer,
// and the game ends with scoring if both then just pass. Alpha-beta over
// area scores (fail-soft, exclusive window), no cache.
struct ExplicitAgreement {
  const Board& b;
  std::vector<Position> seen;  // boards of the game so far
  long nodes = 0;

  int area(const Position& p) const { return area_count(b, p).difference(); }

  int value(const Position& pos, Color to_move, int passes, bool resumed, int alpha = -100, int beta = 100) {
    ++nodes;
    if (passes == 2) {
      if (resumed) return area(pos);
      int refusal = value(pos, to_move, 0, true, alpha, beta);  // opponent of the last passer moves next
      std::vector<Mask> strings;
      for (Mask rest = pos.occupied(); rest;) {
        Mask s = string_at(b, pos, lowest(rest));
        strings.push_back(s);
        rest &= ~s;
      }
      int best = refusal;  // Black refuses
      for (std::uint32_t set = 0; set < (1u << strings.size()); ++set) {
        Mask removed = 0;
        for (size_t i = 0; i < strings.size(); ++i)
          if (set >> i & 1) removed |= strings[i];
        Position after{pos.black & ~removed, pos.white & ~removed};
        best = std::max(best, std::min(area(after), refusal));  // White accepts or refuses
      }
      return best;
    }
    const bool black = to_move == Color::Black;
    int best = value(pos, opponent(to_move), passes + 1, resumed, alpha, beta);  // pass
    for (int p = 0; p < b.size(); ++p) {
      if (black ? best >= beta : best <= alpha) break;
      if (black) alpha = std::max(alpha, best);
      else beta = std::min(beta, best);
      PlayOutcome o;
      if (play_stone(b, pos, to_move, p, SuicideRule::Allowed, o) != PlayStatus::Ok) continue;
      if (std::find(seen.begin(), seen.end(), o.next) != seen.end()) continue;
      seen.push_back(o.next);
      int v = value(o.next, opponent(to_move), 0, false, alpha, beta);
      seen.pop_back();
      best = black ? std::max(best, v) : std::min(best, v);
    }
    return best;
  }
};

}  // namespace

TEST_CASE("international: the agreement step has the value of continued play", "[international][agreement]") {
  // docs/rules/international.md: each player can refuse any agreement, so
  // an agreement both accept cannot differ from the value of refusing. The
  // explicit agreement game and the model (four successive passes end the
  // game) must agree on small boards and after histories ending in the
  // agreement step (larger cases cost the explicit search 10^8 nodes).
  struct Case {
    const char* board;
    const char* moves;
  };
  for (Case c : {Case{"1x1", ""}, Case{"1x2", ""}, Case{"1x3", ""}, 
                 Case{"1x4", "B1 pass pass"}, Case{"1x4", "B1 C1 pass pass"},
                 Case{"1x4", "A1 D1 pass pass"}}) {
    Board b = Board::parse(c.board);
    InternationalGame g(b, RuleSet::parse("international"), 0);
    play(g, c.moves);
    ExplicitAgreement e{b, {}};
    // the boards of the history, as the explicit model keeps them
    {
      InternationalGame h(b, RuleSet::parse("international"), 0);
      e.seen.push_back(h.position());
      for (const auto& t : split_moves(c.moves)) {
        play(h, t);
        e.seen.push_back(h.position());
      }
    }
    int passes = g.consecutive_passes();
    int expected = e.value(g.position(), g.to_move(), passes, false);
    INFO(c.board << " after '" << c.moves << "' (" << e.nodes << " explicit nodes)");
    CHECK(solve(c.board, "international", true, split_moves(c.moves)) == Value::score_half_points(2 * expected));
    CHECK(solve(c.board, "international", false, split_moves(c.moves)) == Value::score_half_points(2 * expected));
  }
}

TEST_CASE("international: two passes are the agreement step, four end the game", "[international]") {
  Board b = Board::parse("1x3");
  InternationalGame g(b, RuleSet::parse("international"), 0);
  play(g, "pass pass");
  CHECK(g.at_agreement());
  CHECK(!g.is_over());
  CHECK(g.to_move() == Color::Black);  // the opponent of the last passer (White)
  play(g, "B1 pass pass");             // a play resumed alternate moving: a new agreement step
  CHECK(g.at_agreement());
  play(g, "pass");
  CHECK(!g.is_over());
  play(g, "pass");
  CHECK(g.is_over());
  CHECK(g.outcome().to_string() == "B+3");
  CHECK(!legal(g, "A1"));
}

TEST_CASE("international: no repetition of any earlier board, suicide after opposing removals",
          "[international]") {
  Board b = Board::parse("1x4");
  InternationalGame g(b, RuleSet::parse("international"), 0);
  play(g, "B1 C1 D1");
  std::string why;
  CHECK(!legal(g, "C1", &why));  // recreates .XO.
  CHECK(why.find("no repetition") != std::string::npos);
  // Suicide is allowed, but a suicide that empties the board recreates it.
  Board b2 = Board::parse("1x3");
  InternationalGame s(b2, RuleSet::parse("international"), 0);
  play(s, "A1 pass B1 pass");  // XX.
  CHECK(!legal(s, "C1", &why));  // XXX has no liberty: removed, giving the empty board again
  CHECK(why.find("no repetition") != std::string::npos);
  // Opposing removal takes precedence: White B1 between X and O removes A1.
  InternationalGame t(b2, RuleSet::parse("international"), 0);
  play(t, "A1 C1 B1");
  CHECK(diagram(b2, t.position()) == "XX.\n");
  InternationalGame u(b2, RuleSet::parse("international"), 0);
  play(u, "A1 C1 pass B1");  // White B1 removes the black A1 stone, not its own string
  CHECK(diagram(b2, u.position()) == ".OO\n");
  CHECK(u.removed(Color::Black) == 1);
  // Both strings without liberties: the opposing one goes, own stays.
  Board b4 = Board::parse("1x4");
  InternationalGame w(b4, RuleSet::parse("international"), 0);
  play(w, "A1 D1 B1 pass C1");
  CHECK(diagram(b4, w.position()) == "XXX.\n");
  // Suicide of a three-stone string that makes a new board is legal.
  Board b5 = Board::parse("1x5");
  InternationalGame v(b5, RuleSet::parse("international"), 0);
  play(v, "A1 D1 B1 pass");
  CHECK(legal(v, "C1"));
  play(v, "C1");
  CHECK(diagram(b5, v.position()) == "...O.\n");
  CHECK(v.removed(Color::Black) == 3);
  InternationalGame n(b2, RuleSet::parse("international:no-suicide"), 0);
  play(n, "A1 pass B1 pass");
  CHECK(!legal(n, "C1", &why));
  CHECK(why.find("suicide") != std::string::npos);
}

TEST_CASE("international: equivalence scoring equals area on many final positions", "[international][equivalence]") {
  // Random games to the end under every combination of options; at each
  // end, territory (with prisoners, pass stones and White's extra pass)
  // must equal area (outcome() also checks it and would throw).
  std::mt19937 rng(7);
  int finals = 0;
  for (auto rules : {"international:equivalence", "international:equivalence,no-suicide"})
    for (auto board : {"1x5", "2x3", "3x3", "2x4", "4x4"}) {
      Board b = Board::parse(board);
      for (int trial = 0; trial < 200; ++trial) {
        InternationalGame g(b, RuleSet::parse(rules), 0);
        std::vector<Move> moves;
        while (!g.is_over()) {
          moves.clear();
          g.legal_moves(moves);
          // plays are likelier than passes, so games fill the board
          Move m = moves[rng() % moves.size()];
          if (m.kind == MoveKind::Pass && moves.size() > 1 && rng() % 4) m = moves[rng() % (moves.size() - 1)];
          g.play(m);
        }
        INFO(board << " " << rules << " trial " << trial);
        REQUIRE(g.territory_difference() == g.area_difference());
        CHECK(g.outcome() == Value::score(g.area_difference(), 0));
        ++finals;
      }
    }
  CHECK(finals == 2000);
}

TEST_CASE("international: equivalence scoring counts prisoners and pass stones", "[international][equivalence]") {
  Board b = Board::parse("1x4");
  InternationalGame g(b, RuleSet::parse("international:equivalence"), 0);
  play(g, "B1 C1 D1");  // Black D1 removes C1
  CHECK(g.removed(Color::White) == 1);
  play(g, "pass pass pass pass");  // White passed, Black passed last: White's extra pass
  REQUIRE(g.is_over());
  // Territory: Black 2 empty points + 1 removed white stone + 2 white pass
  // stones + White's extra pass (Black passed last) = 6; White 0 + 2 black
  // pass stones = 2. Area: 4 - 0.
  CHECK(g.territory_difference() == 4);
  CHECK(g.territory_difference() == g.area_difference());
  CHECK(g.outcome().to_string() == "B+4");
}

namespace {
// Random game under `rules` on `board`; returns the moves. Plays are
// preferred to passes so that games reach captures and repetitions.
std::vector<std::string> random_game(const Board& b, const char* rules, std::mt19937& rng) {
  InternationalGame g(b, RuleSet::parse(rules), 0);
  std::vector<std::string> moves;
  std::vector<Move> legal;
  while (!g.is_over()) {
    legal.clear();
    g.legal_moves(legal);
    Move m = legal[rng() % legal.size()];
    if (m.kind == MoveKind::Pass && legal.size() > 1 && rng() % 3) m = legal[rng() % (legal.size() - 1)];
    moves.push_back(g.move_name(m));
    g.play(m);
  }
  return moves;
}
}  // namespace

TEST_CASE("international: exceptional ends", "[international][basic-exceptional]") {
  // 1x1: Black's single-stone suicide recreates the empty board with one
  // black stone removed since: White wins by exceptional end.
  Board one = Board::parse("1x1");
  InternationalGame s(one, RuleSet::parse("international:ko=basic-exceptional"), 0);
  play(s, "A1");
  REQUIRE(s.is_over());
  CHECK(s.outcome().to_string() == "W wins (special)");
  CHECK(solve("1x1", "international:ko=basic-exceptional", false).to_string() == "0");

  // Random games on 2x2 and 1x4 that end on a play: that play recreates a
  // board (positional no-repetition forbids it on the same history), and
  // the result follows the removal counts since the first occurrence,
  // which equal the difference of black and white plays in between.
  std::mt19937 rng(11);
  int kinds[3] = {0, 0, 0};
  for (const char* spec : {"2x2", "1x4", "2x3"}) {
    Board b = Board::parse(spec);
    for (int trial = 0; trial < 300; ++trial) {
      auto moves = random_game(b, "international:ko=basic-exceptional", rng);
      InternationalGame g(b, RuleSet::parse("international:ko=basic-exceptional"), 0);
      replay_moves(g, moves);
      Move last;
      REQUIRE(g.parse_move(moves.back(), last));
      if (!last.is_play()) continue;
      INFO(spec << " game: " << [&] {
        std::string t;
        for (auto& m : moves) t += m + " ";
        return t;
      }());
      // Find the earlier occurrence and the counts then.
      InternationalGame h(b, RuleSet::parse("international:ko=basic-exceptional"), 0);
      const Position final_board = g.position();
      int balance_then = 0, plays_then = 0, plays_now = 0;
      bool found = false;
      if (h.position() == final_board) found = true;
      for (size_t i = 0; i + 1 < moves.size(); ++i) {
        Move m;
        REQUIRE(h.parse_move(moves[i], m));
        h.play(m);
        if (m.is_play()) plays_now += h.to_move() == Color::White ? 1 : -1;  // black plays - white plays
        if (!found && h.position() == final_board) {
          found = true;
          balance_then = h.removed(Color::Black) - h.removed(Color::White);
          plays_then = plays_now;
        }
      }
      plays_now += g.to_move() == Color::White ? 1 : -1;  // the last play
      REQUIRE(found);
      InternationalGame p(b, RuleSet::parse("international"), 0);
      replay_moves(p, std::vector<std::string>(moves.begin(), moves.end() - 1));
      CHECK(!p.is_legal(last));
      int d = g.removed(Color::Black) - g.removed(Color::White) - balance_then;
      CHECK(d == plays_now - plays_then);
      Value v = g.outcome();
      if (d == 0) {
        CHECK(v.kind == ValueKind::NoResult);
        ++kinds[0];
      } else if (d > 0) {
        CHECK(v.kind == ValueKind::WhiteWins);
        ++kinds[1];
      } else {
        CHECK(v.kind == ValueKind::BlackWins);
        ++kinds[2];
      }
    }
  }
  INFO("no result " << kinds[0] << ", white wins " << kinds[1] << ", black wins " << kinds[2]);
  CHECK(kinds[0] > 0);
  CHECK(kinds[1] > 0);
  CHECK(kinds[2] > 0);
}

TEST_CASE("international: basic ko survives passes", "[international][basic-exceptional]") {
  // Find, in random games, a play banned by basic ko; it stays banned
  // after two passes (the agreement step) because only a play lifts it.
  std::mt19937 rng(5);
  int found = 0;
  Board b = Board::parse("3x3");
  for (int trial = 0; trial < 500 && found < 3; ++trial) {
    auto moves = random_game(b, "international:ko=basic-exceptional", rng);
    InternationalGame g(b, RuleSet::parse("international:ko=basic-exceptional"), 0);
    for (size_t i = 0; i < moves.size() && !g.is_over() && found < 3; ++i) {
      for (int p = 0; p < b.size(); ++p) {
        std::string why;
        if (g.is_legal(Move::play(p), &why) || why.find("basic ko") == std::string::npos) continue;
        if (g.consecutive_passes() != 0) continue;
        ++found;
        play(g, "pass pass");
        CHECK(g.at_agreement());
        CHECK(!g.is_legal(Move::play(p), &why));
        CHECK(why.find("basic ko") != std::string::npos);
        // Under positional no-repetition the same history forbids it as a repetition instead.
        g.undo();
        g.undo();
        break;
      }
      Move m;
      REQUIRE(g.parse_move(moves[i], m));
      g.play(m);
    }
  }
  CHECK(found == 3);
}

TEST_CASE("international: cache and no cache agree on small boards and after random histories",
          "[international][cache]") {
  for (auto rules : {"international", "international:no-suicide", "international:equivalence"})
    for (auto board : {"1x1", "1x2", "1x3", "1x4"}) {  // 2x2 uncached takes minutes
      INFO(board << " " << rules);
      CHECK(solve(board, rules, true) == solve(board, rules, false));
    }
  CHECK(solve("1x4", "international", true).to_string() == "B+4");
  CHECK(solve("2x2", "international", true).to_string() == "B+1");
  CHECK(solve("2x3", "international", true).to_string() == "0");
  std::mt19937 rng(99);
  int compared = 0;
  for (auto spec : {"2x2", "1x5", "2x3"}) {
    Board b = Board::parse(spec);
    for (int trial = 0; trial < 20; ++trial) {
      auto moves = random_game(b, "international", rng);
      moves.resize(rng() % moves.size());
      Value cached = solve(spec, "international", true, moves);
      Value plain;
      try {
        plain = solve(spec, "international", false, moves, 300'000);
      } catch (const NodeLimitReached&) {
        continue;
      }
      INFO(spec << " after " << moves.size() << " moves");
      CHECK(cached.identical(plain));
      ++compared;
    }
  }
  INFO(compared << " histories compared");
  CHECK(compared >= 10);  // the rest exceed the uncached budget
}
