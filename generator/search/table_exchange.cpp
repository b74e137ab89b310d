#include "generator/search/table_exchange.hpp"

#include <algorithm>

#include "generator/search/proof_deps.hpp"

namespace gotb::search {

void export_entries(const SearchTable& t, std::vector<std::uint64_t>& keys, int points, unsigned min_work,
                    TableExport& out) {
  std::sort(keys.begin(), keys.end());
  keys.erase(std::unique(keys.begin(), keys.end()), keys.end());
  using Entry = SearchTable::Entry;
  Entry found[SearchTable::kWays];
  int slots[SearchTable::kWays];
  std::vector<std::uint64_t> list;
  for (std::uint64_t key : keys) {
    const int n = t.probe(key, found, slots);
    for (int i = 0; i < n; ++i) {
      Entry e = found[i];
      if (e.work < min_work) continue;
      // Each side: copy its list, or drop the bound when the ring lost it.
      // The list's words include the stone fact's mask word (SearchTable::Entry).
      auto side = [&](std::uint64_t& at, std::uint16_t& absent, std::uint16_t& present, std::int8_t& bound,
                      std::int8_t& cap, std::int8_t none) {
        if (bound == none) return;
        if (!t.read_list(at, absent + present + SearchTable::cap_masked(cap), list)) {
          bound = none;
          cap = ProofDeps::kNoCap;
          absent = present = 0;
          at = 0;
          return;
        }
        at = out.words.size();
        out.words.insert(out.words.end(), list.begin(), list.end());
      };
      side(e.lo_at, e.lo_absent, e.lo_present, e.lo, e.lo_cap, static_cast<std::int8_t>(-points));
      side(e.hi_at, e.hi_absent, e.hi_present, e.hi, e.hi_cap, static_cast<std::int8_t>(points));
      if (e.lo == -points && e.hi == points && e.best == SearchTable::kNoMove) continue;
      out.entries.push_back(e);
    }
  }
}

std::uint64_t import_entries(SearchTable& t, const TableExport& x) {
  using Entry = SearchTable::Entry;
  Entry found[SearchTable::kWays];
  int slots[SearchTable::kWays];
  std::uint64_t stored = 0;
  for (Entry e : x.entries) {
    const int n = t.probe(e.key, found, slots);
    bool have = false;
    for (int i = 0; i < n && !have; ++i) {
      const Entry& f = found[i];
      have = f.lo >= e.lo && f.hi <= e.hi;
    }
    if (have) continue;
    // Lists first, the entry that points to them after (SearchTable's contract).
    auto copy = [&](std::uint64_t& at, int count) {
      const std::uint64_t from = at;
      at = t.reserve(static_cast<std::size_t>(count));
      for (int i = 0; i < count; ++i) t.put(at + static_cast<std::uint64_t>(i), x.words[from + static_cast<std::uint64_t>(i)]);
    };
    copy(e.lo_at, e.lo_words());
    copy(e.hi_at, e.hi_words());
    t.store(e);
    ++stored;
  }
  return stored;
}

}  // namespace gotb::search
