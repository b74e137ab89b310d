#include "query/cli/search_args.hpp"

#include "query/cli/number_options.hpp"

#include <algorithm>

namespace gotb::cli {

search::SearchOptions SearchArgs::options() const {
  search::SearchOptions o;
  o.deepening_step = deepening;
  if (max_dependencies > 0) o.max_dependencies = max_dependencies;
  o.aim = !no_aim;
  o.stall_aim = stall_aim == "on";
  o.node_bounds = !no_node_bounds;
  o.generic_horizon_growth = horizon_growth;
  o.generic_test_budget = test_budget;
  o.generic_aim = aim_generic;
  o.generic_guess_nodes = guess_nodes;
  o.international_as_tromp_taylor = !international_generic;
  using SR = search::SearchOptions::SafeRegions;
  o.safe_regions = no_safe_regions || safe_regions == "off" ? SR::Off : safe_regions == "on" ? SR::On : SR::Auto;
  o.stone_masks = stone_facts != "count";
  o.stone_masks_at_use = stone_facts == "superset";
  o.proved_cap = proved_cap;
  o.idle_cap = idle_cap;
  o.threads = threads;
  o.team_split = team == "split";
  o.progress = progress;
  o.profile = profile;
  using LS = search::SearchOptions::ListSharing;
  o.share_lists = list_sharing == "off" ? LS::Off : list_sharing == "on" ? LS::On : LS::Auto;
  o.wide_ring = ring_words == "64";
  if (hash_mb > 0) {  // else 0: sized by the board
    o.table_megabytes = std::max<std::size_t>(1, hash_mb / 2);
    o.proof_megabytes = std::max<std::size_t>(1, hash_mb - hash_mb / 2);
  }
  return o;
}

bool SearchArgs::any_set() const {
  const SearchArgs d;
  return ordering != d.ordering || deepening != d.deepening || max_dependencies != d.max_dependencies || no_aim != d.no_aim || stall_aim != d.stall_aim || no_node_bounds != d.no_node_bounds || no_safe_regions != d.no_safe_regions || safe_regions != d.safe_regions || stone_facts != d.stone_facts || horizon_growth != d.horizon_growth || test_budget != d.test_budget || aim_generic != d.aim_generic || guess_nodes != d.guess_nodes || international_generic != d.international_generic || proved_cap != d.proved_cap || idle_cap != d.idle_cap || threads != d.threads || team != d.team || progress != d.progress || profile != d.profile ||
         hash_mb != d.hash_mb || list_sharing != d.list_sharing || ring_words != d.ring_words;
}

void add_search_options(CLI::App* sub, SearchArgs& a, unsigned which) {
  if (which & kOrdering)
    sub->add_option("--ordering", a.ordering,
                    "search: move order, never a value: retro (retrograde tables of the finite-state game without "
                    "suicide, built first and counted in the time), retro-ko (the same scores from the exact "
                    "ko=basic tables, built from a successor graph), history (table move, history heuristic) or "
                    "auto (retro on boards of at most 16 points, where the tables take seconds to a minute)")
        ->check(CLI::IsMember({"auto", "retro", "retro-ko", "history"}))
        ->capture_default_str();
  if (which & kDeepening)
    sub->add_option("--deepening", a.deepening,
                    "search: iterative deepening step in plies (0 = one unbounded depth-first search)")
        ->check(integer_number(0, 1000))
        ->capture_default_str();
  if (which & kHash)
    sub->add_option("--max-dependencies", a.max_dependencies,
                    "search: the tromp-taylor search stores a bound only when its proof rests on at most this many "
                    "history facts (larger proofs are used where they are proved, never stored); 0 = the default, "
                    "1024; speed and memory only, never a value")
        ->check(integer_number(0, std::int64_t{1} << 20))
        ->capture_default_str();
  if (which & kDeepening)
    sub->add_flag("--no-aim", a.no_aim,
                  "search: with --ordering retro-ko, one thread's deepening tests start from the proved bounds "
                  "instead of aiming at the ko=basic tables' value of the state (speed only, never a value)");
  if (which & kDeepening)
    sub->add_option("--stall-aim", a.stall_aim,
                    "search: where no tables give a guess (e.g. every 1xN board), once one side's test just past its "
                    "proved bound has stalled at two successive horizons, aim the tests at that bound, until a horizon where none of "
                    "the aimed tests runs to its end (off: the tests start from the proved bounds; speed only, never "
                    "a value)")
        ->check(CLI::IsMember({"on", "off"}))
        ->capture_default_str();
  if (which & kDeepening)
    sub->add_flag("--aim", a.aim_generic,
                  "search: the generic search (rulesets other than tromp-taylor) aims its root tests at the "
                  "tromp-taylor value of the board, from the tromp-taylor search (off by default: it cost more "
                  "nodes on most boards measured; speed only, never a value)");
  if (which & kDeepening)
    sub->add_option("--guess-nodes", a.guess_nodes,
                    "search, with --aim: the tromp-taylor search's node budget for each guess (not counted in "
                    "--node-limit); a guess not proven within it leaves the tests unaimed; 0 = by the board: 2^22 "
                    "up to 10 points, three times as much per point beyond, at most 2^28 (speed only, never a value)")
        ->check(count_number(std::uint64_t{1} << 40))
        ->needs("--aim")
        ->capture_default_str();
  if (which & kDeepening)
    sub->add_flag("--international-generic", a.international_generic,
                  "search: international:ko=positional by the generic search on the game itself instead of the "
                  "tromp-taylor search on the equivalent game (docs/solving.md section 4, \"Session 32\"; "
                  "cross-checks and measurements, never a value)");
  if (which & kDeepening)
    sub->add_option("--horizon-growth", a.horizon_growth,
                    "search: the generic search (rulesets other than tromp-taylor) grows its horizon by the "
                    "larger of --deepening and this percentage of the horizon (0: by --deepening; speed only)")
        ->check(integer_number(0, 1000))
        ->capture_default_str();
  if (which & kDeepening)
    sub->add_option("--test-budget", a.test_budget,
                    "search: the generic search stops a root test past this factor times the nodes of its "
                    "deepening so far (at least 16384) and deepens (0: no budget; speed only)")
        ->check(CLI::Range(0.0, 1000.0))
        ->capture_default_str();
  if (which & kDeepening)
    sub->add_flag("--no-node-bounds", a.no_node_bounds,
                  "search: the generic search (rulesets other than tromp-taylor) without the bounds a ruleset "
                  "gives a node (kee-2005: the passing strategies' bounds, Benson's under chinese scoring, and under "
                  "japanese territory bounds in the confirmation phases; international, kee-2016: Benson's; japanese-2003: "
                  "the passing strategies' values), and then without deepening where the root has no outcome "
                  "bounds (cross-checks and measurements; never a value)");
  if (which & kDeepening)
    sub->add_option("--safe-regions", a.safe_regions,
                    "search: the tromp-taylor search's safe-region bounds (a side that answers every attack on its "
                    "two-point regions keeps them, docs/benson.md): on, off (the fill guarantees of earlier "
                    "versions instead) or auto (off on a line of points, 1xN, and from 16 points, where they were "
                    "measured to cost nodes; on elsewhere); speed only, never a value")
        ->check(CLI::IsMember({"auto", "on", "off"}))
        ->capture_default_str();
  if (which & kDeepening)
    sub->add_flag("--no-safe-regions", a.no_safe_regions, "search: the same as --safe-regions off");
  if (which & kDeepening)
    sub->add_option("--stone-facts", a.stone_facts,
                    "search: the history condition of the fill and safe-region guarantees, superset (no earlier "
                    "position holds all of the side's stones and more, docs/benson.md) or count (no earlier "
                    "position holds more of its stones; the default, measured the cheaper over 2x6..4x4) or reuse (count where a guarantee is used, superset "
                    "where a stored bound is reused); measurements, never a value")
        ->check(CLI::IsMember({"superset", "reuse", "count"}))
        ->capture_default_str();
  if (which & kDeepening)
    sub->add_option("--proved-cap", a.proved_cap,
                    "search: once a test moved a bound at a horizon, the tromp-taylor search's later tests there "
                    "stop past this factor times the nodes of those proofs (a team: the whole team's proofs; "
                    "0: off; speed only, never a value)")
        ->check(CLI::Range(0.0, 1000.0))
        ->capture_default_str();
  if (which & kDeepening)
    sub->add_option("--idle-cap", a.idle_cap,
                    "search: one thread, at a horizon where the test of the side whose bound moved at the previous "
                    "horizon was stopped by its budget, the other side's test (its bound unmoved for two horizons) "
                    "stops past this factor times the previous horizon's proofs (0: off; speed only, never a value)")
        ->check(CLI::Range(0.0, 1000.0))
        ->capture_default_str();
  if (which & kThreads)
    sub->add_option("--threads", a.threads,
                    "search: this many threads search the same question on one shared table (lazy SMP; the "
                    "first to finish answers); node and time limits apply to each thread")
        ->check(integer_number(1, 1024))
        ->capture_default_str();
  if (which & kThreads)
    sub->add_option("--team", a.team,
                    "search, with --threads N > 1: how the threads divide the deepening's null-window tests: pair "
                    "(every thread on each test of one thread's order, moves another thread is searching near "
                    "the test's root deferred) or split (a horizon's lower and upper tests on different threads); "
                    "speed only, never a value")
        ->check(CLI::IsMember({"pair", "split"}))
        ->capture_default_str();
  if (which & kHash)
    sub->add_option("--hash", a.hash_mb,
                    "search: megabytes for the transposition table and its proof records (half each; pages are "
                    "touched only as entries are stored; shared by all --threads); 0 = by the board: 512 below "
                    "16 points, 2048 from 16, 4096 from 20 (japanese-2003: at least 4096); the generic search (rulesets other than tromp-taylor) "
                    "keeps the costliest proofs (about half the table) when it grows past this (kee-2005: clears it)")
        ->check(integer_number(0, std::int64_t{1} << 20))
        ->capture_default_str();
  if (which & kHash)
    sub->add_option("--list-sharing", a.list_sharing,
                    "search: a proof list equal to one in the younger half of the ring is not written again, the "
                    "entry points at the old words (on), or every list is written (off), or lists are shared once "
                    "the ring is half full, where it would start losing lists (auto); speed and memory only")
        ->check(CLI::IsMember({"auto", "on", "off"}))
        ->capture_default_str();
  if (which & kHash)
    sub->add_option("--ring-words", a.ring_words,
                    "search: proof-ring words of 32 bits where a situation fits them (auto: up to 15 points, 16 "
                    "under positional superko) or always 64; memory only")
        ->check(CLI::IsMember({"auto", "64"}))
        ->capture_default_str();
  if (which & kProgress)
    sub->add_flag("--progress", a.progress, "search: one line per deepening iteration on stderr, and with --threads N > 1 one per null-window test of each thread (the generic search: one per root test, each with its node profile: table hits, rejected probes, cycle nodes, nodes by ply)");
  if (which & kProfile)
    sub->add_flag("--profile", a.profile,
                  "search: print where the nodes went on stderr (depth profile, cut-offs, table rejects and "
                  "replacements, Benson/fill bounds, capture cycles, every null-window test; the generic search: the "
                  "same as --progress, which also says when its order tables were skipped for the node budget)");
}

}  // namespace gotb::cli
