// Exact superko tablebases: the exact search run at every state of a board
// (tromp-taylor family, positional or situational superko), each value
// stored with the history facts its proof rests on (docs/solving.md, "Superko
// tablebases"; docs/generator.md, "Superko files").
//
// A state is a stored (canonical, colour-normalised) position of
// retro::StateIndex with a pass count 0 or 1; its player to move is the
// normalised position's Black. Each state is solved from its shortest
// history (the position alone; for pass count 1 the same position with the
// other player to move, then the pass): the value, a move that keeps it, and
// for each side of the value the facts of its proof: situations that must
// be absent from a game's history, situations that must be in it, and a
// stone cap. A reader holding a real history H checks them (facts_hold) and
// uses the value only when they hold.
//
// Generation is deterministic: states are cut into chunks (ordered by
// fewest empty points first, so that a chunk's table entries, proved near
// the end of games, serve its later states), each chunk is solved by one
// fresh solver from start to end, and the chunks run in parallel (oneTBB).
// So the facts do not depend on the thread count or on interruptions, and a
// resumed run writes the same bytes.
#pragma once

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <functional>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "core/board.hpp"
#include "core/color.hpp"
#include "core/position.hpp"
#include "core/rules/ruleset.hpp"
#include "generator/retrograde/state_index.hpp"

namespace gotb::search {

class RetroOrdering;

// Names written into superko tablebase files (docs/generator.md).
inline constexpr const char* kSuperkoValueEncoding = "int8-mover-area-superko-facts-v1";
inline constexpr const char* kSuperkoKind = "superko-exact";
// How the states were ordered, cut and seeded (SuperkoPlan, ProofSeeds):
// part of a file's identity (its facts depend on it).
inline constexpr const char* kSuperkoOrder = "levels-v2";
inline constexpr const char* kSuperkoOrderFlat = "flat-v1";

// A situation as the file stores it (the "fact key"): black stones (mover of
// the state the fact belongs to, i.e. the normalised orientation) in bits
// 0..n-1, white stones in bits n..2n-1, and under situational superko bit
// 2n = 1 when White is to move. Boards up to 31 points.
inline std::uint64_t fact_key(const Position& p, Color to_move, int points, bool situational) {
  return p.black | (p.white << points) |
         (situational && to_move == Color::White ? std::uint64_t{1} << (2 * points) : 0);
}

// The facts of one side of a stored value (docs/solving.md, "Superko
// tablebases"): the bound holds under every history H (the situations of the
// game so far, the current one included) with no `absent` key in H, every
// `present` key in H, and no position of H before the state holding more
// than `cap` stones of the bound's beneficiary (the mover for the lower
// bound, the opponent for the upper). `unknown`: the proof had more facts
// than were kept; the bound is then known only for the shortest history.
struct StoredFacts {
  std::vector<std::uint64_t> absent, present;  // sorted, fact keys
  int cap = 127;                               // 127 = no cap
  bool unknown = false;
  bool operator==(const StoredFacts&) const = default;
};

struct StateProof {
  std::int8_t value = 0;  // area difference, mover's view, komi-free
  std::int8_t best = -2;  // a move that keeps the value: point, -1 pass
  StoredFacts lo, hi;     // of "value >= v" (through `best`) and "value <= v"
  bool operator==(const StateProof&) const = default;
};

struct SuperkoGenerateOptions {
  int threads = 0;                   // 0 = oneTBB's default
  std::uint32_t chunk_states = 256;  // most states per chunk (the unit of work and of resuming)
  // Most states per chunk in the passes after the first (0: chunk_states).
  // Those passes hold the few costly states; a level there has some tens
  // of states, 16 chunks hold several each, and the costly ones sit side by
  // side in the index's order (2x6: four states of 24k to 127k nodes in one
  // chunk, 344k of the pass's 430k nodes), so one lane solved them all while
  // the other idled. One state per chunk lets the node clocks hand them to
  // both lanes (docs/solving.md, "Later passes state by state"; measured
  // there: it also splits the costly states that shared one lane's table,
  // so on 2x6 it adds nodes and is not the CLI's default). Part of a
  // file's identity (which lane solves a state decides its table).
  std::uint32_t later_chunk_states = 0;
  // When a state's value is proved, the move stored with it is found by
  // testing the legal moves until one keeps the value: the table's move
  // first, then (this option) the pass, then the plays. Where the value
  // came from Benson's bound the first play may keep it only through a
  // whole game after a large capture (2x6: 125k nodes for one state) while
  // the pass keeps it in a node (SearchOptions::root_pass_early;
  // docs/solving.md, "The stored move's test"). Off: the plays in board
  // order, then the pass (the files before it). Part of a file's identity
  // (it decides the stored move and its facts, and what the tables hold).
  bool root_pass_early = false;
  std::size_t table_megabytes = 16;  // per solver (one per chunk being solved)
  std::size_t max_dependencies = 4096;
  // The first pass gives each state at most this many nodes; states that
  // need more are deferred to the next pass, which finds every state the
  // passes before solved among its seeds (0: one pass). Pass p of `passes`
  // (p = 1, 2, ...) gives first_pass_nodes * pass_growth^(p - 1) nodes to
  // each state; the last pass has no limit. passes = 2: one budgeted pass,
  // then the unlimited one.
  std::uint64_t first_pass_nodes = 2000;
  int passes = 2;
  std::uint64_t pass_growth = 10;
  // The last pass solves its states most empty points first (the states a
  // capture of a long string leads to before the nearly full boards that
  // make the capture); its searches then find those among their seeds.
  bool last_pass_most_empties_first = false;
  bool progress = false;
  // With progress: name each state that took at least this many nodes (0: none).
  std::uint64_t report_nodes = 0;
  // Stop (NodeLimitReached) once this many chunks were solved in this run
  // (0 = all): for tests of resuming, like an interruption.
  std::uint64_t stop_after_chunks = 0;
  const RetroOrdering* ordering = nullptr;  // move order only
  // Seed each state's search with the proofs of the earlier levels
  // (ProofSeeds); off: every chunk searches from nothing (for comparison).
  bool seeds = true;
  bool fill = false;  // SearchOptions::fill (stone caps in the stored facts)
  // 0: a fresh solver (and table) per chunk. L > 0: L lanes, lane k solving
  // chunk k, k + L, ... of every level of every pass with one solver that
  // keeps its table (and move-ordering history) for the whole run: what
  // one state proved serves every later state of its lane (docs/solving.md,
  // "Lanes"; 1x9: 15.7M nodes without, 0.43M with). The facts depend on L
  // (part of a file's identity), not on the thread count; at most L threads
  // work at once. A resumed run replays each lane's journaled chunks (their
  // proofs are checked against the journal) to rebuild the tables, so
  // resuming saves no search time, only the written chunks' records.
  std::uint32_t lanes = 0;
  // With lanes > 1: at the end of every level each lane copies into its
  // table the entries the other lanes stored during the level (lane order,
  // table_exchange.hpp), so that what one lane proved serves the others
  // from the next level on (docs/solving.md, "Lanes that exchange their
  // entries"). Only entries whose work (bit width of their subtree's node
  // count) is at least exchange_min_work. Part of a file's identity.
  bool lane_exchange = false;
  unsigned exchange_min_work = 0;
  // With lanes: the chunks of a level go to the lanes in list-scheduling
  // order on node-count clocks (lane_clock.hpp; docs/solving.md, "Lanes on
  // node clocks"): the lane that falls free first in nodes takes the next
  // chunk, so the lanes' shares of a level are balanced while which lane
  // solves which chunk stays a function of the searches alone. Off: lane k
  // solves chunks k, k + L, ... (the scheme before). Part of a file's
  // identity.
  bool lane_clock = false;
  // Free the lanes' tables on a thread of their own after the last level
  // (SuperkoGenerateStats::release), so that the caller's next steps (the
  // file) need not wait for the kernel to unmap them. Speed only.
  bool release_in_background = false;
  // Each state's facts record (encode_facts) made by its lane right after
  // the state is proved, outside every lock, into SuperkoProgress::records:
  // the journal appends it and pack_proofs copies it, so the records are
  // encoded once, on the lanes' threads while the other lanes search,
  // instead of once under the journal's lock and again in the serial tail
  // (docs/solving.md, "Records encoded by the lanes"). Speed only: the same
  // bytes as encode_facts of the proof.
  bool encode_records = false;
};

// The order of a run and its cut into levels and chunks. States are
// ordered by fewest empty points, then pass count 1 before 0, then index;
// a level is the states of one (empty points, pass count), so that a
// play without capture and a pass lead from a level to an earlier one.
// Each level is cut into chunks of at most chunk_states states, and into
// at least 16 chunks when it has 16 states or more (parallel work inside a
// level); the cut depends on the index and chunk_states only.
struct SuperkoPlan {
  std::vector<std::uint64_t> order;        // states in solving order
  std::vector<std::uint64_t> chunk_begin;  // chunk c = order[chunk_begin[c] .. chunk_begin[c + 1])
  std::vector<std::uint64_t> level_begin;  // level L = chunks [level_begin[L], level_begin[L + 1])
  std::vector<std::uint8_t> level_empties; // empty points of level L's states
  std::uint64_t chunks() const { return chunk_begin.size() - 1; }
  std::uint64_t levels() const { return level_begin.size() - 1; }
};
// `only`: the states to plan (one flag per state; null: all).
// most_empties_first: levels in the reverse order (most empty points first,
// pass count 1 still before 0 at equal empties).
SuperkoPlan superko_plan(const retro::StateIndex& index, std::uint32_t chunk_states,
                         const std::vector<char>* only = nullptr, bool most_empties_first = false);

// Proofs of states already solved, used by the search at its nodes
// (SearchOptions::seeds; docs/solving.md, "Superko tablebases", "Seeds"):
// a node whose state is here takes each stored bound whose facts hold under
// its line, with those facts as the bound's dependencies, exactly like a
// transposition table entry that never leaves.
//
// Two sources, one interface:
//  - proofs in memory (the generator: the completed levels), each state
//    usable once allow()ed; allow() only while no search reads the seeds;
//  - lazy (a query's re-proof seeded from an open superko file,
//    query/superko_probe.hpp): every state of the index is usable and its
//    proof is decoded by `load` the first time a node asks, then kept in a
//    direct-mapped cache of `cache_states` slots. One search at a time: a
//    lazy find() writes the cache (no lock), and the proof it returns
//    stays valid until the next find().
class ProofSeeds {
 public:
  ProofSeeds(const retro::StateIndex& index, const std::vector<StateProof>& proofs);
  // Fills `out` (cleared by the caller's type: every field is assigned) with
  // the proof of `state`; may throw (a malformed record), and the search
  // that asked then ends with that exception.
  using Loader = std::function<void(std::uint64_t state, StateProof& out)>;
  static constexpr std::size_t kDefaultCacheStates = std::size_t{1} << 12;
  ProofSeeds(const retro::StateIndex& index, Loader load, std::size_t cache_states = kDefaultCacheStates);
  void allow(std::uint64_t state, int empties) {
    ready_[state] = 1;
    if (empties > ready_empties_) ready_empties_ = empties;
  }
  // The most empty points of a usable state (-1: none usable).
  int ready_empties() const { return ready_empties_; }
  // The proof of the state of `normalised` (the mover's stones as black)
  // with `passes` (0 or 1) when usable, else null; g: the symmetry that maps
  // `normalised` onto the stored position (fact keys are in that frame).
  const StateProof* find(const Position& normalised, int passes, int& g) const;
  const retro::StateIndex& index() const { return index_; }
  bool situational = false;
  bool lazy() const { return static_cast<bool>(load_); }
  // Lazy: records decoded (cache misses) and proofs found in the cache.
  std::uint64_t loads() const { return loads_; }
  std::uint64_t cache_hits() const { return hits_; }

 private:
  const retro::StateIndex& index_;
  const std::vector<StateProof>* proofs_ = nullptr;
  std::vector<char> ready_;
  int ready_empties_ = -1;
  // Lazy mode.
  Loader load_;
  struct Slot {
    std::uint64_t state = ~std::uint64_t{0};
    StateProof proof;
  };
  mutable std::vector<Slot> cache_;
  mutable std::uint64_t loads_ = 0, hits_ = 0;
};

// A state a budgeted pass deferred (StateProof::best in the journal).
inline constexpr std::int8_t kSkDeferred = -3;

// The node budget of pass `pass` (1-based) of a run: 0 = no limit (the last
// pass, or one pass when first_pass_nodes is 0).
std::uint64_t superko_pass_budget(const SuperkoGenerateOptions& options, int pass);

// What a run has done so far: proofs (one per state), for each state the
// number of passes that deferred it (pass p + 1 solves the states p passes
// deferred), and which chunks are solved (first-pass chunks, then the
// second pass's, numbered on, and so on).
struct SuperkoProgress {
  std::vector<StateProof> proofs;
  std::vector<char> deferred;
  std::vector<char> done;
  // With SuperkoGenerateOptions::encode_records (and lanes): records[s] is
  // encode_facts(proofs[s]), made when s was last proved by this run; empty
  // where it was not (a state resumed from the journal, or a run without
  // the option): pack_proofs and the journal encode those themselves.
  std::vector<std::vector<std::int8_t>> records;
};

struct SuperkoGenerateStats {
  std::uint64_t deferred = 0;  // states the first pass left to the second
  std::vector<std::uint64_t> deferred_by_pass;  // [p]: states pass p + 1 deferred
  std::uint64_t states = 0, chunks = 0, chunks_resumed = 0, nodes = 0;
  std::uint64_t seed_probes = 0, seed_cutoffs = 0;  // nodes that found their state in the seeds / were settled by them
  double cpu_seconds = 0;                           // process CPU time of the run (all threads)
  // With lanes, per pass ([p]: pass p + 1): where the lanes' time goes.
  // cpu: thread CPU seconds of the lanes' searches; critical_*: the sum
  // over levels of the largest lane's share (what L threads wait for at
  // the level barriers: cpu / critical_cpu bounds the speed-up); exchange:
  // the same for the entry exchange at the barriers.
  struct LanePass {
    std::uint64_t levels = 0, nodes = 0, critical_nodes = 0, exported = 0, imported = 0;
    double cpu = 0, critical_cpu = 0, exchange_cpu = 0, exchange_critical_cpu = 0;
  };
  std::vector<LanePass> lane_passes;
  // Wall seconds (steady clock) of the run's phases, for --profile: where
  // the time goes that the lanes' node and CPU counts do not show. plan:
  // the order and its cut into levels and chunks (every pass); tables: the
  // lanes' tables and solvers made; populate: the slowest lane's first
  // mapping of its table (SearchTable::populate); levels: the lanes' level
  // runs, from a level's start to its last lane's end, less populate;
  // lane_start: of those, from a level's start until its last lane began
  // (thread start-up); exchange: the entry exchange at the barriers;
  // lane_idle: summed over the lanes, wall time in a level run less the
  // lane's thread CPU time (waiting for a chunk or the barrier, or
  // preempted by other processes).
  struct Phases {
    double plan = 0, tables = 0, populate = 0, levels = 0, lane_start = 0, exchange = 0, lane_idle = 0;
    // Node clocks: how often a free lane slept until a solving lane's
    // clock passed its own, and the wall seconds it slept.
    std::uint64_t clock_waits = 0;
    double clock_wait = 0;
    // Node clocks, a model of idle cores from the chunks' thread CPU
    // seconds (lane_clock.hpp, idle_level_seconds): the levels' wall with a
    // thread per lane (the clock rule's waits included), the same without
    // any wait (each level's busiest lane), and with one thread (all chunks).
    double model_lanes = 0, model_no_wait = 0, model_one_thread = 0;
    // The lanes' threads, solvers and tables freed at the end: wall and
    // process CPU seconds.
    double teardown = 0, teardown_cpu = 0;
  };
  Phases phases;
  // With release_in_background: the thread that frees the lanes' tables,
  // joined when the last copy of the stats goes.
  std::shared_ptr<std::jthread> release;
  double seconds = 0;
  int threads = 0;
};

// Solves every state not yet done (`progress` as a journal left it, or
// empty). `on_chunk` is called, under a lock, with each newly solved chunk's
// number and states (to journal it). Throws std::invalid_argument for a
// ruleset outside the superko tromp-taylor family or a board above 31
// points; NodeLimitReached when stopped by stop_after_chunks.
SuperkoGenerateStats generate_superko(
    const retro::StateIndex& index, const RuleSet& rules, const SuperkoGenerateOptions& options,
    SuperkoProgress& progress,
    const std::function<void(std::uint64_t chunk, const std::uint64_t* states, std::size_t count)>& on_chunk = {});
// All proofs, from nothing (tests).
inline std::vector<StateProof> generate_superko(const retro::StateIndex& index, const RuleSet& rules,
                                                const SuperkoGenerateOptions& options,
                                                SuperkoGenerateStats* stats = nullptr) {
  SuperkoProgress p;
  SuperkoGenerateStats st = generate_superko(index, rules, options, p);
  if (stats) *stats = st;
  return std::move(p.proofs);
}


// --- The flat order: one pass, no seeds (`gotb generate --exact --mpi`) ---
//
// The scheme before levels and seeds: states fewest empty points first,
// then index, cut into chunks of chunk_states, each solved by a fresh
// solver with fill guarantees and without seeds, so a chunk depends on
// nothing else and can be solved anywhere (generator/distributed/
// superko_mpi.hpp hands chunks to MPI ranks). `gotb generate --exact
// --order flat` (the default with --mpi) writes these files; their facts
// differ from the level order's, their values do not.

// Which states a chunk holds: the order of the whole run (fewest empty
// points first, then index), cut into chunk_states pieces.
std::vector<std::uint64_t> superko_state_order(const retro::StateIndex& index);

// Solves every state not yet done in the flat order. `done` holds one flag
// per chunk (resumed chunks already set, their proofs in `proofs`);
// `on_chunk` is called, under a lock, with each newly solved chunk's
// number (to journal it). Throws like generate_superko.
SuperkoGenerateStats generate_superko_flat(const retro::StateIndex& index, const RuleSet& rules,
                                           const SuperkoGenerateOptions& options, std::vector<StateProof>& proofs,
                                           std::vector<char>& done,
                                           const std::function<void(std::uint64_t chunk)>& on_chunk = {});

// Solves one chunk: the states order[chunk * chunk_states ...] (at most
// chunk_states of them) with one fresh solver, in order; out[i] is the proof
// of state order[chunk * chunk_states + i]. Returns the nodes searched. The
// result depends on the chunk, `order` and the options' chunk_states,
// table_megabytes, max_dependencies and ordering only: generate_superko_flat
// runs this per chunk, and `gotb generate --exact --mpi` runs it on the
// rank a chunk is handed to (generator/distributed/superko_mpi.hpp), so
// both write the same file. Thread-safe (for distinct `out`). Throws like
// generate_superko, and std::invalid_argument for a chunk past the end.
std::uint64_t solve_superko_chunk(const retro::StateIndex& index, const RuleSet& rules,
                                  const SuperkoGenerateOptions& options, const std::vector<std::uint64_t>& order,
                                  std::uint64_t chunk, std::vector<StateProof>& out);

// --- Checking facts against a history -----------------------------------

// A game's history mapped into one state's stored orientation: the fact
// keys of every situation of the game so far (the current one included),
// sorted, and the most stones of each colour (normalised: mover = black) in
// a position before the current one (-1 when none).
struct HistoryView {
  std::vector<std::uint64_t> keys;
  int before_mover = -1, before_opponent = -1;
};
// positions[j] / to_move[j]: the game's situations in order, the last one
// the current state; `index` gives the symmetry that maps the current
// normalised position onto the stored one.
HistoryView history_view(const retro::StateIndex& index, bool situational, const std::vector<Position>& positions,
                         const std::vector<Color>& to_move);

// True when every fact holds under the history (see StoredFacts).
bool facts_hold(const StoredFacts& f, const HistoryView& h, bool lower_bound);

// The situation facts alone: no `absent` key is among the history's keys
// and every `present` key is (all three sorted).
bool situations_hold(const std::vector<std::uint64_t>& absent, const std::vector<std::uint64_t>& present,
                     const std::vector<std::uint64_t>& keys);

}  // namespace gotb::search

namespace gotb::search {

// --- Files (docs/generator.md, "Superko files") ---------------------------

// Array names: four value arrays (one int8 per state) and two stream arrays.
inline constexpr const char* kSkValue = "value";      // mover's view, komi-free area difference
inline constexpr const char* kSkBest = "best";        // point, -1 pass
inline constexpr const char* kSkLoCap = "lo_cap";     // stone cap of the lower bound; -128 = facts unknown
inline constexpr const char* kSkHiCap = "hi_cap";     // ... of the upper bound
inline constexpr const char* kSkFacts = "facts";      // per-state fact records, in state order
inline constexpr const char* kSkFactIndex = "fact_index";  // uint32 LE offsets into facts, state_count + 1

// The fact lists of one state as bytes (appended to `out`) and back.
void encode_facts(const StateProof& p, std::vector<std::int8_t>& out);
// Decodes the record [begin, end); throws std::runtime_error on a malformed one.
void decode_facts(const std::int8_t* begin, const std::int8_t* end, StateProof& p);

// An allocator that leaves new bytes uninitialised (resize() does not
// zero them): the fact stream's pages are first touched by the threads
// that encode into them, in parallel, not by one memset.
template <class T>
struct UninitAllocator : std::allocator<T> {
  template <class U>
  struct rebind {
    using other = UninitAllocator<U>;
  };
  UninitAllocator() = default;
  template <class U>
  UninitAllocator(const UninitAllocator<U>&) noexcept {}
  template <class U>
  void construct(U* p) noexcept {
    ::new (static_cast<void*>(p)) U;  // default-initialised: left as is
  }
  template <class U, class... Args>
  void construct(U* p, Args&&... args) {
    ::new (static_cast<void*>(p)) U(std::forward<Args>(args)...);
  }
};

struct SuperkoArrays {
  std::vector<std::int8_t> value, best, lo_cap, hi_cap, fact_index;
  std::vector<std::int8_t, UninitAllocator<std::int8_t>> facts;
};
// The file's arrays from every state's proof: each state's record
// (encode_facts) laid end to end in state order, fact_index their offsets.
// Records are sized, then encoded straight into place, in parallel blocks
// (oneTBB, in the caller's arena): the same bytes as one loop of
// encode_facts (test "superko facts: records round-trip"). With `records`
// (SuperkoProgress::records: empty, or one per state, each empty or
// encode_facts(proofs[s])) a state's record is copied from there where it
// is not empty: the same bytes, without encoding it again.
SuperkoArrays pack_proofs(const std::vector<StateProof>& proofs,
                          const std::vector<std::vector<std::int8_t>>* records = nullptr);

// The resume journal next to an output file (OUTPUT.partial): a header
// naming the run, then one record per solved chunk, each appended and
// flushed as the chunk finishes (written to the system at once, synced to
// the disk at most once a second and when the journal is closed). open() reads what an interrupted run left
// (a torn last record is ignored) into `proofs` / `done`.
class SuperkoJournal {
 public:
  SuperkoJournal(std::string path, std::string header);
  // Returns the number of chunks resumed; throws std::runtime_error when the
  // journal belongs to another run (header differs).
  std::uint64_t open(SuperkoProgress& progress);
  // With `records` (SuperkoProgress::records), a state's record is taken
  // from there where it is not empty (the same bytes as encoding it).
  void append(std::uint64_t chunk, const std::uint64_t* states, std::size_t count,
              const std::vector<StateProof>& proofs,
              const std::vector<std::vector<std::int8_t>>* records = nullptr);
  void remove();
  ~SuperkoJournal();

 private:
  std::string path_, header_;
  std::FILE* f_ = nullptr;
  std::chrono::steady_clock::time_point synced_{};
};

}  // namespace gotb::search
