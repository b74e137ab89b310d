// The exact search's transposition table, shareable by several searches
// running at once (lazy SMP on one root, or independent searches of
// different roots of the same board and rules).
//
// What an entry claims does not depend on who stored it: a bound with its
// dependency lists (absent / present situations, stone fact) holds at its
// state under EVERY history that satisfies those facts (docs/solving.md §3,
// "Bounds with their own proofs"), and each reader checks the facts against
// its own line before using a bound. So sharing needs only that a reader
// sees an entry and its lists exactly as some writer wrote them, never a
// mixture (docs/solving.md §3, "A table shared by threads"):
//  - entries: a bucket of kWays entries is read and written under that
//    bucket's spin lock; a probe copies the state's entries out;
//  - dependency lists: a ring of situation words. A writer reserves its
//    words with one atomic add on the cursor and then writes them; the
//    entry that points to them is published (under the bucket lock) only
//    after. A reader copies a list out and then re-reads the cursor: if no
//    reservation has reached the list's words again (cursor - at <= ring
//    size), the copy is exactly what was written (seqlock argument in
//    read_list); otherwise the list counts as lost and the bound is unused.
// Sizes and replacement change speed only.
//
// Every search sharing a table must play the same board and the same
// superko and suicide rules (situation keys and legality depend on them);
// the constructor records them and TrompTaylorSearch checks (compatible()).
// Komi does not matter: bounds are komi-free area differences.
#pragma once

#include <atomic>
#include <cassert>
#include <cstdint>
#include <cstdlib>
#include <memory>
#include <string>
#include <vector>

#include "core/board.hpp"
#include "core/rules/tromp_taylor.hpp"

namespace gotb::search {

class SearchTable {
 public:
  static constexpr int kWays = 4;
  static constexpr std::int8_t kNoMove = -2;
  // Cap bytes of an entry (Entry::lo_cap, hi_cap): the count of a stone
  // fact, kNoCap for none (= ProofDeps::kNoCap), kCapMasked set when the
  // fact's mask follows the list.
  static constexpr std::int8_t kNoCap = 127;
  static constexpr std::int8_t kCapMasked = 64;
  static bool cap_masked(std::int8_t c) { return c != kNoCap && (c & kCapMasked) != 0; }
  static int cap_count(std::int8_t c) { return c == kNoCap ? kNoCap : c & ~kCapMasked; }
  static std::int8_t cap_code(int count, bool masked) {
    return static_cast<std::int8_t>(count >= kNoCap ? kNoCap : masked ? count | kCapMasked : count);
  }

  // Keys are canonical state keys, situations and best moves in the
  // canonical orientation (the search maps them; "Symmetric entries").
  struct Entry {
    std::uint64_t key = 0;
    std::uint64_t lo_at = 0, hi_at = 0;  // ring offsets of the dependency lists
    std::uint16_t lo_absent = 0, lo_present = 0, hi_absent = 0, hi_present = 0;
    std::int8_t lo = 0, hi = 0;
    // The stone fact of each bound (ProofDeps::stone_cap and stone_mask):
    // kNoCap, or the count k (at most 31), plus kCapMasked when the fact has
    // a mask; the mask is then one more word of the bound's list in the
    // ring, after its absent and present situations, in the canonical
    // orientation like them (docs/solving.md §3, "Session 26").
    std::int8_t lo_cap = 0, hi_cap = 0;
    std::int8_t best = kNoMove;          // point, -1 pass, -2 none
    std::uint8_t work = 0;               // bit width of the subtree's node count; 0 = unused
    std::uint8_t owner = 0;              // which search stored it (SearchOptions::diversify + 1; statistics only)
    bool used() const { return work != 0; }
    // Words of each bound's list in the ring (the mask word included).
    int lo_words() const { return lo_absent + lo_present + cap_masked(lo_cap); }
    int hi_words() const { return hi_absent + hi_present + cap_masked(hi_cap); }
    bool operator==(const Entry&) const = default;
  };
  static_assert(sizeof(Entry) == 40);

  // table_megabytes for the entries, proof_megabytes for the ring (at least
  // 4 * max_dependencies words). Memory is mapped zeroed pages (mmap), so
  // that untouched pages cost nothing even when tables are made and freed
  // over and over (calloc memsets memory the heap reuses: 38% of a superko
  // generation's time with a fresh table per chunk). Throws std::bad_alloc.
  //
  // huge_pages: ask the kernel for transparent huge pages (madvise
  // MADV_HUGEPAGE, 2 MiB aligned). A large search stores into every 4 KiB
  // page of its table anyway; with 4 KiB pages a 4x4 solve took 267k page
  // faults (5 of its 38 CPU s in the kernel of this virtual machine) and a
  // TLB miss on nearly every probe. A search that stores little would pay
  // 2 MiB of zeroed memory per page it touches instead of 4 KiB, so the
  // default is off (the tests and the tablebase generation make many small
  // tables); one large solve turns it on (SearchOptions::huge_pages).
  //
  // Ring words: a dependency list holds situation keys (black stones in bits
  // 0-30, white in 31-61, the player to move in bit 62 under situational
  // superko) and at most one stone mask. Where a situation fits in 32 bits
  // (2n + 1 <= 32 under situational superko, 2n <= 32 under positional: up
  // to 15 points, 16 positional) the ring stores each word in 32 bits
  // (narrow()), so the same megabytes hold twice the lists; a mask (below
  // 2^n) is its own 32-bit form. put() and read_list() convert, so callers
  // see 64-bit words either way. wide_words forces 64-bit words (tests,
  // measurements).
  SearchTable(const Board& board, const TrompTaylorConfig& cfg, std::size_t table_megabytes,
              std::size_t proof_megabytes, std::size_t max_dependencies, bool huge_pages = false,
              bool wide_words = false);

  // Same board (spec) and rules as the table was made for.
  bool compatible(const Board& board, const TrompTaylorConfig& cfg) const;
  std::string description() const;

  // Copies the used entries with this key into out (at most kWays) and
  // their slots in the bucket into slots; returns how many.
  int probe(std::uint64_t key, Entry* out, int* slots) const;

  // Asks for the cache lines of key's bucket (a hint for a probe() soon after).
  void prefetch(std::uint64_t key) const {
    const char* b = reinterpret_cast<const char*>(&table_[bucket_index(key) * kWays]);
    static_assert(kWays * sizeof(Entry) <= 192);  // at most three lines: b, b + 64, the last byte's
    __builtin_prefetch(b);
    __builtin_prefetch(b + 64);
    __builtin_prefetch(b + kWays * sizeof(Entry) - 1);
  }

  // The list of n words at ring offset `at`, copied into out (resized).
  // False when the ring has been overwritten there since (the list is lost).
  bool read_list(std::uint64_t at, int n, std::vector<std::uint64_t>& out) const;
  // Cheap test, before copying: has the ring certainly moved past `at`?
  bool lost(std::uint64_t at) const { return cursor_.load(std::memory_order_relaxed) - at > ring_size_; }

  // Is the list at `at` in the younger half of the ring (far from being
  // overwritten)? Only then does a new entry point at it again rather than
  // copy it to the front.
  bool young(std::uint64_t at) const { return cursor_.load(std::memory_order_relaxed) - at <= ring_size_ / 2; }
  // Has half the ring been written? Before that no list can be lost (each
  // list is overwritten only by the reservation a ring after its own), so
  // sharing saves nothing; ListSharing::Auto shares from here on, so that
  // by the time the ring wraps its younger half is indexed for find_list.
  // The cursor only grows: once true, true for every search on the table.
  bool half_full() const { return cursor_.load(std::memory_order_relaxed) >= ring_size_ / 2; }
  // Reserves n words and returns their offset; write them with put().
  std::uint64_t reserve(std::size_t n) { return cursor_.fetch_add(n, std::memory_order_relaxed); }
  void put(std::uint64_t at, std::uint64_t word) {
    // Release: a reader that sees this word also sees the reservation
    // (read_list's acquire fence pairs with it).
    const std::size_t i = at & (ring_size_ - 1);
    assert(!ring32_ || widen(narrow(word)) == word);  // a situation key or a mask of this board
    if (ring32_) std::atomic_ref<std::uint32_t>(ring32_[i]).store(narrow(word), std::memory_order_release);
    else std::atomic_ref<std::uint64_t>(ring_[i]).store(word, std::memory_order_release);
  }
  // Ring words of 32 bits (see the constructor)?
  bool narrow_words() const { return ring32_ != nullptr; }
  std::size_t ring_words() const { return ring_size_; }

  // --- Lists shared in the ring (docs/solving.md §3, "Session 27") ---
  // A list about to be written that is, word for word, a list already in
  // the younger half of the ring is not written again: the new entry points
  // at the old words. A reader of either entry then reads exactly the words
  // the write would have put there, so it checks the same facts.
  //
  // The hash of a list's words (the caller's order; the mask word, when
  // there is one, is the last word and is mixed in like the others).
  static std::uint64_t list_hash(const std::uint64_t* words, int n);
  // Offset of a list of n words equal to `words`, published in the younger
  // half of the ring under this hash (the last list written with it), or
  // kNotFound. The words are compared in place (in their ring form) and
  // the cursor re-checked after, as in read_list: an offset returned held
  // exactly these words, written and published before this call, and no
  // reservation had reached them again.
  static constexpr std::uint64_t kNotFound = ~std::uint64_t{0};
  std::uint64_t find_list(const std::uint64_t* words, int n, std::uint64_t hash) const;
  // Reserves n words, writes `words` there and, with `index`, publishes the
  // list under `hash` for find_list (after the words: release). Returns the
  // offset.
  std::uint64_t add_list(const std::uint64_t* words, int n, std::uint64_t hash, bool index);

  // Where a store went (for SearchStats).
  enum class Stored { Superseded, Empty, EvictSame, EvictOther };
  // Writes e into its key's bucket: into slot `superseded` (0..kWays-1) when
  // given, the slot of an entry whose bounds held at the probe (e started
  // from them, so it is at least as tight; whatever stands there now is
  // replaced, as a single search always did); else an empty slot, else the
  // entry with the least work.
  // `expected`, when given with `superseded`: the entry the caller probed
  // there; *changed (if given) tells whether the slot held something else
  // by the time of the store (statistics).
  Stored store(const Entry& e, int superseded = -1, const Entry* expected = nullptr, bool* changed = nullptr);

  std::size_t max_dependencies() const { return max_dependencies_; }

  // Appends the key of every later store to *log (null: stop). For a table
  // with one writer (superko lanes, table_exchange.hpp), set while no
  // search runs on it.
  void set_store_log(std::vector<std::uint64_t>* log) { store_log_ = log; }

  // Maps every page of the entries now, in one system call
  // (MADV_POPULATE_WRITE; nothing where the kernel lacks it): a table that
  // many searches fill at random touches most of its pages anyway, and one
  // fault per page costs some 17 us in a virtual machine against 1.5 us
  // here (superko lanes: 2x5's 256 MiB tables, docs/solving.md "Lanes on
  // node clocks"). Contents unchanged (zeros); not while a search stores.
  void populate();

 private:
  // Zeroed pages of their own (mmap), given back on destruction.
  struct Pages {
    void* p = nullptr;     // n usable bytes (2 MiB aligned with huge pages)
    void* base = nullptr;  // the mapping
    std::size_t bytes = 0;
    Pages() = default;
    Pages(const Pages&) = delete;
    Pages& operator=(const Pages&) = delete;
    ~Pages();
    void allocate(std::size_t n, bool huge);  // throws std::bad_alloc
  };
  std::size_t bucket_index(std::uint64_t key) const { return (key * 0x9e3779b97f4a7c15ULL) >> 20 & (buckets_ - 1); }
  void lock(std::size_t b) const;
  void unlock(std::size_t b) const { locks_[b].store(0, std::memory_order_release); }

  // A situation key (or a mask) in 32 bits and back: black's n bits, then
  // white's, then the player to move (situational superko only).
  std::uint32_t narrow(std::uint64_t w) const {
    return static_cast<std::uint32_t>((w & low_) | ((w >> 31) & low_) << points_ | (w >> 62 & 1) << (2 * points_));
  }
  std::uint64_t widen(std::uint32_t c) const {
    const std::uint64_t x = c;
    return (x & low_) | ((x >> points_) & low_) << 31 | (x >> (2 * points_) & 1) << 62;
  }
  std::uint64_t word(std::uint64_t at) const {
    const std::size_t i = at & (ring_size_ - 1);
    return ring32_ ? widen(std::atomic_ref<std::uint32_t>(ring32_[i]).load(std::memory_order_relaxed))
                   : std::atomic_ref<std::uint64_t>(ring_[i]).load(std::memory_order_relaxed);
  }

  std::string board_spec_;
  TrompTaylorConfig cfg_;
  std::size_t max_dependencies_;
  Pages table_pages_, ring_pages_, index_pages_;
  Entry* table_ = nullptr;
  std::size_t buckets_ = 0;
  std::unique_ptr<std::atomic<std::uint8_t>[]> locks_;
  std::uint64_t* ring_ = nullptr;    // 64-bit words, or
  std::uint32_t* ring32_ = nullptr;  // 32-bit words (narrow / widen)
  int points_ = 0;
  std::uint64_t low_ = 0;            // the low points_ bits
  std::size_t ring_size_ = 0;        // in words
  // find_list's index: per hash slot, the last list published with it, as
  // offset << 16 | length (0: none); a hint only, every match is compared.
  std::uint64_t* index_ = nullptr;
  std::size_t index_size_ = 0;
  std::atomic<std::uint64_t> cursor_{0};
  std::vector<std::uint64_t>* store_log_ = nullptr;
};

}  // namespace gotb::search
