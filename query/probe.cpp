#include "query/probe.hpp"

#include <algorithm>
#include <chrono>
#include <mutex>
#include <stdexcept>

#include "core/rules/games.hpp"
#include "generator/reference/reference_solver.hpp"
#include "generator/retrograde/exact_table.hpp"
#include "generator/retrograde/generate.hpp"
#include "generator/retrograde/state_index.hpp"
#include "generator/retrograde/value_code.hpp"
#include "query/superko_probe.hpp"

namespace gotb {

ProbeOptions::Fallback parse_fallback(const std::string& name) {
  if (name == "none") return ProbeOptions::Fallback::None;
  if (name == "search") return ProbeOptions::Fallback::Search;
  if (name == "reference") return ProbeOptions::Fallback::Reference;
  throw std::invalid_argument("unknown fallback '" + name + "' (available: none, search, reference)");
}

namespace {

const char* kFixpointNote =
    "the file holds the two finite-state fixpoints of each state (superko not applied: 'gfp' scores infinite play "
    "for Black, 'lfp' for White); they are not proven superko values, even where they agree (docs/solving.md "
    "section 2), so no value is claimed: 'value' is only the range of possible scores. Exact values: an exact "
    "file, or --fallback search";

}  // namespace

struct TablebaseProbe::Impl {
  std::string path;
  ProbeOptions options;
  std::unique_ptr<TablebaseReader> reader;  // lazy mode only (probe() locks inside)
  TablebaseMeta meta;
  GameSpec spec{Board::rectangle(1, 1), RuleSet::parse("tromp-taylor"), 0};
  std::string kind;

  // Exact files (tromp-taylor:ko=basic).
  std::unique_ptr<retro::ExactTable> exact;
  // Superko files (gotb generate --exact; query/superko_probe.hpp).
  std::unique_ptr<SuperkoFile> superko;
  // Fixpoint files.
  std::unique_ptr<retro::StateIndex> index;
  std::vector<std::int8_t> upper, lower;  // loaded mode
  int upper_id = -1, lower_id = -1;       // lazy mode

  // The on-the-fly fallback: one solver, one probe at a time.
  mutable std::mutex fallback_mutex;
  mutable std::unique_ptr<ReferenceBackend> fallback;

  std::int8_t code(bool upper_array, std::uint64_t s) const {
    if (!reader) return upper_array ? upper[s] : lower[s];
    return reader->probe(upper_array ? upper_id : lower_id, s);
  }

  FixpointPair fixpoints_at(const TrompTaylorGame& game) const {
    const std::uint64_t s =
        retro::state_of(*index, game.position(), game.to_move(), std::min(game.consecutive_passes(), 1));
    if (s >= index->states()) throw std::logic_error("probe: a reachable state is not in the index (bug)");
    const std::int8_t u = code(true, s), l = code(false, s);
    if (u == retro::kNoState || l == retro::kNoState || l > u)
      throw TablebaseError(path + ": inconsistent values at state " + std::to_string(s) +
                           " (the checksums matched: the generator wrote them so)");
    const std::vector<std::int8_t> us{u}, ls{l};
    const retro::Bracket b = retro::bracket_at(us, ls, 0, game.to_move(), spec.komi);
    return {b.gfp, b.lfp};
  }

  ValueBounds score_range(const TrompTaylorGame& game) const { return {game.min_outcome(), game.max_outcome()}; }

  ProbeResult probe_fixpoints(const std::vector<std::string>& history) const;
  ProbeResult probe_exact(const std::vector<std::string>& history) const;
  ProbeResult probe_file(const std::vector<std::string>& history) const {
    if (superko) return superko->probe(history);
    return exact ? probe_exact(history) : probe_fixpoints(history);
  }
  // Whether the file's answer needs no solving on the fly.
  bool answered(const ProbeResult& r) const {
    if (superko) return superko_answered(r);
    return r.exact() &&
           std::all_of(r.moves.begin(), r.moves.end(), [](const MoveEval& m) { return m.value.exact(); });
  }
  ProbeResult solve_on_the_fly(const std::vector<std::string>& history, const ProbeResult& file_answer) const;
  void principal_variation(const std::vector<std::string>& history, ProbeResult& r, std::size_t max) const;
};

TablebaseProbe::TablebaseProbe(const std::string& path, ProbeOptions options) : impl_(std::make_unique<Impl>()) {
  Impl& m = *impl_;
  m.path = path;
  m.options = options;
  auto reader = std::make_unique<TablebaseReader>(path);  // format version, metadata, board
  m.meta = reader->meta();
  RuleSet rules = [&] {
    try {
      return RuleSet::parse(m.meta.rules);
    } catch (const std::exception& e) {
      throw TablebaseError(path + ": ruleset '" + m.meta.rules + "' is not one this build knows: " + e.what());
    }
  }();
  m.spec = GameSpec{reader->board(), rules, m.meta.komi};
  if (auto k = m.meta.extra.find("kind"); k != m.meta.extra.end() && k->second == "exact") {
    reader.reset();
    m.exact = std::make_unique<retro::ExactTable>(path);  // reads and verifies every chunk
    m.kind = "exact";
    m.spec = GameSpec{m.exact->board(), m.exact->rules(), m.exact->komi()};
    if (options.fallback == ProbeOptions::Fallback::Search)
      throw std::invalid_argument("--fallback search does not play " + m.spec.rules.to_string() +
                                  " (use --fallback reference)");
    if (options.fallback == ProbeOptions::Fallback::Reference) {
      ReferenceBackend::Options o;
      o.method = "reference";
      o.solver.node_limit = options.node_limit;
      m.fallback = std::make_unique<ReferenceBackend>(o);
      if (std::string why = m.fallback->unsupported(m.spec); !why.empty())
        throw std::invalid_argument("--fallback reference cannot solve this file's game: " + why);
    }
    return;
  }
  if (auto k = m.meta.extra.find("kind"); k != m.meta.extra.end() && k->second == search::kSuperkoKind) {
    m.superko = std::make_unique<SuperkoFile>(*reader, m.spec);  // reads and verifies every array
    m.kind = search::kSuperkoKind;
    if (options.fallback != ProbeOptions::Fallback::None) m.fallback = superko_fallback(m.spec, options);
    return;
  }
  if (m.meta.index_scheme != retro::kIndexScheme || m.meta.value_encoding != retro::kValueEncoding)
    throw TablebaseError(path + ": index scheme '" + m.meta.index_scheme + "' / value encoding '" +
                         m.meta.value_encoding + "' are not ones this build reads (" + retro::kIndexScheme + " / " +
                         retro::kValueEncoding + ")");
  if (!retro::has_kernel(rules))
    throw TablebaseError(path + ": ruleset " + m.meta.rules + " has no retrograde tables in this build");
  m.kind = "fixpoints";
  m.index = std::make_unique<retro::StateIndex>(m.spec.board);
  if (m.index->states() != m.meta.state_count || retro::symmetry_scheme(*m.index) != m.meta.symmetry_scheme)
    throw TablebaseError(path + ": the file's state count / symmetry scheme (" + std::to_string(m.meta.state_count) +
                         ", " + m.meta.symmetry_scheme + ") do not match the index of board " +
                         m.spec.board.spec() + " (" + std::to_string(m.index->states()) + ", " +
                         retro::symmetry_scheme(*m.index) + ")");
  m.upper_id = reader->array_id(retro::kUpperArray);
  m.lower_id = reader->array_id(retro::kLowerArray);
  if (2 * m.meta.state_count <= options.max_load_bytes) {
    // read_array verifies every chunk's checksum before returning.
    m.upper = reader->read_array(retro::kUpperArray);
    m.lower = reader->read_array(retro::kLowerArray);
  } else {
    m.reader = std::move(reader);
  }
  if (options.fallback != ProbeOptions::Fallback::None) {
    ReferenceBackend::Options o;
    o.method = options.fallback == ProbeOptions::Fallback::Search ? "search" : "reference";
    o.max_points = options.fallback == ProbeOptions::Fallback::Search ? 31 : 8;
    o.solver.node_limit = options.node_limit;
    m.fallback = std::make_unique<ReferenceBackend>(o);
    if (std::string why = m.fallback->unsupported(m.spec); !why.empty())
      throw std::invalid_argument("--fallback " + o.method + " cannot solve this file's game: " + why);
  }
}

TablebaseProbe::~TablebaseProbe() = default;

const std::string& TablebaseProbe::path() const { return impl_->path; }
const TablebaseMeta& TablebaseProbe::meta() const { return impl_->meta; }
const GameSpec& TablebaseProbe::spec() const { return impl_->spec; }
const std::string& TablebaseProbe::kind() const { return impl_->kind; }
const ProbeOptions& TablebaseProbe::options() const { return impl_->options; }

namespace {

// The result of a probe before the file is read: the method, and the game's
// own outcome when the history has already ended it.
ProbeResult started_result(const TrompTaylorGame& game) {
  ProbeResult r;
  r.method = "tablebase";
  if (game.is_over()) {
    r.game_over = true;
    r.value = ValueBounds::exactly(game.outcome());
    r.source = ValueSource::GameOver;
  }
  return r;
}

}  // namespace

ProbeResult TablebaseProbe::Impl::probe_fixpoints(const std::vector<std::string>& history) const {
  // Only the tromp-taylor family has retrograde tables (checked at open).
  TrompTaylorGame game(spec.board, spec.rules, spec.komi);
  replay_moves(game, history);
  ProbeResult r = started_result(game);
  if (r.game_over) return r;
  r.to_move = game.to_move();
  r.fixpoints = fixpoints_at(game);
  r.value = score_range(game);
  r.source = ValueSource::FileFixpoints;
  r.note = kFixpointNote;
  std::vector<Move> moves;
  game.legal_moves(moves);
  for (Move mv : moves) {
    game.play(mv);
    MoveEval e;
    e.move = game.move_name(mv);
    if (game.is_over()) {
      e.ends_game = true;
      e.value = ValueBounds::exactly(game.outcome());
      e.source = ValueSource::GameOver;
    } else {
      e.fixpoints = fixpoints_at(game);
      e.value = score_range(game);
      e.source = ValueSource::FileFixpoints;
    }
    game.undo();
    r.moves.push_back(std::move(e));
  }
  return r;
}

namespace {

// The value of the game from a state whose earlier situations are H, given
// the file's value v of the game started there (H empty): with a non-empty
// H it lies between v and the tie (docs/solving.md, "Exact tables under a
// history"): exact when H is empty or v is the tie, else proven bounds.
ValueBounds under_history(Value v, bool history_empty) {
  const Value tie = Value::no_result(0);
  if (history_empty || v == tie) return ValueBounds::exactly(v);
  return v < tie ? ValueBounds{v, tie} : ValueBounds{tie, v};
}

const char* kExactHistoryNote =
    "the file's values are those of the game started at each state; this history already holds other "
    "situations, and returning to one ends the game as a tie, so a value that is not the tie is only proven "
    "to lie between the file's value and the tie (docs/solving.md, 'Exact tables under a history'). Exact: "
    "--fallback reference (small boards)";

}  // namespace

ProbeResult TablebaseProbe::Impl::probe_exact(const std::vector<std::string>& history) const {
  TrompTaylorGame game(spec.board, spec.rules, spec.komi);
  replay_moves(game, history);
  ProbeResult r = started_result(game);
  if (r.game_over) return r;
  auto at = [&](const TrompTaylorGame& g, std::optional<int>& depth) {
    const retro::StateRef ref =
        exact->state_of(g.position(), g.to_move(), std::min(g.consecutive_passes(), 1), g.ko_ban());
    if (!ref.valid()) throw std::logic_error("probe: a reachable state is not in the exact index (bug)");
    depth = exact->depth(ref);
    return exact->value(ref);
  };
  r.to_move = game.to_move();
  const Value v = at(game, r.depth);
  r.value = under_history(v, history.empty());
  r.source = r.value.exact() ? ValueSource::FileExact : ValueSource::FileBounds;
  bool bounds = !r.value.exact();
  std::vector<Move> moves;
  game.legal_moves(moves);
  for (Move mv : moves) {
    game.play(mv);
    MoveEval e;
    e.move = game.move_name(mv);
    if (game.is_over()) {
      e.ends_game = true;
      e.value = ValueBounds::exactly(game.outcome());
      e.source = ValueSource::GameOver;
      e.file_value = game.outcome();
    } else {
      // The child's earlier situations include this state: never empty.
      e.file_value = at(game, e.depth);
      e.value = under_history(*e.file_value, false);
      e.source = e.value.exact() ? ValueSource::FileExact : ValueSource::FileBounds;
      bounds |= !e.value.exact();
    }
    game.undo();
    r.moves.push_back(std::move(e));
  }
  if (bounds) r.note = kExactHistoryNote;
  return r;
}

ProbeResult TablebaseProbe::Impl::solve_on_the_fly(const std::vector<std::string>& history,
                                                   const ProbeResult& file_answer) const {
  ProbeResult r;
  {
    std::lock_guard<std::mutex> lock(fallback_mutex);
    r = fallback->analyze(spec, history);
  }
  const ValueSource src = fallback->name() == "search" ? ValueSource::Search : ValueSource::Reference;
  r.source = src;
  r.fixpoints = file_answer.fixpoints;
  r.note = "the file holds no exact value here under this history; solved exactly on the fly by the " +
           fallback->name() + " solver";
  for (MoveEval& e : r.moves) {
    e.source = src;
    for (const MoveEval& f : file_answer.moves)
      if (f.move == e.move) {
        e.fixpoints = f.fixpoints;
        e.ends_game = f.ends_game;
        if (f.ends_game) e.source = ValueSource::GameOver;
      }
  }
  return r;
}

void TablebaseProbe::Impl::principal_variation(const std::vector<std::string>& history, ProbeResult& r,
                                               std::size_t max) const {
  if (!r.exact() || r.game_over) return;
  std::vector<std::string> line = history;
  ProbeResult at = r;
  for (;;) {
    auto pick = choose_move(at, spec.board);
    if (!pick) break;
    if (r.pv.size() == max)
      throw std::runtime_error("principal variation longer than " + std::to_string(max) + " moves");
    r.pv.push_back(at.moves[*pick].move);
    line.push_back(at.moves[*pick].move);
    at = probe_file(line);
    if (!answered(at) && fallback) at = solve_on_the_fly(line, at);
    // Exact files: later states have proven bounds, and choose_move's
    // depth rule keeps the line on the value without cycling (exact_table.hpp).
    if (superko && !proven(at)) {
      // The stored move kept the value, but the file proves nothing where
      // it leads under this history: the line stops here.
      r.note += (r.note.empty() ? "" : "; ") + std::string("the principal variation stops where the file proves no "
                                                          "value under its history (--fallback search continues it)");
      break;
    }
    if (!proven(at)) throw std::logic_error("probe: the principal variation left the proven states (bug)");
  }
}

ProbeResult TablebaseProbe::probe(const std::vector<std::string>& history, const ProbeRequest& request) const {
  const auto start = std::chrono::steady_clock::now();
  ProbeResult r = impl_->probe_file(history);
  if (!impl_->answered(r) && impl_->fallback) r = impl_->solve_on_the_fly(history, r);
  r.moves = best_first(r);
  if (request.with_pv) {
    if (r.exact())
      impl_->principal_variation(history, r, request.max_pv);
    else
      r.note += r.note.empty() ? "no principal variation: the value is not exact"
                               : "; no principal variation without an exact value";
  }
  r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return r;
}

std::string TablebaseBackend::unsupported(const GameSpec& spec) const {
  const GameSpec& f = probe_->spec();
  if (spec == f) return {};
  return "the tablebase " + probe_->path() + " answers for " + f.describe() + " only, not " + spec.describe();
}

Analysis TablebaseBackend::analyze(const GameSpec& spec, const std::vector<std::string>& history) {
  if (std::string why = unsupported(spec); !why.empty()) throw std::invalid_argument(why);
  return probe_->probe(history);
}

}  // namespace gotb
