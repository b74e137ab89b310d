#include "generator/search/search_solver.hpp"

#include <algorithm>
#include <cstdio>
#include <new>
#include <stdexcept>
#include <string>

#include "core/benson.hpp"
#include "core/safe_regions.hpp"
#include "core/scoring.hpp"
#include "core/budget.hpp"
#include "core/stack_guard.hpp"
#include "generator/search/deepening_share.hpp"
#include "generator/search/lane_clock.hpp"
#include "generator/search/move_ordering.hpp"
#include "generator/search/superko_table.hpp"

namespace gotb::search {

namespace {
constexpr int kWays = SearchTable::kWays;
constexpr std::int8_t kNoMove = SearchTable::kNoMove;
int slot_of(int point) { return point < 0 ? 64 : point; }
// SearchOptions::diversify: plies below the searched state whose move order
// a helper rotates, and how many plies further (per helper) its first
// horizon lies. Measured on 3x5 with 2 threads (team nodes, one run each;
// lazy SMP is not deterministic): rotation at 2 plies and 2 plies deeper
// 2.86M; no rotation 12.0M; no offset 6.25M; neither 6.50M; 3 plies and 4
// deeper 5.30M (1 thread: 7.47M).
constexpr int kDiversifyPlies = 2;
constexpr int kDiversifyHorizon = 2;
// With a DeepeningShare the helpers start at the main thread's horizon:
// the members split each horizon's two tests instead (3x5, 2 threads, team
// nodes: 0.72M / 0.78M at offset 0, 1.07M / 1.13M at offset 2;
// docs/solving.md §3, "Session 19").
constexpr int kShareHorizon = 0;
// Deepening nodes more than this many plies below the search's root (not
// the empty board: a root after moves keeps its share) do not use the team's share:
// the record costs a key vector of the whole line and the share's one mutex
// per call, which on 4x4 (lines of 20-30 plies, short tests) cost more than
// the skipped work saved; near the root the tests are long and worth sharing.
constexpr std::size_t kShareMaxLine = 8;
// Pair mode (DeepeningShare::Mode::Pair): plies below a test's root where a
// member defers the children another member is searching (ABDADA). 4x4, two
// threads, team nodes (one run each; one thread 7.11M): no deferring 9.25M,
// 6 plies 7.79M, 12 plies 8.74M, 20 plies 10.17M (docs/solving.md §3,
// "Session 23").
constexpr int kPairDeferPlies = 6;
}  // namespace

std::size_t auto_hash_megabytes(int points) { return points >= 20 ? 2048 : points >= 16 ? 1024 : 256; }

bool safe_regions_pay(const Board& b) {
  // A line of points (every point has at most two neighbours and some point
  // one): measured on 1x8..1x11, the safe-region bounds cost nodes there
  // (docs/solving.md §3, "Session 26"). From 16 points as well: 4x4 took
  // 13.2M nodes with them against 7.6M without, and 2x8 proved less in
  // 300 s with them (docs/solving.md §3, "Session 27"). They are kept on
  // the other boards (3x4, 2x7, 3x5 gain; 2x6 loses).
  if (b.size() >= 16) return false;
  bool end = false;
  for (int p = 0; p < b.size(); ++p) {
    const int d = popcount(b.neighbours(p));
    if (d > 2) return true;
    end = end || d == 1;
  }
  return !end;
}

TrompTaylorSearch::TrompTaylorSearch(const Board& board, const TrompTaylorConfig& cfg, double komi,
                                     SearchOptions opt)
    : board_(board),
      cfg_(cfg),
      situational_(cfg.situational),
      komi_(komi),
      opt_(opt),
      n_(board.size()),
      sym_(board) {
  if (n_ > 31)
    throw std::invalid_argument("the search solver handles boards of up to 31 points; " + board.spec() + " has " +
                                std::to_string(n_));
  if (opt_.time_limit > 0)
    deadline_ = std::chrono::steady_clock::now() +
                std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                    std::chrono::duration<double>(opt_.time_limit));
  guarantee_cache_bits_ = std::clamp(n_ - 1, 10, 15);
  guarantee_cache_.resize(std::size_t{1} << guarantee_cache_bits_);
  if (opt_.safe_regions == SearchOptions::SafeRegions::Auto)
    opt_.safe_regions = safe_regions_pay(board_) ? SearchOptions::SafeRegions::On : SearchOptions::SafeRegions::Off;
  if (opt_.transpositions) {
    if (opt_.table) {
      if (!opt_.table->compatible(board_, cfg_))
        throw std::invalid_argument("search solver: a shared table made for " + opt_.table->description() +
                                    " cannot serve " + board.spec() + " under these rules");
      table_ = opt_.table;
    } else {
      table_ = std::make_shared<SearchTable>(board_, cfg_, table_megabytes_for(opt_, n_), proof_megabytes_for(opt_, n_),
                                             opt_.max_dependencies, opt_.huge_pages, opt_.wide_ring);
    }
  }
  Frame root{Position{}, 0, Color::Black, 0};
  root.sit = situation_key(root.pos, root.to_move);
  push_frame(root);
}

void TrompTaylorSearch::push_frame(const Frame& f) {
  line_.push_back(f);
  if (line_.size() > 1) {
    const Frame& prev = line_[line_.size() - 2];
    line_.back().before_black =
        static_cast<std::int8_t>(std::max<int>(prev.before_black, popcount(prev.pos.black)));
    line_.back().before_white =
        static_cast<std::int8_t>(std::max<int>(prev.before_white, popcount(prev.pos.white)));
  }
  on_line_.push(f.sit, static_cast<int>(line_.size()) - 1);
}

void TrompTaylorSearch::pop_frame() {
  on_line_.pop(line_.back().sit);
  line_.pop_back();
}

void TrompTaylorSearch::play(Move m) {
  const Frame& f = line_.back();
  Frame n{f.pos, 0, opponent(f.to_move), f.passes + 1};
  if (m.kind == MoveKind::Play) {
    PlayOutcome o;
    if (play_stone(board_, f.pos, f.to_move, m.point, cfg_.suicide, o) != PlayStatus::Ok)
      throw std::logic_error("search solver: play() of an illegal move");
    n.pos = o.next;
    n.passes = 0;
  }
  n.sit = situation_key(n.pos, n.to_move);
  if (m.kind == MoveKind::Play && on_line_.contains(n.sit))
    throw std::logic_error("search solver: play() of a superko-illegal move");
  push_frame(n);
}

void TrompTaylorSearch::undo() {
  if (line_.size() <= root_size_) throw std::logic_error("search solver: undo() at the root of the line");
  pop_frame();
}

void TrompTaylorSearch::legal_moves(std::vector<Move>& out) const {
  const Frame& f = line_.back();
  if (f.passes >= 2) return;
  for_each_bit(f.pos.empty(board_), [&](int p) {
    PlayOutcome o;
    if (play_stone(board_, f.pos, f.to_move, p, cfg_.suicide, o) != PlayStatus::Ok) return;
    if (!on_line_.contains(situation_key(o.next, opponent(f.to_move)))) out.push_back(Move::play(p));
  });
  out.push_back(Move::pass());
}

int TrompTaylorSearch::area(const Position& p) const { return area_count(board_, p).difference(); }

TrompTaylorSearch::Ply& TrompTaylorSearch::ply(int d) {
  while (plies_.size() <= static_cast<std::size_t>(d)) plies_.emplace_back();
  return plies_[d];
}

std::uint64_t TrompTaylorSearch::root_stabiliser() const {
  if (!opt_.symmetry) return 1;
  std::uint64_t stab = 0;
  const int count = std::min(sym_.count(), 64);
  for (int s = 0; s < count; ++s) {
    bool fixes = true;
    for (const Frame& f : line_)
      if (!(sym_.apply(s, f.pos) == f.pos)) {
        fixes = false;
        break;
      }
    if (fixes) stab |= std::uint64_t{1} << s;
  }
  return stab;
}

// --- transposition table -------------------------------------------------

TrompTaylorSearch::Canon TrompTaylorSearch::canonical(const Frame& f) const {
  Canon c{state_key(f), 0, 0};
  if (!opt_.symmetric_table) return c;
  const int count = std::min(sym_.count(), 16);
  for (int s = 1; s < count; ++s) {
    Frame g = f;
    g.pos = sym_.apply(s, f.pos);
    const std::uint64_t k = state_key(g);
    if (k < c.key) c = {k, s, 0};
  }
  c.from = sym_.inverse(c.to);
  return c;
}

int TrompTaylorSearch::fails(std::uint64_t at, int absent, int present, std::int8_t cap, Color c, int line_index,
                             int from, std::vector<std::uint64_t>& words, std::uint64_t& mask) {
  words.clear();
  mask = 0;
  const int k = SearchTable::cap_count(cap);
  const bool masked = SearchTable::cap_masked(cap);
  const Frame& f = line_[static_cast<std::size_t>(line_index)];
  const int before = c == Color::Black ? f.before_black : f.before_white;
  if (before > k && !masked) return 1;
  const int n = absent + present + masked;
  if (n == 0) return 0;
  if (!table_->read_list(at, n, words)) return 2;  // overwritten since
  if (masked) {
    mask = map_mask(from, words.back());
    words.pop_back();
    if (!line_allows(c, mask, k, line_index)) return 1;
  }
  // Mapped in place: load() takes the words in the current orientation.
  for (int i = 0; i < absent; ++i) {
    words[i] = map_situation(from, words[i]);
    if (on_line_.contains(words[i])) return 3;
  }
  for (int i = absent; i < absent + present; ++i) {
    words[i] = map_situation(from, words[i]);
    if (!on_line_.contains(words[i])) return 4;
  }
  return 0;
}

bool TrompTaylorSearch::line_allows(Color c, std::uint64_t mask, int k, int upto) {
  const Frame& f = line_[static_cast<std::size_t>(upto)];
  if ((c == Color::Black ? f.before_black : f.before_white) <= k) return true;
  ++stats_.fact_scans;
  for (int i = 0; i < upto; ++i) {
    const Mask q = line_[static_cast<std::size_t>(i)].pos.stones(c);
    if ((q & mask) == mask && popcount(q) > k) return false;
  }
  ++stats_.fact_scan_holds;
  return true;
}

void TrompTaylorSearch::load(ProofDeps& out, const std::vector<std::uint64_t>& words, int absent, std::int8_t cap,
                             std::uint64_t mask, int line_index) const {
  out.clear();
  out.set_stones(SearchTable::cap_count(cap), mask);
  const int n = static_cast<int>(words.size());
  // fails() already mapped the words to the current orientation.
  out.absent.assign(words.begin(), words.begin() + absent);
  for (int i = absent; i < n; ++i) out.present.push_back({words[i], on_line_.first_index(words[i])});
  // The ring's lists are in no particular order (save()); they are sorted
  // only when something needs the order (ProofDeps::normalize).
  out.sorted = false;
  out.drop_from(line_index);
}

std::uint64_t TrompTaylorSearch::save(const ProofDeps& d, int to) {
  const bool masked = d.stone_cap < ProofDeps::kNoCap && d.stone_mask != 0;
  const std::size_t na = d.absent.size(), n = na + d.present.size() + masked;
  using LS = SearchOptions::ListSharing;
  const bool share = opt_.share_lists == LS::On || (opt_.share_lists == LS::Auto && table_->half_full());
  // The ring's lists need no order (load() marks what it reads unsorted):
  // each fact is written once, mapped to the canonical orientation; the
  // stone fact's mask last (SearchTable::Entry).
  auto each_word = [&](auto&& put) {
    for (std::uint64_t k : d.absent) put(to == 0 ? k : map_situation(to, k));
    for (const Present& p : d.present) put(to == 0 ? p.key : map_situation(to, p.key));
    if (masked) put(map_mask(to, d.stone_mask));
  };
  if (!share) {
    // Straight into the ring: forming the list first costs 1.5% of a 1x10
    // search (Session 28), and an unshared list needs no copy.
    const std::uint64_t at = table_->reserve(n);
    stats_.list_saved_words += n;
    std::uint64_t i = at;
    each_word([&](std::uint64_t word) { table_->put(i++, word); });
    return at;
  }
  std::vector<std::uint64_t>& w = save_words_;
  w.clear();
  each_word([&](std::uint64_t word) { w.push_back(word); });
  const int len = static_cast<int>(n);
  // Sharing: equal sets of facts must give equal words, so each part is
  // written sorted in the canonical orientation (already so when the list
  // is sorted and not turned). Any order is a valid ring list; the order
  // only decides which lists compare equal.
  if (to != 0 || !d.sorted) {
    std::sort(w.begin(), w.begin() + static_cast<std::ptrdiff_t>(na));
    std::sort(w.begin() + static_cast<std::ptrdiff_t>(na), w.begin() + static_cast<std::ptrdiff_t>(n - masked));
  }
  const std::uint64_t hash = SearchTable::list_hash(w.data(), len);
  const std::uint64_t at = table_->find_list(w.data(), len, hash);
  if (at != SearchTable::kNotFound) {
    ++stats_.lists_shared;
    stats_.list_shared_words += n;
    return at;
  }
  stats_.list_saved_words += n;
  return table_->add_list(w.data(), len, hash, true);
}

void TrompTaylorSearch::store(const Canon& c, int lo, const ProofDeps& lod, int hi, const ProofDeps& hid,
                              int best, std::uint64_t work, int superseded, const Entry& probed, InRing lo_ring,
                              InRing hi_ring) {
  const std::uint64_t key = c.key;
  const bool keep_lo = lo > -n_ && !lod.overflow, keep_hi = hi < n_ && !hid.overflow;
  if ((lo > -n_ && lod.overflow) || (hi < n_ && hid.overflow)) ++stats_.unstorable;
  if (!keep_lo && !keep_hi && best == kNoMove) return;
  Entry e;
  e.key = key;
  e.work = static_cast<std::uint8_t>(std::bit_width(std::max<std::uint64_t>(work, 1)));
  e.best = static_cast<std::int8_t>(map_point(c.to, best));
  e.owner = static_cast<std::uint8_t>(opt_.diversify + 1);
  e.lo = static_cast<std::int8_t>(keep_lo ? lo : -n_);
  e.hi = static_cast<std::int8_t>(keep_hi ? hi : n_);
  // A list already in the ring (lo_ring, hi_ring) was loaded with this same
  // fact, its mask word included.
  e.lo_cap = keep_lo ? SearchTable::cap_code(lod.stone_cap, lod.stone_mask != 0) : SearchTable::kNoCap;
  e.hi_cap = keep_hi ? SearchTable::cap_code(hid.stone_cap, hid.stone_mask != 0) : SearchTable::kNoCap;
  // The lists go into the ring first; the entry that points to them is
  // published after (SearchTable's contract).
  auto census = [&](int side, std::size_t words) {
    const int kind = bias_ > 0 ? 0 : bias_ < 0 ? 1 : 2;
    const int b = words == 0 ? 0 : words < 16 ? 1 : words < 64 ? 2 : words < 256 ? 3 : 4;
    ++stats_.stored_lists[side][kind][b];
    stats_.stored_list_words[side][kind][b] += words;
  };
  if (keep_lo) census(0, lod.size());
  if (keep_hi) census(1, hid.size());
  if (keep_lo) {
    e.lo_absent = static_cast<std::uint16_t>(lod.absent.size());
    e.lo_present = static_cast<std::uint16_t>(lod.present.size());
    e.lo_at = lo_ring.ok && table_->young(lo_ring.at) ? lo_ring.at : save(lod, c.to);
    stats_.ring_reused += e.lo_at == lo_ring.at && lo_ring.ok;
  }
  if (keep_hi) {
    e.hi_absent = static_cast<std::uint16_t>(hid.absent.size());
    e.hi_present = static_cast<std::uint16_t>(hid.present.size());
    e.hi_at = hi_ring.ok && table_->young(hi_ring.at) ? hi_ring.at : save(hid, c.to);
    stats_.ring_reused += e.hi_at == hi_ring.at && hi_ring.ok;
  }
  bool changed = false;
  const auto how = table_->store(e, superseded, &probed, &changed);
  stats_.store_changed += changed;
  switch (how) {
    case SearchTable::Stored::Superseded: ++stats_.store_superseded; break;
    case SearchTable::Stored::Empty: ++stats_.store_empty; break;
    case SearchTable::Stored::EvictSame: ++stats_.store_evict_same; break;
    case SearchTable::Stored::EvictOther: ++stats_.store_evict_other; break;
  }
  ++stats_.stores;
}

// --- seeds (SearchOptions::seeds) ------------------------------------------

void TrompTaylorSearch::seed_line_keys(int g, bool swap, std::vector<std::uint64_t>& out) const {
  const Symmetries& sym = opt_.seeds->index().symmetries();
  out.clear();
  for (const Frame& f : line_) {
    Position q = swap ? Position{f.pos.white, f.pos.black} : f.pos;
    const Color c = swap ? opponent(f.to_move) : f.to_move;
    q = sym.apply(g, q);
    out.push_back(fact_key(q, c, n_, situational_));
  }
  std::sort(out.begin(), out.end());
}

bool TrompTaylorSearch::seed_facts(const StoredFacts& facts, int stones_before, int back, bool swap,
                                   int line_index, const std::vector<std::uint64_t>& line_keys,
                                   ProofDeps& out) const {
  if (facts.unknown || stones_before > facts.cap) return false;
  // The test, in the stored frame (the same comparisons as below, since the
  // maps are bijections on situations): no absent fact on the line, every
  // present fact on it.
  for (std::uint64_t k : line_keys)
    if (std::binary_search(facts.absent.begin(), facts.absent.end(), k)) return false;
  for (std::uint64_t k : facts.present)
    if (!std::binary_search(line_keys.begin(), line_keys.end(), k)) return false;
  const Symmetries& sym = opt_.seeds->index().symmetries();
  const std::uint64_t mask = (std::uint64_t{1} << n_) - 1;
  // A fact key (superko_table.hpp: the stored frame, the state's mover as
  // black) as this line's situation key.
  auto to_line = [&](std::uint64_t k) {
    Position q = sym.apply(back, Position{k & mask, (k >> n_) & mask});
    Color c = (k >> (2 * n_)) & 1 ? Color::White : Color::Black;
    if (swap) {
      q = Position{q.white, q.black};
      c = opponent(c);
    }
    return situation_key(q, c);
  };
  out.clear();
  out.stone_cap = facts.cap;
  for (std::uint64_t k : facts.absent) {
    const std::uint64_t sit = to_line(k);
    if (on_line_.contains(sit)) return false;  // (not reached: tested above)
    out.absent.push_back(sit);
  }
  for (std::uint64_t k : facts.present) {
    const std::uint64_t sit = to_line(k);
    const int first = on_line_.first_index(sit);
    if (first < 0) return false;  // (not reached: tested above)
    out.present.push_back({sit, first});
  }
  std::sort(out.absent.begin(), out.absent.end());
  std::sort(out.present.begin(), out.present.end());
  out.drop_from(line_index);
  if (out.size() > opt_.max_dependencies) out.set_overflow();
  return true;
}

void TrompTaylorSearch::use_seeds(const Frame& f, int line_index, int& lo, int& hi, Ply& P, int& hint) {
  const bool white = f.to_move == Color::White;
  const Position norm = white ? Position{f.pos.white, f.pos.black} : f.pos;
  if (n_ - popcount(norm.black | norm.white) > opt_.seeds->ready_empties()) return;
  int g = 0;
  const StateProof* sp = opt_.seeds->find(norm, f.passes, g);
  if (!sp) return;
  ++stats_.seed_probes;
  const int back = opt_.seeds->index().symmetries().inverse(g);
  // The stored value is the mover's: her lower bound is Black's lower bound
  // when Black moves and Black's upper bound when White moves; each bound's
  // stone cap counts the stones of the side it favours. A bound that would
  // not tighten the node's is not tested.
  const int v = white ? -sp->value : sp->value;
  const bool want_lo = white ? v < hi : v > lo;  // the mover's lower bound
  const bool want_hi = white ? v > lo : v < hi;  // ... and upper bound
  if (want_lo || want_hi) seed_line_keys(g, white, seed_line_);
  bool used = false;
  // A stored bound whose (known) facts fail under this line is not used
  // (counted: the query's re-proof reports it).
  auto facts_hold = [&](const StoredFacts& facts, int stones_before) {
    if (seed_facts(facts, stones_before, back, white, line_index, seed_line_, seed_deps_)) return true;
    stats_.seed_rejects += !facts.unknown;
    return false;
  };
  if (want_lo && facts_hold(sp->lo, white ? f.before_white : f.before_black)) {
    if (!white) {
      lo = v;
      P.lo.assign(seed_deps_);
    } else {
      hi = v;
      P.hi.assign(seed_deps_);
    }
    used = true;
  }
  if (want_hi && facts_hold(sp->hi, white ? f.before_black : f.before_white)) {
    if (!white) {
      hi = v;
      P.hi.assign(seed_deps_);
    } else {
      lo = v;
      P.lo.assign(seed_deps_);
    }
    used = true;
  }
  stats_.seed_used += used;
  if (sp->best >= -1) hint = sp->best < 0 ? -1 : opt_.seeds->index().symmetries().perm(back)[sp->best];
}

// --- search ---------------------------------------------------------------

void TrompTaylorSearch::generate(Ply& P, const Frame& f, bool use_symmetry) {
  P.moves.clear();
  P.banned.clear();
  const Color opp = opponent(f.to_move);
  bool pruned = false;
  for_each_bit(f.pos.empty(board_), [&](int p) {
    PlayOutcome o;
    if (play_stone(board_, f.pos, f.to_move, p, cfg_.suicide, o) != PlayStatus::Ok) return;
    const std::uint64_t sit = situation_key(o.next, opp);
    const int first = on_line_.first_index(sit);
    if (first >= 0) {  // superko: illegal, and the bound over all moves relies on it staying so
      P.banned.push_back({p, sit, o.next, static_cast<std::uint32_t>(first)});
      return;
    }
    if (use_symmetry) {
      for (std::uint64_t m = P.stab & ~std::uint64_t{1}; m; m &= m - 1)
        if (sym_.perm(std::countr_zero(m))[p] < p) {
          pruned = true;  // an equivalent move (smaller point) is searched instead
          return;
        }
    }
    P.moves.push_back({p, sit, o.next, 0});
  });
  P.moves.push_back({-1, situation_key(f.pos, opp), f.pos, 0});
  // The bound over all moves now stands for skipped moves through a
  // symmetry of this line only: valid here, not reusable elsewhere.
  P.pruned = pruned;
}

AreaBound TrompTaylorSearch::guarantee_bounds(const Frame& f, int line_index, int alpha, int beta, StoneFact& lo_fact,
                                              StoneFact& hi_fact) {
  // Per side c: the pass guarantee (every history), and the better one c
  // can reach by filling (core/benson.hpp) or answering (core/safe_regions.hpp)
  // where its timing condition holds (c moves before the game can end; the
  // safe regions' a needs none). Both rest on the stone fact (A, |A|) of
  // c's stones A (docs/benson.md).
  struct Side {
    int pass, better;
  };
  const bool safe = opt_.fill && opt_.safe_regions == SearchOptions::SafeRegions::On;
  // The analyses depend on the position alone (board, suicide rule and the
  // options are the search's): a position met again (the deepening repeats
  // the tree above each horizon, transpositions) takes them from the cache.
  GuaranteeCache& g = guarantee_cache_[static_cast<std::size_t>(
      ((f.pos.black * 0x9e3779b97f4a7c15ULL) ^ (f.pos.white * 0xc2b2ae3d27d4eb4fULL)) >> (64 - guarantee_cache_bits_))];
  if (!(g.filled && g.black == f.pos.black && g.white == f.pos.white)) {
    for (Color c : {Color::Black, Color::White}) {
      auto& v = g.v[index(c)];
      if (safe) {
        const SafeGuarantees s = safe_guarantees(board_, f.pos, c, cfg_.suicide);
        v = {static_cast<std::int8_t>(s.pass), static_cast<std::int8_t>(s.answer_first),
             static_cast<std::int8_t>(s.answer)};
      } else {
        const Guarantees q = guarantees(board_, f.pos, c, cfg_.suicide);
        const int fill = opt_.fill ? q.fill : q.pass;
        v = {static_cast<std::int8_t>(q.pass), static_cast<std::int8_t>(fill), static_cast<std::int8_t>(q.pass)};
      }
    }
    g.black = f.pos.black;
    g.white = f.pos.white;
    g.filled = true;
  }
  auto side = [&](Color c) -> Side {
    const bool c_first = !(f.to_move == opponent(c) && f.passes == 1);
    const auto& v = g.v[index(c)];
    return {v[0], c_first ? v[1] : v[2]};
  };
  const Side b = side(Color::Black), w = side(Color::White);
  AreaBound out{b.pass, -w.pass};
  bool use_lo = b.better > b.pass, use_hi = w.better > w.pass;
  if (!use_lo && !use_hi) return out;
  // Does the line allow c's guarantee (the fact (A, |A|))? Asked at most once.
  int allows[2] = {-1, -1};
  auto allowed = [&](Color c) {
    int& a = allows[index(c)];
    if (a < 0) {
      const Mask own = f.pos.stones(c);
      a = opt_.stone_masks && opt_.stone_masks_at_use ? line_allows(c, own, popcount(own), line_index)
                           : (c == Color::Black ? f.before_black : f.before_white) <= popcount(own);
    }
    return a == 1;
  };
  if (safe) {
    // A fact-bearing bound is used only where it settles the node: as a
    // start bound its fact would pass to the node's proof and keep the
    // entry from other lines (docs/solving.md, "Session 25").
    const bool both = use_lo && use_hi && b.better == -w.better;
    const bool lo_cut = use_lo && (b.better >= beta || b.better == out.hi);
    const bool hi_cut = use_hi && (-w.better <= alpha || -w.better == out.lo);
    use_lo = lo_cut && allowed(Color::Black);
    use_hi = hi_cut && allowed(Color::White);
    if (both && !(use_lo && use_hi) && allowed(Color::Black) && allowed(Color::White)) use_lo = use_hi = true;
  } else {
    use_lo = use_lo && allowed(Color::Black);
    use_hi = use_hi && allowed(Color::White);
  }
  if (use_lo) {
    out.lo = b.better;
    lo_fact = {popcount(f.pos.black), opt_.stone_masks ? f.pos.black : 0};
    ++stats_.fill_used;
  }
  if (use_hi) {
    out.hi = -w.better;
    hi_fact = {popcount(f.pos.white), opt_.stone_masks ? f.pos.white : 0};
    ++stats_.fill_used;
  }
  return out;
}

TrompTaylorSearch::LoHi TrompTaylorSearch::search(int alpha, int beta, int depth) {
  if (opt_.node_limit && stats_.nodes >= opt_.node_limit) throw NodeLimitReached();
  if (test_limit_ && stats_.nodes >= test_limit_) throw TestBudgetSpent{};
  if (test_share_ && (stats_.nodes & 0x3FF) == 0 && test_obsolete()) throw TestObsolete{};
  if ((stats_.nodes & 0x3FF) == 0) work_meter().fetch_add(0x400, std::memory_order_relaxed);  // progress only
  if (opt_.time_limit > 0 && (stats_.nodes & 0x3FFF) == 0 && std::chrono::steady_clock::now() > deadline_)
    throw NodeLimitReached("time limit reached");
  if (opt_.stop && (stats_.nodes & 0xFF) == 0 && opt_.stop->load(std::memory_order_relaxed))
    throw NodeLimitReached(kStoppedMessage);
  if (opt_.clock && (stats_.nodes & 0x3F) == 0) opt_.clock->publish(stats_.nodes);
  // Superko lines can outgrow the stack (core/stack_guard.hpp); asked every
  // 64 plies, well inside the reserve.
  if ((depth & 63) == 0 && stack_near_end()) throw NodeLimitReached(kStackLimitMessage);
  ++stats_.nodes;
  if (captures_on_path_) ++stats_.below_capture;
  if (opt_.profile) {
    auto& dn = stats_.profile.depth_nodes;
    if (dn.size() <= static_cast<std::size_t>(depth)) dn.resize(depth + 1);
    ++dn[depth];
  }
  Ply& P = ply(depth);
  P.lo.clear();
  P.hi.clear();
  const Frame f = line_.back();
  if (f.passes >= 2) {
    const int s = area(f.pos);
    return {s, s};
  }
  const int line_index = static_cast<int>(line_.size()) - 1;
  const std::uint64_t nodes_before = stats_.nodes;
  const std::size_t cap = opt_.max_dependencies;

  // Benson: what each side keeps by passing from here on, whatever the
  // history (docs/benson.md), so these bounds carry no dependencies; or, by
  // filling or answering in its two-point regions, under a history with no
  // position holding all of its stones and more (a stone fact on the bound).
  int lo = -n_, hi = n_;
  StoneFact lo_fact, hi_fact;
  // The table's bucket is fetched ahead while the bounds below are worked
  // out (a random read in a table of hundreds of MB: a cache miss per node).
  const Canon canon = table_ ? canonical(f) : Canon{0, 0, 0};
  if (table_) table_->prefetch(canon.key);
  const AreaBound benson = opt_.benson ? guarantee_bounds(f, line_index, alpha, beta, lo_fact, hi_fact)
                                       : AreaBound{-n_, n_};
  if (opt_.benson && (benson.lo >= beta || benson.hi <= alpha || benson.lo == benson.hi)) {
    lo = benson.lo;
    hi = benson.hi;
    P.lo.set_stones(lo_fact.cap, lo_fact.mask);
    P.hi.set_stones(hi_fact.cap, hi_fact.mask);
    ++stats_.benson_cutoffs;
    return {lo, hi};
  }
  // Stored bounds whose proofs hold under this history may settle the node.
  // A state may have several entries, proved under different histories.
  int hint = kNoMove;
  if (opt_.seeds) {
    use_seeds(f, line_index, lo, hi, P, hint);
    if (lo >= beta || hi <= alpha || lo == hi) {
      ++stats_.seed_cutoffs;
      return {lo, hi};
    }
  }
  const std::uint64_t key = canon.key;
  int superseded = -1;  // the slot of an entry all of whose bounds hold here
  Entry superseded_entry;
  InRing lo_ring, hi_ring;  // P.lo / P.hi are still the lists of a stored entry
  if (table_) {
    Entry found[kWays];
    int slots[kWays];
    const int count = table_->probe(key, found, slots);
    for (int w = 0; w < count; ++w) {
      const Entry& e = found[w];
      ++stats_.probes;
      std::uint64_t lo_mask = 0, hi_mask = 0;
      const int lo_fail =
          fails(e.lo_at, e.lo_absent, e.lo_present, e.lo_cap, Color::Black, line_index, canon.from, lo_words_, lo_mask);
      const int hi_fail =
          fails(e.hi_at, e.hi_absent, e.hi_present, e.hi_cap, Color::White, line_index, canon.from, hi_words_, hi_mask);
      stats_.list_reads += !lo_words_.empty() + !hi_words_.empty();
      stats_.list_read_words += lo_words_.size() + hi_words_.size();
      const bool lo_ok = lo_fail == 0, hi_ok = hi_fail == 0;
      if (lo_ok && hi_ok) {
        superseded = slots[w];
        superseded_entry = e;
      } else {
        ++stats_.history_rejects;
      }
      for (int why : {lo_fail, hi_fail}) {
        stats_.reject_cap += why == 1;
        stats_.reject_lost += why == 2;
        stats_.reject_absent += why == 3;
        stats_.reject_present += why == 4;
      }
      if (hint == kNoMove || (lo_ok && hi_ok)) hint = e.best == kNoMove ? kNoMove : map_point(canon.from, e.best);
      if (canon.from != 0 && ((lo_ok && e.lo > lo) || (hi_ok && e.hi < hi))) ++stats_.turned_uses;
      // A bound equal to the one the node has, with a shorter list and a
      // cap at least as loose, replaces it: any proof that holds here is a
      // proof of the bound, and the shorter list is the cheaper to carry and
      // the likelier to hold elsewhere (docs/solving.md §3, "Session 21").
      if (lo_ok && (e.lo > lo || (e.lo == lo && lo > -n_ && lo_words_.size() < P.lo.size() &&
                                  SearchTable::cap_count(e.lo_cap) >= P.lo.stone_cap))) {
        lo = e.lo;
        load(P.lo, lo_words_, e.lo_absent, e.lo_cap, lo_mask, line_index);
        ++stats_.list_loads;
        stats_.list_load_words += lo_words_.size();
        if (e.owner != opt_.diversify + 1) {  // stored by another member of a team
          ++stats_.list_loads_other;
          stats_.list_load_words_other += lo_words_.size();
        }
        if (canon.from != 0) stats_.list_turned_words += lo_words_.size();
        lo_ring = {P.lo.size() == lo_words_.size(), e.lo_at};  // (nothing dropped)
      }
      if (hi_ok && (e.hi < hi || (e.hi == hi && hi < n_ && hi_words_.size() < P.hi.size() &&
                                  SearchTable::cap_count(e.hi_cap) >= P.hi.stone_cap))) {
        hi = e.hi;
        load(P.hi, hi_words_, e.hi_absent, e.hi_cap, hi_mask, line_index);
        ++stats_.list_loads;
        stats_.list_load_words += hi_words_.size();
        if (e.owner != opt_.diversify + 1) {  // stored by another member of a team
          ++stats_.list_loads_other;
          stats_.list_load_words_other += hi_words_.size();
        }
        if (canon.from != 0) stats_.list_turned_words += hi_words_.size();
        hi_ring = {P.hi.size() == hi_words_.size(), e.hi_at};
      }
    }
    if (lo >= beta || hi <= alpha || lo == hi) {
      ++stats_.cutoffs;
      return {lo, hi};
    }
  }
  // Benson's bounds hold on every line: where tighter than the table's they
  // start the node's bounds (a child's better bound replaces them later).
  if (benson.lo > lo || benson.hi < hi) ++stats_.benson_start;
  // Where they equal the table's, they replace a list by a stone cap at
  // most as tight (or by nothing).
  auto cheaper = [](const ProofDeps& d, int benson_cap) {
    return d.overflow || (d.size() > 0 && benson_cap >= d.stone_cap);
  };
  if (benson.lo > lo || (benson.lo == lo && cheaper(P.lo, lo_fact.cap))) {
    lo = benson.lo;
    lo_ring.ok = false;
    P.lo.clear();
    P.lo.set_stones(lo_fact.cap, lo_fact.mask);
  }
  if (benson.hi < hi || (benson.hi == hi && cheaper(P.hi, hi_fact.cap))) {
    hi = benson.hi;
    hi_ring.ok = false;
    P.hi.clear();
    P.hi.set_stones(hi_fact.cap, hi_fact.mask);
  }
  // The horizon of a deepening iteration: what holds on every line (Benson,
  // the table) is all this node can say yet.
  if (depth >= horizon_) {
    ++stats_.horizon_nodes;
    return {lo, hi};
  }
  alpha = std::max(alpha, lo - 1);
  beta = std::min(beta, hi + 1);

  // Symmetries that fix every situation of the line so far.
  if (depth == 0) P.stab = root_stabiliser();
  else {
    P.stab = ply(depth - 1).stab;
    for (std::uint64_t m = P.stab & ~std::uint64_t{1}; m; m &= m - 1) {
      int s = std::countr_zero(m);
      if (!(sym_.apply(s, f.pos) == f.pos)) P.stab &= ~(std::uint64_t{1} << s);
    }
  }
  generate(P, f, P.stab != 1);
  ++stats_.expanded;
  if (!P.banned.empty()) ++stats_.with_bans;

  const int side = index(f.to_move);
  // The order: the table's move first, the others by their key (retrograde
  // score, then history count), ties in generation order. A key from the
  // retrograde tables costs a canonical ranking and two cache misses per
  // move (13% of a 4x4 solve's CPU), and most nodes end with their first
  // move (a cut, or an abandoned one-sided test), so where the table's move
  // is among the moves the others' keys are looked up only when the node
  // goes on past it (`keys_pending`). Same order as looking them up first:
  // the history counts are read now (the first child's search may change
  // them), the tables never change, and a stable sort of the rest below the
  // table's move is the stable sort of all moves with it on top.
  bool keys_pending = false;
  const bool rotate = opt_.diversify > 0 && depth < kDiversifyPlies && P.moves.size() > 2;
  const Color next_to_move = opponent(f.to_move);
  auto retro_key = [&](const Cand& c, std::uint32_t h) {
    return opt_.ordering->key(c.next, next_to_move, c.point < 0 ? f.passes + 1 : 0, h,
                              c.point >= 0 && opt_.ordering->uses_ko()
                                  ? RetroOrdering::ko_after_play(board_, f.pos, f.to_move, c.point, c.next)
                                  : -1);
  };
  // The keys of moves [b, e), whose scores hold their history counts: as
  // retro_key, batched where the tables allow (RetroOrdering::child_rank:
  // the moves' cache misses overlap; the same keys, so the same order).
  auto retro_keys = [&](Cand* b, Cand* e) {
    const RetroOrdering& o = *opt_.ordering;
    if (o.uses_ko()) {
      for (Cand* c = b; c != e; ++c) c->score = retro_key(*c, c->score);
      return;
    }
    // A pass that ends the game (key() scores the area) is keyed at once.
    const bool pass_ends = f.passes + 1 >= 2;
    std::array<std::uint64_t, 64> at;  // at most points + 1 <= 32 moves
    const std::size_t n = static_cast<std::size_t>(e - b);
    if (o.sums_ok()) {  // ranks from the parent's per-symmetry sums
      RetroOrdering::Sums sums;
      o.parent_sums(f.pos, f.to_move, sums);
      for (std::size_t i = 0; i < n; ++i)
        if (!(pass_ends && b[i].point < 0)) at[i] = o.child_rank(sums, f.pos, f.to_move, b[i].next);
    } else {
      for (std::size_t i = 0; i < n; ++i)
        if (!(pass_ends && b[i].point < 0)) at[i] = o.child_rank(b[i].next, next_to_move);
    }
    for (std::size_t i = 0; i < n; ++i)
      if (!(pass_ends && b[i].point < 0)) at[i] = o.child_state(at[i], b[i].point < 0 ? f.passes + 1 : 0);
    for (std::size_t i = 0; i < n; ++i)
      b[i].score = pass_ends && b[i].point < 0 ? retro_key(b[i], b[i].score) : o.key_of_state(at[i], b[i].score);
  };
  auto by_score = [](const Cand& a, const Cand& b) { return a.score > b.score; };
  std::size_t hint_at = P.moves.size();
  if (opt_.ordering && hint != kNoMove && !rotate)
    for (std::size_t i = 0; i < P.moves.size(); ++i)
      if (P.moves[i].point == hint) {
        hint_at = i;
        break;
      }
  if (hint_at < P.moves.size()) {
    for (Cand& c : P.moves) c.score = history_[side][slot_of(c.point)];  // the history counts of now
    std::rotate(P.moves.begin(), P.moves.begin() + static_cast<std::ptrdiff_t>(hint_at),
                P.moves.begin() + static_cast<std::ptrdiff_t>(hint_at) + 1);
    keys_pending = P.moves.size() > 2;
  } else {
    for (Cand& c : P.moves) c.score = history_[side][slot_of(c.point)];
    if (opt_.ordering) retro_keys(P.moves.data(), P.moves.data() + P.moves.size());
    for (Cand& c : P.moves)
      if (c.point == hint) c.score = 0xFFFFFFFFu;
    std::stable_sort(P.moves.begin(), P.moves.end(), by_score);
  }
  // A lazy SMP helper starts elsewhere near the root (SearchOptions::diversify).
  // In pair mode the members' orders are spread evenly over the moves after
  // the first (member k of N starts k/N of the way along them).
  if (rotate) {
    const std::size_t rest = P.moves.size() - 1;
    const std::size_t k = opt_.share && opt_.share->mode() == DeepeningShare::Mode::Pair
                              ? rest * static_cast<std::size_t>(opt_.diversify) / static_cast<std::size_t>(opt_.share->members())
                              : static_cast<std::size_t>(opt_.diversify);
    if (k % rest) std::rotate(P.moves.begin() + 1, P.moves.begin() + 1 + k % rest, P.moves.end());
  }

  // Black maximises. The bound from one child (Black's lower bound, White's
  // upper bound) needs that child's proof and its move staying legal; the
  // bound over all children needs every child's proof and every
  // superko-illegal move staying illegal (P.kids; united with the bans
  // after the loop, only where that bound is used).
  const bool maxi = f.to_move == Color::Black;
  int all = maxi ? -n_ - 1 : n_ + 1;
  int best = kNoMove;
  bool cut = false, abandoned = false;
  if (P.kids.size() < P.moves.size()) P.kids.resize(P.moves.size());
  std::size_t kids = 0;
  // Pair mode near the test's root: a child another member is searching now
  // is searched after the others (DeepeningShare::busy; order only, the
  // first move never: every member starts where the order is best).
  DeepeningShare* const team =
      test_share_ && test_share_->mode() == DeepeningShare::Mode::Pair && depth < kPairDeferPlies ? test_share_ : nullptr;
  std::size_t fresh = P.moves.size();  // moves at and past this index were deferred once already
  for (std::size_t i = 0; i < P.moves.size(); ++i) {
    if (keys_pending && i == 1) {  // past the table's move: the others' keys now
      keys_pending = false;
      retro_keys(P.moves.data() + 1, P.moves.data() + P.moves.size());
      std::stable_sort(P.moves.begin() + 1, P.moves.end(), by_score);
    }
    if (team && i > 0 && i < fresh) {
      const Cand& d = P.moves[i];
      if (team->busy(state_key({d.next, d.sit, opponent(f.to_move), d.point < 0 ? f.passes + 1 : 0}))) {
        std::rotate(P.moves.begin() + i, P.moves.begin() + i + 1, P.moves.end());
        --fresh;
        --i;
        continue;
      }
    }
    const Cand c = P.moves[i];
    push_frame({c.next, c.sit, opponent(f.to_move), c.point < 0 ? f.passes + 1 : 0});
    struct Busy {
      DeepeningShare* team;
      std::uint64_t key;
      Busy(DeepeningShare* t, std::uint64_t k) : team(t), key(k) { if (team) team->enter(key); }
      ~Busy() { if (team) team->leave(key); }
    } busy(team, team ? state_key(line_.back()) : 0);
    const bool capture = c.point >= 0 && popcount(c.next.black | c.next.white) <= popcount(f.pos.black | f.pos.white);
    captures_on_path_ += capture;
    LoHi r;
    try {
      r = search(alpha, beta, depth + 1);
    } catch (...) {
      captures_on_path_ -= capture;
      pop_frame();
      throw;
    }
    captures_on_path_ -= capture;
    pop_frame();
    Ply& C = ply(depth + 1);  // (a TestBudgetSpent above unwinds like NodeLimitReached)
    // The child's lists are not needed after this move (the next child's
    // search clears them), so they are swapped out rather than copied.
    if (maxi) {
      if (r.lo > lo) {
        lo = r.lo;
        best = c.point;
        std::swap(P.lo, C.lo);
        lo_ring.ok = false;
        if (c.point >= 0) P.lo.add_absent(c.sit, cap);
      }
      all = std::max(all, r.hi);
      std::swap(P.kids[kids++], C.hi);
      if (lo >= beta || lo >= hi) cut = true;
      alpha = std::max(alpha, lo);
    } else {
      if (r.hi < hi) {
        hi = r.hi;
        best = c.point;
        std::swap(P.hi, C.hi);
        hi_ring.ok = false;
        if (c.point >= 0) P.hi.add_absent(c.sit, cap);
      }
      all = std::min(all, r.lo);
      std::swap(P.kids[kids++], C.lo);
      if (hi <= alpha || hi <= lo) cut = true;
      beta = std::min(beta, hi);
    }
    if (cut) {
      history_[side][slot_of(c.point)] += 1 + (64 - std::min(depth, 63));
      ++stats_.cut_nodes;
      stats_.cut_first += i == 0;
      stats_.cut_moves += i + 1;
      break;
    }
    // A biased iteration looks for one kind of proof only (see deepen()):
    // for lo >= beta every White move must reach beta, for hi <= alpha
    // every Black move must stay at alpha. One child that does not (yet)
    // means this node cannot give that proof in this iteration, and only
    // the other kind (one good move for the side to move here) remains,
    // which this iteration does not look for.
    if ((bias_ > 0 && !maxi && r.lo < beta) || (bias_ < 0 && maxi && r.hi > alpha)) {
      abandoned = true;
      ++stats_.abandoned;
      break;
    }
  }
  if (!cut && !abandoned) ++stats_.all_nodes;
  if (!cut && !abandoned && (maxi ? all < hi : all > lo)) {
    // The union of every child's list (cut and abandoned nodes, and nodes
    // whose bound over all moves is no better than the one they have, never
    // need it). It also rests on each banned play staying banned.
    if (P.pruned) P.acc.set_overflow();
    else P.acc.unite(P.kids.data(), kids, cap);
    for (const Cand& c : P.banned) P.acc.add_present({c.sit, static_cast<std::int32_t>(c.score)}, cap);
    if (maxi) {
      hi = all;
      hi_ring.ok = false;
      std::swap(P.hi, P.acc);
    } else {
      lo = all;
      lo_ring.ok = false;
      std::swap(P.lo, P.acc);
    }
  }
  P.lo.drop_from(line_index);
  P.hi.drop_from(line_index);
  if (table_)
    store(canon, lo, P.lo, hi, P.hi, best, stats_.nodes - nodes_before + 1, superseded, superseded_entry, lo_ring,
          hi_ring);
  return {lo, hi};
}

bool TrompTaylorSearch::test_obsolete() {
  int lo = -n_ - 1, hi = n_ + 1;
  test_share_->narrow(*test_line_, lo, hi);
  if (lo > test_t_ || hi <= test_t_) return true;
  // Pair mode: another member ran this same test to its end without result.
  test_ended_ = test_share_->mode() == DeepeningShare::Mode::Pair &&
                test_share_->ended(*test_line_, horizon_, test_t_, bias_);
  return test_ended_;
}

TrompTaylorSearch::LoHi TrompTaylorSearch::deepen(int alpha, int beta, int guess) {
  if (opt_.deepening_step <= 0) {
    const LoHi r = search(alpha, beta, 0);
    if (track_root_) {
      root_lo_.assign(ply(0).lo);
      root_hi_.assign(ply(0).hi);
      root_lo_.normalize();
      root_hi_.normalize();
    }
    return r;
  }
  struct Reset {
    int& horizon;
    int& bias;
    ~Reset() {
      horizon = kNoHorizon;
      bias = 0;
    }
  } reset{horizon_, bias_};
  const auto start = std::chrono::steady_clock::now();
  LoHi b{-n_, n_};  // what is proved so far about the current state
  const std::uint64_t deepen_start = stats_.nodes;
  // Lazy SMP: the other members' bounds and tests at this exact line
  // (deepening_share.hpp; docs/solving.md §3, "Session 19").
  DeepeningShare* const share = track_root_ || line_.size() - root_size_ > kShareMaxLine ? nullptr : opt_.share;
  // Aiming is one thread's (a team's members split each horizon's two tests
  // through the share instead).
  const bool pair = share && share->mode() == DeepeningShare::Mode::Pair;
  if (share && !pair) guess = kNoGuess;
  // SearchOptions::stall_aim: one thread, no guess from the tables.
  bool learn = guess == kLearnGuess && !share;
  if (guess == kLearnGuess) guess = kNoGuess;
  // The guess in force was learnt (not the tables'): it is dropped, and
  // learning ends, at the first horizon where no aimed test ran to its end
  // (docs/solving.md §3, "Session 30: stall_aim").
  bool learnt = false;
  // The window of each side's last test that left its bound where it was,
  // and at how many successive horizons it did so.
  int stall_lo_t = kNoHorizon, stall_hi_t = kNoHorizon, stall_lo = 0, stall_hi = 0;
  DeepeningShare::Line line_keys;
  if (share)
    for (const Frame& f : line_) line_keys.push_back(state_key(f));
  auto sync = [&] {
    if (share) share->narrow(line_keys, b.lo, b.hi);
  };
  // proved_bounds(): what deepening has proven at the state value() asked
  // about, kept up to date so that a limit's stop can report it.
  const bool at_root = line_.size() == root_size_;
  if (at_root) proved_any_ = false;
  auto decided = [&] {
    sync();
    if (at_root && (b.lo > -n_ || b.hi < n_)) {
      proved_lo_ = b.lo;
      proved_hi_ = b.hi;
      proved_any_ = true;
    }
    return b.lo == b.hi || b.lo >= beta || b.hi <= alpha;
  };
  // Nodes of the tests that moved a bound at the current horizon (proved_cap).
  std::uint64_t proved_here = 0;
  const double proved_cap = opt_.proved_cap;
  // SearchOptions::idle_cap: the cap of the next test, set by the horizon
  // loop below where it applies (0: none).
  std::uint64_t idle_limit = 0;
  // One null-window test: lo > t (bias +1) or hi <= t (bias -1).
  bool obsolete = false;  // the last test was stopped because another member decided its window
  auto test = [&](int t, int bias) {
    bias_ = bias;
    ++stats_.iterations;
    const std::uint64_t nodes_before = stats_.nodes;
    // A test's budget grows with the work done so far (see SearchOptions::test_budget):
    // with a share, the work of the whole team at this line.
    const std::uint64_t done = share ? share->spent(line_keys) : nodes_before - deepen_start;
    // Pair mode: every member runs the test, each with its part of the budget.
    const double part = pair ? 1.0 / share->members() : 1.0;
    test_limit_ = opt_.test_budget > 0
                      ? nodes_before + std::max<std::uint64_t>(opt_.test_budget_min,
                                                               static_cast<std::uint64_t>(opt_.test_budget * part *
                                                                                          static_cast<double>(done)))
                      : 0;
    // After a proof at this horizon, the cap of SearchOptions::proved_cap:
    // with a share, by the proofs of the whole team at this line and horizon
    // (in pair mode each member takes its part, as of the budget).
    const std::uint64_t proofs = share ? share->proved(line_keys, horizon_) : proved_here;
    if (test_limit_ && proved_cap > 0 && proofs > 0)
      test_limit_ = std::min(test_limit_, nodes_before + std::max<std::uint64_t>(
                                                             opt_.test_budget_min,
                                                             static_cast<std::uint64_t>(
                                                                 proved_cap * part * static_cast<double>(proofs))));
    if (test_limit_ && idle_limit) test_limit_ = std::min(test_limit_, nodes_before + idle_limit);
    LoHi r;
    // With a team, --progress traces every member's tests (which member runs
    // what, at which horizon, for how many nodes).
    auto trace = [&](const char* how, int lo, int hi) {
      if (opt_.progress && share)
        std::fprintf(stderr, "search: thread %d horizon %d test %s %d: %s [%d, %d], %llu nodes (budget %llu), %.2f s\n",
                     opt_.diversify, horizon_, bias > 0 ? "lo >" : "hi <=", t, how, lo, hi,
                     static_cast<unsigned long long>(stats_.nodes - nodes_before),
                     static_cast<unsigned long long>(test_limit_ ? test_limit_ - nodes_before : 0),
                     std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
    };
    struct Watch {  // the test is stopped once another member decides its window
      TrompTaylorSearch& s;
      Watch(TrompTaylorSearch& s, DeepeningShare* share, const DeepeningShare::Line* line, int t) : s(s) {
        s.test_share_ = share;
        s.test_line_ = line;
        s.test_t_ = t;
      }
      ~Watch() { s.test_share_ = nullptr; }
    } watch(*this, share, &line_keys, t);
    try {
      r = search(t, t + 1, 0);
    } catch (const TestObsolete&) {
      // Not a result of this test: the shared bounds moved past its window
      // (sync() takes them), or (pair mode) another member ran the same test
      // to its end without result; nothing is published.
      const bool ended = test_ended_;
      test_ended_ = false;
      trace(ended ? "stopped, run without result by another thread" : "stopped, decided by another thread", b.lo, b.hi);
      test_limit_ = 0;
      share->add_spent(line_keys, stats_.nodes - nodes_before);
      // Pair mode: this member's part of a test another member completed with
      // a result is part of the team's proof at this horizon (proved_cap).
      if (pair && !ended) share->add_proved(line_keys, horizon_, stats_.nodes - nodes_before);
      if (opt_.profile) stats_.profile.tests.push_back({horizon_, bias, t, b.lo, b.hi, stats_.nodes - nodes_before, true});
      sync();
      obsolete = true;
      return !ended;
    } catch (const TestBudgetSpent&) {
      trace("budget spent", b.lo, b.hi);
      test_limit_ = 0;
      ++stats_.budget_stops;
      if (share) share->add_spent(line_keys, stats_.nodes - nodes_before);
      if (opt_.profile) stats_.profile.tests.push_back({horizon_, bias, t, b.lo, b.hi, stats_.nodes - nodes_before, true});
      throw;
    }
    trace("done", r.lo, r.hi);
    test_limit_ = 0;
    if (share) {
      share->publish(line_keys, r.lo, r.hi);
      share->add_spent(line_keys, stats_.nodes - nodes_before);
    }
    if (opt_.profile) stats_.profile.tests.push_back({horizon_, bias, t, r.lo, r.hi, stats_.nodes - nodes_before, false});
    const bool moved = r.lo > b.lo || r.hi < b.hi;
    if (track_root_ && r.lo > b.lo) {
      root_lo_.assign(ply(0).lo);
      root_lo_.normalize();
    }
    if (track_root_ && r.hi < b.hi) {
      root_hi_.assign(ply(0).hi);
      root_hi_.normalize();
    }
    b.lo = std::max(b.lo, r.lo);
    b.hi = std::min(b.hi, r.hi);
    if (moved) {
      proved_here += stats_.nodes - nodes_before;
      if (share) share->add_proved(line_keys, horizon_, stats_.nodes - nodes_before);
    }
    return moved;
  };
  // A helper of a team with a share takes the upper side first, so that the
  // two members run the two tests of a horizon at once.
  const int first_bias = share && !pair && opt_.diversify % 2 == 1 ? -1 : +1;
  const int offset = share ? kShareHorizon : kDiversifyHorizon;
  // Aimed tests (guess set): the windows that failed at the previous horizon.
  int prev_failed_lo = kNoHorizon, prev_failed_hi = kNoHorizon;
  // SearchOptions::idle_cap: the last horizon at which each bound moved, and
  // the nodes of the proofs at the previous horizon.
  int moved_lo_at = kNoHorizon, moved_hi_at = kNoHorizon;
  std::uint64_t proved_prev = 0;
  for (int h = opt_.deepening_step + offset * opt_.diversify;; h += opt_.deepening_step) {
    horizon_ = h;
    proved_here = 0;
    const std::uint64_t cut_before = stats_.horizon_nodes;
    // At this horizon: raise the lower bound and lower the upper bound by
    // proofs of one kind at a time. A test whose window moved nothing (or
    // that ran out of its budget) is not repeated at this horizon: it would
    // re-search the same unproved tree (on 2x6 the upper test ran nine
    // times at one horizon, 60% of all nodes; docs/solving.md, "Where the
    // nodes go").
    bool aborted = false;
    int failed_lo = kNoHorizon, failed_hi = kNoHorizon;
    bool completed = false;  // a test of this horizon ran to its end (not stopped by its budget)
    const int lo_before = b.lo, hi_before = b.hi;
    bool stopped_lo = false, stopped_hi = false;  // a test of the side was stopped by its budget here
    while (!decided()) {
      bool ran = false;
      for (int bias : {first_bias, -first_bias}) {
        if (decided()) break;
        int t = bias > 0 ? b.lo : b.hi - 1;
        // A guess outside the proved bounds is wrong: the plain tests take over.
        if (guess != kNoGuess && (guess < b.lo || guess > b.hi)) guess = kNoGuess;
        if (guess != kNoGuess) {
          // Aimed at the guess c: "value >= c" and
          // "value <= c". Once one side has reached c, the test beyond it on
          // that side ("value > c", say) runs only after the other side's
          // test of c failed at the previous horizon: if c is the value that
          // test is false and would spend its whole budget (4x4: 1.4M of
          // 7.1M nodes), while the other side's test of c succeeds a horizon
          // later. Every horizon still runs a test toward the value, and a
          // complete test moves a bound, so deepening still ends (docs/solving.md §3,
          // "Session 22").
          const int c = guess;
          if (bias > 0 ? b.lo < c : b.hi > c) t = bias > 0 ? c - 1 : c;
          else if (bias > 0 ? prev_failed_hi != c : prev_failed_lo != c - 1) continue;
        }
        int& failed = bias > 0 ? failed_lo : failed_hi;
        if (t == failed) continue;
        if (share && (pair ? share->join(line_keys, h, t, bias) : share->claim(line_keys, h, t, bias)) ==
                         DeepeningShare::Claimed::Skip) {
          // Another member runs this test here or deeper, or ran it without
          // result: not repeated, and this horizon is not complete.
          failed = t;
          aborted = true;
          continue;
        }
        ran = true;
        bool moved = false;
        // SearchOptions::idle_cap: the side whose bound has not moved at the
        // last two horizons, while the other side's moved at the previous
        // one and its test here was just stopped by its budget (nothing
        // proved here yet), tests with a budget of idle_cap times the
        // previous horizon's proofs instead of twice the stopped test's.
        idle_limit = 0;
        if (opt_.idle_cap > 0 && !share && proved_here == 0 && proved_prev > 0) {
          const int step = opt_.deepening_step;
          const int mine = bias > 0 ? moved_lo_at : moved_hi_at, other = bias > 0 ? moved_hi_at : moved_lo_at;
          const bool other_stopped = bias > 0 ? stopped_hi : stopped_lo;
          if (other_stopped && other == h - step && (mine == kNoHorizon || mine < h - 2 * step))
            idle_limit = std::max<std::uint64_t>(
                opt_.test_budget_min, static_cast<std::uint64_t>(opt_.idle_cap * static_cast<double>(proved_prev)));
          if (idle_limit) ++stats_.idle_capped;
        }
        try {
          moved = test(t, bias);
          completed = completed || !obsolete;
        } catch (const TestBudgetSpent&) {
          aborted = true;
          (bias > 0 ? stopped_lo : stopped_hi) = true;
        } catch (...) {
          if (share) share->withdraw(line_keys, h, t, bias);
          throw;
        }
        if (share) share->finish(line_keys, h, t, bias);
        if (obsolete) aborted = true;  // (an incomplete search: the horizon is not complete)
        obsolete = false;
        if (!moved) failed = t;
      }
      if (!ran) break;
    }
    if (learnt && guess != kNoGuess && !completed && !decided()) {
      // A learnt guess whose tests were all stopped by their budget at a
      // horizon is dropped, and no guess is learnt again in this deepening:
      // the plain tests take over from the next horizon. Aimed straight at
      // the bound, a test can need far more than the steps toward it (1x7
      // on a 4,096-word ring: "value <= 2" stopped at 20 plies where the
      // plain "value <= 6" proved "value <= 3" in 31k nodes), and where
      // the table loses the proofs between horizons each stopped horizon
      // costs four times the one before while the aimed tests never
      // complete (the [lists] test "auto sharing starts when half the ring
      // is written" did not finish). Which tests run only, never a value.
      guess = kNoGuess;
      learnt = false;
      learn = false;
      ++stats_.dropped_guesses;
      if (opt_.progress) std::fprintf(stderr, "search: no aimed test ran to its end: the learnt guess is dropped\n");
    }
    if (learn && guess == kNoGuess && !decided()) {
      // A side stalls at its bound when the test just past it ("value > L",
      // "value <= H - 1") ran at this horizon without moving it (failed, or
      // stopped by its budget). Stalled at two successive horizons with the
      // same bound, and that bound strictly inside [-n, n] (a bound still at
      // its end has proved nothing to aim at), the bound becomes the guess:
      // from the next horizon the tests are aimed at it (the rules above),
      // so the other side tests "value <= L" (or ">= H") instead of the
      // window at its own end. Which tests run only: every bound still comes
      // from a completed test, and aimed horizons run at least one test, so
      // deepening ends as before (docs/solving.md §3, "Session 29").
      auto stall = [](int failed, int bound, int& t, int& count) {
        if (failed != kNoHorizon && failed == bound) {
          count = failed == t ? count + 1 : 1;
          t = failed;
        } else {
          count = 0;
          t = kNoHorizon;
        }
      };
      stall(failed_lo, b.lo, stall_lo_t, stall_lo);
      stall(failed_hi, b.hi - 1, stall_hi_t, stall_hi);
      const int c = stall_lo >= 2 && b.lo > -n_ ? b.lo : stall_hi >= 2 && b.hi < n_ ? b.hi : kNoGuess;
      if (c != kNoGuess && b.hi - b.lo >= 2) {
        guess = c;
        learnt = true;
        stall_lo = stall_hi = 0;
        stall_lo_t = stall_hi_t = kNoHorizon;
        ++stats_.learnt_guesses;
        if (opt_.progress)
          std::fprintf(stderr, "search: the %s test stalled at %d for two horizons: aiming at %d\n",
                       c == b.lo ? "lower" : "upper", c, c);
      }
    }
    prev_failed_lo = failed_lo;
    prev_failed_hi = failed_hi;
    if (b.lo > lo_before) moved_lo_at = h;
    if (b.hi < hi_before) moved_hi_at = h;
    proved_prev = proved_here;
    idle_limit = 0;
    if (opt_.progress)
      std::fprintf(stderr, "search: %shorizon %d plies, bounds [%d, %d], %llu nodes, %.1f s\n",
                   share ? ("thread " + std::to_string(opt_.diversify) + " ").c_str() : "", h, b.lo, b.hi,
                   static_cast<unsigned long long>(stats_.nodes),
                   std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
    if (decided()) return b;
    // With no node at the horizon (and no test stopped by its budget) the
    // tests were complete searches, and a complete null-window search
    // always decides its window.
    if (!aborted && stats_.horizon_nodes == cut_before)
      throw std::logic_error("search solver: a complete search left its window undecided");
  }
}

void TrompTaylorSearch::set_root(const Position& pos, Color to_move, int passes) {
  if (passes < 0 || passes > 1) throw std::invalid_argument("search solver: set_root() needs a pass count of 0 or 1");
  while (!line_.empty()) pop_frame();
  if (passes == 1) {
    Frame before{pos, 0, opponent(to_move), 0};
    before.sit = situation_key(pos, before.to_move);
    push_frame(before);
  }
  Frame f{pos, 0, to_move, passes};
  f.sit = situation_key(pos, to_move);
  push_frame(f);
  root_size_ = line_.size();
}

namespace {
// The root's proof tracking for one prove_*() call: on, with empty lists,
// and off again however the call ends (an exception included).
struct RootTracking {
  bool& on;
  RootTracking(bool& flag, ProofDeps& lo, ProofDeps& hi) : on(flag) {
    on = true;
    lo.clear();
    hi.clear();
  }
  ~RootTracking() { on = false; }
  RootTracking(const RootTracking&) = delete;
  RootTracking& operator=(const RootTracking&) = delete;
};
}  // namespace

TrompTaylorSearch::RootProof TrompTaylorSearch::prove_root() {
  const RootTracking tracking(track_root_, root_lo_, root_hi_);
  const LoHi r = deepen(-n_ - 1, n_ + 1);
  if (r.lo != r.hi) throw std::logic_error("search solver: full-window search returned an inexact value");
  RootProof p;
  p.lo = r.lo;
  p.hi = r.hi;
  p.hi_deps.assign(root_hi_);
  p.lo_deps.assign(root_lo_);
  if (is_over()) return p;
  // A move that keeps the value, and the proof of the mover's bound (Black:
  // lo, White: hi) through it (the proof above may have come from a table
  // entry without a move).
  const bool black = to_move() == Color::Black;
  const std::uint64_t unlimited[] = {0};
  if (!keep_bound(p, black ? r.lo : r.hi, black, unlimited))
    throw std::logic_error("search solver: no move keeps the value (inconsistent search)");
  return p;
}

TrompTaylorSearch::BoundProof TrompTaylorSearch::prove_bound(int v, bool lower) {
  const RootTracking tracking(track_root_, root_lo_, root_hi_);
  BoundProof out;
  RootProof& p = out.proof;
  p.lo = p.hi = v;
  const LoHi r = lower ? deepen(v - 1, v) : deepen(v, v + 1);
  out.holds = lower ? r.lo >= v : r.hi <= v;
  // The side not proved is unknown (overflow), never "holds everywhere".
  (lower ? p.hi_deps : p.lo_deps).set_overflow();
  if (!out.holds) {
    (lower ? p.lo_deps : p.hi_deps).set_overflow();
    return out;
  }
  (lower ? p.lo_deps : p.hi_deps).assign(lower ? root_lo_ : root_hi_);
  if (is_over() || lower != (to_move() == Color::Black)) return out;
  // The mover's bound: a move that keeps it, and the proof through it (the
  // bound above may have come from a table entry without a move). Each
  // move's test under a growing node budget: a move that does not keep the
  // bound can cost a whole search to refute, while the move of the proof is
  // usually a few table hits (4x4: single refutations of tens of millions
  // of nodes).
  const std::uint64_t budgets[] = {2000, 100000, 0};
  if (!keep_bound(p, v, lower, budgets))
    throw std::logic_error("search solver: no move keeps the proven bound (inconsistent search)");
  return out;
}

bool TrompTaylorSearch::keep_bound(RootProof& p, int v, bool lower, std::span<const std::uint64_t> budgets) {
  const int root_index = static_cast<int>(line_.size()) - 1;
  std::vector<Move> moves;
  legal_moves(moves);
  const int hint = table_hint();
  const auto rest =
      std::stable_partition(moves.begin(), moves.end(), [&](Move m) { return (m.is_play() ? m.point : -1) == hint; });
  // The pass right after the table's move (SearchOptions::root_pass_early).
  if (opt_.root_pass_early) std::stable_partition(rest, moves.end(), [](Move m) { return !m.is_play(); });
  // Moves whose test ran out of a budget are retried with the next one; a
  // budget of 0 is unlimited. Budgets change the cost only: a move is taken
  // only when its test proves it keeps the bound.
  const std::uint64_t outer_limit = opt_.node_limit;
  std::vector<char> refuted(moves.size(), 0);
  for (std::uint64_t budget : budgets) {
    for (std::size_t i = 0; i < moves.size(); ++i) {
      if (refuted[i]) continue;
      const Move m = moves[i];
      play(m);
      root_lo_.clear();
      root_hi_.clear();
      bool keeps = false, ran_out = false;
      if (budget) opt_.node_limit = outer_limit ? std::min(outer_limit, stats_.nodes + budget) : stats_.nodes + budget;
      try {
        keeps = lower ? deepen(v - 1, v).lo >= v : deepen(v, v + 1).hi <= v;
      } catch (const NodeLimitReached&) {
        opt_.node_limit = outer_limit;
        if (!budget || (outer_limit && stats_.nodes >= outer_limit)) {
          undo();
          throw;
        }
        ran_out = true;
      } catch (...) {
        opt_.node_limit = outer_limit;
        undo();
        throw;
      }
      opt_.node_limit = outer_limit;
      const std::uint64_t sit = line_.back().sit;
      undo();
      if (ran_out) continue;
      if (!keeps) {
        refuted[i] = 1;
        continue;
      }
      p.best = m.is_play() ? m.point : -1;
      ProofDeps& d = lower ? p.lo_deps : p.hi_deps;
      d.assign(lower ? root_lo_ : root_hi_);
      if (m.is_play()) d.add_absent(sit, opt_.max_dependencies);
      d.drop_from(root_index);
      return true;
    }
  }
  return false;
}

int TrompTaylorSearch::expected_value() {
  const Frame& f = line_.back();
  if (!opt_.aim || f.passes >= 2) return kNoGuess;
  if (opt_.aim_at != kNoGuess) return std::clamp(opt_.aim_at, -n_, n_);
  // Only the exact ko=basic tables (--ordering retro-ko) give a guess: their
  // least fixpoint is the value of a game close to this one (basic ko instead
  // of superko, cycles scored against Black). The plain finite-state tables'
  // was far off on 4x4 (-6 for a value of 2: 11.5M nodes against 7.1M) and
  // is -n on every 1xN board (docs/solving.md §3, "Session 22").
  if (!opt_.ordering || !opt_.ordering->uses_ko()) return kNoGuess;
  // Black's view, cycles scored against Black. A guess at an end of [-n, n]
  // (or infinite) says nothing: the plain tests start there anyway.
  RetroOrdering::MoverView v = opt_.ordering->state_view(f.pos, f.to_move, f.passes);
  if (f.to_move == Color::White) v = {-v.optimistic, -v.pessimistic};
  const int g = std::abs(v.pessimistic) < n_ ? v.pessimistic : kNoGuess;
  if (opt_.profile) {
    char buf[160];
    std::snprintf(buf, sizeof buf, "retrograde fixpoints of the state for Black: %d (cycles against Black), %d; aimed at %s\n",
                  v.pessimistic, v.optimistic, g == kNoGuess ? "nothing" : std::to_string(g).c_str());
    stats_.profile.aim = buf;
  }
  return g;
}

Value TrompTaylorSearch::value() {
  int guess = expected_value();
  if (guess == kNoGuess && opt_.aim && opt_.stall_aim) guess = kLearnGuess;
  const LoHi r = deepen(-n_ - 1, n_ + 1, guess);
  if (r.lo != r.hi) throw std::logic_error("search solver: full-window search returned an inexact value");
  return to_value(r.lo);
}

std::optional<std::pair<Value, Value>> TrompTaylorSearch::proved_bounds() const {
  if (!proved_any_) return std::nullopt;
  return std::pair{to_value(proved_lo_), to_value(proved_hi_)};
}

std::vector<std::pair<Move, std::size_t>> TrompTaylorSearch::move_classes() const {
  std::vector<Move> moves;
  legal_moves(moves);
  const std::uint64_t stab = root_stabiliser();
  std::vector<std::pair<Move, std::size_t>> out;
  for (Move m : moves) {
    std::size_t rep = out.size();
    for (std::uint64_t b = stab & ~std::uint64_t{1}; b && m.is_play() && rep == out.size(); b &= b - 1) {
      const int image = sym_.perm(std::countr_zero(b))[m.point];
      for (std::size_t i = 0; i < out.size(); ++i)
        if (out[i].first.is_play() && out[i].first.point == image) {
          rep = out[i].second;
          break;
        }
    }
    out.push_back({m, rep});
  }
  return out;
}

std::vector<TrompTaylorSearch::MoveValue> TrompTaylorSearch::move_values() {
  // Moves related by a symmetry that fixes the whole line have equal values.
  std::vector<MoveValue> out;
  for (const auto& [m, rep] : move_classes()) {
    if (rep != out.size()) {
      out.push_back({m, out[rep].value});
      continue;
    }
    play(m);
    try {
      out.push_back({m, value()});
    } catch (...) {
      undo();
      throw;
    }
    undo();
  }
  return out;
}

int TrompTaylorSearch::target_of(Value v) const {
  // Scores are searched as area differences; v = to_value(target).
  const int target = (v.order - to_value(0).order) / 2;
  if (!(to_value(target) == v)) throw std::invalid_argument("search solver: not a value of this game");
  return target;
}

bool TrompTaylorSearch::reaches(Color mover, int target) {
  // target is the best the mover can reach from the parent, so the child
  // keeps it iff its value is at least as good: one side of a null window.
  if (mover == Color::Black) return deepen(target - 1, target).lo >= target;
  return deepen(target, target + 1).hi <= target;
}

int TrompTaylorSearch::table_hint() const {
  if (!table_) return kNoMove;
  const Canon c = canonical(line_.back());
  Entry found[kWays];
  int slots[kWays];
  const int count = table_->probe(c.key, found, slots);
  for (int w = 0; w < count; ++w)
    if (found[w].best != kNoMove) return map_point(c.from, found[w].best);
  return kNoMove;
}

std::vector<Move> TrompTaylorSearch::optimal_moves(Value v, std::vector<Move>* undecided) {
  const int target = target_of(v);
  const Color mover = to_move();
  const auto classes = move_classes();
  // Test order: the class of the table's best move first (usually optimal,
  // and cheap to confirm after the value search), then the others.
  std::vector<std::size_t> order;
  const int hint = table_hint();
  for (std::size_t i = 0; i < classes.size(); ++i)
    if (classes[i].second == i && (classes[i].first.is_play() ? classes[i].first.point : -1) == hint)
      order.push_back(i);
  for (std::size_t i = 0; i < classes.size(); ++i)
    if (classes[i].second == i && (order.empty() || order.front() != i)) order.push_back(i);
  enum : char { kUnknown, kKeeps, kLoses };
  std::vector<char> verdict(classes.size(), kUnknown);
  for (std::size_t i : order) {
    play(classes[i].first);
    try {
      verdict[i] = reaches(mover, target) ? kKeeps : kLoses;
    } catch (const NodeLimitReached&) {
      undo();
      if (!undecided) throw;
      break;
    } catch (...) {
      undo();
      throw;
    }
    undo();
  }
  std::vector<Move> out;
  if (undecided) undecided->clear();
  for (const auto& [m, rep] : classes) {
    if (verdict[rep] == kKeeps) out.push_back(m);
    else if (verdict[rep] == kUnknown && undecided) undecided->push_back(m);
  }
  return out;
}

std::vector<Move> TrompTaylorSearch::principal_variation(Value v) {
  const int target = target_of(v);
  std::vector<Move> pv;
  std::vector<Move> moves;
  struct Rewind {
    TrompTaylorSearch& s;
    std::vector<Move>& pv;
    ~Rewind() {
      for (std::size_t i = 0; i < pv.size(); ++i) s.undo();
    }
  } rewind{*this, pv};
  while (!is_over()) {
    moves.clear();
    legal_moves(moves);
    bool found = false;
    const Color mover = to_move();
    for (Move m : moves) {
      play(m);
      pv.push_back(m);
      if (reaches(mover, target)) {
        found = true;
        break;
      }
      pv.pop_back();
      undo();
    }
    if (!found) throw std::logic_error("search solver: no move keeps the value (inconsistent search)");
  }
  return pv;
}

}  // namespace gotb::search

namespace gotb::search {

std::string format_profile(const SearchStats& st) {
  std::string out;
  char buf[256];
  auto pct = [](std::uint64_t a, std::uint64_t b) { return b ? 100.0 * static_cast<double>(a) / static_cast<double>(b) : 0.0; };
  auto line = [&](const char* fmt, auto... args) {
    std::snprintf(buf, sizeof buf, fmt, args...);
    out += buf;
  };
  using ull = unsigned long long;
  line("profile: %llu nodes, %llu expanded (%.1f%%), %llu at a horizon (%.1f%%), %llu settled by Benson/fill "
       "(%.1f%%), %llu by the table (%.1f%%)\n",
       ull(st.nodes), ull(st.expanded), pct(st.expanded, st.nodes), ull(st.horizon_nodes),
       pct(st.horizon_nodes, st.nodes), ull(st.benson_cutoffs), pct(st.benson_cutoffs, st.nodes), ull(st.cutoffs),
       pct(st.cutoffs, st.nodes));
  line("profile: %llu deepening tests, %llu stopped by their budget, %llu guesses learnt from stalled tests (%llu "
       "dropped)\n",
       ull(st.iterations), ull(st.budget_stops), ull(st.learnt_guesses), ull(st.dropped_guesses));
  if (st.idle_capped) line("profile: %llu tests of an idle side capped (idle_cap)\n", ull(st.idle_capped));
  line("profile: expanded nodes: %llu cut off (%.1f%%; by the first move %.1f%% of those, %.2f moves searched on "
       "average), %llu searched every move (%.1f%%), %llu abandoned by a one-sided test (%.1f%%)\n",
       ull(st.cut_nodes), pct(st.cut_nodes, st.expanded), pct(st.cut_first, st.cut_nodes),
       st.cut_nodes ? static_cast<double>(st.cut_moves) / static_cast<double>(st.cut_nodes) : 0.0,
       ull(st.all_nodes), pct(st.all_nodes, st.expanded), ull(st.abandoned), pct(st.abandoned, st.expanded));
  line("profile: capture cycles: %.1f%% of nodes lie below a capture on the search path, %.1f%% of expanded nodes "
       "have a play superko forbids\n",
       pct(st.below_capture, st.nodes), pct(st.with_bans, st.expanded));
  line("profile: table: %llu probes found the state, %llu settled the node, %llu entries rejected by the history "
       "(bounds failing: stone fact %llu, list overwritten %llu, absent fact %llu, present fact %llu)\n",
       ull(st.probes), ull(st.cutoffs), ull(st.history_rejects), ull(st.reject_cap), ull(st.reject_lost),
       ull(st.reject_absent), ull(st.reject_present));
  line("profile: stored bounds used through a board symmetry: %llu\n", ull(st.turned_uses));
  line("profile: stores %llu: empty slot %llu, replaced the entry that held %llu, evicted another entry of the state "
       "%llu, evicted another state %llu; unstorable bounds %llu\n",
       ull(st.stores), ull(st.store_empty), ull(st.store_superseded), ull(st.store_evict_same),
       ull(st.store_evict_other), ull(st.unstorable));
  if (st.seed_probes)
    line("profile: seeds: %llu nodes found their state, a stored bound held at %llu, settled %llu; %llu stored "
         "bounds rejected (their facts fail under the line)\n",
         ull(st.seed_probes), ull(st.seed_used), ull(st.seed_cutoffs), ull(st.seed_rejects));
  line("profile: proof lists: %llu stored bounds pointed at a list already in the ring, %llu at an equal list found "
       "there (%llu words not written)\n",
       ull(st.ring_reused), ull(st.lists_shared), ull(st.list_shared_words));
  line("profile: proof lists: %llu read to check a bound (%llu words), %llu loaded (%llu words, %llu of them turned "
       "through a symmetry), %llu words written\n",
       ull(st.list_reads), ull(st.list_read_words), ull(st.list_loads), ull(st.list_load_words),
       ull(st.list_turned_words), ull(st.list_saved_words));
  {
    const char* side[] = {"lower", "upper"};
    const char* kind[] = {"in lower tests", "in upper tests", "unbiased"};
    for (int sd = 0; sd < 2; ++sd)
      for (int k = 0; k < 3; ++k) {
        std::uint64_t n = 0, w = 0;
        for (int b = 0; b < 5; ++b) n += st.stored_lists[sd][k][b], w += st.stored_list_words[sd][k][b];
        if (!n) continue;
        line("profile: stored %s bounds %s: %llu, %llu words; by length 0 / 1-15 / 16-63 / 64-255 / 256+: "
             "%llu / %llu / %llu / %llu / %llu bounds, %llu / %llu / %llu / %llu words\n",
             side[sd], kind[k], ull(n), ull(w), ull(st.stored_lists[sd][k][0]), ull(st.stored_lists[sd][k][1]),
             ull(st.stored_lists[sd][k][2]), ull(st.stored_lists[sd][k][3]), ull(st.stored_lists[sd][k][4]),
             ull(st.stored_list_words[sd][k][1]), ull(st.stored_list_words[sd][k][2]),
             ull(st.stored_list_words[sd][k][3]), ull(st.stored_list_words[sd][k][4]));
      }
  }
  line("profile: team: %llu lists loaded from another member's entries (%llu words); %llu stores found their "
       "probed slot changed\n",
       ull(st.list_loads_other), ull(st.list_load_words_other), ull(st.store_changed));
  line("profile: Benson/fill: settled %llu nodes, tightened the start bounds of %llu, fill raised a bound %llu times\n",
       ull(st.benson_cutoffs), ull(st.benson_start), ull(st.fill_used));
  line("profile: stone facts: %llu line scans (the count alone refused), %llu of them found the fact held\n",
       ull(st.fact_scans), ull(st.fact_scan_holds));
  const auto& dn = st.profile.depth_nodes;
  if (!dn.empty()) {
    out += "profile: nodes by ply below the searched state (8-ply buckets):\n";
    std::uint64_t total = 0;
    for (auto v : dn) total += v;
    for (std::size_t b = 0; b < dn.size(); b += 8) {
      std::uint64_t s = 0;
      for (std::size_t d = b; d < std::min(dn.size(), b + 8); ++d) s += dn[d];
      line("  %4zu-%-4zu %14llu %5.1f%%\n", b, b + 7, ull(s), pct(s, total));
    }
  }
  if (!st.profile.aim.empty()) out += "profile: aim: " + st.profile.aim;
  if (!st.profile.tests.empty()) {
    out += "profile: null-window tests (horizon, kind, window, result, nodes):\n";
    for (const auto& t : st.profile.tests)
      line("  h=%-4d %s t=%-4d -> [%d, %d] %llu%s\n", t.horizon, t.bias > 0 ? "lo>t " : "hi<=t", t.t, t.lo, t.hi,
           ull(t.nodes), t.stopped ? " (budget spent, stopped)" : "");
  }
  return out;
}

}  // namespace gotb::search
