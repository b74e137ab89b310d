#include "query/game_record.hpp"

#include <cmath>
#include <cstdio>
#include <optional>
#include <stdexcept>

#include "core/position.hpp"
#include "core/rules/games.hpp"

namespace gotb {
namespace {

template <class G>
GameSnapshot snapshot_of(const GameSpec& spec, const G& g, std::size_t ply) {
  GameSnapshot s;
  s.over = g.is_over();
  s.to_move = g.to_move();
  // outcome() is only promised to be the result once the game is over.
  if (s.over) s.score_now = g.outcome();
  std::vector<Move> moves;
  g.legal_moves(moves);
  for (Move m : moves) s.legal.push_back(g.move_name(m));
  if constexpr (requires { g.position(); }) s.diagram = diagram(spec.board, g.position(), true);
  s.ply = ply;
  return s;
}

struct Step {
  std::string_view text;
  bool implicit = false;
  std::optional<Color> mover;  // required player to move, if any
};

// Replays `history`, then plays `steps` atomically. On success appends the
// canonical names to `names` and stores the new snapshot.
// `failed` receives the index of the step that failed.
bool apply_steps(const GameSpec& spec, const std::vector<std::string>& history, const std::vector<Step>& steps,
                 std::string* why, std::vector<std::string>& names, GameSnapshot& snap,
                 std::size_t* failed = nullptr) {
  bool ok = true;
  auto fail = [&](const std::string& text) {
    if (why) *why = text;
    ok = false;
  };
  visit_game(spec.board, spec.rules, spec.komi, [&](auto& g) {
    replay_moves(g, history);
    for (const Step& st : steps) {
      if (failed) *failed = names.size();
      if (g.is_over()) return fail("the game is over");
      if (st.mover && g.to_move() != *st.mover)
        return fail(std::string(color_name(g.to_move())) + " is to move");
      Move m;
      if (!g.parse_move(st.text, m)) return fail("'" + std::string(st.text) + "' names no move on this board");
      std::string reason;
      if (!g.is_legal(m, &reason)) return fail(reason);
      names.push_back(g.move_name(m));
      g.play(m);
    }
    snap = snapshot_of(spec, g, history.size() + steps.size());
  });
  return ok;
}

}  // namespace

std::string GameSpec::describe() const {
  return board.spec() + ", " + rules.to_string() + ", komi " + komi_text(komi);
}

std::string komi_text(double komi) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%g", komi);
  return buf;
}

bool is_point_move(const Board& board, std::string_view name) { return board.parse_point(name) >= 0; }

GameRecord::GameRecord(GameSpec spec) : spec_(std::move(spec)) { clear(); }

void GameRecord::clear() {
  moves_.clear();
  implicit_.clear();
  std::vector<std::string> names;
  apply_steps(spec_, moves_, {}, nullptr, names, now_);
}

bool GameRecord::play(std::string_view text, std::string* why) {
  std::vector<std::string> names;
  GameSnapshot snap;
  if (!apply_steps(spec_, moves_, {Step{text, false, std::nullopt}}, why, names, snap)) return false;
  moves_.push_back(names[0]);
  implicit_.push_back(false);
  now_ = std::move(snap);
  return true;
}

bool GameRecord::play_as(Color c, std::string_view text, bool insert_pass, std::string* why) {
  std::vector<Step> steps;
  if (!now_.over && now_.to_move != c) {
    if (!insert_pass) {
      if (why) *why = std::string(color_name(now_.to_move)) + " is to move";
      return false;
    }
    steps.push_back(Step{"pass", true, std::nullopt});
  }
  steps.push_back(Step{text, false, c});
  std::vector<std::string> names;
  GameSnapshot snap;
  if (!apply_steps(spec_, moves_, steps, why, names, snap)) return false;
  for (std::size_t i = 0; i < names.size(); ++i) {
    moves_.push_back(names[i]);
    implicit_.push_back(steps[i].implicit);
  }
  now_ = std::move(snap);
  return true;
}

bool GameRecord::names_move(std::string_view text) const {
  bool ok = false;
  visit_game(spec_.board, spec_.rules, spec_.komi, [&](auto& g) {
    Move m;
    ok = g.parse_move(text, m);
  });
  return ok;
}

bool GameRecord::undo() {
  if (moves_.empty()) return false;
  moves_.pop_back();
  implicit_.pop_back();
  while (!implicit_.empty() && implicit_.back()) {
    moves_.pop_back();
    implicit_.pop_back();
  }
  std::vector<std::string> names;
  apply_steps(spec_, moves_, {}, nullptr, names, now_);
  return true;
}

void GameRecord::set_moves(const std::vector<std::string>& moves) {
  std::vector<Step> steps;
  for (const auto& m : moves) steps.push_back(Step{m, false, std::nullopt});
  std::vector<std::string> names;
  GameSnapshot snap;
  std::string why;
  std::size_t bad = 0;
  if (!apply_steps(spec_, {}, steps, &why, names, snap, &bad))
    throw std::invalid_argument("move " + std::to_string(bad + 1) + " '" + moves[bad] + "' is illegal: " + why);
  moves_ = std::move(names);
  implicit_.assign(moves_.size(), false);
  now_ = std::move(snap);
}

}  // namespace gotb
