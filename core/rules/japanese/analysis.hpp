// The analysis and scoring of a final position under the Japanese 2003
// Rules (docs/rules/japanese-2003.md): the major analysis procedure
// (uncapturable, capturable "under the string", local environment,
// capturable "local to the string", direct environment, direct ko stone),
// then the scoring procedure (eye strings, eye points, dame, regions,
// in-seki, territory, score).
//
// Every "can force" is decided exactly on the hypothetical-sequence graph
// (hypothetical.hpp). When a graph exceeds the node budget the analysis
// throws NotDecided; it never guesses a status.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <utility>
#include <vector>

#include "core/board.hpp"
#include "core/position.hpp"
#include "core/rules/japanese/hypothetical.hpp"

namespace gotb::japanese {

enum class Status : std::uint8_t {
  Uncapturable,
  CapturableUnder,  // capturable of the type "under the string"
  CapturableLocal,  // capturable of the type "local to the string"
  Dead,
};
const char* status_name(Status s);
inline bool is_alive(Status s) { return s != Status::Dead; }

struct StringAnalysis {
  Color color = Color::Black;
  Mask stones = 0;
  Status status = Status::Dead;
  Mask local_environment = 0;   // set when the local test ran (not uncapturable / under)
  Mask direct_environment = 0;  // set for ko stones
  bool ko_stone = false;
  bool direct_ko_stone = false;
};

struct FinalAnalysis {
  std::vector<StringAnalysis> strings;  // in order of their lowest point
  Mask alive_black = 0, alive_white = 0, dead_black = 0, dead_white = 0;
  bool has_direct_ko_stone = false;
  std::array<std::size_t, 2> graph_nodes{};  // hypothetical nodes with Black / White attacking
};

struct AnalysisOptions {
  std::size_t max_nodes = 4'000'000;  // per hypothetical-sequence graph
};

// Whether some string of `pos` is a ko stone (a one-stone string that the
// opponent's play on the other intersection of a ko takes, the play back
// recreating `pos`). Cheap (no hypothetical graph): a direct ko stone is a
// ko stone, so where this is false analyse_final_position's
// has_direct_ko_stone is false too, and the direct ko rule (the only rule
// of the alternation that reads the analysis before the game ends) cannot
// forbid the ending pass.
bool has_ko_stone(const Board& board, const Position& pos);

// Throws NotDecided when a graph exceeds the budget; std::invalid_argument
// for a position with a string without liberties (not a position of play).
// Builds the two hypothetical-sequence graphs of this position (the
// reference; SharedAnalyser in shared_analysis.hpp gives the same answers
// from graphs shared by every final position of a board).
FinalAnalysis analyse_final_position(const Board& board, const Position& pos, const AnalysisOptions& opt = {});

// What the major analysis procedure asks of the hypothetical sequences from
// one final position: the two kinds of "the attacker, moving first, can
// force ...". Implementations must answer exactly (or throw NotDecided).
class ForceOracle {
 public:
  virtual ~ForceOracle() = default;
  // Capture of `string` (a string of the attacker's opponent).
  virtual bool capture(Color attacker, Mask string) = 0;
  // Capture of `string` and no permanent stone of the defender on `region`
  // (region contains string).
  virtual bool capture_without_permanent(Color attacker, Mask string, Mask region) = 0;
  // Nodes of the graph used with this attacker (report only; 0 if none).
  virtual std::size_t graph_nodes(Color attacker) const = 0;
};

// The major analysis procedure with its "can force" answers from `oracle`
// (one call per test; the procedure itself is shared by every oracle).
FinalAnalysis analyse_final_position(const Board& board, const Position& pos, ForceOracle& oracle);

// analyse_final_position(board, pos, oracle).has_direct_ko_stone, asking
// fewer tests (docs/solving.md section 4, "Session 33: japanese-2003"):
// nothing where the position has no ko stone; otherwise steps 1-2 for every
// string and steps 3-4 for the ko stones only. The flag reads only the ko
// stones' statuses and environments, and those read steps 1-2 and the ko
// stones' own step-4 tests (step 4 sets only CapturableLocal, which is not
// strong, so no other string's step-4 test enters any environment). It is
// what the direct ko rule asks before the game ends (the ending pass).
bool has_direct_ko_stone(const Board& board, const Position& pos, ForceOracle& oracle);
bool has_direct_ko_stone(const Board& board, const Position& pos, const AnalysisOptions& opt = {});

// Steps 1-2 of the major procedure alone: the stones of every string whose
// status after them is Uncapturable or CapturableUnder (alive, and final:
// steps 3-4 only test the strings still Dead). Every other string may end up
// CapturableLocal (alive) or Dead. Step 2's Büchi tests have the string
// itself as region; step 4's, usually larger, are not asked
// (docs/solving.md, "Session 33: japanese-2003").
Mask strong_stones(const Board& board, const Position& pos, ForceOracle& oracle);
Mask strong_stones(const Board& board, const Position& pos, const AnalysisOptions& opt = {});

// Step 1 of the major procedure alone: the stones of every string whose
// opponent cannot force its capture (status Uncapturable, final whatever
// the later steps find). Every other string may end up alive or dead. The
// capture tests are one reachability each, far cheaper than the Büchi tests
// of steps 2 and 4 (docs/solving.md, "Session 32: japanese-2003").
Mask uncapturable_stones(const Board& board, const Position& pos, ForceOracle& oracle);
Mask uncapturable_stones(const Board& board, const Position& pos, const AnalysisOptions& opt = {});

// Steps 1-2, then step 4 one string at a time (docs/solving.md section 4,
// "Session 34: japanese-2003"): bounds lo <= t <= hi on the analysed
// territory score t (score_final_position(board, pos, analyse_final_position
// (board, pos), 0).score). The strings strong after steps 1-2 are alive; a
// string whose step-4 test has run is alive if it made the string
// CapturableLocal, else dead (final: step 4's tests read only the statuses
// of steps 1-2, so each string's test is the full analysis's, whichever ran
// before it); every assignment of the strings not tested yet is enumerated
// (territory_score_bounds). Before each test the bounds are handed to
// `enough`; the first true ends the work. Once every test has run, lo = t =
// hi. Largest strings first (a heuristic: any order gives the same final
// answer and valid bounds). `tests`, if given, counts the step-4 tests asked.
std::pair<int, int> stepwise_territory_bounds(const Board& board, const Position& pos, ForceOracle& oracle,
                                              const std::function<bool(int, int)>& enough,
                                              std::uint64_t* tests = nullptr);
std::pair<int, int> stepwise_territory_bounds(const Board& board, const Position& pos,
                                              const std::function<bool(int, int)>& enough,
                                              const AnalysisOptions& opt = {}, std::uint64_t* tests = nullptr);

// Bounds lo <= t <= hi on the territory score t (score_final_position's
// score without prisoners) of pos, knowing only that the strings in
// `uncapturable` are alive: the least and the greatest score over every
// alive / dead assignment of the other strings (one of which is the
// analysis's). More than max_open such strings: the bounds of every
// position, -2N and 2N (a territory point counts at most twice: once as
// territory, once for a dead stone on it).
std::pair<int, int> territory_score_bounds(const Board& board, const Position& pos, Mask uncapturable,
                                           int max_open = 10);
// The same, knowing also that the strings in `known_dead` are dead: every
// assignment of the strings in neither mask.
std::pair<int, int> territory_score_bounds(const Board& board, const Position& pos, Mask alive, Mask known_dead,
                                           int max_open);

struct ScoreTerms {
  Mask black_eye_points = 0, white_eye_points = 0, dame = 0;
  Mask black_in_seki = 0, white_in_seki = 0;  // union of in-seki regions
  Mask black_territory = 0, white_territory = 0;
  int dead_white_in_black_territory = 0, dead_black_in_white_territory = 0;
  int prisoner_difference = 0;  // white stones minus black stones removed during the alternation
  // black territory + dead white stones on it - (white territory + dead black
  // stones on it) + prisoner difference (Black's point of view, no komi).
  int score = 0;
};

ScoreTerms score_final_position(const Board& board, const Position& pos, const FinalAnalysis& a,
                                int prisoner_difference);

// Human-checkable report: every string with its status, then each scoring term.
std::string analysis_report(const Board& board, const Position& pos, const FinalAnalysis& a,
                            const ScoreTerms& s, double komi);

}  // namespace gotb::japanese
