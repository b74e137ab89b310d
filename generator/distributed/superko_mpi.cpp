#include "generator/distributed/superko_mpi.hpp"

#include <tbb/global_control.h>
#include <tbb/info.h>
#include <tbb/parallel_for.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <stdexcept>
#include <string>

#include <time.h>

#include "core/budget.hpp"
#include "format/varint.hpp"
#include "generator/distributed/phase_times.hpp"

#if GOTB_MPI
#include <mpi.h>

#include "generator/distributed/ghost_exchange.hpp"
#endif

namespace gotb::dist {

namespace {

std::uint64_t get_varint(const std::int8_t*& p, const std::int8_t* end) {
  return gotb::get_varint(p, end, "superko --mpi message");
}

// The file's cap codes (search::kSkLoCap): -128 when the facts are unknown.
std::int8_t cap_code(const search::StoredFacts& f) { return static_cast<std::int8_t>(f.unknown ? -128 : f.cap); }
void from_cap_code(std::int8_t c, search::StoredFacts& f) {
  f.unknown = c == -128;
  f.cap = f.unknown ? 127 : c;
}

}  // namespace

void encode_chunk(std::uint64_t chunk, const std::vector<search::StateProof>& proofs, std::vector<std::int8_t>& out) {
  put_varint(chunk, out);
  std::vector<std::int8_t> rec;
  for (const search::StateProof& sp : proofs) {
    out.push_back(sp.value);
    out.push_back(sp.best);
    out.push_back(cap_code(sp.lo));
    out.push_back(cap_code(sp.hi));
    rec.clear();
    search::encode_facts(sp, rec);
    put_varint(rec.size(), out);
    out.insert(out.end(), rec.begin(), rec.end());
  }
}

std::uint64_t decode_chunk(const std::int8_t*& p, const std::int8_t* end, const std::vector<std::uint64_t>& order,
                           std::uint32_t chunk_states, std::vector<search::StateProof>& proofs) {
  const std::uint64_t per = std::max<std::uint32_t>(chunk_states, 1);
  const std::uint64_t c = get_varint(p, end);
  const std::uint64_t first = c * per;
  if (c >= (order.size() + per - 1) / per) throw std::runtime_error("superko --mpi: a result names no chunk");
  const std::uint64_t last = std::min<std::uint64_t>(order.size(), first + per);
  for (std::uint64_t k = first; k < last; ++k) {
    if (end - p < 4) throw std::runtime_error("superko --mpi: truncated result");
    search::StateProof& sp = proofs[order[k]];
    sp.value = *p++;
    sp.best = *p++;
    from_cap_code(*p++, sp.lo);
    from_cap_code(*p++, sp.hi);
    const std::uint64_t len = get_varint(p, end);
    if (static_cast<std::uint64_t>(end - p) < len) throw std::runtime_error("superko --mpi: truncated result");
    search::decode_facts(p, p + len, sp);
    p += len;
  }
  return c;
}

#if GOTB_MPI

namespace {

enum Tag : int { kResult = 11, kWork = 12, kStop = 13 };

// Waits for a message without spinning (Open MPI's blocking probe polls,
// taking a core from the ranks that work; see quiet_barrier), then
// receives it whole. Returns the bytes; `st` says who sent it, with which tag.
std::vector<std::int8_t> receive(int from, int tag, MPI_Status& st) {
  long sleep_ns = 20000;
  for (int tries = 0;; ++tries) {
    int flag = 0;
    check_mpi(MPI_Iprobe(from, tag, MPI_COMM_WORLD, &flag, &st), "MPI_Iprobe");
    if (flag) break;
    if (tries < 16) continue;
    const timespec ts{0, sleep_ns};
    nanosleep(&ts, nullptr);
    sleep_ns = std::min(2 * sleep_ns, 1000000L);
  }
  int n = 0;
  MPI_Get_count(&st, MPI_BYTE, &n);
  std::vector<std::int8_t> bytes(static_cast<std::size_t>(n));
  check_mpi(MPI_Recv(bytes.data(), n, MPI_BYTE, st.MPI_SOURCE, st.MPI_TAG, MPI_COMM_WORLD, MPI_STATUS_IGNORE),
            "MPI_Recv");
  return bytes;
}

void send(const std::vector<std::int8_t>& bytes, int to, int tag) {
  check_mpi(MPI_Send(bytes.data(),
                     mpi_count(bytes.size(), "superko --mpi: one message of chunk proofs would exceed 2^31 - 1 bytes; "
                                             "use a smaller --chunk-states or fewer --threads per rank"),
                     MPI_BYTE, to, tag, MPI_COMM_WORLD), "MPI_Send");
}

// A worker rank: ask for `threads` chunks, solve them (one task each),
// send them back with the next request, until rank 0 says stop.
// Message to rank 0: varint want, varint nodes, varint count, count chunks.
void work(const retro::StateIndex& index, const RuleSet& rules, const search::SuperkoGenerateOptions& options,
          const std::vector<std::uint64_t>& order, int threads) {
  std::vector<std::uint64_t> batch;
  std::vector<std::vector<search::StateProof>> solved;
  std::vector<std::uint64_t> nodes;
  for (;;) {
    std::vector<std::int8_t> msg;
    put_varint(static_cast<std::uint64_t>(threads), msg);
    std::uint64_t total = 0;
    for (auto n : nodes) total += n;
    put_varint(total, msg);
    put_varint(batch.size(), msg);
    for (std::size_t i = 0; i < batch.size(); ++i) encode_chunk(batch[i], solved[i], msg);
    send(msg, 0, kResult);
    MPI_Status st;
    const std::vector<std::int8_t> reply = receive(0, MPI_ANY_TAG, st);
    if (st.MPI_TAG == kStop) return;
    batch.resize(reply.size() / sizeof(std::uint64_t));
    std::copy_n(reinterpret_cast<const char*>(reply.data()), batch.size() * sizeof(std::uint64_t),
                reinterpret_cast<char*>(batch.data()));
    solved.assign(batch.size(), {});
    nodes.assign(batch.size(), 0);
    tbb::parallel_for(std::size_t{0}, batch.size(), [&](std::size_t i) {
      nodes[i] = search::solve_superko_chunk(index, rules, options, order, batch[i], solved[i]);
    });
  }
}

}  // namespace

search::SuperkoGenerateStats generate_superko_distributed(const Session& session, const retro::StateIndex& index,
                                                          const RuleSet& rules,
                                                          const search::SuperkoGenerateOptions& options,
                                                          std::vector<search::StateProof>& proofs,
                                                          std::vector<char>& done,
                                                          const std::function<void(std::uint64_t chunk)>& on_chunk,
                                                          SuperkoDistributedStats* stats) {
  const int P = session.size();
  if (P == 1) {
    if (stats) *stats = SuperkoDistributedStats{1, 0, 0, 0, {0}, 0};
    return search::generate_superko_flat(index, rules, options, proofs, done, on_chunk);
  }
  if (!rules.support().superko_search)
    throw std::invalid_argument("superko tablebases need a tromp-taylor superko ruleset, not " + rules.to_string());
  const int threads = options.threads > 0 ? options.threads : tbb::info::default_concurrency();
  tbb::global_control limit(tbb::global_control::max_allowed_parallelism, static_cast<std::size_t>(threads));
  const auto start = std::chrono::steady_clock::now();
  const std::vector<std::uint64_t> order = search::superko_state_order(index);
  const std::uint64_t per = std::max<std::uint32_t>(options.chunk_states, 1);
  const std::uint64_t chunks = (order.size() + per - 1) / per;
  search::SuperkoGenerateStats st;
  if (session.rank() != 0) {
    work(index, rules, options, order, threads);
    return st;
  }

  proofs.resize(order.size());
  done.resize(chunks, 0);
  st.states = order.size();
  st.chunks = chunks;
  st.threads = threads;
  for (char d : done) st.chunks_resumed += d != 0;
  SuperkoDistributedStats ds;
  ds.ranks = P;
  ds.chunks_per_rank.assign(static_cast<std::size_t>(P), 0);

  std::uint64_t next = 0, handed = 0, finished = st.chunks_resumed;
  std::vector<std::uint64_t> held(static_cast<std::size_t>(P), 0);  // chunks a rank holds now
  int live = P - 1;
  while (live > 0) {
    MPI_Status status;
    const double w0 = wall_seconds();
    const std::vector<std::int8_t> msg = receive(MPI_ANY_SOURCE, kResult, status);
    ds.wait_seconds += wall_seconds() - w0;
    const int from = status.MPI_SOURCE;
    ++ds.result_messages;
    ds.result_bytes += msg.size();
    const std::int8_t* p = msg.data();
    const std::int8_t* end = p + msg.size();
    const std::uint64_t want = std::max<std::uint64_t>(get_varint(p, end), 1);
    st.nodes += get_varint(p, end);
    const std::uint64_t count = get_varint(p, end);
    if (count != held[from]) throw std::runtime_error("superko --mpi: rank " + std::to_string(from) +
                                                      " returned another number of chunks than it was sent");
    for (std::uint64_t i = 0; i < count; ++i) {
      const std::uint64_t c = decode_chunk(p, end, order, options.chunk_states, proofs);
      if (done[c]) throw std::runtime_error("superko --mpi: chunk " + std::to_string(c) + " came back twice");
      done[c] = 1;
      if (on_chunk) on_chunk(c);
      ++finished;
      ++ds.chunks_per_rank[from];
      if (options.progress)
        std::fprintf(stderr, "superko: chunk %llu done (%llu of %llu) on rank %d, %.1f s\n",
                     static_cast<unsigned long long>(c), static_cast<unsigned long long>(finished),
                     static_cast<unsigned long long>(chunks), from,
                     std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
    }
    if (p != end) throw std::runtime_error("superko --mpi: a result is longer than its chunks");
    // The next chunks in order (fewest empty points first, as one process
    // starts them), up to what the rank asked for and the --max-chunks cap.
    std::vector<std::uint64_t> batch;
    while (batch.size() < want && (!options.stop_after_chunks || handed < options.stop_after_chunks)) {
      while (next < chunks && done[next]) ++next;
      if (next == chunks) break;
      batch.push_back(next++);
      ++handed;
    }
    held[from] = batch.size();
    if (batch.empty()) {
      send({}, from, kStop);
      --live;
      continue;
    }
    std::vector<std::int8_t> bytes(batch.size() * sizeof(std::uint64_t));
    std::copy_n(reinterpret_cast<const char*>(batch.data()), bytes.size(), reinterpret_cast<char*>(bytes.data()));
    send(bytes, from, kWork);
    ++ds.work_messages;
  }
  st.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  if (stats) *stats = ds;
  if (std::find(done.begin(), done.end(), 0) != done.end()) {
    if (options.stop_after_chunks) throw NodeLimitReached("superko generation stopped after the requested number of chunks");
    throw std::logic_error("superko --mpi: a chunk was never handed out");
  }
  return st;
}

#else

search::SuperkoGenerateStats generate_superko_distributed(const Session&, const retro::StateIndex& index,
                                                          const RuleSet& rules,
                                                          const search::SuperkoGenerateOptions& options,
                                                          std::vector<search::StateProof>& proofs,
                                                          std::vector<char>& done,
                                                          const std::function<void(std::uint64_t chunk)>& on_chunk,
                                                          SuperkoDistributedStats* stats) {
  if (stats) *stats = SuperkoDistributedStats{1, 0, 0, 0, {0}, 0};
  return search::generate_superko_flat(index, rules, options, proofs, done, on_chunk);
}

#endif

}  // namespace gotb::dist
