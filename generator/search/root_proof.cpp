#include "generator/search/root_proof.hpp"

#include <algorithm>
#include <fstream>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <stdexcept>
#include <unordered_map>

#include "core/benson.hpp"
#include "core/bits.hpp"
#include "core/budget.hpp"
#include "core/rules/tromp_taylor.hpp"
#include "generator/search/root_store.hpp"
#include "generator/search/search_solver.hpp"
#include "generator/search/search_table.hpp"

namespace gotb::search {

RootFrame::RootFrame(const Board& board, bool situational)
    : n_(board.size()), situational_(situational), sym_(board, 16) {}

std::uint64_t RootFrame::state_key(const Position& p, Color to_move, int passes) const {
  return p.black | (p.white << n_) | (static_cast<std::uint64_t>(to_move == Color::White) << (2 * n_)) |
         (static_cast<std::uint64_t>(passes) << (2 * n_ + 1));
}

RootFrame::Canon RootFrame::canonical(const Position& p, Color to_move, int passes) const {
  Canon best{state_key(p, to_move, passes), 0};
  for (int s = 1; s < sym_.count(); ++s) {
    const std::uint64_t k = state_key(sym_.apply(s, p), to_move, passes);
    if (k < best.key) best = {k, s};
  }
  return best;
}

std::vector<int> RootFrame::onto_canonical(const Position& p, Color to_move, int passes, const Canon& cn) const {
  std::vector<int> out{cn.to};
  for (int s = 0; s < sym_.count(); ++s)
    if (s != cn.to && state_key(s == 0 ? p : sym_.apply(s, p), to_move, passes) == cn.key) out.push_back(s);
  return out;
}

std::uint64_t RootFrame::fact(const Position& p, Color to_move, int s) const {
  return fact_key(s == 0 ? p : sym_.apply(s, p), to_move, n_, situational_);
}

std::uint64_t RootFrame::map_fact(std::uint64_t key, int s) const {
  if (s == 0) return key;
  const std::uint64_t m = (std::uint64_t{1} << n_) - 1;
  return sym_.apply(s, key & m) | (sym_.apply(s, (key >> n_) & m) << n_) | (key & ~((std::uint64_t{1} << (2 * n_)) - 1));
}

HistoryView RootFrame::view(const std::vector<Position>& positions, const std::vector<Color>& to_move, int s) const {
  HistoryView h;
  h.keys.reserve(positions.size());
  for (std::size_t j = 0; j < positions.size(); ++j) {
    h.keys.push_back(fact(positions[j], to_move[j], s));
    if (j + 1 < positions.size()) {
      h.before_mover = std::max(h.before_mover, popcount(positions[j].black));
      h.before_opponent = std::max(h.before_opponent, popcount(positions[j].white));
    }
  }
  std::sort(h.keys.begin(), h.keys.end());
  h.keys.erase(std::unique(h.keys.begin(), h.keys.end()), h.keys.end());
  return h;
}

int root_move_entry(const std::vector<const RootEntry*>& entries, const HistoryView& h, bool black_moves) {
  int pick = -1;
  for (std::size_t i = 0; i < entries.size(); ++i) {
    const StateProof& p = entries[i]->proof;
    const bool lo = root_facts_hold(p.lo, h, true), hi = root_facts_hold(p.hi, h, false);
    if (lo && hi) return static_cast<int>(i);
    if (!(black_moves ? lo : hi)) continue;
    if (pick < 0 || (black_moves ? p.value > entries[pick]->proof.value : p.value < entries[pick]->proof.value))
      pick = static_cast<int>(i);
  }
  return pick;
}

namespace {

// What a subtree of the walk relied on (docs/solving.md, "Root proofs"):
// under a history H' of the subtree's root with absent ∩ H' = ∅,
// present ⊆ H' and no position of H' above the caps, the walk below the
// root meets a subset of the same nodes and every entry it used holds.
struct SubFacts {
  std::vector<std::uint64_t> absent, present;  // sorted fact keys
  int black_cap = ProofDeps::kNoCap, white_cap = ProofDeps::kNoCap;
  bool overflow = false;
};

void add_sorted(std::vector<std::uint64_t>& v, const std::vector<std::uint64_t>& add, std::vector<std::uint64_t>& tmp) {
  if (add.empty()) return;
  tmp.clear();
  std::set_union(v.begin(), v.end(), add.begin(), add.end(), std::back_inserter(tmp));
  v.swap(tmp);
}

class Walker {
 public:
  Walker(const Board& board, const RuleSet& rules, const RootGenerateOptions& opt, RootStore& out)
      : board_(board),
        rules_(rules),
        cfg_(TrompTaylorConfig::from(rules)),
        opt_(opt),
        frame_(board, cfg_.situational),
        game_(board, rules, 0),
        table_(std::make_shared<SearchTable>(board, cfg_, opt.table_megabytes, opt.table_megabytes, opt.max_dependencies)),
        search_(board, cfg_, 0, search_options(opt, table_)),
        prover_(board, cfg_, 0, search_options(opt, table_)),
        entries_(out) {
    positions_.push_back(game_.position());
    colours_.push_back(game_.to_move());
    push_key(frame_.fact(game_.position(), game_.to_move(), 0));
  }

  RootGenerateStats run() {
    const auto start = std::chrono::steady_clock::now();
    start_ = start;
    try {
      walk(3, 0);
    } catch (const NodeLimitReached&) {
      st_.stopped = true;  // --max-walk: the figures so far, no file
    }
    st_.nodes = search_.stats().nodes + prover_.stats().nodes;
    st_.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    st_.value = entries_.size() == 0 ? 0 : entries_.value(0);
    for (const auto& [key, rec] : states_) st_.states += rec.first != kNone;
    st_.store_bytes = entries_.memory_bytes();
    st_.map_bytes = map_bytes();
    return st_;
  }

 private:
  static SearchOptions search_options(const RootGenerateOptions& o, std::shared_ptr<SearchTable> table) {
    SearchOptions so;
    so.table = std::move(table);
    so.table_megabytes = o.table_megabytes;
    so.proof_megabytes = o.table_megabytes;
    so.max_dependencies = o.max_dependencies;
    so.symmetry = false;  // its bound over all moves holds on one line only (facts unknown)
    so.ordering = o.ordering;
    // Files keep a stone fact's count alone (the fact (0, k)); a guarantee
    // used under the superset test only would give an entry that does not
    // hold on the very line that proved it: the count test, as stored.
    so.stone_masks = false;
    return so;
  }

  void push_key(std::uint64_t k) {
    line_keys_.push_back(k);
    first_.try_emplace(k, static_cast<int>(line_keys_.size()) - 1);
  }
  void pop_key() {
    const std::uint64_t k = line_keys_.back();
    auto it = first_.find(k);
    if (it != first_.end() && it->second == static_cast<int>(line_keys_.size()) - 1) first_.erase(it);
    line_keys_.pop_back();
  }
  void play(Move m) {
    game_.play(m);
    search_.play(m);
    positions_.push_back(game_.position());
    colours_.push_back(game_.to_move());
    push_key(frame_.fact(game_.position(), game_.to_move(), 0));
  }
  void undo() {
    pop_key();
    positions_.pop_back();
    colours_.pop_back();
    search_.undo();
    game_.undo();
  }

  StoredFacts to_stored(const ProofDeps& d, int s) const {
    StoredFacts f;
    if (d.overflow) {
      f.unknown = true;
      return f;
    }
    // The count alone: the fact (0, k) implies the stone fact (mask, k) of
    // the proof (docs/solving.md §3, "Fill guarantees and the stone cap").
    f.cap = d.stone_cap;
    constexpr std::uint64_t m31 = (std::uint64_t{1} << 31) - 1;
    auto conv = [&](std::uint64_t k) {
      const Position p{k & m31, (k >> 31) & m31};
      return frame_.fact(p, (k >> 62) & 1 ? Color::White : Color::Black, s);
    };
    for (std::uint64_t k : d.absent) f.absent.push_back(conv(k));
    for (const Present& p : d.present) f.present.push_back(conv(p.key));
    std::sort(f.absent.begin(), f.absent.end());
    std::sort(f.present.begin(), f.present.end());
    return f;
  }

  // sub's keys mapped by symmetry s (sorted again).
  SubFacts mapped(const SubFacts& sub, int s) const {
    SubFacts out = sub;
    if (s == 0 || sub.overflow) return out;
    for (auto& k : out.absent) k = frame_.map_fact(k, s);
    for (auto& k : out.present) k = frame_.map_fact(k, s);
    std::sort(out.absent.begin(), out.absent.end());
    std::sort(out.present.begin(), out.present.end());
    return out;
  }
  std::vector<std::uint64_t> mapped(const std::vector<std::uint64_t>& keys, int s) const {
    std::vector<std::uint64_t> out = keys;
    for (auto& k : out) k = frame_.map_fact(k, s);
    std::sort(out.begin(), out.end());
    return out;
  }

  void merge(SubFacts& into, const SubFacts& o) {
    if (into.overflow) return;
    if (o.overflow) {
      into = SubFacts{};
      into.overflow = true;
      return;
    }
    add_sorted(into.absent, o.absent, tmp_);
    add_sorted(into.present, o.present, tmp_);
    into.black_cap = std::min(into.black_cap, o.black_cap);
    into.white_cap = std::min(into.white_cap, o.white_cap);
    if (into.absent.size() + into.present.size() > opt_.max_subtree_facts) {
      into = SubFacts{};
      into.overflow = true;
    }
  }

  // The subtree facts hold under the current history (view in the same frame).
  static bool sub_holds(const SubFacts& f, const HistoryView& h, int black_now, int white_now) {
    if (f.overflow) return false;
    if (std::max(h.before_mover, black_now) > f.black_cap || std::max(h.before_opponent, white_now) > f.white_cap)
      return false;
    return situations_hold(f.absent, f.present, h.keys);
  }

  struct Memo {
    std::uint8_t mask;
    SubFacts sub;  // real frame
  };

  // mask: bit 0 = on Black's strategy (Black keeps the value: one move at
  // Black's nodes, every reply at White's), bit 1 = on White's.
  SubFacts walk(std::uint8_t mask, int depth) {
    ++st_.walked;
    st_.max_depth = std::max<std::uint64_t>(st_.max_depth, depth);
    if (opt_.walk_limit && st_.walked > opt_.walk_limit)
      throw NodeLimitReached("root proof: --max-walk reached");
    if (opt_.progress && std::chrono::steady_clock::now() >= next_report_) {
      next_report_ = std::chrono::steady_clock::now() + std::chrono::seconds(10);
      std::fprintf(stderr,
                   "root: %llu walked, %llu entries, %llu merged, %llu search nodes, %.1f s; memory: %.0f MiB "
                   "resident, entries %.1f MiB (+ %.1f MiB records spilled), state map %.1f MiB\n",
                   static_cast<unsigned long long>(st_.walked), static_cast<unsigned long long>(entries_.size()),
                   static_cast<unsigned long long>(st_.merged), static_cast<unsigned long long>(search_.stats().nodes + prover_.stats().nodes),
                   std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count(),
                   resident_bytes() / 1048576.0, entries_.memory_bytes() / 1048576.0,
                   entries_.spilled_bytes() / 1048576.0,
                   map_bytes() / 1048576.0);
    }
    SubFacts sub;
    if (game_.is_over()) return sub;  // a two-pass end: the area score, no history
    const Position pos = game_.position();
    const Color mover = game_.to_move();
    const int passes = game_.consecutive_passes();
    const RootFrame::Canon cn = frame_.canonical(pos, mover, passes);
    const int back = frame_.inverse(cn.to);
    const HistoryView hv = frame_.view(positions_, colours_, cn.to);
    const int black_now = popcount(pos.black), white_now = popcount(pos.white);
    if (opt_.strategy_values && entries_.size() != 0) {
      // A strategy whose bound the side already keeps by passing for the
      // rest of the game (Benson, every history) ends here: a reader finds
      // the same guarantee and passes (docs/solving.md, "Strategy values").
      if ((mask & 1) && pass_guarantee(board_, pos, Color::Black, cfg_.suicide) >= v_) mask &= 2;
      if ((mask & 2) && -pass_guarantee(board_, pos, Color::White, cfg_.suicide) <= v_) mask &= 1;
      if (!mask) {
        ++st_.benson_ends;
        sub.overflow = true;
        return sub;
      }
    }
    if (opt_.merge_states) {
      // One walk per state and strategy: later lines reuse it unchecked (a
      // reader re-checks every entry's facts; lines not walked may lack one).
      std::uint8_t& seen = states_[cn.key].seen;
      if (!opt_.strategy_values && (seen & mask) == mask) {
        ++st_.merged;
        sub.overflow = true;
        return sub;
      }
      // --values strategy: a strategy already walked from this state is
      // not walked again where the entries it needs here hold under this
      // history too (a reader meets them); else this line gets its own.
      if (opt_.strategy_values) {
        const std::uint8_t again = static_cast<std::uint8_t>(mask & seen);
        for (std::uint8_t b : {std::uint8_t{1}, std::uint8_t{2}})
          if ((again & b) && strategy_holds(b, mover, cn.key, hv)) mask &= static_cast<std::uint8_t>(~b);
        if (!mask) {
          ++st_.merged;
          sub.overflow = true;
          return sub;
        }
      }
      seen |= mask;
    }
    if (opt_.strategy_values) {
      strategy_node(mask, depth, pos, mover, passes, cn, hv);
      sub.overflow = true;  // (merge_states: no subtree facts are kept)
      return sub;
    }
    // The memo is keyed by the real state, not the canonical one: a reader
    // maps a stored move back through the symmetry its own position picks,
    // and on a state with a non-trivial stabiliser a symmetric line's walk
    // may have followed another image of that move.
    const std::uint64_t real_key = frame_.state_key(pos, mover, passes);
    const HistoryView hv0 = cn.to == 0 ? hv : frame_.view(positions_, colours_, 0);
    if (auto it = memo_.find(real_key); !opt_.merge_states && it != memo_.end())
      for (const Memo& m : it->second)
        if ((m.mask & mask) == mask && sub_holds(m.sub, hv0, black_now, white_now)) {
          ++st_.merged;
          return m.sub;
        }
    // An entry whose facts hold here, or a new one proved on this line.
    const std::vector<std::uint32_t> ids = state_ids(cn.key);
    const std::vector<RootEntry> decoded = decode(ids);
    std::size_t e = entries_.size();
    RootEntry entry;
    for (std::size_t i = 0; i < ids.size(); ++i)
      if (root_facts_hold(decoded[i].proof.lo, hv, true) && root_facts_hold(decoded[i].proof.hi, hv, false)) {
        e = ids[i];
        entry = decoded[i];
        break;
      }
    if (e == entries_.size()) {
      // First from the state's shortest history (its facts then name only
      // what the proof itself plays into, so the entry serves most lines),
      // then, if those facts fail here, on the real line.
      auto add = [&](TrompTaylorSearch& s) {
        ++st_.searched;
        const TrompTaylorSearch::RootProof rp = s.prove_root();
        RootEntry re;
        re.key = cn.key;
        re.proof.value = static_cast<std::int8_t>(rp.lo);
        re.proof.best = static_cast<std::int8_t>(frame_.map_point(rp.best, cn.to));
        re.proof.lo = to_stored(rp.lo_deps, cn.to);
        re.proof.hi = to_stored(rp.hi_deps, cn.to);
        st_.unknown += re.proof.lo.unknown || re.proof.hi.unknown;
        store(re);
        entry = re;
        return root_facts_hold(re.proof.lo, hv, true) && root_facts_hold(re.proof.hi, hv, false);
      };
      bool holds = false;
      if (positions_.size() > 1) {
        prover_.set_root(pos, mover, passes);
        holds = add(prover_);
        if (!holds) ++st_.line_proofs;
      }
      if (!holds) holds = add(search_);
      e = entries_.size() - 1;
      if (!holds) sub.overflow = true;
    } else {
      ++st_.reused;
    }
    if (entry.proof.lo.unknown || entry.proof.hi.unknown) {
      sub.overflow = true;
    } else {
      sub.absent = mapped(entry.proof.lo.absent, back);
      add_sorted(sub.absent, mapped(entry.proof.hi.absent, back), tmp_);
      sub.present = mapped(entry.proof.lo.present, back);
      add_sorted(sub.present, mapped(entry.proof.hi.present, back), tmp_);
      sub.black_cap = entry.proof.lo.cap;
      sub.white_cap = entry.proof.hi.cap;
    }
    // A reader takes the first entry of the state (file order = creation
    // order) whose facts hold. For a later line to meet the same choice,
    // every earlier entry must fail there as it fails here: one witness
    // each, an absent fact of it that is in the history (then required
    // present) or a present fact that is not (then required absent).
    if (!sub.overflow && !opt_.merge_states) {
      SubFacts w;
      // (The state's entries now, those this node just added included.)
      const std::vector<std::uint32_t> wids = state_ids(cn.key);
      const std::vector<RootEntry> wdec = decode(wids);
      for (std::size_t i = 0; i < wids.size(); ++i) {
        if (wids[i] == e) break;
        bool found = false;
        for (const StoredFacts* f : {&wdec[i].proof.lo, &wdec[i].proof.hi}) {
          if (f->unknown) {
            found = true;  // never holds
            break;
          }
          for (std::uint64_t k : f->absent)
            if (std::binary_search(hv.keys.begin(), hv.keys.end(), k)) {
              w.present.push_back(frame_.map_fact(k, back));
              found = true;
              break;
            }
          if (found) break;
          for (std::uint64_t k : f->present)
            if (!std::binary_search(hv.keys.begin(), hv.keys.end(), k)) {
              w.absent.push_back(frame_.map_fact(k, back));
              found = true;
              break;
            }
          if (found) break;
        }
        if (!found) {  // it fails by a stone cap only: not expressible as facts
          w = SubFacts{};
          w.overflow = true;
          break;
        }
      }
      std::sort(w.absent.begin(), w.absent.end());
      w.absent.erase(std::unique(w.absent.begin(), w.absent.end()), w.absent.end());
      std::sort(w.present.begin(), w.present.end());
      w.present.erase(std::unique(w.present.begin(), w.present.end()), w.present.end());
      merge(sub, w);
    }
    const int best = frame_.map_point(entry.proof.best, back);
    const std::uint8_t own = mover == Color::Black ? 1 : 2, other = 3 ^ own;
    std::vector<Move> moves;
    game_.legal_moves(moves);
    const bool every_reply = (mask & other) != 0;
    if (every_reply) {
      // Plays that only superko forbids here: a history without their
      // situations would give the opponent more replies than were walked.
      std::vector<std::uint64_t> banned;
      Mask legal_points = 0;
      for (Move m : moves)
        if (m.is_play()) legal_points |= Mask{1} << m.point;
      const Mask empty = board_.all() & ~(pos.black | pos.white) & ~legal_points;
      for (int p = 0; p < board_.size(); ++p) {
        if (!((empty >> p) & 1)) continue;
        PlayOutcome out;
        if (play_stone(board_, pos, mover, p, cfg_.suicide, out) != PlayStatus::Ok) continue;
        banned.push_back(frame_.fact(out.next, opponent(mover), 0));
      }
      std::sort(banned.begin(), banned.end());
      SubFacts b;
      b.present = banned;
      merge(sub, b);
    }
    const int index = static_cast<int>(line_keys_.size()) - 1;
    for (Move m : moves) {
      const int point = m.is_play() ? m.point : -1;
      const bool is_best = point == best;
      if (!every_reply && !is_best) continue;
      const std::uint8_t cmask = static_cast<std::uint8_t>((every_reply ? other : 0) | ((mask & own) && is_best ? own : 0));
      play(m);
      SubFacts c;
      try {
        if (is_best && !every_reply && m.is_play()) {
          // The strategy's move must stay legal: its situation absent.
          SubFacts a;
          a.absent.push_back(line_keys_.back());
          merge(sub, a);
        }
        c = walk(cmask, depth + 1);
      } catch (...) {
        undo();
        throw;
      }
      undo();
      merge(sub, c);
    }
    // Situations first met at or below this node lie on every line through it.
    if (!sub.overflow)
      sub.present.erase(std::remove_if(sub.present.begin(), sub.present.end(),
                                       [&](std::uint64_t k) {
                                         auto it = first_.find(k);
                                         return it != first_.end() && it->second >= index;
                                       }),
                        sub.present.end());
    if (!sub.overflow && !opt_.merge_states) memo_[real_key].push_back({mask, sub});
    return sub;
  }

  // --values strategy (docs/solving.md, "Strategy values"): the node
  // needs the bound of each strategy in `mask` (Black's: value >= v_,
  // White's: <= v_); where the mover's own strategy is in the mask, also
  // the move a reader plays (root_move_entry), which is then walked.
  // proved_lo / proved_hi: the bounds the proof is of (an overflowed one
  // is then stored with same-history facts, the other side unknown).
  void add_entry(std::uint64_t key, const TrompTaylorSearch::RootProof& rp, int to, bool proved_lo, bool proved_hi,
                 const HistoryView& hv) {
    ++st_.searched;
    RootEntry re;
    re.key = key;
    re.proof.value = static_cast<std::int8_t>(rp.lo);
    re.proof.best = static_cast<std::int8_t>(rp.best < -1 ? -1 : frame_.map_point(rp.best, to));
    re.proof.lo = to_stored(rp.lo_deps, to);
    re.proof.hi = to_stored(rp.hi_deps, to);
    for (auto [proved, f] : {std::pair{proved_lo, &re.proof.lo}, {proved_hi, &re.proof.hi}}) {
      if (!proved) {
        *f = StoredFacts{};
        f->unknown = true;
      } else if (f->unknown) {
        *f = StoredFacts{};
        f->cap = kSameHistoryCap;
        f->present = hv.keys;
        ++st_.same_history;
      }
    }
    if (proved_lo != proved_hi) ++st_.one_sided;
    store(re);
  }
  // Appends an entry to the store and to its state's chain.
  void store(const RootEntry& re) {
    const std::uint32_t id = entries_.add(re);
    next_.push_back(kNone);
    StateRec& rec = states_[re.key];
    if (rec.first == kNone) rec.first = id;
    else next_[rec.last] = id;
    rec.last = id;
    for (const StoredFacts* f : {&re.proof.lo, &re.proof.hi}) st_.facts += f->absent.size() + f->present.size();
  }
  // The ids of a state's entries in creation (= file) order.
  std::vector<std::uint32_t> state_ids(std::uint64_t key) const {
    std::vector<std::uint32_t> out;
    if (auto it = states_.find(key); it != states_.end())
      for (std::uint32_t id = it->second.first; id != kNone; id = next_[id]) out.push_back(id);
    return out;
  }
  std::vector<RootEntry> decode(const std::vector<std::uint32_t>& ids) const {
    std::vector<RootEntry> out(ids.size());
    for (std::size_t i = 0; i < ids.size(); ++i) entries_.entry(ids[i], out[i]);
    return out;
  }
  // A state's entries, decoded, in file order.
  std::vector<RootEntry> state_entries(std::uint64_t key) const { return decode(state_ids(key)); }
  static std::vector<const RootEntry*> pointers(const std::vector<RootEntry>& es) {
    std::vector<const RootEntry*> out;
    out.reserve(es.size());
    for (const RootEntry& e : es) out.push_back(&e);
    return out;
  }
  // Approximate bytes of the state map and chains (node, bucket, payload).
  std::size_t map_bytes() const {
    return states_.size() * 48 + states_.bucket_count() * sizeof(void*) + next_.capacity() * sizeof(std::uint32_t);
  }
  static std::size_t resident_bytes() {
    std::ifstream in("/proc/self/statm");
    std::size_t pages = 0, resident = 0;
    if (!(in >> pages >> resident)) return 0;
    return resident * static_cast<std::size_t>(::sysconf(_SC_PAGESIZE));
  }
  // The bound "value >= v_" (lower) or "<= v_" holds under hv by e's facts.
  bool bound_holds(const RootEntry& e, const HistoryView& hv, bool lower) const {
    if (!root_facts_hold(lower ? e.proof.lo : e.proof.hi, hv, lower)) return false;
    return lower ? e.proof.value >= v_ : e.proof.value <= v_;
  }
  // Strategy `b` (1 Black's, 2 White's) finds at this state what it needs
  // under hv: where its side moves, the entry a reader plays from with
  // that side's bound; else an entry with that bound.
  bool strategy_holds(std::uint8_t b, Color mover, std::uint64_t key, const HistoryView& hv) const {
    const bool lower = b == 1;
    const std::vector<RootEntry> decoded = state_entries(key);
    const std::vector<const RootEntry*> es = pointers(decoded);
    if ((mover == Color::Black) == lower) {
      const int pick = root_move_entry(es, hv, lower);
      return pick >= 0 && bound_holds(*es[pick], hv, lower);
    }
    for (const RootEntry* e : es)
      if (bound_holds(*e, hv, lower)) return true;
    return false;
  }
  void strategy_node(std::uint8_t mask, int depth, const Position& pos, Color mover, int passes,
                     const RootFrame::Canon& cn, const HistoryView& hv) {
    (void)pos;
    (void)passes;
    const bool black = mover == Color::Black;
    const std::uint8_t own = black ? 1 : 2, other = 3 ^ own;
    const bool need_move = (mask & own) != 0, need_other = (mask & other) != 0;
    const bool first = entries_.size() == 0;
    auto fresh = [&](bool lower) {
      // Both strategies meet here: the value is v_ exactly (each side's
      // strategy holds it to its bound), so one full-window proof.
      if (mask == 3) {
        const TrompTaylorSearch::RootProof rp = search_.prove_root();
        if (first) v_ = rp.lo;
        if (rp.lo != v_)
          throw std::logic_error("root proof: a node on both strategies has a value other than the root's");
        add_entry(cn.key, rp, cn.to, true, true, hv);
        return;
      }
      const TrompTaylorSearch::BoundProof bp = search_.prove_bound(v_, lower);
      if (!bp.holds) throw std::logic_error("root proof: a strategy's bound fails on its own line (inconsistent)");
      add_entry(cn.key, bp.proof, cn.to, lower, !lower, hv);
    };
    int best = -2;
    bool other_ok = false;
    std::vector<RootEntry> decoded = first ? std::vector<RootEntry>{} : state_entries(cn.key);
    if (need_move) {
      int pick = first ? -1 : root_move_entry(pointers(decoded), hv, black);
      const RootEntry* e = pick < 0 ? nullptr : &decoded[pick];
      if (!e || !bound_holds(*e, hv, black)) {
        fresh(black);
        decoded = state_entries(cn.key);
        pick = root_move_entry(pointers(decoded), hv, black);
        e = pick < 0 ? nullptr : &decoded[pick];
        if (!e || !bound_holds(*e, hv, black))
          throw std::logic_error("root proof: the reader's entry of a new proof does not hold (bug)");
      } else {
        ++st_.reused;
      }
      best = frame_.map_point(e->proof.best, frame_.inverse(cn.to));
      other_ok = bound_holds(*e, hv, !black);
    }
    if (need_other && !other_ok) {
      for (const RootEntry& e : decoded)
        if (bound_holds(e, hv, !black)) {
          other_ok = true;
          ++st_.reused;
          break;
        }
      if (!other_ok) {
        fresh(!black);
        if (!bound_holds(entries_.entry(static_cast<std::uint32_t>(entries_.size() - 1)), hv, !black))
          throw std::logic_error("root proof: a new bound's facts do not hold on its own line (bug)");
      }
    }
    std::vector<Move> moves;
    game_.legal_moves(moves);
    // The stored move first: the line where both sides follow their
    // strategies is then walked (mask 3, exact entries on its own history)
    // before any other line can reach its states and take them for one
    // strategy only.
    std::stable_partition(moves.begin(), moves.end(), [&](Move m) { return (m.is_play() ? m.point : -1) == best; });
    for (Move m : moves) {
      const int point = m.is_play() ? m.point : -1;
      const bool is_best = need_move && point == best;
      if (!need_other && !is_best) continue;
      const std::uint8_t cmask = static_cast<std::uint8_t>((need_other ? other : 0) | (is_best ? own : 0));
      play(m);
      try {
        walk(cmask, depth + 1);
      } catch (...) {
        undo();
        throw;
      }
      undo();
    }
  }
  int v_ = 0;  // --values strategy: the root value (Black's view), set by the first entry

  const Board& board_;
  RuleSet rules_;
  TrompTaylorConfig cfg_;
  RootGenerateOptions opt_;
  RootFrame frame_;
  TrompTaylorGame game_;
  std::shared_ptr<SearchTable> table_;
  TrompTaylorSearch search_;  // the walk's line
  TrompTaylorSearch prover_;  // states from their shortest history (set_root)
  std::vector<Position> positions_;
  std::vector<Color> colours_;
  std::vector<std::uint64_t> line_keys_;
  std::unordered_map<std::uint64_t, int> first_;  // fact key -> first line index
  // Entries in creation order, compact (the facts as the file's records,
  // optionally spilled to disk); per canonical state the chain of its
  // entries (first/last id, next_ per entry) and, with merge_states, the
  // strategies walked from it.
  static constexpr std::uint32_t kNone = 0xFFFFFFFFu;
  struct StateRec {
    std::uint32_t first = kNone, last = kNone;
    std::uint8_t seen = 0;
  };
  RootStore& entries_;
  std::unordered_map<std::uint64_t, StateRec> states_;
  std::vector<std::uint32_t> next_;
  std::unordered_map<std::uint64_t, std::vector<Memo>> memo_;
  std::vector<std::uint64_t> tmp_;
  RootGenerateStats st_;
  std::chrono::steady_clock::time_point start_, next_report_;
};

}  // namespace

RootGenerateStats generate_root(const Board& board, const RuleSet& rules, const RootGenerateOptions& options,
                                RootStore& entries) {
  if (!rules.support().superko_search)
    throw std::invalid_argument("--root needs a tromp-taylor superko ruleset, not " + rules.to_string());
  if (board.size() > 31) throw std::invalid_argument("--root handles boards of up to 31 points");
  if (options.strategy_values && !options.merge_states)
    throw std::invalid_argument("--values strategy needs --merge states");
  if (entries.size() != 0) throw std::invalid_argument("generate_root: the entry store is not empty");
  Walker w(board, rules, options, entries);
  return w.run();
}

RootGenerateStats generate_root(const Board& board, const RuleSet& rules, const RootGenerateOptions& options,
                                std::vector<RootEntry>& entries) {
  RootStore store;
  const RootGenerateStats st = generate_root(board, rules, options, store);
  entries.resize(store.size());
  for (std::uint32_t i = 0; i < store.size(); ++i) store.entry(i, entries[i]);
  std::stable_sort(entries.begin(), entries.end(), [](const RootEntry& a, const RootEntry& b) { return a.key < b.key; });
  return st;
}

RootArrays pack_root(const std::vector<RootEntry>& entries) {
  RootArrays a;
  std::vector<StateProof> proofs;
  proofs.reserve(entries.size());
  for (const RootEntry& e : entries) {
    for (int b = 0; b < 8; ++b) a.state_key.push_back(static_cast<std::int8_t>(static_cast<std::uint8_t>(e.key >> (8 * b))));
    proofs.push_back(e.proof);
  }
  a.rest = pack_proofs(proofs);
  return a;
}

}  // namespace gotb::search
