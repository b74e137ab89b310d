#include "generator/search/root_store.hpp"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <numeric>
#include <stdexcept>
#include <unistd.h>

#include "generator/search/root_proof.hpp"

namespace gotb::search {

std::int8_t root_cap_code(const StoredFacts& f) { return static_cast<std::int8_t>(f.unknown ? -128 : f.cap); }

namespace {

void set_cap(std::int8_t code, StoredFacts& f) {
  f.unknown = code == -128;
  f.cap = f.unknown ? 127 : code;
}

[[noreturn]] void io_error(const std::string& what, const std::string& path) {
  throw std::runtime_error("root entry spill file '" + path + "': " + what + ": " + std::strerror(errno));
}

}  // namespace

RootStore::RootStore(std::string spill_path, std::size_t buffer_bytes)
    : spill_path_(std::move(spill_path)), buffer_bytes_(std::max<std::size_t>(buffer_bytes, 1)) {
  if (spill_path_.empty()) return;
  fd_ = ::open(spill_path_.c_str(), O_RDWR | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
  if (fd_ < 0) io_error("cannot create", spill_path_);
  // Room for a full buffer and one more record (at most a few tens of kB:
  // 4,096 facts of a few bytes), so the buffer never doubles its capacity.
  buffer_.reserve(buffer_bytes_ + (std::size_t{1} << 20));
  // Unlinked at once: the space is freed when the store is gone, also when
  // the process is killed.
  ::unlink(spill_path_.c_str());
}

RootStore::~RootStore() {
  if (fd_ >= 0) ::close(fd_);
}

void RootStore::flush() {
  const std::int8_t* p = buffer_.data();
  std::size_t left = buffer_.size();
  while (left > 0) {
    const ssize_t w = ::pwrite(fd_, p, left, static_cast<off_t>(spilled_ + (p - buffer_.data())));
    if (w < 0) {
      if (errno == EINTR) continue;
      io_error("write failed", spill_path_);
    }
    p += w;
    left -= static_cast<std::size_t>(w);
  }
  spilled_ += buffer_.size();
  buffer_.clear();
}

std::uint32_t RootStore::add(const RootEntry& e) {
  if (meta_.size() >= 0xFFFFFFFFu) throw std::runtime_error("root entries: more than 2^32 - 1 entries");
  const std::size_t before = buffer_.size();
  encode_facts(e.proof, buffer_);
  const std::size_t length = buffer_.size() - before;
  meta_.push_back({e.key, total_, static_cast<std::uint32_t>(length), e.proof.value, e.proof.best,
                   root_cap_code(e.proof.lo), root_cap_code(e.proof.hi)});
  total_ += length;
  if (fd_ >= 0 && buffer_.size() >= buffer_bytes_) flush();
  return static_cast<std::uint32_t>(meta_.size() - 1);
}

const std::int8_t* RootStore::read_record(const Meta& m, std::vector<std::int8_t>& buf) const {
  if (m.offset >= spilled_) return buffer_.data() + (m.offset - spilled_);
  buf.resize(m.length);
  std::size_t done = 0;
  while (done < m.length) {
    const ssize_t r = ::pread(fd_, buf.data() + done, m.length - done, static_cast<off_t>(m.offset + done));
    if (r < 0 && errno == EINTR) continue;
    if (r <= 0) io_error("read failed", spill_path_);
    done += static_cast<std::size_t>(r);
  }
  return buf.data();
}

void RootStore::entry(std::uint32_t id, RootEntry& out) const {
  const Meta& m = meta_[id];
  out.key = m.key;
  out.proof.value = m.value;
  out.proof.best = m.best;
  set_cap(m.lo_cap, out.proof.lo);
  set_cap(m.hi_cap, out.proof.hi);
  std::vector<std::int8_t> buf;  // (local: concurrent readers of one store are safe)
  const std::int8_t* rec = read_record(m, buf);
  decode_facts(rec, rec + m.length, out.proof);
}

RootEntry RootStore::entry(std::uint32_t id) const {
  RootEntry e;
  entry(id, e);
  return e;
}

std::size_t RootStore::memory_bytes() const {
  return meta_.capacity() * sizeof(Meta) + buffer_.capacity();
}

RootArrays RootStore::pack() const {
  const std::size_t n = meta_.size();
  std::vector<std::uint32_t> order(n);
  std::iota(order.begin(), order.end(), 0u);
  std::stable_sort(order.begin(), order.end(), [&](std::uint32_t a, std::uint32_t b) { return meta_[a].key < meta_[b].key; });
  RootArrays a;
  SuperkoArrays& r = a.rest;
  a.state_key.reserve(8 * n);
  r.value.reserve(n);
  r.best.reserve(n);
  r.lo_cap.reserve(n);
  r.hi_cap.reserve(n);
  r.fact_index.reserve(4 * (n + 1));
  r.facts.reserve(total_ + 1);
  auto put_u32 = [&](std::uint64_t v) {
    if (v > 0xFFFFFFFFu) throw std::runtime_error("superko facts: more than 4 GiB of facts");
    for (int i = 0; i < 4; ++i) r.fact_index.push_back(static_cast<std::int8_t>(static_cast<std::uint8_t>(v >> (8 * i))));
  };
  std::vector<std::int8_t> rec;
  for (std::uint32_t id : order) {
    const Meta& m = meta_[id];
    for (int b = 0; b < 8; ++b) a.state_key.push_back(static_cast<std::int8_t>(static_cast<std::uint8_t>(m.key >> (8 * b))));
    r.value.push_back(m.value);
    r.best.push_back(m.best);
    r.lo_cap.push_back(m.lo_cap);
    r.hi_cap.push_back(m.hi_cap);
    put_u32(r.facts.size());
    const std::int8_t* p = read_record(m, rec);
    r.facts.insert(r.facts.end(), p, p + m.length);
  }
  put_u32(r.facts.size());
  if (r.facts.empty()) r.facts.push_back(0);  // a stream array holds at least one byte
  return a;
}

void RootStore::assign(std::vector<std::uint64_t> keys, const std::vector<std::int8_t>& value,
                       const std::vector<std::int8_t>& best, const std::vector<std::int8_t>& lo_cap,
                       const std::vector<std::int8_t>& hi_cap, std::vector<std::int8_t> facts,
                       const std::vector<std::uint64_t>& offsets) {
  const std::size_t n = keys.size();
  meta_.clear();
  meta_.reserve(n);
  for (std::size_t i = 0; i < n; ++i)
    meta_.push_back({keys[i], offsets[i], static_cast<std::uint32_t>(offsets[i + 1] - offsets[i]), value[i], best[i],
                     lo_cap[i], hi_cap[i]});
  buffer_ = std::move(facts);
  spilled_ = 0;
  total_ = buffer_.size();
}

std::pair<std::uint32_t, std::uint32_t> RootStore::range(std::uint64_t key) const {
  auto lo = std::lower_bound(meta_.begin(), meta_.end(), key, [](const Meta& m, std::uint64_t k) { return m.key < k; });
  auto hi = std::upper_bound(lo, meta_.end(), key, [](std::uint64_t k, const Meta& m) { return k < m.key; });
  return {static_cast<std::uint32_t>(lo - meta_.begin()), static_cast<std::uint32_t>(hi - meta_.begin())};
}

}  // namespace gotb::search
