// The exact search solver for the Tromp-Taylor family (positional or
// situational superko, suicide allowed or not).
//
// Fail-soft alpha-beta over the real game from the real history, like the
// reference solver, with what makes larger boards reachable:
//  - a transposition table whose entries carry, per bound, the proof's
//    dependencies on the history (proof_deps.hpp); an entry is reused only
//    under a history that provably gives the same bound (docs/solving.md §3);
//  - exact situation keys (boards up to 31 points), so neither legality nor
//    a table hit ever rests on a hash;
//  - symmetry: at nodes where every situation of the line is invariant under
//    a board symmetry (the opening), only one move per orbit is searched;
//  - move ordering from the table's best move and a history heuristic.
// Every value it returns is exact; limits throw NodeLimitReached and leave
// the solver usable (the line is restored).
#pragma once

#include <array>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <cstdlib>
#include <deque>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <span>
#include <vector>

#include "core/benson.hpp"
#include "core/board.hpp"
#include "core/move.hpp"
#include "core/position.hpp"
#include "core/rules/tromp_taylor.hpp"
#include "core/symmetry.hpp"
#include "core/value.hpp"
#include "generator/search/path_set.hpp"
#include "generator/search/proof_deps.hpp"
#include "generator/search/search_table.hpp"

namespace gotb::search {

class RetroOrdering;  // move_ordering.hpp
class ProofSeeds;     // superko_table.hpp
class DeepeningShare; // deepening_share.hpp
struct NodeClock;      // lane_clock.hpp
struct StoredFacts;   // superko_table.hpp

// What NodeLimitReached says when SearchOptions::stop ended a search.
inline constexpr const char* kStoppedMessage = "stopped by another thread";

// The generic search's deepening defaults (GenericOptions), here so that
// the front ends' defaults need no generic_search.hpp.
struct GenericDriverDefaults {
  static constexpr int horizon_growth = 50;
  static constexpr double test_budget = 0;
  static constexpr bool aim = false;
};

struct SearchOptions {
  std::uint64_t node_limit = 0;       // 0 = unlimited
  double time_limit = 0;              // seconds from construction; 0 = unlimited
  // Transposition table entries and the ring holding their dependency
  // lists; 0 = sized by the board (auto_hash_megabytes).
  std::size_t table_megabytes = 0;
  std::size_t proof_megabytes = 0;
  std::size_t max_dependencies = 1024;  // larger proofs are used but not stored
  // The table's memory in transparent huge pages (SearchTable): for one
  // large solve (fewer page faults and TLB misses), not for many small ones.
  bool huge_pages = false;
  // A list equal, word for word, to one in the younger half of the ring is
  // not written again: the entry points at the old words (SearchTable::
  // find_list; docs/solving.md §3, "Session 27"). Off: every list not
  // loaded from the ring is written. Auto: written until the ring is half
  // full (SearchTable::half_full), shared from then on: sharing costs
  // instructions at every save (sort, hash, compare: 3% of a 1x10 search)
  // and pays only where the ring would overwrite lists (Session 28). Never
  // a value.
  enum class ListSharing { Off, On, Auto };
  ListSharing share_lists = ListSharing::Auto;
  // The ring in 64-bit words even where situations fit 32 bits
  // (SearchTable's constructor; measurements, never a value).
  bool wide_ring = false;
  bool transpositions = true;
  bool symmetry = true;
  // Table entries in a canonical orientation (the least state key over the
  // board's symmetries), dependencies mapped with it: one entry serves every
  // symmetric image of a state (docs/solving.md §3, "Symmetric entries").
  bool symmetric_table = true;
  bool benson = true;  // pass-alive area bounds (core/benson.hpp) at every node
  bool fill = true;    // ... raised by fill guarantees where the history allows (needs benson)
  // ... raised instead by the safe-region guarantees (core/safe_regions.hpp:
  // c answers attacks on two-point regions), under the same stone fact as
  // the fill, which they supersede (needs benson and fill). Auto: on, except
  // on boards that are a line of points (1xN) and boards of 16 points or
  // more, where they cost nodes (docs/solving.md §3, "Session 26" and
  // "Session 27"); speed only, never a value.
  enum class SafeRegions : std::uint8_t { Auto, On, Off };
  SafeRegions safe_regions = SafeRegions::Auto;
  // The history condition of those guarantees in its superset form, the
  // stone fact (c's stones, their count) (docs/benson.md, "The history
  // condition as a superset test"); off (the default since session 27: fewer
  // nodes over 2x6, 3x4, 2x7, 3x5 and 4x4 together, docs/solving.md §3,
  // "Session 27"): the plain count cap of session 25. Speed only, never a value.
  bool stone_masks = false;
  // With stone_masks: decide whether a guarantee may be used at a node by
  // the count alone (the line then satisfies the superset form too), the
  // superset form checked only when a stored bound is reused (measurements).
  bool stone_masks_at_use = true;
  // prove_root(): test the pass right after the table's move when looking
  // for a move that keeps the value. Where the value came from a static
  // bound (Benson) or an entry without a move, the first legal play can
  // keep it only through a whole game (2x6: an all-X board with two empty
  // points, X to move after a pass; the fill is answered by a capture of
  // eleven stones, 125k nodes to confirm) while the pass keeps it in one
  // node (the same position, the same static bound). Cost only: any move
  // that keeps the value is a valid stored move (docs/solving.md, "The
  // stored move's test"). Superko generation sets it.
  bool root_pass_early = false;
  // Iterative deepening: searches bounded to step, 2*step, ... plies below
  // the current state until the bounds decide the question; a node at the
  // horizon returns only bounds that hold for every line (Benson, stored
  // proofs). 0 = one unbounded depth-first search.
  int deepening_step = 4;
  // A deepening test may spend at most this factor times the nodes the
  // deepening has spent so far (at least test_budget_min); past it the test stops, as
  // if it had moved nothing, and the next horizon comes. A test that fails
  // for want of depth is exponentially dearer at each horizon (4x4: the
  // failing tests at 20 plies took 85% of all nodes, one horizon before the
  // proof); the budget caps that waste. Stopping a test loses no proof (the
  // table keeps what it proved) and the budget grows with every stop, so a
  // complete search eventually fits. 0 = no budget.
  double test_budget = 1.0;
  std::uint64_t test_budget_min = 1 << 14;
  // Once a test has moved a bound at a horizon, the horizon's later tests
  // may spend at most this factor times the nodes those successful tests
  // took (at least test_budget_min; never more than test_budget allows):
  // a proof at a horizon is cheap, and a test there that needs far more than
  // the proofs did is almost always one that cannot succeed there (4x4: the
  // upper test at 24 plies, 2.43M nodes stopped by its budget, and the false
  // "value > 2", 1.38M; docs/solving.md §3, "Session 28"). The first test of
  // every horizon keeps the whole budget, so deepening still ends. A team
  // (SearchTeam, with a share) caps by the proofs of all its members at the
  // line and horizon (DeepeningShare::proved; in pair mode each member its
  // part, as of the budget; docs/solving.md §3, "Session 29"). 0 = off.
  // Factors 0.25, 0.5, 1 and 2 measured; 0.5 gave the fewest nodes over
  // 4x4, 3x5, 2x7 and the bench boards.
  double proved_cap = 0.5;
  // One thread (no share): at a horizon where one side's test was stopped
  // by its budget, that side's bound having moved at the previous horizon,
  // the other side's test, whose bound has not moved at the last two
  // horizons, may spend at most this factor times the nodes of the previous
  // horizon's proofs (at least test_budget_min) instead of the whole
  // budget, twice the stopped test's (2x8: the false "value <= 15" beside a
  // lower bound that rises one point a horizon; docs/solving.md §3,
  // "Session 30: balancing the budget toward the moving side"). Only at
  // horizons whose moving-side test was stopped: where it runs to its end
  // without moving, the other side's test keeps its whole budget, so
  // deepening ends as before. 0 = off. Speed only, never a value. 0.5 by
  // default since session 30: it fires on none of the bench boards, 2x7,
  // 3x5, 4x4 or 1x11, and on 1x12 it fired once and the search reached 48
  // plies at 86.6M nodes instead of about 269M.
  double idle_cap = 0.5;
  // value() aims the deepening's null-window tests at an expected value, the
  // least fixpoint of the searched state in the exact ko=basic tables (needs
  // an `ordering` built from them, --ordering retro-ko; else no aim):
  // "value >= g" and "value <= g" first, a test against the guess only after
  // the guess's own test failed at the previous horizon (docs/solving.md §3,
  // "Session 22"). Which tests run changes speed only, never a value.
  bool aim = true;
  // With aim and no guess from the tables (every 1xN board): once the test
  // of one side at its proved bound (lower: "value > L", upper: "value <=
  // H - 1") has run at two successive horizons without moving that bound
  // (failed or stopped by its budget), the tests aim at that bound as if the
  // tables had guessed it (the rules of `aim`), so the other side tests
  // "value <= L" instead of the window at its own end ("value <= n - 1" on
  // 1x12 was stopped at every horizon to 44 plies; docs/solving.md §3,
  // "Session 29"). A lower bound that rises at every horizon (2x7, value n)
  // never stalls twice. A learnt guess is dropped (and none learnt again)
  // at the first horizon where none of its tests ran to its end. Which
  // tests run changes speed only, never a value. On by default again since
  // session 30: the [lists] search that did not finish with it (1x7 on a
  // 4,096-word ring) is a ring that loses its proofs, where the plain tests
  // run away the same way under shared lists (docs/solving.md §3, "Session
  // 30: stall_aim").
  bool stall_aim = true;
  // The generic search only: GenericOptions::node_bounds (the bounds a
  // ruleset gives a node, HasNodeBounds / HasStrategyBounds).
  bool node_bounds = true;
  // The generic search only: GenericOptions::horizon_growth and
  // GenericOptions::test_budget, GenericOptions::aim (its deepening
  // driver; aimed at the tromp-taylor value of the board).
  int generic_horizon_growth = GenericDriverDefaults::horizon_growth;
  double generic_test_budget = GenericDriverDefaults::test_budget;
  bool generic_aim = GenericDriverDefaults::aim;
  std::uint64_t generic_guess_nodes = 0;  // GenericOptions::guess_nodes (0: by the board)
  // international:ko=positional by this search on the reduced game
  // (international_reduction.hpp; docs/solving.md section 4, "Session 32");
  // off: the generic search on the game itself (cross-checks, measurements).
  bool international_as_tromp_taylor = true;
  // With aim: this value instead of the tables' (and without `ordering`);
  // any value gives the same result, at another cost (tests). Unset: 1 << 30.
  int aim_at = 1 << 30;
  bool progress = false;  // one line per deepening iteration on stderr
  bool profile = false;   // collect SearchStats::profile (depth histogram, per-test costs); counters are always kept
  // search_solve() only: with move values requested, solve the root moves on
  // this many threads, one solver each (a TrompTaylorSearch is sequential).
  int threads = 1;
  const RetroOrdering* ordering = nullptr;  // move order only (move_ordering.hpp); must outlive the search
  // Proofs of states solved before (superko_table.hpp, ProofSeeds; made for
  // the same board and rules): at every node whose state they hold, each
  // stored bound whose facts hold under the line is used with those facts
  // as its dependencies, and the stored move is tried first (docs/solving.md,
  // "Superko tablebases", "Seeds"). Must outlive the search.
  const ProofSeeds* seeds = nullptr;
  // A table shared with other searches (search_table.hpp), running at the
  // same time or not; it must be made for the same board and rules
  // (SearchTable::compatible, else std::invalid_argument). Null: a table of
  // its own (table_megabytes, proof_megabytes). Ignored without transpositions.
  std::shared_ptr<SearchTable> table;
  // Set by another thread to stop this search: it throws NodeLimitReached
  // ("stopped") within a few hundred nodes, the line restored.
  const std::atomic<bool>* stop = nullptr;
  // Superko generation's lanes on node clocks (lane_clock.hpp): the search
  // publishes its node count here every 64 nodes. Null: none.
  NodeClock* clock = nullptr;
  // Lazy SMP helpers (search_solve with --threads): a search with
  // diversify = k > 0 tries the moves of nodes in the first plies below the
  // searched state in another order (rotated by k), and starts its deepening
  // at a horizon 2k plies further (with a share below: at the same horizon;
  // in split mode odd k run the upper test of each horizon first, in pair
  // mode member k of N rotates by k/N of the moves), so that the threads
  // sharing one table explore different subtrees first. Any order and any
  // horizon give the same exact value (docs/solving.md §3).
  int diversify = 0;
  // Lazy SMP (SearchTeam): bounds and running tests of deepen() shared with
  // the other members (deepening_share.hpp). Null: none. Not used by
  // prove_root(), whose bounds need their own dependency lists.
  DeepeningShare* share = nullptr;
  // SearchTeam: how members divide each line's deepening tests
  // (DeepeningShare::Mode): false = Pair (all members on each test of the
  // one-thread order), true = Split (a horizon's two tests on two members;
  // the default: on idle cores it won on 3x5 and lost less than one thread
  // nowhere that pair won, docs/solving.md §3 "Session 23").
  // Which tests run changes speed only, never a value.
  bool team_split = true;
};

// SearchOptions::SafeRegions::Auto: do the safe-region bounds pay on this
// board? False on a line of points (1xN) and from 16 points, true elsewhere.
bool safe_regions_pay(const Board& b);

// The size of the table and of the proof ring (each) when SearchOptions
// leaves it 0: 256 MiB below 16 points, 1 GiB from 16, 2 GiB from 20. Small
// searches (the tests run many at once) keep the small table; from 16
// points a 256 MiB ring is overwritten before its lists are reused (4x4:
// 5.5M bounds lost, 22M nodes against 7.2M with 1 GiB each;
// docs/solving.md §3, "Session 18"). Pages are touched as entries are
// stored, so a search that stores little costs little memory.
std::size_t auto_hash_megabytes(int points);
inline std::size_t table_megabytes_for(const SearchOptions& o, int points) {
  return o.table_megabytes ? o.table_megabytes : auto_hash_megabytes(points);
}
inline std::size_t proof_megabytes_for(const SearchOptions& o, int points) {
  return o.proof_megabytes ? o.proof_megabytes : auto_hash_megabytes(points);
}

struct SearchStats {
  std::uint64_t nodes = 0;
  std::uint64_t probes = 0;            // table lookups that found the state
  std::uint64_t cutoffs = 0;           // ... and settled the node
  std::uint64_t history_rejects = 0;   // ... with a bound whose proof does not hold under this history
  std::uint64_t benson_cutoffs = 0;     // nodes settled by the pass-alive bounds
  std::uint64_t stores = 0;
  std::uint64_t unstorable = 0;        // bounds whose dependency set overflowed
  std::uint64_t horizon_nodes = 0;     // nodes cut at an iteration's horizon
  std::uint64_t iterations = 0;        // deepening iterations
  std::uint64_t learnt_guesses = 0;    // guesses learnt from stalled tests (SearchOptions::stall_aim)
  std::uint64_t dropped_guesses = 0;   // ... dropped where none of their tests ran to its end
  std::uint64_t idle_capped = 0;       // tests whose budget SearchOptions::idle_cap capped
  // Diagnostics (`gotb solve --profile`); none of them changes the search.
  std::uint64_t reject_cap = 0, reject_lost = 0, reject_absent = 0, reject_present = 0;  // why a bound did not hold
  std::uint64_t expanded = 0;       // nodes that generated their moves
  std::uint64_t cut_nodes = 0;      // ... that ended in a cut-off by a child
  std::uint64_t cut_first = 0;      // ... by their first move
  std::uint64_t cut_moves = 0;      // moves searched at cut nodes, in total
  std::uint64_t all_nodes = 0;      // ... that searched every move
  std::uint64_t abandoned = 0;      // ... given up by a one-sided test
  std::uint64_t below_capture = 0;  // nodes whose line since the searched state contains a capture
  std::uint64_t with_bans = 0;      // expanded nodes where superko forbids at least one play
  std::uint64_t benson_start = 0;   // nodes whose bounds Benson/fill tightened beyond the table's
  std::uint64_t fill_used = 0;      // nodes where a fill or safe-region guarantee raised a Benson bound
  // Stone facts (docs/benson.md, "superset test") the running maximum could
  // not settle: scans of the line, and those that found the fact held (the
  // count cap alone would have refused them).
  std::uint64_t fact_scans = 0, fact_scan_holds = 0;
  std::uint64_t turned_uses = 0;    // stored bounds used through a symmetry (entry of another orientation)
  std::uint64_t ring_reused = 0;    // stored bounds that point at a list already in the ring (no copy)
  std::uint64_t list_reads = 0, list_read_words = 0;  // proof lists copied out of the ring to check a bound, and their words
  std::uint64_t list_loads = 0, list_load_words = 0;  // ... loaded into a node's bounds (mapped back, sorted when turned)
  std::uint64_t list_turned_words = 0;                // ... words of loads through a symmetry
  std::uint64_t list_saved_words = 0;                 // words written to the ring
  std::uint64_t lists_shared = 0, list_shared_words = 0;  // lists found equal in the ring (find_list), not written
  // Stored lists by bound (0 lower, 1 upper) and the test that stored them
  // (0 lower test, 1 upper test, 2 unbiased search): how many, and their words
  // by length (0, 1-15, 16-63, 64-255, 256+).
  std::array<std::array<std::array<std::uint64_t, 5>, 3>, 2> stored_lists{}, stored_list_words{};
  std::uint64_t store_empty = 0, store_superseded = 0, store_evict_same = 0, store_evict_other = 0;
  std::uint64_t budget_stops = 0;  // deepening tests stopped by their budget
  // Teams: lists loaded from entries another member stored, and stores into
  // a slot whose entry changed between the probe and the store.
  std::uint64_t list_loads_other = 0, list_load_words_other = 0, store_changed = 0;
  std::uint64_t seed_probes = 0;   // nodes whose state the seeds hold (SearchOptions::seeds)
  std::uint64_t seed_used = 0;     // ... a stored bound of which held under the line
  std::uint64_t seed_cutoffs = 0;  // ... and settled the node
  std::uint64_t seed_rejects = 0;  // stored bounds (facts known) that would have tightened the node but whose facts fail under its line
  struct Test {
    int horizon, bias, t, lo, hi;
    std::uint64_t nodes;
    bool stopped;
  };
  struct Profile {
    std::vector<std::uint64_t> depth_nodes;  // nodes by ply below the searched state
    std::vector<Test> tests;                 // every null-window test of deepen()
    std::string aim;                         // value(): the expected value its tests aimed at, and why
  } profile;
};

// The counters and, where collected, the profile as readable text.
std::string format_profile(const SearchStats& st);

class TrompTaylorSearch {
 public:
  // The board must have at most 31 points (exact situation keys); throws
  // std::invalid_argument otherwise.
  TrompTaylorSearch(const Board& board, const TrompTaylorConfig& cfg, double komi, SearchOptions opt = {});
  // The search keeps a reference to the board (board_), so a temporary
  // would dangle once the constructor's full expression ends: refused at
  // compile time. Session 32's per-test profile case passed
  // Board::parse(...) here and failed only after some other test cases
  // ("full-window search returned an inexact value", bounds [85, -85]: the
  // freed board's memory reused); docs/solving.md §3, "Session 33".
  TrompTaylorSearch(Board&&, const TrompTaylorConfig&, double, SearchOptions = {}) = delete;

  // The line: starts at the empty board, Black to move. play() requires a
  // legal move (callers validate histories with TrompTaylorGame).
  void play(Move m);
  void undo();
  bool is_over() const { return line_.back().passes >= 2; }
  Color to_move() const { return line_.back().to_move; }
  void legal_moves(std::vector<Move>& out) const;

  // Exact value of the current state under its full history.
  Value value();
  // The bounds on the value of the state of the last value() call that its
  // deepening had proven when it returned or was stopped by a limit; nullopt
  // while they were still the whole range.
  std::optional<std::pair<Value, Value>> proved_bounds() const;
  struct MoveValue {
    Move move;
    Value value;
  };
  std::vector<MoveValue> move_values();
  // The legal moves, and for each the index of the first move of its class
  // under the symmetries that fix the whole line (equal values).
  std::vector<std::pair<Move, std::size_t>> move_classes() const;
  // The legal moves that keep the exact value v of the current state: one
  // one-sided test each (is the child's value v?), cheaper than move_values().
  // The table's best move is tested first. With `undecided` null, running
  // out of budget throws NodeLimitReached; otherwise the moves proven so far
  // are returned and the moves not yet decided go to *undecided (empty when
  // the list is complete).
  std::vector<Move> optimal_moves(Value v, std::vector<Move>* undecided = nullptr);
  // Optimal line from the current state, whose exact value is v.
  std::vector<Move> principal_variation(Value v);

  const SearchStats& stats() const { return stats_; }
  // Replaces SearchOptions::node_limit: at most `more` nodes from now on
  // (0 = unlimited).
  void limit_nodes(std::uint64_t more) { opt_.node_limit = more ? stats_.nodes + more : 0; }

  // --- Root proofs for superko tablebase files (generator/search/superko_table.hpp)
  // Makes the line the state (pos, to_move, passes) with the shortest
  // history a game can reach it by: the position alone, or for passes == 1
  // the same position with the other player to move, then the pass. The
  // table is kept (its entries carry their own facts). pos must be legal.
  void set_root(const Position& pos, Color to_move, int passes);
  // The exact value of the current state (area difference, komi-free,
  // Black's view) with, for each side of it, the history facts its proof
  // used (docs/solving.md §3): "value >= lo" holds under every history that
  // satisfies lo_deps, "value <= hi" under every one that satisfies hi_deps.
  // Facts about situations of the root line itself are dropped (they hold
  // on every history that reaches the state this way). A deps set may be
  // `overflow` (more than max_dependencies facts): then it is unknown.
  // best: a move that keeps the value (point, -1 pass; -2 when the game is
  // over), and the mover's deps (lo_deps for Black, hi_deps for White) are
  // the facts of a proof of the mover's bound through that move (the
  // child's own proof, its situation absent): whoever holds them may play
  // `best` and keep the value. Either colour may be to move, and the line
  // may be set_root's or any legal line played from the empty board (facts
  // about situations before the current state then stay in the lists).
  struct RootProof {
    int lo = 0, hi = 0;
    int best = -2;
    ProofDeps lo_deps, hi_deps;
  };
  RootProof prove_root();
  // One side of prove_root() (root files with --values strategy): proves
  // "value >= v" (lower) or "value <= v" at the current state and returns
  // whether it holds, with the facts of its proof in lo_deps (lower) or
  // hi_deps; lo = hi = v. When the bound is the mover's (lower for Black,
  // upper for White) and it holds, best is a move that keeps it and the
  // facts are those of the proof through that move (as in prove_root);
  // otherwise best is -2. Cheaper than prove_root where the value differs
  // from v on the other side: only the one null-window test is searched.
  struct BoundProof {
    bool holds = false;
    RootProof proof;
  };
  BoundProof prove_bound(int v, bool lower);

 private:
  struct Frame {
    Position pos;
    std::uint64_t sit;  // exact situation key (superko identity)
    Color to_move;
    int passes;
    // Most stones of each colour in a position of the line before this one
    // (set by push_frame; -1 at the empty board), for fill guarantees.
    std::int8_t before_black = -1, before_white = -1;
  };
  struct Cand {
    int point;  // -1 = pass
    std::uint64_t sit;
    Position next;
    std::uint32_t score;
  };
  struct Ply {
    ProofDeps lo, hi;  // dependencies of the bounds a search returns
    // The bound over all children needs every child's list: they are kept
    // (swapped out of the child's ply, no copy) and united only when the
    // node searched every move and that bound is the one it returns.
    std::vector<ProofDeps> kids;
    ProofDeps acc;         // their union
    bool pruned = false;   // a move was skipped through a symmetry: the bound over all moves is not storable
    std::vector<Cand> moves;
    std::vector<Cand> banned;  // plays only superko forbids, with the first line index in `score`
    std::uint64_t stab = 1;  // symmetries (bit s = element s) fixing every situation of the line
  };
  struct LoHi {
    int lo, hi;
  };
  using Entry = SearchTable::Entry;

  std::uint64_t situation_key(const Position& p, Color to_move) const {
    return p.black | (p.white << 31) | (situational_ ? static_cast<std::uint64_t>(index(to_move)) << 62 : 0);
  }
  std::uint64_t state_key(const Frame& f) const {
    return f.pos.black | (f.pos.white << 31) | static_cast<std::uint64_t>(index(f.to_move)) << 62 |
           static_cast<std::uint64_t>(f.passes) << 63;
  }
  void push_frame(const Frame& f);
  void pop_frame();
  Ply& ply(int d);
  std::uint64_t root_stabiliser() const;
  int area(const Position& p) const;
  Value to_value(int diff) const { return Value::score(diff, komi_); }
  LoHi search(int alpha, int beta, int depth);
  // Deepening searches from the current state until the bounds are exact or
  // outside (alpha, beta).
  // `guess` (kNoGuess: none): the value the tests aim at (SearchOptions::aim).
  static constexpr int kNoGuess = 1 << 30;
  // deepen()'s guess: none yet, but one may be learnt from stalled tests
  // (SearchOptions::stall_aim).
  static constexpr int kLearnGuess = kNoGuess - 1;
  LoHi deepen(int alpha, int beta, int guess = kNoGuess);
  // The expected value of the current state for value()'s tests, or kNoGuess.
  int expected_value();
  // A deepening test that spent its budget (SearchOptions::test_budget).
  struct TestBudgetSpent {};
  std::uint64_t test_limit_ = 0;  // node count at which the running test stops; 0 = none
  // Lazy SMP: the running test's window is decided by bounds another member
  // published (DeepeningShare), so the test is stopped. Checked every 1024
  // nodes while test_line_ is set (the line's keys in the share, and t).
  struct TestObsolete {};
  DeepeningShare* test_share_ = nullptr;
  const std::vector<std::uint64_t>* test_line_ = nullptr;
  int test_t_ = 0;
  bool test_ended_ = false;  // the stop came from another member's finished test (pair mode), not its bounds
  bool test_obsolete();
  void generate(Ply& P, const Frame& f, bool use_symmetry);
  // SearchOptions::seeds at the current node: raises lo / hi (Black's view)
  // with the stored bounds whose facts hold, their facts into P.lo / P.hi;
  // sets hint to the stored move.
  void use_seeds(const Frame& f, int line_index, int& lo, int& hi, Ply& P, int& hint);
  // The stored facts mapped onto the line (symmetry `back`, colours swapped
  // when White moves); false when one fails under the line.
  // `line_keys`: the line's situations as fact keys of the stored frame,
  // sorted (seed_line_keys); the facts are tested against them first, by
  // binary search (a line holds tens of situations, a proof thousands of
  // facts), and mapped onto the line only when they hold.
  bool seed_facts(const StoredFacts& facts, int stones_before, int back, bool swap, int line_index,
                  const std::vector<std::uint64_t>& line_keys, ProofDeps& out) const;
  void seed_line_keys(int g, bool swap, std::vector<std::uint64_t>& out) const;
  ProofDeps seed_deps_;
  std::vector<std::uint64_t> seed_line_;

  // Transposition table (search_table.hpp).
  // The best move of any entry of the current state (a hint for ordering
  // only: no history check), or kNoMove.
  int table_hint() const;
  // At a root proven to have bound v for the mover (lower: Black's lo >= v,
  // else White's hi <= v): finds a move that keeps it, trying the moves under
  // each node budget in turn (0 = unlimited), and stores that move and the
  // proof through it in p (best, and lo_deps or hi_deps). False if no move
  // keeps the bound.
  bool keep_bound(RootProof& p, int v, bool lower, std::span<const std::uint64_t> budgets);
  // A state's table key: its image under the symmetry `to` that gives the
  // least key; `from` (the inverse) maps the entry's situations and best move
  // back to the current orientation. Identity when symmetric_table is off.
  struct Canon {
    std::uint64_t key;
    int to, from;
  };
  Canon canonical(const Frame& f) const;
  std::uint64_t map_situation(int s, std::uint64_t sit) const {
    if (s == 0) return sit;
    constexpr std::uint64_t m31 = (std::uint64_t{1} << 31) - 1;
    return sym_.apply(s, sit & m31) | (sym_.apply(s, (sit >> 31) & m31) << 31) | (sit & (std::uint64_t{3} << 62));
  }
  int map_point(int s, int point) const { return point < 0 || s == 0 ? point : sym_.perm(s)[point]; }
  // 0 when the bound holds, else why not: 1 stone fact, 2 list overwritten, 3 absent fact, 4 present fact.
  // `cap`: the entry's cap byte (SearchTable::cap_code); `c` the bound's
  // beneficiary, `line_index` the node's index on the line.
  // The list is copied into `words`, mapped to the current orientation as far
  // as it was checked (all of it when the bound holds), for load(); the
  // stone fact's mask, mapped likewise, goes to `mask` (0 when none).
  int fails(std::uint64_t at, int absent, int present, std::int8_t cap, Color c, int line_index, int from,
            std::vector<std::uint64_t>& words, std::uint64_t& mask);
  void load(ProofDeps& out, const std::vector<std::uint64_t>& words, int absent, std::int8_t cap, std::uint64_t mask,
            int line_index) const;
  // Does the line before index `upto` satisfy the stone fact (mask, k) for
  // colour c: no position holding every point of `mask` as a c stone and
  // more than k c stones (docs/benson.md, "The history condition as a
  // superset test")? Answered from the frame's running maximum when it can
  // be, else by a scan of the line (counted in SearchStats::fact_scans).
  bool line_allows(Color c, std::uint64_t mask, int k, int upto);
  std::uint64_t map_mask(int s, std::uint64_t m) const { return s == 0 ? m : sym_.apply(s, m); }
  // The Benson bounds of the node at the back of the line (pass-alive
  // area, for every history) raised, where they may be, by the fill or
  // safe-region guarantees; a raised bound gets the stone fact its
  // guarantee needs (lo_fact for Black's, hi_fact for White's).
  struct StoneFact {
    int cap = ProofDeps::kNoCap;
    std::uint64_t mask = 0;
  };
  AreaBound guarantee_bounds(const Frame& f, int line_index, int alpha, int beta, StoneFact& lo_fact,
                             StoneFact& hi_fact);
  // guarantee_bounds(): each side's pass guarantee and its better one when
  // it moves first / in any case, per position (direct mapped; they are a
  // function of the position for this search's board, rules and options).
  struct GuaranteeCache {
    std::uint64_t black = 0, white = 0;
    std::array<std::array<std::int8_t, 3>, 2> v{};
    bool filled = false;
  };
  // 2^bits entries, bits from the board's points (10 to 15: 24 KiB for the
  // tests' small boards, 768 KiB from 16 points), set in the constructor.
  int guarantee_cache_bits_ = 10;
  std::vector<GuaranteeCache> guarantee_cache_;
  std::uint64_t save(const ProofDeps& d, int to);
  // A bound whose proof list is, word for word, one already in the ring:
  // the node's bound was loaded from an entry of the same canonical state
  // and nothing replaced it since. store() may point the new entry at those
  // words instead of writing them again (docs/solving.md §3, "Reusing a
  // list in the ring").
  struct InRing {
    bool ok = false;
    std::uint64_t at = 0;
  };
  void store(const Canon& c, int lo, const ProofDeps& lod, int hi, const ProofDeps& hid, int best,
             std::uint64_t work, int superseded, const Entry& probed, InRing lo_ring, InRing hi_ring);

  const Board& board_;
  TrompTaylorConfig cfg_;
  bool situational_;
  double komi_;
  SearchOptions opt_;
  int n_;
  Symmetries sym_;
  std::vector<Frame> line_;
  static constexpr int kNoHorizon = 1 << 30;
  int horizon_ = kNoHorizon;  // plies below the searched state
  int target_of(Value v) const;  // the area difference d with to_value(d) == v
  // After `mover` played from a state of exact value target: does the
  // current state keep it? (One deepening null-window test.)
  bool reaches(Color mover, int target);
  int captures_on_path_ = 0;  // captures on the search path (profile only)
  int bias_ = 0;              // +1: seek only lo >= beta proofs, -1: only hi <= alpha, 0: both
  // prove_root(): the dependencies of the best bounds deepen() proved at the root.
  bool track_root_ = false;
  ProofDeps root_lo_, root_hi_;
  std::size_t root_size_ = 1;  // frames of the root line (undo() stops there)
  int proved_lo_ = 0, proved_hi_ = 0;  // proved_bounds(): deepen()'s bounds at the root line (0, 0 = none yet)
  bool proved_any_ = false;
  PathSet on_line_;
  std::deque<Ply> plies_;
  std::array<std::array<std::uint32_t, 65>, 2> history_{};
  SearchStats stats_;
  std::chrono::steady_clock::time_point deadline_{};

  std::shared_ptr<SearchTable> table_;  // null without transpositions
  std::vector<std::uint64_t> tmp_;
  std::vector<Present> ptmp_;
  std::vector<std::uint64_t> lo_words_, hi_words_;  // dependency lists copied out of the table
  std::vector<std::uint64_t> save_words_;            // save(): a list in its ring form
};

}  // namespace gotb::search
