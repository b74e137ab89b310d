#include "query/referee.hpp"

#include <cctype>
#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstring>
#include <fcntl.h>
#include <ostream>
#include <poll.h>
#include <stdexcept>
#include <sys/wait.h>
#include <unistd.h>

namespace gotb {
namespace {

std::string gtp_colour(Color c) { return c == Color::Black ? "b" : "w"; }

std::string upper(std::string s) {
  if (s == "pass") return s;
  for (char& c : s) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return s;
}

std::string lower(std::string s) {
  for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

}  // namespace

GtpProcess::GtpProcess(std::string label, const std::string& command, double timeout_seconds)
    : label_(std::move(label)), timeout_(timeout_seconds) {
  // A child that dies must not kill the referee with SIGPIPE.
  std::signal(SIGPIPE, SIG_IGN);
  int in[2], out[2];
  if (pipe(in) != 0 || pipe(out) != 0) throw std::runtime_error("cannot create pipes for " + label_);
  pid_ = fork();
  if (pid_ < 0) throw std::runtime_error("cannot start " + label_ + ": " + std::strerror(errno));
  if (pid_ == 0) {
    dup2(in[0], STDIN_FILENO);
    dup2(out[1], STDOUT_FILENO);
    int devnull = open("/dev/null", O_WRONLY);
    if (devnull >= 0) dup2(devnull, STDERR_FILENO);
    close(in[0]);
    close(in[1]);
    close(out[0]);
    close(out[1]);
    execl("/bin/sh", "sh", "-c", command.c_str(), static_cast<char*>(nullptr));
    _exit(127);
  }
  close(in[0]);
  close(out[1]);
  to_child_ = in[1];
  from_child_ = out[0];
}

GtpProcess::~GtpProcess() {
  if (pid_ > 0) {
    try {
      timeout_ = 5;  // a hung engine gets killed below
      send("quit");
    } catch (...) {
    }
    close(to_child_);
    close(from_child_);
    // Give the engine a moment to exit after quit, then make sure it does.
    for (int i = 0; i < 50; ++i) {
      if (waitpid(pid_, nullptr, WNOHANG) == pid_) return;
      usleep(20000);
    }
    kill(pid_, SIGKILL);
    waitpid(pid_, nullptr, 0);
  }
}

GtpProcess::Response GtpProcess::send(const std::string& command) {
  const std::string id = std::to_string(next_id_++);
  std::string line = id + " " + command + "\n";
  transcript_ += "> " + line;
  for (std::size_t done = 0; done < line.size();) {
    ssize_t n = write(to_child_, line.data() + done, line.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) throw std::runtime_error(label_ + ": cannot send '" + command + "' (engine exited?)");
    done += static_cast<std::size_t>(n);
  }
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::duration<double>(timeout_);
  std::size_t end;
  while ((end = buffer_.find("\n\n")) == std::string::npos) {
    auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now());
    if (left.count() <= 0)
      throw std::runtime_error(label_ + ": no response to '" + command + "' within " + std::to_string(timeout_) + " s");
    pollfd p{from_child_, POLLIN, 0};
    // poll takes int milliseconds: long timeouts wait in slices.
    int r = poll(&p, 1, static_cast<int>(std::min<long long>(left.count(), 60'000)));
    if (r < 0 && errno == EINTR) continue;
    if (r <= 0) continue;
    char buf[4096];
    ssize_t n = read(from_child_, buf, sizeof buf);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) throw std::runtime_error(label_ + ": engine closed its output while answering '" + command + "'");
    for (ssize_t i = 0; i < n; ++i)
      if (buf[i] != '\r') buffer_ += buf[i];  // CR LF line ends are tolerated
  }
  std::string raw = buffer_.substr(0, end);
  buffer_.erase(0, end + 2);
  transcript_ += raw + "\n\n";
  // "=id text" or "?id text" (spec 2.6-2.11).
  auto malformed = [&] {
    return std::runtime_error(label_ + ": malformed GTP response to '" + id + " " + command + "': '" + raw + "'");
  };
  if (raw.empty() || (raw[0] != '=' && raw[0] != '?')) throw malformed();
  std::size_t i = 1;
  while (i < raw.size() && std::isdigit(static_cast<unsigned char>(raw[i]))) ++i;
  if (raw.substr(1, i - 1) != id) throw malformed();
  if (i < raw.size() && raw[i] != ' ' && raw[i] != '\n') throw malformed();
  Response r;
  r.ok = raw[0] == '=';
  r.text = i < raw.size() ? raw.substr(i + 1) : "";
  while (!r.text.empty() && std::isspace(static_cast<unsigned char>(r.text.back()))) r.text.pop_back();
  return r;
}

std::string GtpProcess::must(const std::string& command) {
  Response r = send(command);
  if (!r.ok) throw std::runtime_error(label_ + ": '" + command + "' failed: " + r.text);
  return r.text;
}

RefereeReport run_referee(const RefereeOptions& opt, AnalysisBackend& backend, std::ostream* log) {
  const GameSpec& spec = opt.spec;
  if (std::string why = backend.unsupported(spec); !why.empty()) throw std::invalid_argument(why);
  if (!spec.board.has_grid() || spec.board.shape() != Board::Shape::Rectangle)
    throw std::invalid_argument("GTP engines play on rectangles only, not " + spec.board.spec());
  std::vector<std::vector<std::string>> openings = opt.openings;
  if (openings.empty()) openings.push_back({});
  const int games = opt.games > 0 ? opt.games : static_cast<int>(openings.size()) * 2;

  GtpProcess a("engine a", opt.engine_a, opt.timeout_seconds);
  GtpProcess b("engine b", opt.engine_b, opt.timeout_seconds);
  for (GtpProcess* e : {&a, &b}) {
    GtpProcess::Response v = e->send("protocol_version");
    if (v.ok && v.text != "2") throw std::runtime_error(e->label() + " speaks GTP version " + v.text + ", not 2");
  }

  RefereeReport report;
  for (int g = 0; g < games; ++g) {
    RefereeGame game;
    game.opening = openings[static_cast<std::size_t>(g / 2) % openings.size()];
    game.black = g % 2 == 0 ? 'a' : 'b';
    GtpProcess& black = game.black == 'a' ? a : b;
    GtpProcess& white = game.black == 'a' ? b : a;

    for (GtpProcess* e : {&a, &b}) {
      if (spec.board.rows() == spec.board.cols())
        e->must("boardsize " + std::to_string(spec.board.cols()));
      else
        e->must("rectangular_boardsize " + std::to_string(spec.board.cols()) + " " + std::to_string(spec.board.rows()));
      e->must("clear_board");
      e->must("komi " + komi_text(spec.komi));
    }
    GameRecord record(spec);
    for (const std::string& m : game.opening) {
      Color c = record.now().to_move;
      std::string why;
      if (!record.play_as(c, m, false, &why))
        throw std::invalid_argument("opening move '" + m + "' is illegal: " + why);
      for (GtpProcess* e : {&a, &b}) e->must("play " + gtp_colour(c) + " " + upper(record.moves().back()));
    }
    if (record.now().over) throw std::invalid_argument("an opening ends the game; the engines would not play");
    Analysis start = backend.analyze(spec, record.moves());
    if (!start.value.exact()) throw std::runtime_error("the start value is only known as " + start.value.to_string());
    game.start = start.value.lower;

    while (!record.now().over) {
      if (static_cast<int>(record.moves().size()) >= opt.max_moves) {
        game.end = "move limit";
        break;
      }
      const Color c = record.now().to_move;
      GtpProcess& mover = c == Color::Black ? black : white;
      GtpProcess& other = c == Color::Black ? white : black;
      const char mover_id = &mover == &a ? 'a' : 'b';
      std::string reply = lower(mover.must("genmove " + gtp_colour(c)));
      if (reply == "resign") {
        game.end = "resign by " + std::string(1, mover_id);
        game.winner_by_rule = mover_id == 'a' ? 'b' : 'a';
        break;
      }
      std::string why;
      if (!record.play_as(c, reply, false, &why)) {
        game.end = "forfeit by " + std::string(1, mover_id) + " (" + reply + ": " + why + ")";
        game.winner_by_rule = mover_id == 'a' ? 'b' : 'a';
        break;
      }
      GtpProcess::Response fwd = other.send("play " + gtp_colour(c) + " " + upper(record.moves().back()));
      if (!fwd.ok)
        throw std::runtime_error(other.label() + " refused " + std::string(color_name(c)) + " " +
                                 record.moves().back() + ", which " + spec.rules.to_string() +
                                 " allows: '" + fwd.text + "' (do the engines use the same rules?)");
    }
    game.moves = record.moves();
    if (record.now().over) {
      // Two passes, or the ruleset's other end (ko=basic: a repeated
      // situation ends the game as the tie).
      const auto& mv = game.moves;
      const bool passes = mv.size() >= 2 && lower(mv[mv.size() - 1]) == "pass" && lower(mv[mv.size() - 2]) == "pass";
      game.end = passes ? "two passes" : "ended by the ruleset";
      game.result = record.now().score_now;
    }
    if (opt.perfect) {
      const char p = *opt.perfect;
      const bool p_black = game.black == p;
      if (game.winner_by_rule) {
        game.perfect_ok = *game.winner_by_rule == p;
      } else if (game.result) {
        game.perfect_ok = p_black ? *game.result >= game.start : *game.result <= game.start;
      } else {
        game.perfect_ok = false;  // undecided: no claim can be checked
      }
    }
    report.all_ok = report.all_ok && game.perfect_ok;
    if (log) {
      *log << "game " << g + 1 << ": black " << game.black << ", white " << (game.black == 'a' ? 'b' : 'a')
           << ", opening [";
      for (std::size_t i = 0; i < game.opening.size(); ++i) *log << (i ? " " : "") << game.opening[i];
      *log << "], start " << game.start.to_string() << ", result "
           << (game.result ? game.result->to_string() : std::string("-")) << " (" << game.end << ", "
           << game.moves.size() << " moves)";
      if (opt.perfect) *log << (game.perfect_ok ? "  ok" : "  PERFECT PLAYER BELOW START VALUE");
      *log << "\n   ";
      for (const auto& m : game.moves) *log << ' ' << m;
      *log << "\n";
      log->flush();
    }
    report.games.push_back(std::move(game));
  }
  return report;
}

}  // namespace gotb
