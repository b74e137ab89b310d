#include "query/pv.hpp"

#include <chrono>
#include <stdexcept>

#include "core/board.hpp"
#include "gotb_version.hpp"

namespace gotb {
namespace {

// Comment text of a node: the state after the node's move (or the root).
std::string state_comment(const Analysis& a) {
  std::string c;
  if (a.game_over) {
    c = "Game over. Result " + a.value.to_string() + " (Black minus White).";
    return c;
  }
  c = std::string(color_name(a.to_move)) + " to move. Value " + a.value.to_string() + " (Black minus White, " +
      (a.value.exact() ? "exact" : "bounds") + ", " + a.method + ").";
  if (!a.note.empty()) c += "\n" + a.note;
  c += "\nMoves (value after the move; * keeps the value):";
  for (const MoveEval& m : best_first(a)) c += "\n  " + m.move + " " + m.value.to_string() + (keeps_value(a, m) ? " *" : "");
  return c;
}

class Builder {
 public:
  Builder(AnalysisBackend& backend, const GameSpec& spec, const PvOptions& opt, PvResult& out)
      : backend_(backend), spec_(spec), opt_(opt), out_(out) {}

  Analysis analyze(const std::vector<std::string>& history) {
    Analysis a = backend_.analyze(spec_, history);
    out_.search_nodes += a.nodes;
    out_.seconds += a.seconds;
    return a;
  }

  // Annotates a node with the state it leads to.
  void annotate(SgfNode& n, const Analysis& a) {
    if (a.value.exact() && a.value.lower.is_score()) n.add("V", komi_text(a.value.lower.points()));
    n.add("C", state_comment(a));
  }

  SgfNode move_node(Color mover, const std::string& move, const Analysis& after) {
    count();
    SgfNode n;
    n.add(mover == Color::Black ? "B" : "W", sgf_move_value(spec_.board, move));
    if (!is_point_move(spec_.board, move) && !is_plain_pass(move)) n.add("GOTBMOVE", move);
    annotate(n, after);
    return n;
  }

  // The rest of the game from `history` (state analysed as `a`), as a tree
  // whose first node is the chosen move. Appends the main-line moves to
  // `line` when it is not null. `branch` is how many more levels may branch
  // into other optimal moves.
  SgfTree continue_from(std::vector<std::string> history, Analysis a, int branch, std::vector<std::string>* line,
                        Value* result) {
    SgfTree t;
    SgfTree* cur = &t;
    for (;;) {
      auto pick = choose_move(a, spec_.board);
      if (!pick) {
        if (result) *result = a.value.lower;
        return t;
      }
      const MoveEval chosen = a.moves[*pick];
      std::vector<MoveEval> others;
      if (opt_.all_optimal && branch > 0)
        for (std::size_t i = 0; i < a.moves.size(); ++i)
          if (i != *pick && keeps_value(a, a.moves[i])) others.push_back(a.moves[i]);
      const Color mover = a.to_move;
      if (!others.empty()) {
        // Split: the main continuation, then every other optimal move.
        std::vector<std::string> h = history;
        h.push_back(chosen.move);
        Analysis next = analyze(h);
        SgfTree main;
        main.nodes.push_back(move_node(mover, chosen.move, next));
        if (line) line->push_back(chosen.move);
        SgfTree rest = continue_from(h, next, branch, line, result);
        append(main, std::move(rest));
        cur->variations.push_back(std::move(main));
        for (const MoveEval& o : others) {
          std::vector<std::string> ho = history;
          ho.push_back(o.move);
          Analysis na = analyze(ho);
          SgfTree alt;
          alt.nodes.push_back(move_node(mover, o.move, na));
          append(alt, continue_from(ho, na, branch - 1, nullptr, nullptr));
          cur->variations.push_back(std::move(alt));
        }
        return t;
      }
      history.push_back(chosen.move);
      if (line) line->push_back(chosen.move);
      a = analyze(history);
      cur->nodes.push_back(move_node(mover, chosen.move, a));
    }
  }

 private:
  // Appends tree b after the nodes of a (a has no variations yet).
  static void append(SgfTree& a, SgfTree b) {
    for (auto& n : b.nodes) a.nodes.push_back(std::move(n));
    a.variations = std::move(b.variations);
  }
  void count() {
    if (++out_.nodes > opt_.max_nodes)
      throw std::runtime_error("the SGF tree would exceed " + std::to_string(opt_.max_nodes) +
                               " nodes; use a smaller --alt-depth or no --all-optimal");
  }

  AnalysisBackend& backend_;
  const GameSpec& spec_;
  const PvOptions& opt_;
  PvResult& out_;
};

}  // namespace

PvResult build_pv_sgf(AnalysisBackend& backend, const GameSpec& spec, const std::vector<std::string>& history,
                      const PvOptions& opt) {
  PvResult out;
  Builder b(backend, spec, opt, out);

  SgfNode root;
  root.add("FF", "4");
  root.add("GM", "1");
  root.add("CA", "UTF-8");
  root.add("AP", std::string("gotb:") + GOTB_VERSION);
  root.add("SZ", sgf_size(spec.board));
  // SZ cannot say that a grid wraps around; gotb's own property can.
  if (spec.board.shape() != Board::Shape::Rectangle) root.add("GOTBBOARD", spec.board.spec());
  root.add("RU", spec.rules.to_string());
  root.add("KM", komi_text(spec.komi));
  root.add("PB", "gotb (perfect play)");
  root.add("PW", "gotb (perfect play)");

  // The history: one node per move, each annotated with the state it leads to.
  std::vector<SgfNode> nodes;
  std::vector<std::string> prefix;
  Analysis a = b.analyze(prefix);
  for (const std::string& m : history) {
    if (a.game_over) throw std::invalid_argument("the history goes on after the end of the game at '" + m + "'");
    Color mover = a.to_move;
    prefix.push_back(m);
    a = b.analyze(prefix);  // throws for an illegal move
    nodes.push_back(b.move_node(mover, prefix.back(), a));
  }
  out.value = a.value;
  // A line from bounds would follow moves nothing shows to be optimal.
  if (!proven(a))
    throw std::invalid_argument("no exact value for the position after the history (" +
                                std::string(source_name(a.source)) + "), so no principal variation: " + a.note);
  if (history.empty()) b.annotate(root, a);
  // RE: the value from here with perfect play, when it is a proven score.
  if (a.value.exact() && a.value.lower.is_score()) root.add("RE", a.value.lower.to_string());
  root.add("GC", "Principal variation by gotb from the position after " + std::to_string(history.size()) +
                     " move(s): value " + a.value.to_string() + " (Black minus White, komi included). V and C "
                     "give the value of the position after each move.");

  SgfTree tree;
  tree.nodes.push_back(std::move(root));
  for (auto& n : nodes) tree.nodes.push_back(std::move(n));
  out.result = a.value.lower;
  SgfTree rest = b.continue_from(prefix, a, opt.alt_depth, &out.pv, &out.result);
  for (auto& n : rest.nodes) tree.nodes.push_back(std::move(n));
  tree.variations = std::move(rest.variations);
  out.tree = std::move(tree);
  return out;
}

}  // namespace gotb
