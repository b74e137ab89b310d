#include "generator/search/superko_table.hpp"

#include <tbb/global_control.h>
#include <tbb/info.h>
#include <tbb/parallel_for.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <mutex>
#include <numeric>
#include <stdexcept>
#include <thread>

#include <sys/mman.h>
#include <time.h>
#include <unistd.h>

#include "core/bits.hpp"
#include "core/budget.hpp"
#include "core/rules/tromp_taylor.hpp"
#include "core/stack_guard.hpp"
#include "generator/search/lane_clock.hpp"
#include "generator/search/lane_workers.hpp"
#include "generator/search/search_solver.hpp"
#include "generator/search/table_exchange.hpp"

namespace gotb::search {

namespace {

// The search's situation key (search_solver.hpp) as a fact key.
std::uint64_t to_fact_key(std::uint64_t k, int n, bool situational) {
  constexpr std::uint64_t m31 = (std::uint64_t{1} << 31) - 1;
  const Position p{k & m31, (k >> 31) & m31};
  const Color c = (k >> 62) & 1 ? Color::White : Color::Black;
  return fact_key(p, c, n, situational);
}

StoredFacts to_stored(const ProofDeps& d, int n, bool situational) {
  StoredFacts f;
  if (d.overflow) {
    f.unknown = true;
    return f;
  }
  // The count alone: the fact (0, k) implies the stone fact (mask, k) of
  // the proof (docs/solving.md §3, "Fill guarantees and the stone cap").
  f.cap = d.stone_cap;
  for (std::uint64_t k : d.absent) f.absent.push_back(to_fact_key(k, n, situational));
  for (const Present& p : d.present) f.present.push_back(to_fact_key(p.key, n, situational));
  std::sort(f.absent.begin(), f.absent.end());
  std::sort(f.present.begin(), f.present.end());
  return f;
}

}  // namespace

SuperkoPlan superko_plan(const retro::StateIndex& index, std::uint32_t chunk_states, const std::vector<char>* only,
                         bool most_empties_first) {
  SuperkoPlan plan;
  for (std::uint64_t s = 0; s < index.states(); ++s)
    if (!only || (*only)[s]) plan.order.push_back(s);
  const std::uint64_t states = plan.order.size();
  // Level key: 2 * empty points + (pass count 0), so pass count 1 comes first.
  std::vector<std::uint8_t> key(index.states());
  const int n = index.board().size();
  for (std::uint64_t i = 0; i < index.states(); i += 2) {
    const Position p = index.position_of(i / 2);
    const int empties = n - popcount(p.black | p.white);
    key[i] = static_cast<std::uint8_t>(2 * empties + 1);  // state 2k: pass count 0
    key[i + 1] = static_cast<std::uint8_t>(2 * empties);  // state 2k + 1: pass count 1
    if (most_empties_first) {  // most empty points first, pass count 1 still before 0
      key[i] = static_cast<std::uint8_t>(2 * (n - empties) + 1);
      key[i + 1] = static_cast<std::uint8_t>(2 * (n - empties));
    }
  }
  std::stable_sort(plan.order.begin(), plan.order.end(),
                   [&](std::uint64_t a, std::uint64_t b) { return key[a] < key[b]; });
  const std::uint64_t cap = std::max<std::uint32_t>(chunk_states, 1);
  plan.chunk_begin.push_back(0);
  plan.level_begin.push_back(0);
  for (std::uint64_t i = 0; i < states;) {
    std::uint64_t j = i;
    while (j < states && key[plan.order[j]] == key[plan.order[i]]) ++j;
    const std::uint64_t m = j - i;
    const std::uint64_t per = std::clamp<std::uint64_t>((m + 15) / 16, 1, cap);
    for (std::uint64_t k = i + per; k < j; k += per) plan.chunk_begin.push_back(k);
    plan.chunk_begin.push_back(j);
    plan.level_begin.push_back(plan.chunk_begin.size() - 1);
    plan.level_empties.push_back(
        static_cast<std::uint8_t>(most_empties_first ? n - key[plan.order[i]] / 2 : key[plan.order[i]] / 2));
    i = j;
  }
  return plan;
}

std::uint64_t superko_pass_budget(const SuperkoGenerateOptions& options, int pass) {
  if (!options.first_pass_nodes || pass >= std::max(options.passes, 2)) return 0;
  std::uint64_t b = options.first_pass_nodes;
  for (int p = 1; p < pass; ++p) b *= std::max<std::uint64_t>(options.pass_growth, 1);
  return b;
}

ProofSeeds::ProofSeeds(const retro::StateIndex& index, const std::vector<StateProof>& proofs)
    : index_(index), proofs_(&proofs), ready_(index.states(), 0) {}

ProofSeeds::ProofSeeds(const retro::StateIndex& index, Loader load, std::size_t cache_states)
    : index_(index), ready_empties_(index.board().size()), load_(std::move(load)) {
  std::size_t slots = 1;
  while (slots < std::max<std::size_t>(cache_states, 1)) slots *= 2;
  cache_.resize(slots);
}

const StateProof* ProofSeeds::find(const Position& normalised, int passes, int& g) const {
  const std::uint64_t rank = index_.canonical_rank_with(normalised, g);
  if (!index_.stored(rank)) return nullptr;
  const std::uint64_t s = 2 * index_.number(rank) + static_cast<std::uint64_t>(passes);
  if (!load_) return ready_[s] ? &(*proofs_)[s] : nullptr;
  // Lazy: direct-mapped by a multiplicative hash of the state (neighbouring
  // states, one position's two pass counts, do not share a slot).
  Slot& slot = cache_[((s * 0x9E3779B97F4A7C15ull) >> 32) & (cache_.size() - 1)];
  if (slot.state == s) {
    ++hits_;
    return &slot.proof;
  }
  slot.state = ~std::uint64_t{0};  // (a throwing load leaves no half-decoded proof behind)
  slot.proof = StateProof{};
  load_(s, slot.proof);
  slot.state = s;
  ++loads_;
  return &slot.proof;
}

namespace {
// The stack of a lane's thread (the CLI gives oneTBB's workers the same).
constexpr std::size_t kLaneStack = std::size_t{256} << 20;
double process_cpu_seconds() {
  timespec t{};
  ::clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) + 1e-9 * static_cast<double>(t.tv_nsec);
}
double thread_cpu_seconds() {
  timespec t{};
  ::clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) + 1e-9 * static_cast<double>(t.tv_nsec);
}
double since(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}
}  // namespace

SuperkoGenerateStats generate_superko(
    const retro::StateIndex& index, const RuleSet& rules, const SuperkoGenerateOptions& options,
    SuperkoProgress& progress,
    const std::function<void(std::uint64_t chunk, const std::uint64_t* states, std::size_t count)>& on_chunk) {
  if (!rules.support().superko_search)
    throw std::invalid_argument("superko tablebases need a tromp-taylor superko ruleset, not " + rules.to_string());
  const Board& board = index.board();
  const int n = board.size();
  if (n > 31) throw std::invalid_argument("superko tablebases handle boards of up to 31 points");
  const TrompTaylorConfig cfg = TrompTaylorConfig::from(rules);
  const auto start = std::chrono::steady_clock::now();
  const double cpu_start = process_cpu_seconds();
  const SuperkoPlan plan = superko_plan(index, options.chunk_states);
  SuperkoGenerateStats st;
  st.phases.plan = since(start);
  std::vector<StateProof>& proofs = progress.proofs;
  std::vector<char>& done = progress.done;
  proofs.resize(plan.order.size());
  progress.deferred.resize(plan.order.size(), 0);
  if (done.size() < plan.chunks()) done.resize(plan.chunks(), 0);
  const bool encode = options.encode_records;
  if (encode) progress.records.resize(plan.order.size());
  st.states = plan.order.size();
  for (char d : done) st.chunks_resumed += d != 0;
  const int threads = options.threads > 0 ? options.threads : tbb::info::default_concurrency();
  st.threads = threads;
  tbb::global_control limit(tbb::global_control::max_allowed_parallelism, static_cast<std::size_t>(threads));

  SearchOptions so;
  so.table_megabytes = options.table_megabytes;
  so.proof_megabytes = options.table_megabytes;
  so.max_dependencies = options.max_dependencies;
  // The search's symmetry pruning makes a bound over all moves valid on
  // its line only (unstorable, i.e. facts unknown): off. Entries in a
  // canonical orientation are sound for any line and stay on.
  so.symmetry = false;
  so.ordering = options.ordering;
  // Files keep a stone fact's count alone (the fact (0, k)); a guarantee
  // used under the superset test only would give an entry that does not
  // hold on the very line that proved it: the count test, as stored.
  so.stone_masks = false;
  // Fill guarantees put a stone cap on a proof (docs/solving.md §3), which
  // fails under every history through a large capture of the favoured
  // side's stones, the histories by which the second pass reaches the
  // seeds: off (2x5: 1.81M nodes without, 2.36M with).
  so.fill = options.fill;
  // The stored move's test: the pass right after the table's move
  // (SearchOptions::root_pass_early; docs/solving.md, "The stored move's
  // test").
  so.root_pass_early = options.root_pass_early;
  // Seeds: the proofs of every earlier level, fixed before a level starts,
  // so what a chunk reads does not depend on timing (docs/solving.md,
  // "Seeds").
  ProofSeeds seeds(index, proofs);
  seeds.situational = cfg.situational;
  if (options.seeds) so.seeds = &seeds;

  std::mutex mu;
  std::atomic<std::uint64_t> solved_now{0}, nodes{0}, finished{st.chunks_resumed}, seed_probes{0}, seed_cutoffs{0};
  std::atomic<bool> stop{false};
  std::uint64_t total_chunks = plan.chunks();
  // One pass over a plan's levels; chunk numbers start at `first_chunk`.
  // With a budget, a state that needs more nodes is deferred. Returns false
  // when stopped before the end.
  // Lanes (options.lanes > 0): lane k solves chunk k of every level, of
  // every pass, with one solver whose table it keeps throughout the run
  // (docs/solving.md, "Lanes"). A lane's chunks, in order, are a function of
  // the plan alone, so its table, and with it every fact, is too, whatever
  // the thread count. A resumed run replays each lane's journaled chunks to
  // rebuild its table, and checks that the replay proves what the journal
  // holds.
  const std::uint32_t lanes = options.lanes;
  const bool exchange = lanes > 1 && options.lane_exchange;
  // Node clocks (options.lane_clock): which lane solves which chunk of a
  // level is decided by the lanes' node counts (lane_clock.hpp).
  std::unique_ptr<LaneClockSchedule> schedule;
  if (lanes && options.lane_clock)
    schedule = std::make_unique<LaneClockSchedule>(lanes, static_cast<std::uint32_t>(threads));
  std::vector<std::unique_ptr<TrompTaylorSearch>> lane_solver(lanes);
  std::vector<std::shared_ptr<SearchTable>> lane_table(lanes);
  // Keys each lane stored during the current level, and what it hands to
  // the others at the level's end (lane_exchange).
  std::vector<std::vector<std::uint64_t>> lane_log(exchange ? lanes : 0);
  // Two sets of copies: with a thread per lane, the lanes copy in the
  // level before's set at the start of a level while a lane that is done
  // with the level already copies out into the other.
  std::vector<TableExport> lane_exports[2] = {std::vector<TableExport>(exchange ? lanes : 0),
                                              std::vector<TableExport>(exchange ? lanes : 0)};
  int out_set = 0;
  const auto tables_start = std::chrono::steady_clock::now();
  for (std::uint32_t k = 0; k < lanes; ++k) {
    SearchOptions lo = so;
    lo.table = lane_table[k] = std::make_shared<SearchTable>(board, cfg, table_megabytes_for(so, n),
                                                             proof_megabytes_for(so, n), so.max_dependencies,
                                                             so.huge_pages);
    if (exchange) lane_table[k]->set_store_log(&lane_log[k]);
    if (schedule) lo.clock = &schedule->clock(k);
    lane_solver[k] = std::make_unique<TrompTaylorSearch>(board, cfg, 0, lo);
  }
  st.phases.tables = since(tables_start);
  std::vector<char> populated(lanes, 0);
  // With node clocks each lane runs on a thread of its own, made once for
  // the run (lane_workers.hpp); the entry exchange runs on them too.
  std::unique_ptr<LaneWorkers> workers;
  if (schedule) workers = std::make_unique<LaneWorkers>(lanes, kLaneStack);
  // Runs job(k) for every lane: on the lanes' threads, at most `threads` at
  // once, or with oneTBB.
  auto for_each_lane = [&](const std::function<void(std::uint32_t)>& job) {
    if (workers) return workers->run(job, static_cast<std::uint32_t>(threads));
    tbb::parallel_for(std::uint32_t{0}, lanes, job);
  };
  std::vector<StateProof> replayed;
  // Solves chunk c of plan p with solver s; with `replay`, the chunk is in
  // the journal already: its proofs are proved again and compared.
  auto solve_chunk = [&](TrompTaylorSearch& s, const SuperkoPlan& p, std::uint64_t first_chunk, std::uint64_t c,
                         std::uint64_t budget, int pass, std::uint64_t level, bool replay) {
    const std::uint64_t nodes_start = s.stats().nodes, probes_start = s.stats().seed_probes,
                        cutoffs_start = s.stats().seed_cutoffs;
    for (std::uint64_t k = p.chunk_begin[c]; k < p.chunk_begin[c + 1]; ++k) {
      const std::uint64_t state = p.order[k];
      s.set_root(index.position_of(state / 2), Color::Black, static_cast<int>(state & 1));
      StateProof fresh;
      StateProof& out = replay ? fresh : proofs[state];
      s.limit_nodes(budget);
      const std::uint64_t before = s.stats().nodes;
      // Costly states named on stderr (--progress): where the nodes go.
      struct Report {
        const TrompTaylorSearch& s;
        std::uint64_t before, state;
        const SuperkoGenerateOptions& o;
        const retro::StateIndex& index;
        int pass;
        ~Report() {
          const std::uint64_t used = s.stats().nodes - before;
          if (!o.progress || !o.report_nodes || used < o.report_nodes) return;
          std::string d = diagram(index.board(), index.position_of(state / 2));
          for (char& ch : d)
            if (ch == '\n') ch = '/';
          std::fprintf(stderr, "superko: pass %d, state %llu (%s, mover X, %d passes): %llu nodes\n", pass,
                       static_cast<unsigned long long>(state), d.c_str(), static_cast<int>(state & 1),
                       static_cast<unsigned long long>(used));
        }
      } report{s, before, state, options, index, pass};
      try {
        const TrompTaylorSearch::RootProof rp = s.prove_root();
        out.value = static_cast<std::int8_t>(rp.lo);
        out.best = static_cast<std::int8_t>(rp.best);
        out.lo = to_stored(rp.lo_deps, n, cfg.situational);
        out.hi = to_stored(rp.hi_deps, n, cfg.situational);
      } catch (const NodeLimitReached&) {
        if (!budget) throw;
        out = StateProof{};
        out.best = kSkDeferred;
        if (!replay) ++progress.deferred[state];
      }
      // The record the journal and the file take, made here on the lane's
      // thread (options.encode_records): overwritten when a later pass
      // proves a deferred state again.
      if (encode && !replay) {
        std::vector<std::int8_t>& r = progress.records[state];
        r.clear();
        encode_facts(out, r);
      }
      // A replayed state: this pass's journal record is the proof, or a
      // deferral when a later pass solved it.
      if (replay && !(fresh == proofs[state] || (fresh.best == kSkDeferred && progress.deferred[state] >= pass)))
        throw std::runtime_error("superko generation: replaying a lane's journaled chunk proved something else "
                                 "(state " + std::to_string(state) + "); the journal is not this run's");
    }
    nodes += s.stats().nodes - nodes_start;
    seed_probes += s.stats().seed_probes - probes_start;
    seed_cutoffs += s.stats().seed_cutoffs - cutoffs_start;
    if (replay) return;
    std::lock_guard<std::mutex> lock(mu);
    done[first_chunk + c] = 1;
    if (on_chunk) on_chunk(first_chunk + c, p.order.data() + p.chunk_begin[c], p.chunk_begin[c + 1] - p.chunk_begin[c]);
    const std::uint64_t f = ++finished;
    if (options.progress)
      std::fprintf(stderr,
                   "superko: pass %d, chunk %llu done (%llu of %llu, level %llu of %llu: %d empty points), %llu "
                   "nodes, %.1f s\n",
                   pass, static_cast<unsigned long long>(first_chunk + c), static_cast<unsigned long long>(f),
                   static_cast<unsigned long long>(total_chunks), static_cast<unsigned long long>(level + 1),
                   static_cast<unsigned long long>(p.levels()), p.level_empties[level],
                   static_cast<unsigned long long>(s.stats().nodes - nodes_start),
                   std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
    if (options.stop_after_chunks && ++solved_now >= options.stop_after_chunks) stop = true;
  };
  // A level is complete in every lane: each lane copies out the entries it
  // stored during the level
  // (reading its own table only), then each copies the others' into its
  // table, in lane order (writing its own only). Both steps are functions of
  // the lanes' searches, so the tables, and every later proof, stay
  // independent of the threads.
  std::vector<double> export_cpu(lanes, 0.0), import_cpu(lanes, 0.0);
  std::vector<std::uint64_t> imported(lanes, 0);
  auto export_lane = [&](std::uint32_t k) {
    const double t0 = thread_cpu_seconds();
    TableExport& x = lane_exports[out_set][k];
    x.clear();
    export_entries(*lane_table[k], lane_log[k], n, options.exchange_min_work, x);
    lane_log[k].clear();
    export_cpu[k] = thread_cpu_seconds() - t0;
  };
  // Lane k copies the other lanes' copies of set `from` into its table.
  auto import_lane = [&](std::uint32_t k, int from) {
    const double t0 = thread_cpu_seconds();
    lane_table[k]->set_store_log(nullptr);  // imports are not the lane's own
    imported[k] = 0;
    for (std::uint32_t j = 0; j < lanes; ++j)
      if (j != k) imported[k] += import_entries(*lane_table[k], lane_exports[from][j]);
    lane_table[k]->set_store_log(&lane_log[k]);
    import_cpu[k] = thread_cpu_seconds() - t0;
  };
  // With a thread per lane the copy-in waits for the next level's start
  // (pending_import: the set and the pass it belongs to), where each lane
  // does it on its own thread before its first chunk: no barrier of its
  // own, and a lane that has less to copy in starts searching sooner.
  int pending_import = -1, pending_pass = 0;
  auto account_imports = [&](int pass) {
    SuperkoGenerateStats::LanePass& lp = st.lane_passes[pass - 1];
    lp.exchange_critical_cpu += *std::max_element(import_cpu.begin(), import_cpu.end());
    for (std::uint32_t k = 0; k < lanes; ++k) lp.exchange_cpu += import_cpu[k], lp.imported += imported[k];
  };
  // With a thread for every lane, a lane copies out its entries as soon as
  // it has no chunk left in the level, on its own thread, while the others
  // still search (its table and log are final for the level then, so the
  // copy is the same as after the barrier); otherwise every lane copies
  // out after the barrier.
  const bool export_early = exchange && workers && static_cast<std::uint32_t>(threads) >= lanes;
  auto exchange_entries = [&](int pass) {
    if (!exchange) return;
    const auto exchange_start = std::chrono::steady_clock::now();
    if (!export_early) for_each_lane(export_lane);
    SuperkoGenerateStats::LanePass& lp = st.lane_passes[pass - 1];
    lp.exchange_critical_cpu += *std::max_element(export_cpu.begin(), export_cpu.end());
    for (std::uint32_t k = 0; k < lanes; ++k)
      lp.exchange_cpu += export_cpu[k], lp.exported += lane_exports[out_set][k].entries.size();
    if (export_early) {
      pending_import = out_set, pending_pass = pass;
    } else {
      for_each_lane([&](std::uint32_t k) { import_lane(k, out_set); });
      account_imports(pass);
    }
    out_set ^= 1;
    st.phases.exchange += since(exchange_start);
  };
  // One pass over a plan's levels; chunk numbers start at `first_chunk`.
  // With a budget, a state that needs more nodes is deferred. Returns false
  // when stopped before the end.
  auto run_pass = [&](const SuperkoPlan& p, std::uint64_t first_chunk, std::uint64_t budget, int pass) {
    for (std::uint64_t level = 0; level < p.levels(); ++level) {
      const std::uint64_t c0 = p.level_begin[level], c1 = p.level_begin[level + 1];
      if (schedule) {
        // Each lane on its thread (the same stack for every lane and
        // thread count, since a search too deep for its stack stops:
        // core/stack_guard.hpp), taking chunks in node-clock order.
        const auto level_start = std::chrono::steady_clock::now();
        schedule->begin_level(c1 - c0);
        std::vector<double> cpu(lanes, 0.0), began(lanes, 0.0), populating(lanes, 0.0), wall(lanes, 0.0);
        std::vector<std::exception_ptr> failed(lanes);
        std::vector<ChunkRun> runs(c1 - c0);
        // All lanes at once: a lane waits for the others' clocks, and holds
        // one of `threads` permits only while it solves.
        workers->run([&](std::uint32_t k) {
            try {
              {
                began[k] = since(level_start);
                if (pending_import >= 0) import_lane(k, pending_import);
                const double t0 = thread_cpu_seconds();
                // The lane's table pages, at once and on its own thread
                // (SearchTable::populate).
                if (!populated[k]) {
                  const auto p0 = std::chrono::steady_clock::now();
                  lane_table[k]->populate(), populated[k] = 1;
                  populating[k] = since(p0);
                }
                TrompTaylorSearch& s = *lane_solver[k];
                const std::uint64_t base = s.stats().nodes;
                for (std::int64_t c; (c = schedule->next(k, s.stats().nodes)) >= 0;) {
                  const std::uint64_t chunk = c0 + static_cast<std::uint64_t>(c);
                  ChunkRun& run = runs[static_cast<std::size_t>(c)];  // this lane's alone
                  run.lane = k;
                  run.from = s.stats().nodes - base;
                  const double c_cpu = thread_cpu_seconds();
                  solve_chunk(s, p, first_chunk, chunk, budget, pass, level, done[first_chunk + chunk] != 0);
                  run.cpu = thread_cpu_seconds() - c_cpu;
                  run.to = s.stats().nodes - base;
                  if (stop.load()) schedule->stop();
                }
                cpu[k] = thread_cpu_seconds() - t0;
                wall[k] = since(level_start) - began[k];
                if (export_early) export_lane(k);
              }
            } catch (...) {
              failed[k] = std::current_exception();
              schedule->abort(k);
            }
          }, lanes);
        for (const auto& e : failed)
          if (e) std::rethrow_exception(e);
        if (pending_import >= 0) account_imports(pending_pass), pending_import = -1;
        {
          const double populate = *std::max_element(populating.begin(), populating.end());
          st.phases.populate += populate;
          st.phases.levels += since(level_start) - populate;
          st.phases.lane_start += *std::max_element(began.begin(), began.end());
          for (std::uint32_t k = 0; k < lanes; ++k) st.phases.lane_idle += std::max(0.0, wall[k] - cpu[k]);
          std::vector<double> lane_cpu(lanes, 0.0);
          for (const ChunkRun& r : runs) lane_cpu[r.lane] += r.cpu, st.phases.model_one_thread += r.cpu;
          st.phases.model_no_wait += *std::max_element(lane_cpu.begin(), lane_cpu.end());
          st.phases.model_lanes += idle_level_seconds(runs, lanes);
        }
        SuperkoGenerateStats::LanePass& lp = st.lane_passes[pass - 1];
        ++lp.levels;
        std::uint64_t most = 0;
        for (std::uint32_t k = 0; k < lanes; ++k) {
          lp.cpu += cpu[k];
          lp.nodes += schedule->level_nodes(k);
          most = std::max(most, schedule->level_nodes(k));
        }
        lp.critical_cpu += *std::max_element(cpu.begin(), cpu.end());
        lp.critical_nodes += most;
        for (std::uint64_t c = c0; c < c1; ++c)
          if (!done[first_chunk + c]) return false;
        exchange_entries(pass);
      } else if (lanes) {
        // Lane k: chunks c0 + k, c0 + k + lanes, ... of this level, in order.
        std::vector<double> cpu(lanes, 0.0);
        std::vector<std::uint64_t> used(lanes, 0);
        tbb::parallel_for(std::uint32_t{0}, lanes, [&](std::uint32_t k) {
          const double t0 = thread_cpu_seconds();
          const std::uint64_t n0 = lane_solver[k]->stats().nodes;
          for (std::uint64_t c = c0 + k; c < c1; c += lanes) {
            if (stop.load()) break;
            solve_chunk(*lane_solver[k], p, first_chunk, c, budget, pass, level, done[first_chunk + c] != 0);
          }
          cpu[k] = thread_cpu_seconds() - t0;
          used[k] = lane_solver[k]->stats().nodes - n0;
        });
        SuperkoGenerateStats::LanePass& lp = st.lane_passes[pass - 1];
        ++lp.levels;
        for (std::uint32_t k = 0; k < lanes; ++k) lp.cpu += cpu[k], lp.nodes += used[k];
        lp.critical_cpu += *std::max_element(cpu.begin(), cpu.end());
        lp.critical_nodes += *std::max_element(used.begin(), used.end());
        for (std::uint64_t c = c0; c < c1; ++c)
          if (!done[first_chunk + c]) return false;
        exchange_entries(pass);
      } else {
        tbb::parallel_for(tbb::blocked_range<std::uint64_t>(c0, c1, 1), [&](const tbb::blocked_range<std::uint64_t>& r) {
          for (std::uint64_t c = r.begin(); c != r.end(); ++c) {
            if (done[first_chunk + c] || stop.load()) continue;
            // A fresh solver per chunk: the chunk's facts depend on the chunk
            // and the earlier levels only.
            TrompTaylorSearch s(board, cfg, 0, so);
            solve_chunk(s, p, first_chunk, c, budget, pass, level, false);
          }
        });
      }
      // The level is complete (or the run stops): its proofs serve the next ones.
      for (std::uint64_t c = c0; c < c1; ++c)
        if (!done[first_chunk + c]) return false;
      for (std::uint64_t k = p.chunk_begin[c0]; k < p.chunk_begin[c1]; ++k)
        // Solved by this pass: not deferred by it. (The count, not the proof:
        // a resumed run holds later passes' proofs already, which an
        // uninterrupted run had not made yet at this point.)
        if (progress.deferred[p.order[k]] == pass - 1) seeds.allow(p.order[k], p.level_empties[level]);
    }
    return true;
  };
  // Pass 1 over every state, then each next pass over the states the pass
  // before deferred, in the same order, with every state solved so far
  // among its seeds.
  const int passes = options.first_pass_nodes ? std::max(options.passes, 2) : 1;
  if (lanes) st.lane_passes.resize(static_cast<std::size_t>(passes));
  bool complete = run_pass(plan, 0, superko_pass_budget(options, 1), 1);
  for (int pass = 2; complete && pass <= passes; ++pass) {
    std::vector<char> only(plan.order.size(), 0);
    std::uint64_t count = 0;
    for (std::uint64_t s = 0; s < only.size(); ++s)
      if (progress.deferred[s] >= pass - 1) only[s] = 1, ++count;  // >=: a resumed pass may have deferred some again
    st.deferred_by_pass.push_back(count);
    if (!count) break;
    const auto plan_start = std::chrono::steady_clock::now();
    const SuperkoPlan next =
        superko_plan(index, options.later_chunk_states ? options.later_chunk_states : options.chunk_states, &only,
                     pass == passes && options.last_pass_most_empties_first);
    st.phases.plan += since(plan_start);
    const std::uint64_t first_chunk = total_chunks;
    total_chunks += next.chunks();
    if (done.size() < total_chunks) done.resize(total_chunks, 0);
    complete = run_pass(next, first_chunk, superko_pass_budget(options, pass), pass);
  }
  if (complete && done.size() != total_chunks)
    throw std::runtime_error("superko generation: the journal has more chunks than the run");
  st.deferred = st.deferred_by_pass.empty() ? 0 : st.deferred_by_pass[0];
  st.chunks = total_chunks;
  st.nodes = nodes.load();
  st.seed_probes = seed_probes.load();
  st.seed_cutoffs = seed_cutoffs.load();
  st.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  st.cpu_seconds = process_cpu_seconds() - cpu_start;
  if (schedule) st.phases.clock_waits = schedule->clock_waits(), st.phases.clock_wait = schedule->clock_wait_seconds();
  // The lanes' threads, solvers and tables go: unmapping the tables is
  // kernel work (2x5: some 0.05 CPU s) that no search waits for, so with
  // release_in_background a thread of its own does it while the caller
  // packs and writes the file.
  if (options.release_in_background && lanes) {
    st.release = std::make_shared<std::jthread>(
        [w = std::move(workers), s = std::move(lane_solver), t = std::move(lane_table)]() mutable {
          w.reset();
          s.clear();
          t.clear();
        });
  } else {
    const auto t0 = std::chrono::steady_clock::now();
    const double c0 = process_cpu_seconds();
    workers.reset();
    lane_solver.clear();
    lane_table.clear();
    st.phases.teardown = since(t0);
    st.phases.teardown_cpu = process_cpu_seconds() - c0;
  }
  if (!complete) throw NodeLimitReached("superko generation stopped after the requested number of chunks");
  return st;
}

// --- The flat order (one pass, no seeds; `gotb generate --exact --mpi`) ------

std::vector<std::uint64_t> superko_state_order(const retro::StateIndex& index) {
  const std::uint64_t states = index.states();
  std::vector<std::uint64_t> order(states);
  std::iota(order.begin(), order.end(), std::uint64_t{0});
  std::vector<std::uint8_t> empties(states);
  const int n = index.board().size();
  for (std::uint64_t i = 0; i < states; i += 2) {
    const Position p = index.position_of(i / 2);
    empties[i] = empties[i + 1] = static_cast<std::uint8_t>(n - popcount(p.black | p.white));
  }
  std::stable_sort(order.begin(), order.end(),
                   [&](std::uint64_t a, std::uint64_t b) { return empties[a] < empties[b]; });
  return order;
}

namespace {

void check_superko_game(const retro::StateIndex& index, const RuleSet& rules) {
  if (!rules.support().superko_search)
    throw std::invalid_argument("superko tablebases need a tromp-taylor superko ruleset, not " + rules.to_string());
  if (index.board().size() > 31) throw std::invalid_argument("superko tablebases handle boards of up to 31 points");
}

}  // namespace

std::uint64_t solve_superko_chunk(const retro::StateIndex& index, const RuleSet& rules,
                                  const SuperkoGenerateOptions& options, const std::vector<std::uint64_t>& order,
                                  std::uint64_t chunk, std::vector<StateProof>& out) {
  check_superko_game(index, rules);
  const Board& board = index.board();
  const int n = board.size();
  const TrompTaylorConfig cfg = TrompTaylorConfig::from(rules);
  const std::uint64_t per = std::max<std::uint32_t>(options.chunk_states, 1);

  SearchOptions so;
  so.table_megabytes = options.table_megabytes;
  so.proof_megabytes = options.table_megabytes;
  so.max_dependencies = options.max_dependencies;
  // The search's symmetry pruning makes a bound over all moves valid on
  // its line only (unstorable, i.e. facts unknown): off. Entries in a
  // canonical orientation are sound for any line and stay on.
  so.symmetry = false;
  so.ordering = options.ordering;
  // Files keep a stone fact's count alone (the fact (0, k)); a guarantee
  // used under the superset test only would give an entry that does not
  // hold on the very line that proved it: the count test, as stored.
  so.stone_masks = false;

  // A fresh solver per chunk: the chunk's facts depend on the chunk only.
  TrompTaylorSearch s(board, cfg, 0, so);
  const std::uint64_t first = chunk * per;
  const std::uint64_t end = std::min<std::uint64_t>(order.size(), first + per);
  if (first >= end) throw std::invalid_argument("solve_superko_chunk: no such chunk");
  out.assign(end - first, StateProof{});
  for (std::uint64_t k = first; k < end; ++k) {
    const std::uint64_t state = order[k];
    s.set_root(index.position_of(state / 2), Color::Black, static_cast<int>(state & 1));
    const TrompTaylorSearch::RootProof rp = s.prove_root();
    StateProof& p = out[k - first];
    p.value = static_cast<std::int8_t>(rp.lo);
    p.best = static_cast<std::int8_t>(rp.best);
    p.lo = to_stored(rp.lo_deps, n, cfg.situational);
    p.hi = to_stored(rp.hi_deps, n, cfg.situational);
  }
  return s.stats().nodes;
}

SuperkoGenerateStats generate_superko_flat(const retro::StateIndex& index, const RuleSet& rules,
                                      const SuperkoGenerateOptions& options, std::vector<StateProof>& proofs,
                                      std::vector<char>& done,
                                      const std::function<void(std::uint64_t chunk)>& on_chunk) {
  check_superko_game(index, rules);
  const auto start = std::chrono::steady_clock::now();
  const std::vector<std::uint64_t> order = superko_state_order(index);
  const std::uint64_t per = std::max<std::uint32_t>(options.chunk_states, 1);
  const std::uint64_t chunks = (order.size() + per - 1) / per;
  proofs.resize(order.size());
  done.resize(chunks, 0);
  SuperkoGenerateStats st;
  st.states = order.size();
  st.chunks = chunks;
  for (char d : done) st.chunks_resumed += d != 0;
  const int threads = options.threads > 0 ? options.threads : tbb::info::default_concurrency();
  st.threads = threads;
  tbb::global_control limit(tbb::global_control::max_allowed_parallelism, static_cast<std::size_t>(threads));

  std::mutex mu;
  std::atomic<std::uint64_t> solved_now{0}, nodes{0}, finished{st.chunks_resumed};
  std::atomic<bool> stop{false};
  tbb::parallel_for(tbb::blocked_range<std::uint64_t>(0, chunks, 1), [&](const tbb::blocked_range<std::uint64_t>& r) {
    for (std::uint64_t c = r.begin(); c != r.end(); ++c) {
      if (done[c] || stop.load()) continue;
      std::vector<StateProof> chunk;
      nodes += solve_superko_chunk(index, rules, options, order, c, chunk);
      for (std::uint64_t i = 0; i < chunk.size(); ++i) proofs[order[c * per + i]] = std::move(chunk[i]);
      std::lock_guard<std::mutex> lock(mu);
      done[c] = 1;
      if (on_chunk) on_chunk(c);
      const std::uint64_t f = ++finished;
      if (options.progress)
        std::fprintf(stderr, "superko: chunk %llu done (%llu of %llu), %.1f s\n",
                     static_cast<unsigned long long>(c), static_cast<unsigned long long>(f),
                     static_cast<unsigned long long>(chunks),
                     std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
      if (options.stop_after_chunks && ++solved_now >= options.stop_after_chunks) stop = true;
    }
  });
  st.nodes = nodes.load();
  st.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  if (stop.load() && std::find(done.begin(), done.end(), 0) != done.end())
    throw NodeLimitReached("superko generation stopped after the requested number of chunks");
  return st;
}

HistoryView history_view(const retro::StateIndex& index, bool situational, const std::vector<Position>& positions,
                         const std::vector<Color>& to_move) {
  HistoryView h;
  if (positions.empty()) return h;
  const Color mover = to_move.back();
  auto normalise = [&](const Position& p) { return mover == Color::Black ? p : Position{p.white, p.black}; };
  int g = 0;
  index.canonical_rank_with(normalise(positions.back()), g);
  const Symmetries& sym = index.symmetries();
  const int n = index.board().size();
  h.keys.reserve(positions.size());
  for (std::size_t j = 0; j < positions.size(); ++j) {
    const Position q = sym.apply(g, normalise(positions[j]));
    const Color c = mover == Color::Black ? to_move[j] : opponent(to_move[j]);
    h.keys.push_back(fact_key(q, c, n, situational));
    if (j + 1 < positions.size()) {
      h.before_mover = std::max(h.before_mover, popcount(q.black));
      h.before_opponent = std::max(h.before_opponent, popcount(q.white));
    }
  }
  std::sort(h.keys.begin(), h.keys.end());
  h.keys.erase(std::unique(h.keys.begin(), h.keys.end()), h.keys.end());
  return h;
}

bool facts_hold(const StoredFacts& f, const HistoryView& h, bool lower_bound) {
  if (f.unknown) return false;
  if ((lower_bound ? h.before_mover : h.before_opponent) > f.cap) return false;
  return situations_hold(f.absent, f.present, h.keys);
}

bool situations_hold(const std::vector<std::uint64_t>& absent, const std::vector<std::uint64_t>& present,
                     const std::vector<std::uint64_t>& keys) {
  // Both sorted: one merge pass for each list.
  auto a = absent.begin();
  for (std::uint64_t k : keys) {
    a = std::lower_bound(a, absent.end(), k);
    if (a == absent.end()) break;
    if (*a == k) return false;
  }
  for (std::uint64_t k : present)
    if (!std::binary_search(keys.begin(), keys.end(), k)) return false;
  return true;
}

}  // namespace gotb::search

// --- Encoding ----------------------------------------------------------------

#include "format/varint.hpp"
#include "format/xxh64.hpp"

namespace gotb::search {

namespace {

std::uint64_t get_varint(const std::int8_t*& p, const std::int8_t* end) {
  return gotb::get_varint(p, end, "superko facts");
}

void put_list(const std::vector<std::uint64_t>& keys, std::vector<std::int8_t>& out) {
  std::uint64_t prev = 0;
  for (std::uint64_t k : keys) {
    put_varint(k - prev, out);
    prev = k;
  }
}

void get_list(std::size_t count, const std::int8_t*& p, const std::int8_t* end, std::vector<std::uint64_t>& keys) {
  keys.clear();
  std::uint64_t prev = 0;
  for (std::size_t i = 0; i < count; ++i) {
    const std::uint64_t d = get_varint(p, end);
    if (i > 0 && d == 0) throw std::runtime_error("superko facts: keys not strictly increasing");
    prev += d;
    keys.push_back(prev);
  }
}

std::int8_t cap_code(const StoredFacts& f) { return static_cast<std::int8_t>(f.unknown ? -128 : f.cap); }
void from_cap_code(std::int8_t c, StoredFacts& f) {
  f.unknown = c == -128;
  f.cap = f.unknown ? 127 : c;
}

}  // namespace

void encode_facts(const StateProof& p, std::vector<std::int8_t>& out) {
  for (const StoredFacts* f : {&p.lo, &p.hi}) {
    put_varint(f->absent.size(), out);
    put_varint(f->present.size(), out);
  }
  for (const StoredFacts* f : {&p.lo, &p.hi}) {
    put_list(f->absent, out);
    put_list(f->present, out);
  }
}

void decode_facts(const std::int8_t* begin, const std::int8_t* end, StateProof& p) {
  const std::int8_t* q = begin;
  std::uint64_t counts[4];
  for (auto& c : counts) {
    c = get_varint(q, end);
    if (c > static_cast<std::uint64_t>(end - begin)) throw std::runtime_error("superko facts: count out of range");
  }
  get_list(counts[0], q, end, p.lo.absent);
  get_list(counts[1], q, end, p.lo.present);
  get_list(counts[2], q, end, p.hi.absent);
  get_list(counts[3], q, end, p.hi.present);
  if (q != end) throw std::runtime_error("superko facts: record longer than its lists");
}

namespace {

std::size_t varint_bytes(std::uint64_t v) {
  std::size_t k = 1;
  for (; v >= 0x80; v >>= 7) ++k;
  return k;
}

std::int8_t* put_varint_at(std::uint64_t v, std::int8_t* o) {
  for (; v >= 0x80; v >>= 7) *o++ = static_cast<std::int8_t>(static_cast<std::uint8_t>(v | 0x80));
  *o++ = static_cast<std::int8_t>(static_cast<std::uint8_t>(v));
  return o;
}

// encode_facts' record: its size, and written at `o` (returns its end).
std::size_t facts_bytes(const StateProof& p) {
  std::size_t k = 0;
  for (const StoredFacts* f : {&p.lo, &p.hi}) k += varint_bytes(f->absent.size()) + varint_bytes(f->present.size());
  for (const StoredFacts* f : {&p.lo, &p.hi})
    for (const std::vector<std::uint64_t>* l : {&f->absent, &f->present}) {
      std::uint64_t prev = 0;
      for (std::uint64_t key : *l) k += varint_bytes(key - prev), prev = key;
    }
  return k;
}

std::int8_t* encode_facts_at(const StateProof& p, std::int8_t* o) {
  for (const StoredFacts* f : {&p.lo, &p.hi}) {
    o = put_varint_at(f->absent.size(), o);
    o = put_varint_at(f->present.size(), o);
  }
  for (const StoredFacts* f : {&p.lo, &p.hi})
    for (const std::vector<std::uint64_t>* l : {&f->absent, &f->present}) {
      std::uint64_t prev = 0;
      for (std::uint64_t key : *l) o = put_varint_at(key - prev, o), prev = key;
    }
  return o;
}

// Maps the whole pages inside [p, p + bytes) at once (MADV_POPULATE_WRITE):
// in this virtual machine a first touch of a page faults at some 17 us, the
// populate at some 1.5 us a page (SearchTable::populate). Speed only; an
// older kernel answers EINVAL and the pages fault one by one as before.
void populate_pages(void* p, std::size_t bytes) {
#ifdef MADV_POPULATE_WRITE
  const std::uintptr_t page = static_cast<std::uintptr_t>(::sysconf(_SC_PAGESIZE));
  const std::uintptr_t a = reinterpret_cast<std::uintptr_t>(p), first = (a + page - 1) & ~(page - 1),
                       last = (a + bytes) & ~(page - 1);
  if (last > first) ::madvise(reinterpret_cast<void*>(first), last - first, MADV_POPULATE_WRITE);
#else
  (void)p, (void)bytes;
#endif
}

}  // namespace

SuperkoArrays pack_proofs(const std::vector<StateProof>& proofs,
                          const std::vector<std::vector<std::int8_t>>* records) {
  SuperkoArrays a;
  const std::size_t n = proofs.size();
  if (records && records->empty()) records = nullptr;
  if (records && records->size() != n) throw std::logic_error("pack_proofs: records and proofs differ in number");
  // State i's record where a lane encoded it already (records[i] not empty).
  auto encoded = [&](std::size_t i) -> const std::vector<std::int8_t>* {
    return records && !(*records)[i].empty() ? &(*records)[i] : nullptr;
  };
  a.value.resize(n);
  a.best.resize(n);
  a.lo_cap.resize(n);
  a.hi_cap.resize(n);
  a.fact_index.resize(4 * (n + 1));
  auto put_u32 = [&](std::size_t i, std::uint64_t v) {
    for (int b = 0; b < 4; ++b) a.fact_index[4 * i + b] = static_cast<std::int8_t>(static_cast<std::uint8_t>(v >> (8 * b)));
  };
  // Two parallel sweeps over blocks of states: the first sizes each
  // block's records (and fills the one-byte arrays), the second, after the
  // blocks' offsets are summed, encodes each record at its place. The
  // stream is allocated uninitialised, so its pages are first touched by
  // the encoding threads: nothing of the pack is serial but the sum over
  // blocks (on 2x6 the copy into one stream and its page faults were).
  constexpr std::size_t kBlock = 4096;
  const std::size_t blocks = (n + kBlock - 1) / kBlock;
  std::vector<std::uint64_t> block_bytes(blocks + 1, 0);
  tbb::parallel_for(std::size_t{0}, blocks, [&](std::size_t b) {
    const std::size_t i0 = b * kBlock, i1 = std::min(n, i0 + kBlock);
    std::uint64_t k = 0;
    for (std::size_t i = i0; i < i1; ++i) {
      const StateProof& p = proofs[i];
      a.value[i] = p.value;
      a.best[i] = p.best;
      a.lo_cap[i] = cap_code(p.lo);
      a.hi_cap[i] = cap_code(p.hi);
      const std::vector<std::int8_t>* r = encoded(i);
      k += r ? r->size() : facts_bytes(p);
    }
    block_bytes[b + 1] = k;
  });
  for (std::size_t b = 0; b < blocks; ++b) block_bytes[b + 1] += block_bytes[b];
  const std::uint64_t total = block_bytes[blocks];
  if (total > 0xFFFFFFFFu) throw std::runtime_error("superko facts: more than 4 GiB of facts");
  a.facts.resize(std::max<std::uint64_t>(total, 1));
  if (!total) a.facts[0] = 0;  // a stream array holds at least one byte
  tbb::parallel_for(std::size_t{0}, blocks, [&](std::size_t b) {
    const std::size_t i0 = b * kBlock, i1 = std::min(n, i0 + kBlock);
    std::int8_t* const base = a.facts.data();
    std::int8_t* o = base + block_bytes[b];
    populate_pages(o, block_bytes[b + 1] - block_bytes[b]);
    for (std::size_t i = i0; i < i1; ++i) {
      put_u32(i, static_cast<std::uint64_t>(o - base));
      if (const std::vector<std::int8_t>* r = encoded(i)) {
        if (!r->empty()) std::memcpy(o, r->data(), r->size());
        o += r->size();
      } else {
        o = encode_facts_at(proofs[i], o);
      }
    }
    if (o != base + block_bytes[b + 1]) throw std::logic_error("pack_proofs: a record's size was miscounted");
  });
  put_u32(n, total);
  return a;
}

// --- Journal ------------------------------------------------------------------

SuperkoJournal::SuperkoJournal(std::string path, std::string header) : path_(std::move(path)), header_(std::move(header)) {}

SuperkoJournal::~SuperkoJournal() {
  if (f_) {
    ::fsync(::fileno(f_));
    std::fclose(f_);
  }
}

std::uint64_t SuperkoJournal::open(SuperkoProgress& progress) {
  std::uint64_t resumed = 0;
  std::vector<StateProof>& proofs = progress.proofs;
  progress.deferred.resize(proofs.size(), 0);
  std::vector<std::int8_t> bytes;
  if (std::FILE* in = std::fopen(path_.c_str(), "rb")) {
    char buf[1 << 16];
    std::size_t got;
    while ((got = std::fread(buf, 1, sizeof buf, in)) > 0) bytes.insert(bytes.end(), buf, buf + got);
    std::fclose(in);
  }
  std::size_t good = 0;  // bytes of the journal that hold whole, checked records
  auto inconsistent = [&] { return std::runtime_error("the resume journal '" + path_ + "' is inconsistent"); };
  if (!bytes.empty()) {
    const std::string head(reinterpret_cast<const char*>(bytes.data()),
                           std::min(bytes.size(), header_.size() + 1));
    if (head != header_ + '\n')
      throw std::runtime_error("the resume journal '" + path_ +
                               "' belongs to another run (board, rules or chunking differ); remove it to start over");
    good = header_.size() + 1;
    const std::int8_t* p = bytes.data() + good;
    const std::int8_t* end = bytes.data() + bytes.size();
    // Record: u32 length L, u64 xxh64 of the L payload bytes, payload =
    // varint chunk, varint state count, then per state: varint state,
    // value, best (kSkDeferred: deferred by the first pass), lo_cap, hi_cap,
    // varint record length, fact record.
    while (end - p >= 12) {
      std::uint32_t len = 0;
      std::uint64_t sum = 0;
      for (int i = 0; i < 4; ++i) len |= static_cast<std::uint32_t>(static_cast<std::uint8_t>(p[i])) << (8 * i);
      for (int i = 0; i < 8; ++i) sum |= static_cast<std::uint64_t>(static_cast<std::uint8_t>(p[4 + i])) << (8 * i);
      if (static_cast<std::size_t>(end - p - 12) < len) break;  // torn
      const std::int8_t* q = p + 12;
      const std::int8_t* rend = q + len;
      if (xxh64(q, len) != sum) break;
      const std::uint64_t c = get_varint(q, rend);
      const std::uint64_t count = get_varint(q, rend);
      if (c > (std::uint64_t{1} << 32) || count > proofs.size()) throw inconsistent();
      for (std::uint64_t k = 0; k < count; ++k) {
        const std::uint64_t state = get_varint(q, rend);
        if (state >= proofs.size() || rend - q < 4) throw inconsistent();
        StateProof& sp = proofs[state];
        sp = StateProof{};
        sp.value = *q++;
        sp.best = *q++;
        from_cap_code(*q++, sp.lo);
        from_cap_code(*q++, sp.hi);
        const std::uint64_t rl = get_varint(q, rend);
        if (static_cast<std::uint64_t>(rend - q) < rl) throw inconsistent();
        decode_facts(q, q + rl, sp);
        q += rl;
        // Each pass's records come after the pass before's (a pass starts
        // when the one before is complete), so the count is the passes
        // that deferred the state so far.
        if (sp.best == kSkDeferred) ++progress.deferred[state];
      }
      if (progress.done.size() <= c) progress.done.resize(c + 1, 0);
      if (!progress.done[c]) ++resumed;
      progress.done[c] = 1;
      p = rend;
      good = static_cast<std::size_t>(p - bytes.data());
    }
  }
  // Rewrite what was good (drops a torn tail), then append from there.
  f_ = std::fopen(path_.c_str(), bytes.empty() ? "wb" : "r+b");
  if (!f_) throw std::runtime_error("cannot write the resume journal '" + path_ + "'");
  if (bytes.empty()) {
    std::fputs((header_ + '\n').c_str(), f_);
  } else {
    if (::ftruncate(::fileno(f_), static_cast<off_t>(good)) != 0)
      throw std::runtime_error("cannot truncate the resume journal '" + path_ + "'");
    std::fseek(f_, 0, SEEK_END);
  }
  std::fflush(f_);
  return resumed;
}

void SuperkoJournal::append(std::uint64_t chunk, const std::uint64_t* states, std::size_t count,
                            const std::vector<StateProof>& proofs,
                            const std::vector<std::vector<std::int8_t>>* records) {
  std::vector<std::int8_t> payload, rec;
  put_varint(chunk, payload);
  put_varint(count, payload);
  for (std::size_t k = 0; k < count; ++k) {
    const StateProof& sp = proofs[states[k]];
    put_varint(states[k], payload);
    payload.push_back(sp.value);
    payload.push_back(sp.best);
    payload.push_back(cap_code(sp.lo));
    payload.push_back(cap_code(sp.hi));
    const std::vector<std::int8_t>* r = records && !records->empty() ? &(*records)[states[k]] : nullptr;
    if (!r || r->empty()) {  // not encoded by the lane: encode it here
      rec.clear();
      encode_facts(sp, rec);
      r = &rec;
    }
    put_varint(r->size(), payload);
    payload.insert(payload.end(), r->begin(), r->end());
  }
  std::int8_t head[12];
  const std::uint32_t len = static_cast<std::uint32_t>(payload.size());
  const std::uint64_t sum = xxh64(payload.data(), payload.size());
  for (int i = 0; i < 4; ++i) head[i] = static_cast<std::int8_t>(len >> (8 * i));
  for (int i = 0; i < 8; ++i) head[4 + i] = static_cast<std::int8_t>(sum >> (8 * i));
  if (std::fwrite(head, 1, 12, f_) != 12 || std::fwrite(payload.data(), 1, payload.size(), f_) != payload.size() ||
      std::fflush(f_) != 0)
    throw std::runtime_error("cannot write the resume journal '" + path_ + "'");
  // Flushed, each record survives a killed process; fsync (for a crash of
  // the system) at most once a second: it took 1 to 8 ms per chunk here,
  // under the lock that the lanes' chunks finish under (2x5: 435 chunks).
  const auto now = std::chrono::steady_clock::now();
  if (now - synced_ >= std::chrono::seconds(1)) {
    ::fsync(::fileno(f_));
    synced_ = now;
  }
}

void SuperkoJournal::remove() {
  if (f_) std::fclose(f_);
  f_ = nullptr;
  std::remove(path_.c_str());
}

}  // namespace gotb::search
