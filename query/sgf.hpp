// SGF FF[4] (https://www.red-bean.com/sgf/): the subset gotb reads and
// writes. The parser takes any well-formed collection of game trees;
// property values are kept raw (escapes included) so that compose values
// like SZ[2:3] can be split before unescaping.
//
// Grammar (FF[4] section "EBNF"):
//   Collection = GameTree { GameTree }
//   GameTree   = "(" Sequence { GameTree } ")"
//   Sequence   = Node { Node }
//   Node       = ";" { Property }
//   Property   = PropIdent PropValue { PropValue }
//   PropIdent  = UcLetter { UcLetter }
//   PropValue  = "[" value "]"      ("\" escapes the next character)
// White space may separate tokens. Deviations that are errors here, with
// line and column: lower-case letters in identifiers (FF[3] style), a
// property repeated in one node, text outside game trees, unterminated
// values or trees, variations nested deeper than kMaxSgfDepth.
#pragma once

#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/board.hpp"
#include "core/color.hpp"

namespace gotb {

class SgfError : public std::invalid_argument {
 public:
  using std::invalid_argument::invalid_argument;
};

inline constexpr int kMaxSgfDepth = 2000;

struct SgfProperty {
  std::string id;
  std::vector<std::string> values;  // raw: escapes kept
};

struct SgfNode {
  std::vector<SgfProperty> props;

  const SgfProperty* find(std::string_view id) const;
  bool has(std::string_view id) const { return find(id) != nullptr; }
  // First value of the property, unescaped as Text; "" when absent.
  std::string text(std::string_view id) const;
  // Appends a property whose values are given as plain text (escaped here).
  void add(std::string id, const std::vector<std::string>& texts);
  void add(std::string id, const std::string& text) { add(std::move(id), std::vector<std::string>{text}); }
};

struct SgfTree {
  std::vector<SgfNode> nodes;        // the sequence
  std::vector<SgfTree> variations;   // the first one continues the main line
};

// Throws SgfError ("SGF line L, column C: ...") on malformed input.
std::vector<SgfTree> parse_sgf(std::string_view text);
// One game tree, one node per line.
std::string write_sgf(const SgfTree& tree);
// The nodes of the main line: the sequence, then always the first variation.
std::vector<const SgfNode*> main_line(const SgfTree& tree);

// Text escaping: "]" and "\" get a backslash.
std::string sgf_escape(std::string_view text);
// Text unescaping: "\" + newline is a soft line break (removed), "\" + any
// other character is that character.
std::string sgf_unescape(std::string_view raw);
// Splits a compose value "a:b" at the first unescaped ':' and unescapes
// both halves; nullopt when there is no ':'.
std::optional<std::pair<std::string, std::string>> sgf_split_compose(std::string_view raw);

// A game record as gotb needs it: the board, the rules and komi the file
// names, and the main line's moves as move names of that board.
struct SgfRecord {
  std::optional<Board> board;    // from GOTBBOARD, else SZ
  std::string rules;             // RU, unescaped ("" when absent)
  std::optional<double> komi;    // KM
  std::vector<Color> colours;    // who made each move
  std::vector<std::string> moves;  // "A2", "pass", or a ruleset move name (GOTBMOVE)
};

// Reads the first game tree of an SGF collection. The board comes from
// GOTBBOARD[spec] (gotb's own property for boards SZ cannot describe), else
// SZ[n] / SZ[cols:rows]; `fallback` is used when the file has neither.
// Throws SgfError for malformed files, other games than Go, setup stones
// (AB/AW/AE: gotb positions are defined by their history), nodes with
// both B and W, and coordinates off the board.
// GOTBBOARD[graph:PATH] names a file on this machine: it is opened only when
// allow_graph_files is set (the user's explicit permission: an SGF from
// elsewhere could otherwise make gotb open any local path), or taken from
// `fallback` without reading anything when that is the same graph spec.
SgfRecord read_sgf_record(std::string_view text, const std::optional<Board>& fallback = std::nullopt,
                          bool allow_graph_files = false);
// Reads a file (regular files only, at most kMaxSgfFileBytes); throws
// SgfError naming the path when it cannot be read.
std::string read_text_file(const std::string& path);

// SGF of a board: SZ value ("2" for squares, "cols:rows" otherwise) and
// the move property value of a move name ("" for every kind of pass).
// Throws SgfError for boards without SGF coordinates (graph boards).
std::string sgf_size(const Board& board);
std::string sgf_move_value(const Board& board, std::string_view move);

}  // namespace gotb
