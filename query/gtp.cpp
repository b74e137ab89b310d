#include "query/gtp.hpp"

#include <iostream>

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <cstdlib>
#include <istream>
#include <ostream>
#include <sstream>

#include "query/sgf_game.hpp"
#include "gotb_version.hpp"

namespace gotb {
namespace {

std::string lower(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

// Spec 2.4: drop control characters other than HT / LF, HT -> space, cut
// comments.
std::string preprocess(std::string_view line) {
  std::string out;
  for (char c : line) {
    if (c == '#') break;
    if (c == '\t') c = ' ';
    if (static_cast<unsigned char>(c) < 32 && c != '\n') continue;
    if (c == 127) continue;
    out += c;
  }
  return out;
}

std::vector<std::string> tokens(const std::string& s) {
  std::vector<std::string> out;
  std::istringstream in(s);
  std::string t;
  while (in >> t) out.push_back(t);
  return out;
}

std::optional<Color> parse_color(const std::string& s) {
  std::string l = lower(s);
  if (l == "b" || l == "black") return Color::Black;
  if (l == "w" || l == "white") return Color::White;
  return std::nullopt;
}

bool parse_uint(const std::string& s, long& out) {
  if (s.empty() || s.size() > 9 || !std::all_of(s.begin(), s.end(), [](char c) { return c >= '0' && c <= '9'; }))
    return false;
  out = std::stol(s);
  return true;
}

// GTP vertex syntax (spec 2.11: a letter and a number; gotb boards wider
// than 25 columns would need more letters). Whether the vertex is on the
// board is the game's business: off the board is an illegal move.
bool vertex_shaped(std::string_view s) {
  std::size_t i = 0;
  while (i < s.size() && std::isalpha(static_cast<unsigned char>(s[i]))) ++i;
  if (i == 0 || i == s.size()) return false;
  for (std::size_t k = i; k < s.size(); ++k)
    if (!std::isdigit(static_cast<unsigned char>(s[k]))) return false;
  return true;
}

// GTP vertices are upper case by convention; "pass" and the ruleset's own
// pass words ("appeal", "keep") stay lower case.
std::string gtp_vertex(const std::string& move) {
  if (!vertex_shaped(move)) return move;
  std::string out = move;
  for (char& c : out) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return out;
}

// A response text may not contain an empty line.
std::string no_blank_lines(std::string text) {
  while (!text.empty() && text.back() == '\n') text.pop_back();
  std::string out;
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '\n' && (i + 1 == text.size() || text[i + 1] == '\n')) {
      out += "\n ";
      continue;
    }
    out += text[i];
  }
  return out;
}

}  // namespace

const std::vector<std::string>& gtp_commands() {
  static const std::vector<std::string> names{
      "protocol_version", "name",       "version",       "known_command", "list_commands",
      "quit",             "boardsize",  "rectangular_boardsize", "clear_board", "komi",
      "play",             "genmove",    "reg_genmove",   "undo",          "showboard",
      "final_score",      "loadsgf",    "time_settings", "time_left",     "gotb-value",
      "gotb-move_values", "gotb-pv",    "gotb-rules",    "gogui-analyze_commands"};
  return names;
}

GtpEngine::GtpEngine(AnalysisBackend& backend, GameSpec spec) : backend_(backend) {
  if (std::string why = backend_.unsupported(spec); !why.empty()) throw std::invalid_argument(why);
  game_ = std::make_unique<GameRecord>(std::move(spec));
}

std::string GtpEngine::handle_line(std::string_view raw) {
  std::vector<std::string> t = tokens(preprocess(raw));
  if (t.empty()) return "";
  std::string id;
  long number = 0;
  if (parse_uint(t[0], number)) {
    id = t[0];
    t.erase(t.begin());
  }
  Reply r;
  if (t.empty()) {
    r = {false, "syntax error"};
  } else {
    std::string name = t[0];
    t.erase(t.begin());
    try {
      r = dispatch(name, t);
    } catch (const std::exception& e) {
      // A backend that gives up (node limit) or any other failure: the
      // command fails, the game is unchanged.
      r = {false, e.what()};
    }
  }
  std::string text = no_blank_lines(r.text);
  return (r.ok ? "=" : "?") + id + " " + text + "\n\n";
}

void GtpEngine::run(std::istream& in, std::ostream& out) {
  std::string line;
  while (!quit_ && std::getline(in, line)) {
    std::string response = handle_line(line);
    if (response.empty()) continue;
    out << response;
    out.flush();
  }
}

Analysis GtpEngine::analyze() { return backend_.analyze(game_->spec(), game_->moves()); }

GtpEngine::Reply GtpEngine::set_board(const Board& board) {
  GameSpec spec = game_->spec();
  spec.board = board;
  if (!backend_.unsupported(spec).empty()) return {false, "unacceptable size"};
  game_ = std::make_unique<GameRecord>(std::move(spec));
  return {};
}

GtpEngine::Reply GtpEngine::dispatch(const std::string& name, const std::vector<std::string>& args) {
  auto argc_is = [&](std::size_t n) { return args.size() == n; };
  if (name == "protocol_version") return {true, "2"};
  if (name == "name") return {true, "gotb"};
  if (name == "version") return {true, GOTB_VERSION};
  if (name == "known_command") {
    if (!argc_is(1)) return {false, "syntax error"};
    const auto& c = gtp_commands();
    return {true, std::find(c.begin(), c.end(), args[0]) != c.end() ? "true" : "false"};
  }
  if (name == "list_commands") {
    std::string out;
    for (const auto& c : gtp_commands()) out += (out.empty() ? "" : "\n") + c;
    return {true, out};
  }
  if (name == "quit") {
    quit_ = true;
    return {};
  }
  if (name == "boardsize") {
    long n = 0;
    if (!argc_is(1) || !parse_uint(args[0], n)) return {false, "syntax error"};
    if (n < 1 || n * n > kMaxPoints) return {false, "unacceptable size"};
    return set_board(Board::rectangle(static_cast<int>(n), static_cast<int>(n)));
  }
  if (name == "rectangular_boardsize") {
    long w = 0, h = 0;
    if (!argc_is(2) || !parse_uint(args[0], w) || !parse_uint(args[1], h)) return {false, "syntax error"};
    if (w < 1 || h < 1 || w * h > kMaxPoints) return {false, "unacceptable size"};
    return set_board(Board::rectangle(static_cast<int>(h), static_cast<int>(w)));
  }
  if (name == "clear_board") {
    game_->clear();
    return {};
  }
  if (name == "komi") {
    if (!argc_is(1)) return {false, "syntax error"};
    if (!is_plain_decimal(args[0])) return {false, "syntax error"};
    const double k = parse_komi(args[0]);  // throws: not a multiple of 0.5 of sane size
    GameSpec spec = game_->spec();
    spec.komi = k;
    if (std::string why = backend_.unsupported(spec); !why.empty()) return {false, "unacceptable komi: " + why};
    std::vector<std::string> moves = game_->moves();
    auto next = std::make_unique<GameRecord>(spec);
    next->set_moves(moves);  // komi does not change legality
    game_ = std::move(next);
    return {};
  }
  if (name == "play") return cmd_play(args);
  if (name == "genmove") return cmd_genmove(args, true);
  if (name == "reg_genmove") return cmd_genmove(args, false);
  if (name == "undo") {
    if (!game_->undo()) return {false, "cannot undo"};
    return {};
  }
  if (name == "showboard") {
    const GameSnapshot& s = game_->now();
    std::string board = s.diagram;
    while (!board.empty() && board.back() == '\n') board.pop_back();
    std::string text = "\n" + board + "\n";
    text += s.over ? "game over" : std::string(color_name(s.to_move)) + " to move";
    text += ", " + std::to_string(game_->moves().size()) + " moves, " + game_->spec().describe();
    return {true, text};
  }
  if (name == "final_score") return cmd_final_score();
  if (name == "loadsgf") return cmd_loadsgf(args);
  if (name == "time_settings" || name == "time_left") return {};  // perfect play takes no clock decisions
  if (name == "gotb-value") return cmd_value();
  if (name == "gotb-move_values") return cmd_move_values();
  if (name == "gotb-pv") return cmd_pv();
  if (name == "gotb-rules") {
    if (args.empty()) return {true, game_->spec().rules.to_string()};
    if (!argc_is(1)) return {false, "syntax error"};
    GameSpec spec = game_->spec();
    spec.rules = RuleSet::parse(args[0]);
    if (std::string why = backend_.unsupported(spec); !why.empty()) return {false, why};
    game_ = std::make_unique<GameRecord>(std::move(spec));
    return {};
  }
  if (name == "gogui-analyze_commands")
    return {true,
            "string/Value and move values/gotb-value\n"
            "pspairs/Move values/gotb-move_values\n"
            "string/Principal variation/gotb-pv"};
  return {false, "unknown command"};
}

GtpEngine::Reply GtpEngine::cmd_play(const std::vector<std::string>& args) {
  if (args.size() != 2) return {false, "syntax error"};
  auto c = parse_color(args[0]);
  if (!c) return {false, "syntax error"};
  std::string move = lower(args[1]) == "pass" ? "pass" : args[1];
  // Spec 6.3 (play): "syntax error" for what is no vertex at all, "illegal
  // move" for a vertex the rules forbid or one off the board. The ruleset's
  // own pass kinds ("keep", "appeal") are gotb's extension of the syntax.
  const bool vertex = game_->spec().board.has_grid() && vertex_shaped(move);
  if (!vertex && move != "pass" && !game_->names_move(move)) return {false, "syntax error"};
  std::string why;
  if (!game_->play_as(*c, move, true, &why)) return {false, "illegal move"};
  return {};
}

GtpEngine::Reply GtpEngine::cmd_genmove(const std::vector<std::string>& args, bool commit) {
  if (args.size() != 1) return {false, "syntax error"};
  auto c = parse_color(args[0]);
  if (!c) return {false, "syntax error"};
  if (game_->now().over) return {true, "pass"};
  // GTP lets a colour move twice: analyse after the pass play_as inserts.
  GameRecord trial = *game_;
  if (trial.now().to_move != *c && !trial.play("pass")) return {false, "cannot pass for the other colour here"};
  if (trial.now().over) return {true, "pass"};
  Analysis a = backend_.analyze(trial.spec(), trial.moves());
  // A tablebase that could not answer from the file under this history and
  // fell back to a solver says so (the reply itself stays plain GTP).
  const bool solved = a.source == ValueSource::Search || a.source == ValueSource::SearchSeeded ||
                      a.source == ValueSource::Reference;
  if (backend_.name() == "tablebase" && solved)
    std::fprintf(stderr, "gotb gtp: genmove: the file's stored facts do not hold under this game's history; solved by "
                         "the %s solver%s (%llu nodes, %.3f s)\n",
                 a.source == ValueSource::Reference ? "reference" : "search",
                 a.source == ValueSource::SearchSeeded ? " seeded from the file's stored bounds and moves" : "",
                 static_cast<unsigned long long>(a.nodes), a.seconds);
  // Play needs proven values: a fixpoint file's score range (no fallback)
  // would let the engine pick a move that loses value.
  if (!proven(a))
    return {false, "no exact value for this position (" + std::string(source_name(a.source)) + "): " + a.note};
  // A tablebase that needed its fallback solver here (a history its facts
  // do not cover): say so where a GUI's log shows it, stdout stays GTP.
  if (backend_.name() == "tablebase" && solved)
    std::cerr << "gotb gtp: genmove " << (*c == Color::Black ? "b" : "w") << " after " << trial.moves().size()
              << " moves: " << a.note << std::endl;
  if (backend_.name() == "tablebase" && a.source == ValueSource::FileBounds && a.strategy_move)
    std::cerr << "gotb gtp: genmove " << (*c == Color::Black ? "b" : "w") << " after " << trial.moves().size()
              << " moves: the file proves only a bound here; playing its stored move, which keeps that bound ("
              << a.note << ")" << std::endl;
  auto pick = choose_move(a, trial.spec().board);
  if (!pick) return {true, "pass"};
  const std::string move = a.moves[*pick].move;
  if (!is_point_move(trial.spec().board, move) && !is_plain_pass(move))
    return {false, "the optimal move '" + move + "' has no GTP notation"};
  if (commit) {
    std::string why;
    if (!game_->play_as(*c, move, true, &why)) return {false, "internal error: optimal move refused: " + why};
  }
  return {true, gtp_vertex(move)};
}

GtpEngine::Reply GtpEngine::cmd_loadsgf(const std::vector<std::string>& args) {
  if (args.empty() || args.size() > 2) return {false, "syntax error"};
  long move_number = 0;
  if (args.size() == 2 && (!parse_uint(args[1], move_number) || move_number < 1)) return {false, "syntax error"};
  try {
    SgfRecord rec = read_sgf_record(read_text_file(args[0]), std::nullopt, allow_sgf_graph_);
    if (move_number > 0 && static_cast<std::size_t>(move_number - 1) < rec.moves.size()) {
      rec.moves.resize(move_number - 1);
      rec.colours.resize(move_number - 1);
    }
    SgfGameChoices choices;
    choices.rules = game_->spec().rules;
    if (!rec.rules.empty()) {
      std::optional<RuleSet> file_rules;
      try {
        file_rules = RuleSet::parse(rec.rules);
      } catch (const RulesError&) {
        // Not a gotb ruleset text (RU[Chinese], ...): the engine's rules apply.
      }
      if (file_rules && !(*file_rules == *choices.rules))
        return {false, "cannot load file: its rules " + file_rules->to_string() + " differ from the engine's " +
                           choices.rules->to_string() + " (use gotb-rules first)"};
    }
    if (!rec.komi) choices.komi = game_->spec().komi;
    SgfGame g = sgf_game(rec, choices);
    if (!backend_.unsupported(g.spec).empty()) return {false, "cannot load file: unacceptable size"};
    auto next = std::make_unique<GameRecord>(g.spec);
    next->set_moves(g.moves);
    game_ = std::move(next);
  } catch (const std::exception& e) {
    return {false, std::string("cannot load file: ") + e.what()};
  }
  return {true, game_->now().to_move == Color::Black ? "black" : "white"};
}

GtpEngine::Reply GtpEngine::cmd_final_score() {
  Analysis a = analyze();
  if (!a.value.exact()) return {false, "cannot score: only bounds " + a.value.to_string() + " are known"};
  // GTP scores are "B+n", "W+n" or "0"; a ruleset's other outcomes (no
  // result, a special win) have no such form.
  if (!a.value.lower.is_score())
    return {false, "cannot score: the " + std::string(a.game_over ? "result" : "perfect-play value") + " is '" +
                       a.value.lower.to_string() + "', not a score"};
  return {true, a.value.lower.to_string()};
}

GtpEngine::Reply GtpEngine::cmd_value() {
  Analysis a = analyze();
  std::string out = "value " + a.value.to_string() + " (Black minus White, " +
                    (a.value.exact() ? "exact" : "bounds") + ", " + a.method +
                    (a.method == source_name(a.source) ? "" : std::string(", ") + source_name(a.source)) + ")\n";
  out += a.game_over ? "game over" : std::string(color_name(a.to_move)) + " to move";
  if (!a.note.empty()) out += "\nnote " + a.note;
  for (const MoveEval& m : best_first(a))
    out += "\n" + gtp_vertex(m.move) + " " + m.value.to_string() + (keeps_value(a, m) ? " *" : "");
  return {true, out};
}

GtpEngine::Reply GtpEngine::cmd_move_values() {
  Analysis a = analyze();
  std::string out;
  for (const MoveEval& m : a.moves) {
    if (!is_point_move(game_->spec().board, m.move)) continue;  // pspairs label points only
    out += (out.empty() ? "" : " ") + gtp_vertex(m.move) + " " + m.value.to_string();
  }
  return {true, out};
}

GtpEngine::Reply GtpEngine::cmd_pv() {
  std::vector<std::string> pv = principal_variation(backend_, game_->spec(), game_->moves());
  std::string out;
  for (const auto& m : pv) out += (out.empty() ? "" : " ") + gtp_vertex(m);
  return {true, out};
}

}  // namespace gotb
