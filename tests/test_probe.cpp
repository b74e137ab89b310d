// The probe API (query/probe.hpp): exact vs not exact said correctly, no
// guess where the file's values do not cover the history, concurrent
// probes, corrupt files, and the backend the front ends use.
#include <unistd.h>

#include <catch2/catch.hpp>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <random>
#include <nlohmann/json.hpp>
#include <thread>

#include "core/rules/games.hpp"
#include "format/tablebase.hpp"
#include "query/backends.hpp"
#include "query/gtp.hpp"
#include "query/probe.hpp"
#include "query/reference_backend.hpp"
#include "tests/cli_runner.hpp"
#include "tests/random_history.hpp"

namespace fs = std::filesystem;
using namespace gotb;
using gotb::test::run_gotb;

namespace {

struct ProbeTmp {
  fs::path dir = fs::temp_directory_path() / ("gotb-probe-" + std::to_string(::getpid()));
  ProbeTmp() {
    fs::remove_all(dir);
    fs::create_directories(dir);
  }
  ~ProbeTmp() {
    std::error_code ec;
    fs::remove_all(dir, ec);
  }
  std::string generate(const std::string& board, const std::string& rules, double komi = 0) {
    const std::string file = (dir / (board + "-" + std::to_string(komi) + ".h5")).string();
    auto r = run_gotb("generate -q -b " + board + " -r " + rules + " -k " + komi_text(komi) + " -o " + file);
    INFO(r.out);
    REQUIRE(r.exit_code == 0);
    return file;
  }
};

std::vector<std::vector<std::string>> random_histories(const GameSpec& spec, int n, unsigned seed) {
  std::mt19937 rng(seed);
  std::vector<std::vector<std::string>> out{{}};
  for (int i = 0; i < n; ++i) {
    TrompTaylorGame g(spec.board, spec.rules, spec.komi);
    out.push_back(test::random_history(g, rng, static_cast<int>(rng() % 12)));
  }
  return out;
}

// Values and sources of a result, as comparable text.
std::string fingerprint(const ProbeResult& r) {
  std::string s = r.value.to_string() + "/" + source_name(r.source);
  for (const auto& m : r.moves) s += " " + m.move + "=" + m.value.to_string() + "/" + source_name(m.source);
  return s;
}

}  // namespace

TEST_CASE("probe: a fixpoint file claims no exact value, only final scores", "[probe]") {
  ProbeTmp tmp;
  const std::string file = tmp.generate("2x2", "tromp-taylor:no-suicide", 0.5);
  TablebaseProbe tb(file);
  CHECK(tb.kind() == "fixpoints");
  CHECK(tb.spec().describe() == GameSpec{Board::parse("2x2"), RuleSet::parse("tromp-taylor:no-suicide"), 0.5}.describe());
  int agreeing = 0;
  for (const auto& h : random_histories(tb.spec(), 60, 7)) {
    INFO("history of " << h.size() << " moves");
    ProbeResult r = tb.probe(h);
    if (r.game_over) {
      CHECK(r.exact());
      CHECK(r.source == ValueSource::GameOver);
      continue;
    }
    // Never exact: not even where both fixpoints agree (docs/solving.md §2).
    CHECK_FALSE(r.exact());
    CHECK(r.source == ValueSource::FileFixpoints);
    REQUIRE(r.fixpoints);
    agreeing += r.fixpoints->agree();
    CHECK(r.value.lower.identical(Value::score(-4, 0.5)));
    CHECK(r.value.upper.identical(Value::score(4, 0.5)));
    CHECK(r.note.find("not proven superko values") != std::string::npos);
    for (const auto& m : r.moves) {
      CHECK(m.value.exact() == m.ends_game);
      CHECK((m.source == ValueSource::GameOver) == m.ends_game);
      CHECK(m.fixpoints.has_value() != m.ends_game);
    }
    // No principal variation from values that are not exact.
    ProbeRequest req;
    req.with_pv = true;
    CHECK(tb.probe(h, req).pv.empty());
  }
  CHECK(agreeing > 0);  // the case that must not be taken for exact occurs
}

TEST_CASE("probe: --fallback search answers exactly, equal to the reference solver", "[probe]") {
  ProbeTmp tmp;
  for (const char* rules : {"tromp-taylor", "tromp-taylor:no-suicide,ko=situational"}) {
    INFO(rules);
    const std::string file = tmp.generate("2x2", rules, 1);
    ProbeOptions o;
    o.fallback = ProbeOptions::Fallback::Search;
    TablebaseProbe tb(file, o);
    ReferenceBackend ref;
    for (const auto& h : random_histories(tb.spec(), 25, 11)) {
      ProbeResult r = tb.probe(h);
      Analysis a = ref.analyze(tb.spec(), h);
      a.moves = best_first(a);
      REQUIRE(r.exact());
      CHECK(r.value.lower.identical(a.value.lower));
      REQUIRE(r.moves.size() == a.moves.size());
      for (std::size_t i = 0; i < r.moves.size(); ++i) {
        CHECK(r.moves[i].value.exact());
        CHECK(r.moves[i].value.lower.identical(a.moves[i].value.lower));
        CHECK(r.moves[i].ends_game == a.moves[i].ends_game);
      }
      if (!r.game_over) {
        CHECK(r.source == ValueSource::Search);
        CHECK(r.fixpoints.has_value());
        // The principal variation keeps the value to the end of the game.
        ProbeRequest req;
        req.with_pv = true;
        ProbeResult p = tb.probe(h, req);
        REQUIRE_FALSE(p.pv.empty());
        std::vector<std::string> line = h;
        line.insert(line.end(), p.pv.begin(), p.pv.end());
        TrompTaylorGame g(tb.spec().board, tb.spec().rules, tb.spec().komi);
        replay_moves(g, line);
        CHECK(g.is_over());
        CHECK(g.outcome().identical(r.value.lower));
      }
    }
  }
}

TEST_CASE("probe: concurrent probes on one opened file equal sequential ones", "[probe][threads]") {
  ProbeTmp tmp;
  const std::string file = tmp.generate("2x3", "tromp-taylor:no-suicide");
  for (std::uint64_t load : {std::uint64_t{1} << 30, std::uint64_t{0}}) {  // loaded arrays, then chunk by chunk
    INFO("max_load_bytes " << load);
    ProbeOptions o;
    o.max_load_bytes = load;
    TablebaseProbe tb(file, o);
    const auto histories = random_histories(tb.spec(), 40, 3);
    std::vector<std::string> expected;
    for (const auto& h : histories) expected.push_back(fingerprint(tb.probe(h)));
    std::vector<std::string> got(histories.size() * 4);
    std::vector<std::thread> threads;
    for (int t = 0; t < 4; ++t)
      threads.emplace_back([&, t] {
        for (std::size_t i = 0; i < histories.size(); ++i) {
          const std::size_t k = (i + 7 * t) % histories.size();
          got[t * histories.size() + k] = fingerprint(tb.probe(histories[k]));
        }
      });
    for (auto& th : threads) th.join();
    for (std::size_t i = 0; i < got.size(); ++i) CHECK(got[i] == expected[i % histories.size()]);
  }
}

TEST_CASE("probe: concurrent probes of an exact file (history checks) equal sequential ones", "[probe][threads][exact]") {
  ProbeTmp tmp;
  const std::string file = tmp.generate("3x3", "tromp-taylor:ko=basic,suicide=no", 8.5);
  TablebaseProbe tb(file);
  const auto histories = random_histories(tb.spec(), 40, 5);
  std::vector<std::string> expected;
  for (const auto& h : histories) {
    const ProbeResult r = tb.probe(h);
    expected.push_back(fingerprint(r) + " nodes " + std::to_string(r.nodes));
  }
  std::vector<std::string> got(histories.size() * 4);
  std::vector<std::thread> threads;
  for (int t = 0; t < 4; ++t)
    threads.emplace_back([&, t] {
      for (std::size_t i = 0; i < histories.size(); ++i) {
        const std::size_t k = (i + 11 * t) % histories.size();
        const ProbeResult r = tb.probe(histories[k]);
        got[t * histories.size() + k] = fingerprint(r) + " nodes " + std::to_string(r.nodes);
      }
    });
  for (auto& th : threads) th.join();
  for (std::size_t i = 0; i < got.size(); ++i) CHECK(got[i] == expected[i % histories.size()]);
}

TEST_CASE("probe: bad files and bad histories give clear errors", "[probe][errors]") {
  ProbeTmp tmp;
  CHECK_THROWS_AS(TablebaseProbe((tmp.dir / "missing.h5").string()), TablebaseError);
  CHECK_THROWS_WITH(TablebaseProbe((tmp.dir / "missing.h5").string()), Catch::Contains("cannot open"));
  const std::string text = (tmp.dir / "text.h5").string();
  std::ofstream(text) << "not a tablebase\n";
  CHECK_THROWS_AS(TablebaseProbe(text), TablebaseError);

  // A damaged chunk: refused when the arrays are read at open, and at the
  // first probe that needs the chunk when they are read lazily.
  const std::string file = tmp.generate("2x3", "tromp-taylor:no-suicide");
  std::string bytes;
  {
    std::ifstream in(file, std::ios::binary);
    bytes.assign(std::istreambuf_iterator<char>(in), {});
  }
  const std::string magic("\x28\xb5\x2f\xfd", 4);
  const std::size_t frame = bytes.rfind(magic);
  REQUIRE(frame != std::string::npos);
  bytes[frame + 8] = static_cast<char>(bytes[frame + 8] ^ 0x20);
  const std::string bad = (tmp.dir / "bad.h5").string();
  std::ofstream(bad, std::ios::binary) << bytes;
  CHECK_THROWS_WITH(TablebaseProbe(bad), Catch::Contains("bad.h5") && Catch::Contains("is corrupt"));
  ProbeOptions lazy;
  lazy.max_load_bytes = 0;
  TablebaseProbe tb(bad, lazy);  // opening reads no chunk
  bool refused = false;
  for (const auto& h : random_histories(tb.spec(), 30, 5)) {
    try {
      tb.probe(h);
    } catch (const TablebaseError& e) {
      refused = true;
      CHECK(std::string(e.what()).find("is corrupt") != std::string::npos);
    }
  }
  CHECK(refused);

  TablebaseProbe good(file);
  CHECK_THROWS_WITH(good.probe({"A1", "A1"}), Catch::Contains("move 2 'A1' is illegal"));
  CHECK_THROWS_WITH(good.probe({"Z9"}), Catch::Contains("names no point"));

  // The backend answers for the file's game only.
  TablebaseBackend backend(std::make_shared<const TablebaseProbe>(file));
  CHECK(backend.unsupported(good.spec()).empty());
  GameSpec other = good.spec();
  other.komi = 0.5;
  CHECK(backend.unsupported(other).find("answers for 2x3") != std::string::npos);
  CHECK_THROWS_AS(backend.analyze(other, {}), std::invalid_argument);
}

TEST_CASE("GTP from a file: refuses non-exact states, plays perfectly with a fallback", "[probe][gtp]") {
  ProbeTmp tmp;
  const std::string file = tmp.generate("2x2", "tromp-taylor");
  {
    TablebaseBackend backend(std::make_shared<const TablebaseProbe>(file));
    GtpEngine e(backend, backend.probe().spec());
    const std::string r = e.handle_line("genmove b");
    CHECK(r.rfind("? no exact value for this position (file-fixpoints)", 0) == 0);
    CHECK(e.game().moves().empty());
    CHECK(e.handle_line("boardsize 3").rfind("? unacceptable size", 0) == 0);
    CHECK(e.handle_line("komi 0.5").rfind("? unacceptable komi", 0) == 0);
    CHECK(e.handle_line("gotb-value").find("bounds, tablebase, file-fixpoints") != std::string::npos);
  }
  ProbeOptions o;
  o.fallback = ProbeOptions::Fallback::Search;
  TablebaseBackend backend(std::make_shared<const TablebaseProbe>(file, o));
  ReferenceBackend ref;
  const Value start = ref.analyze(backend.probe().spec(), {}).value.lower;
  GtpEngine e(backend, backend.probe().spec());
  for (int ply = 0; ply < 100 && !e.game().now().over; ++ply) {
    const std::string r = e.handle_line(ply % 2 ? "genmove w" : "genmove b");
    REQUIRE(r.rfind("= ", 0) == 0);
    // Every move keeps the exact value.
    CHECK(ref.analyze(backend.probe().spec(), e.game().moves()).value.lower.identical(start));
  }
  REQUIRE(e.game().now().over);
  CHECK(e.game().now().score_now.identical(start));
}

TEST_CASE("gotb query / pv / gtp / referee --tablebase go through the probe", "[probe][cli]") {
  ProbeTmp tmp;
  const std::string file = tmp.generate("2x2", "tromp-taylor");

  // query: not exact, said so; with --fallback search exact, with a PV.
  auto q = run_gotb("query " + file + " --moves A1 --json");
  REQUIRE(q.exit_code == 0);
  auto j = nlohmann::json::parse(q.out);
  CHECK(j["exact"] == false);
  CHECK(j["value"].is_null());
  CHECK(j["source"] == "file-fixpoints");
  auto qf = run_gotb("query " + file + " --moves A1 --fallback search --pv --json");
  REQUIRE(qf.exit_code == 0);
  auto jf = nlohmann::json::parse(qf.out);
  auto solved = nlohmann::json::parse(run_gotb("solve -b 2x2 --moves A1 --json").out);
  CHECK(jf["exact"] == true);
  CHECK(jf["source"] == "search");
  CHECK(jf["value"] == solved["value"]);
  CHECK(jf["fixpoints"].is_object());
  CHECK_FALSE(jf["pv"].empty());
  auto text = run_gotb("query " + file + " --moves A1");
  CHECK(text.out.find("not exact (score range)") != std::string::npos);
  CHECK(text.out.find("fixpoints gfp B wins (special) / lfp W wins (special)") != std::string::npos);

  // pv: refused without an exact value, the solver's line with a fallback.
  auto pv = run_gotb("pv --tablebase " + file + " --moves A1");
  CHECK(pv.exit_code == 1);
  CHECK(pv.out.find("gotb: error: no exact value for the position after the history (file-fixpoints)") !=
        std::string::npos);
  auto pvf = run_gotb("pv --tablebase " + file + " --fallback search --moves A1 --json");
  REQUIRE(pvf.exit_code == 0);
  auto jp = nlohmann::json::parse(pvf.out);
  CHECK(jp["value"] == solved["value"]);
  CHECK(jp["result"] == solved["value"]);
  auto mismatch = run_gotb("pv --tablebase " + file + " -b 2x3");
  CHECK(mismatch.exit_code == 1);
  CHECK(mismatch.out.find("--board 2x3 differs from the tablebase's board 2x2") != std::string::npos);

  // gtp over stdin: genmove refused, then played with a fallback.
  auto g = run_gotb("gtp --tablebase " + file + " <<'EOF'\n1 genmove b\n2 final_score\nEOF\n");
  CHECK(g.out.find("?1 no exact value for this position (file-fixpoints)") != std::string::npos);
  CHECK(g.out.find("?2 cannot score: only bounds [W+4, B+4] are known") != std::string::npos);
  auto gf = run_gotb("gtp --tablebase " + file + " --fallback search <<'EOF'\n1 genmove b\n2 final_score\nEOF\n");
  CHECK(gf.out.find("=1 ") != std::string::npos);
  CHECK(gf.out.find("=2 B+1") != std::string::npos);

  // referee: the start values from the file (with a fallback), a file-backed engine.
  const std::string engine = std::string(GOTB_BINARY) + " gtp --tablebase " + file + " --fallback search";
  auto r = run_gotb("referee --tablebase " + file + " --fallback search -a '" + engine + "' --engine-b '" +
                    GOTB_BINARY + " gtp -b 2x2' --openings '-;A1' --perfect a");
  INFO(r.out);
  CHECK(r.exit_code == 0);
  CHECK(r.out.find("summary: 4 games; engine a (claimed perfect) never ended below the exact start value") !=
        std::string::npos);
  auto rn = run_gotb("referee --tablebase " + file + " -a '" + engine + "' --engine-b '" + engine + "'");
  CHECK(rn.exit_code == 1);
}

namespace {

// Compares every value of a probe of an exact file with the reference
// solver's analysis of the same history: exact values equal (by order: a
// jigo score and the cycle tie are equally good), bounds contain it.
// Returns how many values were exact after moves and how many of those
// differ from the file's own value (the history spoiled it).
struct ExactCounts {
  int exact_after_moves = 0, spoiled = 0, bounded = 0;
};
void compare_with_reference(const ProbeResult& r, const Analysis& a, bool history_empty, ExactCounts& n) {
  if (history_empty) CHECK(r.source == ValueSource::FileExact);
  if (r.exact()) {
    CHECK(r.value.lower == a.value.lower);
  } else {
    ++n.bounded;
    CHECK(r.source == ValueSource::FileBounds);
    CHECK(r.value.lower <= a.value.lower);
    CHECK(a.value.lower <= r.value.upper);
  }
  if (r.exact() && !history_empty) ++n.exact_after_moves;
  for (const MoveEval& m : r.moves) {
    auto it = std::find_if(a.moves.begin(), a.moves.end(), [&](const MoveEval& x) { return x.move == m.move; });
    REQUIRE(it != a.moves.end());
    INFO("move " << m.move << " " << m.value.to_string() << " (" << source_name(m.source) << ") reference "
                 << it->value.to_string());
    if (m.value.exact()) {
      CHECK(m.value.lower == it->value.lower);
      ++n.exact_after_moves;
      if (m.file_value && *m.file_value != m.value.lower) ++n.spoiled;
    } else {
      ++n.bounded;
      CHECK(m.source == ValueSource::FileBounds);
      CHECK(m.value.lower <= it->value.lower);
      CHECK(it->value.lower <= m.value.upper);
    }
  }
  CHECK(r.moves.size() == a.moves.size());
}

}  // namespace

TEST_CASE("probe: exact files stay exact under random histories, equal to the reference solver",
          "[probe][exact]") {
  ProbeTmp tmp;
  struct Case {
    const char* board;
    const char* rules;
    double komi;
    int histories;
  };
  int spoiled = 0;
  for (const Case& c : {Case{"2x2", "tromp-taylor:ko=basic", 0.5, 40}, Case{"2x2", "tromp-taylor:ko=basic,suicide=no", 0, 40},
                        Case{"1x4", "tromp-taylor:ko=basic", 0, 40}, Case{"1x4", "tromp-taylor:ko=basic,suicide=no", 0.5, 40},
                        Case{"2x3", "tromp-taylor:ko=basic,suicide=no", 0.5, 15}, Case{"2x3", "tromp-taylor:ko=basic,suicide=no", 0, 10}}) {
    INFO(c.board << " " << c.rules << " komi " << c.komi);
    const std::string file = tmp.generate(c.board, c.rules, c.komi);
    TablebaseProbe tb(file);
    REQUIRE(tb.kind() == "exact");
    ReferenceBackend::Options ro;
    ro.method = "reference";
    ro.solver.node_limit = 3000000;
    ReferenceBackend ref(ro);
    ExactCounts n;
    int skipped = 0;
    for (const auto& h : random_histories(tb.spec(), c.histories, 17)) {
      INFO("history: " << [&] { std::string t; for (const auto& m : h) t += m + " "; return t; }());
      ProbeResult r = tb.probe(h);
      Analysis a;
      try {
        a = ref.analyze(tb.spec(), h);
      } catch (const NodeLimitReached&) {
        ++skipped;
        continue;
      }
      compare_with_reference(r, a, h.empty(), n);
    }
    // These boards are far below the default history budget: every value is exact.
    CHECK(n.bounded == 0);
    CHECK(n.exact_after_moves > 0);
    CHECK(skipped < c.histories / 2);
    spoiled += n.spoiled;
  }
  // The check is not idle: some histories do change a file value.
  CHECK(spoiled > 0);
}

// Hidden (long): the same cross-check with many more histories and boards.
TEST_CASE("probe: exact files under many random histories equal the reference solver (long)", "[.exact-stress]") {
  ProbeTmp tmp;
  struct Case {
    const char* board;
    const char* rules;
    double komi;
  };
  for (const Case& c : {Case{"1x5", "tromp-taylor:ko=basic,suicide=no", 0.5}, Case{"ring:4", "tromp-taylor:ko=basic", 0.5},
                        Case{"ring:4", "tromp-taylor:ko=basic,suicide=no", 0}, Case{"1x4", "tromp-taylor:ko=basic", 0.5},
                        Case{"2x3", "tromp-taylor:ko=basic,suicide=no", 0.5}, Case{"2x2", "tromp-taylor:ko=basic", 0}}) {
    INFO(c.board << " " << c.rules << " komi " << c.komi);
    const std::string file = tmp.generate(c.board, c.rules, c.komi);
    TablebaseProbe tb(file);
    ReferenceBackend::Options ro;
    ro.method = "reference";
    ro.solver.node_limit = 2000000;
    ReferenceBackend ref(ro);
    ExactCounts n;
    int skipped = 0;
    for (const auto& h : random_histories(tb.spec(), 150, 101)) {
      INFO("history: " << [&] { std::string t; for (const auto& m : h) t += m + " "; return t; }());
      Analysis a;
      try {
        a = ref.analyze(tb.spec(), h);
      } catch (const NodeLimitReached&) {
        ++skipped;
        continue;
      }
      compare_with_reference(tb.probe(h), a, h.empty(), n);
    }
    CHECK(n.bounded == 0);
    WARN(c.board << " " << c.rules << " komi " << c.komi << ": " << n.exact_after_moves << " exact values after moves, "
                 << n.spoiled << " spoiled file values, " << skipped << " histories skipped");
  }
}

TEST_CASE("probe: with small history budgets every exact value is right and every bound holds", "[probe][exact]") {
  ProbeTmp tmp;
  for (const char* board : {"1x4", "2x3"}) {
    INFO(board);
    const std::string file = tmp.generate(board, "tromp-taylor:ko=basic,suicide=no", 0.5);
    ReferenceBackend::Options ro;
    ro.method = "reference";
    ro.solver.node_limit = 3000000;
    ReferenceBackend ref(ro);
    std::vector<std::pair<std::vector<std::string>, Analysis>> truth;
    {
      TablebaseProbe tb(file);
      for (const auto& h : random_histories(tb.spec(), 12, 29)) {
        try {
          truth.emplace_back(h, ref.analyze(tb.spec(), h));
        } catch (const NodeLimitReached&) {
        }
      }
    }
    REQUIRE(truth.size() >= 6);
    ExactCounts n;
    for (std::uint64_t budget : {1, 3, 10, 30, 100, 300}) {
      INFO("budget " << budget);
      ProbeOptions o;
      o.history_node_limit = budget;
      TablebaseProbe tb(file, o);
      for (const auto& [h, a] : truth) compare_with_reference(tb.probe(h), a, h.empty(), n);
    }
    CHECK(n.bounded > 0);
    CHECK(n.exact_after_moves > 0);
  }
}

TEST_CASE("probe: a history that spoils the file's value is noticed, a tiny budget gives bounds, never a guess",
          "[probe][exact]") {
  ProbeTmp tmp;
  // (2x2 has no such history: its values are ties or decided at once.)
  for (const char* board : {"1x4", "2x3"}) {
    INFO(board);
    const std::string file = tmp.generate(board, "tromp-taylor:ko=basic,suicide=no", 0.5);
    TablebaseProbe tb(file);
    // Brute force, breadth first over histories: the first move whose file
    // value differs from its value under the history it is played after.
    std::vector<std::vector<std::string>> frontier{{}};
    std::vector<std::string> spoiled;
    Value file_value;
    for (int len = 0; len < 10 && spoiled.empty() && frontier.size() < 200000; ++len) {
      std::vector<std::vector<std::string>> next;
      for (const auto& h : frontier) {
        const ProbeResult r = tb.probe(h);
        if (r.game_over) continue;
        for (const MoveEval& m : r.moves) {
          if (m.ends_game) continue;
          auto h2 = h;
          h2.push_back(m.move);
          REQUIRE(m.value.exact());
          if (spoiled.empty() && *m.file_value != m.value.lower) {
            spoiled = h2;
            file_value = *m.file_value;
          }
          next.push_back(std::move(h2));
        }
      }
      frontier = std::move(next);
    }
    REQUIRE(!spoiled.empty());
    INFO("history: " << [&] { std::string t; for (const auto& m : spoiled) t += m + " "; return t; }());
    ReferenceBackend::Options ro;
    ro.method = "reference";
    ReferenceBackend ref(ro);
    const Analysis truth = ref.analyze(tb.spec(), spoiled);
    const ProbeResult r = tb.probe(spoiled);
    // The probe's exact value is the reference's, not the file's.
    REQUIRE(r.exact());
    CHECK(r.source == ValueSource::FileChecked);
    CHECK(r.value.lower == truth.value.lower);
    CHECK(r.value.lower != file_value);
    // Between the file's value and the tie, as the argument says.
    const Value tie = Value::no_result(0);
    CHECK(std::min(file_value, tie) <= r.value.lower);
    CHECK(r.value.lower <= std::max(file_value, tie));
    // With a budget of one node the probe gives proven bounds, not a guess.
    ProbeOptions tiny;
    tiny.history_node_limit = 1;
    TablebaseProbe small(file, tiny);
    const ProbeResult b = small.probe(spoiled);
    CHECK(!b.exact());
    CHECK(b.source == ValueSource::FileBounds);
    CHECK(b.value.lower <= truth.value.lower);
    CHECK(truth.value.lower <= b.value.upper);
    CHECK(b.note.find("budget") != std::string::npos);
  }
}

TEST_CASE("probe: a deadline stops the history check: bounds around the exact value, never a guess",
          "[probe][exact]") {
  ProbeTmp tmp;
  // 3x4 without suicide: Black wins B+4, and checking that under the
  // history B2 takes ~25,000 nodes (far more than the 256 between two
  // reads of the clock).
  const std::string file = tmp.generate("3x4", "tromp-taylor:ko=basic,suicide=no", 0);
  TablebaseProbe tb(file);
  using Clock = std::chrono::steady_clock;
  for (const std::vector<std::string>& h : std::vector<std::vector<std::string>>{{"B2"}, {"A1"}, {"B2", "C2", "C1"}}) {
    INFO("history " << h.size() << " moves, first " << h[0]);
    // No deadline (and one far away): exact under the history.
    const ProbeResult truth = tb.probe(h);
    REQUIRE(truth.exact());
    CHECK(truth.source == ValueSource::FileChecked);
    CHECK(truth.nodes > 1000);
    ProbeRequest later;
    later.deadline = Clock::now() + std::chrono::hours(1);
    CHECK(fingerprint(tb.probe(h, later)) == fingerprint(truth));
    // A deadline already passed, and one a microsecond away: the check
    // stops at once (the first node reads the clock, and 256 nodes take
    // longer than a microsecond), with bounds that hold.
    for (auto deadline : {Clock::now() - std::chrono::seconds(1), Clock::now() + std::chrono::microseconds(1)}) {
      ProbeRequest req;
      req.deadline = deadline;
      const ProbeResult r = tb.probe(h, req);
      CHECK(!r.exact());
      CHECK(r.source == ValueSource::FileBounds);
      CHECK(r.nodes <= 257);
      CHECK(r.value.lower <= truth.value.lower);
      CHECK(truth.value.lower <= r.value.upper);
      CHECK(r.note.find("ran out of time") != std::string::npos);
      REQUIRE(r.moves.size() == truth.moves.size());
      for (const MoveEval& m : r.moves) {
        auto t = std::find_if(truth.moves.begin(), truth.moves.end(), [&](const MoveEval& x) { return x.move == m.move; });
        REQUIRE(t != truth.moves.end());
        REQUIRE(t->value.exact());
        INFO("move " << m.move << " " << m.value.to_string() << " exact " << t->value.to_string());
        if (m.ends_game) {
          CHECK(m.value.to_string() == t->value.to_string());
          continue;
        }
        CHECK(m.value.lower <= t->value.lower);
        CHECK(t->value.lower <= m.value.upper);
        if (!m.value.exact()) CHECK(m.source == ValueSource::FileBounds);
      }
    }
  }
  // A principal variation the deadline interrupts is left out, said so; the
  // value (the file's own, at the empty history) stays exact.
  ProbeRequest pv;
  pv.with_pv = true;
  const ProbeResult full = tb.probe({}, pv);
  REQUIRE(full.exact());
  CHECK(!full.pv.empty());
  pv.deadline = Clock::now() - std::chrono::seconds(1);
  const ProbeResult cut = tb.probe({}, pv);
  CHECK(cut.exact());
  CHECK(cut.value.to_string() == full.value.to_string());
  CHECK(cut.pv.empty());
  CHECK(cut.note.find("no principal variation: the time limit ran out") != std::string::npos);
  // gotb query --time-limit: the same bounds, and exact without it.
  auto q = run_gotb("query " + file + " --moves B2 --json --time-limit 0.000001");
  INFO(q.out);
  REQUIRE(q.exit_code == 0);
  auto j = nlohmann::json::parse(q.out);
  CHECK(j["exact"] == false);
  CHECK(j["source"] == "file-bounds");
  CHECK(j["note"].get<std::string>().find("ran out of time") != std::string::npos);
  auto e = nlohmann::json::parse(run_gotb("query " + file + " --moves B2 --json --time-limit 600").out);
  CHECK(e["exact"] == true);
  CHECK(e["source"] == "file-history-checked");
  CHECK(run_gotb("query " + file + " --time-limit -1").exit_code != 0);
}

TEST_CASE("GTP from an exact file: play from the file keeps the value, never cycles when winning",
          "[probe][gtp][exact]") {
  ProbeTmp tmp;
  struct Case {
    const char* board;
    const char* rules;
    double komi;
  };
  // 2x3: ties (cycling allowed); 1x3, 2x4, 3x3 without suicide: Black wins
  // on the board, so Black must make progress (the file's depth).
  for (const Case& c : {Case{"2x3", "tromp-taylor:ko=basic,suicide=no", 0.5}, Case{"2x3", "tromp-taylor:ko=basic", 0},
                        Case{"1x3", "tromp-taylor:ko=basic,suicide=no", 0}, Case{"2x4", "tromp-taylor:ko=basic,suicide=no", 0.5},
                        Case{"3x3", "tromp-taylor:ko=basic,suicide=no", 8.5}}) {
    INFO(c.board << " " << c.rules << " komi " << c.komi);
    const std::string file = tmp.generate(c.board, c.rules, c.komi);
    TablebaseBackend backend(std::make_shared<const TablebaseProbe>(file));
    const Value start = backend.probe().probe({}).value.lower;
    // Self-play from the empty board ends at the value.
    {
      GtpEngine e(backend, backend.probe().spec());
      for (int ply = 0; ply < 300 && !e.game().now().over; ++ply)
        REQUIRE(e.handle_line(ply % 2 ? "genmove w" : "genmove b").rfind("= ", 0) == 0);
      REQUIRE(e.game().now().over);
      CHECK(e.game().now().score_now.identical(start));
    }
    // The engine (either colour) against random moves after a random
    // opening never ends below the start value, which the probe gives
    // exactly under the opening's history (a win for the engine: never a
    // cycle, which would end as the tie).
    std::mt19937 rng(23);
    for (int game = 0; game < 10; ++game) {
      const Color engine = game % 2 ? Color::White : Color::Black;
      GtpEngine e(backend, backend.probe().spec());
      std::vector<std::string> opening;
      for (int i = static_cast<int>(rng() % 7); i > 0 && !e.game().now().over; --i) {
        const auto& legal = e.game().now().legal;
        const std::string mv = legal[rng() % legal.size()];
        if (mv == "pass" && !e.game().moves().empty() && e.game().moves().back() == "pass") break;
        REQUIRE(e.handle_line(std::string("play ") + (e.game().now().to_move == Color::Black ? "b " : "w ") + mv)
                    .rfind("= ", 0) == 0);
        opening.push_back(mv);
      }
      if (e.game().now().over) continue;
      const ProbeResult at_start = backend.probe().probe(opening);
      REQUIRE(at_start.exact());
      const Value value = at_start.value.lower;
      for (int ply = 0; ply < 400 && !e.game().now().over; ++ply) {
        const Color c = e.game().now().to_move;
        if (c == engine) {
          REQUIRE(e.handle_line(c == Color::Black ? "genmove b" : "genmove w").rfind("= ", 0) == 0);
        } else {
          const auto& legal = e.game().now().legal;
          REQUIRE(e.handle_line(std::string("play ") + (c == Color::Black ? "b " : "w ") + legal[rng() % legal.size()])
                      .rfind("= ", 0) == 0);
        }
      }
      REQUIRE(e.game().now().over);
      if (engine == Color::Black)
        CHECK(e.game().now().score_now >= value);
      else
        CHECK(e.game().now().score_now <= value);
    }
  }
}
