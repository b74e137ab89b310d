#include <catch2/catch.hpp>
#include <algorithm>
#include <random>

#include "core/rules/games.hpp"
#include "generator/reference/solve.hpp"
#include "generator/reference/tie_kind.hpp"
#include "generator/search/generic_solve.hpp"
#include "tests/random_history.hpp"
#include "tests/solve_value.hpp"

using namespace gotb;

// The worked examples (1)-(7) of the Ikeda Territory I text
// (../shared/rules/ikeda-territory-1.txt), and the rules' mechanics.
// Diagrams: '#' Black, 'O' White, top row first; point names are GTP
// style (A1 bottom left). Assumptions for the examples: see
// docs/rules/ikeda-1.md ("Worked examples").

namespace {

struct Example {
  Board board;
  IkedaGame game;
  Example(const char* spec, const char* rules, const char* diagram_text, Color to_move)
      : board(Board::parse(spec)), game(board, RuleSet::parse(rules), 0) {
    game.setup(parse_diagram(board, diagram_text), to_move);
  }
  void play(const std::string& moves) { replay_moves(game, split_moves(moves)); }
  bool legal(const char* move, std::string* why = nullptr) {
    Move m;
    REQUIRE(game.parse_move(move, m));
    return game.is_legal(m, why);
  }
  Value solve(bool memo = true) {
    ReferenceOptions o;
    o.memo = memo;
    ReferenceSolver<IkedaGame> s(game, o);
    return s.value();
  }
};

const char* kEx1 =
    ". . . . . . .\n"
    "# # # # # # #\n"
    ". . . . . . .\n"
    "O O O O O O O\n"
    ". . . . . . .\n";
const char* kEx2 =
    "# # # # # # O O O O O # .\n"
    "# # O O . # O . O O O # #\n"
    "# . O O . # O O . O # # .\n";
const char* kEx3 =
    "# . # . O O . O .\n"
    "# # # O O # O O O\n"
    "# # # # # # O O O\n";
const char* kEx4 =  // also Example (6)
    ". O O # . # .\n"
    "O O O O # # #\n"
    ". O . # # # .\n";
const char* kEx5 =  // also Example (7)
    ". O O # # .\n"
    "O O # . # #\n"
    ". O O # # .\n";

}  // namespace

TEST_CASE("ikeda example 1: two-sided dame are filled in the alternation", "[ikeda][examples]") {
  Example e("5x7", "ikeda-1", kEx1, Color::Black);
  e.play("A3 G3 B3 F3 C3 E3 D3 pass pass");
  CHECK(diagram(e.board, e.game.position()) ==
        ".......\nXXXXXXX\nXXXXOOO\nOOOOOOO\n.......\n");
  REQUIRE(e.game.at_agreement());
  CHECK(e.game.agreement_outcome().to_string() == "0");  // 7 - 7
  // Refusing changes nothing: both then pass and pay one stone each.
  e.play("pass pass");
  REQUIRE(e.game.is_over());
  CHECK(e.game.outcome().to_string() == "0");
}

TEST_CASE("ikeda example 2: a one-sided dame gains a point in the playout", "[ikeda][examples]") {
  Example e("3x13", "ikeda-1", kEx2, Color::Black);
  e.play("pass pass");
  REQUIRE(e.game.at_agreement());
  CHECK(e.game.agreement_outcome().to_string() == "0");  // what White refuses
  e.play("pass B1 pass pass");  // Black 3 passes, White 4, Black 5 and White 6 pass
  REQUIRE(e.game.is_over());
  CHECK(e.game.prisoners(Color::Black) == 2);
  CHECK(e.game.prisoners(Color::White) == 1);
  CHECK(e.game.outcome().to_string() == "W+1");  // (2 + 1) - (2 + 2)
}

TEST_CASE("ikeda example 3: one-sided empty points score without filling", "[ikeda][examples]") {
  Example e("3x9", "ikeda-1", kEx3, Color::White);
  e.play("pass pass");
  REQUIRE(e.game.at_agreement());
  CHECK(e.game.agreement_outcome().to_string() == "W+1");  // 1 - 2
}

TEST_CASE("ikeda example 4: the ko is connected during the alternation", "[ikeda][examples]") {
  Example e("3x7", "ikeda-1", kEx4, Color::White);
  e.play("E3 C1 D3 pass pass");
  CHECK(diagram(e.board, e.game.position()) == ".OOOOX.\nOOOOXXX\n.OXXXX.\n");
  CHECK(e.game.prisoners(Color::Black) == 1);
  REQUIRE(e.game.at_agreement());
  CHECK(e.game.agreement_outcome().to_string() == "W+1");  // 2 - (2 + 1)
}

TEST_CASE("ikeda example 5: the ko is connected in the playout for a second point", "[ikeda][examples]") {
  Example e("3x6", "ikeda-1", kEx5, Color::White);
  e.play("D2 pass pass");
  REQUIRE(e.game.at_agreement());
  // Positional superko over both phases: Black may not recapture, the
  // board before White 1 occurred in the alternation.
  std::string why;
  CHECK(!e.legal("C2", &why));
  CHECK(why.find("superko") != std::string::npos);
  e.play("pass C2 pass pass");
  REQUIRE(e.game.is_over());
  CHECK(e.game.prisoners(Color::Black) == 3);
  CHECK(e.game.prisoners(Color::White) == 1);
  CHECK(e.game.outcome().to_string() == "W+2");  // (2 + 1) - (2 + 3)
}

TEST_CASE("ikeda example 5 under positional-per-phase: the recapture is legal in the playout", "[ikeda][examples]") {
  Example e("3x6", "ikeda-1:ko=positional-per-phase", kEx5, Color::White);
  e.play("D2 pass pass");
  CHECK(e.legal("C2"));
  e.play("C2");
  CHECK(!e.legal("D2"));  // recreates the playout's first board
}

TEST_CASE("ikeda example 6 under basic-play: White connects in the alternation", "[ikeda][examples]") {
  Example e("3x7", "ikeda-1:ko=basic-play", kEx4, Color::White);
  e.play("E3 C1 D3 pass pass");
  REQUIRE(e.game.at_agreement());
  CHECK(e.game.agreement_outcome().to_string() == "W+1");
}

TEST_CASE("ikeda example 7 under basic-play: the ban outlasts passes", "[ikeda][examples]") {
  // Variation 1 is legal and scores -1 ...
  Example v1("3x6", "ikeda-1:ko=basic-play", kEx5, Color::White);
  v1.play("D2 pass C2 pass pass");
  REQUIRE(v1.game.at_agreement());
  CHECK(v1.game.agreement_outcome().to_string() == "W+1");
  // ... but variation 2's recapture after two passes needs the text's
  // pass-lifted basic ko; basic-play keeps the ban until a play, so
  // White can wait for the playout as in Example 5 and score -2.
  Example v2("3x6", "ikeda-1:ko=basic-play", kEx5, Color::White);
  v2.play("D2 pass pass");
  std::string why;
  CHECK(!v2.legal("C2", &why));
  CHECK(why.find("basic ko") != std::string::npos);
  v2.play("pass C2 pass pass");
  REQUIRE(v2.game.is_over());
  CHECK(v2.game.outcome().to_string() == "W+2");
}

TEST_CASE("ikeda: playout passes pay a stone, the last pass is free after an odd playout", "[ikeda]") {
  Board b = Board::parse("1x3");
  IkedaGame g(b, RuleSet::parse("ikeda-1"), 0);
  replay_moves(g, split_moves("B1 pass pass"));  // alternation passes are free
  CHECK(g.prisoners(Color::Black) + g.prisoners(Color::White) == 0);
  CHECK(g.at_agreement());
  replay_moves(g, split_moves("pass A1 pass pass"));  // W pays, B plays, W pays, B's last pass is free
  REQUIRE(g.is_over());
  // Four playout moves (equal): every pass paid. Black: 1 territory (C1) +
  // 2 white pass stones; White: 0 + 1 black pass stone.
  CHECK(g.outcome().to_string() == "B+2");
}

TEST_CASE("ikeda: the free last pass", "[ikeda]") {
  Board b = Board::parse("1x4");
  IkedaGame g(b, RuleSet::parse("ikeda-1"), 0);
  replay_moves(g, split_moves("B1 pass pass"));  // playout starts with White
  replay_moves(g, split_moves("D1 pass pass"));  // three playout moves: White's last pass is free
  REQUIRE(g.is_over());
  CHECK(g.prisoners(Color::Black) == 1);
  CHECK(g.prisoners(Color::White) == 1);  // paid, then refunded by the count
  // Black: A1 (1) + 0; White: 0 + 1 black pass stone. Paying for White's
  // last pass would make it B+1.
  CHECK(g.outcome().to_string() == "0");
}

TEST_CASE("ikeda: basic-play long cycle ends the game without result", "[ikeda]") {
  // Random games on 2x2 under basic-play until one ends on a play. That
  // play must recreate an earlier board (the same history under positional
  // superko forbids it), and the result is "no result".
  Board b = Board::parse("2x2");
  std::mt19937 rng(3);
  int cycles = 0;
  for (int trial = 0; trial < 2000 && cycles < 5; ++trial) {
    IkedaGame g(b, RuleSet::parse("ikeda-1:ko=basic-play"), 0);
    std::vector<std::string> moves;
    Move last;
    while (!g.is_over()) {
      std::vector<Move> legal;
      g.legal_moves(legal);
      last = legal[rng() % legal.size()];
      moves.push_back(g.move_name(last));
      g.play(last);
    }
    if (!last.is_play()) {
      CHECK(g.outcome().is_score());
      continue;
    }
    ++cycles;
    INFO(split_moves("") .size() << "game: " << [&] {
      std::string t;
      for (auto& m : moves) t += m + " ";
      return t;
    }());
    CHECK(g.outcome().kind == ValueKind::NoResult);
    CHECK(g.outcome().to_string() == "no result");
    IkedaGame p(b, RuleSet::parse("ikeda-1"), 0);
    std::vector<std::string> prefix(moves.begin(), moves.end() - 1);
    replay_moves(p, prefix);
    Move m;
    REQUIRE(p.parse_move(moves.back(), m));
    std::string why;
    CHECK(!p.is_legal(m, &why));
    CHECK(why.find("superko") != std::string::npos);
  }
  CHECK(cycles == 5);
}

namespace {
Value solve_board(const std::string& board, const std::string& rules, bool memo, std::vector<std::string> moves = {},
                  std::uint64_t node_limit = 0) {
  return test::solve_value(board, rules, memo, std::move(moves), node_limit);
}
}  // namespace

TEST_CASE("ikeda: cache and no cache agree on small boards and after random histories", "[ikeda][cache]") {
  for (auto rules : {"ikeda-1", "ikeda-1:ko=positional-per-phase", "ikeda-1:ko=basic-play"})
    for (auto board : {"1x1", "1x2", "1x3", "1x4", "2x2"}) {
      INFO(board << " " << rules);
      CHECK(solve_board(board, rules, true).identical(solve_board(board, rules, false)));
    }
  std::mt19937 rng(17);
  int compared = 0;
  for (auto rules : {"ikeda-1", "ikeda-1:ko=positional-per-phase", "ikeda-1:ko=basic-play"})
    for (auto spec : {"2x2", "1x5"}) {
      Board b = Board::parse(spec);
      for (int trial = 0; trial < 15; ++trial) {
        IkedaGame g(b, RuleSet::parse(rules), 0);
        std::vector<std::string> moves;
        int len = 1 + static_cast<int>(rng() % 14);
        std::vector<Move> legal;
        for (int i = 0; i < len && !g.is_over(); ++i) {
          legal.clear();
          g.legal_moves(legal);
          Move m = legal[rng() % legal.size()];
          g.play(m);
          if (g.is_over()) {
            g.undo();
            break;
          }
          moves.push_back(g.move_name(m));
        }
        Value cached = solve_board(spec, rules, true, moves);
        Value plain;
        try {
          plain = solve_board(spec, rules, false, moves, 300'000);
        } catch (const NodeLimitReached&) {
          continue;
        }
        INFO(spec << " " << rules << " after " << moves.size() << " moves");
        CHECK(cached.identical(plain));
        ++compared;
      }
    }
  INFO(compared << " histories compared");
  CHECK(compared >= 60);
}

TEST_CASE("ikeda: small-board values", "[ikeda][solver]") {
  // Territory scoring: Black's centre stone on 1x3 keeps 2 points of
  // territory; on 2x2 the first player gains nothing.
  CHECK(solve_board("1x3", "ikeda-1", true).to_string() == "B+2");
  CHECK(solve_board("1x4", "ikeda-1", true).to_string() == "B+3");
  CHECK(solve_board("1x4", "ikeda-1:ko=positional-per-phase", true).to_string() == "B+2");
  CHECK(solve_board("2x2", "ikeda-1", true).to_string() == "0");
  // Basic-play: 0 by order; printed "no result" since session 30, when
  // neither player can secure the jigo (tie_kind.hpp's rule).
  CHECK(solve_board("1x5", "ikeda-1:ko=basic-play", true).to_string() == "no result");
}

namespace {
// The kinds (ValueKind bits) of the ends of the lines from g's node in
// which every move keeps the node's value (by order): which kinds a solver
// could report as the kind of the line it found first.
void optimal_line_kinds(IkedaGame& g, ReferenceSolver<IkedaGame>& ref, unsigned& kinds) {
  if (g.is_over()) {
    kinds |= 1u << static_cast<int>(g.outcome().kind);
    return;
  }
  const Value v = ref.value();
  std::vector<Move> moves;
  g.legal_moves(moves);
  for (Move m : moves) {
    g.play(m);
    if (ref.value() == v) optimal_line_kinds(g, ref, kinds);
    g.undo();
  }
}

Value generic_value(const std::string& board, const std::string& rules, const std::vector<std::string>& moves) {
  SolveRequest req{Board::parse(board), RuleSet::parse(rules), 0, moves, {}};
  req.with_move_values = false;
  req.with_pv = false;
  return generic_solve(req, search::GenericOptions{}).value;
}

// The move values `gotb solve` prints, by method, as "move value" texts.
std::vector<std::string> move_texts(const std::string& board, const std::string& rules,
                                    const std::vector<std::string>& moves, int method) {
  SolveRequest req{Board::parse(board), RuleSet::parse(rules), 0, moves, {}};
  req.with_pv = false;
  req.options.memo = method != 1;
  const SolveReport rep = method == 2 ? generic_solve(req, search::GenericOptions{}) : reference_solve(req);
  std::vector<std::string> out;
  for (const MoveReport& m : rep.moves) out.push_back(m.move + " " + m.value.to_string());
  std::sort(out.begin(), out.end());
  return out;
}
}  // namespace

// Session 30 (docs/solving.md section 4, "Session 30: the kind of a tied
// value"): under basic-play a no result and a jigo are both 0 for minimax,
// and the kind of the line a solver found first is no function of the
// node (2x2 after B2 A1 pass pass: the reference solver printed "no
// result" with its cache and "0" without). tie_kind.hpp's rule decides the
// printed kind; every solver must print the same.
TEST_CASE("ikeda basic-play: a tied value prints the same kind by every solver", "[ikeda][basic-play][tie-kind]") {
  const char* rules = "ikeda-1:ko=basic-play";
  const Board b = Board::parse("2x2");
  {
    // The case found: both kinds end optimal lines, so the kind is open.
    const std::vector<std::string> moves = {"B2", "A1", "pass", "pass"};
    IkedaGame g(b, RuleSet::parse(rules), 0);
    replay_moves(g, moves);
    ReferenceSolver<IkedaGame> ref(g, ReferenceOptions{});
    unsigned kinds = 0;
    optimal_line_kinds(g, ref, kinds);
    CHECK(kinds == ((1u << static_cast<int>(ValueKind::Score)) | (1u << static_cast<int>(ValueKind::NoResult))));
    // Neither player can secure the jigo here (each question by itself).
    for (const std::int32_t at : {-1, +1}) {
      NoResultAt<IkedaGame> refined(at, b, RuleSet::parse(rules), 0);
      replay_moves(refined, moves);
      ReferenceOptions plain;
      plain.memo = false;
      CHECK(ReferenceSolver<NoResultAt<IkedaGame>>(refined, plain).value().order == at);
    }
    CHECK(solve_board("2x2", rules, true, moves).to_string() == "no result");
    CHECK(solve_board("2x2", rules, false, moves).to_string() == "no result");
    CHECK(generic_value("2x2", rules, moves).to_string() == "no result");
  }
  // Random histories: the reference solver with and without its cache and
  // the generic search print the same value, kind included.
  std::mt19937 rng(3030);
  int ties = 0;
  for (const char* spec : {"2x2", "1x4"}) {
    for (int trial = 0; trial < 40; ++trial) {
      const auto moves = test::random_line_on<IkedaGame>(spec, rules, rng, 1 + trial % 10);
      const Value cached = solve_board(spec, rules, true, moves);
      const Value plain = solve_board(spec, rules, false, moves);
      const Value searched = generic_value(spec, rules, moves);
      std::string line;
      for (const auto& m : moves) line += m + " ";
      INFO(spec << " after [" << line << "]: " << cached.to_string() << " / " << plain.to_string() << " / "
                << searched.to_string());
      CHECK(cached.identical(plain));
      CHECK(cached.identical(searched));
      if (cached.order == 0) ++ties;
      // The move values too (each move worth 0 by the same rule).
      if (trial % 4 == 0) {
        const auto by_cache = move_texts(spec, rules, moves, 0);
        CHECK(by_cache == move_texts(spec, rules, moves, 1));
        CHECK(by_cache == move_texts(spec, rules, moves, 2));
      }
    }
  }
  CHECK(ties > 10);
}
