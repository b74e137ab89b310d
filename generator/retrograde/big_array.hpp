// Large arrays of the retrograde generators: memory that the parallel
// passes touch first, on huge pages, and the parallel fill / copy / prefix
// sums that go with it.
//
// Why. In this project's virtual machines a page fault costs ~10-20 us
// (docs/generator.md, "Measured"), and std::vector<T>(n) or assign(n, x)
// writes every element on the calling thread: every fresh 4 KiB page of a
// 100 MiB successor graph was faulted in and zeroed one by one, serially,
// before the parallel pass that overwrites it. BigVector instead
//  - maps arrays of 1 MiB or more with mmap, 2 MiB aligned and advised
//    MADV_HUGEPAGE (only advice: where the kernel gives no huge pages it
//    uses small ones), so a 4x4 generation takes hundreds of faults instead
//    of tens of thousands, and the rounds' random reads of child values
//    miss the TLB far less;
//  - default-initialises elements made without a value (`BigVector<T>
//    v(n)`, resize(n) from empty): no pass over them. Fresh mapped pages
//    and the calloc'd small arrays read as zero, so such elements ARE zero
//    (arithmetic T), and the first write of each page happens in whichever
//    parallel pass writes it.
// Contract: BigVector<T> for trivial T (numbers, plain structs of them)
// only; an element made without a value is zero (all bits 0) in a fresh allocation (v(n), or resize / assign after
// clear() that reallocates); do not shrink and grow back with resize()
// (within capacity that would keep the old values, not zeros). Fill with a
// value through parallel_fill().
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <new>
#include <type_traits>
#include <vector>

#include <sys/mman.h>

#include <tbb/blocked_range.h>
#include <tbb/parallel_for.h>
#include <tbb/parallel_scan.h>

namespace gotb::retro {

namespace big_array_detail {

inline constexpr std::size_t kHugePage = std::size_t{2} << 20;
inline constexpr std::size_t kMapAtLeast = std::size_t{1} << 20;  // smaller: calloc

inline std::size_t mapped_length(std::size_t bytes) { return (bytes + kHugePage - 1) & ~(kHugePage - 1); }

// Zeroed memory of `bytes` bytes (see the file comment).
inline void* allocate_zeroed(std::size_t bytes) {
  if (bytes < kMapAtLeast) {
    void* p = std::calloc(bytes ? bytes : 1, 1);
    if (!p) throw std::bad_alloc();
    return p;
  }
  const std::size_t len = mapped_length(bytes);
  void* q = ::mmap(nullptr, len + kHugePage, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (q == MAP_FAILED) throw std::bad_alloc();
  // Keep the 2 MiB aligned [p, p + len) and give back the rest at once, so
  // that deallocate() can unmap exactly what it knows from the size.
  const auto a = reinterpret_cast<std::uintptr_t>(q);
  const std::uintptr_t p = (a + kHugePage - 1) & ~static_cast<std::uintptr_t>(kHugePage - 1);
  if (p > a) ::munmap(q, p - a);
  const std::uintptr_t end = a + len + kHugePage;
  if (end > p + len) ::munmap(reinterpret_cast<void*>(p + len), end - (p + len));
  ::madvise(reinterpret_cast<void*>(p), len, MADV_HUGEPAGE);
  return reinterpret_cast<void*>(p);
}

inline void deallocate(void* p, std::size_t bytes) {
  if (bytes < kMapAtLeast) std::free(p);
  else ::munmap(p, mapped_length(bytes));
}

}  // namespace big_array_detail

template <class T>
struct BigAllocator {
  static_assert(std::is_trivial_v<T>, "BigVector holds trivial types (elements made without a value are zero bits)");
  using value_type = T;
  BigAllocator() noexcept = default;
  template <class U>
  BigAllocator(const BigAllocator<U>&) noexcept {}
  T* allocate(std::size_t n) {
    if (n > static_cast<std::size_t>(-1) / sizeof(T)) throw std::bad_alloc();
    return static_cast<T*>(big_array_detail::allocate_zeroed(n * sizeof(T)));
  }
  void deallocate(T* p, std::size_t n) noexcept { big_array_detail::deallocate(p, n * sizeof(T)); }
  // Default-initialisation (no write): the memory is already zero.
  template <class U>
  void construct(U* p) noexcept {
    ::new (static_cast<void*>(p)) U;
  }
  template <class U, class... Args>
  void construct(U* p, Args&&... args) {
    ::new (static_cast<void*>(p)) U(std::forward<Args>(args)...);
  }
  template <class U>
  bool operator==(const BigAllocator<U>&) const noexcept {
    return true;
  }
};

template <class T>
using BigVector = std::vector<T, BigAllocator<T>>;

// a[i] = x for i in [0, n), in parallel.
template <class T>
void parallel_fill(T* a, std::uint64_t n, T x) {
  tbb::parallel_for(tbb::blocked_range<std::uint64_t>(0, n, std::uint64_t{1} << 16),
                    [&](const tbb::blocked_range<std::uint64_t>& r) {
                      for (std::uint64_t i = r.begin(); i != r.end(); ++i) a[i] = x;
                    });
}

// out[i] = f(in[i]) for i in [0, n), in parallel.
template <class Out, class In, class F>
void parallel_transform(const In* in, std::uint64_t n, Out* out, F&& f) {
  tbb::parallel_for(tbb::blocked_range<std::uint64_t>(0, n, std::uint64_t{1} << 16),
                    [&](const tbb::blocked_range<std::uint64_t>& r) {
                      for (std::uint64_t i = r.begin(); i != r.end(); ++i) out[i] = f(in[i]);
                    });
}

// Exclusive prefix sums in parallel: set(i, sum of count(j) for j < i) for
// i in [0, n); returns the sum of all n counts (64 bits: the caller checks
// that it fits what `set` stores). count(i) must be cheap and pure (a
// parallel scan may call it twice).
template <class Count, class Set>
std::uint64_t parallel_prefix(std::uint64_t n, Count&& count, Set&& set) {
  return tbb::parallel_scan(
      tbb::blocked_range<std::uint64_t>(0, n, std::uint64_t{1} << 14), std::uint64_t{0},
      [&](const tbb::blocked_range<std::uint64_t>& r, std::uint64_t sum, bool final) {
        for (std::uint64_t i = r.begin(); i != r.end(); ++i) {
          if (final) set(i, sum);
          sum += count(i);
        }
        return sum;
      },
      [](std::uint64_t a, std::uint64_t b) { return a + b; });
}

}  // namespace gotb::retro
