// The symmetry group of a board: graph automorphisms as point permutations.
//
// Rectangles get their geometric group (8 for squares, 4 otherwise, fewer
// when elements coincide, as on 1xN). Other boards get their automorphism
// group by a bounded backtracking search; if the search exceeds its budget
// the group is just the identity and complete() says so. Element 0 is always
// the identity.
#pragma once

#include <vector>

#include "core/position.hpp"

namespace gotb {

class Symmetries {
 public:
  explicit Symmetries(const Board& b, int max_elements = 256);

  int count() const { return static_cast<int>(perms_.size()); }
  // perm(s)[p] is the image of point p under element s.
  const std::vector<int>& perm(int s) const { return perms_[s]; }
  int inverse(int s) const { return inverse_[s]; }
  bool complete() const { return complete_; }

  Mask apply(int s, Mask m) const {
    const Mask* t = &table_[static_cast<size_t>(s) * chunks_ * 256];
    Mask out = 0;
    for (int c = 0; c < chunks_; ++c, m >>= 8) out |= t[c * 256 + (m & 0xff)];
    return out;
  }
  Position apply(int s, const Position& pos) const { return {apply(s, pos.black), apply(s, pos.white)}; }

 private:
  void add(std::vector<int> perm);
  void build_tables(int n);

  std::vector<std::vector<int>> perms_;
  std::vector<int> inverse_;
  std::vector<Mask> table_;
  int chunks_ = 0;
  bool complete_ = true;
};

}  // namespace gotb
