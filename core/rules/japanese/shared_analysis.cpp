#include "core/rules/japanese/shared_analysis.hpp"

#include <limits>
#include <optional>
#include <stdexcept>

#include "core/rank.hpp"

namespace gotb::japanese {

namespace {

// Memo answers kept before the memo is cleared (they are recomputed on
// demand; a clear costs time only).
constexpr std::size_t kMaxMemoBytes = std::size_t{256} << 20;


// The product of the shared graph H with the captured subset of the tracked
// strings (shared_analysis.hpp). Node v = h << k | c; c's bit i: tracked
// string i has been captured (bit 0 is the tested string). A node is
// consistent when every tracked string missing from h's defender stones is
// in c; consistent nodes only lead to consistent nodes, and the others are
// never read from a consistent one.
class Product {
 public:
  Product(const HypotheticalGraph& g, std::vector<Mask> tracked, Mask region)
      : g_(g), tracked_(std::move(tracked)), k_(static_cast<int>(tracked_.size())), region_(region) {
    const std::size_t n = g.nodes();
    missing_.resize(n);
    for (std::size_t h = 0; h < n; ++h) {
      const Mask def = g.defender_stones(h);
      std::uint32_t m = 0;
      for (int i = 0; i < k_; ++i)
        if (tracked_[i] & ~def) m |= 1u << i;
      missing_[h] = m;
    }
    original_.assign(std::size_t{1} << k_, 0);
    for (std::uint32_t c = 0; c < original_.size(); ++c)
      for (int i = 0; i < k_; ++i)
        if (!(c & (1u << i))) original_[c] |= tracked_[i];
    size_ = n << k_;
  }

  std::size_t size() const { return size_; }
  bool consistent(std::size_t v) const { return (missing_[v >> k_] & ~cset(v)) == 0; }
  bool attacker_moves(std::size_t v) const { return g_.attacker_moves(v >> k_); }

  template <class F>
  void for_each_successor(std::size_t v, F&& f) const {
    const std::size_t h = v >> k_;
    const std::uint32_t c = cset(v);
    for (std::uint32_t e = g_.successor_begin(h); e < g_.successor_end(h); ++e) {
      const std::uint32_t s = g_.successor_at(e);
      f((std::size_t{s} << k_) | (c | missing_[s]));
    }
  }
  // Consistent predecessors of the consistent node v.
  template <class F>
  void for_each_predecessor(std::size_t v, F&& f) const {
    const std::size_t h2 = v >> k_;
    const std::uint32_t c2 = cset(v), fixed = c2 & ~missing_[h2], free = c2 & missing_[h2];
    for (std::uint32_t e = g_.predecessor_begin(h2); e < g_.predecessor_end(h2); ++e) {
      const std::size_t h = g_.predecessor_at(e);
      // c with c | missing[h2] == c2: fixed bits plus any subset of the free ones.
      for (std::uint32_t sub = free;; sub = (sub - 1) & free) {
        const std::uint32_t c = fixed | sub;
        if ((missing_[h] & ~c) == 0) f((h << k_) | c);
        if (sub == 0) break;
      }
    }
  }
  // Target lanes (one per point of the region): the string is captured and
  // the point holds no defender stone played during the sequence.
  std::uint64_t aim(std::size_t v) const {
    const std::uint32_t c = cset(v);
    if (!(c & 1u)) return 0;
    const Mask played = g_.defender_stones(v >> k_) & ~original_[c];
    return region_ & ~played;
  }

 private:
  std::uint32_t cset(std::size_t v) const { return static_cast<std::uint32_t>(v & ((std::size_t{1} << k_) - 1)); }

  const HypotheticalGraph& g_;
  std::vector<Mask> tracked_;
  int k_;
  Mask region_;
  std::vector<std::uint32_t> missing_;  // per node of H: tracked strings not all standing
  std::vector<Mask> original_;          // per c: points of the tracked strings not captured
  std::size_t size_ = 0;
};

// Lane-wise attractor of the attacker: a[v] lane j = the attacker can force
// reaching a node whose target has lane j (least fixpoint of
// target | CPre, every lane at once). Rounds over the nodes whose value
// changed: an attacker predecessor takes the change at once (an OR); a
// defender predecessor is marked and re-evaluated (an AND over its
// successors) once per round however many of its successors changed.
// `half`: 1 or 0 restricts the attractor to the nodes whose c has that
// bit 0 (the tested string captured, or not yet), -1 to none: nodes outside
// the half keep their target value, and only nodes inside it are added
// (solve() says why that is what its two parts need). `cap`, when given,
// is a lane-wise upper bound on the result (the previous Büchi iteration's
// attractor): no lane outside it is ever added or re-evaluated. The
// iterations from below then coincide with the unbounded ones (each stays
// within the least fixpoint, hence within cap), so the result is the same.
std::vector<std::uint64_t> attractor(const Product& p, const std::vector<std::uint64_t>& target, int half = -1,
                                     const std::vector<std::uint64_t>* cap = nullptr) {
  auto in_half = [half](std::size_t v) { return half < 0 || static_cast<int>(v & 1) == half; };
  constexpr std::uint8_t kQueued = 1, kChanged = 2, kDirty = 4;
  const std::size_t n = p.size();
  std::vector<std::uint64_t> a(target);
  std::vector<std::uint8_t> flags(n, 0);
  std::vector<std::size_t> now, next;
  for (std::size_t v = 0; v < n; ++v)
    if (a[v] && p.consistent(v)) {
      flags[v] = kQueued | kChanged;
      now.push_back(v);
    }
  Budget* budget = current_budget();
  while (!now.empty()) {
    for (const std::size_t u : now) {
      if (budget) budget->charge(1);
      std::uint8_t f = flags[u];
      flags[u] = 0;
      if (f & kDirty) {
        std::uint64_t all = ~std::uint64_t{0};
        p.for_each_successor(u, [&](std::size_t w) { all &= a[w]; });
        const std::uint64_t v = target[u] | (cap ? all & (*cap)[u] : all);
        if (v != a[u]) {
          a[u] = v;
          f |= kChanged;
        }
      }
      if (!(f & kChanged)) continue;
      const std::uint64_t au = a[u];
      p.for_each_predecessor(u, [&](std::size_t w) {
        if (!in_half(w)) return;
        const std::uint64_t gain = cap ? au & (*cap)[w] : au;
        if ((a[w] | gain) == a[w]) return;  // nothing u could add to w (an OR, or w's AND)
        if (p.attacker_moves(w)) {
          a[w] |= gain;
          flags[w] |= kChanged;
        } else {
          flags[w] |= kDirty;
        }
        if (!(flags[w] & kQueued)) {
          flags[w] |= kQueued;
          next.push_back(w);
        }
      });
    }
    now.swap(next);
    next.clear();
  }
  return a;
}

// The capture test (reachability) solved on H itself rather than on its
// product with one tracked string. In the product a node is (h, c), c = 1
// once the string has been captured; from c = 1 every successor has c = 1
// (c only grows), so every such node is won already, and a node (h, 0) is
// consistent only where the whole string stands in h. So the attacker wins
// from (h, 0) exactly when: he moves and some move leads to an h' in which
// the string does not stand (that move captures it) or to a won (h', 0); or
// the defender moves and every move does. That is a plain attractor on the
// nodes of H where the string stands, with the capturing moves as its
// target, computed backwards with successor counters (successor lists hold
// no duplicates, so one decrement per predecessor entry counts a distinct
// successor). Same answers as the product's attractor at every (h, 0), in
// particular at every start (tests/test_japanese_shared.cpp compares the
// analyses with the per-position graphs); about half the nodes, and none of
// the product's predecessor scans from the captured half.
std::vector<std::uint64_t> capture_wins(const HypotheticalGraph& g, Mask string) {
  const std::size_t n = g.nodes();
  charge_current_budget(n);
  std::vector<char> standing(n), win(n, 0);
  for (std::size_t h = 0; h < n; ++h) standing[h] = (g.defender_stones(h) & string) == string;
  std::vector<std::uint32_t> left(n, 0), queue;
  for (std::size_t h = 0; h < n; ++h) {
    if (!standing[h]) continue;
    bool captures = false;
    std::uint32_t stay = 0;
    for (std::uint32_t e = g.successor_begin(h); e < g.successor_end(h); ++e) {
      if (standing[g.successor_at(e)]) ++stay;
      else captures = true;
    }
    left[h] = stay;
    if (g.attacker_moves(h) ? captures : stay == 0) {
      win[h] = 1;
      queue.push_back(static_cast<std::uint32_t>(h));
    }
  }
  Budget* budget = current_budget();
  for (std::size_t head = 0; head < queue.size(); ++head) {
    const std::uint32_t v = queue[head];
    if (budget) budget->charge(1);
    for (std::uint32_t e = g.predecessor_begin(v); e < g.predecessor_end(v); ++e) {
      const std::uint32_t u = g.predecessor_at(e);
      if (!standing[u] || win[u]) continue;
      if (g.attacker_moves(u) || --left[u] == 0) {
        win[u] = 1;
        queue.push_back(u);
      }
    }
  }
  std::vector<std::uint64_t> wins((n + 63) / 64, 0);
  for (std::size_t h = 0; h < n; ++h)
    if (win[h]) wins[h >> 6] |= std::uint64_t{1} << (h & 63);
  return wins;
}

// The attacker's attractor of `target` within the captured half (odd
// nodes), every lane of `lanes` at once, with a rank per (node, lane)
// (session 28): computed in rounds, each from the values of the rounds
// before it only, and a lane gained in round r gets rank r (targets rank
// 0). So an attacker node's lane has a successor with that lane of
// smaller rank, and a defender node's lane has every successor with it,
// each of smaller rank: the justification that decremental_attractor
// relies on. Same set as attractor(p, target, 1): a round-by-round
// evaluation of the same least fixpoint. Returns one past the last rank.
std::uint32_t ranked_attractor(const Product& p, const std::vector<std::uint64_t>& target, std::uint64_t lanes,
                               const std::vector<int>& lane_of, int nlanes, std::vector<std::uint64_t>& a,
                               std::vector<std::uint32_t>& rank) {
  const std::size_t n = p.size();
  a = target;
  rank.assign((n / 2) * static_cast<std::size_t>(nlanes), 0);
  std::vector<std::uint8_t> queued(n, 0);
  std::vector<std::size_t> frontier, cand;
  std::vector<std::pair<std::size_t, std::uint64_t>> gains;
  // Round 1 evaluates every consistent node of the half that may gain (the
  // targets are nearly everywhere); later rounds the predecessors of the
  // last round's gains.
  for (std::size_t v = 1; v < n; v += 2)
    if ((a[v] & lanes) != lanes && p.consistent(v)) cand.push_back(v);
  Budget* budget = current_budget();
  std::uint32_t r = 0;
  for (bool first = true; first || !frontier.empty(); first = false) {
    ++r;
    if (!first) {
      cand.clear();
      for (const std::size_t u : frontier)
        p.for_each_predecessor(u, [&](std::size_t w) {
          if (!(w & 1) || queued[w] || (a[w] & lanes) == lanes) return;
          queued[w] = 1;
          cand.push_back(w);
        });
    }
    gains.clear();
    for (const std::size_t w : cand) {
      if (budget) budget->charge(1);
      queued[w] = 0;
      std::uint64_t val = p.attacker_moves(w) ? 0 : ~std::uint64_t{0};
      if (p.attacker_moves(w)) p.for_each_successor(w, [&](std::size_t x) { val |= a[x]; });
      else p.for_each_successor(w, [&](std::size_t x) { val &= a[x]; });
      const std::uint64_t gain = val & lanes & ~a[w];
      if (gain) gains.emplace_back(w, gain);
    }
    frontier.clear();
    for (const auto& g : gains) {  // applied after the round: ranks from earlier rounds only
      // (named members, not a structured binding: clang 14, which builds
      // the fuzz targets, cannot capture a binding in the lambda)
      const std::size_t w = g.first;
      const std::uint64_t gain = g.second;
      a[w] |= gain;
      for_each_bit(gain, [&](int b) { rank[(w >> 1) * nlanes + lane_of[b]] = r; });
      frontier.push_back(w);
    }
  }
  return r + 1;
}

// The same attractor after its targets lost `lost` (node, lanes) pairs
// (session 28): targets only shrink between Büchi iterations, so the new
// attractor lies within the old one (`a`, ranked as ranked_attractor
// leaves it). Per lane: (1) a node is *unsure* once its justification may
// be gone: a lost target; a defender predecessor of higher rank of an
// unsure node; an attacker predecessor of higher rank left with no
// successor that has the lane, is not unsure and has a smaller rank
// (re-checked whenever one more successor turns unsure). The rest keep a
// justification by strictly smaller ranks down to targets still present,
// so they are in the new attractor. (2) The unsure nodes lose the lane,
// and the least fixpoint is re-derived over them alone, seeded with the
// rest (an iteration from a subset of the least fixpoint, within the old
// attractor, which contains the new one), the nodes regained getting
// fresh ranks above every rank given so far (their justification lies in
// nodes ranked before them). Result: exactly the new attractor, ranked as
// before, for the next iteration; work only around what changed.
void decremental_attractor(const Product& p, const std::vector<std::uint64_t>& target,
                           const std::vector<std::pair<std::size_t, std::uint64_t>>& lost,
                           const std::vector<int>& lane_of, int nlanes, std::vector<std::uint64_t>& a,
                           std::vector<std::uint32_t>& rank, std::uint32_t& next_rank,
                           std::vector<std::uint8_t>& unsure, std::vector<std::uint32_t>& count) {
  std::uint64_t lanes = 0;
  for (const auto& [v, l] : lost) lanes |= l;
  Budget* budget = current_budget();
  std::vector<std::size_t> work, all;
  for_each_bit(lanes, [&](int b) {
    const std::uint64_t bit_b = std::uint64_t{1} << b;
    const std::size_t lane = static_cast<std::size_t>(lane_of[b]);
    auto rk = [&](std::size_t v) { return rank[(v >> 1) * nlanes + lane]; };
    work.clear();
    all.clear();
    for (const auto& [v, l] : lost)
      if ((l & bit_b) && (a[v] & bit_b) && !unsure[v] && !(target[v] & bit_b)) {
        unsure[v] = 1;
        work.push_back(v);
      }
    // (1) the unsure nodes.
    while (!work.empty()) {
      const std::size_t u = work.back();
      work.pop_back();
      all.push_back(u);
      if (budget) budget->charge(1);
      const std::uint32_t ru = rk(u);
      p.for_each_predecessor(u, [&](std::size_t w) {
        if (!(w & 1) || unsure[w] || !(a[w] & bit_b) || (target[w] & bit_b) || rk(w) <= ru) return;
        if (p.attacker_moves(w)) {
          const std::uint32_t rw = rk(w);
          bool kept = false;
          p.for_each_successor(w, [&](std::size_t x) { kept |= (a[x] & bit_b) && !unsure[x] && rk(x) < rw; });
          if (kept) return;
        }
        unsure[w] = 1;
        work.push_back(w);
      });
    }
    // (2) re-derive the least fixpoint over the unsure nodes.
    for (const std::size_t u : all) a[u] &= ~bit_b;
    for (const std::size_t u : all) {
      std::uint32_t missing = 0;
      bool any = false;
      p.for_each_successor(u, [&](std::size_t x) {
        if (a[x] & bit_b) any = true;
        else ++missing;
      });
      count[u] = missing;
      if (p.attacker_moves(u) ? any : missing == 0) work.push_back(u);
    }
    for (const std::size_t u : work) a[u] |= bit_b;  // every one of them justified by a node kept in (1)
    for (const std::size_t u : work) rank[(u >> 1) * nlanes + lane] = next_rank;
    ++next_rank;
    while (!work.empty()) {
      const std::size_t x = work.back();
      work.pop_back();
      if (budget) budget->charge(1);
      p.for_each_predecessor(x, [&](std::size_t w) {
        if (!(w & 1) || !unsure[w] || (a[w] & bit_b)) return;
        if (!p.attacker_moves(w) && --count[w] != 0) return;
        a[w] |= bit_b;
        rank[(w >> 1) * nlanes + lane] = next_rank++;  // above every rank given, x's included
        work.push_back(w);
      });
    }
    for (const std::size_t u : all) unsure[u] = 0;
  });
}

}  // namespace

// One test of one final position, answered from the shared analyser.
class SharedOracle final : public ForceOracle {
 public:
  SharedOracle(SharedAnalyser& sa, const Position& pos) : sa_(sa), pos_(pos) {}
  bool capture(Color attacker, Mask string) override {
    return ask(attacker, {string, string, string, static_cast<std::uint8_t>(index(attacker)), 1});
  }
  bool capture_without_permanent(Color attacker, Mask string, Mask region) override {
    const Mask inside = pos_.stones(opponent(attacker)) & region;
    return ask(attacker, {string, region, inside, static_cast<std::uint8_t>(index(attacker)), 0});
  }
  std::size_t graph_nodes(Color attacker) const override { return sa_.graph_nodes(attacker); }

 private:
  bool ask(Color attacker, const SharedAnalyser::Key& k) {
    if (!start_[index(attacker)]) {
      try {
        start_[index(attacker)] = sa_.graph(attacker).add_start(pos_);
      } catch (const NotDecided&) {
        sa_.shared_off_ = true;  // the shared graph outgrew max_nodes (and was left as it was)
        throw;
      }
    }
    return sa_.answer(k, *start_[index(attacker)]);
  }
  SharedAnalyser& sa_;
  const Position& pos_;
  std::optional<std::uint32_t> start_[2];
};

std::size_t SharedAnalyser::KeyHash::operator()(const Key& k) const {
  std::uint64_t h = 0x9e3779b97f4a7c15ULL ^ (std::uint64_t{k.attacker} << 1 | k.capture_only);
  for (std::uint64_t w : {k.string, k.region, k.inside}) {
    h ^= w + 0x9e3779b97f4a7c15ULL + (h << 6) + (h >> 2);
    h *= 0xbf58476d1ce4e5b9ULL;
    h ^= h >> 31;
  }
  return static_cast<std::size_t>(h);
}

SharedAnalyser::SharedAnalyser(const Board& board, AnalysisOptions opt) : board_(&board), opt_(opt) {}
SharedAnalyser::~SharedAnalyser() = default;

std::size_t SharedAnalyser::graph_nodes(Color attacker) const {
  const auto& g = graphs_[index(attacker)];
  return g ? g->nodes() : 0;
}

HypotheticalGraph& SharedAnalyser::graph(Color attacker) {
  auto& g = graphs_[index(attacker)];
  if (!g) {
    g = std::make_unique<HypotheticalGraph>(*board_, attacker, opt_.max_nodes);
    // On small boards the graph starts with every legal position's start:
    // a graph that keeps growing makes every memo answer stale for the new
    // starts (a search meets new final positions all the time), and each
    // re-solve costs a whole product. If the bound stops this, the graph
    // (closed after each start) simply grows on demand from there.
    if (board_->size() <= kPrefillPoints) {
      const Ranker ranker(board_->size());
      try {
        for (std::uint64_t r = 0; r < ranker.count(); ++r) {
          const Position p = ranker.unrank(r);
          if (is_legal_position(*board_, p)) g->add_start(p);
        }
      } catch (const NotDecided&) {
      }
    }
  }
  return *g;
}

bool SharedAnalyser::answer(const Key& k, std::uint32_t h) {
  auto it = memo_.find(k);
  if (it == memo_.end() || h >= it->second.valid) {
    std::vector<std::uint64_t> wins = solve(k);
    if (memo_bytes_ > kMaxMemoBytes) {
      memo_.clear();
      memo_bytes_ = 0;
    }
    Answer& a = memo_[k];
    memo_bytes_ -= a.wins.size() * 8;
    memo_bytes_ += wins.size() * 8 + sizeof(Key) + sizeof(Answer);
    a.wins = std::move(wins);
    a.valid = graph(static_cast<Color>(k.attacker)).nodes();
    it = memo_.find(k);
  }
  return (it->second.wins[h >> 6] >> (h & 63)) & 1;
}

std::vector<std::uint64_t> SharedAnalyser::solve(const Key& k) {
  const HypotheticalGraph& g = graph(static_cast<Color>(k.attacker));
  // Tracked strings: the tested string first, then the other defender
  // strings inside the region (whole strings: the region is a flood that
  // only the player's strong stones stop, so it holds every defender string
  // it touches).
  std::vector<Mask> tracked{k.string};
  for (Mask rest = k.inside & ~k.string; rest;) {
    const Mask t = board_->flood(bit(lowest(rest)), k.inside);
    tracked.push_back(t);
    rest &= ~t;
  }
  if (tracked.size() > 20 || (g.nodes() << tracked.size()) > max_product_)
    throw NotDecided("product of the shared graph too large");
  // Capture is monotone: reachability, solved on H itself (capture_wins;
  // the bound above still applies to it, as to the product it replaces).
  if (k.capture_only) return capture_wins(g, k.string);
  const Product p(g, tracked, k.region);
  const std::size_t n = p.size();
  std::vector<char> z;
  std::vector<std::uint64_t> a;
  {
    // Generalized Büchi, one lane per point of the region:
    // Z = nu Z. /\_p Attr(F_p /\ CPre(Z)), solved in two parts. Every aim
    // needs the tested string captured (c bit 0), and c only grows, so the
    // nodes with bit 0 set are closed under moves (a subgame), and a play
    // that never sets it visits no target and is lost by the attacker.
    // Hence the attacker's winning region is (1) the winning region Z1 of
    // the same game on the captured half alone, then (2) the nodes of the
    // other half from which he can force reaching Z1 (a reachability game;
    // a captured node outside Z1 is lost, and one that could be forced
    // into Z1 would be in Z1 already, since Z1 is closed under the
    // attacker's attractor within its subgame). Same winners as the
    // fixpoint over the whole product; the Büchi iterations, most of the
    // cost, run on the captured half only.
    const std::uint64_t full = k.region;
    z.assign(n, 0);
    for (std::size_t v = 0; v < n; ++v) z[v] = (v & 1) && p.consistent(v) ? 1 : 0;
    // CPre(Z) maintained incrementally (session 28): left[v] counts v's
    // successors still in Z. Every successor of a consistent captured node
    // is consistent and captured (c only grows), so at the start all of
    // them are in Z and CPre holds everywhere; the product's successor
    // lists hold no duplicates (h' -> (h', c | missing[h']) is injective,
    // and H's lists have none), so one decrement per predecessor entry of a
    // removed node counts a distinct successor leaving Z. CPre(v) only
    // turns false (Z only shrinks): an attacker node when its last
    // successor in Z leaves, a defender node when its first one does. So
    // the targets are those of the full pass over the half, updated only
    // around the nodes each iteration removes.
    std::vector<std::uint32_t> left(n, 0);
    std::vector<std::uint64_t> target(n, 0), prev;
    for (std::size_t v = 1; v < n; v += 2) {
      if (!z[v]) continue;
      std::uint32_t d = 0;
      p.for_each_successor(v, [&](std::size_t) { ++d; });
      left[v] = d;
      target[v] = p.aim(v);
    }
    charge_current_budget(n / 2);
    std::vector<std::size_t> removed;
    std::vector<int> lane_of(64, 0);
    int nlanes = 0;
    for_each_bit(full, [&](int b) { lane_of[b] = nlanes++; });
    // One iteration's removals: the nodes of Z whose attractor (prev) misses
    // a lane leave Z, and their predecessors' CPre counters and targets are
    // updated; lost(w, old target) hears of each target that turns 0. False
    // when nothing left Z: the fixpoint.
    auto shrink_z = [&](auto&& lost) {
      removed.clear();
      for (std::size_t v = 1; v < n; v += 2)
        if (z[v] && (prev[v] & full) != full) {
          z[v] = 0;
          removed.push_back(v);
        }
      if (removed.empty()) return false;
      charge_current_budget(removed.size());
      for (const std::size_t u : removed)
        p.for_each_predecessor(u, [&](std::size_t w) {
          if (!(w & 1)) return;  // the uncaptured half has no targets here
          --left[w];
          if ((p.attacker_moves(w) ? left[w] == 0 : true) && target[w]) {
            lost(w, target[w]);
            target[w] = 0;
          }
        });
      return true;
    };
    if ((n / 2) * static_cast<std::size_t>(nlanes) <= max_rank_entries_) {
      // Session 28: each iteration's attractor from the last one by
      // decremental_attractor (work around the targets lost only), or from
      // scratch when many were lost; the same sets as the loop below.
      std::vector<std::uint32_t> rank, count(n, 0);
      std::vector<std::uint8_t> unsure(n, 0);
      std::vector<std::pair<std::size_t, std::uint64_t>> lost;
      std::uint32_t next_rank = ranked_attractor(p, target, full, lane_of, nlanes, prev, rank);
      for (;;) {
        lost.clear();
        if (!shrink_z([&](std::size_t w, std::uint64_t t) { lost.emplace_back(w, t); })) break;
        if (lost.empty()) continue;  // the same attractor: nothing more leaves Z
        // From scratch also before the fresh ranks could overflow (a
        // decremental step gives, per lane, at most one per node of the
        // half plus one).
        const std::uint64_t fresh = (n / 2 + 1) * static_cast<std::uint64_t>(nlanes);
        if (static_cast<double>(lost.size()) > scratch_fraction_ * static_cast<double>(n) ||
            std::uint64_t{next_rank} + fresh > std::numeric_limits<std::uint32_t>::max()) {
          next_rank = ranked_attractor(p, target, full, lane_of, nlanes, prev, rank);
        } else {
          decremental_attractor(p, target, lost, lane_of, nlanes, prev, rank, next_rank, unsure, count);
          ++decremental_steps_;
        }
      }
    } else {
      for (;;) {
        // Z only shrinks, so each lane's target, hence its attractor, only
        // shrinks from one iteration to the next: the last one bounds this one.
        prev = attractor(p, target, 1, prev.empty() ? nullptr : &prev);
        if (!shrink_z([](std::size_t, std::uint64_t) {})) break;
      }
    }
    // (2): reachability of Z1 from the uncaptured half.
    for (std::size_t v = 0; v < n; ++v) target[v] = z[v] ? 1 : 0;
    a = attractor(p, target, 0);
    for (std::size_t v = 0; v < n; v += 2) z[v] = a[v] != 0;
  }
  // Start nodes have every tracked string standing: c = 0.
  const std::size_t nodes = g.nodes(), shift = tracked.size();
  std::vector<std::uint64_t> wins((nodes + 63) / 64, 0);
  for (std::size_t h = 0; h < nodes; ++h) {
    const std::size_t v = h << shift;
    if (z[v]) wins[h >> 6] |= std::uint64_t{1} << (h & 63);
  }
  return wins;
}

FinalAnalysis SharedAnalyser::analyse(const Position& pos) {
  if (!shared_off_) {
    try {
      SharedOracle oracle(*this, pos);
      return analyse_final_position(*board_, pos, oracle);
    } catch (const NotDecided&) {
      // A shared graph outgrew max_nodes (then sharing stays off) or a
      // product its bound: the per-position graphs below are smaller.
    }
  }
  return analyse_final_position(*board_, pos, opt_);
}

bool SharedAnalyser::has_direct_ko_stone(const Position& pos) {
  if (!shared_off_) {
    try {
      SharedOracle oracle(*this, pos);
      return japanese::has_direct_ko_stone(*board_, pos, oracle);
    } catch (const NotDecided&) {
      // As in analyse.
    }
  }
  return japanese::has_direct_ko_stone(*board_, pos, opt_);
}

Mask SharedAnalyser::strong_stones(const Position& pos) {
  if (!shared_off_) {
    try {
      SharedOracle oracle(*this, pos);
      return japanese::strong_stones(*board_, pos, oracle);
    } catch (const NotDecided&) {
      // As in analyse.
    }
  }
  return japanese::strong_stones(*board_, pos, opt_);
}

std::pair<int, int> SharedAnalyser::stepwise_territory_bounds(const Position& pos,
                                                              const std::function<bool(int, int)>& enough,
                                                              std::uint64_t* tests) {
  if (!shared_off_) {
    try {
      SharedOracle oracle(*this, pos);
      return japanese::stepwise_territory_bounds(*board_, pos, oracle, enough, tests);
    } catch (const NotDecided&) {
      // As in analyse (the per-position graphs start over: same answers).
    }
  }
  return japanese::stepwise_territory_bounds(*board_, pos, enough, opt_, tests);
}

Mask SharedAnalyser::uncapturable_stones(const Position& pos) {
  if (!shared_off_) {
    try {
      SharedOracle oracle(*this, pos);
      return japanese::uncapturable_stones(*board_, pos, oracle);
    } catch (const NotDecided&) {
      // As in analyse.
    }
  }
  return japanese::uncapturable_stones(*board_, pos, opt_);
}

}  // namespace gotb::japanese
