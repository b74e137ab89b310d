// A Go board as a graph of at most 64 points.
//
// Points are numbered 0..size()-1. For grid boards (rectangles, cylinders,
// tori) point r*cols + c is row r (0 = top row as printed) and column c
// (0 = left). Plain rectangles take a shift-based fast path for neighbour
// sets; every other graph uses per-point neighbour masks. The board knows
// nothing about rules.
#pragma once

#include <array>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/bits.hpp"

namespace gotb {

inline constexpr int kMaxPoints = 64;

class Board {
 public:
  enum class Shape { Rectangle, Cylinder, Torus, Graph };

  // All builders throw std::invalid_argument with a user-readable message on
  // impossible sizes (empty board, more than 64 points, malformed graph).
  static Board rectangle(int rows, int cols);
  static Board cylinder(int rows, int cols);  // columns wrap around
  static Board torus(int rows, int cols);     // rows and columns wrap around
  static Board ring(int n);                   // a cycle of n points (1 x n cylinder)
  // An arbitrary simple undirected graph. names may be empty (points are
  // then named p0, p1, ...) or hold one unique name per point.
  static Board graph(std::string label, int n, const std::vector<std::pair<int, int>>& edges,
                     std::vector<std::string> names = {});
  // Reads a graph file; the format is documented in docs/boards.md.
  static Board load_graph_file(const std::string& path);
  // "RxC", "cylinder:RxC", "torus:RxC", "ring:N" or "graph:PATH".
  static Board parse(std::string_view spec);

  int size() const { return n_; }
  Mask all() const { return all_; }
  Shape shape() const { return shape_; }
  bool has_grid() const { return shape_ != Shape::Graph; }
  int rows() const { return rows_; }
  int cols() const { return cols_; }
  // Canonical text that parse() maps back to an equal board.
  const std::string& spec() const { return spec_; }

  Mask neighbours(int p) const { return nbr_[p]; }
  int degree(int p) const { return popcount(nbr_[p]); }

  // Union of the neighbours of every point in s (s itself is not included
  // unless a point of s neighbours another point of s).
  Mask dilate(Mask s) const {
    if (shape_ == Shape::Rectangle) {
      Mask d = ((s & ~right_col_) << 1) | ((s & ~left_col_) >> 1);
      if (rows_ > 1) d |= (s << cols_) | (s >> cols_);
      return d & all_;
    }
    Mask d = 0;
    for_each_bit(s, [&](int p) { d |= nbr_[p]; });
    return d;
  }

  // The connected part of `within` that contains seed points (seed is
  // clipped to within).
  Mask flood(Mask seed, Mask within) const {
    Mask s = seed & within;
    for (;;) {
      Mask n = (s | dilate(s)) & within;
      if (n == s) return s;
      s = n;
    }
  }

  // Point names: GTP style for grids (A1 = bottom-left, letters skip I),
  // the graph's own names otherwise. parse_point returns -1 when the text
  // names no point of this board (case-insensitive).
  std::string point_name(int p) const;
  int parse_point(std::string_view text) const;
  // SGF coordinates ("aa" = top-left); grid boards only (-1 otherwise).
  std::string sgf_point(int p) const;
  int parse_sgf_point(std::string_view text) const;

  bool operator==(const Board& o) const { return spec_ == o.spec_ && nbr_ == o.nbr_; }

 private:
  Board() = default;
  void finish();  // derives all_, column masks, validates symmetry of adjacency

  Shape shape_ = Shape::Rectangle;
  int n_ = 0, rows_ = 0, cols_ = 0;
  Mask all_ = 0, left_col_ = 0, right_col_ = 0;
  std::array<Mask, kMaxPoints> nbr_{};
  std::vector<std::string> names_;  // graph boards only
  std::string spec_;
};

}  // namespace gotb
