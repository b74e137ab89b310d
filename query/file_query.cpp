#include "query/file_query.hpp"

#include <algorithm>
#include <stdexcept>

#include "core/rules/games.hpp"
#include "generator/retrograde/generate.hpp"
#include "generator/retrograde/value_code.hpp"

namespace gotb {

const char* const kFileQueryNote =
    "values are fixpoints of the finite-state game (superko not applied): 'gfp' scores infinite play as a Black "
    "win, 'lfp' as a White win; where they agree the finite-state value does not depend on cycles. Neither "
    "agreement nor the pair is a proven superko value (superko can forbid moves the fixpoints use; docs/solving.md "
    "section 2). Legal moves are those of the real ruleset given the history; only final scores are exact.";

struct FileQuery::Impl {
  const Board& board;
  RuleSet rules;
  retro::StateIndex index;
  int up = 0, lo = 0;
  double komi = 0;
  Impl(const Board& b, RuleSet r) : board(b), rules(std::move(r)), index(b) {}
};

FileQuery::FileQuery(TablebaseReader& file, std::string label) : file_(file), label_(std::move(label)) {
  const TablebaseMeta& meta = file.meta();
  if (meta.index_scheme != retro::kIndexScheme || meta.value_encoding != retro::kValueEncoding)
    throw std::invalid_argument(label_ + ": index scheme '" + meta.index_scheme + "' / value encoding '" +
                                meta.value_encoding + "' are not the ones this build reads (" +
                                retro::kIndexScheme + " / " + retro::kValueEncoding + ")");
  const Board& board = file.board();
  RuleSet rules = RuleSet::parse(meta.rules);
  if (!retro::has_kernel(rules))
    throw std::invalid_argument(label_ + ": ruleset " + meta.rules + " has no retrograde tables in this build");
  impl_ = std::make_unique<Impl>(board, rules);
  const retro::StateIndex& index = impl_->index;
  if (index.states() != meta.state_count || retro::symmetry_scheme(index) != meta.symmetry_scheme)
    throw std::invalid_argument(label_ + ": the file's state count / symmetry scheme (" +
                                std::to_string(meta.state_count) + ", " + meta.symmetry_scheme +
                                ") do not match the index of board " + board.spec() + " (" +
                                std::to_string(index.states()) + ", " + retro::symmetry_scheme(index) + ")");
  impl_->up = file.array_id(retro::kUpperArray);
  impl_->lo = file.array_id(retro::kLowerArray);
  impl_->komi = meta.komi;
}

FileQuery::~FileQuery() = default;

FileQueryResult FileQuery::run(const std::vector<std::string>& history) const {
  const Impl& im = *impl_;
  FileQueryResult r;
  r.board = im.board.spec();
  r.rules = im.rules.to_string();
  r.komi = im.komi;
  for (const auto& m : history) r.moves_text += (r.moves_text.empty() ? "" : " ") + m;

  // Only the tromp-taylor family has retrograde tables (has_kernel above).
  TrompTaylorGame game(im.board, im.rules, im.komi);
  replay_moves(game, history);
  auto bracket_here = [&]() {
    const std::uint64_t s =
        retro::state_of(im.index, game.position(), game.to_move(), std::min(game.consecutive_passes(), 1));
    if (s >= im.index.states()) throw std::logic_error("query: a reachable state is not in the index (bug)");
    const std::int8_t u = file_.probe(im.up, s), l = file_.probe(im.lo, s);
    if (u == retro::kNoState || l == retro::kNoState || l > u)
      throw TablebaseError(label_ + ": inconsistent values at state " + std::to_string(s));
    std::vector<std::int8_t> us{u}, ls{l};
    return retro::bracket_at(us, ls, 0, game.to_move(), im.komi);
  };
  r.over = game.is_over();
  r.now = retro::Bracket{game.outcome(), game.outcome()};
  r.diagram = diagram(im.board, game.position(), im.board.has_grid());
  r.passes = game.consecutive_passes();
  if (!r.over) {
    r.now = bracket_here();
    std::vector<Move> moves;
    game.legal_moves(moves);
    for (Move m : moves) {
      game.play(m);
      FileQueryEntry e{game.move_name(m), {}, game.is_over()};
      e.value = e.game_end ? retro::Bracket{game.outcome(), game.outcome()} : bracket_here();
      game.undo();
      r.entries.push_back(e);
    }
    const bool black = game.to_move() == Color::Black;
    // Best first for the player to move: by her guaranteed bound, then the other.
    std::stable_sort(r.entries.begin(), r.entries.end(), [&](const FileQueryEntry& x, const FileQueryEntry& y) {
      if (black) return x.value.lfp != y.value.lfp ? x.value.lfp > y.value.lfp : x.value.gfp > y.value.gfp;
      return x.value.gfp != y.value.gfp ? x.value.gfp < y.value.gfp : x.value.lfp < y.value.lfp;
    });
    r.mover = color_name(game.to_move());
  }
  return r;
}

namespace {

// `final`: the game is over (or the move ends it), so the value is the
// actual score, not a fixpoint.
nlohmann::json bracket_json(const retro::Bracket& b, bool final) {
  return {{"exact", final},
          {"fixpoints_agree", b.exact()},
          {"gfp", b.gfp.to_string()},
          {"lfp", b.lfp.to_string()},
          {"gfp_order", b.gfp.order},
          {"lfp_order", b.lfp.order}};
}

}  // namespace

std::string file_query_bracket_text(const retro::Bracket& b, bool final) {
  if (final) return b.gfp.to_string() + " (final score, exact)";
  if (b.exact()) return b.gfp.to_string() + " (both fixpoints; not a proven superko value)";
  return "between " + b.lfp.to_string() + " (lfp, cycles for White) and " + b.gfp.to_string() +
         " (gfp, cycles for Black)";
}

nlohmann::json file_query_json(const FileQueryResult& r, const std::string& label) {
  nlohmann::json j{{"file", label},
                   {"board", r.board},
                   {"rules", r.rules},
                   {"komi", r.komi},
                   {"moves", r.moves_text},
                   {"game_over", r.over},
                   {"to_move", r.mover},
                   {"passes", r.passes},
                   {"point_of_view", "Black minus White, komi included"},
                   {"value", bracket_json(r.now, r.over)},
                   {"note", kFileQueryNote}};
  nlohmann::json ms = nlohmann::json::array();
  for (const FileQueryEntry& e : r.entries) {
    nlohmann::json x = bracket_json(e.value, e.game_end);
    x["move"] = e.move;
    x["ends_game"] = e.game_end;
    ms.push_back(x);
  }
  j["move_values"] = ms;
  return j;
}

}  // namespace gotb
