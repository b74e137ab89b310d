#include "generator/search/ikeda_playout.hpp"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <stdexcept>
#include <string>

#include "core/budget.hpp"
#include "core/rules/tromp_taylor.hpp"
#include "generator/search/move_ordering.hpp"

namespace gotb::search {

bool ikeda_playout_reduces(const RuleSet& rules, const Board& board) {
  return rules.is(Family::Ikeda1) && rules.options().ko != KoRule::BasicPlay && board.size() <= 31;
}

std::optional<PlayoutTest> ikeda_playout_choice(const RuleSet& rules, const Board& board) {
  if (!ikeda_playout_reduces(rules, board)) return std::nullopt;
  if (const char* env = std::getenv("GOTB_IKEDA_PLAYOUT"); env && *env) {
    const std::string v = env;
    if (v == "off") return std::nullopt;
    if (v == "exact") return PlayoutTest::Exact;
    if (v == "null-window") return PlayoutTest::NullWindow;
    throw std::invalid_argument("GOTB_IKEDA_PLAYOUT: '" + v + "' is none of off, exact, null-window");
  }
  // Null-window tests under both superko options (docs/solving.md section
  // 4, "Session 34": 1x8 per-phase 0.9 M nodes and 3.3 s against the exact
  // tests' 3.3 M and 17.3 s; 1x8 positional 9.4 M nodes against 38.7 M
  // without the reduction, at about the same CPU).
  return PlayoutTest::NullWindow;
}

namespace {

SearchOptions tromp_taylor_options(double time_limit) {
  SearchOptions o;
  // The fill and safe-region guarantees rest on a stone fact (no earlier
  // board with more than k of the beneficiary's stones), which is no board
  // fact of ikeda-1's: off, so that every proof's facts are boards absent
  // or present (Benson's bounds need none).
  o.fill = false;
  o.safe_regions = SearchOptions::SafeRegions::Off;
  o.stone_masks = false;
  // A node that searched one move per symmetry orbit has no storable proof
  // over all moves (its facts are unknown), and a root proof there could not
  // be handed over: the lines from the empty board through symmetric boards
  // only (a playout right after "pass pass") fell back to the generic
  // search. Symmetric table entries (facts mapped) stay on.
  o.symmetry = false;
  // Many small solves on one table: sized for them, not for a whole board.
  o.table_megabytes = 64;
  o.proof_megabytes = 64;
  o.time_limit = time_limit;
  return o;
}

// ikeda-1's ko rule forbids suicide: the tromp-taylor game without it.
TrompTaylorConfig tromp_taylor_config() {
  TrompTaylorConfig c;
  c.suicide = SuicideRule::Forbidden;
  return c;
}

}  // namespace

IkedaPlayoutGame::IkedaPlayoutGame(const Board& board, const RuleSet& rules, double komi, std::uint64_t node_limit,
                                   double time_limit, PlayoutTest test)
    : IkedaGame(board, rules, komi), node_limit_(node_limit), time_limit_(time_limit), test_(test) {
  if (!ikeda_playout_reduces(rules, board))
    throw std::invalid_argument("ikeda-1 playout by tromp-taylor: only ko=positional and positional-per-phase on "
                                "boards of up to 31 points (" + rules.to_string() + ", " + board.spec() + ")");
}

// Built at the first playout node, not with the game: a solve that never
// reaches a playout (1x3's value) must not pay for the order tables, or a
// budget that holds its value would not hold the build (the test "generic
// search: first moves over budget leave the proven value ...").
void IkedaPlayoutGame::build_search() {
  SearchOptions o = tromp_taylor_options(time_limit_);
  // The board's no-suicide order tables (order only, never a value), built
  // once for every playout: on 1x8 tromp-taylor they take the search from
  // 146,525 nodes (history order) to 31,089 (search_levers). Their build is
  // charged to the budget that asked for the first playout.
  retro_ = retro_ordering_for(board(), OrderingMode::Auto, {node_limit_, time_limit_});
  if (retro_) o.ordering = retro_.get();
  tt_ = std::make_unique<TrompTaylorSearch>(board(), tromp_taylor_config(), 0.0, o);
  if (retro_) charge_current_budget(retro_->build_work());
}

IkedaPlayoutGame::~IkedaPlayoutGame() = default;

void IkedaPlayoutGame::setup(const Position&, Color) {
  throw std::logic_error("ikeda-1 playout by tromp-taylor: the game must start at the empty board");
}

void IkedaPlayoutGame::play(Move m) {
  IkedaGame::play(m);
  line_.push_back(m);
  if (alt_end_ < 0 && phase() == Playout) {  // this pass ended the alternation
    alt_end_ = static_cast<int>(line_.size());
    alt_pos_ = position();
    alt_to_move_ = to_move();
  }
}

void IkedaPlayoutGame::undo() {
  IkedaGame::undo();
  line_.pop_back();
  if (phase() == Alternation) alt_end_ = -1;
}

// The tromp-taylor line of the current playout node (docs/solving.md
// section 4, "Session 33"): under ko=positional the game's moves without
// the two passes that ended the alternation (the same boards, hence the
// same earlier boards, and the same player to move), from the empty board;
// under ko=positional-per-phase the playout's moves from its first board.
void IkedaPlayoutGame::sync_line() {
  const bool whole_game = ko() == IkedaKo::Positional;
  const Position root = whole_game ? Position{} : alt_pos_;
  const Color root_to_move = whole_game ? Color::Black : alt_to_move_;
  if (!tt_rooted_ || !(root == tt_root_) || root_to_move != tt_root_to_move_) {
    tt_->set_root(root, root_to_move, 0);
    tt_rooted_ = true;
    tt_root_ = root;
    tt_root_to_move_ = root_to_move;
    tt_line_.clear();
  }
  std::vector<Move> want;
  if (whole_game) want.assign(line_.begin(), line_.begin() + (alt_end_ - 2));
  want.insert(want.end(), line_.begin() + alt_end_, line_.end());
  std::size_t common = 0;
  while (common < want.size() && common < tt_line_.size() && want[common] == tt_line_[common]) ++common;
  while (tt_line_.size() > common) {
    tt_->undo();
    tt_line_.pop_back();
  }
  for (std::size_t i = common; i < want.size(); ++i) {
    tt_->play(want[i]);
    tt_line_.push_back(want[i]);
  }
}

bool IkedaPlayoutGame::prepare() {
  if (is_over() || phase() != Playout || alt_end_ < 2) return false;
  if (!tt_) build_search();
  try {
    sync_line();
  } catch (...) {
    tt_rooted_ = false;  // (the line is rebuilt from its root next time)
    throw;
  }
  if (tt_->is_over()) throw std::logic_error("ikeda-1 playout by tromp-taylor: the tromp-taylor line ended first");
  return true;
}

int IkedaPlayoutGame::shift() const {
  // The spent balance (Black minus White: prisoners of White's colour less
  // Black's, White's stones on the board less Black's) and the pass stone
  // the parity owes (pass_bound's owed, Black's view).
  const Position& pos = position();
  const int spent_balance = prisoners(Color::White) - prisoners(Color::Black) + popcount(pos.white) -
                            popcount(pos.black);
  int owed_black = 0;
  if (playout_moves() & 1) owed_black = to_move() == Color::Black ? 1 : -1;
  return spent_balance - owed_black;
}

bool IkedaPlayoutGame::hand_over(const ProofDeps& d, std::vector<std::uint64_t>* facts) {
  if (d.overflow || d.stone_cap < ProofDeps::kNoCap) return false;
  if (!facts) return true;
  // A tromp-taylor situation under positional superko is the board alone
  // (black | white << 31); ikeda-1's fact is the board with its mover,
  // and both movers are named so that the pair holds exactly where the
  // board's presence is as in the proof, whatever one-sided reuse reads.
  constexpr std::uint64_t m31 = (std::uint64_t{1} << 31) - 1;
  auto add = [&](std::uint64_t sit, std::int64_t expect) {
    const Position b{sit & m31, (sit >> 31) & m31};
    for (Color c : {Color::Black, Color::White}) {
      const std::uint64_t id = fact_id(b, c);
      if (fact(id) != expect)
        throw std::logic_error("ikeda-1 playout by tromp-taylor: a proof's board fact disagrees with the history");
      facts->push_back(id);
      ++stats_.facts;
    }
  };
  for (std::uint64_t sit : d.absent) add(sit, 0);
  for (const Present& pr : d.present) add(pr.key, 1);
  return true;
}

// One tromp-taylor test under the playout's node limit: its nodes counted
// and charged to the current budget; a test that throws (a limit) also
// counts its nodes and leaves the line to be rebuilt from its root.
template <class Test>
auto IkedaPlayoutGame::tt_solve(Test&& test) {
  const std::uint64_t before = tt_->stats().nodes;
  ++stats_.solves;
  tt_->limit_nodes(node_limit_);
  decltype(test()) proof;
  try {
    proof = test();
  } catch (...) {
    stats_.nodes += tt_->stats().nodes - before;
    tt_rooted_ = false;
    throw;
  }
  const std::uint64_t spent = tt_->stats().nodes - before;
  stats_.nodes += spent;
  charge_current_budget(spent);  // (outside the try: a budget's throw leaves the line as it is)
  return proof;
}

std::optional<Value> IkedaPlayoutGame::playout_value(std::vector<std::uint64_t>* facts) {
  if (!prepare()) return std::nullopt;
  const TrompTaylorSearch::RootProof p = tt_solve([&] { return tt_->prove_root(); });
  if (p.lo != p.hi) throw std::logic_error("ikeda-1 playout by tromp-taylor: an inexact root proof");
  const std::size_t mark = facts ? facts->size() : 0;
  if (!hand_over(p.lo_deps, facts) || !hand_over(p.hi_deps, facts)) {
    if (facts) facts->resize(mark);
    ++stats_.fallbacks;
    return std::nullopt;
  }
  return Value::score(shift() + p.lo, komi_);
}

std::optional<std::pair<Value, Value>> IkedaPlayoutGame::playout_bound(std::int32_t beta,
                                                                       std::vector<std::uint64_t>* facts) {
  if (!prepare()) return std::nullopt;
  const int c = shift();
  const int n = board().size();
  // t: the least tromp-taylor value whose ikeda-1 value reaches beta (the
  // order grows by 2 a point); the tromp-taylor value lies in [-n, n].
  auto order = [&](int t) { return Value::score(c + t, komi_).order; };
  int t = static_cast<int>(std::ceil(beta / 2.0 + komi_)) - c - 1;
  while (order(t) >= beta) --t;
  while (order(t) < beta) ++t;
  t = std::clamp(t, -n, n + 1);
  // "TT >= t" first (at t = n + 1 it is false: only "TT <= n" is asked).
  bool lower = t <= n;
  for (int tries = 0; tries < 2; ++tries) {
    const int v = lower ? t : t - 1;
    const TrompTaylorSearch::BoundProof bp = tt_solve([&] { return tt_->prove_bound(v, lower); });
    if (!bp.holds) {
      // "TT >= t" failed: "TT <= t - 1" holds and is proved next (a failing
      // test's proof carries no facts). The second test failing too would
      // be an inconsistent search.
      if (!lower || tries) throw std::logic_error("ikeda-1 playout by tromp-taylor: neither bound test holds");
      ++stats_.second_tests;
      lower = false;
      continue;
    }
    const std::size_t mark = facts ? facts->size() : 0;
    if (!hand_over(lower ? bp.proof.lo_deps : bp.proof.hi_deps, facts)) {
      if (facts) facts->resize(mark);
      ++stats_.fallbacks;
      return std::nullopt;
    }
    const Value b = Value::score(c + v, komi_);
    return lower ? std::pair{b, Value::plus_infinity()} : std::pair{Value::minus_infinity(), b};
  }
  throw std::logic_error("ikeda-1 playout by tromp-taylor: neither bound test holds");
}

std::pair<Value, Value> IkedaPlayoutGame::strategy_bounds(std::int32_t, std::int32_t, std::int32_t beta,
                                                          std::vector<std::uint64_t>& facts) {
  const std::size_t mark = facts.size();
  if (test_ == PlayoutTest::NullWindow) {
    const auto b = playout_bound(beta, &facts);
    if (b) return *b;
  } else {
    const std::optional<Value> v = playout_value(&facts);
    if (v) return {*v, *v};
  }
  facts.resize(mark);
  return {Value::minus_infinity(), Value::plus_infinity()};
}

void IkedaPlayoutGame::add_counters(SolveReport& rep) const {
  rep.counters.push_back({"playout_tromp_taylor_solves", stats_.solves});
  rep.counters.push_back({"playout_tromp_taylor_nodes", stats_.nodes});
  rep.counters.push_back({"playout_facts", stats_.facts});
  if (stats_.second_tests) rep.counters.push_back({"playout_second_tests", stats_.second_tests});
  if (stats_.fallbacks) rep.counters.push_back({"playout_fallbacks", stats_.fallbacks});
  if (retro_) rep.counters.push_back({"playout_retro_build_work", retro_->build_work()});
}

}  // namespace gotb::search
