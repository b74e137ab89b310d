// Answers from superko tablebase files (`gotb generate --exact` under a
// tromp-taylor superko ruleset; generator/search/superko_table.hpp): each
// state's value from its shortest history, a move that keeps it, and the
// history facts of both bounds. A stored bound is used only under a history
// that satisfies its facts (docs/solving.md, "Superko tablebases"); the
// probe (query/probe.hpp) falls back to the exact search otherwise.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "format/tablebase.hpp"
#include "generator/retrograde/state_index.hpp"
#include "generator/search/root_proof.hpp"
#include "generator/search/superko_table.hpp"
#include "query/analysis.hpp"
#include "query/game_record.hpp"

namespace gotb {

class SuperkoFile {
 public:
  // Lazy: the per-state arrays (value, move, two cap codes, fact-index
  // offsets: 8 bytes a state) are read, verified (chunk and whole-array
  // checksums) and checked at open; a state's fact record (most of the
  // file: ~500 bytes a state) is read through the reader when a probe or
  // the seeded search reaches the state, every chunk it touches
  // decompressed and checked against its xxh64 on first use and the last
  // few kept decoded (kCacheBytes; kSeedCacheBytes once seeds() is
  // called), so a query or a genmove touches a few MB, not the whole fact
  // stream (docs/solving.md, "Reading a superko file lazily"). A damaged
  // chunk of the stream or a record the decoder refuses is refused
  // (TablebaseError naming the file) by the probe that reads it. Full: the
  // fact stream is read whole at open too (whole-array checksum; the old
  // reader; tests). The answers are the same.
  enum class Load { Lazy, Full };
  // Throws TablebaseError on a file that is not a superko file this build
  // reads. The reader is kept (lazy: records are read through it).
  SuperkoFile(std::shared_ptr<TablebaseReader> reader, const GameSpec& spec, Load load = Load::Lazy);
  // Full: reads every array at once; `reader` is not kept.
  SuperkoFile(TablebaseReader& reader, const GameSpec& spec);

  // The most decoded fact-stream bytes the lazy reader keeps (the
  // reader's chunk cache, 8 to 1024 chunks): a genmove reads the records
  // of the state and of each child, a few scattered chunks; a seeded
  // re-proof reads many more, and revisits them.
  static constexpr std::uint64_t kCacheBytes = std::uint64_t{4} << 20;
  static constexpr std::uint64_t kSeedCacheBytes = std::uint64_t{32} << 20;

  // What the file proves about the current state of a game whose
  // situations so far are positions[j] with to_move[j] (the last is the
  // current state) and pass count `passes` (0 or 1).
  struct Answer {
    ValueBounds value;       // Black's view, komi applied; [min, max] when nothing holds
    bool lo_holds = false;   // the mover's lower bound's facts hold
    bool hi_holds = false;   // ... the upper bound's
    int best = -2;           // the stored value-keeping move in real coordinates (-1 pass), when lo holds
    Value stored;            // the stored value (shortest history), Black's view
    // Where best is set: the bound it keeps for the mover (Black's view; a
    // lower bound when Black moves, an upper one when White moves).
    Value kept;
  };
  Answer at(const std::vector<Position>& positions, const std::vector<Color>& to_move, int passes) const;

  // The probe of a superko file (query/probe.hpp's contract): exact where
  // the facts hold (source file-facts), else proven bounds (file-bounds).
  ProbeResult probe(const std::vector<std::string>& history) const;

  const GameSpec& spec() const { return spec_; }
  std::uint64_t states() const { return index_->states(); }
  // Decoded proof of a stored state (tests, the seeds); throws
  // TablebaseError on a damaged chunk or a malformed record.
  search::StateProof proof(std::uint64_t state) const;
  // Decodes every state's record (reading every chunk); throws
  // TablebaseError on the first malformed one.
  void verify_states() const;
  // The file as lazy seeds of the exact search (search::ProofSeeds, lazy):
  // a node whose state the file covers decodes that state's record on
  // demand (kept in a cache of `cache_states` decoded proofs) and takes
  // each stored bound whose facts hold under the node's line, the stored
  // move first in its move order (docs/solving.md, "Superko tablebases",
  // "Seeded re-proofs"). The file must outlive the seeds; one search at a
  // time reads them. A malformed record throws TablebaseError from the
  // search that reached it.
  std::shared_ptr<search::ProofSeeds> seeds(
      std::size_t cache_states = search::ProofSeeds::kDefaultCacheStates) const;

 private:
  GameSpec spec_;
  bool situational_ = false;
  std::unique_ptr<retro::StateIndex> index_;
  std::string path_;
  // Opens the file's metadata and checks that it is a superko file of spec.
  void check_meta(const TablebaseReader& reader, const GameSpec& spec);
  // Load::Full: reads every array and checks every state.
  void load_full(TablebaseReader& reader);
  // Reads the per-state arrays and the fact index, checks every state
  // (value and move in range, offsets in order and inside a stream of
  // facts_length bytes).
  void load_states(TablebaseReader& reader, std::uint64_t facts_length);
  // Lazy: the reader's chunk cache holds about `bytes` of the fact stream.
  void cache_budget(std::uint64_t bytes) const;
  // State s's per-state fields and record bytes.
  struct Record {
    std::int8_t value, best, lo_cap, hi_cap;
    std::vector<std::int8_t> bytes;  // lazy: the record; full: empty
    const std::int8_t* begin = nullptr;
    const std::int8_t* end = nullptr;
  };
  void record(std::uint64_t s, Record& out) const;
  // The per-state arrays as read, the record offsets as integers.
  std::vector<std::int8_t> value_, best_, lo_cap_, hi_cap_;
  std::vector<std::uint32_t> offset_;
  // Load::Full: the whole fact stream. Lazy: empty, and records are read
  // through reader_ (array facts_id_).
  std::vector<std::int8_t> facts_;
  std::shared_ptr<TablebaseReader> reader_;
  int facts_id_ = -1;
};

// Root files (`gotb generate --root`; generator/search/root_proof.hpp): the
// states both sides' strategies meet from the empty board, several entries
// per state, each with the history facts of its proof. An entry is used only
// under a history that satisfies its facts (docs/solving.md, "Root proofs").
class RootFile {
 public:
  // Lazy: the per-entry arrays (state keys, values, moves, caps, record
  // offsets; ~16 bytes an entry) are read and verified at open, each fact
  // record is read (its chunks verified on first use, kRootCacheChunks of
  // them cached) and decoded when a history reaches its state, so a 4x4
  // file opens in a fraction of a second; a malformed record is refused
  // (TablebaseError) by the probe that reads it. Full: the whole fact
  // stream is read (whole-array checksum too) and every record decoded once
  // at open, so a malformed one is refused there (the old reader; tests).
  // The answers are the same.
  enum class Load { Lazy, Full };
  // Throws TablebaseError on a file that is not a root file this build
  // reads. The reader is kept (lazy: records are read through it).
  RootFile(std::shared_ptr<TablebaseReader> reader, const GameSpec& spec, Load load = Load::Lazy);
  // As SuperkoFile::at; lo_holds / hi_holds: some entry's lower / upper
  // bound holds; best: from the entry search::root_move_entry picks (both
  // bounds hold, else the mover's), kept: that entry's value.
  SuperkoFile::Answer at(const std::vector<Position>& positions, const std::vector<Color>& to_move,
                         int passes) const;
  ProbeResult probe(const std::vector<std::string>& history) const;
  std::size_t entries() const { return key_.size(); }
  // Decodes every entry (reading every record); throws TablebaseError on
  // the first malformed one.
  void verify_entries() const;
  // The file as lazy seeds of the exact search, as SuperkoFile::seeds: the
  // search's state (the retrograde index's canonical position, the mover as
  // Black) is looked up as the two real states it stands for (Black to
  // move; its colours swapped with White to move), and the first entry
  // with both bounds usable (else one) is given in the search's frame: its
  // facts mapped by the symmetry and the colour swap, same-history bounds
  // left out (docs/solving.md, "Seeded re-proofs from a root file"). A
  // state without entries gives a proof with no usable bound. Builds the
  // board's state index on first use (boards of at most 31 points). The
  // file must outlive the seeds; one search at a time reads them.
  std::shared_ptr<search::ProofSeeds> seeds(
      std::size_t cache_states = search::ProofSeeds::kDefaultCacheStates) const;
  // The proof seeds() gives for a state of the index (tests).
  search::StateProof seed_proof(std::uint64_t state) const;

  // Fact-stream chunks the lazy reader keeps decoded: a genmove reads the
  // records of the state and of each child, a few scattered chunks; a game
  // revisits many of them.
  static constexpr std::size_t kRootCacheChunks = 64;

 private:
  // Entry i decoded; a malformed record or a bad chunk throws
  // TablebaseError naming the file.
  void entry(std::uint32_t i, search::RootEntry& out) const;
  // Entries [first, last) of a canonical state key.
  std::pair<std::uint32_t, std::uint32_t> range(std::uint64_t key) const;
  // Entry i's record starts at byte offset(i) of the fact stream and ends
  // at offset(i + 1).
  std::uint64_t offset(std::uint64_t i) const;

  GameSpec spec_;
  std::string path_;
  // The file's root value (Black's view, komi-free; /extra root_value):
  // where no entry gives the mover a move, a pass guarantee (Benson) that
  // reaches it is the strategy's move (pass). Absent: none.
  std::optional<int> root_value_;
  // /extra coverage is partial (--merge states): a game may reach a state
  // of the walk under another history; the probe's note then says so.
  bool partial_ = false;
  std::unique_ptr<search::RootFrame> frame_;
  // The per-entry arrays as the file stores them (entries sorted by key;
  // fact_index_: 4-byte little-endian record offsets), the keys as integers.
  std::vector<std::uint64_t> key_;
  std::vector<std::int8_t> value_, best_, lo_cap_, hi_cap_, fact_index_;
  // Load::Full: the whole fact stream. Lazy: empty, and records are read
  // through reader_ (array facts_id_).
  std::vector<std::int8_t> facts_;
  std::shared_ptr<TablebaseReader> reader_;
  int facts_id_ = -1;
  // seeds(): the retrograde state index, built on first use.
  mutable std::unique_ptr<retro::StateIndex> seed_index_;
  const retro::StateIndex& seed_index() const;
};

// True when a superko probe result can be played from without a search:
// its value is exact and some move is proven to keep it.
bool superko_answered(const ProbeResult& r);

}  // namespace gotb

namespace gotb {
struct ProbeOptions;
class ReferenceBackend;
// The on-the-fly solver a superko probe falls back to (the search, or the
// reference solver on small boards); throws std::invalid_argument when it
// cannot solve the file's game. With `seed_from` (a superko file of that
// game, which must outlive the solver) the search is seeded from it
// (SuperkoFile::seeds) and its answers say source SearchSeeded.
std::unique_ptr<ReferenceBackend> superko_fallback(const GameSpec& spec, const ProbeOptions& options,
                                                   const SuperkoFile* seed_from = nullptr);
// The same, seeded from a root file (RootFile::seeds).
std::unique_ptr<ReferenceBackend> superko_fallback(const GameSpec& spec, const ProbeOptions& options,
                                                   const RootFile& seed_from);
}  // namespace gotb
