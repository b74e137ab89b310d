// A per-rank part of the exact tables' state index (docs/distributed.md,
// "Limits", steps 1 and 2): each rank builds the bitmap words of its own
// range of base-3 ranks only, and names a child by its canonical rank and a
// code, so no rank needs the whole index. Only with GOTB_MPI.
//
// Numbering is the one of retro::KoStateIndex (index scheme
// "tt-basic-ko-v1"), global over the job: positions in increasing
// canonical rank, state 2n + passes, ko states 2P + ko_first(n) + slot.
// A rank knows the numbers of its own positions (the running count of its
// words starts at the positions of all lower ranks, summed over a
// coarse count per block) and the ko prefix counts of its own positions
// (offset by an MPI_Exscan). What another rank owns it names:
//   name = canonical rank << 6 | code,  code = passes (0, 1) or 2 + ko slot,
// which the reader computes from the child position alone (the ko slot in
// the canonical orientation, as KoStateIndex::state_of_normalised does);
// the owner is a binary search over the P + 1 starts of the rank ranges,
// and only the owner translates a name into its state (local()).
//
// Partition (step 1, without a global count): the words are first cut into
// equal ranges; every rank builds its words and counts the positions of
// each of its blocks (about 4096 blocks per rank); one MPI_Allgatherv of
// those counts gives every rank the same cut at block boundaries with
// equal positions per rank (+- one block), and one MPI_Alltoallv moves
// the non-zero words (16 bytes each with their number) to their new
// owners. Memory per rank: its
// non-zero words (8 bytes each, plus 8 for the running count), 12 bytes per
// 64 own words (compact()), 4 bytes per own position for the ko counts,
// and, while it is built, 8 bytes per word of its first range and per
// block of the job.
#pragma once

#if GOTB_MPI

#include <mpi.h>

#include <algorithm>
#include <bit>
#include <cstdint>
#include <stdexcept>
#include <vector>

#include <tbb/blocked_range.h>
#include <tbb/parallel_for.h>

#include "core/board.hpp"
#include "core/position.hpp"
#include "core/rank.hpp"
#include "core/symmetry.hpp"
#include "generator/distributed/ghost_exchange.hpp"
#include "generator/retrograde/canonical_rank.hpp"
#include "generator/retrograde/ko_index.hpp"

namespace gotb::dist {

class RankIndex {
 public:
  static constexpr int kCodeBits = 6;  // passes 0, 1, or 2 + ko slot (< 62)

  // Collective over `comm`. Throws std::invalid_argument above 36 points
  // (names need the rank below 2^58).
  RankIndex(const Board& board, MPI_Comm comm) : board_(board), sym_(board_), ranker_(board_.size()), canon_(board_, sym_) {
    if (board_.size() > 36) throw std::invalid_argument("exact --mpi: boards of up to 36 points");
    int P = 1, me = 0;
    MPI_Comm_size(comm, &P);
    MPI_Comm_rank(comm, &me);
    const std::uint64_t count = ranker_.count();
    const std::uint64_t W = (count + 63) / 64;
    W_ = W;
    // Blocks of B words, about 4096 per rank; the first cut gives rank r
    // the blocks [nb * r / P, nb * (r + 1) / P).
    const std::uint64_t B = std::max<std::uint64_t>(1, (W + 4096 * static_cast<std::uint64_t>(P) - 1) /
                                                           (4096 * static_cast<std::uint64_t>(P)));
    const std::uint64_t nb = (W + B - 1) / B;
    auto first_block = [&](int r) { return nb * static_cast<std::uint64_t>(r) / static_cast<std::uint64_t>(P); };
    auto word_of_block = [&](std::uint64_t b) { return std::min(W, b * B); };
    const std::uint64_t iw0 = word_of_block(first_block(me)), iw1 = word_of_block(first_block(me + 1));
    std::vector<std::uint64_t> bits(iw1 - iw0);
    tbb::parallel_for(tbb::blocked_range<std::uint64_t>(iw0, iw1, 256), [&](const tbb::blocked_range<std::uint64_t>& rr) {
      for (std::uint64_t w = rr.begin(); w != rr.end(); ++w) {
        std::uint64_t b = 0;
        const std::uint64_t end = std::min<std::uint64_t>(64, count - 64 * w);
        for (std::uint64_t k = 0; k < end; ++k) {
          const std::uint64_t r = 64 * w + k;
          const Position pos = ranker_.unrank(r);
          if (is_legal_position(board_, pos) && canon_.canonical(pos) == r) b |= std::uint64_t{1} << k;
        }
        bits[w - iw0] = b;
      }
    });
    // Positions per block, of every rank's blocks, at every rank.
    std::vector<std::uint64_t> mine(first_block(me + 1) - first_block(me), 0);
    for (std::uint64_t w = iw0; w < iw1; ++w) mine[w / B - first_block(me)] += std::popcount(bits[w - iw0]);
    std::vector<int> rc(P), rd(P);
    for (int r = 0; r < P; ++r) {
      rc[r] = mpi_count(first_block(r + 1) - first_block(r));
      rd[r] = mpi_count(first_block(r));
    }
    std::vector<std::uint64_t> block(nb);
    check_mpi(MPI_Allgatherv(mine.data(), mpi_count(mine.size()), MPI_UINT64_T, block.data(), rc.data(), rd.data(),
                             MPI_UINT64_T, comm),
              "MPI_Allgatherv");
    // before[b]: positions in blocks below b.
    std::vector<std::uint64_t> before(nb + 1, 0);
    for (std::uint64_t b = 0; b < nb; ++b) before[b + 1] = before[b] + block[b];
    positions_ = before[nb];
    // The cut: rank r starts at the first block whose earlier positions
    // reach r/P of all.
    word_begin_.assign(P + 1, W);
    for (int r = 0; r < P; ++r) {
      const std::uint64_t target = positions_ / P * r + std::min<std::uint64_t>(r, positions_ % P);
      const std::uint64_t b = static_cast<std::uint64_t>(std::lower_bound(before.begin(), before.end(), target) -
                                                         before.begin());
      word_begin_[r] = r == 0 ? 0 : std::min(W, std::max(word_begin_[r - 1], b * B));
    }
    rank_begin_.resize(P + 1);
    for (int r = 0; r <= P; ++r) rank_begin_[r] = 64 * word_begin_[r];
    w0_ = word_begin_[me];
    w1_ = word_begin_[me + 1];
    // Move the non-zero words to their owners, as (word, bits) pairs: the
    // highest range is mostly zero words, which are not sent.
    std::vector<std::vector<std::uint64_t>> out(P);
    for (int r = 0; r < P; ++r) {
      const std::uint64_t a = std::max(iw0, word_begin_[r]), z = std::min(iw1, word_begin_[r + 1]);
      for (std::uint64_t w = a; w < z; ++w)
        if (bits[w - iw0]) {
          out[r].push_back(w);
          out[r].push_back(bits[w - iw0]);
        }
    }
    std::vector<std::uint64_t>().swap(bits);
    std::vector<std::uint64_t> from;
    const std::vector<std::uint64_t> words = alltoallv(out, from, comm);  // in word order: ranks hold increasing ranges
    std::vector<std::vector<std::uint64_t>>().swap(out);
    // Running counts from the positions below w0 (w0 is a block start),
    // kept for the non-zero words only (compact()).
    if (w0_ % B != 0 && w0_ != W) throw std::logic_error("rank index: cut inside a block");
    n0_ = w0_ >= W ? positions_ : before[w0_ / B];
    compact(words);
    // Ko states of the own positions, and where they start globally.
    std::vector<std::uint8_t> kc(n1_ - n0_);
    for_positions([&](std::uint64_t p, const Position& pos) {
      kc[p - n0_] = static_cast<std::uint8_t>(popcount(retro::ko_points(board_, pos)));
    });
    ko_local_.resize(n1_ - n0_ + 1);
    std::uint64_t k = 0;
    for (std::uint64_t i = 0; i < kc.size(); ++i) {
      ko_local_[i] = static_cast<std::uint32_t>(k);
      k += kc[i];
      if (k >= (std::uint64_t{1} << 32)) throw std::invalid_argument("exact --mpi: 2^32 ko states on one rank");
    }
    ko_local_[kc.size()] = static_cast<std::uint32_t>(k);
    std::uint64_t ko_before = 0, ko_total = 0;
    check_mpi(MPI_Exscan(&k, &ko_before, 1, MPI_UINT64_T, MPI_SUM, comm), "MPI_Exscan");
    if (me == 0) ko_before = 0;  // MPI_Exscan leaves rank 0's result undefined
    check_mpi(MPI_Allreduce(&k, &ko_total, 1, MPI_UINT64_T, MPI_SUM, comm), "MPI_Allreduce");
    ko_states_ = ko_total;
    ko_base_ = 2 * positions_ + ko_before;
    // Every rank's first pass state and first ko state (for the gather).
    std::uint64_t starts[2] = {2 * n0_, ko_base_};
    std::vector<std::uint64_t> all(2 * static_cast<std::size_t>(P));
    check_mpi(MPI_Allgather(starts, 2, MPI_UINT64_T, all.data(), 2, MPI_UINT64_T, comm), "MPI_Allgather");
    pass_begin_.resize(P + 1);
    ko_begin_.resize(P + 1);
    for (int r = 0; r < P; ++r) {
      pass_begin_[r] = all[2 * r];
      ko_begin_[r] = all[2 * r + 1];
    }
    pass_begin_[P] = 2 * positions_;
    ko_begin_[P] = 2 * positions_ + ko_states_;
  }

  // --- What retro::ExactRows reads (the own words only) ---
  const Board& board() const { return board_; }
  std::uint64_t positions() const { return positions_; }  // of the whole job
  std::uint64_t words() const { return W_; }
  std::uint64_t first_number(std::uint64_t w) const { return first_[slot(w)]; }  // w0 <= w <= w1
  std::uint64_t bits(std::uint64_t w) const {
    const std::uint64_t i = w - w0_;
    return (mask_[i >> 6] >> (i & 63)) & 1 ? bits_[slot(w)] : 0;
  }
  Position unrank(std::uint64_t r) const { return ranker_.unrank(r); }
  // Global ko state numbers of own positions n0 <= n <= n1.
  std::uint64_t ko_first(std::uint64_t n) const { return ko_base_ + ko_local_[n - n0_]; }
  int ko_count(std::uint64_t n) const { return static_cast<int>(ko_local_[n - n0_ + 1] - ko_local_[n - n0_]); }
  // The name of a child: a colour-normalised legal position with ko ban
  // `ko` (a point of ko_points(pos), or -1) and passes.
  std::uint64_t child(const Position& pos, int passes, int ko) const {
    if (ko < 0) return canon_.canonical(pos) << kCodeBits | static_cast<std::uint64_t>(passes);
    int g = 0;
    const std::uint64_t rank = canon_.canonical(pos, g);
    const Mask kc = sym_.apply(g, retro::ko_points(board_, pos));
    const int qc = sym_.perm(g)[ko];
    return rank << kCodeBits | static_cast<std::uint64_t>(2 + popcount(kc & (bit(qc) - 1)));
  }

  // --- Ownership of names ---
  std::uint64_t own_begin_word() const { return w0_; }
  std::uint64_t own_end_word() const { return w1_; }
  std::uint64_t first_position() const { return n0_; }
  std::uint64_t end_position() const { return n1_; }
  std::uint64_t own_states() const { return 2 * (n1_ - n0_) + ko_local_.back(); }
  bool owns(std::uint64_t name) const {
    const std::uint64_t r = name >> kCodeBits;
    return r >= 64 * w0_ && r < 64 * w1_;
  }
  int owner(std::uint64_t name) const {
    const std::uint64_t r = name >> kCodeBits;
    return static_cast<int>(std::upper_bound(rank_begin_.begin(), rank_begin_.end(), r) - rank_begin_.begin()) - 1;
  }
  // The local number of an own state (the layout of retro::ExactRows:
  // pass states 2(n - n0) + passes, then the ko states in order).
  std::uint64_t local(std::uint64_t name) const {
    const std::uint64_t r = name >> kCodeBits;
    const int code = static_cast<int>(name & ((1u << kCodeBits) - 1));
    const std::uint64_t w = r >> 6;
    const std::uint64_t bitsw = bits(w);
    const std::uint64_t n = first_number(w) + std::popcount(bitsw & ((std::uint64_t{1} << (r & 63)) - 1));
    if (!((bitsw >> (r & 63)) & 1)) throw std::logic_error("rank index: a name of no stored position");
    const std::uint64_t i = n - n0_;
    if (code < 2) return 2 * i + static_cast<std::uint64_t>(code);
    return 2 * (n1_ - n0_) + ko_local_[i] + static_cast<std::uint64_t>(code - 2);
  }
  // Every rank's first pass state / first ko state (P + 1 entries each).
  const std::vector<std::uint64_t>& pass_begin() const { return pass_begin_; }
  const std::vector<std::uint64_t>& ko_begin() const { return ko_begin_; }
  std::uint64_t ko_states() const { return ko_states_; }
  std::uint64_t states() const { return 2 * positions_ + ko_states_; }
  // Bytes this rank holds for the index.
  std::uint64_t bytes() const {
    return bits_.size() * 8 + first_.size() * 8 + mask_.size() * 8 + base_.size() * 8 + ko_local_.size() * 4 +
           rank_begin_.size() * 8;
  }
  std::uint64_t own_words() const { return w1_ - w0_; }
  std::uint64_t nonzero_words() const { return bits_.size(); }

 private:
  // Most words of the high base-3 ranks hold no canonical position (80% of
  // all words on 4x4, and the rank whose range is the highest holds most
  // words: 83% of them at 4 ranks). So only non-zero words are kept, with
  // one 64-bit mask of non-zero words and one count per 64 words: 0.19
  // bytes per word plus 16 per non-zero word, instead of 16 per word.
  // `pairs`: (word, bits) of the own non-zero words, increasing.
  void compact(const std::vector<std::uint64_t>& pairs) {
    const std::uint64_t m = w1_ - w0_, groups = (m + 63) / 64, nz = pairs.size() / 2;
    mask_.assign(groups, 0);
    base_.assign(groups + 1, nz);
    bits_.assign(nz, 0);
    first_.assign(nz + 1, 0);
    std::uint64_t n = n0_, prev = 0;
    for (std::uint64_t j = nz; j-- > 0;) {  // base_[g]: the first non-zero word at or after group g
      const std::uint64_t w = pairs[2 * j];
      if (w < w0_ || w >= w1_ || (j + 1 < nz && w >= prev)) throw std::logic_error("rank index: misrouted words");
      prev = w;
      base_[(w - w0_) / 64] = j;
    }
    for (std::uint64_t g = groups; g-- > 0;) base_[g] = std::min(base_[g], base_[g + 1]);
    for (std::uint64_t j = 0; j < nz; ++j) {
      const std::uint64_t i = pairs[2 * j] - w0_;
      mask_[i / 64] |= std::uint64_t{1} << (i % 64);
      bits_[j] = pairs[2 * j + 1];
      first_[j] = n;
      n += static_cast<std::uint64_t>(std::popcount(bits_[j]));
    }
    first_[nz] = n;
    n1_ = n;
  }
  // Index among the non-zero words of the first non-zero word at or after w
  // (w0 <= w <= w1; w1 gives their count).
  std::uint64_t slot(std::uint64_t w) const {
    const std::uint64_t i = w - w0_;
    if (i >= w1_ - w0_) return bits_.size();
    return base_[i >> 6] + static_cast<std::uint64_t>(std::popcount(mask_[i >> 6] & ((std::uint64_t{1} << (i & 63)) - 1)));
  }

  template <class F>
  void for_positions(F&& f) const {
    tbb::parallel_for(tbb::blocked_range<std::uint64_t>(w0_, w1_, 64), [&](const tbb::blocked_range<std::uint64_t>& r) {
      for (std::uint64_t w = r.begin(); w != r.end(); ++w) {
        std::uint64_t n = first_number(w);
        for (std::uint64_t b = bits(w); b; b &= b - 1, ++n)
          f(n, ranker_.unrank(64 * w + static_cast<std::uint64_t>(std::countr_zero(b))));
      }
    });
  }

  Board board_;
  Symmetries sym_;
  Ranker ranker_;
  retro::CanonicalRanker canon_;
  std::uint64_t W_ = 0, w0_ = 0, w1_ = 0, n0_ = 0, n1_ = 0, positions_ = 0, ko_states_ = 0, ko_base_ = 0;
  std::vector<std::uint64_t> bits_, first_;   // own non-zero words; first_: positions below each (+ n1)
  std::vector<std::uint64_t> mask_, base_;    // per 64 own words: which are non-zero; non-zero words before
  std::vector<std::uint32_t> ko_local_;       // ko states below each own position (+ end)
  std::vector<std::uint64_t> word_begin_, rank_begin_, pass_begin_, ko_begin_;
};

}  // namespace gotb::dist

#endif  // GOTB_MPI
