#include <catch2/catch.hpp>

#include "query/sgf.hpp"

using namespace gotb;

namespace {

bool same_tree(const SgfTree& a, const SgfTree& b) {
  if (a.nodes.size() != b.nodes.size() || a.variations.size() != b.variations.size()) return false;
  for (std::size_t i = 0; i < a.nodes.size(); ++i) {
    const auto& x = a.nodes[i].props;
    const auto& y = b.nodes[i].props;
    if (x.size() != y.size()) return false;
    for (std::size_t k = 0; k < x.size(); ++k)
      if (x[k].id != y[k].id || x[k].values != y[k].values) return false;
  }
  for (std::size_t i = 0; i < a.variations.size(); ++i)
    if (!same_tree(a.variations[i], b.variations[i])) return false;
  return true;
}

std::string error_of(const std::string& text) {
  try {
    parse_sgf(text);
  } catch (const SgfError& e) {
    return e.what();
  }
  return "";
}

std::string record_error_of(const std::string& text) {
  try {
    read_sgf_record(text);
  } catch (const SgfError& e) {
    return e.what();
  }
  return "";
}

}  // namespace

TEST_CASE("SGF parser: properties, several values, variations, white space", "[sgf]") {
  auto trees = parse_sgf(" (;FF[4]GM[1]SZ[3]\n AB[aa][bb]\n;B[ab] (;W[ba];B[]) (;W[cc]C[x]) )\n(;FF[4])");
  REQUIRE(trees.size() == 2);
  const SgfTree& t = trees[0];
  REQUIRE(t.nodes.size() == 2);
  CHECK(t.nodes[0].text("SZ") == "3");
  REQUIRE(t.nodes[0].find("AB"));
  CHECK(t.nodes[0].find("AB")->values == std::vector<std::string>{"aa", "bb"});
  REQUIRE(t.variations.size() == 2);
  CHECK(t.variations[0].nodes.size() == 2);
  CHECK(t.variations[1].nodes[0].text("C") == "x");
  auto line = main_line(t);
  REQUIRE(line.size() == 4);
  CHECK(line[2]->text("W") == "ba");
  CHECK(line[3]->has("B"));
  CHECK(line[3]->text("B").empty());
}

TEST_CASE("SGF text escapes and soft line breaks", "[sgf]") {
  CHECK(sgf_escape("a]b\\c") == "a\\]b\\\\c");
  CHECK(sgf_unescape("a\\]b\\\\c") == "a]b\\c");
  CHECK(sgf_unescape("ab\\\ncd") == "abcd");      // soft line break
  CHECK(sgf_unescape("ab\\\r\ncd") == "abcd");
  CHECK(sgf_unescape("a\\:b") == "a:b");
  auto trees = parse_sgf("(;C[a \\] b \\\\ c])");
  CHECK(trees[0].nodes[0].text("C") == "a ] b \\ c");
  auto split = sgf_split_compose("3\\:x:2");
  REQUIRE(split);
  CHECK(split->first == "3:x");
  CHECK(split->second == "2");
  CHECK_FALSE(sgf_split_compose("19"));
}

TEST_CASE("SGF write/parse round trip keeps every node, value and variation", "[sgf]") {
  SgfTree t;
  SgfNode root;
  root.add("FF", "4");
  root.add("SZ", "3:2");
  root.add("C", "comment with ] and \\ and\nnewline");
  root.add("AB", std::vector<std::string>{"aa", "ba"});
  t.nodes.push_back(root);
  SgfNode b;
  b.add("B", "");
  t.nodes.push_back(b);
  SgfTree v1, v2;
  SgfNode w1, w2;
  w1.add("W", "ab");
  w2.add("W", "cb");
  w2.add("V", "-1.5");
  v1.nodes.push_back(w1);
  v2.nodes.push_back(w2);
  v1.variations.push_back(v2);  // nested variation of length one
  v1.variations.push_back(v2);
  t.variations = {v1, v2};
  std::string text = write_sgf(t);
  auto back = parse_sgf(text);
  REQUIRE(back.size() == 1);
  CHECK(same_tree(t, back[0]));
  CHECK(back[0].nodes[0].text("C") == "comment with ] and \\ and\nnewline");
  CHECK(write_sgf(back[0]) == text);
}

TEST_CASE("SGF malformed input gives errors with line and column", "[sgf][errors]") {
  CHECK(error_of("").find("no game tree") != std::string::npos);
  CHECK(error_of("hello").find("expected '('") != std::string::npos);
  CHECK(error_of("(;B[aa]").find("not closed") != std::string::npos);
  CHECK(error_of("(;C[abc)").find("not closed") != std::string::npos);
  CHECK(error_of("(B[aa])").find("must start with a node") != std::string::npos);
  CHECK(error_of("(;B)").find("has no value") != std::string::npos);
  CHECK(error_of("(;b[aa])").find("lower-case") != std::string::npos);
  CHECK(error_of("(;B[aa]B[bb])").find("twice") != std::string::npos);
  CHECK(error_of("(;B[aa] 1)").find("expected ';', '(' or ')'") != std::string::npos);
  CHECK(error_of("(;FF[4]\n;B[aa]\n;W[bb]").find("line 1, column 1") != std::string::npos);
  CHECK(error_of("(;FF[4]\n;B[aa]junk)").find("line 2, column 7") != std::string::npos);
  std::string deep;
  for (int i = 0; i < 3000; ++i) deep += "(;";
  CHECK(error_of(deep).find("nested deeper") != std::string::npos);
}

TEST_CASE("SGF game record: sizes, passes, colours, komi, rules", "[sgf]") {
  auto r = read_sgf_record("(;FF[4]GM[1]SZ[3:2]RU[tromp-taylor]KM[0.5];B[ab];W[];B[tt];W[ca])");
  REQUIRE(r.board);
  CHECK(r.board->rows() == 2);
  CHECK(r.board->cols() == 3);
  CHECK(r.rules == "tromp-taylor");
  REQUIRE(r.komi);
  CHECK(*r.komi == 0.5);
  // SGF "ab" = column a, second row from the top; on 2 rows that is A1.
  CHECK(r.moves == std::vector<std::string>{"A1", "pass", "pass", "C2"});
  CHECK(r.colours == std::vector<Color>{Color::Black, Color::White, Color::Black, Color::White});

  auto sq = read_sgf_record("(;SZ[2];B[bb])");
  CHECK(sq.board->rows() == 2);
  CHECK(sq.board->cols() == 2);
  CHECK(sq.moves == std::vector<std::string>{"B1"});
  CHECK_FALSE(sq.komi);

  // Only the main line counts.
  auto v = read_sgf_record("(;SZ[2];B[aa](;W[bb];B[])(;W[ab]))");
  CHECK(v.moves == std::vector<std::string>{"A2", "B1", "pass"});

  // Sizes and boards written by gotb itself.
  CHECK(sgf_size(Board::rectangle(2, 3)) == "3:2");
  CHECK(sgf_size(Board::rectangle(3, 3)) == "3");
  CHECK(sgf_move_value(Board::rectangle(2, 3), "A1") == "ab");
  CHECK(sgf_move_value(Board::rectangle(2, 3), "pass") == "");
  auto cyl = read_sgf_record("(;SZ[3:2]GOTBBOARD[cylinder:2x3];B[aa])");
  CHECK(cyl.board->spec() == "cylinder:2x3");
}

TEST_CASE("SGF game record: bad records are refused with a clear reason", "[sgf][errors]") {
  CHECK(record_error_of("(;SZ[2]AB[aa];W[bb])").find("setup property AB is not supported") != std::string::npos);
  CHECK(record_error_of("(;SZ[2];AW[aa])").find("setup property AW") != std::string::npos);
  CHECK(record_error_of("(;SZ[2];B[aa]W[bb])").find("both B and W") != std::string::npos);
  CHECK(record_error_of("(;SZ[2];B[cc])").find("not a point of board 2x2") != std::string::npos);
  CHECK(record_error_of("(;GM[2]SZ[2])").find("not a game of Go") != std::string::npos);
  CHECK(record_error_of("(;SZ[x])").find("not a board size") != std::string::npos);
  CHECK(record_error_of("(;SZ[3:y])").find("not a board size") != std::string::npos);
  CHECK(record_error_of("(;SZ[9:9])").find("64") != std::string::npos);
  CHECK(record_error_of("(;FF[4])").find("no SZ") != std::string::npos);
  CHECK(record_error_of("(;SZ[2]KM[abc])").find("not a number") != std::string::npos);
  CHECK(record_error_of("(;SZ[2]GOTBBOARD[2x3])").find("does not match") != std::string::npos);
  // A fallback board applies only when the file names none.
  CHECK(read_sgf_record("(;B[aa])", Board::rectangle(1, 2)).board->spec() == "1x2");
}
