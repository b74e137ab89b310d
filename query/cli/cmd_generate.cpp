#include <cstdio>
#include <cstdlib>
#include <chrono>
#include <ctime>
#include <iostream>
#include <memory>

#include <tbb/task_arena.h>

#include "core/rules/games.hpp"
#include "format/tablebase.hpp"
#include "generator/distributed/generate_mpi.hpp"
#include "generator/distributed/superko_mpi.hpp"
#include "generator/retrograde/exact_table.hpp"
#include "generator/retrograde/generate.hpp"
#include "generator/retrograde/progress.hpp"
#include "generator/search/move_ordering.hpp"
#include "generator/search/root_proof.hpp"
#include "generator/search/root_store.hpp"
#include "generator/search/superko_table.hpp"
#include "query/cli/commands.hpp"
#include "query/cli/number_options.hpp"
#include "query/game_record.hpp"

namespace gotb::cli {
namespace {

struct GenerateArgs {
  std::string board, rules = "tromp-taylor", output;
  double komi = 0;
  int threads = 0;
  bool quiet = false;
  bool mpi = false;
  bool output_given = false;  // -o '' is an error, not "no file"
  // Superko rulesets: exact values with their proofs' history facts
  // (--exact) instead of the finite-state fixpoints.
  bool exact = false;
  std::uint32_t chunk_states = 256;
  // --exact, level order: states per chunk in the passes after the first
  // (SuperkoGenerateOptions::later_chunk_states; 0 = as --chunk-states).
  // 0 by default: one state per chunk balanced 2x6's second pass but lost
  // the table sharing between its costly states (docs/solving.md, "Later
  // passes state by state").
  std::uint32_t later_chunk_states = 0;
  // --exact, level order: "pass-early" (the stored move's test tries the
  // pass right after the table's move, SuperkoGenerateOptions::
  // root_pass_early) or "plain" (the files before it).
  std::string move_test = "pass-early";
  std::uint64_t max_chunks = 0;
  std::uint64_t first_pass_nodes = 2000;
  int passes = 2;
  std::uint64_t pass_growth = 10;
  std::uint64_t report_nodes = 0;
  std::string last_pass_order = "fewest";
  // --exact: "levels" (seeds, two passes) or "flat" (one pass, no seeds;
  // what --mpi distributes); empty: levels, flat with --mpi.
  std::string order;
  std::size_t table_megabytes = 16;
  // --exact, level order: lanes that keep their solver's table for the
  // whole run (SuperkoGenerateOptions::lanes); 0 = a fresh solver per chunk.
  std::uint32_t lanes = 2;
  // --exact, lanes > 1: the lanes exchange their table entries at every
  // level's end (SuperkoGenerateOptions::lane_exchange), entries of work
  // >= exchange_min_work only.
  std::string lane_exchange = "on";
  unsigned exchange_min_work = 0;
  // --exact with lanes: "clock" (chunks handed out on node-count clocks,
  // SuperkoGenerateOptions::lane_clock) or "static" (lane k: k, k+N, ...).
  std::string lane_schedule = "clock";
  // --exact with lanes: the lanes' figures per pass; tromp-taylor:ko=basic
  // tables: wall / CPU seconds per phase on stderr.
  bool profile = false;
  // Superko rulesets: the proof of the empty board only (both strategies).
  bool root = false;
  std::uint64_t max_walk = 0;
  std::string merge = "facts";
  std::string values = "exact";
};

// The creation time written into a superko file: SOURCE_DATE_EPOCH when set
// (reproducible builds' convention; byte-identical files from identical
// runs), else now.
std::string creation_time() {
  const char* env = std::getenv("SOURCE_DATE_EPOCH");
  if (!env || !*env) return "";
  char* end = nullptr;
  const long long v = std::strtoll(env, &end, 10);
  if (*end || v < 0) throw std::invalid_argument("SOURCE_DATE_EPOCH must be a non-negative integer");
  std::time_t t = static_cast<std::time_t>(v);
  std::tm tm{};
  gmtime_r(&t, &tm);
  char buf[32];
  std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", &tm);
  return buf;
}

// A superko ruleset with --exact: the exact search at every state, each
// value with its proof's facts (generator/search/superko_table.hpp). With a
// session (--mpi) every rank runs this: the chunks go to ranks 1.. through
// a work queue at rank 0 (generator/distributed/superko_mpi.hpp), and rank 0
// alone keeps the journal, reports and writes the file, the same bytes as
// one process.
// Write options of the superko and root files, read record by record: a
// reader reads each fact record when a game reaches its state, through the
// chunk that holds it, decompressed and checksummed whole, and a genmove
// reads the records of the state and of every child, each in a chunk of its
// own. 32 Ki-value chunks make that 8 times cheaper than the default 256 Ki
// (4x4 root file: a cold genmove ~4 ms instead of ~17-27 ms of wall on a
// loaded 2-core machine) for a file ~16% larger (docs/solving.md, "Reading
// a root file", "Reading a superko file lazily").
WriteOptions lazy_record_options(const Board& board, int threads) {
  WriteOptions wopt;
  wopt.board = &board;
  wopt.threads = threads;
  wopt.chunk_values = std::uint64_t{1} << 15;
  return wopt;
}

void run_superko(const GenerateArgs& a, const Board& board, const RuleSet& rules, const dist::Session* session) {
  const bool rank0 = !session || session->rank() == 0;
  if (board.size() > 31) throw std::invalid_argument("--exact: superko tablebases handle boards of up to 31 points");
  const auto start = std::chrono::steady_clock::now();
  // Wall and CPU seconds of the phases around the search (--profile): what
  // two threads cannot share is visible there.
  retro::PhaseClock phases;
  retro::StateIndex index(board);
  phases.mark("index");
  std::shared_ptr<const search::RetroOrdering> ordering;
  if (search::retro_ordering_cheap(board)) ordering = search::RetroOrdering::build(board, a.threads);
  phases.mark("ordering");
  search::SuperkoGenerateOptions opt;
  opt.threads = a.threads;
  opt.chunk_states = a.chunk_states;
  opt.later_chunk_states = a.later_chunk_states;
  opt.root_pass_early = a.order != "flat" && a.move_test == "pass-early";
  opt.table_megabytes = a.table_megabytes;
  opt.lanes = a.order == "flat" ? 0 : a.lanes;
  opt.lane_exchange = a.lane_exchange == "on";
  opt.exchange_min_work = a.exchange_min_work;
  opt.lane_clock = a.lane_schedule == "clock";
  opt.release_in_background = true;  // the lanes' tables unmapped while the file is written
  // Each record encoded once, by its lane (journal and file take it from there).
  opt.encode_records = a.output_given && a.order != "flat";
  // The level order (seeds, two passes) needs every earlier level's proofs
  // wherever a chunk is solved; MPI ranks solve chunks of the flat order
  // (superko_table.hpp), which depend on nothing else.
  const bool flat = a.order == "flat";
  opt.first_pass_nodes = flat ? 0 : a.first_pass_nodes;
  opt.passes = a.passes;
  opt.pass_growth = a.pass_growth;
  opt.report_nodes = a.report_nodes;
  opt.last_pass_most_empties_first = a.last_pass_order == "most";
  opt.progress = !a.quiet && rank0;
  opt.stop_after_chunks = a.max_chunks;
  opt.ordering = ordering.get();
  if (!rank0) {  // a worker rank: solves what rank 0 hands it
    std::vector<search::StateProof> none;
    std::vector<char> no_chunks;
    dist::generate_superko_distributed(*session, index, rules, opt, none, no_chunks, {});
    return;
  }
  search::SuperkoProgress progress;
  progress.proofs.resize(index.states());
  std::vector<search::StateProof>& proofs = progress.proofs;
  const std::vector<std::uint64_t> order = flat ? search::superko_state_order(index) : std::vector<std::uint64_t>{};
  // Everything that decides the file's bytes names the journal, so that a
  // journal is only ever resumed by the run that would write the same file.
  const std::string header = "gotb-superko-journal-v2 board=" + board.spec() + " rules=" + rules.to_string() +
                             " states=" + std::to_string(index.states()) + " chunk_states=" +
                             std::to_string(a.chunk_states) + " table_megabytes=" +
                             std::to_string(a.table_megabytes) + " max_dependencies=" +
                             std::to_string(opt.max_dependencies) + " ordering=" + (ordering ? "retro" : "history") +
                             " order=" + (flat ? search::kSuperkoOrderFlat : search::kSuperkoOrder) +
                             " first_pass_nodes=" + std::to_string(opt.first_pass_nodes) +
                             // Two passes: the header of the runs before --passes (their journals resume).
                             (flat || opt.passes == 2 ? std::string{}
                                                      : " passes=" + std::to_string(opt.passes) +
                                                            " pass_growth=" + std::to_string(opt.pass_growth)) +
                             (flat || !opt.last_pass_most_empties_first ? std::string{} : " last_pass=most-empties") +
                             // The later passes' chunks (0: cut as the first pass's, the runs before it).
                             (flat || !opt.later_chunk_states
                                  ? std::string{}
                                  : " later_chunk_states=" + std::to_string(opt.later_chunk_states)) +
                             // The stored move's test (off: the runs before it).
                             (opt.root_pass_early ? " move_test=pass-early" : std::string{}) +
                             // Lanes keep tables across chunks: the facts depend on their number.
                             (opt.lanes ? " lanes=" + std::to_string(opt.lanes) : std::string{}) +
                             // Exchanged entries enter later proofs: their rule decides the facts too.
                             (opt.lanes > 1 && opt.lane_exchange
                                  ? " exchange=" + std::to_string(opt.exchange_min_work)
                                  : std::string{}) +
                             // Which lane solves which chunk decides its table.
                             (opt.lanes && opt.lane_clock ? " schedule=node-clock" : std::string{});
  std::unique_ptr<search::SuperkoJournal> journal;
  std::uint64_t resumed = 0;
  if (a.output_given) {
    journal = std::make_unique<search::SuperkoJournal>(a.output + ".partial", header);
    resumed = journal->open(progress);
    if (resumed && !a.quiet)
      std::fprintf(stderr, "superko: resuming %s.partial: %llu chunks already solved\n", a.output.c_str(),
                   static_cast<unsigned long long>(resumed));
  }
  phases.mark("journal read");
  search::SuperkoGenerateStats st;
  dist::SuperkoDistributedStats ds;
  const std::uint64_t per = std::max<std::uint32_t>(a.chunk_states, 1);
  const auto journal_chunk = [&](std::uint64_t c) {  // flat order: chunk c = order[c * per ...]
    if (journal)
      journal->append(c, order.data() + c * per, std::min<std::uint64_t>(per, order.size() - c * per), proofs);
  };
  try {
    if (flat) {
      progress.done.resize((order.size() + per - 1) / per, 0);
      st = session ? dist::generate_superko_distributed(*session, index, rules, opt, proofs, progress.done,
                                                        journal_chunk, &ds)
                   : search::generate_superko_flat(index, rules, opt, proofs, progress.done, journal_chunk);
    } else {
      st = search::generate_superko(index, rules, opt, progress,
                                    [&](std::uint64_t c, const std::uint64_t* states, std::size_t count) {
                                      if (journal) journal->append(c, states, count, proofs, &progress.records);
                                    });
    }
  } catch (const NodeLimitReached&) {
    std::uint64_t solved = 0;
    for (char d : progress.done) solved += d != 0;
    std::printf("stopped      after --max-chunks %llu: %llu chunks solved%s\n",
                static_cast<unsigned long long>(a.max_chunks), static_cast<unsigned long long>(solved),
                journal ? "; run the same command again to continue" : " (no --output: nothing kept)");
    throw StoppedByLimit("--max-chunks reached");
  }
  phases.mark("generation");
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::uint64_t facts = 0, exact_any_history = 0;
  for (const auto& p : proofs) {
    facts += p.lo.absent.size() + p.lo.present.size() + p.hi.absent.size() + p.hi.present.size();
    exact_any_history += !p.lo.unknown && !p.hi.unknown && p.lo.absent.empty() && p.lo.present.empty() &&
                         p.hi.absent.empty() && p.hi.present.empty() && p.lo.cap == 127 && p.hi.cap == 127;
  }
  std::printf("board        %s\n", board.spec().c_str());
  std::printf("rules        %s\n", rules.to_string().c_str());
  std::printf("kind         superko-exact (every state's value from its shortest history, with the history "
              "facts of its proof; docs/generator.md)\n");
  std::printf("komi         %g\n", a.komi);
  std::printf("positions    %llu (canonical, colour-normalised)\n", static_cast<unsigned long long>(index.positions()));
  std::printf("states       %llu in %llu chunks (%llu resumed from the journal)\n",
              static_cast<unsigned long long>(st.states), static_cast<unsigned long long>(st.chunks),
              static_cast<unsigned long long>(resumed));
  for (std::size_t p = 0; p < st.deferred_by_pass.size(); ++p)
    std::printf("pass %zu       %llu states needed more than %llu nodes and were left to pass %zu\n", p + 1,
                static_cast<unsigned long long>(st.deferred_by_pass[p]),
                static_cast<unsigned long long>(search::superko_pass_budget(opt, static_cast<int>(p) + 1)), p + 2);
  std::printf("nodes        %llu (this run); %llu found their state among the earlier levels' proofs, %llu "
              "settled by them\n",
              static_cast<unsigned long long>(st.nodes), static_cast<unsigned long long>(st.seed_probes),
              static_cast<unsigned long long>(st.seed_cutoffs));
  std::printf("facts        %llu in all, %.1f per state; %llu states hold under every history\n",
              static_cast<unsigned long long>(facts), static_cast<double>(facts) / st.states,
              static_cast<unsigned long long>(exact_any_history));
  std::printf("threads      %d\n", st.threads);
  if (session) {
    std::printf("ranks        %d (MPI; rank 0 hands out chunks, ranks 1.. solve them with %d threads each)\n",
                ds.ranks, st.threads);
    if (ds.ranks > 1) std::printf("chunks/rank ");
    for (std::size_t r = 1; r < ds.chunks_per_rank.size(); ++r)
      std::printf(" %llu", static_cast<unsigned long long>(ds.chunks_per_rank[r]));
    if (ds.ranks > 1) std::printf("  (ranks 1..%d, this run)\n", ds.ranks - 1);
    std::printf("messages     %llu work + %llu results (%llu bytes of proofs); rank 0 waited %.3f s\n",
                static_cast<unsigned long long>(ds.work_messages), static_cast<unsigned long long>(ds.result_messages),
                static_cast<unsigned long long>(ds.result_bytes), ds.wait_seconds);
  }
  std::printf("seconds      %.3f (search %.3f wall, %.3f CPU)\n", seconds, st.seconds, st.cpu_seconds);
  if (a.profile)
    for (std::size_t p = 0; p < st.lane_passes.size(); ++p) {
      const auto& l = st.lane_passes[p];
      if (!l.levels) continue;
      std::printf("lanes p%zu     %llu levels: %llu nodes (critical path %llu), %.3f CPU s in searches (critical "
                  "path %.3f: speed-up bound %.2fx with %u threads); exchange %llu entries out, %llu in, %.3f CPU s "
                  "(critical path %.3f)\n",
                  p + 1, static_cast<unsigned long long>(l.levels), static_cast<unsigned long long>(l.nodes),
                  static_cast<unsigned long long>(l.critical_nodes), l.cpu, l.critical_cpu,
                  l.critical_cpu > 0 ? l.cpu / l.critical_cpu : 0.0, opt.lanes,
                  static_cast<unsigned long long>(l.exported), static_cast<unsigned long long>(l.imported),
                  l.exchange_cpu, l.exchange_critical_cpu);
    }
  if (a.profile) {
    const auto& f = st.phases;
    std::printf("generation   wall s: plan %.3f, tables %.3f, populate %.3f, levels %.3f (of which lanes starting "
                "%.3f), exchange %.3f, teardown %s; the lanes idle %.3f in all (waiting, or preempted; %llu "
                "sleeps on a node clock, %.3f s)\n",
                f.plan, f.tables, f.populate, f.levels, f.lane_start, f.exchange,
                st.release ? "in the background"
                           : (std::to_string(f.teardown).substr(0, 5) + " (" +
                              std::to_string(f.teardown_cpu).substr(0, 5) + " CPU s)").c_str(),
                f.lane_idle, static_cast<unsigned long long>(f.clock_waits), f.clock_wait);
    if (f.model_one_thread > 0)
      std::printf("idle model   the levels' chunks on idle cores, from their thread CPU seconds: %.3f s with a thread "
                  "per lane (node-clock waits included; %.3f s without any wait), %.3f s on one thread: %.2fx\n",
                  f.model_lanes, f.model_no_wait, f.model_one_thread,
                  f.model_lanes > 0 ? f.model_one_thread / f.model_lanes : 0.0);
  }
  const std::uint64_t empty = retro::state_of(index, Position{}, Color::Black, 0);
  std::printf("empty board  %s  (Black to move, Black's view, komi %g, exact)\n",
              Value::score(proofs[empty].value, a.komi).to_string().c_str(), a.komi);
  auto print_phases = [&] {
    if (!a.profile) return;
    std::fflush(stdout);
    retro::print_phases(stdout, phases.phases());
  };
  if (!a.output_given) return print_phases();
  phases.restart();
  search::SuperkoArrays arr;
  {
    tbb::task_arena arena(a.threads > 0 ? a.threads : tbb::task_arena::automatic);
    arena.execute([&] { arr = search::pack_proofs(proofs, &progress.records); });
  }
  phases.mark("pack");
  TablebaseMeta meta;
  meta.board = board.spec();
  meta.rules = rules.to_string();
  meta.komi = a.komi;
  meta.index_scheme = retro::kIndexScheme;
  meta.symmetry_scheme = retro::symmetry_scheme(index);
  meta.value_encoding = search::kSuperkoValueEncoding;
  meta.state_count = index.states();
  meta.created = creation_time();
  meta.extra["kind"] = search::kSuperkoKind;
  meta.extra["exact"] = "true";
  meta.extra["history"] =
      "each value is that of the game started at the state with the shortest history (the position; after a pass "
      "also the position before it) and holds under a history H iff H satisfies the stored facts "
      "(docs/solving.md, Superko tablebases)";
  meta.extra["positions"] = std::to_string(index.positions());
  meta.extra["chunk_states"] = std::to_string(a.chunk_states);
  meta.extra["table_megabytes"] = std::to_string(a.table_megabytes);
  meta.extra["max_dependencies"] = std::to_string(opt.max_dependencies);
  meta.extra["ordering"] = ordering ? "retro" : "history";
  meta.extra["order"] = flat ? search::kSuperkoOrderFlat : search::kSuperkoOrder;
  meta.extra["first_pass_nodes"] = std::to_string(opt.first_pass_nodes);
  if (!flat && opt.passes != 2) {
    meta.extra["passes"] = std::to_string(opt.passes);
    meta.extra["pass_growth"] = std::to_string(opt.pass_growth);
  }
  if (!flat && opt.last_pass_most_empties_first) meta.extra["last_pass_order"] = "most-empties-first";
  if (!flat && opt.later_chunk_states) meta.extra["later_chunk_states"] = std::to_string(opt.later_chunk_states);
  if (opt.root_pass_early) meta.extra["move_test"] = "pass-early";
  if (opt.lanes) meta.extra["lanes"] = std::to_string(opt.lanes);
  if (opt.lanes > 1 && opt.lane_exchange) {
    meta.extra["lane_exchange_min_work"] = std::to_string(opt.exchange_min_work);
  }
  if (opt.lanes && opt.lane_clock) meta.extra["lane_schedule"] = "node-clock";
  meta.extra["facts"] = std::to_string(facts);
  const WriteOptions wopt = lazy_record_options(board, a.threads);
  const std::uint64_t n = index.states();
  write_tablebase(a.output, meta,
                  {{search::kSkValue, arr.value.data(), n},
                   {search::kSkBest, arr.best.data(), n},
                   {search::kSkLoCap, arr.lo_cap.data(), n},
                   {search::kSkHiCap, arr.hi_cap.data(), n},
                   {search::kSkFacts, arr.facts.data(), arr.facts.size(), true},
                   {search::kSkFactIndex, arr.fact_index.data(), arr.fact_index.size(), true}},
                  wopt);
  phases.mark("write");
  if (journal) journal->remove();
  TablebaseReader check(a.output);
  const double disk = static_cast<double>(check.file_bytes());
  std::printf("file         %s: %.0f bytes, %.2f bytes/state on disk (fact stream %zu bytes raw)\n",
              a.output.c_str(), disk, disk / static_cast<double>(n), arr.facts.size());
  phases.mark("file reread");
  print_phases();
}

// A superko ruleset with --root: the empty board's value with both sides'
// strategies, each node with its proof's facts (generator/search/root_proof.hpp).
void run_root(const GenerateArgs& a, const Board& board, const RuleSet& rules) {
  const auto start = std::chrono::steady_clock::now();
  std::shared_ptr<const search::RetroOrdering> ordering;
  if (search::retro_ordering_cheap(board)) ordering = search::RetroOrdering::build(board, a.threads);
  search::RootGenerateOptions opt;
  opt.table_megabytes = a.table_megabytes;
  opt.walk_limit = a.max_walk;
  opt.merge_states = a.merge == "states";
  opt.strategy_values = a.values == "strategy";
  opt.progress = !a.quiet;
  opt.ordering = ordering.get();
  // The entries' fact records go to a spill file next to the output as
  // they are made (removed when done): memory holds ~24 bytes per entry.
  search::RootStore entries(a.output_given ? a.output + ".spill" : std::string{});
  const search::RootGenerateStats st = search::generate_root(board, rules, opt, entries);
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  const std::uint64_t facts = st.facts, keys = st.states;
  std::printf("board        %s\n", board.spec().c_str());
  std::printf("rules        %s\n", rules.to_string().c_str());
  std::printf("kind         superko-root (the empty board's proof: both strategies, each node with the history facts "
              "of its proof; docs/solving.md, Root proofs)\n");
  std::printf("komi         %g\n", a.komi);
  std::printf("empty board  %s  (Black to move, Black's view, komi %g, exact)\n",
              Value::score(st.value, a.komi).to_string().c_str(), a.komi);
  std::printf("entries      %zu for %llu canonical states; %llu facts in all (%.1f per entry)\n", entries.size(),
              static_cast<unsigned long long>(keys), static_cast<unsigned long long>(facts),
              entries.size() == 0 ? 0.0 : static_cast<double>(facts) / entries.size());
  std::printf("walk         %llu nodes (%llu merged with an earlier subtree, %llu reused an entry, %llu searched), "
              "deepest line %llu plies\n",
              static_cast<unsigned long long>(st.walked), static_cast<unsigned long long>(st.merged),
              static_cast<unsigned long long>(st.reused), static_cast<unsigned long long>(st.searched),
              static_cast<unsigned long long>(st.max_depth));
  if (opt.strategy_values)
    std::printf("values       strategy: %llu entries hold one bound only (the root value for the side whose "
                "strategy meets the node; docs/solving.md, Strategy values); %llu bounds with same-history "
                "facts (their proof's facts overflowed); %llu walked nodes ended by pass guarantees\n",
                static_cast<unsigned long long>(st.one_sided), static_cast<unsigned long long>(st.same_history),
                static_cast<unsigned long long>(st.benson_ends));
  if (st.unknown)
    std::printf("warning      %llu entries with unknown facts (proof above the fact cap): a reader re-proves there\n",
                static_cast<unsigned long long>(st.unknown));
  std::printf("coverage     %s\n", st.stopped ? "incomplete (stopped by --max-walk)"
                                  : opt.merge_states ? "partial (--merge states: one walk per state)"
                                                  : "complete (--merge facts: every line where one side follows "
                                                    "its stored moves meets entries whose facts hold)");
  std::printf("nodes        %llu (search; %llu entries proved on the real line where the shortest history's "
              "facts failed)\n",
              static_cast<unsigned long long>(st.nodes), static_cast<unsigned long long>(st.line_proofs));
  std::printf("seconds      %.3f (walk and search %.3f)\n", seconds, st.seconds);
  std::printf("memory       %.1f MiB entry store (%.1f bytes/entry; %.1f MiB fact records, spilled to disk when "
              "writing a file), %.1f MiB state map\n",
              st.store_bytes / 1048576.0, static_cast<double>(st.store_bytes) / std::max<std::size_t>(entries.size(), 1),
              entries.record_bytes() / 1048576.0, st.map_bytes / 1048576.0);
  if (st.stopped) {
    std::printf("stopped      after --max-walk %llu: the strategies are incomplete, no file written\n",
                static_cast<unsigned long long>(a.max_walk));
    throw StoppedByLimit("--max-walk reached");
  }
  if (!a.output_given) return;
  const search::RootArrays arr = entries.pack();
  TablebaseMeta meta;
  meta.board = board.spec();
  meta.rules = rules.to_string();
  meta.komi = a.komi;
  meta.index_scheme = search::kRootIndexScheme;
  meta.symmetry_scheme = "canonical-min-state-key";
  meta.value_encoding = search::kRootValueEncoding;
  meta.state_count = entries.size();
  meta.created = creation_time();
  meta.extra["kind"] = search::kRootKind;
  meta.extra["exact"] = "true";
  meta.extra["root_value"] = std::to_string(st.value);
  meta.extra["history"] =
      "each entry is a state met from the empty board while one side follows its stored strategy; its value holds "
      "under a history H iff H satisfies the stored facts (docs/solving.md, Root proofs)";
  meta.extra["walked"] = std::to_string(st.walked);
  meta.extra["coverage"] = opt.merge_states
                               ? "partial: one walk per state (--merge states); other lines may need the fallback"
                               : "complete: every line where one side follows its stored moves (--merge facts)";
  meta.extra["search_nodes"] = std::to_string(st.nodes);
  meta.extra["values"] = opt.strategy_values
                             ? "strategy: off the lines where both sides follow their strategies an entry proves "
                               "only the root value as a bound (the side holding it has a stored move)"
                             : "exact: every entry proves its state's exact value";
  meta.extra["max_dependencies"] = std::to_string(opt.max_dependencies);
  meta.extra["facts"] = std::to_string(facts);
  const WriteOptions wopt = lazy_record_options(board, a.threads);
  const std::uint64_t n = entries.size();
  write_tablebase(a.output, meta,
                  {{search::kRootStateKey, arr.state_key.data(), arr.state_key.size(), true},
                   {search::kSkValue, arr.rest.value.data(), n},
                   {search::kSkBest, arr.rest.best.data(), n},
                   {search::kSkLoCap, arr.rest.lo_cap.data(), n},
                   {search::kSkHiCap, arr.rest.hi_cap.data(), n},
                   {search::kSkFacts, arr.rest.facts.data(), arr.rest.facts.size(), true},
                   {search::kSkFactIndex, arr.rest.fact_index.data(), arr.rest.fact_index.size(), true}},
                  wopt);
  TablebaseReader check(a.output);
  std::printf("file         %s: %llu bytes (%.1f bytes/entry; fact stream %zu bytes raw)\n", a.output.c_str(),
              static_cast<unsigned long long>(check.file_bytes()),
              static_cast<double>(check.file_bytes()) / static_cast<double>(std::max<std::uint64_t>(n, 1)),
              arr.rest.facts.size());
}

// The MPI figures of a distributed run (rank 0).
// `unit`: "sweep" (fixpoint tables) or "round" (exact tables).
void print_distributed(const dist::DistributedGenerateStats& d, int threads, const char* unit) {
  std::uint64_t bytes = 0;
  for (auto b : d.sweep_bytes) bytes += b;
  std::printf("ranks        %d (MPI; %d threads each)\n", d.ranks, threads);
  std::printf("ghosts       %llu states read from other ranks (largest rank %llu; own states of the largest rank %llu)\n",
              static_cast<unsigned long long>(d.ghosts), static_cast<unsigned long long>(d.max_ghosts),
              static_cast<unsigned long long>(d.max_owned_states));
  std::printf("messages     %llu bytes registration + %llu bytes updates in %zu %ss (%.3g bytes/%s)\n",
              static_cast<unsigned long long>(d.setup_bytes), static_cast<unsigned long long>(bytes),
              d.sweep_bytes.size(), unit,
              d.sweep_bytes.empty() ? 0.0 : static_cast<double>(bytes) / d.sweep_bytes.size(), unit);
  std::printf("per %s    update bytes:", unit);
  for (auto b : d.sweep_bytes) std::printf(" %llu", static_cast<unsigned long long>(b));
  std::printf("\n");
  std::printf("alltoallv    %llu MPI_Alltoallv calls for %zu exchanges (registration and one per %s; a message is "
              "split at %llu bytes per rank pair)\n",
              static_cast<unsigned long long>(d.alltoallv_calls), d.sweep_bytes.size() + 1, unit,
              static_cast<unsigned long long>(d.alltoallv_pair_bytes));
  std::printf("exchange     %.3f s at rank 0 (exchange and reductions)\n", d.exchange_seconds);
  std::printf("phases       seconds per rank (largest/smallest over the ranks), wall and CPU:\n");
  for (int p = 0; p < dist::kPhases; ++p)
    std::printf("  %-9s  wall %8.3f/%8.3f  CPU %8.3f/%8.3f\n", dist::kPhaseNames[p], d.most.wall[p], d.least.wall[p],
                d.most.cpu[p], d.least.cpu[p]);
  std::printf("peak RSS     %.1f MiB (largest rank; %.1f MiB the largest of ranks 1.., without the gathered "
              "tables of rank 0)\n",
              d.max_peak_rss / 1048576.0, d.max_peak_rss_workers / 1048576.0);
  if (d.max_index_bytes)
    std::printf("index        %.2f MiB per rank at most (each rank builds its own part; rank 0 also builds the whole "
                "index to write the file)\n",
                d.max_index_bytes / 1048576.0);
}

// tromp-taylor:ko=basic: exact values of every state (exact_table.hpp); the
// report on stdout and the file, from the whole arrays (in an MPI run: at
// rank 0, with `dist` set).
void report_exact(const GenerateArgs& a, const Board& board, const RuleSet& rules, const retro::ExactGenerated& g,
                  const dist::DistributedGenerateStats* dist) {
  const retro::ExactGenerateStats& s = g.stats;
  const double ram = static_cast<double>(6 * s.states + s.index_bytes);
  std::printf("board        %s\n", board.spec().c_str());
  std::printf("rules        %s\n", rules.to_string().c_str());
  std::printf("game         %s\n", g.game.c_str());
  std::printf("kind         exact (every state's value; docs/generator.md)\n");
  std::printf("komi         %g\n", a.komi);
  std::printf("positions    %llu (canonical, colour-normalised)\n", static_cast<unsigned long long>(s.positions));
  std::printf("states       %llu (%llu with a ko ban)\n", static_cast<unsigned long long>(s.states),
              static_cast<unsigned long long>(s.ko_states));
  std::printf("plays        %llu (successor graph, %.1f MiB%s)\n", static_cast<unsigned long long>(s.solve.plays),
              s.solve.graph_bytes / 1048576.0, dist ? " over all ranks" : "");
  std::printf("rounds       %d (max depth %d)\n", s.solve.rounds, s.solve.max_depth);
  std::printf("evaluations  %llu\n", static_cast<unsigned long long>(s.solve.evaluations));
  std::printf("threads      %d\n", s.threads);
  std::printf("seconds      %.3f (index %.3f, graph %.3f, rounds %.3f)\n", s.total_seconds, s.index_seconds,
              s.solve.graph_seconds, s.solve.round_seconds);
  if (dist) print_distributed(*dist, s.threads, "round");
  else std::printf("peak RSS     %.1f MiB\n", s.peak_rss / 1048576.0);
  std::printf("bytes/state  %.3f in RAM for the result (4 arrays + index), %.3f with the successor graph\n",
              ram / s.states, (ram + s.solve.graph_bytes) / s.states);
  retro::PhaseClock clock;
  // Straight from the arrays (an ExactTable would copy them all).
  const std::uint64_t root = g.index->state_of(Position{}, Color::Black, 0, -1);
  const Value empty = retro::exact_value(g.arrays.lower.at(root), g.arrays.upper.at(root), Color::Black, a.komi);
  std::printf("empty board  %s  (Black to move, Black's view, komi %g, exact)\n", empty.to_string().c_str(), a.komi);
  clock.mark("report");
  if (a.output_given) {
    retro::write_exact(a.output, board, rules, a.komi, g, a.threads);
    clock.mark("write file");
    TablebaseReader check(a.output);
    const double disk = static_cast<double>(check.file_bytes());
    clock.mark("reopen file");
    std::printf("file         %s: %.0f bytes, %.4f bytes/state on disk\n", a.output.c_str(), disk,
                disk / static_cast<double>(s.states));
  }
  if (a.profile) {
    std::vector<retro::PhaseTime> phases = s.phases;
    phases.insert(phases.end(), clock.phases().begin(), clock.phases().end());
    std::fflush(stdout);
    std::fprintf(stderr, "profile (--profile; CPU = user+sys of the whole process, %d threads):\n", s.threads);
    retro::print_phases(stderr, phases);
  }
}

// The report on stdout and the file, from the whole tables (in an MPI run:
// at rank 0, with `dist` set).
void report_and_write(const GenerateArgs& a, const Board& board, const RuleSet& rules, retro::Tables& t,
                      const dist::DistributedGenerateStats* dist) {
  const retro::GenerateStats& s = t.stats;
  const double bytes_per_state =
      s.states ? static_cast<double>(t.upper.size() + t.lower.size() + s.index_bytes) / s.states : 0;
  std::printf("board        %s\n", board.spec().c_str());
  std::printf("rules        %s\n", rules.to_string().c_str());
  std::printf("game         %s\n", t.kernel.c_str());
  std::printf("komi         %g\n", a.komi);
  std::printf("positions    %llu (canonical, colour-normalised)\n", static_cast<unsigned long long>(s.positions));
  std::printf("states       %llu\n", static_cast<unsigned long long>(s.states));
  std::printf("sweeps       %d\n", s.sweeps);
  std::printf("evaluations  %llu\n", static_cast<unsigned long long>(s.evaluations));
  std::printf("threads      %d\n", s.threads);
  std::printf("seconds      %.3f (index %.3f, sweeps %.3f)\n", s.total_seconds, s.index_seconds, s.sweep_seconds);
  std::printf("states/s     %.4g (evaluations per second of sweeping)\n",
              s.sweep_seconds > 0 ? s.evaluations / s.sweep_seconds : 0.0);
  if (dist) print_distributed(*dist, s.threads, "sweep");
  else std::printf("peak RSS     %.1f MiB\n", s.peak_rss / 1048576.0);
  std::printf("bytes/state  %.3f (two int8 tables + index)\n", bytes_per_state);
  const std::uint64_t empty = retro::state_of(*t.index, Position{}, Color::Black, 0);
  const retro::Bracket br = retro::bracket_at(t.upper, t.lower, empty, Color::Black, a.komi);
  std::printf("empty board  Black to move, Black's view, komi %g:\n", a.komi);
  std::printf("  cycles scored for Black (greatest fixpoint): %s\n", br.gfp.to_string().c_str());
  std::printf("  cycles scored for White (least fixpoint):    %s\n", br.lfp.to_string().c_str());
  std::printf("  %s\n", br.exact() ? "exact for the finite-state game: no cycle matters"
                                   : "bound pair: the value depends on how cycles are scored");
  if (!a.output_given) return;
  TablebaseMeta meta;
  meta.board = board.spec();
  meta.rules = rules.to_string();
  meta.komi = a.komi;
  meta.index_scheme = retro::kIndexScheme;
  meta.symmetry_scheme = retro::symmetry_scheme(*t.index);
  meta.value_encoding = retro::kValueEncoding;
  meta.state_count = s.states;
  meta.extra["game"] = t.kernel;
  meta.extra["arrays"] =
      "upper: value with infinite play scored as a win for the player to move; lower: ... for her opponent "
      "(player to move's view, komi 0; docs/generator.md)";
  meta.extra["exactness"] = "finite-state fixpoints (superko ignored): bounds, not superko-exact values";
  meta.extra["positions"] = std::to_string(s.positions);
  meta.extra["sweeps"] = std::to_string(s.sweeps);
  meta.extra["generate_seconds"] = std::to_string(s.total_seconds);
  meta.extra["threads"] = std::to_string(s.threads);
  if (dist) meta.extra["mpi_ranks"] = std::to_string(dist->ranks);
  WriteOptions wopt;
  wopt.board = &board;
  wopt.threads = a.threads;
  write_tablebase(a.output, meta,
                  {{retro::kUpperArray, t.upper.data(), t.upper.size()},
                   {retro::kLowerArray, t.lower.data(), t.lower.size()}},
                  wopt);
  TablebaseReader check(a.output);
  const double disk = static_cast<double>(check.file_bytes());
  std::printf("file         %s: %.0f bytes, %.4f bytes/state on disk (raw value bytes / file: %.3gx)\n",
              a.output.c_str(), disk, disk / static_cast<double>(s.states),
              static_cast<double>(t.upper.size() + t.lower.size()) / disk);
}

void run_generate(const GenerateArgs& a) {
  if (a.output_given) check_output_path(a.output);  // before the work, not after it
  const Board board = Board::parse(a.board);
  const RuleSet rules = RuleSet::parse(a.rules);
  const bool exact = retro::has_exact_kernel(rules);
  if (a.root) {
    if (a.mpi) throw std::invalid_argument("--root is not distributed; run without --mpi");
    if (!rules.support().superko_search)
      throw std::invalid_argument("--root needs a tromp-taylor superko ruleset, not " + rules.to_string());
    return run_root(a, board, rules);
  }
  if (a.exact && !exact) {
    if (!a.mpi) return run_superko(a, board, rules, nullptr);
    dist::Session session;
    bool stopped = false;  // --max-chunks: rank 0 stops the workers, then exits 3
    dist::run_on_rank(session, [&] {
      try {
        run_superko(a, board, rules, &session);
      } catch (const NodeLimitReached&) {
        if (session.rank() != 0) throw;
        stopped = true;
      }
    });
    if (stopped) throw StoppedByLimit("--max-chunks reached");
    return;
  }
  retro::GenerateOptions opt;
  opt.threads = a.threads;
  opt.progress = !a.quiet;
  if (!a.mpi) {
    if (exact) return report_exact(a, board, rules, retro::generate_exact(board, rules, a.threads, !a.quiet), nullptr);
    retro::Tables t = retro::generate(board, rules, opt);
    report_and_write(a, board, rules, t, nullptr);
    return;
  }
  dist::Session session;
  dist::run_on_rank(session, [&] {
    dist::DistributedGenerateStats ds;
    if (exact) {
      const retro::ExactGenerated g =
          dist::generate_exact_distributed(session, board, rules, a.threads, !a.quiet, &ds);
      if (session.rank() == 0) report_exact(a, board, rules, g, &ds);
      return;
    }
    retro::Tables t = dist::generate_distributed(session, board, rules, opt, &ds);
    if (session.rank() == 0) report_and_write(a, board, rules, t, &ds);
  });
}

// The options whose checks depend on whether they appear on the command line.
struct GivenOptions {
  CLI::Option *chunk_states = nullptr, *later_chunk_states = nullptr, *max_chunks = nullptr, *order = nullptr, *first_pass_nodes = nullptr,
              *passes = nullptr, *pass_growth = nullptr, *last_pass_order = nullptr, *report_nodes = nullptr,
              *move_test = nullptr,
              *merge = nullptr, *values = nullptr, *max_walk = nullptr;
};

}  // namespace

void add_generate_command(CLI::App& app) {
  auto args = std::make_shared<GenerateArgs>();
  CLI::App* sub = app.add_subcommand(
      "generate",
      "Retrograde tables of a whole board. tromp-taylor:ko=basic (basic ko + long-cycle tie): EXACT values of "
      "every state, with depths for optimal play. Other tromp-taylor rulesets (superko): the two finite-state "
      "fixpoints (cycles scored for Black / for White), which are bounds and move ordering for the search, "
      "not game values; with --exact their exact values with history facts, with --root the empty board's proof "
      "(docs/generator.md)");
  sub->add_option("--board,-b", args->board, "board: RxC, cylinder:RxC, torus:RxC, ring:N or graph:FILE")->required();
  sub->add_option("--rules,-r", args->rules,
                  "ruleset: tromp-taylor:ko=basic[,suicide=no] (exact) or another tromp-taylor ruleset (fixpoints)")
      ->capture_default_str();
  sub->add_option("--komi,-k", args->komi, "komi for the printed values and the file (multiple of 0.5)")
      ->check(komi_number())
      ->capture_default_str();
  sub->add_option("--threads,-t", args->threads, "worker threads; 0 = all cores")
      ->check(integer_number(0, 1024))
      ->capture_default_str();
  auto* out = sub->add_option("--output,-o", args->output,
                              "write the tables to this tablebase file (a new file or a regular file it replaces)");
  out->check(non_empty_name());
  sub->add_flag("--quiet,-q", args->quiet, "no progress lines on stderr");
  sub->add_flag("--exact", args->exact,
                "superko rulesets: EXACT values of every state with the history facts of their proofs (the exact "
                "search at every state, resumable through OUTPUT.partial) instead of the fixpoints "
                "(docs/generator.md, \"Superko files\")");
  // The option checks below ask whether an option was *given*, not whether
  // its value differs from the default: "--merge facts" without --root is as
  // meaningless as "--merge states".
  GivenOptions given;
  given.chunk_states = sub->add_option("--chunk-states", args->chunk_states,
                  "--exact: states per chunk (unit of parallel work and of resuming; part of the file's identity)")
      ->check(integer_number(1, 1 << 24))
      ->capture_default_str();
  given.later_chunk_states = sub->add_option("--later-chunk-states", args->later_chunk_states,
                  "--exact, level order: most states per chunk in the passes after the first, which hold the few "
                  "costly states (1: the node clocks may hand each to either lane; part of the file's identity); "
                  "0 = cut as the first pass (at least 16 chunks a level, at most --chunk-states states each)")
      ->check(integer_number(0, 1 << 24))
      ->capture_default_str();
  given.move_test = sub->add_option("--move-test", args->move_test,
                  "--exact, level order: how a state's stored move is found among the moves that keep its value: "
                  "'pass-early' (the table's move, then the pass, then the plays: a value from Benson's bound is kept "
                  "by the pass at once, where a play may keep it only through a whole game after a capture; the "
                  "default) or 'plain' (the table's move, then the plays, then the pass: the files before it); part "
                  "of the file's identity")
      ->check(CLI::IsMember({"pass-early", "plain"}))
      ->capture_default_str();
  given.max_chunks = sub->add_option("--max-chunks", args->max_chunks,
                  "--exact: solve at most this many chunks in this run, then stop (exit 3); the same command "
                  "continues from OUTPUT.partial; 0 = all")
      ->check(integer_number(0, 1LL << 40))
      ->capture_default_str();
  given.order = sub->add_option("--order", args->order,
                  "--exact: 'levels' (levels whose proofs seed later searches, two passes; the default) or 'flat' "
                  "(one pass without seeds, chunks independent of each other: the default and the only order with "
                  "--mpi); part of the file's identity")
      ->check(CLI::IsMember({"levels", "flat"}));
  given.first_pass_nodes = sub->add_option("--first-pass-nodes", args->first_pass_nodes,
                  "--exact: nodes a state may take in the first pass; states needing more are solved in a second "
                  "pass that finds all the others' proofs as seeds (part of the file's identity); 0 = one pass")
      ->check(integer_number(0, 1LL << 40))
      ->capture_default_str();
  given.passes = sub->add_option("--passes", args->passes,
                  "--exact: passes in all (at least 2): pass p gives each state --first-pass-nodes times "
                  "--pass-growth^(p-1) nodes and defers the states that need more to pass p+1, whose searches find "
                  "every state solved so far as seeds; the last pass has no limit (part of the file's identity)")
      ->check(integer_number(2, 16))
      ->capture_default_str();
  given.pass_growth = sub->add_option("--pass-growth", args->pass_growth,
                  "--exact: factor by which each budgeted pass's node budget grows (with --passes 3 or more)")
      ->check(integer_number(2, 1 << 20))
      ->capture_default_str();
  given.last_pass_order = sub->add_option("--last-pass-order", args->last_pass_order,
                  "--exact: the order of the last (unlimited) pass's levels: 'fewest' empty points first (the "
                  "default, like every other pass) or 'most' (part of the file's identity)")
      ->check(CLI::IsMember({"fewest", "most"}))
      ->capture_default_str();
  given.report_nodes = sub->add_option("--report-nodes", args->report_nodes,
                  "--exact, diagnostics: name on stderr every state whose search took at least this many nodes "
                  "(its diagram, pass count and nodes; not with -q); 0 = none")
      ->check(integer_number(0, 1LL << 40))
      ->capture_default_str();
  auto* lanes = sub->add_option(
      "--lanes", args->lanes,
      "--exact, level order: lanes, each one solver that keeps its transposition table from state to state for the "
      "whole run (each takes chunks of every level as --lane-schedule says), so that what one state proved serves the later "
      "ones (docs/solving.md, \"Lanes\"); at most N threads work at once; the facts depend on N, not on --threads "
      "(part of the file's identity); a resumed run replays the journaled chunks of each lane (checked against the "
      "journal) to rebuild its table; 0 = a fresh solver and table per chunk (the scheme before lanes)");
  lanes->check(integer_number(0, 1024))->capture_default_str();
  auto* exchange = sub->add_option(
      "--lane-exchange", args->lane_exchange,
      "--exact, 2 lanes or more: 'on' (at the end of every level each lane copies the table entries the other "
      "lanes stored during it, so that no lane re-proves what another proved a level before; docs/solving.md, "
      "\"Lanes that exchange their entries\") or 'off' (each lane keeps its own; part of the file's identity)");
  exchange->check(CLI::IsMember({"on", "off"}))->capture_default_str();
  auto* min_work = sub->add_option("--exchange-min-work", args->exchange_min_work,
                                   "--exact, with --lane-exchange on: exchange only entries whose subtree took at "
                                   "least 2^(N-1) nodes (part of the file's identity); 0 = all");
  min_work->check(integer_number(0, 64))->capture_default_str();
  auto* schedule = sub->add_option(
      "--lane-schedule", args->lane_schedule,
      "--exact with lanes: 'clock' (each chunk of a level goes to the lane that falls free first counted in nodes "
      "searched, so the lanes' shares balance while the file still depends on the lanes alone, not on --threads or "
      "timing; docs/solving.md, \"Lanes on node clocks\") or 'static' (lane k solves chunk k, k+N, ...); part "
      "of the file's identity");
  schedule->check(CLI::IsMember({"clock", "static"}))->capture_default_str();
  sub->add_flag("--profile", args->profile,
                "--exact with lanes: per pass, the lanes' nodes and thread CPU seconds, their critical path over the "
                "level barriers (the speed-up it allows) and the entry exchange's cost; the generation's wall "
                "seconds by step (populate, levels, exchange, node-clock sleeps), a model of its levels on idle cores "
                "from the chunks' thread CPU seconds, and the wall and CPU seconds of the phases around it (index, "
                "ordering, journal, pack, write). tromp-taylor:ko=basic "
                "(exact tables, without --exact): wall and CPU seconds (user+sys of the whole process) of each "
                "phase on stderr (index, successor graph, rounds, report, file), also with -q");
  auto* hash = sub->add_option("--hash", args->table_megabytes,
                               "--exact: transposition table MiB per solver (default 256 with --lanes, 16 per "
                               "chunk without); --root: MiB of the search's table (default 256)");
  hash->check(integer_number(1, 1 << 16));
  sub->add_flag("--root", args->root,
                "superko rulesets: the proof of the empty board only, for boards where every state is out of reach: "
                "both sides' strategies (one move per own node, every reply of the opponent), each node with the "
                "history facts of its proof (docs/solving.md, \"Root proofs\")");
  given.merge = sub->add_option("--merge", args->merge,
                  "--root: 'facts' (a state's subtree is walked again unless the facts of an earlier walk hold: "
                  "complete coverage) or 'states' (one walk per state: smaller and faster, partial coverage)")
      ->check(CLI::IsMember({"facts", "states"}))
      ->capture_default_str();
  given.values = sub->add_option("--values", args->values,
                  "--root: 'exact' (every walked node's exact value) or 'strategy' (each node only the root value "
                  "as the bound its strategy needs, exact where both strategies meet; needs --merge states)")
      ->check(CLI::IsMember({"exact", "strategy"}))
      ->capture_default_str();
  given.max_walk = sub->add_option("--max-walk", args->max_walk, "--root: stop (exit 3) after this many walked nodes; 0 = none")
      ->check(integer_number(0, 1LL << 40))
      ->capture_default_str();
  sub->add_flag("--mpi", args->mpi,
                "distribute over the ranks of an MPI job (launch with mpirun or srun; --threads per rank; "
                "rank 0 reports and writes --output; needs a build with -DGOTB_MPI=ON, docs/distributed.md)");
  sub->callback([args, out, hash, lanes, exchange, min_work, schedule, given] {
    const auto was = [](const CLI::Option* o) { return o->count() > 0; };
    check_komi(args->komi);
    args->output_given = out->count() > 0;
    if (args->threads < 0) throw std::invalid_argument("--threads must be >= 0");
    if (args->root && args->exact) throw std::invalid_argument("--root and --exact are two kinds of file: choose one");
    const bool pass_options = was(given.passes) || was(given.pass_growth) || was(given.last_pass_order) ||
                              was(given.later_chunk_states) || was(given.report_nodes) || was(given.move_test);
    const bool exact_options = was(given.max_chunks) || was(given.chunk_states) || was(given.first_pass_nodes) ||
                               was(given.order) || pass_options;
    if (args->root && exact_options)
      throw std::invalid_argument(
          "--chunk-states, --max-chunks, --order, --first-pass-nodes, --passes, --pass-growth, --last-pass-order, "
          "--later-chunk-states, --move-test and --report-nodes need --exact");
    if (!args->root && (was(given.max_walk) || was(given.merge) || was(given.values)))
      throw std::invalid_argument("--max-walk, --merge and --values need --root");
    if (args->values == "strategy" && args->merge != "states")
      throw std::invalid_argument("--values strategy needs --merge states");
    if (args->root && hash->count() == 0) args->table_megabytes = 256;
    // --profile also serves the exact tables of tromp-taylor:ko=basic.
    const bool exact_tables = args->profile && !args->exact && !args->root &&
                              retro::has_exact_kernel(RuleSet::parse(args->rules));
    if ((lanes->count() > 0 || exchange->count() > 0 || min_work->count() > 0 || schedule->count() > 0 ||
         (args->profile && !exact_tables)) &&
        (!args->exact || args->order == "flat" || (args->order.empty() && args->mpi)))
      throw std::invalid_argument(
          "--lanes, --lane-exchange, --exchange-min-work, --lane-schedule and --profile belong to --exact with the "
          "level order (--profile also to the exact tables of tromp-taylor:ko=basic)");
    if (args->exact && args->lanes > 0 && args->order != "flat" && !(args->order.empty() && args->mpi) &&
        hash->count() == 0)
      args->table_megabytes = 256;
    if (!args->exact && !args->root && (exact_options || was(hash)))
      throw std::invalid_argument(
          "--chunk-states, --max-chunks, --order, --first-pass-nodes, --passes, --pass-growth, --last-pass-order, "
          "--later-chunk-states, --move-test, --report-nodes and --hash need --exact (--hash: or --root)");
    if (args->order.empty()) args->order = args->mpi ? "flat" : "levels";
    if (args->order == "flat" && (was(given.passes) || was(given.pass_growth) || was(given.first_pass_nodes) ||
                                  was(given.last_pass_order) || was(given.later_chunk_states) ||
                                  was(given.move_test)))
      throw std::invalid_argument("--first-pass-nodes, --passes, --pass-growth, --last-pass-order, "
                                  "--later-chunk-states and --move-test belong to --order levels (the flat order has "
                                  "one pass)");
    if (args->exact && args->mpi && args->order != "flat")
      throw std::invalid_argument("--mpi distributes the flat order only (--order flat): the level order's chunks "
                                  "need every earlier level's proofs where they are solved");
    run_generate(*args);
  });
}

}  // namespace gotb::cli
