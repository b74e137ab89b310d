#include "generator/search/search_table.hpp"

#include <algorithm>
#include <cstdint>
#include <new>
#include <thread>

#include <sys/mman.h>

namespace gotb::search {

SearchTable::SearchTable(const Board& board, const TrompTaylorConfig& cfg, std::size_t table_megabytes,
                         std::size_t proof_megabytes, std::size_t max_dependencies, bool huge_pages,
                         bool wide_words)
    : board_spec_(board.spec()), cfg_(cfg), max_dependencies_(max_dependencies) {
  const std::size_t entries = table_megabytes * (std::size_t{1} << 20) / sizeof(Entry);
  buckets_ = 1;
  while (buckets_ * 2 * kWays <= entries) buckets_ *= 2;
  table_pages_.allocate(buckets_ * kWays * sizeof(Entry), huge_pages);
  table_ = static_cast<Entry*>(table_pages_.p);
  locks_.reset(new std::atomic<std::uint8_t>[buckets_]());
  points_ = board.size();
  const bool narrow = !wide_words && 2 * points_ + (cfg.situational ? 1 : 0) <= 32;
  low_ = narrow ? (std::uint64_t{1} << points_) - 1 : 0;
  const std::size_t word_bytes = narrow ? 4 : 8;
  const std::size_t words =
      std::max<std::size_t>(proof_megabytes * (std::size_t{1} << 20) / word_bytes, 4 * max_dependencies);
  std::size_t ring = 1;
  while (ring * 2 <= words) ring *= 2;
  ring_pages_.allocate(ring * word_bytes, huge_pages);
  if (narrow) ring32_ = static_cast<std::uint32_t*>(ring_pages_.p);
  else ring_ = static_cast<std::uint64_t*>(ring_pages_.p);
  ring_size_ = ring;
  // One slot per 16 ring words: lists are 20 to 200 words long on the
  // boards measured, so few live lists share a slot. (8 bytes a slot: a
  // sixteenth of a 64-bit ring, an eighth of a 32-bit one; untouched pages
  // cost nothing.)
  index_size_ = std::max<std::size_t>(ring / 16, 1024);
  index_pages_.allocate(index_size_ * sizeof(std::uint64_t), huge_pages);
  index_ = static_cast<std::uint64_t*>(index_pages_.p);
}

SearchTable::Pages::~Pages() {
  if (base) ::munmap(base, bytes);
}

void SearchTable::Pages::allocate(std::size_t n, bool huge) {
  constexpr std::size_t kHuge = std::size_t{2} << 20;
  // Huge pages need 2 MiB aligned addresses: map one huge page more and
  // start at the first boundary.
  const std::size_t total = huge ? n + kHuge : n;
  void* q = ::mmap(nullptr, total, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (q == MAP_FAILED) throw std::bad_alloc();
  base = q;
  bytes = total;
  p = q;
  if (huge) {
    const auto a = reinterpret_cast<std::uintptr_t>(q);
    p = reinterpret_cast<void*>((a + kHuge - 1) & ~(kHuge - 1));
    // Only advice: where the kernel has no huge pages it uses small ones.
    ::madvise(p, n, MADV_HUGEPAGE);
  }
}

void SearchTable::populate() {
#ifdef MADV_POPULATE_WRITE  // Linux 5.14; an older kernel answers EINVAL and faults page by page as before
  ::madvise(table_pages_.p, buckets_ * kWays * sizeof(Entry), MADV_POPULATE_WRITE);
#endif
}

bool SearchTable::compatible(const Board& board, const TrompTaylorConfig& cfg) const {
  return board.spec() == board_spec_ && cfg.situational == cfg_.situational && cfg.suicide == cfg_.suicide;
}

std::string SearchTable::description() const {
  return board_spec_ + (cfg_.situational ? ", situational superko" : ", positional superko") +
         (cfg_.suicide == SuicideRule::Allowed ? ", suicide allowed" : ", no suicide");
}

void SearchTable::lock(std::size_t b) const {
  // Held for a copy of at most kWays entries: spin, yielding now and then.
  for (int spins = 0; locks_[b].exchange(1, std::memory_order_acquire); ++spins) {
    while (locks_[b].load(std::memory_order_relaxed)) {
      if (++spins % 64 == 0) std::this_thread::yield();
    }
  }
}

int SearchTable::probe(std::uint64_t key, Entry* out, int* slots) const {
  const std::size_t b = bucket_index(key);
  const Entry* e = &table_[b * kWays];
  int n = 0;
  lock(b);
  for (int w = 0; w < kWays; ++w)
    if (e[w].used() && e[w].key == key) {
      slots[n] = w;
      out[n++] = e[w];
    }
  unlock(b);
  return n;
}

bool SearchTable::read_list(std::uint64_t at, int n, std::vector<std::uint64_t>& out) const {
  out.resize(static_cast<std::size_t>(n));
  if (n == 0) return true;
  if (lost(at)) return false;
  // In at most two runs (to the end of the ring, then from its start), the
  // word width decided once: this copy is most of a probe's cost.
  std::uint64_t* o = out.data();
  const std::size_t i = at & (ring_size_ - 1);
  const std::size_t first = std::min<std::size_t>(static_cast<std::size_t>(n), ring_size_ - i);
  const std::size_t rest = static_cast<std::size_t>(n) - first;
  if (ring32_ && !cfg_.situational) {
    // widen() without a player to move: white's bits move up as one block.
    const std::uint64_t low = low_, high = ~low_;
    const int up = 31 - points_;
    auto copy = [&](std::uint32_t* r, std::size_t m, std::uint64_t* to) {
      for (std::size_t k = 0; k < m; ++k) {
        const std::uint64_t x = std::atomic_ref<std::uint32_t>(r[k]).load(std::memory_order_relaxed);
        to[k] = (x & low) | (x & high) << up;
      }
    };
    copy(ring32_ + i, first, o);
    copy(ring32_, rest, o + first);
  } else if (ring32_) {
    const std::uint64_t low = low_;
    const int p = points_;
    auto copy = [&](std::uint32_t* r, std::size_t m, std::uint64_t* to) {
      for (std::size_t k = 0; k < m; ++k) {
        const std::uint64_t x = std::atomic_ref<std::uint32_t>(r[k]).load(std::memory_order_relaxed);
        to[k] = (x & low) | ((x >> p) & low) << 31 | (x >> (2 * p)) << 62;
      }
    };
    copy(ring32_ + i, first, o);
    copy(ring32_, rest, o + first);
  } else {
    auto copy = [&](std::uint64_t* r, std::size_t m, std::uint64_t* to) {
      for (std::size_t k = 0; k < m; ++k)
        to[k] = std::atomic_ref<std::uint64_t>(r[k]).load(std::memory_order_relaxed);
    };
    copy(ring_ + i, first, o);
    copy(ring_, rest, o + first);
  }
  // Seqlock check. A word this copy read from a writer that reused the slot
  // was stored with release after that writer's reservation, so after this
  // acquire fence the cursor load sees the reservation. A cursor within one
  // ring of `at` therefore means no reservation reached these words again:
  // every word read is the list's own (written before its entry was
  // published, and the entry was read under the bucket lock).
  std::atomic_thread_fence(std::memory_order_acquire);
  return cursor_.load(std::memory_order_relaxed) - at <= ring_size_;
}

std::uint64_t SearchTable::list_hash(const std::uint64_t* words, int n) {
  std::uint64_t h = 0x9e3779b97f4a7c15ULL * static_cast<std::uint64_t>(n + 1);
  for (int i = 0; i < n; ++i) {
    h = (h ^ words[i]) * 0xbf58476d1ce4e5b9ULL;
    h ^= h >> 31;
  }
  return h;
}

std::uint64_t SearchTable::find_list(const std::uint64_t* words, int n, std::uint64_t hash) const {
  if (n <= 0) return kNotFound;
  const std::uint64_t slot =
      std::atomic_ref<std::uint64_t>(index_[hash & (index_size_ - 1)]).load(std::memory_order_acquire);
  if (slot == 0 || static_cast<int>(slot & 0xffff) != n) return kNotFound;
  const std::uint64_t at = slot >> 16;
  // The acquire above pairs with add_list's release: the list's words as
  // written are visible. Only a list in the younger half is shared, so the
  // new entry still has half a ring of writes before its words are lost.
  if (!young(at)) return kNotFound;
  for (int i = 0; i < n; ++i)
    if (word(at + static_cast<std::uint64_t>(i)) != words[i]) return kNotFound;
  // Seqlock check as in read_list: no reservation reached the words while
  // they were compared, so the words compared were the list's.
  std::atomic_thread_fence(std::memory_order_acquire);
  if (cursor_.load(std::memory_order_relaxed) - at > ring_size_) return kNotFound;
  return at;
}

std::uint64_t SearchTable::add_list(const std::uint64_t* words, int n, std::uint64_t hash, bool index) {
  const std::uint64_t at = reserve(static_cast<std::size_t>(n));
  for (int i = 0; i < n; ++i) put(at + static_cast<std::uint64_t>(i), words[i]);
  // Published after its words (release, paired with find_list's acquire);
  // lengths and offsets that do not fit the slot are not indexed.
  if (index && n > 0 && n < 0x10000 && at < (std::uint64_t{1} << 48))
    std::atomic_ref<std::uint64_t>(index_[hash & (index_size_ - 1)])
        .store(at << 16 | static_cast<std::uint64_t>(n), std::memory_order_release);
  return at;
}

SearchTable::Stored SearchTable::store(const Entry& e, int superseded, const Entry* expected, bool* changed) {
  const std::size_t b = bucket_index(e.key);
  Entry* bucket = &table_[b * kWays];
  lock(b);
  Entry* victim = nullptr;
  Stored how = Stored::EvictOther;
  if (superseded >= 0 && superseded < kWays) {
    victim = &bucket[superseded];
    how = Stored::Superseded;
    if (changed) *changed = expected && !(*victim == *expected);
  } else {
    victim = bucket;
    for (int w = 0; w < kWays; ++w) {
      if (!bucket[w].used()) {
        victim = &bucket[w];
        how = Stored::Empty;
        break;
      }
      if (bucket[w].work < victim->work) victim = &bucket[w];
    }
    if (how != Stored::Empty) how = victim->key == e.key ? Stored::EvictSame : Stored::EvictOther;
  }
  *victim = e;
  unlock(b);
  if (store_log_) store_log_->push_back(e.key);
  return how;
}

}  // namespace gotb::search
