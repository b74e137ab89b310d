// Root files: the empty board's proof with both sides' strategies
// (generator/search/root_proof.hpp; docs/solving.md, "Root proofs").
#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <random>
#include <set>
#include <unistd.h>

#include "cli_runner.hpp"
#include "core/rules/tromp_taylor.hpp"
#include "format/tablebase.hpp"
#include "generator/reference/reference_solver.hpp"
#include "generator/search/root_proof.hpp"
#include "generator/search/root_store.hpp"
#include "generator/search/search_solver.hpp"
#include "query/probe.hpp"
#include "query/superko_probe.hpp"
#include "superko_fixtures.hpp"

using namespace gotb;

namespace {

std::string temp_file(const std::string& name) { return test::temp_path("gotb_root", name); }

std::string join(const std::vector<std::string>& v) {
  std::string s;
  for (const auto& m : v) s += (s.empty() ? "" : " ") + m;
  return s;
}

// What the two walkers below share: the line from the empty board, played
// into the rules' game and the search together, and the situations on it.
// Walker::walk() is called below every move that descend() plays.
template <class Walker>
struct LineWalk {
  const TablebaseProbe& probe;
  const Board& board;
  TrompTaylorGame game;
  search::TrompTaylorSearch solver;
  Color side;
  Value root;
  std::vector<std::string> line;
  std::vector<std::uint64_t> sits;  // situations of the line (position + mover)
  std::set<std::vector<std::uint64_t>> seen;

  LineWalk(const TablebaseProbe& p, const Board& b, const RuleSet& r, Color s, Value v)
      : probe(p), board(b), game(b, r, 0), solver(b, TrompTaylorConfig::from(r), 0, {}), side(s), root(v) {
    sits.push_back(key());
  }
  std::uint64_t key() const {
    const Position& p = game.position();
    return p.black | (p.white << 31) | (static_cast<std::uint64_t>(game.to_move() == Color::White) << 62);
  }
  // Plays each move, walks below it, and takes it back.
  void descend(const std::vector<std::string>& moves) {
    for (const std::string& m : moves) {
      Move mv;
      REQUIRE(game.parse_move(m, mv));
      game.play(mv);
      solver.play(mv);
      line.push_back(m);
      sits.push_back(key());
      static_cast<Walker*>(this)->walk();
      sits.pop_back();
      line.pop_back();
      solver.undo();
      game.undo();
    }
  }
};

// Walks every line from the empty board on which `side` plays the file's
// choice and the opponent plays every legal move; at each node the file must
// answer exactly (file-facts) with a move that keeps the value, and the value
// must be the search's under the same history. Lines that reach the same
// state with the same set of situations are the same game: walked once.
struct CoverageWalk : LineWalk<CoverageWalk> {
  std::uint64_t nodes = 0, ends = 0;
  using LineWalk::LineWalk;
  void walk() {
    std::vector<std::uint64_t> id(sits.begin(), sits.end() - 1);
    std::sort(id.begin(), id.end());
    id.push_back(sits.back());
    id.push_back(static_cast<std::uint64_t>(game.consecutive_passes()));
    if (!seen.insert(id).second) return;
    ++nodes;
    if (game.is_over()) {
      ++ends;
      const Value out = game.outcome();
      INFO("line " << join(line));
      CHECK((side == Color::Black ? out >= root : out <= root));
      return;
    }
    const ProbeResult r = probe.probe(line);
    INFO("line " << join(line));
    REQUIRE(r.exact());
    REQUIRE(r.source == ValueSource::FileFacts);
    REQUIRE(superko_answered(r));
    CHECK(r.value.lower == solver.value());
    // The side's stored strategy never lets the value fall below the root's.
    CHECK((side == Color::Black ? r.value.lower >= root : r.value.upper <= root));
    std::vector<std::string> moves;
    if (game.to_move() == side) {
      auto pick = choose_move(r, board);
      REQUIRE(pick);
      moves.push_back(r.moves[*pick].move);
    } else {
      for (const MoveEval& e : r.moves) moves.push_back(e.move);
    }
    descend(moves);
  }
};

}  // namespace

TEST_CASE("root files: every line where one side follows its stored moves is answered from the file",
          "[root][superko]") {
  struct Case {
    const char* board;
    const char* rules;
  };
  // (2x3 under the other three variants passes too, in minutes: the walk
  // of every opponent reply grows fast.)
  const Case cases[] = {{"1x5", "tromp-taylor"},
                        {"1x5", "tromp-taylor:ko=situational,suicide=no"},
                        {"2x2", "tromp-taylor:ko=situational"},
                        {"2x2", "tromp-taylor:suicide=no"},
                        {"2x3", "tromp-taylor"}};
  for (const Case& c : cases) {
    INFO(c.board << " " << c.rules);
    const std::string path = temp_file("cover.gotb");
    const auto gen = test::run_gotb(std::string("generate --root -q -b ") + c.board + " -r " + c.rules + " -o " + path);
    REQUIRE(gen.exit_code == 0);
    REQUIRE(gen.out.find("coverage     complete") != std::string::npos);
    const TablebaseProbe probe(path);
    CHECK(probe.kind() == "superko-root");
    const Board b = Board::parse(c.board);
    const RuleSet r = RuleSet::parse(c.rules);
    const ProbeResult at_root = probe.probe({});
    REQUIRE(at_root.exact());
    CHECK(at_root.source == ValueSource::FileFacts);
    {
      // The root value is the reference solver's (a null window around it).
      TrompTaylorGame g(b, r, 0);
      ReferenceOptions opt;
      opt.memo_megabytes = 16;
      ReferenceSolver ref(g, opt);
      const Value v = at_root.value.lower;
      CHECK(ref.window(v.order - 1, v.order + 1) == v);
    }
    for (Color side : {Color::Black, Color::White}) {
      CoverageWalk w(probe, b, r, side, at_root.value.lower);
      w.walk();
      CHECK(w.ends > 0);
      UNSCOPED_INFO(c.board << " " << c.rules << " side " << (side == Color::Black ? "B" : "W") << ": " << w.nodes
                            << " games-so-far checked");
    }
    std::filesystem::remove(path);
  }
}

TEST_CASE("root files: GTP self-play from the file reaches the root value, every genmove from the file",
          "[root][superko][gtp]") {
  const std::string path = temp_file("gtp.gotb");
  REQUIRE(test::run_gotb("generate --root -q -b 2x3 -r tromp-taylor:ko=situational -o " + path).exit_code == 0);
  const TablebaseProbe probe(path);
  const Value root = probe.probe({}).value.lower;
  std::string script;
  for (int i = 0; i < 40; ++i) script += i % 2 ? "genmove w\\n" : "genmove b\\n";
  // No --fallback: a genmove the file could not answer would be an error.
  const auto gtp = test::run_gotb("gtp --tablebase " + path + " < /dev/stdin",
                                  "printf '" + script + "final_score\\nquit\\n' | ");
  CHECK(gtp.exit_code == 0);
  CHECK(gtp.out.find("? ") == std::string::npos);
  CHECK(gtp.out.find("fallback") == std::string::npos);
  CHECK(gtp.out.find("= " + (root.order == 0 ? std::string("0") : root.to_string()) + "\n") != std::string::npos);
  std::filesystem::remove(path);
}

TEST_CASE("root files: leaving the covered lines is stated, and the fallback answers exactly", "[root][superko][gtp]") {
  // --merge states covers one line per state: on 2x4 some replies of a game
  // reach states whose stored facts fail; genmove then says so on stderr.
  const std::string path = temp_file("states.gotb");
  REQUIRE(test::run_gotb("generate --root -q --merge states -b 2x4 -r tromp-taylor -o " + path).exit_code == 0);
  const TablebaseProbe probe(path);
  const ProbeResult r = probe.probe({});
  REQUIRE(r.exact());
  CHECK(r.value.lower == Value::score(8, 0));
  ProbeOptions o;
  o.fallback = ProbeOptions::Fallback::Search;
  const TablebaseProbe with(path, o);
  // Every answer is exact (from the file or from the search) and equals the
  // search's, whatever the line.
  const Board b = Board::parse("2x4");
  const RuleSet rules = RuleSet::parse("tromp-taylor");
  TrompTaylorGame g(b, rules, 0);
  search::TrompTaylorSearch s(b, TrompTaylorConfig::from(rules), 0, {});
  std::vector<std::string> line;
  std::uint64_t from_file = 0, fallback = 0;
  for (int ply = 0; ply < 30 && !g.is_over(); ++ply) {
    const ProbeResult a = with.probe(line);
    REQUIRE(a.exact());
    CHECK(a.value.lower == s.value());
    (a.source == ValueSource::FileFacts ? from_file : fallback)++;
    // Weak moves for White (the last legal move: often a pass or a self-atari), Black's from the file.
    std::string m = g.to_move() == Color::Black ? a.moves[*choose_move(a, b)].move : a.moves.back().move;
    Move mv;
    REQUIRE(g.parse_move(m, mv));
    g.play(mv);
    s.play(mv);
    line.push_back(m);
  }
  CHECK(from_file > 0);
  std::filesystem::remove(path);
}

TEST_CASE("root files: a truncated or corrupt file is refused with a clear error", "[root][superko]") {
  const std::string path = temp_file("bad.gotb");
  REQUIRE(test::run_gotb("generate --root -q -b 2x3 -r tromp-taylor -o " + path).exit_code == 0);
  std::string bytes;
  {
    std::ifstream in(path, std::ios::binary);
    bytes.assign(std::istreambuf_iterator<char>(in), {});
  }
  REQUIRE(bytes.size() > 4096);
  // Truncated.
  {
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    out.write(bytes.data(), static_cast<std::streamsize>(bytes.size() / 2));
  }
  CHECK_THROWS_AS(TablebaseProbe(path), TablebaseError);
  auto q = test::run_gotb("query " + path);
  CHECK(q.exit_code != 0);
  CHECK(q.out.find("gotb: error:") != std::string::npos);
  // One byte flipped in every 512-byte block after the superblock, one at a
  // time: each file is refused or (where the byte is unused) answers as the
  // intact file does; never a different value.
  std::string good_root;
  {
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
  }
  good_root = TablebaseProbe(path).probe({"B1"}).value.lower.to_string();
  int refused = 0;
  for (std::size_t at = 1024; at < bytes.size(); at += 512) {
    std::string bad = bytes;
    bad[at] = static_cast<char>(bad[at] ^ 0x5A);
    {
      std::ofstream out(path, std::ios::binary | std::ios::trunc);
      out.write(bad.data(), static_cast<std::streamsize>(bad.size()));
    }
    try {
      // Refused at open, or (a chunk of the fact stream, read lazily) by
      // the probe that reads it.
      const TablebaseProbe p(path);
      const std::string v = p.probe({"B1"}).value.lower.to_string();
      CHECK(v == good_root);
    } catch (const TablebaseError&) {
      ++refused;
    }
  }
  CHECK(refused > 0);
  std::filesystem::remove(path);
}

namespace {

// --values strategy files: walks lines where `side` plays the file's choice
// and the opponent every legal move (deduplicated as CoverageWalk). Every
// bound the file gives must contain the exact search's value under the same
// history, and wherever the file lets `side` play (exact, or its proven
// bound with a stored move) the value stays on its side of the root's. A
// line stops where the file has nothing for `side` (partial coverage).
struct StrategyWalk : LineWalk<StrategyWalk> {
  std::uint64_t nodes = 0, played = 0, bounds_only = 0, uncovered = 0;
  using LineWalk::LineWalk;
  void walk() {
    std::vector<std::uint64_t> id(sits.begin(), sits.end() - 1);
    std::sort(id.begin(), id.end());
    id.push_back(sits.back());
    id.push_back(static_cast<std::uint64_t>(game.consecutive_passes()));
    if (!seen.insert(id).second || game.is_over()) return;
    ++nodes;
    const ProbeResult r = probe.probe(line);
    INFO("line " << join(line));
    const Value exact = solver.value();
    CHECK(r.value.lower <= exact);
    CHECK(exact <= r.value.upper);
    for (const MoveEval& e : r.moves)
      if (!e.ends_game && (e.value.lower > Value::score(-static_cast<int>(board.size()), 0) ||
                           e.value.upper < Value::score(static_cast<int>(board.size()), 0))) {
        Move mv;
        REQUIRE(game.parse_move(e.move, mv));
        solver.play(mv);
        const Value child = solver.value();
        solver.undo();
        CHECK(e.value.lower <= child);
        CHECK(child <= e.value.upper);
      }
    std::vector<std::string> moves;
    if (game.to_move() == side) {
      if (!r.exact() && !r.strategy_move) {
        ++uncovered;
        return;
      }
      bounds_only += !r.exact();
      // The side's bound: at least the root's, and the chosen move keeps it.
      CHECK((side == Color::Black ? r.value.lower >= root : r.value.upper <= root));
      auto pick = choose_move(r, board);
      REQUIRE(pick);
      const MoveEval& e = r.moves[*pick];
      CHECK((side == Color::Black ? e.value.lower >= root : e.value.upper <= root));
      moves.push_back(e.move);
      ++played;
    } else {
      CHECK((side == Color::Black ? exact >= root : exact <= root));
      for (const MoveEval& e : r.moves) moves.push_back(e.move);
    }
    descend(moves);
  }
};

}  // namespace

TEST_CASE("root files, --values strategy: bounds are the search's, self-play stays exact from the file",
          "[root][superko][gtp]") {
  struct Case {
    const char* board;
    const char* rules;
  };
  const Case cases[] = {{"1x5", "tromp-taylor"}, {"2x2", "tromp-taylor:ko=situational"}, {"2x3", "tromp-taylor"}};
  for (const Case& c : cases) {
    INFO(c.board << " " << c.rules);
    const std::string path = temp_file("strategy.gotb");
    const auto gen = test::run_gotb(std::string("generate --root -q --merge states --values strategy -b ") + c.board +
                                    " -r " + c.rules + " -o " + path);
    REQUIRE(gen.exit_code == 0);
    REQUIRE(gen.out.find("values       strategy") != std::string::npos);
    const TablebaseProbe probe(path);
    const ProbeResult at_root = probe.probe({});
    REQUIRE(at_root.exact());
    const Board b = Board::parse(c.board);
    const RuleSet r = RuleSet::parse(c.rules);
    {
      TrompTaylorGame g(b, r, 0);
      ReferenceOptions opt;
      opt.memo_megabytes = 16;
      ReferenceSolver ref(g, opt);
      const Value v = at_root.value.lower;
      CHECK(ref.window(v.order - 1, v.order + 1) == v);
    }
    for (Color side : {Color::Black, Color::White}) {
      StrategyWalk w(probe, b, r, side, at_root.value.lower);
      w.walk();
      CHECK(w.played > 0);
      UNSCOPED_INFO(c.board << " side " << (side == Color::Black ? "B" : "W") << ": " << w.nodes << " nodes, "
                            << w.played << " played from the file (" << w.bounds_only << " from a bound), "
                            << w.uncovered << " uncovered");
    }
    // Self-play: both sides follow the file, every genmove from it with the
    // exact value (no note on stderr), ending at the root value.
    std::string script;
    for (int i = 0; i < 40; ++i) script += i % 2 ? "genmove w\\n" : "genmove b\\n";
    const auto gtp = test::run_gotb("gtp --tablebase " + path + " < /dev/stdin 2>&1",
                                    "printf '" + script + "final_score\\nquit\\n' | ");
    CHECK(gtp.exit_code == 0);
    CHECK(gtp.out.find("? ") == std::string::npos);
    CHECK(gtp.out.find("gotb gtp:") == std::string::npos);
    const Value root = at_root.value.lower;
    CHECK(gtp.out.find("= " + (root.order == 0 ? std::string("0") : root.to_string()) + "\n") != std::string::npos);
    std::filesystem::remove(path);
  }
}

TEST_CASE("root files: a position with a non-trivial stabiliser is answered under every symmetry onto its key",
          "[root][superko]") {
  // 3x3, --merge states, Black from the file and White's moves from
  // random-opponent games (benchmarks/root_gtp_random.py). The final
  // position of each line is fixed by a reflection (strategy: Black A1 B2
  // B3 C2, the diagonal swapping B3 and C2; exact: a lone White stone on
  // C1, the diagonal through A3 and C1), so two symmetries map it onto
  // its canonical key. The walk merged this state with a mirror image and
  // walked the mirrored line; the facts stored there name the mirrored
  // history, which only the second symmetry maps onto. A reader that tried
  // only the least-key symmetry answered [W+9, B+9] here and GTP refused
  // the genmove (docs/solving.md, "Root proofs", "Symmetric positions").
  struct Case {
    const char* values;
    std::vector<std::string> line;
  };
  const Case cases[] = {
      {"strategy", {"B2", "B1", "C2", "A2", "B3", "A3", "A1", "C1"}},
      {"exact", {"B2", "A2", "B1", "C1", "B3", "C2", "A3", "A1", "C3", "A1", "C2", "A2", "A1", "pass", "A2", "C1"}}};
  const Board b = Board::parse("3x3");
  const RuleSet rules = RuleSet::parse("tromp-taylor");
  for (const Case& c : cases) {
    INFO("--values " << c.values << ", line " << join(c.line));
    const std::string path = temp_file("stab.gotb");
    REQUIRE(test::run_gotb(std::string("generate --root -q --merge states --values ") + c.values +
                           " -b 3x3 -r tromp-taylor -o " + path)
                .exit_code == 0);
    const TablebaseProbe probe(path);
    TrompTaylorGame g(b, rules, 0);
    search::TrompTaylorSearch s(b, TrompTaylorConfig::from(rules), 0, {});
    for (const std::string& t : c.line) {
      Move mv;
      REQUIRE(g.parse_move(t, mv));
      g.play(mv);
      s.play(mv);
    }
    REQUIRE(g.to_move() == Color::Black);
    {
      // The state is a stabiliser case (else this test would not test it).
      const search::RootFrame frame(b, TrompTaylorConfig::from(rules).situational);
      const int passes = std::min(g.consecutive_passes(), 1);
      const auto cn = frame.canonical(g.position(), g.to_move(), passes);
      CHECK(frame.onto_canonical(g.position(), g.to_move(), passes, cn).size() == 2);
    }
    const ProbeResult r = probe.probe(c.line);
    REQUIRE(r.exact());
    CHECK(r.source == ValueSource::FileFacts);
    CHECK(r.value.lower == s.value());
    // Black has a move from the file that keeps the value.
    REQUIRE(superko_answered(r));
    const auto pick = choose_move(r, b);
    REQUIRE(pick);
    CHECK(r.moves[*pick].value.lower >= r.value.lower);
    // GTP plays it (no --fallback: a genmove the file cannot answer is an error).
    std::string script = "boardsize 3\\nclear_board\\n";
    for (std::size_t i = 0; i < c.line.size(); ++i)
      script += std::string("play ") + (i % 2 ? "w " : "b ") + c.line[i] + "\\n";
    const auto gtp = test::run_gotb("gtp --tablebase " + path + " < /dev/stdin 2>&1",
                                    "printf '" + script + "genmove b\\nquit\\n' | ");
    CHECK(gtp.exit_code == 0);
    CHECK(gtp.out.find("? ") == std::string::npos);
    std::filesystem::remove(path);
  }
}

TEST_CASE("root entry store: spilled records decode and pack to the same bytes as the entries", "[root][superko]") {
  // The walk keeps its entries compact (generator/search/root_store.hpp),
  // the records in a spill file; a one-byte buffer spills every record, so
  // every decode below reads the file back.
  const Board b = Board::parse("2x4");
  const RuleSet r = RuleSet::parse("tromp-taylor");
  search::RootGenerateOptions opt;
  opt.table_megabytes = 16;
  opt.merge_states = true;
  opt.strategy_values = true;
  std::vector<search::RootEntry> decoded;
  const search::RootGenerateStats plain = search::generate_root(b, r, opt, decoded);
  const std::string spill = temp_file("store.spill");
  search::RootStore store(spill, 1);
  CHECK_FALSE(std::filesystem::exists(spill));  // unlinked at once
  const search::RootGenerateStats st = search::generate_root(b, r, opt, store);
  REQUIRE(store.size() == decoded.size());
  REQUIRE(store.size() > 100);
  CHECK(st.value == plain.value);
  CHECK(st.nodes == plain.nodes);
  std::uint64_t facts = 0;
  for (const auto& e : decoded)
    facts += e.proof.lo.absent.size() + e.proof.lo.present.size() + e.proof.hi.absent.size() + e.proof.hi.present.size();
  CHECK(st.facts == facts);
  CHECK(store.record_bytes() > 0);
  CHECK(store.spilled_bytes() == store.record_bytes());  // every record is on disk
  // Creation order in the store, key order (stable) in `decoded`.
  std::vector<search::RootEntry> from_store;
  for (std::uint32_t i = 0; i < store.size(); ++i) from_store.push_back(store.entry(i));
  std::stable_sort(from_store.begin(), from_store.end(),
                   [](const search::RootEntry& x, const search::RootEntry& y) { return x.key < y.key; });
  CHECK(from_store == decoded);
  const search::RootArrays packed = store.pack(), expected = search::pack_root(decoded);
  CHECK(packed.state_key == expected.state_key);
  CHECK(packed.rest.value == expected.rest.value);
  CHECK(packed.rest.best == expected.rest.best);
  CHECK(packed.rest.lo_cap == expected.rest.lo_cap);
  CHECK(packed.rest.hi_cap == expected.rest.hi_cap);
  CHECK(packed.rest.facts == expected.rest.facts);
  CHECK(packed.rest.fact_index == expected.rest.fact_index);
}

namespace {

// Everything a probe answers, as text: two readers agree when these do.
std::string fingerprint(const ProbeResult& r) {
  std::string s = r.value.to_string() + " " + source_name(r.source) + (r.strategy_move ? " strategy" : "") + " | " +
                  r.note + " |";
  for (const MoveEval& e : r.moves) s += " " + e.move + "=" + e.value.to_string() + "/" + source_name(e.source);
  return s;
}

}  // namespace

TEST_CASE("root files: the lazy reader gives the answers of a full decode", "[root][superko]") {
  struct Case {
    const char* board;
    const char* args;
  };
  const Case cases[] = {{"2x3", "-r tromp-taylor"},
                        {"2x4", "--merge states -r tromp-taylor"},
                        {"3x3", "--merge states -r tromp-taylor"}};
  for (const Case& c : cases) {
    INFO(c.board << " " << c.args);
    const std::string path = temp_file("lazy.gotb");
    REQUIRE(test::run_gotb(std::string("generate --root -q -b ") + c.board + " " + c.args + " -o " + path).exit_code ==
            0);
    auto reader = std::make_shared<TablebaseReader>(path);
    const GameSpec spec{reader->board(), RuleSet::parse(reader->meta().rules), reader->meta().komi};
    // The fact stream spans many chunks (its chunks are as long as the
    // per-entry arrays), and some record crosses a chunk boundary: the lazy
    // reader's range reads are exercised, not just one cached chunk.
    const int facts_id = reader->array_id(search::kSkFacts);
    std::uint64_t chunk = 0;
    for (const auto& a : reader->array_info())
      if (a.name == search::kSkFacts) {
        chunk = a.chunk_values;
        CHECK(a.chunks > RootFile::kRootCacheChunks / 8);
      }
    REQUIRE(chunk > 0);
    CHECK(test::some_fact_record_crosses_chunks(*reader, chunk));
    CHECK(reader->array_length(facts_id) > chunk);

    const RootFile lazy(reader, spec);  // RootFile::Load::Lazy
    const RootFile full(std::make_shared<TablebaseReader>(path), spec, RootFile::Load::Full);
    REQUIRE(lazy.entries() == full.entries());
    // Games where each move is, by a coin, the file's choice or a random
    // legal one: they follow the stored lines for a while and then leave
    // them, so both covered and uncovered states are asked; every prefix is
    // compared (the state's and every child's answer).
    std::mt19937 rng(20);
    std::uint64_t exact = 0, probes = 0;
    for (int game = 0; game < 60; ++game) {
      TrompTaylorGame g(spec.board, spec.rules, spec.komi);
      std::vector<std::string> history;
      while (!g.is_over() && history.size() < 40) {
        const ProbeResult a = lazy.probe(history), b = full.probe(history);
        REQUIRE(fingerprint(a) == fingerprint(b));
        ++probes;
        exact += a.exact();
        Move mv;
        if (rng() % 2 == 0) {
          const auto pick = choose_move(b, spec.board);
          if (!pick || !proven(b)) break;
          REQUIRE(g.parse_move(b.moves[*pick].move, mv));
        } else {
          std::vector<Move> legal;
          g.legal_moves(legal);
          mv = legal[rng() % legal.size()];
        }
        history.push_back(g.move_name(mv));
        g.play(mv);
      }
    }
    UNSCOPED_INFO(c.board << ": " << probes << " probes compared, " << exact << " exact");
    CHECK(exact > 0);
    CHECK(exact < probes);
    lazy.verify_entries();  // reads every record through the chunk cache
    std::filesystem::remove(path);
  }
}

TEST_CASE("root files: the lazy reader opens past a damaged fact record and refuses it when read",
          "[root][superko]") {
  const std::string path = temp_file("lazybad.gotb");
  REQUIRE(test::run_gotb("generate --root -q -b 2x3 -r tromp-taylor -o " + path).exit_code == 0);
  std::string bytes;
  {
    std::ifstream in(path, std::ios::binary);
    bytes.assign(std::istreambuf_iterator<char>(in), {});
  }
  // Every zstd frame (chunk) damaged in turn: a full decode always refuses
  // the file at open; the lazy reader refuses it at open (a per-entry array)
  // or when the damaged chunk is read (verify_entries reads every record).
  const std::string magic("\x28\xb5\x2f\xfd", 4);
  int frames = 0, opened = 0;
  for (std::size_t at = bytes.find(magic); at != std::string::npos; at = bytes.find(magic, at + 1)) {
    std::string bad = bytes;
    bad[at + 8] = static_cast<char>(bad[at + 8] ^ 0x20);
    {
      std::ofstream out(path, std::ios::binary | std::ios::trunc);
      out.write(bad.data(), static_cast<std::streamsize>(bad.size()));
    }
    ++frames;
    auto reader = std::make_shared<TablebaseReader>(path);
    const GameSpec spec{reader->board(), RuleSet::parse(reader->meta().rules), reader->meta().komi};
    CHECK_THROWS_AS(RootFile(std::make_shared<TablebaseReader>(path), spec, RootFile::Load::Full), TablebaseError);
    std::unique_ptr<RootFile> lazy;
    try {
      lazy = std::make_unique<RootFile>(reader, spec);
    } catch (const TablebaseError&) {
      continue;
    }
    ++opened;
    CHECK_THROWS_WITH(lazy->verify_entries(), Catch::Contains("is corrupt"));
  }
  CHECK(frames > 8);
  CHECK(opened > 0);
  std::filesystem::remove(path);
}

namespace {

// The --merge states walk (generator/search/root_proof.cpp, Walker::walk)
// replayed from its file: the same depth-first order over the rules' legal
// moves, the same strategy masks, the same "one walk per canonical state
// and strategy" merge, and at each walked node the move the walk followed
// (the reader's choice there is the walk's: the first entry in file order
// whose facts hold under that line, the walk's own entry or an earlier
// one; docs/solving.md, "Root proofs"). `lines[side]` maps each line the
// walk visited on that side's strategy to Walked or Merged (a state
// walked before, on `first[its key]`; its subtree was not walked again).
struct MergeReplay {
  enum Node { Walked = 1, Merged = 2 };
  const RootFile& file;
  search::RootFrame frame;
  TrompTaylorGame game;
  std::vector<Position> positions;
  std::vector<Color> colours;
  std::vector<std::string> line;
  std::map<std::uint64_t, std::uint8_t> seen;
  std::map<std::uint64_t, std::vector<std::string>> first;
  std::map<std::vector<std::string>, int> lines[2];  // [0]: Black's strategy, [1]: White's
  MergeReplay(const RootFile& f, const GameSpec& spec)
      : file(f), frame(spec.board, TrompTaylorConfig::from(spec.rules).situational), game(spec.board, spec.rules, 0) {
    positions.push_back(game.position());
    colours.push_back(game.to_move());
  }
  void mark(std::uint8_t mask, Node n) {
    for (int s = 0; s < 2; ++s)
      if (mask & (1 << s)) lines[s][line] = n;
  }
  void walk(std::uint8_t mask) {
    if (game.is_over()) return mark(mask, Walked);
    const int passes = game.consecutive_passes();
    const Color mover = game.to_move();
    const auto cn = frame.canonical(game.position(), mover, passes);
    std::uint8_t& s = seen[cn.key];
    if ((s & mask) == mask) return mark(mask, Merged);
    s |= mask;
    first.try_emplace(cn.key, line);
    mark(mask, Walked);
    const SuperkoFile::Answer a = file.at(positions, colours, passes);
    INFO("walked line " << join(line));
    REQUIRE(a.value.exact());  // the walk proved an entry that holds on this very line
    REQUIRE(a.best != -2);
    const std::uint8_t own = mover == Color::Black ? 1 : 2, other = 3 ^ own;
    const bool every = (mask & other) != 0;
    std::vector<Move> moves;
    game.legal_moves(moves);
    for (Move m : moves) {
      const bool best = (m.is_play() ? m.point : -1) == a.best;
      if (!every && !best) continue;
      const std::uint8_t cmask = static_cast<std::uint8_t>((every ? other : 0) | ((mask & own) && best ? own : 0));
      line.push_back(game.move_name(m));
      game.play(m);
      positions.push_back(game.position());
      colours.push_back(game.to_move());
      walk(cmask);
      colours.pop_back();
      positions.pop_back();
      game.undo();
      line.pop_back();
    }
  }
};

}  // namespace

TEST_CASE("root files, --merge states: a game leaves the stored lines only through a state merged with another line",
          "[root][superko][gtp]") {
  // Random-opponent games (as benchmarks/root_gtp_random.py): the file's
  // side plays GTP's choice, the other side random legal moves (a pass one
  // time in 20). A genmove the file cannot answer (not proven: GTP refuses
  // it without --fallback) must lie below a node where the game's line met
  // a state the walk had already walked on another line (another history,
  // or a mirror image): --merge states walks each state once per strategy,
  // so such a line is not covered by design ("Root proofs", "--merge
  // states"). A refusal on a line the walk itself followed would be a bug.
  const std::string path = temp_file("mergecov.gotb");
  REQUIRE(test::run_gotb("generate --root -q --merge states -b 3x3 -r tromp-taylor -o " + path).exit_code == 0);
  auto reader = std::make_shared<TablebaseReader>(path);
  const GameSpec spec{reader->board(), RuleSet::parse(reader->meta().rules), reader->meta().komi};
  const RootFile file(reader, spec);
  MergeReplay replay(file, spec);
  replay.walk(3);
  for (int side : {0, 1}) {  // 0: Black from the file, 1: White
    std::mt19937 rng(7 + side);
    std::uint64_t refused = 0, merged_games = 0, genmoves = 0, mirror_merges = 0, other_history = 0, left_lines = 0;
    std::vector<std::string> examples;
    for (int g = 0; g < 300; ++g) {
      TrompTaylorGame game(spec.board, spec.rules, spec.komi);
      std::vector<std::string> history;
      // The game is followed on the walk's lines through a symmetry `perm`
      // (identity at first): where its image meets a merged state that is
      // the image of the state's first walk under another symmetry (a
      // mirror-image line, the same history), it goes on from that walk;
      // where it meets one under another history, or where its image leaves
      // the walked lines (the file's side chose another image of a move at
      // a symmetric position), the walk's coverage ends there.
      std::vector<int> perm(spec.board.size());
      for (int p = 0; p < spec.board.size(); ++p) perm[p] = p;
      std::vector<std::string> image;  // the game's line through perm
      bool covered = true, met_merge = false;
      std::string why;
      auto positions_of = [&](const std::vector<std::string>& l) {
        TrompTaylorGame h(spec.board, spec.rules, spec.komi);
        std::vector<Position> ps{h.position()};
        for (const std::string& t : l) {
          Move mv;
          REQUIRE(h.parse_move(t, mv));
          h.play(mv);
          ps.push_back(h.position());
        }
        return ps;
      };
      const Symmetries sym(spec.board);
      auto follow = [&]() {
        if (!covered) return;
        const auto at = replay.lines[side].find(image);
        if (at == replay.lines[side].end()) {
          covered = false;
          why = "left the walked lines at ply " + std::to_string(image.size()) + " (another image of a stored move)";
          ++left_lines;
          return;
        }
        if (at->second != MergeReplay::Merged) return;
        met_merge = true;
        const auto cn = replay.frame.canonical(game.position(), game.to_move(), game.consecutive_passes());
        const std::vector<std::string>& walked = replay.first[cn.key];
        const std::vector<Position> here = positions_of(image), there = positions_of(walked);
        for (int g = 0; g < sym.count() && here.size() == there.size(); ++g) {
          bool same = true;
          for (std::size_t k = 0; k < here.size() && same; ++k) same = sym.apply(g, here[k]) == there[k];
          if (!same) continue;
          for (int& q : perm) q = sym.perm(g)[q];
          image = walked;
          ++mirror_merges;
          return;
        }
        covered = false;
        why = "met at ply " + std::to_string(image.size()) + " the state the walk of '" + join(walked) +
              "' had walked, under another history";
        ++other_history;
      };
      while (!game.is_over() && history.size() < 200) {
        Move mv;
        if ((game.to_move() == Color::Black) == (side == 0)) {
          ++genmoves;
          const ProbeResult r = file.probe(history);
          if (!proven(r)) {
            ++refused;
            INFO("game " << g << " line " << join(history));
            CHECK(!covered);  // never on a line the walk covered
            CHECK(r.note.find("coverage is partial (--merge states)") != std::string::npos);
            if (examples.size() < 8) examples.push_back("refused after '" + join(history) + "': " + why);
            break;
          }
          const auto pick = choose_move(r, spec.board);
          REQUIRE(pick);
          REQUIRE(game.parse_move(r.moves[*pick].move, mv));
        } else {
          std::vector<Move> legal;
          game.legal_moves(legal);
          std::vector<Move> plays;
          for (Move m : legal)
            if (m.is_play()) plays.push_back(m);
          mv = plays.empty() || rng() % 20 == 0 ? Move::pass() : plays[rng() % plays.size()];
        }
        history.push_back(game.move_name(mv));
        image.push_back(game.move_name(mv.is_play() ? Move::play(perm[mv.point]) : mv));
        game.play(mv);
        follow();
      }
      merged_games += met_merge;
    }
    UNSCOPED_INFO("3x3 --merge states, " << (side == 0 ? "Black" : "White") << " from the file: " << genmoves
                                         << " genmoves, " << refused << " refused; merges with a mirror image "
                                         << "followed " << mirror_merges << ", games that left the walk's lines: "
                                         << other_history << " at a state walked under another history, "
                                         << left_lines << " by another image of a stored move");
    for (const std::string& e : examples) UNSCOPED_INFO(e);
    CHECK(merged_games > 0);
  }
  std::filesystem::remove(path);
}
