#include "query/probe.hpp"

#include <algorithm>
#include <chrono>
#include <limits>
#include <mutex>
#include <stdexcept>
#include <unordered_map>

#include "core/rules/games.hpp"
#include "generator/reference/reference_solver.hpp"
#include "generator/retrograde/exact_table.hpp"
#include "generator/retrograde/generate.hpp"
#include "generator/retrograde/state_index.hpp"
#include "generator/retrograde/value_code.hpp"
#include "query/probe_moves.hpp"
#include "query/superko_probe.hpp"

namespace gotb {

ProbeOptions::Fallback parse_fallback(const std::string& name) {
  if (name == "none") return ProbeOptions::Fallback::None;
  if (name == "search") return ProbeOptions::Fallback::Search;
  if (name == "reference") return ProbeOptions::Fallback::Reference;
  throw std::invalid_argument("unknown fallback '" + name + "' (available: none, search, reference)");
}

using Deadline = std::optional<std::chrono::steady_clock::time_point>;

namespace {

bool passed(const Deadline& d) { return d && std::chrono::steady_clock::now() > *d; }

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
  // Root files (gotb generate --root).
  std::unique_ptr<RootFile> root;
  // Fixpoint files.
  std::unique_ptr<retro::StateIndex> index;
  std::vector<std::int8_t> upper, lower;  // loaded mode
  int upper_id = -1, lower_id = -1;       // lazy mode

  // The on-the-fly fallback: one solver, one probe at a time.
  mutable std::mutex fallback_mutex;
  mutable std::unique_ptr<ReferenceBackend> fallback;
  // Root files: the fallback is to be replaced by the seeded one on first use.
  mutable bool root_seeds_pending = false;

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
  // `timed_out` is set when the history check stopped at the deadline.
  ProbeResult probe_exact(const std::vector<std::string>& history, const Deadline& deadline, bool& timed_out) const;
  ProbeResult probe_file(const std::vector<std::string>& history, const Deadline& deadline, bool& timed_out) const {
    if (superko) return superko->probe(history);
    if (root) return root->probe(history);
    return exact ? probe_exact(history, deadline, timed_out) : probe_fixpoints(history);
  }
  // Whether the file's answer needs no solving on the fly.
  bool answered(const ProbeResult& r) const {
    if (superko || root) return superko_answered(r);
    return r.exact() &&
           std::all_of(r.moves.begin(), r.moves.end(), [](const MoveEval& m) { return m.value.exact(); });
  }
  ProbeResult solve_on_the_fly(const std::vector<std::string>& history, const ProbeResult& file_answer) const;
  // False (and r.pv left empty) when the deadline stopped a step's check.
  bool principal_variation(const std::vector<std::string>& history, ProbeResult& r, std::size_t max,
                           const Deadline& deadline) const;
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
    // Reads the metadata; each state's record when a probe needs it.
    m.superko = std::make_unique<SuperkoFile>(std::shared_ptr<TablebaseReader>(std::move(reader)), m.spec);
    m.kind = search::kSuperkoKind;
    // The search re-proves from the file's seeds (superko_fallback).
    if (options.fallback != ProbeOptions::Fallback::None)
      m.fallback = superko_fallback(m.spec, options, m.superko.get());
    return;
  }
  if (auto k = m.meta.extra.find("kind"); k != m.meta.extra.end() && k->second == search::kRootKind) {
    // Reads the per-entry arrays; each fact record when a probe needs it.
    m.root = std::make_unique<RootFile>(std::shared_ptr<TablebaseReader>(std::move(reader)), m.spec);
    m.kind = search::kRootKind;
    // The search re-proves from the file's entries (RootFile::seeds), set
    // up when the first probe needs it: the seeds need the board's state
    // index (4x4: ~1 CPU s, 13 MB), which a game on the stored lines never
    // uses. The unseeded solver made here checks now that it can play.
    if (options.fallback != ProbeOptions::Fallback::None) {
      m.fallback = superko_fallback(m.spec, options);
      m.root_seeds_pending = options.fallback == ProbeOptions::Fallback::Search && options.seed_search;
    }
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
  evaluate_moves(game, r.moves, [&](Move, MoveEval& e) {
    if (e.ends_game) return;
    e.fixpoints = fixpoints_at(game);
    e.value = score_range(game);
    e.source = ValueSource::FileFixpoints;
  });
  return r;
}

namespace {

// ---------------------------------------------------------------------------
// Exact values under a history (docs/solving.md, "Exact tables under a
// history"). The file stores v(t), the value of the game started at t. The
// game at t under a history H is that game with every situation of H made
// a tie terminal, so its value lies between v(t) and the tie, and only the
// side for which v(t) is better than the tie (the "winner") can lose
// something. HistorySearch decides, for a target w strictly better than the
// tie for the winner, whether the winner can still force an outcome at least
// w in the real game (history H plus the moves of the search path): an
// AND-OR search over the state graph in which
//   - the winner tries only moves whose file value is at least w (lossless:
//     a child's value under any history lies between its file value and
//     the tie, both below w otherwise), best file value first, then the
//     smallest depth (the file's own progress strategy comes first);
//   - the other side must be refuted at every legal move;
//   - a move ending the game by two passes succeeds iff its score >= w; a
//     move recreating a situation of H or of the path ends the game as the
//     tie, a failure (w is better than the tie);
//   - a proven success is remembered for the rest of the probe (it never
//     relies on a situation on the search path, so it holds whatever path
//     later reaches it); a failure is remembered only when it relied on no
//     situation above it on the path.
// Every step is counted against a node budget, and the clock is read every
// kClockStride nodes against the request's deadline; when either runs out,
// the answer is Unknown and the caller reports proven bounds, never a guess.
// ---------------------------------------------------------------------------

using StateKey = TrompTaylorGame::StateKey;

struct StateKeyHash {
  std::size_t operator()(const StateKey& k) const {
    std::uint64_t h = k[0] * 0x9E3779B97F4A7C15ull;
    h ^= (k[1] + 0x632BE59BD9B4E019ull + (h << 6) + (h >> 2)) * 0xC2B2AE3D27D4EB4Full;
    h ^= (k[2] + 0x165667B19E3779F9ull + (h << 6) + (h >> 2)) * 0x94D049BB133111EBull;
    return static_cast<std::size_t>(h ^ (h >> 31));
  }
};

enum class Verdict { Yes, No, Unknown };

class HistorySearch {
 public:
  // `game` is positioned at the probed state with its real history; the
  // search plays and undoes moves on it and leaves it as it found it.
  HistorySearch(const retro::ExactTable& table, TrompTaylorGame& game, std::uint64_t budget, Deadline deadline)
      : table_(table), game_(game), budget_(budget), deadline_(deadline) {}

  std::uint64_t nodes() const { return nodes_; }
  bool exhausted() const { return exhausted_; }
  bool timed_out() const { return timed_out_; }

  // The value of the game at the current state under its history, given the
  // file's value `stored` of the game started there (not the tie): exact,
  // or proven bounds when the budget ran out.
  ValueBounds value_under_history(Value stored) {
    const Color winner = stored.order > 0 ? Color::Black : Color::White;
    const Value tie = Value::no_result(0);
    // Candidate values for the winner, best first: the file's value, then
    // every score strictly between it and the tie (the only other outcomes).
    std::vector<Value> candidates{stored};
    const int size = game_.board().size();
    for (int k = size; k >= -size; --k) {
      const Value w = Value::score(winner == Color::Black ? k : -k, game_komi());
      if (good(w, winner) > 0 && good(w, winner) < good(stored, winner)) candidates.push_back(w);
    }
    Value hi = stored;  // the value under the history is at most hi for the winner
    for (std::size_t i = 0; i < candidates.size(); ++i) {
      const Verdict v = forces(winner, candidates[i]);
      if (v == Verdict::Yes) return ValueBounds::exactly(candidates[i]);
      if (v == Verdict::Unknown) return black_view(tie, hi, winner);
      hi = i + 1 < candidates.size() ? candidates[i + 1] : tie;
    }
    return ValueBounds::exactly(tie);
  }

 private:
  static constexpr int kAbsolute = std::numeric_limits<int>::max();
  static constexpr int kMaxPath = 4096;  // deeper paths answer Unknown (no deep recursion)
  // Nodes between two reads of the clock: a few hundred nodes take well
  // under a millisecond, and the first node of a probe reads it too.
  static constexpr std::uint64_t kClockStride = 256;

  struct Step {
    Verdict verdict;
    int low = kAbsolute;  // for No: the shallowest path entry the refutation relied on
  };
  // What is proven about a situation, in the winner's order: it can force
  // at least `yes`, it cannot force `no`.
  struct Memo {
    std::int32_t yes = std::numeric_limits<std::int32_t>::min();
    std::int32_t no = std::numeric_limits<std::int32_t>::max();
  };

  static std::int32_t good(Value v, Color winner) { return winner == Color::Black ? v.order : -v.order; }
  static ValueBounds black_view(Value tie, Value best, Color winner) {
    return winner == Color::Black ? ValueBounds{tie, best} : ValueBounds{best, tie};
  }
  double game_komi() const { return table_.komi(); }

  Verdict forces(Color winner, Value target) {
    winner_ = winner;
    target_ = good(target, winner);
    memo_ = &memos_[index(winner)];
    const StateKey root = game_.state_key();
    if (auto it = memo_->find(root); it != memo_->end()) {
      if (it->second.yes >= target_) return Verdict::Yes;
      if (it->second.no <= target_) return Verdict::No;
    }
    path_.clear();
    path_.emplace(root, 0);
    const Step s = visit(0);
    path_.clear();
    return s.verdict;
  }

  struct Child {
    Move move;
    std::int32_t value = 0;  // file value, winner's order
    int depth = 0;
  };

  Step visit(int depth) {
    if (exhausted_ || ++nodes_ > budget_ || depth >= kMaxPath) {
      exhausted_ = true;
      return {Verdict::Unknown};
    }
    if (nodes_ % kClockStride == 1 && passed(deadline_)) {
      exhausted_ = timed_out_ = true;
      return {Verdict::Unknown};
    }
    const bool winner_moves = game_.to_move() == winner_;
    std::vector<Move> moves;
    game_.legal_moves(moves);
    std::vector<Child> open;
    Step decided{Verdict::Unknown};  // a child that decides this node without search
    bool any_decided = false;
    int low = kAbsolute;             // for a No at a winner node
    for (Move m : moves) {
      game_.play(m);
      Step child{Verdict::Unknown};
      bool searched = false;
      if (game_.long_cycle()) {
        // Back to a situation of the history (absolute) or of the path.
        auto it = path_.find(game_.state_key());
        child = {Verdict::No, it == path_.end() ? kAbsolute : it->second};
      } else if (game_.is_over()) {
        child = {good(game_.outcome(), winner_) >= target_ ? Verdict::Yes : Verdict::No};
      } else {
        const retro::StateRef ref = table_.state_of(game_.position(), game_.to_move(),
                                                    std::min(game_.consecutive_passes(), 1), game_.ko_ban());
        if (!ref.valid()) throw std::logic_error("probe: a reachable state is not in the exact index (bug)");
        const std::int32_t v = good(table_.value(ref), winner_);
        if (v < target_) {
          child = {Verdict::No};  // below the target under every history
        } else if (auto it = memo_->find(game_.state_key()); it != memo_->end() && it->second.yes >= target_) {
          child = {Verdict::Yes};
        } else if (it != memo_->end() && it->second.no <= target_) {
          child = {Verdict::No};
        } else {
          open.push_back({m, v, table_.depth(ref)});
          searched = true;
        }
      }
      game_.undo();
      if (searched) continue;
      if (winner_moves) {
        if (child.verdict == Verdict::Yes) return remember({Verdict::Yes}, depth);
        low = std::min(low, child.low);
      } else if (child.verdict == Verdict::No && (!any_decided || child.low > decided.low)) {
        decided = child;  // refuted; prefer a refutation that holds on every path
        any_decided = true;
      }
    }
    if (!winner_moves && any_decided) return remember(decided, depth);
    // Search the open children: the winner's best file value and smallest
    // depth first (the file's own strategy), the other side's worst first.
    std::sort(open.begin(), open.end(), [&](const Child& a, const Child& b) {
      if (a.value != b.value) return winner_moves ? a.value > b.value : a.value < b.value;
      return winner_moves ? a.depth < b.depth : a.depth > b.depth;
    });
    bool unknown = false;
    for (const Child& c : open) {
      game_.play(c.move);
      const StateKey key = game_.state_key();
      path_.emplace(key, depth + 1);
      const Step r = visit(depth + 1);
      path_.erase(key);
      game_.undo();
      if (r.verdict == Verdict::Unknown) {
        unknown = true;
        if (exhausted_) break;
        continue;
      }
      if (winner_moves && r.verdict == Verdict::Yes) return remember(r, depth);
      if (!winner_moves && r.verdict == Verdict::No) return remember(r, depth);
      if (winner_moves) low = std::min(low, r.low);
    }
    if (unknown) return {Verdict::Unknown};
    return remember(winner_moves ? Step{Verdict::No, low} : Step{Verdict::Yes}, depth);
  }

  // Records a proven verdict for the current situation (at path depth
  // `depth`) where it holds whatever the path above it is.
  Step remember(Step s, int depth) {
    Memo& m = (*memo_)[game_.state_key()];
    if (s.verdict == Verdict::Yes) {
      m.yes = std::max(m.yes, target_);
    } else if (s.verdict == Verdict::No && s.low >= depth) {
      m.no = std::min(m.no, target_);
      s.low = kAbsolute;
    }
    return s;
  }

  const retro::ExactTable& table_;
  TrompTaylorGame& game_;
  std::uint64_t budget_, nodes_ = 0;
  Deadline deadline_;
  bool exhausted_ = false, timed_out_ = false;
  Color winner_ = Color::Black;
  std::int32_t target_ = 0;
  std::unordered_map<StateKey, Memo, StateKeyHash> memos_[2];  // per winner
  std::unordered_map<StateKey, Memo, StateKeyHash>* memo_ = nullptr;
  std::unordered_map<StateKey, int, StateKeyHash> path_;  // situation -> path depth
};

std::string history_budget_note(std::uint64_t budget, bool timed_out) {
  return std::string(
             "the file's values are those of the game started at each state; under this history a return to an "
             "earlier situation ends the game as a tie, and the search that checks the file's value under the "
             "history ran out of ") +
         (timed_out ? "time (the time limit of the query ran out before its budget of " + std::to_string(budget) +
                          " nodes)"
                    : "its budget (" + std::to_string(budget) + " nodes)") +
         " where marked 'file-bounds': those values are only proven to lie between the file's value and the tie "
         "(docs/solving.md, 'Exact tables under a history'). Exact: " +
         (timed_out ? "more time" : "a larger --history-nodes") + ", or --fallback reference (small boards)";
}

}  // namespace

ProbeResult TablebaseProbe::Impl::probe_exact(const std::vector<std::string>& history, const Deadline& deadline,
                                              bool& timed_out) const {
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
  // One search (and its memo) for the whole probe: the children's
  // histories hold the state's history plus the state, and what a search
  // proves under the shorter history carries over (docs/solving.md).
  HistorySearch search(*exact, game, options.history_node_limit, deadline);
  // The value under the history of the game at `game` whose file value is v.
  auto under_history = [&](Value v, bool history_empty, ValueSource& source) {
    if (history_empty || v.order == 0) {
      source = ValueSource::FileExact;  // the file's game itself, or the tie (exact under every history)
      return ValueBounds::exactly(v);
    }
    ValueBounds b = search.value_under_history(v);
    source = b.exact() ? ValueSource::FileChecked : ValueSource::FileBounds;
    return b;
  };
  r.to_move = game.to_move();
  const Value v = at(game, r.depth);
  r.file_value = v;
  r.value = under_history(v, history.empty(), r.source);
  evaluate_moves(game, r.moves, [&](Move, MoveEval& e) {
    if (e.ends_game) {
      e.file_value = game.outcome();
      return;
    }
    // The child's earlier situations include this state: never empty.
    e.file_value = at(game, e.depth);
    e.value = under_history(*e.file_value, false, e.source);
  });
  r.nodes = search.nodes();
  timed_out = search.timed_out();
  if (search.exhausted()) r.note = history_budget_note(options.history_node_limit, timed_out);
  return r;
}

ProbeResult TablebaseProbe::Impl::solve_on_the_fly(const std::vector<std::string>& history,
                                                   const ProbeResult& file_answer) const {
  ProbeResult r;
  {
    std::lock_guard<std::mutex> lock(fallback_mutex);
    if (root_seeds_pending) {
      fallback = superko_fallback(spec, options, *root);
      root_seeds_pending = false;
    }
    r = fallback->analyze(spec, history);
  }
  const ValueSource src = r.source == ValueSource::SearchSeeded ? ValueSource::SearchSeeded
                          : fallback->name() == "search"         ? ValueSource::Search
                                                                 : ValueSource::Reference;
  r.source = src;
  r.fixpoints = file_answer.fixpoints;
  r.note = "the file holds no exact value here under this history; solved exactly on the fly by the " +
           fallback->name() + " solver";
  if (src == ValueSource::SearchSeeded)
    r.note += ", seeded from the file (its stored bounds wherever their facts hold under the search's line, its "
              "stored moves first; docs/solving.md, 'Seeded re-proofs')";
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

bool TablebaseProbe::Impl::principal_variation(const std::vector<std::string>& history, ProbeResult& r,
                                               std::size_t max, const Deadline& deadline) const {
  if (!r.exact() || r.game_over) return true;
  std::vector<std::string> line = history;
  ProbeResult at = r;
  for (;;) {
    auto pick = choose_move(at, spec.board);
    if (!pick) break;
    if (r.pv.size() == max)
      throw std::runtime_error("principal variation longer than " + std::to_string(max) + " moves");
    r.pv.push_back(at.moves[*pick].move);
    line.push_back(at.moves[*pick].move);
    bool timed_out = false;
    at = probe_file(line, deadline, timed_out);
    if (timed_out) {
      // The rest of the line would follow bounds, not values: no line.
      r.pv.clear();
      return false;
    }
    if (!answered(at) && fallback) at = solve_on_the_fly(line, at);
    // Exact files: later states have proven bounds, and choose_move's
    // depth rule keeps the line on the value without cycling (exact_table.hpp).
    if ((superko || root) && !proven(at)) {
      // The stored move kept the value, but the file proves nothing where
      // it leads under this history: the line stops here.
      r.note += (r.note.empty() ? "" : "; ") + std::string("the principal variation stops where the file proves no "
                                                          "value under its history (--fallback search continues it)");
      break;
    }
    if (!proven(at)) throw std::logic_error("probe: the principal variation left the proven states (bug)");
  }
  return true;
}

ProbeResult TablebaseProbe::probe(const std::vector<std::string>& history, const ProbeRequest& request) const {
  const auto start = std::chrono::steady_clock::now();
  bool timed_out = false;
  ProbeResult r = impl_->probe_file(history, request.deadline, timed_out);
  if (!impl_->answered(r) && impl_->fallback) {
    if (passed(request.deadline))
      r.note += (r.note.empty() ? "" : "; ") + std::string("the time limit ran out before the fallback solver started");
    else
      r = impl_->solve_on_the_fly(history, r);
  }
  r.moves = best_first(r);
  if (request.with_pv) {
    if (r.exact()) {
      if (!impl_->principal_variation(history, r, request.max_pv, request.deadline))
        r.note += r.note.empty() ? "no principal variation: the time limit ran out while it was computed"
                                 : "; no principal variation: the time limit ran out while it was computed";
    } else
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
