// Long-cycle sweep (issue 19; not run by ctest): solves, at every reachable
// state of a board, the ruleset's board-repetition game and the
// state-repetition game with the independent models of
// tests/long_cycle_models.hpp, checks the model against the project's game,
// and prints every state where the two games differ (docs/solving.md,
// "The other long-cycle rulesets"). Needs only gotb_core, so it builds in a
// fraction of the test binary's time. The usage text below is the manual.
#include <sys/resource.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <string>

#include "tests/long_cycle_models.hpp"

namespace {

const char* const kUsage =
    "usage: long_cycle_sweep RULES BOARD [options]\n"
    "       long_cycle_sweep RULES BOARD --at DIAGRAM B|W PASSES BAN [PHASE PARITY] [--moves M]\n"
    "RULES: international-nosuicide | international | ikeda | japanese\n"
    "  (international:ko=basic-exceptional with suicide=no / with suicide,\n"
    "   ikeda-1:ko=basic-play, japanese-2003)\n"
    "Solves the ruleset's board-repetition game and the state-repetition game at\n"
    "every state reachable from the empty board (in sweep order: fewest empty\n"
    "points first, or most with --order most; index 0, 1, ...) and prints each\n"
    "state where they differ.\n"
    "Options:\n"
    "  --shard K/N        solve only the states whose index i has i % N == K\n"
    "                     (0 <= K < N; each process has its own tables)\n"
    "  --states-from I    solve only indices i >= I (default 0)\n"
    "  --states-to J      solve only indices i < J (default: all)\n"
    "  --moves M          give up on a state whose two solves play more than M\n"
    "                     moves (international, ikeda; 0 = no limit, default)\n"
    "  --check N          compare the model's board game with the project's game\n"
    "                     at every N-th state this process visits (0 = never;\n"
    "                     default 1);\n"
    "                     japanese: N random games from the empty board instead\n"
    "                     (default 10), run only where index 0 is selected\n"
    "  --seconds S        start no new state after S seconds of wall time; the\n"
    "                     summary's next=I is the first selected index not\n"
    "                     visited (resume with --states-from I, same --shard);\n"
    "                     a state in progress is bounded by --moves only\n"
    "                     (international, ikeda)\n"
    "  --nsr D            international, ikeda: visit only the states from which\n"
    "                     a line of at most D plays recreates the start board as\n"
    "                     another state (player to move, passes or ban differ;\n"
    "                     ikeda: also phase or playout parity, and the line may\n"
    "                     pass, into the playout too), recreating no other board\n"
    "                     on the way\n"
    "  --nsr-passes 0|1   ikeda: whether the --nsr lines may pass (default 1)\n"
    "  --explain 1        at each differing state, print every move's value and\n"
    "                     a principal variation of both games (warm tables)\n"
    "  --shared-check 1   international: one search table for the project's game\n"
    "                     over all checked states (default: a fresh one each)\n"
    "  --slow S           print every state whose two solves took over S seconds\n"
    "  --order fewest|most  sweep order (default fewest)\n"
    "A third plain argument N is --check N (older form).\n"
    "--at: the move values and a principal variation of both games at one state\n"
    "on stderr (BAN: the point of the last single-stone capture, or -1; PHASE,\n"
    "PARITY: ikeda only, default 0 0; --moves M: give up over M moves per solve),\n"
    "and on stdout 'AT rules=R board=B state=STATE board_game=V state_game=W\n"
    "equal|DIFFER cpu_s=..' or 'AT ... undecided ...'.\n"
    "Output: progress, 'undecided at #i STATE' and 'differs at #i STATE: board\n"
    "repetition V, state repetition W' lines on stderr (values are orders: 2 x\n"
    "points, special outcomes beyond the scores), and one line on stdout:\n"
    "  SWEEP rules=R board=B shard=K/N from=I to=J total=T in_shard=S visited=V\n"
    "  decided=D given_up=G differ=X mismatches=M checked=C board_nodes=..\n"
    "  state_nodes=.. cpu_s=.. wall_s=.. next=I given_up_at=i,i,...\n"
    "  differ_at=i:STATE:V:W;...   (all on one line)\n"
    "(STATE: DIAGRAM rows joined by '/',B|W,passes,ban[,phase=..,parity=..];\n"
    "to=-1: to the end; next=-1: every selected state visited; lists '-' when\n"
    "empty; in_shard: the indices --shard/--states-* select; visited = decided +\n"
    "given_up, equal to in_shard unless --seconds stopped the run or --nsr\n"
    "skipped states).\n"
    "Exit status: 0 when the model matched the project's game everywhere it was\n"
    "checked, 1 on a mismatch, 2 on bad arguments.\n";

double cpu_seconds() {
  rusage u{};
  getrusage(RUSAGE_SELF, &u);
  return static_cast<double>(u.ru_utime.tv_sec) + u.ru_utime.tv_usec / 1e6;
}

bool parse_long(const char* text, long& out) {
  char* end = nullptr;
  out = std::strtol(text, &end, 10);
  return end != text && *end == '\0';
}

// --at DIAGRAM B|W PASSES BAN [PHASE PARITY] [--moves M]: both games at one
// state, explained on stderr, one line on stdout.
int at(const std::string& rules, const std::string& board, int argc, char** argv) {
  using namespace gotb::long_cycle;
  const gotb::Board b = gotb::Board::parse(board);
  const gotb::Position pos = gotb::parse_diagram(b, argv[4]);
  const gotb::Color c = argv[5][0] == 'W' ? gotb::Color::White : gotb::Color::Black;
  long passes = 0, ban = -1, phase = 0, parity = 0, moves = 0;
  int i = 8;
  if (!parse_long(argv[6], passes) || !parse_long(argv[7], ban)) {
    std::fprintf(stderr, "long_cycle_sweep: --at wants DIAGRAM B|W PASSES BAN\n%s", kUsage);
    return 2;
  }
  if (rules == "ikeda" && i + 1 < argc && argv[i][0] != '-') {
    if (!parse_long(argv[i], phase) || !parse_long(argv[i + 1], parity)) {
      std::fprintf(stderr, "long_cycle_sweep: ikeda --at wants ... BAN PHASE PARITY\n%s", kUsage);
      return 2;
    }
    i += 2;
  }
  if (i + 1 < argc && std::string(argv[i]) == "--moves" && parse_long(argv[i + 1], moves) && moves >= 0) {
    i += 2;
  }
  if (i != argc) {
    std::fprintf(stderr, "long_cycle_sweep: unexpected argument '%s' after --at\n%s", argv[i], kUsage);
    return 2;
  }
  std::pair<std::int32_t, std::int32_t> v;
  std::string token_text;
  const double c0 = cpu_seconds();
  try {
    if (rules == "ikeda") {
      const IkState s{pos, c, static_cast<int>(phase), static_cast<int>(passes), static_cast<int>(ban),
                      static_cast<int>(parity)};
      token_text = token(b, s);
      v = explain(board, s, static_cast<std::uint64_t>(moves));
    } else if (rules == "international" || rules == "international-nosuicide" || rules == "japanese") {
      const LcState s{pos, c, static_cast<int>(passes), static_cast<int>(ban)};
      token_text = token(b, s);
      v = explain(board, rules == "japanese" ? LcFlavor::Japanese : LcFlavor::International, rules == "international",
                  s, static_cast<std::uint64_t>(moves));
    } else {
      std::fprintf(stderr, "long_cycle_sweep: unknown ruleset '%s'\n", rules.c_str());
      return 2;
    }
  } catch (const gotb::NodeLimitReached&) {
    std::printf("AT rules=%s board=%s state=%s undecided (over %ld moves) cpu_s=%.1f\n", rules.c_str(), board.c_str(),
                token_text.c_str(), moves, cpu_seconds() - c0);
    return 0;
  }
  std::printf("AT rules=%s board=%s state=%s board_game=%d state_game=%d %s cpu_s=%.1f\n", rules.c_str(),
              board.c_str(), token_text.c_str(), v.first, v.second, v.first == v.second ? "equal" : "DIFFER",
              cpu_seconds() - c0);
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  using namespace gotb::long_cycle;
  if (argc < 3 || std::string(argv[1]) == "--help" || std::string(argv[1]) == "-h") {
    std::fprintf(argc < 3 ? stderr : stdout, "%s", kUsage);
    return argc < 3 ? 2 : 0;
  }
  const std::string rules = argv[1], board = argv[2];
  try {
    if (argc >= 8 && std::string(argv[3]) == "--at") return at(rules, board, argc, argv);
    SweepLimits lim;
    int games = 10;
    auto bad = [&](const std::string& what) {
      std::fprintf(stderr, "long_cycle_sweep: %s\n%s", what.c_str(), kUsage);
      return 2;
    };
    int i = 3;
    if (argc == 4 && argv[3][0] != '-') {  // older form: RULES BOARD N
      long n = 0;
      if (!parse_long(argv[3], n) || n < 0) return bad(std::string("bad number '") + argv[3] + "'");
      lim.check_every = std::max(1L, n);
      games = static_cast<int>(n);
      i = 4;
    }
    for (; i < argc; i += 2) {
      const std::string opt = argv[i];
      if (i + 1 >= argc) return bad("option '" + opt + "' needs a value");
      const char* val = argv[i + 1];
      long n = 0;
      if (opt == "--shard") {
        long k = -1, m = 0;
        const std::string v = val;
        const auto slash = v.find('/');
        if (slash == std::string::npos || !parse_long(v.substr(0, slash).c_str(), k) ||
            !parse_long(v.substr(slash + 1).c_str(), m) || m < 1 || k < 0 || k >= m)
          return bad("--shard wants K/N with 0 <= K < N, got '" + v + "'");
        lim.shard = static_cast<int>(k);
        lim.shard_count = static_cast<int>(m);
      } else if (opt == "--states-from" || opt == "--states-to" || opt == "--check") {
        if (!parse_long(val, n) || n < 0) return bad(opt + " wants a number >= 0, got '" + val + "'");
        if (opt == "--states-from") lim.from = n;
        else if (opt == "--states-to") lim.to = n;
        else {
          lim.check_every = static_cast<int>(n);
          games = static_cast<int>(n);
        }
      } else if (opt == "--moves") {
        if (!parse_long(val, n) || n < 0) return bad(opt + " wants a number >= 0, got '" + val + "'");
        lim.moves_per_state = static_cast<std::uint64_t>(n);
      } else if (opt == "--seconds") {
        lim.seconds = std::atof(val);
        if (!(lim.seconds > 0)) return bad("--seconds wants a positive number");
      } else if (opt == "--nsr") {
        if (!parse_long(val, n) || n < 1) return bad("--nsr wants a depth >= 1");
        lim.nsr_depth = static_cast<int>(n);
      } else if (opt == "--nsr-passes") {
        if (std::string(val) != "0" && std::string(val) != "1") return bad(opt + " wants 0 or 1");
        lim.nsr_passes = std::string(val) == "1";
      } else if (opt == "--explain" || opt == "--shared-check") {
        if (std::string(val) != "0" && std::string(val) != "1") return bad(opt + " wants 0 or 1");
        (opt == "--explain" ? lim.explain : lim.shared_check) = std::string(val) == "1";
      } else if (opt == "--slow") {
        lim.slow_seconds = std::atof(val);
      } else if (opt == "--order") {
        if (std::string(val) != "most" && std::string(val) != "fewest") return bad("--order wants fewest or most");
        lim.most_empty_first = std::string(val) == "most";
      } else {
        return bad("unknown option '" + opt + "'");
      }
    }
    const auto t0 = std::chrono::steady_clock::now();
    const double c0 = cpu_seconds();
    Sweep r;
    std::string name;
    if (rules == "international-nosuicide") {
      r = sweep_international(board, false, lim);
      name = "international:ko=basic-exceptional,suicide=no";
    } else if (rules == "international") {
      r = sweep_international(board, true, lim);
      name = "international:ko=basic-exceptional";
    } else if (rules == "ikeda") {
      r = sweep_ikeda(board, lim);
      name = "ikeda-1:ko=basic-play";
    } else if (rules == "japanese") {
      r = sweep_japanese(board, games, lim);
      name = "japanese-2003";
    } else {
      return bad("unknown ruleset '" + rules + "'");
    }
    long in_shard = 0;
    for (long k = 0; k < r.total; ++k) in_shard += lim.selects(k);
    std::string given_up, differ;
    for (long g : r.given_up) given_up += (given_up.empty() ? "" : ",") + std::to_string(g);
    for (const std::string& d : r.differing) differ += (differ.empty() ? "" : ";") + d;
    std::printf(
        "SWEEP rules=%s board=%s shard=%d/%d from=%ld to=%ld total=%d in_shard=%ld visited=%d decided=%d given_up=%d "
        "differ=%d "
        "mismatches=%d checked=%d board_nodes=%llu state_nodes=%llu cpu_s=%.1f wall_s=%.1f next=%ld given_up_at=%s "
        "differ_at=%s\n",
        name.c_str(), board.c_str(), lim.shard, lim.shard_count, lim.from, lim.to, r.total, in_shard, r.states,
        r.states - r.undecided, r.undecided, r.differ, r.mismatches, r.checked,
        static_cast<unsigned long long>(r.board_nodes), static_cast<unsigned long long>(r.state_nodes),
        cpu_seconds() - c0, std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count(), r.next,
        given_up.empty() ? "-" : given_up.c_str(), differ.empty() ? "-" : differ.c_str());
    std::fflush(stdout);
    return r.mismatches == 0 ? 0 : 1;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "long_cycle_sweep: %s\n", e.what());
    return 2;
  }
}
