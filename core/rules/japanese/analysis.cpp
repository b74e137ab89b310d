#include "core/rules/japanese/analysis.hpp"

#include <algorithm>
#include <optional>
#include <vector>
#include <sstream>
#include <stdexcept>

#include "core/value.hpp"

namespace gotb::japanese {

const char* status_name(Status s) {
  switch (s) {
    case Status::Uncapturable: return "uncapturable";
    case Status::CapturableUnder: return "capturable under the string";
    case Status::CapturableLocal: return "capturable local to the string";
    case Status::Dead: return "dead";
  }
  return "?";
}

namespace {

// A string of c on exactly one intersection of a ko: the opponent's play on
// the other intersection removes just this stone and the play back on it
// recreates the position.
bool is_ko_stone(const Board& b, const Position& pos, Color c, Mask stones) {
  if (popcount(stones) != 1) return false;
  int a = lowest(stones);
  bool found = false;
  for_each_bit(b.neighbours(a) & pos.empty(b), [&](int q) {
    int taken = -1;
    if (!found && is_ko_capture(b, pos, opponent(c), q, &taken) && taken == a) found = true;
  });
  return found;
}

}  // namespace

bool has_ko_stone(const Board& board, const Position& pos) {
  // A ko stone is a string of one stone; test each lone stone of either colour.
  for (Color c : {Color::Black, Color::White}) {
    const Mask own = pos.stones(c);
    bool found = false;
    for_each_bit(own, [&](int p) {
      if (!found && (board.neighbours(p) & own) == 0 && is_ko_stone(board, pos, c, bit(p))) found = true;
    });
    if (found) return true;
  }
  return false;
}

namespace {

// The reference oracle: the two graphs of this final position, built on
// first use.
class PerPositionOracle final : public ForceOracle {
 public:
  PerPositionOracle(const Board& board, const Position& pos, const AnalysisOptions& opt)
      : board_(board), pos_(pos), opt_(opt) {}
  bool capture(Color attacker, Mask string) override { return graph(attacker).can_force_capture(string); }
  bool capture_without_permanent(Color attacker, Mask string, Mask region) override {
    return graph(attacker).can_force_capture_without_permanent(string, region);
  }
  std::size_t graph_nodes(Color attacker) const override {
    const auto& g = graphs_[index(attacker)];
    return g ? g->nodes() : 0;
  }

 private:
  const HypotheticalGraph& graph(Color attacker) {
    auto& g = graphs_[index(attacker)];
    if (!g) g.emplace(board_, pos_, attacker, opt_.max_nodes);
    return *g;
  }
  const Board& board_;
  const Position& pos_;
  const AnalysisOptions& opt_;
  std::optional<HypotheticalGraph> graphs_[2];
};

}  // namespace

FinalAnalysis analyse_final_position(const Board& board, const Position& pos, const AnalysisOptions& opt) {
  if (!is_legal_position(board, pos))
    throw std::invalid_argument("the position has a string without liberties; it cannot end an alternation");
  PerPositionOracle oracle(board, pos, opt);
  return analyse_final_position(board, pos, oracle);
}

namespace {

// The major procedure, whole (Stage::Full) or in part: Stage::DirectKo
// (has_direct_ko_stone below): steps 3-4 only for the ko stones, and
// nothing at all without one; the statuses of the other strings may then
// stay Dead where step 4 would make them CapturableLocal, and only
// has_direct_ko_stone is the full procedure's. Stage::Strong (strong_stones
// below): steps 1-2 only, the strings' statuses as they stand after them.
enum class Stage { Full, DirectKo, Strong };

// The stones of the strings (of colour c, or of both) whose status is
// Uncapturable or CapturableUnder ("strong").
Mask strong_mask(const FinalAnalysis& a, Color c, bool both) {
  Mask m = 0;
  for (const auto& s : a.strings)
    if ((both || s.color == c) && (s.status == Status::Uncapturable || s.status == Status::CapturableUnder))
      m |= s.stones;
  return m;
}

// Step 3: a string's local environment, from the statuses after steps 1-2
// (one definition for analyse_impl and stepwise_territory_bounds).
Mask local_environment(const Board& board, const FinalAnalysis& after_step2, const StringAnalysis& s) {
  return board.flood(s.stones, board.all() & ~strong_mask(after_step2, s.color, false));
}

FinalAnalysis analyse_impl(const Board& board, const Position& pos, ForceOracle& oracle, Stage stage) {
  if (!is_legal_position(board, pos))
    throw std::invalid_argument("the position has a string without liberties; it cannot end an alternation");
  const bool direct_ko_only = stage == Stage::DirectKo;
  FinalAnalysis out;
  if (direct_ko_only && !has_ko_stone(board, pos)) return out;
  Mask todo = pos.occupied();
  while (todo) {
    int p = lowest(todo);
    StringAnalysis s;
    s.color = (pos.black & bit(p)) ? Color::Black : Color::White;
    s.stones = string_at(board, pos, p);
    todo &= ~s.stones;
    out.strings.push_back(s);
  }

  // Steps 1-2 (the minor procedure within each step: any string order; no
  // test here reads a status decided in the same step).
  for (auto& s : out.strings)
    if (!oracle.capture(opponent(s.color), s.stones)) s.status = Status::Uncapturable;
  for (auto& s : out.strings)
    if (s.status == Status::Dead && !oracle.capture_without_permanent(opponent(s.color), s.stones, s.stones))
      s.status = Status::CapturableUnder;
  if (stage == Stage::Strong) return out;

  auto strong = [&](Color c, bool both) { return strong_mask(out, c, both); };
  // Steps 3-4: local environments (from the statuses of steps 1-2 only),
  // then the local tests.
  for (auto& s : out.strings)
    if (s.status == Status::Dead) s.local_environment = local_environment(board, out, s);
  for (auto& s : out.strings)
    if (s.status == Status::Dead && (!direct_ko_only || is_ko_stone(board, pos, s.color, s.stones)) &&
        !oracle.capture_without_permanent(opponent(s.color), s.stones, s.local_environment))
      s.status = Status::CapturableLocal;
  // Steps 5-6: direct environments and direct ko stones.
  const Mask strong_both = strong(Color::Black, true);
  for (auto& s : out.strings) {
    s.ko_stone = is_ko_stone(board, pos, s.color, s.stones);
    if (!s.ko_stone) continue;
    s.direct_environment = board.flood(s.stones, board.all() & ~strong_both);
    s.direct_ko_stone = s.status == Status::CapturableLocal && s.local_environment != s.direct_environment;
    out.has_direct_ko_stone |= s.direct_ko_stone;
  }
  for (const auto& s : out.strings) {
    Mask& m = s.color == Color::Black ? (is_alive(s.status) ? out.alive_black : out.dead_black)
                                      : (is_alive(s.status) ? out.alive_white : out.dead_white);
    m |= s.stones;
  }
  out.graph_nodes = {oracle.graph_nodes(Color::Black), oracle.graph_nodes(Color::White)};
  return out;
}

}  // namespace

FinalAnalysis analyse_final_position(const Board& board, const Position& pos, ForceOracle& oracle) {
  return analyse_impl(board, pos, oracle, Stage::Full);
}

bool has_direct_ko_stone(const Board& board, const Position& pos, ForceOracle& oracle) {
  return analyse_impl(board, pos, oracle, Stage::DirectKo).has_direct_ko_stone;
}

Mask strong_stones(const Board& board, const Position& pos, ForceOracle& oracle) {
  Mask out = 0;
  for (const auto& s : analyse_impl(board, pos, oracle, Stage::Strong).strings)
    if (s.status == Status::Uncapturable || s.status == Status::CapturableUnder) out |= s.stones;
  return out;
}

Mask strong_stones(const Board& board, const Position& pos, const AnalysisOptions& opt) {
  if (!is_legal_position(board, pos))
    throw std::invalid_argument("the position has a string without liberties; it cannot end an alternation");
  PerPositionOracle oracle(board, pos, opt);
  return strong_stones(board, pos, oracle);
}

std::pair<int, int> stepwise_territory_bounds(const Board& board, const Position& pos, ForceOracle& oracle,
                                              const std::function<bool(int, int)>& enough, std::uint64_t* tests) {
  const FinalAnalysis a = analyse_impl(board, pos, oracle, Stage::Strong);
  Mask alive = 0, dead = 0;
  std::vector<const StringAnalysis*> open;
  for (const auto& s : a.strings) {
    if (s.status == Status::Dead) open.push_back(&s);
    else alive |= s.stones;  // Uncapturable or CapturableUnder: final
  }
  std::stable_sort(open.begin(), open.end(), [](const StringAnalysis* x, const StringAnalysis* y) {
    return popcount(x->stones) > popcount(y->stones);
  });
  for (std::size_t i = 0;; ++i) {
    const std::pair<int, int> b = territory_score_bounds(board, pos, alive, dead, 10);
    if (i == open.size() || enough(b.first, b.second)) return b;
    // Step 4 for this string, as analyse_impl asks it: its local
    // environment reads only the statuses after steps 1-2.
    const StringAnalysis& s = *open[i];
    if (tests) ++*tests;
    if (!oracle.capture_without_permanent(opponent(s.color), s.stones, local_environment(board, a, s)))
      alive |= s.stones;  // CapturableLocal
    else
      dead |= s.stones;
  }
}

std::pair<int, int> stepwise_territory_bounds(const Board& board, const Position& pos,
                                              const std::function<bool(int, int)>& enough,
                                              const AnalysisOptions& opt, std::uint64_t* tests) {
  if (!is_legal_position(board, pos))
    throw std::invalid_argument("the position has a string without liberties; it cannot end an alternation");
  PerPositionOracle oracle(board, pos, opt);
  return stepwise_territory_bounds(board, pos, oracle, enough, tests);
}

bool has_direct_ko_stone(const Board& board, const Position& pos, const AnalysisOptions& opt) {
  if (!is_legal_position(board, pos))
    throw std::invalid_argument("the position has a string without liberties; it cannot end an alternation");
  PerPositionOracle oracle(board, pos, opt);
  return has_direct_ko_stone(board, pos, oracle);
}

Mask uncapturable_stones(const Board& board, const Position& pos, ForceOracle& oracle) {
  if (!is_legal_position(board, pos))
    throw std::invalid_argument("the position has a string without liberties; it cannot end an alternation");
  // The same tests, on the same strings, as step 1 of
  // analyse_final_position above.
  Mask out = 0;
  for (Mask todo = pos.occupied(); todo;) {
    const int p = lowest(todo);
    const Color c = (pos.black & bit(p)) ? Color::Black : Color::White;
    const Mask stones = string_at(board, pos, p);
    todo &= ~stones;
    if (!oracle.capture(opponent(c), stones)) out |= stones;
  }
  return out;
}

Mask uncapturable_stones(const Board& board, const Position& pos, const AnalysisOptions& opt) {
  if (!is_legal_position(board, pos))
    throw std::invalid_argument("the position has a string without liberties; it cannot end an alternation");
  PerPositionOracle oracle(board, pos, opt);
  return uncapturable_stones(board, pos, oracle);
}

std::pair<int, int> territory_score_bounds(const Board& board, const Position& pos, Mask uncapturable,
                                           int max_open) {
  return territory_score_bounds(board, pos, uncapturable, 0, max_open);
}

std::pair<int, int> territory_score_bounds(const Board& board, const Position& pos, Mask alive, Mask known_dead,
                                           int max_open) {
  const Mask uncapturable = alive;
  std::vector<Mask> open;
  for (Mask todo = pos.occupied() & ~alive & ~known_dead; todo;) {
    const Mask stones = string_at(board, pos, lowest(todo));
    todo &= ~stones;
    open.push_back(stones);
  }
  const int n = board.size();
  if (static_cast<int>(open.size()) > max_open) return {-2 * n, 2 * n};
  // score_final_position reads the analysis only through these four masks.
  int lo = 2 * n + 1, hi = -2 * n - 1;
  for (std::uint32_t dead = 0; dead < (std::uint32_t{1} << open.size()); ++dead) {
    FinalAnalysis a;
    a.alive_black = pos.black & uncapturable;
    a.alive_white = pos.white & uncapturable;
    a.dead_black = pos.black & known_dead;
    a.dead_white = pos.white & known_dead;
    for (std::size_t i = 0; i < open.size(); ++i) {
      const bool black = (pos.black & open[i]) != 0;
      Mask& m = (dead >> i) & 1 ? (black ? a.dead_black : a.dead_white) : (black ? a.alive_black : a.alive_white);
      m |= open[i];
    }
    const int t = score_final_position(board, pos, a, 0).score;
    lo = std::min(lo, t);
    hi = std::max(hi, t);
  }
  return {lo, hi};
}

ScoreTerms score_final_position(const Board& board, const Position& pos, const FinalAnalysis& a,
                                int prisoner_difference) {
  ScoreTerms t;
  const Mask empty = pos.empty(board);
  // Eye strings: from an empty point through empty points and the opponent's
  // dead stones; eye points when every neighbour outside is an alive stone
  // of the owner.
  auto eye_points = [&](Mask dead_opponent, Mask alive_own) {
    Mask within = empty | dead_opponent, left = empty, eyes = 0;
    while (left) {
      Mask es = board.flood(bit(lowest(left)), within);
      left &= ~es;
      Mask border = board.dilate(es) & ~es;
      if ((border & ~alive_own) == 0) eyes |= es;
    }
    return eyes;
  };
  t.black_eye_points = eye_points(a.dead_white, a.alive_black);
  t.white_eye_points = eye_points(a.dead_black, a.alive_white);
  t.dame = empty & ~(t.black_eye_points | t.white_eye_points);
  // Regions: alive stones of a colour and its eye points, connected; in-seki
  // when a point of the region neighbours a dame.
  auto in_seki = [&](Mask alive, Mask eyes) {
    Mask within = alive | eyes, left = alive, seki = 0;
    while (left) {
      Mask r = board.flood(bit(lowest(left)), within);
      left &= ~r;
      if (board.dilate(r) & t.dame) seki |= r;
    }
    return seki;
  };
  t.black_in_seki = in_seki(a.alive_black, t.black_eye_points);
  t.white_in_seki = in_seki(a.alive_white, t.white_eye_points);
  t.black_territory = t.black_eye_points & ~t.black_in_seki;
  t.white_territory = t.white_eye_points & ~t.white_in_seki;
  t.dead_white_in_black_territory = popcount(a.dead_white & t.black_territory);
  t.dead_black_in_white_territory = popcount(a.dead_black & t.white_territory);
  t.prisoner_difference = prisoner_difference;
  t.score = popcount(t.black_territory) + t.dead_white_in_black_territory - popcount(t.white_territory) -
            t.dead_black_in_white_territory + prisoner_difference;
  return t;
}

namespace {
std::string points(const Board& b, Mask m) {
  if (!m) return "-";
  std::string s;
  for_each_bit(m, [&](int p) { s += (s.empty() ? "" : " ") + b.point_name(p); });
  return s;
}
}  // namespace

std::string analysis_report(const Board& board, const Position& pos, const FinalAnalysis& a,
                            const ScoreTerms& t, double komi) {
  std::ostringstream o;
  o << diagram(board, pos, board.has_grid()) << "\n";
  o << "hypothetical-sequence graphs: " << a.graph_nodes[0] << " nodes (Black attacking), " << a.graph_nodes[1]
    << " nodes (White attacking)\n\nstrings:\n";
  for (const auto& s : a.strings) {
    o << "  " << color_name(s.color) << " " << points(board, s.stones) << ": " << status_name(s.status)
      << (is_alive(s.status) ? " (alive)" : "");
    if (s.local_environment) o << "; local environment " << points(board, s.local_environment);
    if (s.ko_stone) {
      o << "; ko stone, direct environment " << points(board, s.direct_environment);
      o << (s.direct_ko_stone ? ", DIRECT KO STONE" : ", not a direct ko stone");
    }
    o << "\n";
  }
  o << "\nscoring:\n";
  o << "  black eye points: " << points(board, t.black_eye_points) << "\n";
  o << "  white eye points: " << points(board, t.white_eye_points) << "\n";
  o << "  dame: " << points(board, t.dame) << "\n";
  o << "  in-seki black regions: " << points(board, t.black_in_seki) << "\n";
  o << "  in-seki white regions: " << points(board, t.white_in_seki) << "\n";
  o << "  black territory: " << popcount(t.black_territory) << " (" << points(board, t.black_territory) << ")\n";
  o << "  white territory: " << popcount(t.white_territory) << " (" << points(board, t.white_territory) << ")\n";
  o << "  dead white stones in black territory: " << t.dead_white_in_black_territory << "\n";
  o << "  dead black stones in white territory: " << t.dead_black_in_white_territory << "\n";
  o << "  prisoner difference (white removed - black removed): " << t.prisoner_difference << "\n";
  o << "  score = " << popcount(t.black_territory) << " + " << t.dead_white_in_black_territory << " - "
    << popcount(t.white_territory) << " - " << t.dead_black_in_white_territory << " + ("
    << t.prisoner_difference << ") = " << t.score << "\n";
  o << "  komi: " << komi << "\n";
  o << "  result: " << Value::score(t.score, komi).to_string() << "\n";
  if (a.has_direct_ko_stone)
    o << "note: the position has a direct ko stone; the direct ko rule forbids ending the alternation here\n";
  return o.str();
}

}  // namespace gotb::japanese
