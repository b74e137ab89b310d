// Handing transposition-table entries from one search's table to another's
// at fixed points (superko generation's lanes exchange what they proved at
// the end of every level: docs/solving.md, "Superko tablebases", "Lanes
// that exchange their entries").
//
// Why this is sound: an entry is a bound at a state with the facts of its
// proof (absent / present situations, stone cap); it holds under every
// history that satisfies those facts, whoever proved it and under whichever
// root (docs/solving.md §3, "Bounds with their own proofs", "A table
// shared by threads"). A copy carries the same key, bounds, caps and lists
// word for word, and the reader checks the facts against its own line as
// for any entry. A list the source ring has lost is not copied, and its
// bound is dropped from the copy.
//
// Why it keeps a run deterministic: the source table is read only while its
// own search is idle (export), the destination written only while its own
// search is idle (import), and what is exported is a function of the keys
// logged and the table's contents, both functions of the searches run.
#pragma once

#include <cstdint>
#include <vector>

#include "generator/search/search_table.hpp"

namespace gotb::search {

// Entries copied out of a table, their lists in `words` (Entry::lo_at and
// hi_at are offsets into `words`).
struct TableExport {
  std::vector<SearchTable::Entry> entries;
  std::vector<std::uint64_t> words;
  void clear() {
    entries.clear();
    words.clear();
  }
};

// Copies out every entry of `t` stored under a key in `keys` (sorted and
// deduplicated here) with Entry::work >= min_work. `points`: the board's
// points (a bound whose list was lost becomes -points / +points, i.e. none).
void export_entries(const SearchTable& t, std::vector<std::uint64_t>& keys, int points, unsigned min_work,
                    TableExport& out);

// Stores each exported entry into `t` (its lists copied into t's ring),
// unless t holds an entry of the same key whose bounds are at least as
// tight already (whatever its facts: skipping only decides which entries
// exist, i.e. speed; 1x9: fewer imports and nodes than importing them).
// Returns the number stored.
std::uint64_t import_entries(SearchTable& t, const TableExport& x);

}  // namespace gotb::search
