// Kee Rules 2016: the text's worked ko shapes (shared/rules/kee-2016.txt),
// rebuilt on a graph board and checked move by move: which plays the cycle
// prohibition (rule 11) forbids and why, when an appealing pass is allowed
// (rule 12), and what a rescind does (rules 13-14). The text's diagrams
// are not in the stored text; the shape below has the properties the text
// describes (three kos between a Black group and a White group, White with
// one eye, Black with none), and each check names the sentence it encodes.
#include <catch2/catch.hpp>

#include "core/rules/games.hpp"

using namespace gotb;

namespace {
const RuleSet kKee = RuleSet::parse("kee-2016");

// Triple ko. b: Black's group (no eye), w: White's group, e: White's eye.
// Ko i is the pair (pi, qi): Black holds it with a stone on pi (w next to
// it, its only liberty qi), White holds it with a stone on qi (b next to
// it, its only liberty pi). b's liberties are the qi of Black's kos, so
// White holding all three captures b; w lives by its eye.
//
//      e - w - p1 - q1 - b
//          | - p2 - q2 - |
//          | - p3 - q3 - |
Board triple_ko() {
  return Board::graph("triple-ko", 9,
                      {{1, 2}, {1, 3}, {1, 4}, {1, 5}, {3, 6}, {4, 7}, {5, 8}, {0, 6}, {0, 7}, {0, 8}},
                      {"b", "w", "e", "p1", "p2", "p3", "q1", "q2", "q3"});
}
// Diagrams list the points in the order b w e p1 p2 p3 q1 q2 q3.
// Setup from the empty board: White holds kos 1 and 2, Black ko 3; Black to move.
const char* kSetup = "b w p3 q1 pass q2";

bool legal(const Kee2016Game& g, const char* move, std::string* why = nullptr) {
  Move m;
  REQUIRE(g.parse_move(move, m));
  return g.is_legal(m, why);
}
void play(Kee2016Game& g, const std::string& moves) { replay_moves(g, split_moves(moves)); }
Position at(const Board& b, const char* d) { return parse_diagram(b, d); }
}  // namespace

TEST_CASE("kee-2016 triple ko, White with one eye: the text's line move by move", "[kee-2016][text][ko]") {
  const Board b = triple_ko();
  Kee2016Game g(b, kKee, 0);
  play(g, kSetup);
  const Position start = g.position();
  REQUIRE(start == at(b, "XO...XOO."));
  std::string why;

  // "After [B1]'s capture of 1st ko, White's optimal play for [W2] would be
  // an appealing pass play": White's retake would recreate the starting
  // board, so White has a reason to appeal (rule 12).
  play(g, "p1");
  CHECK(g.position() == at(b, "XO.X.X.O."));
  CHECK_FALSE(legal(g, "q1", &why));
  CHECK_THAT(why, Catch::Contains("rule 11"));
  CHECK(legal(g, "appeal"));
  play(g, "appeal");

  // "... allowing [B3] to capture all three ko's first."
  play(g, "p2");
  const Position all_black = g.position();
  CHECK(all_black == at(b, "XO.XXX..."));

  // "Now White's optimal play for [W4] would be to capture the 1st ko. Then
  // Black 5 can only pass": the retake repeats B3's board (rule 11), a
  // stone in White's eye is a suicide that changes nothing (rule 10); so
  // Black passes, and may appeal.
  play(g, "q1");
  const Position w4 = g.position();
  CHECK(w4 == at(b, "XO..XXO.."));
  CHECK_FALSE(legal(g, "p1", &why));
  CHECK_THAT(why, Catch::Contains("rule 11"));
  CHECK_FALSE(legal(g, "e", &why));
  CHECK_THAT(why, Catch::Contains("rule 10"));
  CHECK(legal(g, "appeal"));
  play(g, "appeal");

  // White may not simply pass now: after Black's appeal, White's own
  // non-appealing pass rescinds W4 (rule 13) and White must play again on
  // B3's board, not at q1 (rule 14). "Then White's optimal play for [W6]
  // would be to capture the 3rd ko."
  {
    const std::size_t len = g.record_length();
    play(g, "pass");
    CHECK_FALSE(g.is_over());
    CHECK(g.record_length() == len - 2);
    CHECK(g.position() == all_black);
    CHECK(g.to_move() == Color::White);
    CHECK_FALSE(legal(g, "q1", &why));
    CHECK_THAT(why, Catch::Contains("rescinded"));
    g.undo();
    CHECK(g.position() == w4);
  }
  play(g, "q3");
  CHECK(g.position() == at(b, "XO..X.O.O"));

  // "[B7] here is prohibited, because it repeats the board position
  // produced by [W4], with [B5] being an appealing pass play": exception
  // (a) of rule 11 needs a non-appealing pass, though exception (b) holds
  // (White has made only stone plays since that board first appeared).
  auto st = g.cycle_status(w4);
  CHECK(st.appeared);
  CHECK_FALSE(st.mover_passed);
  CHECK(st.opponent_only_stones);
  CHECK_FALSE(legal(g, "p3", &why));
  CHECK_THAT(why, Catch::Contains("rule 11"));
  CHECK(legal(g, "appeal"));

  // And White then captures everything: with all three kos White's, b has
  // no liberty left.
  play(g, "appeal q2");
  CHECK(g.position() == at(b, ".O....OOO"));
}

// The reading of rule 11(a) chosen in docs/rules/kee-2016.md: the
// qualifying pass must come after the stone play that *left* the board's
// last appearance. Black's pass at B5 was made on W4's board itself, so it
// does not qualify even when non-appealing: the text's remark "with [B5]
// being an appealing pass play" gives a sufficient reason, not the only one.
// (Under the other reading, "after the stone play that produced the last
// appearance", this B7 would be allowed.)
TEST_CASE("kee-2016 triple ko: a pass made on the repeated board does not qualify for rule 11(a)",
          "[kee-2016][cycle][ko]") {
  const Board b = triple_ko();
  Kee2016Game g(b, kKee, 0);
  play(g, kSetup);
  play(g, "p1 appeal p2 q1");
  const Position w4 = g.position();
  play(g, "pass q3");  // B5 non-appealing this time
  auto st = g.cycle_status(w4);
  CHECK(st.appeared);
  CHECK_FALSE(st.mover_passed);
  CHECK_FALSE(legal(g, "p3"));
}

// Rules Beast ("Under Kee Rules, White 11 is not prohibited because of
// [White's pass], a non-appealing pass play. Instead, Black 12 to capture
// White 11 is prohibited, as it repeats the outcome of [an earlier play]
// but now all Black's plays in between are stone plays."), with the
// superko contrast ("With normal superko rules, White 11 is prohibited").
TEST_CASE("kee-2016 triple ko: a repetition allowed by the mover's pass, the answer prohibited",
          "[kee-2016][cycle][ko][text]") {
  const Board b = triple_ko();
  const std::string line = std::string(kSetup) + " p1 q3 p2 pass p3";
  Kee2016Game g(b, kKee, 0);
  play(g, line);
  // Boards: S1 = after p1 (kos B,W,B); q3 -> (B,W,W); p2 -> (B,B,W); White
  // passes; p3 -> (B,B,B). White's q2 recreates S1.
  const Position s1 = at(b, "XO.X.X.O.");
  CHECK(g.position() == at(b, "XO.XXX..."));
  auto st = g.cycle_status(s1);
  CHECK(st.appeared);
  CHECK(st.mover_passed);          // White passed after q3, the play made on S1
  CHECK(st.opponent_only_stones);  // Black: p1 p2 p3, stone plays only
  CHECK(legal(g, "q2"));
  play(g, "q2");
  CHECK(g.position() == s1);
  // Black's recapture repeats the board after p3, and Black never passed.
  std::string why;
  CHECK_FALSE(legal(g, "p2", &why));
  CHECK_THAT(why, Catch::Contains("rule 11"));
  CHECK(legal(g, "appeal"));

  // Positional superko forbids White's q2 outright.
  TrompTaylorGame tt(b, RuleSet::parse("tromp-taylor"), 0);
  replay_moves(tt, split_moves(line));
  Move q2;
  REQUIRE(tt.parse_move("q2", q2));
  CHECK_FALSE(tt.is_legal(q2));
}
