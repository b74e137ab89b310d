// The probe API: one way to ask a tablebase file for game values, in the
// spirit of Fathom (Syzygy probing). Every front end (gotb query, gotb gtp
// --tablebase, gotb pv --tablebase, gotb referee --tablebase, the HTTP
// server) goes through it; it holds no command-line code.
//
//   TablebaseProbe tb("2x2.h5");              // opens, checks metadata and checksums
//   ProbeResult r = tb.probe({"A1", "B2"});   // value + every legal move, best first
//   if (r.exact()) ... r.value.lower ...      // else r.note says why not
//
// Contract:
//  - Opening checks the format version, the index scheme, value encoding,
//    state count and symmetry scheme against this build, and the ruleset;
//    any mismatch, a truncated file or a bad chunk checksum throws
//    TablebaseError naming the file and the problem. Files up to
//    ProbeOptions::max_load_bytes are read whole at open (every chunk's
//    checksum verified then); larger ones verify each chunk on first use.
//    Root files: the per-entry arrays are read whole at open, the fact
//    records chunk by chunk as probes reach their states (RootFile).
//  - probe(history) replays the history from the empty board on the real
//    ruleset's game model (the only judge of legality: an illegal history
//    throws std::invalid_argument naming the move) and returns one
//    ProbeResult (query/analysis.hpp): value from Black's point of view
//    (komi included), whether it is exact and where it came from
//    (ValueSource), game over + result, every legal move with its value,
//    best first for the player to move, and on request a principal
//    variation.
//  - Never a wrong value. A value is marked exact only when the file's
//    values mean the value of this game under this history, or when it was
//    solved on the fly. A fixpoint file (`gotb generate` under a superko
//    ruleset) holds finite-state fixpoints, which are not superko values
//    (docs/solving.md §2): its states are not exact, whether or not the two
//    fixpoints agree; the result then carries the fixpoints for display,
//    the trivially proven score range as `value`, and a note. With
//    ProbeOptions::fallback set, such states are solved exactly on the fly
//    instead (source Search / Reference). An exact file (ko=basic) stores
//    the value of the game started at each state; after moves the probe
//    checks it under the real history by a bounded AND-OR search over the
//    file's states (docs/solving.md, "Exact tables under a history"), and
//    re-solves it there when the history spoils it: source FileChecked,
//    exact; FileBounds (proven bounds between the file's value and the
//    tie, and a note) where ProbeOptions::history_node_limit runs out, or
//    ProbeRequest::deadline passes (the clock is read every few hundred
//    nodes of the check; the note says which limit it was).
//  - Thread safety: probe() and the accessors may be called concurrently
//    on one TablebaseProbe. Loaded arrays are read without locks; lazily
//    read chunks go through TablebaseReader's lock; the fallback solver is
//    one shared solver behind a mutex (its cache carries over between
//    probes, docs/frontends.md), so fallback probes run one at a time. The
//    history check keeps all its state in the probe call (the exact table
//    is immutable), so exact probes run in parallel.
#pragma once

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "format/tablebase.hpp"
#include "query/analysis.hpp"
#include "query/game_record.hpp"
#include "query/reference_backend.hpp"

namespace gotb {

struct ProbeOptions {
  // What answers a state the file holds no exact value for: nothing (the
  // result says not exact), or the exact search / reference solver on the
  // fly (tromp-taylor family; may be slow, see docs/solving.md §3).
  enum class Fallback { None, Search, Reference };
  Fallback fallback = Fallback::None;
  std::uint64_t node_limit = 0;  // per fallback probe (NodeLimitReached); 0 = none
  // Superko files with Fallback::Search: the search is seeded from the file
  // (its stored bounds wherever their facts hold under a node's line, its
  // stored moves first; source SearchSeeded). false: a fresh search, as
  // `gotb solve --method search` (source Search; for comparison).
  bool seed_search = true;
  // Exact files: the most search nodes one probe spends checking the file's
  // values under the history (docs/solving.md, "Exact tables under a
  // history"); where it runs out, proven bounds instead of exact values.
  std::uint64_t history_node_limit = 1000000;
  // Arrays with at most this many bytes in all are read (and verified) at
  // open; larger files are read chunk by chunk as probes need them.
  std::uint64_t max_load_bytes = std::uint64_t{1} << 30;
};

// "none", "search", "reference" (the CLI's --fallback); throws
// std::invalid_argument for another name.
ProbeOptions::Fallback parse_fallback(const std::string& name);

struct ProbeRequest {
  bool with_pv = false;          // fill ProbeResult::pv (exact results only)
  std::size_t max_pv = 10000;    // longest PV before giving up (std::runtime_error)
  // Wall-clock limit of the history check of exact files (with the node
  // budget, ProbeOptions::history_node_limit): past it the check stops and
  // the probe answers proven bounds (FileBounds, a note naming the time
  // limit), never a guess. A principal variation the deadline interrupts is
  // left out (a note says so). Once it has passed, the fallback solver is
  // not started either. Fixpoint files and the fallback solver's own
  // search are not interrupted (the fallback is bounded by
  // ProbeOptions::node_limit). Unset: no time limit.
  std::optional<std::chrono::steady_clock::time_point> deadline;
};

class TablebaseProbe {
 public:
  // Throws TablebaseError (file unreadable, corrupt, or not one this build
  // reads) or RulesError (ruleset without game model).
  explicit TablebaseProbe(const std::string& path, ProbeOptions options = {});
  ~TablebaseProbe();
  TablebaseProbe(const TablebaseProbe&) = delete;
  TablebaseProbe& operator=(const TablebaseProbe&) = delete;

  const std::string& path() const;
  const TablebaseMeta& meta() const;
  // Board, ruleset and komi of the file: the only game it answers for.
  const GameSpec& spec() const;
  // "fixpoints" (two finite-state fixpoints per state: never exact) or
  // "exact" (one exact value and depth per state).
  const std::string& kind() const;
  const ProbeOptions& options() const;

  // See the contract above. Thread-safe.
  ProbeResult probe(const std::vector<std::string>& history, const ProbeRequest& request = {}) const;

  struct Impl;

 private:
  std::unique_ptr<Impl> impl_;
};

// The probe as an AnalysisBackend, for the GTP engine, PV/SGF export and
// the referee: accepts exactly the file's board, ruleset and komi.
class TablebaseBackend final : public AnalysisBackend {
 public:
  explicit TablebaseBackend(std::shared_ptr<const TablebaseProbe> probe) : probe_(std::move(probe)) {}
  std::string name() const override { return "tablebase"; }
  std::string unsupported(const GameSpec& spec) const override;
  Analysis analyze(const GameSpec& spec, const std::vector<std::string>& history) override;
  const TablebaseProbe& probe() const { return *probe_; }

 private:
  std::shared_ptr<const TablebaseProbe> probe_;
};

}  // namespace gotb
