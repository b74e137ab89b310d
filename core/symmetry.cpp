#include "core/symmetry.hpp"

#include <algorithm>
#include <functional>

namespace gotb {
namespace {

// Automorphisms of an arbitrary graph by backtracking over point images,
// pruned by degree and by adjacency to already mapped points. Returns false
// when the step budget runs out.
bool search_automorphisms(const Board& b, int max_elements, std::vector<std::vector<int>>& out) {
  const int n = b.size();
  // Map points in BFS order so that most constraints bite early.
  std::vector<int> order;
  Mask seen = 0;
  for (int start = 0; start < n; ++start) {
    if (seen & bit(start)) continue;
    std::vector<int> queue{start};
    seen |= bit(start);
    for (size_t i = 0; i < queue.size(); ++i) {
      order.push_back(queue[i]);
      for_each_bit(b.neighbours(queue[i]) & ~seen, [&](int q) {
        seen |= bit(q);
        queue.push_back(q);
      });
    }
  }
  std::vector<int> image(n, -1);
  Mask used = 0;
  long budget = 2'000'000;
  std::function<bool(int)> rec = [&](int k) -> bool {
    if (--budget < 0) return false;
    if (k == n) {
      out.push_back(image);
      return static_cast<int>(out.size()) < max_elements;
    }
    int p = order[k];
    for (int q = 0; q < n; ++q) {
      if ((used & bit(q)) || b.degree(q) != b.degree(p)) continue;
      bool ok = true;
      for (int j = 0; j < k && ok; ++j) {
        int pj = order[j];
        ok = bool(b.neighbours(p) & bit(pj)) == bool(b.neighbours(q) & bit(image[pj]));
      }
      if (!ok) continue;
      image[p] = q;
      used |= bit(q);
      bool go_on = rec(k + 1);
      used &= ~bit(q);
      image[p] = -1;
      if (!go_on) return false;
    }
    return true;
  };
  return rec(0);
}

}  // namespace

Symmetries::Symmetries(const Board& b, int max_elements) {
  const int n = b.size();
  std::vector<int> identity(n);
  for (int p = 0; p < n; ++p) identity[p] = p;
  add(identity);
  if (b.shape() == Board::Shape::Rectangle) {
    const int R = b.rows(), C = b.cols();
    auto geometric = [&](auto map) {
      std::vector<int> perm(n);
      for (int r = 0; r < R; ++r)
        for (int c = 0; c < C; ++c) perm[r * C + c] = map(r, c);
      add(perm);
    };
    geometric([&](int r, int c) { return r * C + (C - 1 - c); });
    geometric([&](int r, int c) { return (R - 1 - r) * C + c; });
    geometric([&](int r, int c) { return (R - 1 - r) * C + (C - 1 - c); });
    if (R == C) {
      geometric([&](int r, int c) { return c * C + r; });
      geometric([&](int r, int c) { return (C - 1 - c) * C + (R - 1 - r); });
      geometric([&](int r, int c) { return c * C + (R - 1 - r); });
      geometric([&](int r, int c) { return (C - 1 - c) * C + r; });
    }
  } else {
    std::vector<std::vector<int>> found;
    complete_ = search_automorphisms(b, max_elements, found);
    if (complete_)
      for (auto& p : found) add(p);
  }
  inverse_.assign(perms_.size(), 0);
  for (size_t s = 0; s < perms_.size(); ++s) {
    std::vector<int> inv(n);
    for (int p = 0; p < n; ++p) inv[perms_[s][p]] = p;
    inverse_[s] = static_cast<int>(std::find(perms_.begin(), perms_.end(), inv) - perms_.begin());
  }
  build_tables(n);
}

void Symmetries::add(std::vector<int> perm) {
  if (std::find(perms_.begin(), perms_.end(), perm) == perms_.end()) perms_.push_back(std::move(perm));
}

void Symmetries::build_tables(int n) {
  chunks_ = (n + 7) / 8;
  table_.assign(perms_.size() * chunks_ * 256, 0);
  for (size_t s = 0; s < perms_.size(); ++s)
    for (int c = 0; c < chunks_; ++c)
      for (int v = 0; v < 256; ++v) {
        Mask out = 0;
        for (int i = 0; i < 8; ++i)
          if ((v >> i) & 1 && c * 8 + i < n) out |= bit(perms_[s][c * 8 + i]);
        table_[(s * chunks_ + c) * 256 + v] = out;
      }
}

}  // namespace gotb
