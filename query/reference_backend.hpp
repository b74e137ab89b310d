// AnalysisBackend on the reference solver: exact values for every
// implemented ruleset, for boards small enough to solve on the fly.
//
// It keeps one game model and one solver alive between queries on the same
// spec and moves the game along the new history (undoing back to the
// longest common prefix), so the solver's history-safe cache carries over
// from one GTP command or SGF node to the next. Reusing the cache across
// histories is sound by the argument of docs/solving.md: every entry is
// valid for any history that agrees with it on its dependency set, and
// holds_now() checks exactly that. With a node limit the solver is rebuilt
// per query, because its limit counts nodes over the solver's lifetime.
#pragma once

#include <memory>
#include <optional>
#include <string>

#include "generator/reference/reference_solver.hpp"
#include "query/analysis.hpp"

namespace gotb::search {
class ProofSeeds;  // generator/search/superko_table.hpp
}

namespace gotb {

class ReferenceBackend final : public AnalysisBackend {
 public:
  struct Options {
    ReferenceOptions solver;
    // Larger boards are refused (GTP "unacceptable size"): the reference
    // solver takes seconds at 8 points (2x4) and does not finish 3x3.
    int max_points = 8;
    // "reference", or "search": tromp-taylor games go to the exact search
    // solver (docs/solving.md §3), which reaches larger boards; its table
    // carries over between queries like the reference cache (same
    // argument: every stored bound names the history facts it rests on).
    // "auto": the search for every game it implements (tromp-taylor family,
    // <= 31 points), the reference solver for the others (the command
    // line's default; this class defaults to the reference solver).
    std::string method = "reference";
    // The search only: proofs it takes at every node whose state they hold,
    // where their facts hold under the node's line (SearchOptions::seeds;
    // a superko file's lazy seeds, SuperkoFile::seeds). The analyses then
    // say source SearchSeeded and count the seeds' use in `counters`.
    // One search at a time reads them (the backend is not thread-safe).
    std::shared_ptr<const search::ProofSeeds> seeds;
    // The game the seeds were made for (a superko file's board and rules):
    // a query for any other game is searched without them.
    std::optional<GameSpec> seeds_for;
  };

  ReferenceBackend();
  explicit ReferenceBackend(Options opt);
  ~ReferenceBackend() override;

  std::string name() const override { return opt_.method; }
  // The solver `method` uses for `spec`: "search" or "reference".
  std::string solver_for(const GameSpec& spec) const;
  std::string unsupported(const GameSpec& spec) const override;
  Analysis analyze(const GameSpec& spec, const std::vector<std::string>& history) override;

  struct Session;  // one game model + solver (type-erased per ruleset)

 private:
  Options opt_;
  std::unique_ptr<Session> session_;
};

}  // namespace gotb
