#include "generator/retrograde/ko_index.hpp"

#include <algorithm>
#include <stdexcept>
#include <string>

#include <tbb/blocked_range.h>
#include <tbb/parallel_for.h>

namespace gotb::retro {

Mask ko_points(const Board& b, const Position& p) {
  const Mask empty = b.all() & ~(p.black | p.white);
  Mask out = 0;
  for_each_bit(empty, [&](int q) {
    const Mask nb = b.neighbours(q);
    if (nb == 0 || (nb & ~p.white)) return;  // every neighbour an opposing stone
    int in_atari = 0;
    bool single = false;
    Mask todo = nb;
    while (todo) {
      const Mask s = b.flood(todo & (~todo + 1), p.white);
      todo &= ~s;
      if ((b.dilate(s) & empty) == bit(q)) ++in_atari, single = popcount(s) == 1;
    }
    if (in_atari == 1 && single) out |= bit(q);
  });
  return out;
}

void check_exact_state_count(const Board& board, std::uint64_t states) {
  if (states < (std::uint64_t{1} << 32)) return;
  throw std::invalid_argument("board " + board.spec() + ": " + std::to_string(states) +
                              " basic-ko states or more, but the exact tables number states in 32 bits (fewer than "
                              "2^32 = 4294967296 states; docs/distributed.md, \"Limits\")");
}

KoStateIndex::KoStateIndex(const Board& board) : pos_(std::make_shared<const StateIndex>(board)) {
  const StateIndex& idx = *pos_;
  const std::uint64_t n = idx.positions();
  BigVector<std::uint8_t> count(n);
  tbb::parallel_for(tbb::blocked_range<std::uint64_t>(0, idx.words(), 256),
                    [&](const tbb::blocked_range<std::uint64_t>& r) {
                      for (std::uint64_t w = r.begin(); w != r.end(); ++w) {
                        std::uint64_t num = idx.first_number(w);
                        for (std::uint64_t bits = idx.bits(w); bits; bits &= bits - 1, ++num) {
                          const std::uint64_t rank = 64 * w + static_cast<std::uint64_t>(std::countr_zero(bits));
                          count[num] = static_cast<std::uint8_t>(
                              popcount(ko_points(idx.board(), idx.ranker().unrank(rank))));
                        }
                      }
                    });
  ko_first_.resize(n + 1);
  const std::uint64_t total = parallel_prefix(
      n, [&](std::uint64_t i) { return std::uint64_t{count[i]}; },
      [&](std::uint64_t i, std::uint64_t before) { ko_first_[i] = static_cast<std::uint32_t>(before); });
  check_exact_state_count(board, 2 * n + total);  // the counts fit 32 bits only below it
  ko_first_[n] = static_cast<std::uint32_t>(total);
  ko_states_ = total;
}

std::uint64_t KoStateIndex::state_of_normalised(const Position& pos, int passes, int ko) const {
  if (ko < 0) return 2 * pos_->number_of(pos) + static_cast<std::uint64_t>(passes);
  int g = 0;
  const std::uint64_t rank = pos_->canonical_rank_with(pos, g);
  const std::uint64_t n = pos_->number(rank);
  const Symmetries& sym = pos_->symmetries();
  const Mask kc = sym.apply(g, ko_points(board(), pos));
  const int qc = sym.perm(g)[ko];
  return ko_first(n) + static_cast<std::uint64_t>(popcount(kc & (bit(qc) - 1)));
}

std::uint64_t KoStateIndex::state_of(const Position& pos, Color to_move, int passes, int ko) const {
  const Position norm = to_move == Color::Black ? pos : Position{pos.white, pos.black};
  if (pos_->checked_number_of(norm) == kNoStateIndex || passes < 0 || passes > 1) return kNoStateIndex;
  if (ko >= 0) {
    if (passes != 0 || ko >= board().size() || !(ko_points(board(), norm) & bit(ko))) return kNoStateIndex;
  } else if (ko != -1) {
    return kNoStateIndex;
  }
  return state_of_normalised(norm, passes, ko);
}

std::uint64_t KoStateIndex::state_of_legal(const Position& pos, Color to_move, int passes, int ko) const {
  const Position norm = to_move == Color::Black ? pos : Position{pos.white, pos.black};
  if (ko < 0) return 2 * pos_->number_of(norm) + static_cast<std::uint64_t>(passes);
  const Mask kp = ko_points(board(), norm);
  if (passes != 0 || !(kp & bit(ko))) return 2 * pos_->number_of(norm) + static_cast<std::uint64_t>(passes);
  int g = 0;
  const std::uint64_t n = pos_->number(pos_->canonical_rank_with(norm, g));
  const Symmetries& sym = pos_->symmetries();
  const Mask kc = sym.apply(g, kp);
  const int qc = sym.perm(g)[ko];
  return ko_first(n) + static_cast<std::uint64_t>(popcount(kc & (bit(qc) - 1)));
}

KoStateIndex::Stored KoStateIndex::stored(std::uint64_t s) const {
  const StateIndex& idx = *pos_;
  Stored out;
  std::uint64_t n = 0;
  if (s < 2 * idx.positions()) {
    n = s / 2;
    out.passes = static_cast<int>(s % 2);
  } else {
    const std::uint64_t k = s - 2 * idx.positions();
    n = static_cast<std::uint64_t>(std::upper_bound(ko_first_.begin(), ko_first_.end(), k) - ko_first_.begin()) - 1;
    out.passes = 0;
    const int slot = static_cast<int>(k - ko_first_[n]);
    out.pos = idx.position_of(n);
    Mask kp = ko_points(board(), out.pos);
    for (int i = 0; i < slot; ++i) kp &= kp - 1;
    out.ko = lowest(kp);
    return out;
  }
  out.pos = idx.position_of(n);
  return out;
}

}  // namespace gotb::retro
