// Japanese 2003 Rules: the analysis of final positions (statuses and score
// terms, each expectation argued from the rules in the comment above it),
// the alternation's ko rules, and reference-solver values on tiny boards.
#include <catch2/catch.hpp>

#include <algorithm>
#include <functional>
#include <map>

#include "cli_runner.hpp"
#include "core/rules/games.hpp"
#include "core/rules/japanese/analysis.hpp"
#include "generator/reference/reference_solver.hpp"

using namespace gotb;
using namespace gotb::japanese;

namespace {

struct Analysed {
  Board board;
  Position pos;
  FinalAnalysis a;
  ScoreTerms t;
};

Analysed analyse(const char* board, const char* diagram, int prisoner_difference = 0) {
  Board b = Board::parse(board);
  Position p = parse_diagram(b, diagram);
  FinalAnalysis a = analyse_final_position(b, p);
  ScoreTerms t = score_final_position(b, p, a, prisoner_difference);
  return {b, p, a, t};
}

const StringAnalysis& string_at_point(const Analysed& x, const char* point) {
  int p = x.board.parse_point(point);
  for (const auto& s : x.a.strings)
    if (s.stones & bit(p)) return s;
  FAIL("no string at " << point);
  throw std::logic_error("unreachable");
}

Mask points(const Board& b, std::initializer_list<const char*> names) {
  Mask m = 0;
  for (const char* n : names) m |= bit(b.parse_point(n));
  return m;
}

}  // namespace

// 2x4, Black fills the board but B2 and D2:
//   X . X .
//   X X X X
// Every white play (B2 or D2) has no liberty and captures nothing: White can
// make no play at all, so the black string is uncapturable. B2 and D2 are
// black eye points, no dame, no seki: territory 2, score 2.
TEST_CASE("two eyes: uncapturable, both eyes are territory", "[japanese-2003][analysis]") {
  auto x = analyse("2x4", "X.X./XXXX");
  REQUIRE(x.a.strings.size() == 1);
  CHECK(x.a.strings[0].status == Status::Uncapturable);
  CHECK(x.t.black_territory == points(x.board, {"B2", "D2"}));
  CHECK(x.t.dame == 0);
  CHECK(x.t.score == 2);
}

// 3x3, White has two eyes (A3, C3) over the bottom row, where one black stone
// stands on B1:
//   . O .
//   O O O
//   . X .
// White A1 and C1 capture B1; afterwards every black play in the bottom row
// is captured again (three points cannot hold two eyes and White's eyes are
// suicide points), so White forces capture without any permanent black stone
// even on the whole-board local environment: B1 is dead. White is
// uncapturable (Black can play only in the bottom row or suicide). The white
// eye string A1-B1-C1 (through the dead stone) borders only alive white
// stones: white territory A3 C3 A1 B1 C1 = 5, plus the dead black stone on
// it = 6, so W+6 (the traditional count: 1 prisoner + 5 points).
TEST_CASE("a stone inside a two-eyed group is dead and counts twice", "[japanese-2003][analysis]") {
  auto x = analyse("3x3", ".O./OOO/.X.");
  CHECK(string_at_point(x, "B1").status == Status::Dead);
  CHECK(string_at_point(x, "B1").local_environment == x.board.all());
  CHECK(string_at_point(x, "B2").status == Status::Uncapturable);
  CHECK(x.t.white_territory == points(x.board, {"A3", "C3", "A1", "B1", "C1"}));
  CHECK(x.t.dead_black_in_white_territory == 1);
  CHECK(x.t.score == -6);
}

// 2x5 seki:
//   . X . O .
//   X X X O O
// Black has the eye A2 and the shared liberty C2, White the eye E2 and C2.
// Whoever fills C2 puts his own string in atari and is captured at once, and
// the eyes are suicide points for the opponent: neither side can force a
// capture, so both strings are uncapturable. A2 and E2 are eye points, C2 is
// dame; both regions touch the dame, so they are in-seki and the eyes are not
// territory (the 'sekis have no territory' rule): score 0.
TEST_CASE("seki: both uncapturable, eye points in seki are no territory", "[japanese-2003][analysis]") {
  auto x = analyse("2x5", ".X.O./XXXOO");
  CHECK(string_at_point(x, "B2").status == Status::Uncapturable);
  CHECK(string_at_point(x, "D2").status == Status::Uncapturable);
  CHECK(x.t.black_eye_points == points(x.board, {"A2"}));
  CHECK(x.t.white_eye_points == points(x.board, {"E2"}));
  CHECK(x.t.dame == points(x.board, {"C2"}));
  CHECK((x.t.black_in_seki & bit(x.board.parse_point("A2"))) != 0);
  CHECK(x.t.black_territory == 0);
  CHECK(x.t.white_territory == 0);
  CHECK(x.t.score == 0);
}

// 2x4, a one-eyed black string filling the board:
//   X X X .
//   X X X X
// White D2 captures all seven stones, so the string is not uncapturable. But
// White then has one stone on an otherwise empty board and cannot prevent a
// black stone that stays for ever on one of the seven points: the string is
// capturable "under the string", hence alive (like a nakade or snapback
// stone: captured, but the owner keeps the ground). D2 is a black eye point
// and territory: B+1.
TEST_CASE("capturable under the string: captured but the ground is kept", "[japanese-2003][analysis]") {
  auto x = analyse("2x4", "XXX./XXXX");
  REQUIRE(x.a.strings.size() == 1);
  CHECK(x.a.strings[0].status == Status::CapturableUnder);
  CHECK(x.t.black_territory == points(x.board, {"D2"}));
  CHECK(x.t.score == 1);
}

// 1x4, a basic ko at the end:  . X . X   (White to attack)
// D1 is a ko stone: White C1 takes it and Black D1 would take back. White C1
// (a ko capture) leaves B1 in atari; Black may not retake at once (the
// hypothetical ko rule), so he can only pass or ko-pass, and White A1 takes
// B1. From there every black stone that comes back is taken again (ko-passes
// only lift the ban for both sides in turn), so White forces capture with no
// black stone ever staying: both strings are dead, even with the whole board
// as local environment. D1's local and direct environments are equal (no
// strong string anywhere), so it is not a direct ko stone. Everything is
// white eye points: W+4, plus two dead stones = W+6, plus the prisoner
// difference given (+1 for Black) = W+5.
TEST_CASE("basic ko at the end: ko stone without a direct ko", "[japanese-2003][analysis][ko]") {
  auto x = analyse("1x4", ".X.X", 1);
  CHECK(string_at_point(x, "B1").status == Status::Dead);
  const auto& d1 = string_at_point(x, "D1");
  CHECK(d1.status == Status::Dead);
  CHECK(d1.ko_stone);
  CHECK(!d1.direct_ko_stone);
  CHECK(!x.a.has_direct_ko_stone);
  CHECK(x.t.white_territory == x.board.all());
  CHECK(x.t.score == -5);
}

// ---- shapes on graph boards --------------------------------------------------
// Rectangles small enough for the test suite cannot hold a living group
// around a dead one, so these shapes are graph boards (docs/boards.md): the
// defender's wall, its eye space and the attacker's living group w with the
// leaf eyes e1 e2, with exactly the adjacencies of the shape on a real board.
// Clauses cited: [INF2] = informal text v2 (docs/rules/japanese-2003.md).

namespace {
Analysed analyse_graph(const Board& b, const char* diagram) {
  Position p = parse_diagram(b, diagram);
  FinalAnalysis a = analyse_final_position(b, p);
  ScoreTerms t = score_final_position(b, p, a, 0);
  return {b, p, a, t};
}

Mask named(const Board& b, std::initializer_list<const char*> names) { return points(b, names); }

// A straight eye space x1-x2-...-xn (n = 3 or 4) inside a two-stone black
// wall u1-u2 (u1 touches x1 x2, u2 the last two), the wall touching only
// the eye space and w.
Board straight_eye_board(int n) {
  std::vector<std::string> names{"u1", "u2", "w", "e1", "e2"};
  std::vector<std::pair<int, int>> edges{{0, 1}, {0, 2}, {1, 2}, {2, 3}, {2, 4}};
  for (int i = 1; i <= n; ++i) {  // x_i touches u1 for i <= 2, u2 for i >= n - 1
    names.push_back("x" + std::to_string(i));
    if (i <= 2) edges.push_back({0, 4 + i});
    if (i >= n - 1) edges.push_back({1, 4 + i});
    if (i > 1) edges.push_back({4 + i - 1, 4 + i});
  }
  return Board::graph("straight-" + std::to_string(n), 5 + n, edges, names);
}
}  // namespace

// One eye, fast (the 2x6 version below is hidden for its 15 s):
// the black string d1-d2 has the single liberty e.
// [INF2] uncapturable: White, moving first, plays e and captures both
// stones, so not uncapturable. Capturable under the string / local to the
// string: after the capture the whole board is White's living group and
// three empty points, where no black stone can get two eyes or capture
// anything, so White prevents any permanent black stone (the local
// environment is the whole board: Black has no strong string): dead.
// w: Black can only play e (or d1, d2 after a capture); e1 and e2 are
// suicide: uncapturable.
// Scoring [INF2]: the eye string e d1 d2 (through the dead stones) and e1,
// e2 touch only the alive w: white territory 5, plus 2 dead stones on it:
// W+7.
TEST_CASE("one eye: dead next to a living group (graph)", "[japanese-2003][analysis]") {
  Board b = Board::graph("one-eye", 6, {{0, 1}, {0, 2}, {0, 3}, {1, 2}, {1, 3}, {3, 4}, {3, 5}},
                         {"d1", "d2", "e", "w", "e1", "e2"});
  auto x = analyse_graph(b, "XX.O..");
  REQUIRE(x.a.strings.size() == 2);
  CHECK(x.a.strings[0].status == Status::Dead);
  CHECK(x.a.strings[1].status == Status::Uncapturable);
  CHECK(x.t.white_territory == named(b, {"d1", "d2", "e", "e1", "e2"}));
  CHECK(x.t.dead_black_in_white_territory == 2);
  CHECK(x.t.score == -7);
}

// Nakade: a big eye filled to one eye. The black wall u1-u2 encloses the
// straight three x1 x2 x3, and White has played the vital point x2:
//   u1: x1 x2 w    u2: x2 x3 w    x1-x2-x3    w: e1 e2 (alive)
// The wall's liberties x1 x3 are also the only liberties of the white x2.
// - Wall [INF2] not uncapturable: White x1 puts both sides in atari; Black
//   x3 takes two stones but keeps the two-point eye x1 x2, White x2 (or x1)
//   again, and whatever Black does leaves one eye: White captures the wall.
//   Not capturable under / local to the string: after that the freed
//   points lie inside White's living group and every black stone there is
//   captured again, so White prevents a permanent black stone anywhere
//   (local environment = the whole board). Dead.
// - x2 [INF2] uncapturable: Black's only attacks are x1 or x3, each a
//   self-atari of the whole wall that White answers by capturing it; after
//   that Black, re-entering one wall point at a time, never captures x2.
// - w: uncapturable (e1 e2 are suicide points for Black).
// Scoring: the eye string x1 u1 u2 x3 (through the dead wall) borders only
// the alive x2 and w: with e1 e2, white territory 6, plus the 2 dead stones
// on it: W+8.
// The same wall around an empty straight four is uncapturable with four
// points of territory (B+2): filling the big eye with a nakade is what kills.
TEST_CASE("nakade: a big eye filled to one eye is dead", "[japanese-2003][analysis]") {
  Board b3 = straight_eye_board(3);
  auto x = analyse_graph(b3, "XXO...O.");  // u1 u2 w e1 e2 x1 x2 x3
  CHECK(string_at_point(x, "u1").status == Status::Dead);
  CHECK(string_at_point(x, "x2").status == Status::Uncapturable);
  CHECK(string_at_point(x, "w").status == Status::Uncapturable);
  CHECK(x.t.white_territory == named(b3, {"u1", "u2", "x1", "x3", "e1", "e2"}));
  CHECK(x.t.dame == 0);
  CHECK(x.t.dead_black_in_white_territory == 2);
  CHECK(x.t.score == -8);

  Board b4 = straight_eye_board(4);
  auto y = analyse_graph(b4, "XXO......");
  CHECK(string_at_point(y, "u1").status == Status::Uncapturable);
  CHECK(y.t.black_territory == named(b4, {"x1", "x2", "x3", "x4"}));
  CHECK(y.t.score == 2);
}

// A surprising but rule-conform case: with the wall shrunk to ONE point d
// touching x1 x2 x3 and w, the white nakade stone is dead as well. Black,
// moving first against x2, plays x1 (self-atari); White x3 takes d and x1;
// Black d ataris x2-x3 (a single point now rebuilds the whole wall); White
// x1 takes d; Black d takes x1 x2 x3. Every white stone White puts back in
// x1..x3 is taken again the same way, so Black forces the capture of x2
// and, over the infinite sequence, no permanent white stone on x2's local
// environment d x1 x2 x3 [INF2: sequences may be infinite; a permanent
// stone is one never removed afterwards]. The status of each string is
// decided with its opponent moving first, so both the wall and x2 are dead
// and x1 x3 are dame (W+2: e1 e2). The two-point wall above cannot be
// rebuilt by one play, and there x2 is uncapturable; the independent Büchi
// solver agrees on this graph (test "force solver agrees ...").
TEST_CASE("nakade with a one-point wall: both sides dead", "[japanese-2003][analysis]") {
  Board b = Board::graph("nakade-1", 7, {{0, 1}, {0, 2}, {0, 3}, {0, 4}, {1, 2}, {2, 3}, {4, 5}, {4, 6}},
                         {"d", "x1", "x2", "x3", "w", "e1", "e2"});
  auto x = analyse_graph(b, "X.O.O..");
  CHECK(string_at_point(x, "d").status == Status::Dead);
  CHECK(string_at_point(x, "x2").status == Status::Dead);
  CHECK(string_at_point(x, "w").status == Status::Uncapturable);
  CHECK(x.t.dame == named(b, {"x1", "x3"}));
  CHECK(x.t.score == -2);
}

namespace {
// The L-shaped eye space a1 a2 b1 c1 with a1 in the corner (it touches only
// a2 and b1), inside the black wall d (a2 b1 c1 and w); corner = false adds
// the edge a1-d: the same shape away from the corner.
Board bent_four_board(bool corner) {
  std::vector<std::pair<int, int>> edges{{0, 1}, {0, 2}, {2, 3}, {4, 1}, {4, 2}, {4, 3}, {4, 5}, {5, 6}, {5, 7}};
  if (!corner) edges.push_back({0, 4});
  return Board::graph(corner ? "bent-four-corner" : "bent-four-side", 8, edges,
                      {"a1", "a2", "b1", "c1", "d", "w", "e1", "e2"});
}
}  // namespace

// Bent four in the corner, dead without a special rule (J1989 needed one):
//   a1: a2 b1    b1: c1    d (black wall): a2 b1 c1 w    w: e1 e2 (alive)
// [INF2] White, moving first, plays b1 (the vital point). Black c1 leaves
// the wall the single liberty a2, which White fills; Black a2 shares the
// liberties a1 c1 with b1, and White c1 gives up two stones to leave a
// two-point eye, which White fills again. The only try is Black a1, and
// White a2 takes it. That is a ko capture (Black a1 would take a2
// back and recreate the position) and it also leaves the wall with the
// single liberty c1. The hypothetical ko rule forbids Black the immediate
// retake; a ko-pass is legal (a ko capture is available but prohibited) but
// it is a move without stones, so White c1 captures the wall. Afterwards
// every black stone inside White's living group is taken again: dead, no
// permanent black stone anywhere (local environment = whole board).
// Score: all 7 points but w are white eye points, plus the dead d: W+8.
// Away from the corner (a1 also touches the wall) Black answers b1 with a1
// connected to the wall, and the shape has two eyes: uncapturable, four
// points of black territory, B+2.
TEST_CASE("bent four in the corner is dead", "[japanese-2003][analysis][ko]") {
  Board corner = bent_four_board(true);
  auto x = analyse_graph(corner, "....XO..");
  CHECK(string_at_point(x, "d").status == Status::Dead);
  CHECK(string_at_point(x, "w").status == Status::Uncapturable);
  CHECK(x.t.white_territory == named(corner, {"a1", "a2", "b1", "c1", "d", "e1", "e2"}));
  CHECK(x.t.score == -8);

  Board side = bent_four_board(false);
  auto y = analyse_graph(side, "....XO..");
  CHECK(string_at_point(y, "d").status == Status::Uncapturable);
  CHECK(y.t.black_territory == named(side, {"a1", "a2", "b1", "c1"}));
  CHECK(y.t.score == 2);
}

// Slow (about 7 s): the same corner with the wall as on a real board,
// s1 = a3 (touching a2), s2 = b2 (a2 b1), s3 = c2 (c1), s4 = d1 (c1), the
// attacker touching the outer wall stones s1 and s4.
TEST_CASE("bent four in the corner with a four-stone wall", "[.][japanese-2003-slow]") {
  Board b = Board::graph("bent-four-wall", 11,
                         {{0, 1}, {0, 2}, {2, 3}, {4, 1}, {4, 5}, {4, 8}, {5, 1}, {5, 2}, {5, 6}, {6, 3}, {6, 7},
                          {7, 3}, {7, 8}, {8, 9}, {8, 10}},
                         {"a1", "a2", "b1", "c1", "s1", "s2", "s3", "s4", "w", "e1", "e2"});
  auto x = analyse_graph(b, "....XXXXO..");
  CHECK(string_at_point(x, "s1").status == Status::Dead);
  CHECK(x.t.score == -14);
}

TEST_CASE("ko capture recognition", "[japanese-2003][ko]") {
  Board b = Board::parse("1x4");
  Position p = parse_diagram(b, ".X.X");
  int taken = -1;
  CHECK(is_ko_capture(b, p, Color::White, b.parse_point("C1"), &taken));
  CHECK(taken == b.parse_point("D1"));
  CHECK(!is_ko_capture(b, p, Color::White, b.parse_point("A1")));  // suicide
  // Taking two stones is never a ko capture.
  Board b5 = Board::parse("1x5");
  Position q = parse_diagram(b5, "O.XXO");
  CHECK(!is_ko_capture(b5, q, Color::White, b5.parse_point("B1")));
}

TEST_CASE("analysis refuses what it cannot decide", "[japanese-2003][analysis]") {
  Board b = Board::parse("2x5");
  Position p = parse_diagram(b, ".X.O./XXXOO");
  AnalysisOptions tiny;
  tiny.max_nodes = 100;
  CHECK_THROWS_AS(analyse_final_position(b, p, tiny), NotDecided);
  CHECK_THROWS_AS(analyse_final_position(b, parse_diagram(b, "XO.../....."), tiny), NotDecided);
  // A string without liberties cannot be a final position.
  Board b2 = Board::parse("1x2");
  CHECK_THROWS_AS(analyse_final_position(b2, parse_diagram(b2, "XO")), std::invalid_argument);
}

// ---- alternation --------------------------------------------------------

namespace {
void play(Japanese2003Game& g, const std::string& moves) { replay_moves(g, split_moves(moves)); }
}  // namespace

TEST_CASE("alternation: no suicide, basic ko, two passes end", "[japanese-2003]") {
  Board b = Board::parse("1x4");
  Japanese2003Game g(b, RuleSet::parse("japanese-2003"), 0);
  std::string why;
  play(g, "B1");
  CHECK(!g.is_legal(Move::play(b.parse_point("A1")), &why));  // White A1 has no liberty
  CHECK(why.find("suicide") != std::string::npos);
  play(g, "C1 D1");  // Black D1 takes C1: .X.X
  CHECK(g.prisoner_difference() == 1);
  // White C1 would take D1 and recreate .XO., the position before Black's move.
  CHECK(!g.is_legal(Move::play(b.parse_point("C1")), &why));
  CHECK(why.find("basic ko") != std::string::npos);
  CHECK(!g.is_legal(Move{-1, MoveKind::KoPass}, &why));
  play(g, "pass");
  CHECK(!g.is_over());
  play(g, "pass");
  CHECK(g.is_over());
  // .X.X is dead as a whole (see "basic ko at the end"): W+4 territory, two
  // dead stones, prisoner difference +1.
  CHECK(g.outcome().to_string() == "W+5");
}

// The long-cycle rule, checked against an independent replay: every game on
// 1x4 up to 9 moves that ends by a cycle must give the sign of (white minus
// black stones removed between the first occurrence and the repetition).
TEST_CASE("long cycle: result by the removal difference since the first occurrence", "[japanese-2003][cycle]") {
  Board b = Board::parse("1x4");
  Japanese2003Game g(b, RuleSet::parse("japanese-2003"), 0);
  std::vector<Move> line;
  int cycles = 0;
  std::function<void(int)> walk = [&](int depth) {
    if (g.is_over()) {
      if (!g.ended_by_long_cycle()) return;
      ++cycles;
      // Replay with plain play_stone and find the first occurrence.
      std::vector<Position> seen{Position{}};
      std::vector<int> diff{0};
      Position pos;
      Color c = Color::Black;
      int d = 0;
      for (Move m : line) {
        if (m.is_play()) {
          PlayOutcome o;
          REQUIRE(play_stone(b, pos, c, m.point, SuicideRule::Forbidden, o) == PlayStatus::Ok);
          pos = o.next;
          d += (c == Color::Black ? 1 : -1) * popcount(o.captured);
        }
        seen.push_back(pos);
        diff.push_back(d);
        c = opponent(c);
      }
      std::size_t first = 0;
      while (!(seen[first] == pos)) ++first;
      REQUIRE(first + 1 < seen.size());
      int cd = d - diff[first];
      Value v = g.outcome();
      CHECK(v.identical(cd > 0 ? Value::black_wins() : cd < 0 ? Value::white_wins() : Value::score_half_points(0)));
      return;
    }
    if (depth == 0) return;
    std::vector<Move> moves;
    g.legal_moves(moves);
    for (Move m : moves) {
      if (!m.is_play() && g.consecutive_passes() == 1) continue;  // ending games are not cycles
      g.play(m);
      line.push_back(m);
      walk(depth - 1);
      line.pop_back();
      g.undo();
    }
  };
  walk(9);
  CHECK(cycles > 0);
}

// ---- values --------------------------------------------------------------

namespace {
// Plain minimax over the game, no pruning: the slow cross-check.
template <class G>
Value plain_minimax(G& g) {
  if (g.is_over()) return g.outcome();
  std::vector<Move> moves;
  g.legal_moves(moves);
  bool black = g.to_move() == Color::Black;
  Value best = black ? Value::minus_infinity() : Value::plus_infinity();
  for (Move m : moves) {
    g.play(m);
    Value v = plain_minimax(g);
    g.undo();
    if (black ? v > best : v < best) best = v;
  }
  return best;
}

Value reference_value(const char* board, std::uint64_t limit = 0) {
  Board b = Board::parse(board);
  Japanese2003Game g(b, RuleSet::parse("japanese-2003"), 0);
  ReferenceOptions opt;
  opt.node_limit = limit;
  ReferenceSolver s(g, opt);
  return s.value();
}
}  // namespace

// 1x1: no play is legal (suicide), pass pass, empty board: both colours'
// eye strings are the whole board and border nothing, so the point is a
// black and a white eye point at once and the territories cancel: 0.
// 1x3: Black B1 can never be attacked (every white play is suicide) and
// leaves A1 and C1 as territory: B+2; a point must hold the stone, and White
// gains nothing by playing stones that are captured.
TEST_CASE("japanese-2003 values of tiny boards", "[japanese-2003][values]") {
  CHECK(reference_value("1x1").to_string() == "0");
  CHECK(reference_value("1x3").to_string() == "B+2");
}

TEST_CASE("japanese-2003 reference solver agrees with plain minimax", "[japanese-2003][values]") {
  for (const char* board : {"1x2", "1x3"}) {
    Board b = Board::parse(board);
    Japanese2003Game g(b, RuleSet::parse("japanese-2003"), 0);
    Value slow = plain_minimax(g);
    CHECK(reference_value(board) == slow);
  }
}

// The cache (docs/rules/japanese-2003.md, "A sound cache") against the
// uncached search, on every board where the uncached search finishes: the
// value of every legal first move must agree. Tag range 0 sends every
// position first reached with a nonzero prisoner difference through the
// overflow path (results resting on it are never reused), so that path is
// checked too; a too-narrow tag range without it would be unsound.
TEST_CASE("japanese-2003 cached search equals the uncached one", "[japanese-2003][values][cache]") {
  for (const char* board : {"1x1", "1x2", "1x3", "1x4", "1x5", "2x2"}) {
    for (int range : {-1, 0, 1}) {
      Board b = Board::parse(board);
      Japanese2003Game plain(b, RuleSet::parse("japanese-2003"), 0);
      Japanese2003Game cached(b, RuleSet::parse("japanese-2003"), 0);
      if (range >= 0) cached.set_tag_range(range);
      REQUIRE(cached.dependency_words() > 0);
      ReferenceOptions off;
      off.memo = false;
      ReferenceOptions on;
      ReferenceSolver<Japanese2003Game> slow(plain, off), fast(cached, on);
      auto a = slow.move_values(), c = fast.move_values();
      INFO(board << " tag range " << range);
      REQUIRE(a.size() == c.size());
      for (std::size_t i = 0; i < a.size(); ++i) {
        CHECK(a[i].move == c[i].move);
        CHECK(a[i].value == c[i].value);
      }
      CHECK(fast.value() == slow.value());
      if (std::string(board) == "1x5") CHECK(fast.memo_hits() > 0);  // the cache is really used
    }
  }
}

// The hooks' contract, checked directly: whenever two lines of play reach
// the same state key but a move ends the game differently after them (a
// long cycle in one and not the other, or with another result), the history
// bits of the two lines must differ on a bit that legal_moves marked as
// examined. Otherwise a cache entry from one line could be reused on the
// other. Every line of 1x4 up to 13 moves, 1x5 up to 8 and 2x2 up to 10 is
// enumerated. (With tags that ignore the prisoner difference at the first
// occurrence, the 1x4 and 1x5 walks fail: there, two histories share a
// position but not its first difference, and a long cycle ends differently.)
TEST_CASE("japanese-2003 history bits separate every history that matters", "[japanese-2003][cache]") {
  auto [board, max_depth] = GENERATE(std::make_pair("1x4", 13), std::make_pair("1x5", 8), std::make_pair("2x2", 10));
  Board b = Board::parse(board);
  Japanese2003Game g(b, RuleSet::parse("japanese-2003"), 0);
  const int words = g.dependency_words();
  REQUIRE(words > 0);
  struct Seen {
    std::vector<std::uint64_t> bits;
    std::vector<std::pair<Move, Value>> ends;  // moves that end the game, with the outcome
    std::vector<Move> moves;
  };
  std::map<Japanese2003Game::StateKey, std::vector<Seen>> by_key;
  int pairs = 0, separated = 0;
  std::function<void(int)> walk = [&](int depth) {
    if (g.is_over() || depth == 0) return;
    Seen here;
    std::vector<std::uint64_t> examined(words, 0);
    g.legal_moves(here.moves, examined.data());
    here.bits.assign(g.history_bits(), g.history_bits() + words);
    for (Move m : here.moves) {
      g.play(m);
      if (g.is_over()) here.ends.push_back({m, g.outcome()});
      g.undo();
    }
    auto& list = by_key[g.state_key()];
    for (const Seen& other : list) {
      REQUIRE(other.moves == here.moves);  // legality depends on the state key alone
      bool same = other.ends.size() == here.ends.size();
      for (std::size_t i = 0; same && i < here.ends.size(); ++i)
        same = other.ends[i].first == here.ends[i].first && other.ends[i].second.identical(here.ends[i].second);
      if (same) continue;
      ++pairs;
      bool differ = false;
      for (int w = 0; w < words; ++w) differ |= ((other.bits[w] ^ here.bits[w]) & examined[w]) != 0;
      CHECK(differ);
      separated += differ;
    }
    if (list.size() < 8) list.push_back(std::move(here));
    std::vector<Move> moves;
    g.legal_moves(moves);
    for (Move m : moves) {
      g.play(m);
      walk(depth - 1);
      g.undo();
    }
  };
  walk(max_depth);
  INFO(board << ": " << pairs << " pairs of histories where a move ends differently");
  CHECK(pairs > 0);  // the property is exercised
  CHECK(separated == pairs);
}

TEST_CASE("gotb analyse prints statuses and the score", "[japanese-2003][cli]") {
  auto r = test::run_gotb("analyse --board 2x5 --position '.X.O./XXXOO'");
  CHECK(r.exit_code == 0);
  CHECK(r.out.find("Black B2 A1 B1 C1: uncapturable") != std::string::npos);
  CHECK(r.out.find("dame: C2") != std::string::npos);
  CHECK(r.out.find("score = 0 + 0 - 0 - 0 + (0) = 0") != std::string::npos);
  auto m = test::run_gotb("analyse --board 1x4 --moves 'B1 C1 D1 pass pass'");
  CHECK(m.exit_code == 0);
  CHECK(m.out.find("prisoner difference (white removed - black removed): 1") != std::string::npos);
  CHECK(m.out.find("result: W+5") != std::string::npos);
  auto bad = test::run_gotb("analyse --board 1x4 --position '.X.'");
  CHECK(bad.exit_code == 1);
  auto both = test::run_gotb("analyse --board 1x4");
  CHECK(both.exit_code == 1);
  auto budget = test::run_gotb("analyse --board 2x5 --position '.X.O./XXXOO' --max-nodes 50");
  CHECK(budget.exit_code == 3);
  CHECK(budget.out.find("not decided") != std::string::npos);
}

TEST_CASE("gotb solve japanese-2003 on 1x3", "[japanese-2003][cli]") {
  auto r = test::run_gotb("solve --board 1x3 --rules japanese-2003");
  CHECK(r.exit_code == 0);
  CHECK(r.out.find("B+2") != std::string::npos);
}

// Slow (about 15 s): one eye is dead when the opponent lives.
//   . X O . O .
//   X X O O O O
// White has two eyes (D2, F2). Black's only eye A2 is also his only liberty:
// White A2 captures, and the four points A1 B1 A2 B2 cannot give Black a
// stone that White never takes again. Dead; white territory A2 B2 A1 B1 D2
// F2 = 6 plus 3 dead stones: W+9.
TEST_CASE("one eye: dead next to a living group", "[.][japanese-2003-slow]") {
  auto x = analyse("2x6", ".XO.O./XXOOOO");
  CHECK(string_at_point(x, "B2").status == Status::Dead);
  CHECK(string_at_point(x, "C2").status == Status::Uncapturable);
  CHECK(x.t.score == -9);
}

// ---- cross-check of the force solver ----------------------------------------

namespace {
// "Can the attacker force capture and no permanent defender stone on R",
// decided independently of HypotheticalGraph::solve: the generalized Büchi
// condition is turned into a plain Büchi game on (node, counter) pairs (the
// counter waits for target set c and moves on when the node is in it), and
// that game is solved by naive sweeps of nu Z. mu Y. (Acc & CPre Z) | CPre Y.
bool naive_force(const HypotheticalGraph& g, Mask string, Mask region) {
  std::vector<int> pts;
  for_each_bit(region | string, [&](int p) { pts.push_back(p); });
  const std::size_t n = g.nodes(), k = pts.size();
  auto in_set = [&](std::size_t v, std::size_t c) {
    return g.captured(v, string) && !(g.played_defender_stones(v) & bit(pts[c]));
  };
  auto id = [&](std::size_t v, std::size_t c) { return v * k + c; };
  std::vector<char> z(n * k, 1);
  for (;;) {
    std::vector<char> y(n * k, 0);
    for (bool grew = true; grew;) {
      grew = false;
      for (std::size_t v = 0; v < n; ++v)
        for (std::size_t c = 0; c < k; ++c) {
          if (y[id(v, c)]) continue;
          std::size_t c2 = in_set(v, c) ? (c + 1) % k : c;
          bool acc = c == 0 && in_set(v, 0);
          bool any = false, all = true;
          for (std::size_t j = 0; j < g.successor_count(v); ++j) {
            std::size_t w = id(g.successor(v, j), c2);
            bool good = y[w] || (acc && z[w]);
            any |= good;
            all &= good;
          }
          if (g.attacker_to_move(v) ? any : all) {
            y[id(v, c)] = 1;
            grew = true;
          }
        }
    }
    if (y == z) break;
    z = y;
  }
  return z[id(0, 0)] != 0;
}
}  // namespace

TEST_CASE("force solver agrees with an independent Büchi solver", "[japanese-2003][force]") {
  struct Case {
    const char* board;
    const char* diagram;
  };
  int checked = 0, forced = 0;
  std::vector<std::pair<Board, Position>> cases;
  for (Case c : {Case{"1x4", ".X.X"}, Case{"1x4", "O.X."}, Case{"1x5", ".X.O."}, Case{"1x5", "X.XO."},
                 Case{"2x3", ".X./XO."}, Case{"2x3", "X.O/.XO"}, Case{"2x3", "XX./.OO"}}) {
    Board b = Board::parse(c.board);
    cases.emplace_back(b, parse_diagram(b, c.diagram));
  }
  // The shapes above whose statuses are the least obvious: the nakade with a
  // one-point wall (both sides dead) and bent four in the corner.
  Board nakade1 = Board::graph("nakade-1", 7, {{0, 1}, {0, 2}, {0, 3}, {0, 4}, {1, 2}, {2, 3}, {4, 5}, {4, 6}},
                               {"d", "x1", "x2", "x3", "w", "e1", "e2"});
  cases.emplace_back(nakade1, parse_diagram(nakade1, "X.O.O.."));
  Board bent = bent_four_board(true);
  cases.emplace_back(bent, parse_diagram(bent, "....XO.."));
  for (const auto& [b, pos] : cases) {
    const std::string board_name = b.spec();
    const std::string diagram_text = diagram(b, pos, false);
    for (Color attacker : {Color::Black, Color::White}) {
      HypotheticalGraph g(b, pos, attacker, 1'000'000);
      Mask todo = pos.stones(opponent(attacker));
      while (todo) {
        Mask s = string_at(b, pos, lowest(todo));
        todo &= ~s;
        // The string, its local environment (as steps 3-4 compute it from
        // the strong strings of the analysis), and the whole board.
        const FinalAnalysis fa = analyse_final_position(b, pos);
        Mask strong = 0;
        for (const auto& sa : fa.strings)
          if (sa.color != attacker && (sa.status == Status::Uncapturable || sa.status == Status::CapturableUnder))
            strong |= sa.stones;
        for (Mask region : {s, b.flood(s, b.all() & ~(strong & ~s)), b.flood(s, b.all())}) {
          INFO(board_name << " " << diagram_text << " attacker " << color_name(attacker) << " region " << region);
          bool fast = g.can_force_capture_without_permanent(s, region);
          CHECK(fast == naive_force(g, s, region));
          ++checked;
          forced += fast;
        }
      }
    }
  }
  CHECK(checked > 10);
  // Both answers occur, so the comparison can fail either way.
  CHECK(forced > 0);
  CHECK(forced < checked);
}

// ---- direct ko stone and the direct ko rule ----------------------------------

namespace {
// A 9-point graph (every position of 1x5 and 2x3 was enumerated: none has a
// direct ko stone). Edges: b-w, b-a, a-k, w-e1, w-e2, w-g, g-k, k-f1, k-f2.
// k: black with the leaf eyes f1 f2; w: white with the leaf eyes e1 e2;
// b: black, touching w and the ko point a; g: empty, touching w and k.
Board ko_graph() {
  return Board::graph("direct-ko", 9,
                      {{0, 2}, {0, 1}, {1, 5}, {2, 3}, {2, 4}, {2, 8}, {8, 5}, {5, 6}, {5, 7}},
                      {"b", "a", "w", "e1", "e2", "k", "f1", "f2", "g"});
}
}  // namespace

// b is a ko stone (White a takes it, Black b takes back). White A a captures
// at once, so b is not uncapturable; after the capture Black may not retake
// before a ko-pass, and White then fills b for good, so it is not capturable
// under the string. But its local environment (b a w e1 e2 g: only Black's
// strong string k stops it) holds g, where a black stone joins the two-eyed
// k for ever; White cannot both take b and deny g (if White takes g first,
// Black connects at a). So b is capturable local to the string (alive). Its
// direct environment stops at the strong w as well: b a. The two differ, so
// b is a direct ko stone and the alternation may not end here.
TEST_CASE("direct ko stone: the alternation may not end", "[japanese-2003][analysis][ko]") {
  Board b = ko_graph();
  Position pos = parse_diagram(b, "X.O..X...");
  FinalAnalysis a = analyse_final_position(b, pos);
  REQUIRE(a.strings.size() == 3);
  const StringAnalysis& ko = a.strings[0];
  CHECK(ko.status == Status::CapturableLocal);
  CHECK(ko.ko_stone);
  CHECK(ko.local_environment == (bit(0) | bit(1) | bit(2) | bit(3) | bit(4) | bit(8)));
  CHECK(ko.direct_environment == (bit(0) | bit(1)));
  CHECK(ko.direct_ko_stone);
  CHECK(a.has_direct_ko_stone);
  CHECK(a.strings[1].status == Status::Uncapturable);  // w
  CHECK(a.strings[2].status == Status::Uncapturable);  // k

  Japanese2003Game g(b, RuleSet::parse("japanese-2003"), 0);
  play(g, "b w k pass");
  std::string why;
  CHECK(!g.is_legal(Move::pass(), &why));
  CHECK(why.find("direct ko rule") != std::string::npos);
  std::vector<Move> moves;
  g.legal_moves(moves);
  CHECK(std::find(moves.begin(), moves.end(), Move::pass()) == moves.end());
  // The first pass of a pair is still legal: only ending is forbidden.
  Japanese2003Game h(b, RuleSet::parse("japanese-2003"), 0);
  play(h, "b w k");
  CHECK(h.is_legal(Move::pass()));
}

// The alternation skips the analysis when deciding the ending pass where
// has_ko_stone() is false (a direct ko stone is a ko stone). On every legal
// position of these boards, and on the direct-ko graph's position above,
// has_ko_stone must equal "some string of the full analysis is a ko stone".
// Both answers occur on 1x5 and 2x3, so the comparison can fail either way.
TEST_CASE("has_ko_stone agrees with the analysis on every position", "[japanese-2003][analysis][ko]") {
  int with = 0, without = 0;
  for (const char* spec : {"1x1", "1x2", "1x3", "1x4", "1x5", "2x2", "2x3"}) {
    Board b = Board::parse(spec);
    long total = 1;
    for (int i = 0; i < b.size(); ++i) total *= 3;
    for (long code = 0; code < total; ++code) {
      Position p{};
      for (long x = code, i = 0; i < b.size(); ++i, x /= 3) {
        if (x % 3 == 1) p.black |= bit(static_cast<int>(i));
        if (x % 3 == 2) p.white |= bit(static_cast<int>(i));
      }
      if (!is_legal_position(b, p)) continue;
      FinalAnalysis a = analyse_final_position(b, p);
      bool any = std::any_of(a.strings.begin(), a.strings.end(), [](const StringAnalysis& s) { return s.ko_stone; });
      INFO(spec << " " << diagram(b, p, false));
      REQUIRE(has_ko_stone(b, p) == any);
      if (a.has_direct_ko_stone) REQUIRE(any);
      (any ? with : without) += 1;
    }
  }
  CHECK(with > 0);
  CHECK(without > 0);
  Board g = ko_graph();
  CHECK(has_ko_stone(g, parse_diagram(g, "X.O..X...")));
}
