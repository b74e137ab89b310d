#include "query/superko_probe.hpp"

#include <algorithm>
#include <functional>
#include <stdexcept>

#include "core/benson.hpp"
#include "core/rules/games.hpp"
#include "core/rules/tromp_taylor.hpp"
#include "generator/retrograde/generate.hpp"
#include "query/probe_moves.hpp"

namespace gotb {

namespace {

std::vector<std::int8_t> read(TablebaseReader& r, const char* name) {
  return r.read_array(name);  // verifies every chunk and the whole-array checksum
}

const char* kFactsNote =
    "superko file: each stored value is proven for the state's shortest history and holds under a longer one "
    "when the history facts of its proof hold (docs/solving.md, 'Superko tablebases')";

}  // namespace

void SuperkoFile::check_meta(const TablebaseReader& reader, const GameSpec& spec) {
  const TablebaseMeta& m = reader.meta();
  path_ = reader.path();
  const std::string& path = path_;
  if (m.index_scheme != retro::kIndexScheme || m.value_encoding != search::kSuperkoValueEncoding)
    throw TablebaseError(path + ": index scheme '" + m.index_scheme + "' / value encoding '" + m.value_encoding +
                         "' are not ones this build reads for superko files (" + retro::kIndexScheme + " / " +
                         search::kSuperkoValueEncoding + ")");
  if (!spec.rules.support().superko_search)
    throw TablebaseError(path + ": a superko file for ruleset " + spec.rules.to_string());
  if (spec.board.size() > 31) throw TablebaseError(path + ": a superko file for a board above 31 points");
  situational_ = TrompTaylorConfig::from(spec.rules).situational;
  index_ = std::make_unique<retro::StateIndex>(spec.board);
  if (index_->states() != m.state_count || retro::symmetry_scheme(*index_) != m.symmetry_scheme)
    throw TablebaseError(path + ": the file's state count / symmetry scheme do not match the index of board " +
                         spec.board.spec());
}

SuperkoFile::SuperkoFile(TablebaseReader& reader, const GameSpec& spec) : spec_(spec) {
  check_meta(reader, spec);
  load_full(reader);
}

void SuperkoFile::load_full(TablebaseReader& reader) {
  facts_ = read(reader, search::kSkFacts);
  load_states(reader, facts_.size());
}

void SuperkoFile::load_states(TablebaseReader& reader, std::uint64_t facts_length) {
  const std::string& path = path_;
  value_ = read(reader, search::kSkValue);
  best_ = read(reader, search::kSkBest);
  lo_cap_ = read(reader, search::kSkLoCap);
  hi_cap_ = read(reader, search::kSkHiCap);
  const std::vector<std::int8_t> idx = read(reader, search::kSkFactIndex);
  const std::uint64_t n = reader.meta().state_count;
  if (value_.size() != n || best_.size() != n || lo_cap_.size() != n || hi_cap_.size() != n)
    throw TablebaseError(path + ": the per-state arrays have the wrong length");
  if (idx.size() != 4 * (n + 1)) throw TablebaseError(path + ": the fact index has the wrong length");
  offset_.resize(n + 1);
  for (std::uint64_t i = 0; i <= n; ++i) {
    std::uint32_t v = 0;
    for (int b = 0; b < 4; ++b) v |= static_cast<std::uint32_t>(static_cast<std::uint8_t>(idx[4 * i + b])) << (8 * b);
    offset_[i] = v;
    if (v > facts_length || (i > 0 && v < offset_[i - 1]))
      throw TablebaseError(path + ": the fact index is inconsistent at state " + std::to_string(i));
  }
  const int pts = spec_.board.size();
  for (std::uint64_t i = 0; i < n; ++i)
    if (value_[i] < -pts || value_[i] > pts || best_[i] < -1 || best_[i] >= pts)
      throw TablebaseError(path + ": value or move out of range at state " + std::to_string(i));
}

SuperkoFile::SuperkoFile(std::shared_ptr<TablebaseReader> reader, const GameSpec& spec, Load load)
    : spec_(spec) {
  check_meta(*reader, spec);
  if (load == Load::Full) {
    load_full(*reader);
    return;
  }
  // The per-state arrays (value, move, two cap codes, record offsets: 8
  // bytes a state, 1.3 MB on 3x4) are read and checked whole, as the full
  // reader does; the fact stream (~500 bytes a state) is read by record.
  facts_id_ = reader->array_id(search::kSkFacts);
  load_states(*reader, reader->array_length(facts_id_));
  reader_ = std::move(reader);
  cache_budget(kCacheBytes);
}

void SuperkoFile::cache_budget(std::uint64_t bytes) const {
  // A byte budget, not a chunk count: files of 160-256 Ki-value chunks
  // (those before session 25) keep fewer chunks than files of 32 Ki.
  std::uint64_t chunk = 1;
  for (const TablebaseArrayInfo& a : reader_->array_info())
    if (a.name == search::kSkFacts) chunk = std::max<std::uint64_t>(a.chunk_values, 1);
  reader_->set_cache_chunks(static_cast<std::size_t>(std::clamp<std::uint64_t>(bytes / chunk, 8, 1024)));
}

void SuperkoFile::record(std::uint64_t s, Record& out) const {
  out.value = value_[s];
  out.best = best_[s];
  out.lo_cap = lo_cap_[s];
  out.hi_cap = hi_cap_[s];
  const std::uint64_t first = offset_[s], length = offset_[s + 1] - first;
  if (!reader_) {
    out.begin = facts_.data() + first;
    out.end = out.begin + length;
    return;
  }
  // The read verifies the chunks it touches (TablebaseError naming the
  // file, array and chunk on a bad one).
  out.bytes.resize(length);
  if (length > 0) reader_->read_range(facts_id_, first, length, out.bytes.data());
  out.begin = out.bytes.data();
  out.end = out.begin + length;
}

search::StateProof SuperkoFile::proof(std::uint64_t s) const {
  if (s >= index_->states()) throw std::logic_error("superko file: state out of range (bug)");
  Record rec;
  record(s, rec);
  search::StateProof p;
  p.value = rec.value;
  p.best = rec.best;
  for (auto [code, f] : {std::pair{rec.lo_cap, &p.lo}, {rec.hi_cap, &p.hi}}) {
    f->unknown = code == -128;
    f->cap = f->unknown ? 127 : code;
  }
  try {
    search::decode_facts(rec.begin, rec.end, p);
  } catch (const std::exception& e) {
    throw TablebaseError(path_ + ": state " + std::to_string(s) + ": " + e.what());
  }
  return p;
}

void SuperkoFile::verify_states() const {
  for (std::uint64_t s = 0; s < index_->states(); ++s) proof(s);
}

std::shared_ptr<search::ProofSeeds> SuperkoFile::seeds(std::size_t cache_states) const {
  // A re-proof reaches the records of many states scattered over the
  // stream: a larger chunk cache, filled only as the search touches chunks.
  if (reader_) cache_budget(kSeedCacheBytes);
  auto s = std::make_shared<search::ProofSeeds>(
      *index_, [this](std::uint64_t state, search::StateProof& out) { out = proof(state); }, cache_states);
  s->situational = situational_;
  return s;
}

SuperkoFile::Answer SuperkoFile::at(const std::vector<Position>& positions, const std::vector<Color>& to_move,
                                    int passes) const {
  const Position& pos = positions.back();
  const Color mover = to_move.back();
  const std::uint64_t s = retro::state_of(*index_, pos, mover, std::min(passes, 1));
  if (s >= index_->states()) throw std::logic_error("superko probe: a reachable state is not in the index (bug)");
  const search::StateProof p = proof(s);
  const search::HistoryView h = search::history_view(*index_, situational_, positions, to_move);
  Answer a;
  a.lo_holds = search::facts_hold(p.lo, h, true);
  a.hi_holds = search::facts_hold(p.hi, h, false);
  const int n = spec_.board.size();
  // Mover's view -> Black's view: the mover's lower bound is Black's lower
  // bound when Black moves, her upper bound when White moves.
  const int black_diff = mover == Color::Black ? p.value : -p.value;
  a.stored = Value::score(black_diff, spec_.komi);
  const Value min = Value::score(-n, spec_.komi), max = Value::score(n, spec_.komi);
  const bool black_lo = mover == Color::Black ? a.lo_holds : a.hi_holds;
  const bool black_hi = mover == Color::Black ? a.hi_holds : a.lo_holds;
  a.value = {black_lo ? a.stored : min, black_hi ? a.stored : max};
  if (a.lo_holds && p.best >= -1) {
    if (p.best == -1) {
      a.best = -1;
    } else {
      // The stored move is in the stored orientation: map it back.
      const Position norm = mover == Color::Black ? pos : Position{pos.white, pos.black};
      int g = 0;
      index_->canonical_rank_with(norm, g);
      const Symmetries& sym = index_->symmetries();
      a.best = sym.perm(sym.inverse(g))[p.best];
    }
    a.kept = a.stored;
  }
  return a;
}

namespace {

// The probe of a file of facts (superko or root file): `at` answers a state
// from the file under the history given as positions / to_move.
template <class At>
ProbeResult probe_facts(const GameSpec& spec_, const std::vector<std::string>& history, const At& at,
                        const char* file_note) {
  TrompTaylorGame game(spec_.board, spec_.rules, spec_.komi);
  replay_moves(game, history);  // validates, with the rules' own messages
  // The situations of the game, replayed once more to record them.
  TrompTaylorGame line(spec_.board, spec_.rules, spec_.komi);
  std::vector<Position> positions{line.position()};
  std::vector<Color> to_move{line.to_move()};
  for (const std::string& t : history) {
    Move mv;
    line.parse_move(t, mv);
    line.play(mv);
    positions.push_back(line.position());
    to_move.push_back(line.to_move());
  }
  ProbeResult r = started_result(game);
  if (r.game_over) return r;
  r.to_move = game.to_move();
  const SuperkoFile::Answer root = at(positions, to_move, game.consecutive_passes());
  r.value = root.value;
  r.source = r.value.exact() ? ValueSource::FileFacts : ValueSource::FileBounds;
  bool all_children_exact = true;
  std::string stored_move;  // the entry's value-keeping move, when the state is exact
  evaluate_moves(game, r.moves, [&](Move mv, MoveEval& e) {
    if (root.best == (mv.is_play() ? mv.point : -1)) stored_move = e.move;
    if (!e.ends_game) {
      positions.push_back(game.position());
      to_move.push_back(game.to_move());
      const SuperkoFile::Answer c = at(positions, to_move, game.consecutive_passes());
      positions.pop_back();
      to_move.pop_back();
      e.value = c.value;
      // No child is better for the mover than the state (its value is the
      // best of its children's under the same history), and the mover's
      // bound is proven through the stored move: that child keeps it.
      const int point = mv.is_play() ? mv.point : -1;
      const bool black = r.to_move == Color::Black;
      Value lo = black ? e.value.lower : std::max(e.value.lower, root.value.lower);
      Value hi = black ? std::min(e.value.upper, root.value.upper) : e.value.upper;
      if (root.best == point) {
        if (black) lo = std::max(lo, root.kept);
        else hi = std::min(hi, root.kept);
      }
      if (hi < lo) throw TablebaseError("superko file: stored bounds contradict each other under this history");
      e.value = {lo, hi};
      e.source = e.value.exact() ? ValueSource::FileFacts : ValueSource::FileBounds;
    }
    all_children_exact &= e.value.exact();
  });
  // The stored move first: among moves of equal value, play (choose_move)
  // and the stable best-first order keep to it, so a game in which one side
  // follows the file stays on the lines the file's strategies cover.
  std::stable_partition(r.moves.begin(), r.moves.end(), [&](const MoveEval& e) { return e.move == stored_move; });
  r.note = file_note;
  if (!r.value.exact() && all_children_exact) {
    // One ply of minimax over every legal move, each exact here.
    Value best = r.to_move == Color::Black ? r.moves.front().value.lower : r.moves.front().value.upper;
    for (const MoveEval& e : r.moves)
      best = r.to_move == Color::Black ? std::max(best, e.value.lower) : std::min(best, e.value.upper);
    r.value = ValueBounds::exactly(best);
    r.source = ValueSource::FileFacts;
    r.note += "; this state's own facts do not hold under this history, its value is the best of its moves' "
              "(each exact from the file)";
  } else if (!r.value.exact() && !stored_move.empty()) {
    // (--values strategy root files, or facts of one side only.)
    r.strategy_move = true;
    r.note += "; only the mover's bound shown is proven here under this history (the game left the lines where "
              "both sides follow the file), with a stored move that keeps it (exact: --fallback search)";
  } else if (!r.value.exact()) {
    r.note += "; the facts of this state's stored value do not hold under this history: only the bounds shown "
              "are proven (exact: --fallback search)";
  }
  return r;
}

const char* kRootNote =
    "root file: each stored value was proven for a history from the empty board and holds under another when "
    "the history facts of its proof hold (docs/solving.md, 'Root proofs')";

}  // namespace

ProbeResult SuperkoFile::probe(const std::vector<std::string>& history) const {
  return probe_facts(
      spec_, history, [&](const auto& p, const auto& c, int passes) { return at(p, c, passes); }, kFactsNote);
}

// --- Root files ----------------------------------------------------------------

RootFile::RootFile(std::shared_ptr<TablebaseReader> reader_ptr, const GameSpec& spec, Load load) : spec_(spec) {
  TablebaseReader& reader = *reader_ptr;
  const TablebaseMeta& m = reader.meta();
  path_ = reader.path();
  const std::string& path = path_;
  if (m.index_scheme != search::kRootIndexScheme || m.value_encoding != search::kRootValueEncoding)
    throw TablebaseError(path + ": index scheme '" + m.index_scheme + "' / value encoding '" + m.value_encoding +
                         "' are not ones this build reads for root files (" + search::kRootIndexScheme + " / " +
                         search::kRootValueEncoding + ")");
  if (!spec.rules.support().superko_search)
    throw TablebaseError(path + ": a root file for ruleset " + spec.rules.to_string());
  const int n = spec.board.size();
  if (n > 31) throw TablebaseError(path + ": a root file for a board above 31 points");
  frame_ = std::make_unique<search::RootFrame>(spec.board, TrompTaylorConfig::from(spec.rules).situational);
  // The per-entry arrays (16 bytes an entry) are read whole, each verified
  // by its chunk and whole-array checksums, and kept as read (the keys as
  // integers); the fact stream (most of the file: ~480 bytes an entry on
  // 4x4) is read whole only for Load::Full.
  const std::uint64_t count = m.state_count;
  {
    const std::vector<std::int8_t> keys = read(reader, search::kRootStateKey);
    if (keys.size() != 8 * count) throw TablebaseError(path + ": the state keys have the wrong length");
    key_.resize(count);
    for (std::uint64_t i = 0; i < count; ++i) {
      std::uint64_t k = 0;
      for (int b = 0; b < 8; ++b) k |= static_cast<std::uint64_t>(static_cast<std::uint8_t>(keys[8 * i + b])) << (8 * b);
      key_[i] = k;
    }
  }
  value_ = read(reader, search::kSkValue);
  best_ = read(reader, search::kSkBest);
  lo_cap_ = read(reader, search::kSkLoCap);
  hi_cap_ = read(reader, search::kSkHiCap);
  fact_index_ = read(reader, search::kSkFactIndex);
  facts_id_ = reader.array_id(search::kSkFacts);
  const std::uint64_t facts_length = reader.array_length(facts_id_);
  if (fact_index_.size() != 4 * (count + 1)) throw TablebaseError(path + ": the fact index has the wrong length");
  if (value_.size() != count || best_.size() != count || lo_cap_.size() != count || hi_cap_.size() != count)
    throw TablebaseError(path + ": the per-entry arrays have the wrong length");
  const std::uint64_t key_bits = 2 * static_cast<std::uint64_t>(n) + 2;
  for (std::uint64_t i = 0; i < count; ++i) {
    if ((key_bits < 64 && (key_[i] >> key_bits) != 0) || (i > 0 && key_[i] < key_[i - 1]))
      throw TablebaseError(path + ": entry " + std::to_string(i) + ": state key out of range or out of order");
    if (offset(i) > offset(i + 1) || offset(i + 1) > facts_length)
      throw TablebaseError(path + ": entry " + std::to_string(i) + ": the fact index is inconsistent");
    if (value_[i] < -n || value_[i] > n || best_[i] < -1 || best_[i] >= n)
      throw TablebaseError(path + ": entry " + std::to_string(i) + ": value or move out of range");
  }
  if (count == 0) throw TablebaseError(path + ": a root file without entries");
  if (auto it = m.extra.find("root_value"); it != m.extra.end()) {
    try {
      root_value_ = std::stoi(it->second);
    } catch (const std::exception&) {
      throw TablebaseError(path + ": root_value '" + it->second + "' is not a number");
    }
  }
  if (auto it = m.extra.find("coverage"); it != m.extra.end()) partial_ = it->second.rfind("partial", 0) == 0;
  if (load == Load::Full) {
    facts_ = read(reader, search::kSkFacts);
    // Every record is decoded once here, so a malformed one is refused now,
    // not when a game reaches its state.
    verify_entries();
  } else {
    // Each record is read when a history reaches its state (its chunks
    // verified on first use, the last few kept decoded); a malformed one
    // is refused then (docs/solving.md, "Reading a root file").
    reader.set_cache_chunks(kRootCacheChunks);
    reader_ = std::move(reader_ptr);
  }
}

std::uint64_t RootFile::offset(std::uint64_t i) const {
  std::uint32_t v = 0;
  for (int b = 0; b < 4; ++b)
    v |= static_cast<std::uint32_t>(static_cast<std::uint8_t>(fact_index_[4 * i + b])) << (8 * b);
  return v;
}

std::pair<std::uint32_t, std::uint32_t> RootFile::range(std::uint64_t key) const {
  const auto [lo, hi] = std::equal_range(key_.begin(), key_.end(), key);
  return {static_cast<std::uint32_t>(lo - key_.begin()), static_cast<std::uint32_t>(hi - key_.begin())};
}

void RootFile::entry(std::uint32_t i, search::RootEntry& out) const {
  out.key = key_[i];
  out.proof.value = value_[i];
  out.proof.best = best_[i];
  for (auto [code, f] : {std::pair{lo_cap_[i], &out.proof.lo}, {hi_cap_[i], &out.proof.hi}}) {
    f->unknown = code == -128;
    f->cap = f->unknown ? 127 : code;
  }
  const std::uint64_t first = offset(i), length = offset(i + 1) - first;
  std::vector<std::int8_t> buf;  // (local: concurrent probes are safe; the reader locks)
  const std::int8_t* rec = facts_.data() + first;
  if (reader_) {
    buf.resize(length);
    reader_->read_range(facts_id_, first, length, buf.data());  // TablebaseError on a bad chunk
    rec = buf.data();
  }
  try {
    search::decode_facts(rec, rec + length, out.proof);
  } catch (const std::exception& ex) {
    throw TablebaseError(path_ + ": entry " + std::to_string(i) + ": " + ex.what());
  }
}

void RootFile::verify_entries() const {
  search::RootEntry e;
  for (std::size_t i = 0; i < key_.size(); ++i) entry(static_cast<std::uint32_t>(i), e);
}

const retro::StateIndex& RootFile::seed_index() const {
  if (!seed_index_) seed_index_ = std::make_unique<retro::StateIndex>(spec_.board);
  return *seed_index_;
}

search::StateProof RootFile::seed_proof(std::uint64_t state) const {
  const retro::StateIndex& idx = seed_index();
  const int n = spec_.board.size();
  const Position p = idx.position_of(state / 2);
  const int passes = static_cast<int>(state & 1);
  const std::uint64_t low = (std::uint64_t{1} << n) - 1, turn = std::uint64_t{1} << (2 * n);
  const bool situational = frame_->situational();
  search::StateProof out;
  out.lo.unknown = out.hi.unknown = true;
  // Same-history bounds (their present list must equal the whole history's
  // set, which the search's absent/present test cannot say) and unknown
  // ones are left out.
  auto usable = [](const search::StoredFacts& f) { return !f.unknown && f.cap != search::kSameHistoryCap; };
  int found = 0;  // usable bounds of the entry in `out`
  for (const bool white : {false, true}) {
    // The real state: the stored position with Black to move, or its
    // colours swapped with White to move (komi-free area scoring is
    // colour-symmetric: the same game, values and facts swapped).
    const Position real = white ? Position{p.white, p.black} : p;
    const search::RootFrame::Canon cn = frame_->canonical(real, white ? Color::White : Color::Black, passes);
    const int back = frame_->inverse(cn.to);
    // A fact key of the entry (canonical frame, real colours) in the
    // search's stored frame (this orientation, the mover as Black).
    auto map_key = [&](std::uint64_t k) {
      k = frame_->map_fact(k, back);
      if (!white) return k;
      const std::uint64_t swapped = ((k >> n) & low) | ((k & low) << n);
      return situational ? swapped | ((k & turn) ^ turn) : swapped;
    };
    auto map_facts = [&](const search::StoredFacts& f) {
      search::StoredFacts m;
      if (!usable(f)) {
        m.unknown = true;
        return m;
      }
      m.cap = f.cap;
      for (std::uint64_t k : f.absent) m.absent.push_back(map_key(k));
      for (std::uint64_t k : f.present) m.present.push_back(map_key(k));
      std::sort(m.absent.begin(), m.absent.end());
      std::sort(m.present.begin(), m.present.end());
      return m;
    };
    const auto [first, last] = range(cn.key);
    for (std::uint32_t i = first; i < last; ++i) {
      search::RootEntry e;
      entry(i, e);
      // Black's lower bound (cap on Black's stones) is the mover's lower
      // bound when Black moves, her upper bound when White moves.
      const search::StoredFacts& lo = white ? e.proof.hi : e.proof.lo;
      const search::StoredFacts& hi = white ? e.proof.lo : e.proof.hi;
      const int count = usable(lo) + usable(hi);
      if (count <= found) continue;
      found = count;
      out.value = static_cast<std::int8_t>(white ? -e.proof.value : e.proof.value);
      out.best = static_cast<std::int8_t>(frame_->map_point(e.proof.best, back));
      out.lo = map_facts(lo);
      out.hi = map_facts(hi);
      if (found == 2) return out;
    }
  }
  return out;
}

std::shared_ptr<search::ProofSeeds> RootFile::seeds(std::size_t cache_states) const {
  auto s = std::make_shared<search::ProofSeeds>(
      seed_index(), [this](std::uint64_t state, search::StateProof& out) { out = seed_proof(state); }, cache_states);
  s->situational = frame_->situational();
  return s;
}

SuperkoFile::Answer RootFile::at(const std::vector<Position>& positions, const std::vector<Color>& to_move,
                                 int passes) const {
  const Position& pos = positions.back();
  const Color mover = to_move.back();
  const search::RootFrame::Canon cn = frame_->canonical(pos, mover, std::min(passes, 1));
  const int n = spec_.board.size();
  SuperkoFile::Answer a;
  int lower = -n, upper = n;
  const auto [first, last] = range(cn.key);
  if (first != last) {
    std::vector<search::RootEntry> decoded(last - first);
    std::vector<const search::RootEntry*> state;
    for (std::uint32_t i = first; i < last; ++i) {
      entry(i, decoded[i - first]);
      state.push_back(&decoded[i - first]);
    }
    // A position with a non-trivial stabiliser reaches its canonical key
    // through several symmetries, which map the history onto different
    // images; each is an automorphism of the game with its history, so an
    // entry whose facts hold under any of them holds here, its move mapped
    // back through that symmetry (docs/solving.md, "Root proofs",
    // "Symmetric positions"). cn.to comes first: the one the walk used on
    // its own line, so where it gives a move the choice is the walk's.
    int pick = -1, pick_sym = 0;
    for (const int s : frame_->onto_canonical(pos, mover, std::min(passes, 1), cn)) {
      const search::HistoryView h = frame_->view(positions, to_move, s);
      for (const search::RootEntry* e : state) {
        const bool lo = search::root_facts_hold(e->proof.lo, h, true);
        const bool hi = search::root_facts_hold(e->proof.hi, h, false);
        if (lo) lower = std::max(lower, static_cast<int>(e->proof.value));
        if (hi) upper = std::min(upper, static_cast<int>(e->proof.value));
        a.lo_holds |= lo;
        a.hi_holds |= hi;
      }
      // The move the walk followed (the same choice: root_move_entry); it
      // keeps that entry's value for the mover (docs/solving.md, "Root proofs").
      if (pick < 0) {
        pick = search::root_move_entry(state, h, mover == Color::Black);
        pick_sym = s;
      }
    }
    if (pick >= 0) {
      a.best = frame_->map_point(state[pick]->proof.best, frame_->inverse(pick_sym));
      a.kept = Value::score(state[pick]->proof.value, spec_.komi);
    }
    a.stored = Value::score(value_[first], spec_.komi);
  }
  // What each side keeps by passing for the rest of the game holds under
  // every history (core/benson.hpp); where no entry gives the mover a move
  // and that guarantee reaches the root value, passing is the strategy's
  // move (the --values strategy walk ends its strategy there).
  const SuicideRule suicide = TrompTaylorConfig::from(spec_.rules).suicide;
  const int black_keeps = pass_guarantee(spec_.board, pos, Color::Black, suicide);
  const int white_keeps = -pass_guarantee(spec_.board, pos, Color::White, suicide);
  lower = std::max(lower, black_keeps);
  upper = std::min(upper, white_keeps);
  if (a.best == -2 && root_value_) {
    const int keeps = mover == Color::Black ? black_keeps : white_keeps;
    if (mover == Color::Black ? keeps >= *root_value_ : keeps <= *root_value_) {
      a.best = -1;
      a.kept = Value::score(keeps, spec_.komi);
    }
  }
  if (lower > upper)
    throw TablebaseError("root file: entries of one state prove contradicting bounds under this history");
  a.value = {Value::score(lower, spec_.komi), Value::score(upper, spec_.komi)};
  return a;
}

ProbeResult RootFile::probe(const std::vector<std::string>& history) const {
  ProbeResult r = probe_facts(
      spec_, history, [&](const auto& p, const auto& c, int passes) { return at(p, c, passes); }, kRootNote);
  if (partial_ && !r.game_over && !proven(r))
    r.note += "; this file's coverage is partial (--merge states): its walk went through each state once, on the "
              "first line that reached it, and this game reached a state of that walk by another line (another "
              "history, under which the facts stored there do not hold): the file does not cover it, by design "
              "(docs/solving.md, 'Root proofs', '--merge states')";
  return r;
}

bool superko_answered(const ProbeResult& r) {
  if (r.game_over) return true;
  if (!r.value.exact()) return false;
  return std::any_of(r.moves.begin(), r.moves.end(), [&](const MoveEval& e) {
    return r.to_move == Color::Black ? e.value.lower >= r.value.lower : e.value.upper <= r.value.upper;
  });
}

}  // namespace gotb

#include "query/probe.hpp"
#include "query/reference_backend.hpp"

namespace gotb {

namespace {

std::unique_ptr<ReferenceBackend> fallback_with(const GameSpec& spec, const ProbeOptions& options,
                                                const std::function<std::shared_ptr<search::ProofSeeds>()>& seeds) {
  ReferenceBackend::Options o;
  o.method = options.fallback == ProbeOptions::Fallback::Search ? "search" : "reference";
  o.max_points = options.fallback == ProbeOptions::Fallback::Search ? 31 : 8;
  o.solver.node_limit = options.node_limit;
  if (seeds && o.method == "search" && options.seed_search) {
    o.seeds = seeds();
    o.seeds_for = spec;
  }
  auto b = std::make_unique<ReferenceBackend>(o);
  if (std::string why = b->unsupported(spec); !why.empty())
    throw std::invalid_argument("--fallback " + o.method + " cannot solve this file's game: " + why);
  return b;
}

}  // namespace

std::unique_ptr<ReferenceBackend> superko_fallback(const GameSpec& spec, const ProbeOptions& options,
                                                   const SuperkoFile* seed_from) {
  if (!seed_from) return fallback_with(spec, options, {});
  return fallback_with(spec, options, [&] { return seed_from->seeds(); });
}

std::unique_ptr<ReferenceBackend> superko_fallback(const GameSpec& spec, const ProbeOptions& options,
                                                   const RootFile& seed_from) {
  return fallback_with(spec, options, [&] { return seed_from.seeds(); });
}

}  // namespace gotb
