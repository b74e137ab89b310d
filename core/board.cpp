#include "core/board.hpp"

#include "core/file_io.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <fstream>
#include <sstream>
#include <stdexcept>

namespace gotb {
namespace {

constexpr std::string_view kGtpLetters = "ABCDEFGHJKLMNOPQRSTUVWXYZ";  // no I

std::string lower(std::string_view s) {
  std::string out(s);
  for (char& ch : out) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
  return out;
}

bool parse_int(std::string_view s, int& out) {
  if (s.empty()) return false;
  auto [ptr, ec] = std::from_chars(s.data(), s.data() + s.size(), out);
  return ec == std::errc() && ptr == s.data() + s.size();
}

// Each dimension is checked on its own first and the product is taken in
// 64 bits: rows * cols in int overflows for 65536x65536 (and 46341^2 wraps
// past INT_MAX), which once let huge boards through to 64-entry arrays.
void check_grid(long long rows, long long cols) {
  const std::string dims = std::to_string(rows) + "x" + std::to_string(cols);
  if (rows < 1 || cols < 1) throw std::invalid_argument("board " + dims + " has no points");
  if (rows > kMaxPoints || cols > kMaxPoints || rows * cols > kMaxPoints)
    throw std::invalid_argument("board " + dims + " has " + std::to_string(rows * cols) +
                                " points; at most 64 are supported");
}

// Parses "RxC" (or a single "N" for NxN).
void parse_dims(std::string_view text, int& rows, int& cols) {
  auto x = text.find_first_of("xX");
  bool ok = x == std::string_view::npos ? parse_int(text, rows) && (cols = rows, true)
                                        : parse_int(text.substr(0, x), rows) &&
                                              parse_int(text.substr(x + 1), cols);
  if (!ok) throw std::invalid_argument("cannot read board size '" + std::string(text) + "' (expected RxC, e.g. 2x3)");
  check_grid(rows, cols);
}

std::string gtp_column(int c) {
  std::string s;
  if (c >= 25) s += kGtpLetters[c / 25 - 1];
  s += kGtpLetters[c % 25];
  return s;
}

int gtp_column_index(std::string_view letters) {
  auto one = [](char ch) -> int {
    auto pos = kGtpLetters.find(static_cast<char>(std::toupper(static_cast<unsigned char>(ch))));
    return pos == std::string_view::npos ? -1 : static_cast<int>(pos);
  };
  if (letters.size() == 1) return one(letters[0]);
  if (letters.size() == 2) {
    int hi = one(letters[0]), lo = one(letters[1]);
    return hi < 0 || lo < 0 ? -1 : (hi + 1) * 25 + lo;
  }
  return -1;
}

// Names a graph point must not take: the move words of every ruleset
// (a point named "pass" could never be played; move_text.cpp reads the
// word first).
bool is_move_word(const std::string& lowered) {
  return lowered == "pass" || lowered == "keep" || lowered == "appeal" || lowered == "ko-pass";
}

char sgf_letter(int i) { return static_cast<char>(i < 26 ? 'a' + i : 'A' + (i - 26)); }
int sgf_index(char ch) {
  if (ch >= 'a' && ch <= 'z') return ch - 'a';
  if (ch >= 'A' && ch <= 'Z') return ch - 'A' + 26;
  return -1;
}

}  // namespace

Board Board::rectangle(int rows, int cols) {
  check_grid(rows, cols);
  Board b;
  b.shape_ = Shape::Rectangle;
  b.rows_ = rows;
  b.cols_ = cols;
  b.n_ = rows * cols;
  for (int r = 0; r < rows; ++r)
    for (int c = 0; c < cols; ++c) {
      Mask m = 0;
      if (r > 0) m |= bit((r - 1) * cols + c);
      if (r + 1 < rows) m |= bit((r + 1) * cols + c);
      if (c > 0) m |= bit(r * cols + c - 1);
      if (c + 1 < cols) m |= bit(r * cols + c + 1);
      b.nbr_[r * cols + c] = m;
    }
  b.spec_ = std::to_string(rows) + "x" + std::to_string(cols);
  b.finish();
  return b;
}

Board Board::cylinder(int rows, int cols) {
  Board b = rectangle(rows, cols);
  if (cols < 3) throw std::invalid_argument("a cylinder needs at least 3 columns");
  for (int r = 0; r < rows; ++r) {
    int left = r * cols, right = r * cols + cols - 1;
    b.nbr_[left] |= bit(right);
    b.nbr_[right] |= bit(left);
  }
  b.shape_ = Shape::Cylinder;
  b.spec_ = "cylinder:" + std::to_string(rows) + "x" + std::to_string(cols);
  b.finish();
  return b;
}

Board Board::torus(int rows, int cols) {
  if (rows < 3) throw std::invalid_argument("a torus needs at least 3 rows and 3 columns");
  Board b = cylinder(rows, cols);
  for (int c = 0; c < cols; ++c) {
    int top = c, bottom = (rows - 1) * cols + c;
    b.nbr_[top] |= bit(bottom);
    b.nbr_[bottom] |= bit(top);
  }
  b.shape_ = Shape::Torus;
  b.spec_ = "torus:" + std::to_string(rows) + "x" + std::to_string(cols);
  b.finish();
  return b;
}

Board Board::ring(int n) {
  if (n < 3) throw std::invalid_argument("a ring needs at least 3 points");
  Board b = cylinder(1, n);
  b.spec_ = "ring:" + std::to_string(n);
  return b;
}

Board Board::graph(std::string label, int n, const std::vector<std::pair<int, int>>& edges,
                   std::vector<std::string> names) {
  if (n < 1) throw std::invalid_argument("graph board '" + label + "' has no points");
  if (n > kMaxPoints)
    throw std::invalid_argument("graph board '" + label + "' has " + std::to_string(n) +
                                " points; at most 64 are supported");
  if (!names.empty() && static_cast<int>(names.size()) != n)
    throw std::invalid_argument("graph board '" + label + "': need one name per point");
  Board b;
  b.shape_ = Shape::Graph;
  b.n_ = n;
  for (auto [u, v] : edges) {
    if (u < 0 || v < 0 || u >= n || v >= n)
      throw std::invalid_argument("graph board '" + label + "': edge " + std::to_string(u) + "-" +
                                  std::to_string(v) + " names a point outside 0.." +
                                  std::to_string(n - 1));
    if (u == v)
      throw std::invalid_argument("graph board '" + label + "': a point cannot neighbour itself (" +
                                  std::to_string(u) + ")");
    b.nbr_[u] |= bit(v);
    b.nbr_[v] |= bit(u);
  }
  if (names.empty())
    for (int p = 0; p < n; ++p) names.push_back("p" + std::to_string(p));
  std::vector<std::string> seen;
  for (auto& nm : names) {
    std::string l = lower(nm);
    if (is_move_word(l))
      throw std::invalid_argument("graph board '" + label + "': a point cannot be named '" + nm + "' (a move word)");
    if (nm.empty() || std::find(seen.begin(), seen.end(), l) != seen.end())
      throw std::invalid_argument("graph board '" + label + "': point names must be unique and non-empty ('" + nm + "')");
    seen.push_back(l);
  }
  b.names_ = std::move(names);
  b.spec_ = "graph:" + label;
  b.finish();
  return b;
}

Board Board::load_graph_file(const std::string& path) {
  std::istringstream in(read_regular_file(path, kMaxGraphFileBytes, "graph file"));
  std::vector<std::string> names;
  struct NamedEdge {
    std::string u, v;
    int line;
  };
  std::vector<NamedEdge> named_edges;
  bool have_points = false;
  std::string line;
  int lineno = 0;
  auto fail_at = [&](int at, const std::string& why) {
    throw std::invalid_argument(path + ":" + std::to_string(at) + ": " + why);
  };
  auto fail = [&](const std::string& why) { fail_at(lineno, why); };
  while (std::getline(in, line)) {
    ++lineno;
    if (auto hash = line.find('#'); hash != std::string::npos) line.erase(hash);
    std::istringstream ls(line);
    std::string first;
    if (!(ls >> first)) continue;
    if (first == "points") {
      if (have_points) fail("'points' given twice");
      have_points = true;
      std::vector<std::string> toks;
      for (std::string t; ls >> t;) toks.push_back(t);
      const bool one_number =
          toks.size() == 1 && toks[0].find_first_not_of("0123456789") == std::string::npos;
      if (one_number) {  // a count, however large its digits
        int count = 0;
        if (!parse_int(toks[0], count) || count < 1 || count > kMaxPoints)
          fail("point count must be 1..64, not " + toks[0]);
        for (int p = 0; p < count; ++p) names.push_back(std::to_string(p));
      } else {
        if (toks.size() > static_cast<std::size_t>(kMaxPoints))
          fail("'points' lists " + std::to_string(toks.size()) + " names; at most 64 points are supported");
        std::vector<std::string> seen;
        for (const auto& t : toks) {
          const std::string l = lower(t);
          if (is_move_word(l)) fail("a point cannot be named '" + t + "' (a move word)");
          if (t.back() == ':') fail("a point name cannot end with ':' ('" + t + "')");
          if (std::find(seen.begin(), seen.end(), l) != seen.end())
            fail("point name '" + t + "' is given twice (names are case-insensitive)");
          seen.push_back(l);
        }
        names = toks;
      }
      if (names.empty()) fail("'points' needs a count or a list of names");
      continue;
    }
    if (!have_points) fail("the file must start with a 'points' line");
    if (first.back() == ':') {  // adjacency list "u: v w x"
      first.pop_back();
      bool any = false;
      for (std::string t; ls >> t; any = true) named_edges.push_back({first, t, lineno});
      if (!any) fail("adjacency line for '" + first + "' lists no neighbours");
    } else {
      std::string second, extra;
      if (!(ls >> second) || (ls >> extra)) fail("expected an edge 'u v' or an adjacency list 'u: v w ...'");
      named_edges.push_back({first, second, lineno});
    }
  }
  if (!have_points) throw std::invalid_argument(path + ": no 'points' line");
  auto find = [&](const std::string& nm, int at) {
    const std::string l = lower(nm);
    for (size_t i = 0; i < names.size(); ++i)
      if (lower(names[i]) == l) return static_cast<int>(i);
    fail_at(at, "edge names unknown point '" + nm + "'");
    return -1;
  };
  std::vector<std::pair<int, int>> edges;
  for (const auto& e : named_edges) {
    const int u = find(e.u, e.line), v = find(e.v, e.line);
    if (u == v) fail_at(e.line, "a point cannot neighbour itself ('" + e.u + "')");
    edges.emplace_back(u, v);
  }
  Board b = graph(path, static_cast<int>(names.size()), edges, names);
  return b;
}

Board Board::parse(std::string_view spec) {
  auto colon = spec.find(':');
  if (colon == std::string_view::npos) {
    int r = 0, c = 0;
    parse_dims(spec, r, c);
    return rectangle(r, c);
  }
  std::string kind = lower(spec.substr(0, colon));
  std::string_view rest = spec.substr(colon + 1);
  int r = 0, c = 0;
  if (kind == "cylinder") return parse_dims(rest, r, c), cylinder(r, c);
  if (kind == "torus") return parse_dims(rest, r, c), torus(r, c);
  if (kind == "ring") {
    if (!parse_int(rest, r)) throw std::invalid_argument("cannot read ring size '" + std::string(rest) + "'");
    return ring(r);
  }
  if (kind == "graph") return load_graph_file(std::string(rest));
  throw std::invalid_argument("unknown board kind '" + kind +
                              "' (expected RxC, cylinder:RxC, torus:RxC, ring:N or graph:FILE)");
}

void Board::finish() {
  all_ = low_bits(n_);
  left_col_ = right_col_ = 0;
  if (shape_ != Shape::Graph)
    for (int r = 0; r < rows_; ++r) {
      left_col_ |= bit(r * cols_);
      right_col_ |= bit(r * cols_ + cols_ - 1);
    }
  for (int p = 0; p < n_; ++p)
    for_each_bit(nbr_[p], [&](int q) {
      if (!(nbr_[q] & bit(p))) throw std::logic_error("board adjacency is not symmetric");
    });
}

std::string Board::point_name(int p) const {
  if (!has_grid()) return names_.at(p);
  int r = p / cols_, c = p % cols_;
  return gtp_column(c) + std::to_string(rows_ - r);
}

int Board::parse_point(std::string_view text) const {
  if (!has_grid()) {
    for (int p = 0; p < n_; ++p)
      if (lower(names_[p]) == lower(text)) return p;
    return -1;
  }
  size_t split = 0;
  while (split < text.size() && std::isalpha(static_cast<unsigned char>(text[split]))) ++split;
  int c = gtp_column_index(text.substr(0, split));
  int row = 0;
  if (c < 0 || !parse_int(text.substr(split), row)) return -1;
  if (c >= cols_ || row < 1 || row > rows_) return -1;
  return (rows_ - row) * cols_ + c;
}

std::string Board::sgf_point(int p) const {
  if (!has_grid() || p < 0 || p >= n_) return {};
  return {sgf_letter(p % cols_), sgf_letter(p / cols_)};
}

int Board::parse_sgf_point(std::string_view text) const {
  if (!has_grid() || text.size() != 2) return -1;
  int c = sgf_index(text[0]), r = sgf_index(text[1]);
  if (c < 0 || r < 0 || c >= cols_ || r >= rows_) return -1;
  return r * cols_ + c;
}

}  // namespace gotb
