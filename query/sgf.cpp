#include "query/sgf.hpp"

#include "core/file_io.hpp"
#include "core/numbers.hpp"

#include <cctype>
#include <cmath>
#include <fstream>
#include <sstream>
#include <unordered_set>

namespace gotb {
namespace {

class Parser {
 public:
  explicit Parser(std::string_view text) : s_(text) {
    if (s_.substr(0, 3) == "\xEF\xBB\xBF") i_ = 3;  // UTF-8 byte order mark
  }

  std::vector<SgfTree> collection() {
    std::vector<SgfTree> out;
    skip_space();
    if (at_end()) fail("no game tree (an SGF file starts with '(;')");
    while (!at_end()) {
      if (peek() != '(') fail(std::string("expected '(' to start a game tree, found ") + shown(peek()));
      out.push_back(tree(1));
      skip_space();
    }
    return out;
  }

 private:
  [[noreturn]] void fail(const std::string& what) const { fail_at(i_, what); }
  [[noreturn]] void fail_at(std::size_t pos, const std::string& what) const {
    int line = 1, col = 1;
    for (std::size_t k = 0; k < pos && k < s_.size(); ++k) {
      if (s_[k] == '\n') {
        ++line;
        col = 1;
      } else {
        ++col;
      }
    }
    throw SgfError("SGF line " + std::to_string(line) + ", column " + std::to_string(col) + ": " + what);
  }
  static std::string shown(char c) {
    if (std::isprint(static_cast<unsigned char>(c))) return std::string("'") + c + "'";
    return "byte " + std::to_string(static_cast<unsigned char>(c));
  }
  bool at_end() const { return i_ >= s_.size(); }
  char peek() const { return s_[i_]; }
  void skip_space() {
    while (!at_end() && std::isspace(static_cast<unsigned char>(peek()))) ++i_;
  }

  SgfTree tree(int depth) {
    if (depth > kMaxSgfDepth) fail("variations nested deeper than " + std::to_string(kMaxSgfDepth));
    const std::size_t open = i_;
    ++i_;  // '('
    SgfTree t;
    skip_space();
    if (at_end() || peek() != ';') fail("a game tree must start with a node (';')");
    while (!at_end() && peek() == ';') {
      t.nodes.push_back(node());
      skip_space();
    }
    while (!at_end() && peek() == '(') {
      t.variations.push_back(tree(depth + 1));
      skip_space();
    }
    if (at_end()) fail_at(open, "game tree is not closed (missing ')')");
    if (peek() != ')') fail(std::string("expected ';', '(' or ')', found ") + shown(peek()));
    ++i_;
    return t;
  }

  SgfNode node() {
    ++i_;  // ';'
    SgfNode n;
    // Identifiers seen in this node: a hash set, not a scan of n.props per
    // property (that made a node of many properties quadratic).
    std::unordered_set<std::string> seen;
    skip_space();
    while (!at_end() && std::isalpha(static_cast<unsigned char>(peek()))) {
      const std::size_t start = i_;
      SgfProperty p;
      while (!at_end() && std::isalpha(static_cast<unsigned char>(peek()))) p.id += s_[i_++];
      for (char c : p.id)
        if (!std::isupper(static_cast<unsigned char>(c)))
          fail_at(start, "property identifier '" + p.id + "' has lower-case letters (FF[4] uses upper case only)");
      if (!seen.insert(p.id).second) fail_at(start, "property " + p.id + " appears twice in one node");
      skip_space();
      if (at_end() || peek() != '[') fail("property " + p.id + " has no value ('[...]')");
      while (!at_end() && peek() == '[') {
        p.values.push_back(value());
        skip_space();
      }
      n.props.push_back(std::move(p));
    }
    return n;
  }

  std::string value() {
    const std::size_t open = i_;
    ++i_;  // '['
    std::string raw;
    while (!at_end() && peek() != ']') {
      if (peek() == '\\') {
        raw += s_[i_++];
        if (at_end()) break;
      }
      raw += s_[i_++];
    }
    if (at_end()) fail_at(open, "property value is not closed (missing ']')");
    ++i_;
    return raw;
  }

  std::string_view s_;
  std::size_t i_ = 0;
};

void write_tree(const SgfTree& t, std::string& out) {
  out += '(';
  bool first = true;
  for (const SgfNode& n : t.nodes) {
    if (!first) out += '\n';
    first = false;
    out += ';';
    for (const SgfProperty& p : n.props) {
      out += p.id;
      for (const auto& v : p.values) out += '[' + v + ']';
    }
  }
  for (const SgfTree& v : t.variations) {
    out += '\n';
    write_tree(v, out);
  }
  out += ')';
}

bool parse_int(const std::string& s, int& out) {
  if (s.empty() || s.size() > 6) return false;
  for (char c : s)
    if (!std::isdigit(static_cast<unsigned char>(c))) return false;
  out = std::stoi(s);
  return true;
}

Board board_from_size(const SgfProperty& sz) {
  std::string raw = sz.values.at(0);
  int cols = 0, rows = 0;
  if (auto parts = sgf_split_compose(raw)) {
    if (!parse_int(parts->first, cols) || !parse_int(parts->second, rows))
      throw SgfError("SZ[" + raw + "] is not a board size (SZ[n] or SZ[columns:rows])");
  } else {
    if (!parse_int(sgf_unescape(raw), cols)) throw SgfError("SZ[" + raw + "] is not a board size (SZ[n] or SZ[columns:rows])");
    rows = cols;
  }
  try {
    return Board::rectangle(rows, cols);
  } catch (const std::invalid_argument& e) {
    throw SgfError("SZ[" + raw + "]: " + e.what());
  }
}

}  // namespace

const SgfProperty* SgfNode::find(std::string_view id) const {
  for (const auto& p : props)
    if (p.id == id) return &p;
  return nullptr;
}

std::string SgfNode::text(std::string_view id) const {
  const SgfProperty* p = find(id);
  return p && !p->values.empty() ? sgf_unescape(p->values[0]) : std::string();
}

void SgfNode::add(std::string id, const std::vector<std::string>& texts) {
  SgfProperty p{std::move(id), {}};
  for (const auto& t : texts) p.values.push_back(sgf_escape(t));
  props.push_back(std::move(p));
}

std::vector<SgfTree> parse_sgf(std::string_view text) { return Parser(text).collection(); }

std::string write_sgf(const SgfTree& tree) {
  std::string out;
  write_tree(tree, out);
  out += '\n';
  return out;
}

std::vector<const SgfNode*> main_line(const SgfTree& tree) {
  std::vector<const SgfNode*> out;
  for (const SgfTree* t = &tree;; t = &t->variations.front()) {
    for (const SgfNode& n : t->nodes) out.push_back(&n);
    if (t->variations.empty()) break;
  }
  return out;
}

std::string sgf_escape(std::string_view text) {
  std::string out;
  for (char c : text) {
    if (c == ']' || c == '\\') out += '\\';
    out += c;
  }
  return out;
}

std::string sgf_unescape(std::string_view raw) {
  std::string out;
  for (std::size_t i = 0; i < raw.size(); ++i) {
    if (raw[i] != '\\' || i + 1 == raw.size()) {
      out += raw[i];
      continue;
    }
    char next = raw[++i];
    if (next == '\n' || next == '\r') {  // soft line break: "\\\n", "\\\r\n", "\\\n\r", "\\\r"
      if (i + 1 < raw.size() && (raw[i + 1] == '\n' || raw[i + 1] == '\r') && raw[i + 1] != next) ++i;
      continue;
    }
    out += next;
  }
  return out;
}

std::optional<std::pair<std::string, std::string>> sgf_split_compose(std::string_view raw) {
  for (std::size_t i = 0; i < raw.size(); ++i) {
    if (raw[i] == '\\') {
      ++i;
      continue;
    }
    if (raw[i] == ':') return std::make_pair(sgf_unescape(raw.substr(0, i)), sgf_unescape(raw.substr(i + 1)));
  }
  return std::nullopt;
}

std::string read_text_file(const std::string& path) {
  try {
    return read_regular_file(path, kMaxSgfFileBytes, "SGF file");
  } catch (const std::invalid_argument& e) {
    throw SgfError(e.what());
  }
}

SgfRecord read_sgf_record(std::string_view text, const std::optional<Board>& fallback, bool allow_graph_files) {
  std::vector<SgfTree> trees = parse_sgf(text);
  std::vector<const SgfNode*> line = main_line(trees.front());
  const SgfNode& root = *line.front();
  SgfRecord rec;

  if (root.has("GM") && root.text("GM") != "1") throw SgfError("GM[" + root.text("GM") + "] is not a game of Go (GM[1])");
  if (const SgfProperty* sz = root.find("SZ")) rec.board = board_from_size(*sz);
  if (root.has("GOTBBOARD")) {
    std::string spec = root.text("GOTBBOARD");
    std::string kind = spec.substr(0, 6);
    for (char& c : kind) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    const bool graph = kind == "graph:";
    if (graph && !allow_graph_files && !(fallback && fallback->spec() == "graph:" + spec.substr(6)))
      throw SgfError("GOTBBOARD[" + spec + "] names a graph file; gotb opens files named inside an SGF only with "
                     "--allow-sgf-graph (or give the same board with --board " + spec + ")");
    try {
      Board b = graph && fallback && fallback->spec() == "graph:" + spec.substr(6) ? *fallback : Board::parse(spec);
      if (rec.board && (!b.has_grid() || b.rows() != rec.board->rows() || b.cols() != rec.board->cols()))
        throw SgfError("GOTBBOARD[" + spec + "] does not match SZ[" + root.find("SZ")->values[0] + "]");
      rec.board = b;
    } catch (const SgfError&) {
      throw;
    } catch (const std::exception& e) {
      throw SgfError("GOTBBOARD[" + spec + "]: " + e.what());
    }
  }
  if (!rec.board) {
    if (!fallback) throw SgfError("the SGF has no SZ, and Go's default 19x19 board is larger than gotb supports");
    rec.board = *fallback;
  }
  if (!rec.board->has_grid()) throw SgfError("board " + rec.board->spec() + " has no SGF coordinates");
  rec.rules = root.text("RU");
  if (root.has("KM")) {
    const std::string km = root.text("KM");
    try {
      rec.komi = parse_komi(km, "KM");
    } catch (const std::invalid_argument& e) {
      throw SgfError(e.what());
    }
  }

  for (std::size_t i = 0; i < line.size(); ++i) {
    const SgfNode& n = *line[i];
    std::string where = "SGF node " + std::to_string(i + 1);
    for (const char* setup : {"AB", "AW", "AE"})
      if (n.has(setup))
        throw SgfError(where + ": setup property " + std::string(setup) +
                       " is not supported (a gotb position is defined by its move history)");
    const bool b = n.has("B"), w = n.has("W");
    if (b && w) throw SgfError(where + " has both B and W moves");
    if (!b && !w) {
      if (n.has("GOTBMOVE")) throw SgfError(where + ": GOTBMOVE without a B or W move");
      continue;
    }
    const SgfProperty& p = *n.find(b ? "B" : "W");
    if (p.values.size() != 1) throw SgfError(where + ": a move has exactly one value");
    std::string v = sgf_unescape(p.values[0]);
    std::string move;
    // "tt" is the FF[3] pass on boards up to 19x19, where it names no point.
    if (v.empty() || (v == "tt" && rec.board->parse_sgf_point(v) < 0)) {
      move = n.has("GOTBMOVE") ? n.text("GOTBMOVE") : "pass";
      // FF[4]: B[] is a pass to every SGF reader, so it is one here too;
      // GOTBMOVE may only say which of the ruleset's passes it is.
      if (rec.board->parse_point(move) >= 0)
        throw SgfError(where + ": " + p.id + "[" + v + "]GOTBMOVE[" + move + "] is a pass to every SGF reader (FF[4]), "
                       "but GOTBMOVE names the stone play " + move + "; a stone goes in " + p.id + "[" +
                       rec.board->sgf_point(rec.board->parse_point(move)) + "]");
    } else {
      int point = rec.board->parse_sgf_point(v);
      if (point < 0) throw SgfError(where + ": " + p.id + "[" + v + "] is not a point of board " + rec.board->spec());
      if (n.has("GOTBMOVE")) throw SgfError(where + ": GOTBMOVE on a stone play");
      move = rec.board->point_name(point);
    }
    rec.colours.push_back(b ? Color::Black : Color::White);
    rec.moves.push_back(move);
  }
  return rec;
}

std::string sgf_size(const Board& board) {
  if (!board.has_grid()) throw SgfError("board " + board.spec() + " has no SGF coordinates");
  if (board.rows() == board.cols()) return std::to_string(board.cols());
  return std::to_string(board.cols()) + ":" + std::to_string(board.rows());
}

std::string sgf_move_value(const Board& board, std::string_view move) {
  if (!board.has_grid()) throw SgfError("board " + board.spec() + " has no SGF coordinates");
  int p = board.parse_point(move);
  return p < 0 ? std::string() : board.sgf_point(p);
}

}  // namespace gotb
