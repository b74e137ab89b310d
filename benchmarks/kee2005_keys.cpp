// How many different states the kee-2005 game tree holds, by depth
// (docs/solving.md section 4, "Session 24: kee-2005"): every line of the
// game from the empty board (or --moves) is enumerated to a depth, and the
// nodes are counted three ways:
//  - tree: every line (what a search without a table visits);
//  - canonical: distinct (search key, the phase's bans as a set of
//    (situation, minimal histories per situation)): two nodes equal here
//    have the same future under C.2-C.4 / D.2-D.4 and F (the key holds
//    what C.3 / D.3 and F read; C.2 / D.2 read only the minimal histories
//    of the bans per situation or pattern, docs/solving.md section 4,
//    "kee-2005"), so this bounds the states the rules distinguish from above;
//  - keys: distinct search keys (what the table indexes).
// If canonical is close to tree, the rules themselves tell the lines apart
// and no reuse of equal states can shrink the search; if it is close to
// keys, the facts are what stops reuse.
//
// Usage: kee2005_keys BOARD RULES DEPTH [NODE_CAP]   e.g. kee2005_keys 2x2 kee-2005 12
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>
#include <algorithm>

#include "core/board.hpp"
#include "core/rules/kee2005.hpp"
#include "core/rules/ruleset.hpp"

using namespace gotb;

namespace {

struct Counter {
  Kee2005Game& g;
  int depth;
  std::uint64_t cap;
  std::uint64_t tree = 0;
  std::vector<std::uint64_t> tree_at = std::vector<std::uint64_t>(depth + 1, 0), canon_at = tree_at, keys_at = tree_at;
  std::unordered_set<std::uint64_t> canon = {}, keys = {};
  // Our own copy of the current phase's record: situation number and window start per ban.
  std::vector<std::pair<std::uint32_t, int>> bans = {};
  std::vector<std::size_t> phase_start = {};
  std::unordered_map<std::string, std::uint32_t> sit_num = {};

  static std::uint64_t mix(std::uint64_t h, std::uint64_t w) {
    h ^= w + 0x9e3779b97f4a7c15ULL + (h << 6) + (h >> 2);
    h *= 0xbf58476d1ce4e5b9ULL;
    return h ^ (h >> 31);
  }
  std::uint32_t sit() {
    std::string s = std::to_string(g.position().black) + "/" + std::to_string(g.position().white) + "/" +
                    std::to_string(static_cast<int>(g.to_move()));
    auto [it, fresh] = sit_num.try_emplace(s, static_cast<std::uint32_t>(sit_num.size()));
    return it->second;
  }
  std::uint64_t canonical(std::uint64_t keyhash) const {
    // Per situation of the current phase: its minimal histories.
    const std::size_t from = phase_start.back();
    std::vector<std::pair<std::uint32_t, std::vector<std::uint32_t>>> hs;
    for (std::size_t j = from; j < bans.size(); ++j) {
      std::vector<std::uint32_t> h;
      for (std::size_t i = static_cast<std::size_t>(bans[j].second); i <= j; ++i) h.push_back(bans[i].first);
      std::sort(h.begin(), h.end());
      h.erase(std::unique(h.begin(), h.end()), h.end());
      hs.push_back({bans[j].first, std::move(h)});
    }
    std::sort(hs.begin(), hs.end(), [](const auto& a, const auto& b) {
      return a.first != b.first ? a.first < b.first : a.second.size() != b.second.size() ? a.second.size() < b.second.size() : a.second < b.second;
    });
    std::uint64_t h = keyhash;
    for (std::size_t a = 0; a < hs.size(); ++a) {
      bool dominated = false;
      for (std::size_t b = 0; b < a && !dominated; ++b)
        if (hs[b].first == hs[a].first && std::includes(hs[a].second.begin(), hs[a].second.end(), hs[b].second.begin(), hs[b].second.end()))
          dominated = true;
      if (dominated) continue;
      h = mix(h, hs[a].first + 1);
      for (std::uint32_t x : hs[a].second) h = mix(h, x + 7);
      h = mix(h, 0xffff);
    }
    return h;
  }
  void visit(int d) {
    if (tree >= cap) return;
    ++tree;
    ++tree_at[d];
    std::vector<std::uint64_t> key;
    g.search_key(key);
    std::uint64_t kh = 0x1234 + static_cast<std::uint64_t>(d) * 0;  // depth is not part of the state
    for (std::uint64_t w : key) kh = mix(kh, w);
    if (keys.insert(kh).second) ++keys_at[d];
    if (canon.insert(canonical(kh)).second) ++canon_at[d];
    if (d == depth || g.is_over()) return;
    std::vector<Move> moves;
    g.legal_moves(moves);
    for (Move m : moves) {
      const auto phase = g.phase();
      g.play(m);
      const bool new_phase = g.phase() != phase;
      if (new_phase) phase_start.push_back(bans.size());
      // The ban now recorded: its window restarts after a ban-deleting pass or a new phase.
      const int window = new_phase || m.kind == MoveKind::Pass ? static_cast<int>(bans.size()) : bans.back().second;
      bans.push_back({sit(), window});
      visit(d + 1);
      bans.pop_back();
      if (new_phase) phase_start.pop_back();
      g.undo();
    }
  }
};

}  // namespace

int main(int argc, char** argv) {
  if (argc < 4) {
    std::fprintf(stderr, "usage: %s BOARD RULES DEPTH [NODE_CAP]\n", argv[0]);
    return 2;
  }
  const Board board = Board::parse(argv[1]);
  const RuleSet rules = RuleSet::parse(argv[2]);
  const int depth = std::atoi(argv[3]);
  const std::uint64_t cap = argc > 4 ? std::strtoull(argv[4], nullptr, 10) : 50'000'000;
  Kee2005Game g(board, rules, 0);
  Counter c{g, depth, cap};
  c.phase_start.push_back(0);
  c.bans.push_back({c.sit(), 0});
  c.visit(0);
  std::printf("depth tree canonical keys (new at this depth; cumulative at the end)%s\n", c.tree >= cap ? " [node cap reached]" : "");
  std::uint64_t t = 0, n = 0, k = 0;
  for (int d = 0; d <= depth; ++d) {
    t += c.tree_at[d], n += c.canon_at[d], k += c.keys_at[d];
    std::printf("%2d %12llu %12llu %12llu   cumulative %12llu %12llu %12llu\n", d, (unsigned long long)c.tree_at[d],
                (unsigned long long)c.canon_at[d], (unsigned long long)c.keys_at[d], (unsigned long long)t,
                (unsigned long long)n, (unsigned long long)k);
  }
  return 0;
}
