// Issue 20: the lazy superko file reader (SuperkoFile::Load::Lazy, what
// `gotb query` and `gotb gtp --tablebase` open): each state's record is read
// through the chunks that hold it when a probe reaches the state
// (docs/solving.md, "Reading a superko file lazily"). Its answers are those
// of the full read; a damaged chunk or record is refused (TablebaseError) by
// the probe that reads it; a truncated or corrupt file never gives another
// value.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <memory>
#include <random>
#include <unistd.h>

#include "cli_runner.hpp"
#include "core/rules/tromp_taylor.hpp"
#include "format/tablebase.hpp"
#include "generator/retrograde/state_index.hpp"
#include "generator/search/superko_table.hpp"
#include "query/probe.hpp"
#include "query/superko_probe.hpp"
#include "superko_fixtures.hpp"

using namespace gotb;

namespace {

std::string temp_path(const std::string& name) { return test::temp_path("gotb_sklazy", name); }

void write_bytes(const std::string& path, const std::string& bytes) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
}

std::string fingerprint(const ProbeResult& r) {
  std::string s = r.value.to_string() + " " + source_name(r.source) + " | " + r.note + " |";
  for (const MoveEval& e : r.moves) s += " " + e.move + "=" + e.value.to_string() + "/" + source_name(e.source);
  return s;
}

GameSpec spec_of(const TablebaseReader& r) {
  return GameSpec{r.board(), RuleSet::parse(r.meta().rules), r.meta().komi};
}

}  // namespace

TEST_CASE("superko files: the lazy reader gives the answers of a full read", "[superko][issue20]") {
  for (const char* rules : {"tromp-taylor", "tromp-taylor:ko=situational"}) {
    INFO(rules);
    const std::string path = temp_path("same.gotb");
    REQUIRE(test::run_gotb(std::string("generate --exact -q -b 2x4 -r ") + rules + " -o " + path).exit_code == 0);
    auto reader = std::make_shared<TablebaseReader>(path);
    const GameSpec spec = spec_of(*reader);
    // The fact stream spans several chunks and some record crosses a chunk
    // boundary: the lazy reader joins bytes of two chunks.
    const int facts_id = reader->array_id(search::kSkFacts);
    std::uint64_t chunk = 0;
    for (const auto& a : reader->array_info())
      if (a.name == search::kSkFacts) chunk = a.chunk_values;
    REQUIRE(chunk > 0);
    REQUIRE(reader->array_length(facts_id) > 2 * chunk);
    CHECK(test::some_fact_record_crosses_chunks(*reader, chunk));
    const SuperkoFile lazy(reader, spec);  // Load::Lazy
    TablebaseReader full_reader(path);
    const SuperkoFile full(full_reader, spec);
    // Every state's decoded proof, with the reader's cache cut to one chunk
    // (every array read evicts the last one) and then as the reader sets it.
    for (std::size_t cache : {std::size_t{1}, std::size_t{0}}) {
      if (cache) reader->set_cache_chunks(cache);
      for (std::uint64_t s = 0; s < full.states(); ++s) REQUIRE(lazy.proof(s) == full.proof(s));
      reader->set_cache_chunks(8);
    }
    // Random games: every prefix's probe (the state's and every child's
    // answer) is the same.
    std::mt19937 rng(25);
    std::uint64_t probes = 0, exact = 0;
    for (int game = 0; game < 30; ++game) {
      TrompTaylorGame g(spec.board, spec.rules, spec.komi);
      std::vector<std::string> history;
      while (!g.is_over() && history.size() < 60) {
        const ProbeResult a = lazy.probe(history), b = full.probe(history);
        REQUIRE(fingerprint(a) == fingerprint(b));
        ++probes;
        exact += a.exact();
        std::vector<Move> legal;
        g.legal_moves(legal);
        const Move mv = legal[rng() % legal.size()];
        history.push_back(g.move_name(mv));
        g.play(mv);
      }
    }
    UNSCOPED_INFO(probes << " probes compared, " << exact << " exact");
    CHECK(exact > 0);
    // The probe through TablebaseProbe (the query's path) is the lazy one.
    CHECK(fingerprint(TablebaseProbe(path).probe({"B1"})) == fingerprint(full.probe({"B1"})));
    lazy.verify_states();
    std::filesystem::remove(path);
  }
}

TEST_CASE("superko files: the lazy reader opens past a damaged chunk and refuses it when read",
          "[superko][issue20]") {
  const std::string path = temp_path("bad.gotb");
  REQUIRE(test::run_gotb("generate --exact -q -b 2x3 -r tromp-taylor -o " + path).exit_code == 0);
  const std::string bytes = test::slurp(path);
  // Every zstd frame (chunk: the per-state arrays, the fact index, the fact
  // stream) damaged in turn: the full read refuses the file at open; the
  // lazy reader refuses it at open (a per-state array or the index, read
  // whole) or opens it and refuses the damaged chunk of the fact stream
  // when a probe reads it (verify_states reads every record), naming the
  // file and the chunk.
  const std::string magic("\x28\xb5\x2f\xfd", 4);
  int frames = 0, opened = 0, refused_by_probe = 0;
  for (std::size_t at = bytes.find(magic); at != std::string::npos; at = bytes.find(magic, at + 1)) {
    std::string bad = bytes;
    bad[at + 8] = static_cast<char>(bad[at + 8] ^ 0x20);
    write_bytes(path, bad);
    ++frames;
    auto reader = std::make_shared<TablebaseReader>(path);
    const GameSpec spec = spec_of(*reader);
    CHECK_THROWS_AS(SuperkoFile(std::make_shared<TablebaseReader>(path), spec, SuperkoFile::Load::Full),
                    TablebaseError);
    std::unique_ptr<SuperkoFile> lazy;
    try {
      lazy = std::make_unique<SuperkoFile>(reader, spec);
    } catch (const TablebaseError&) {
      continue;
    }
    ++opened;
    CHECK_THROWS_WITH(lazy->verify_states(), Catch::Contains("is corrupt") && Catch::Contains(path) &&
                                                 Catch::Contains(search::kSkFacts));
    // The query's probe of the empty board and its children reads some
    // records: where it reaches the damaged chunk it refuses it.
    try {
      const TablebaseProbe probe(path);
      probe.probe({});
    } catch (const TablebaseError& e) {
      CHECK(std::string(e.what()).find("is corrupt") != std::string::npos);
      ++refused_by_probe;
    }
  }
  CHECK(opened > 0);
  CHECK(refused_by_probe > 0);
  CHECK(frames >= 6);  // value, best, lo_cap, hi_cap, facts, fact_index
  auto q = test::run_gotb("query " + path);
  CHECK(q.exit_code != 0);
  CHECK(q.out.find("gotb: error:") != std::string::npos);
  std::filesystem::remove(path);
}

TEST_CASE("superko files: a truncated or corrupt file is refused, never read as another value",
          "[superko][issue20]") {
  const std::string path = temp_path("trunc.gotb");
  REQUIRE(test::run_gotb("generate --exact -q -b 2x3 -r tromp-taylor -o " + path).exit_code == 0);
  const std::string bytes = test::slurp(path);
  REQUIRE(bytes.size() > 4096);
  const std::vector<std::vector<std::string>> histories = {{}, {"B1"}, {"A1", "B2"}, {"B1", "A2", "pass"}};
  std::vector<std::string> good;
  for (const auto& h : histories) good.push_back(fingerprint(TablebaseProbe(path).probe(h)));
  // Truncated: refused at open (HDF5 checks the file's end), or by a probe.
  for (std::size_t keep : {bytes.size() / 2, bytes.size() - 100}) {
    write_bytes(path, bytes.substr(0, keep));
    CHECK_THROWS_AS(
        [&] {
          const TablebaseProbe p(path);
          for (const auto& h : histories) p.probe(h);
        }(),
        TablebaseError);
    auto q = test::run_gotb("query " + path);
    CHECK(q.exit_code != 0);
    CHECK(q.out.find("gotb: error:") != std::string::npos);
  }
  // One byte flipped in every 512-byte block after the superblock, one at a
  // time: each file is refused (at open or by the probe that reads the
  // damage) or answers every history as the intact file does.
  int refused = 0;
  for (std::size_t at = 1024; at < bytes.size(); at += 512) {
    std::string bad = bytes;
    bad[at] = static_cast<char>(bad[at] ^ 0x5A);
    write_bytes(path, bad);
    try {
      const TablebaseProbe p(path);
      for (std::size_t i = 0; i < histories.size(); ++i) {
        const std::string f = fingerprint(p.probe(histories[i]));  // (a refusal throws out of the loop)
        CHECK(f == good[i]);
      }
    } catch (const TablebaseError&) {
      ++refused;
    }
  }
  CHECK(refused > 0);
  std::filesystem::remove(path);
}
