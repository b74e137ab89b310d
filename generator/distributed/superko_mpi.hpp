// `gotb generate --exact --mpi`: the superko tablebases' per-state exact
// search (generator/search/superko_table.hpp) with its chunks handed out
// to the ranks of an MPI job by a work queue at rank 0 (docs/distributed.md,
// "Superko tablebases").
//
// Rank 0 holds the proofs and the resume journal and solves nothing; every
// other rank asks for as many chunks as it has threads, solves them with
// search::solve_superko_chunk (one fresh solver per chunk, as one process
// does, so the facts are the same bytes), and sends the proofs back; rank 0
// hands it the next chunks when it returns them (dynamic load balancing:
// chunks take from milliseconds to minutes). Each returned chunk goes to
// `on_chunk` at once (the CLI appends it to OUTPUT.partial), so a rank that
// dies loses only the chunks it holds, and the same command continues from
// the journal, with or without MPI.
#pragma once

#include <cstdint>
#include <functional>
#include <vector>

#include "core/rules/ruleset.hpp"
#include "generator/distributed/mpi_session.hpp"
#include "generator/retrograde/state_index.hpp"
#include "generator/search/superko_table.hpp"

namespace gotb::dist {

struct SuperkoDistributedStats {
  int ranks = 1;
  std::uint64_t work_messages = 0, result_messages = 0;  // rank 0's counts
  std::uint64_t result_bytes = 0;                        // proofs received by rank 0
  std::vector<std::uint64_t> chunks_per_rank;            // solved in this run, by rank (rank 0: 0)
  double wait_seconds = 0;                               // rank 0 idle, waiting for results
};

// Collective over the session's ranks. At rank 0, `proofs`, `done` and
// `on_chunk` mean what they mean for search::generate_superko (done: the
// chunks resumed from the journal; on_chunk is called at rank 0, in the
// order the results arrive); the returned stats are the run's, with
// `threads` the threads per rank. At other ranks `proofs`, `done` and
// `on_chunk` are not used and the stats are empty. With one rank this is
// search::generate_superko. options.stop_after_chunks: rank 0 hands out at
// most that many chunks, then stops the workers and throws
// NodeLimitReached (at rank 0 only) when chunks are left.
search::SuperkoGenerateStats generate_superko_distributed(const Session& session, const retro::StateIndex& index,
                                                          const RuleSet& rules,
                                                          const search::SuperkoGenerateOptions& options,
                                                          std::vector<search::StateProof>& proofs,
                                                          std::vector<char>& done,
                                                          const std::function<void(std::uint64_t chunk)>& on_chunk,
                                                          SuperkoDistributedStats* stats = nullptr);

// The wire form of a solved chunk (also what a test compares): varint chunk,
// then per state value, best, the two cap codes (-128: facts unknown) and
// the varint-prefixed fact record of search::encode_facts.
void encode_chunk(std::uint64_t chunk, const std::vector<search::StateProof>& proofs, std::vector<std::int8_t>& out);
// Decodes one chunk starting at `p` (advanced past it) into proofs[order[..]];
// returns the chunk number. Throws std::runtime_error on a malformed record.
std::uint64_t decode_chunk(const std::int8_t*& p, const std::int8_t* end, const std::vector<std::uint64_t>& order,
                           std::uint32_t chunk_states, std::vector<search::StateProof>& proofs);

}  // namespace gotb::dist
