// Compact storage of root-file entries (generator/search/root_proof.hpp):
// each entry as the file stores it (state key, value, move, two cap codes
// and one fact record in the superko files' varint encoding), not as a
// decoded RootEntry with four heap vectors.
//
// Why: a 4x4 root walk makes millions of entries of 50-120 facts each; as
// decoded vectors they cost ~1.5 KB each in memory (docs/solving.md, "Root
// proof of 4x4 (session 21)"), as records ~20 bytes of metadata plus the
// record bytes, and with a spill file the record bytes leave memory too.
// The walk (generate_root) and the reader (query/superko_probe.hpp,
// RootFile) both keep their entries here and decode one when they need it;
// the decoded entry is the one the old vectors held, so answers and file
// bytes are unchanged.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "generator/search/superko_table.hpp"

namespace gotb::search {

struct RootEntry;
struct RootArrays;

// An entry's cap byte as files store it: -128 = facts unknown, else the cap.
std::int8_t root_cap_code(const StoredFacts& f);

class RootStore {
 public:
  // spill_path empty: the fact records stay in memory. Otherwise the
  // records are appended to that file (created, truncated; removed by the
  // destructor) once more than `buffer_bytes` wait in memory, and read back
  // with pread when an entry is decoded.
  explicit RootStore(std::string spill_path = {}, std::size_t buffer_bytes = std::size_t{64} << 20);
  ~RootStore();
  RootStore(const RootStore&) = delete;
  RootStore& operator=(const RootStore&) = delete;

  // Appends an entry (in creation order); returns its id.
  std::uint32_t add(const RootEntry& e);
  std::size_t size() const { return meta_.size(); }
  std::uint64_t key(std::uint32_t id) const { return meta_[id].key; }
  std::int8_t value(std::uint32_t id) const { return meta_[id].value; }
  // The whole entry, decoded (throws std::runtime_error on a bad record).
  // Const calls may run concurrently (no shared scratch; pread).
  RootEntry entry(std::uint32_t id) const;
  void entry(std::uint32_t id, RootEntry& out) const;

  // Bytes held in memory: per-entry metadata plus records not spilled.
  std::size_t memory_bytes() const;
  std::uint64_t record_bytes() const { return total_; }
  std::uint64_t spilled_bytes() const { return spilled_; }  // ... of them in the spill file

  // The file's arrays: entries stably sorted by key (several of one key in
  // creation order), the same bytes pack_root gives for the decoded entries.
  RootArrays pack() const;

  // A reader's store: the file's arrays as they are (entries in key order;
  // offsets: state_count + 1 record offsets into `facts`). Checks nothing:
  // a reader checks ranges itself and decodes each entry once (entry()
  // throws on a malformed record).
  void assign(std::vector<std::uint64_t> keys, const std::vector<std::int8_t>& value,
              const std::vector<std::int8_t>& best, const std::vector<std::int8_t>& lo_cap,
              const std::vector<std::int8_t>& hi_cap, std::vector<std::int8_t> facts,
              const std::vector<std::uint64_t>& offsets);
  // Entries [first, last) whose key is `key` (only for a store in key order).
  std::pair<std::uint32_t, std::uint32_t> range(std::uint64_t key) const;

 private:
  struct Meta {
    std::uint64_t key;
    std::uint64_t offset;  // of the record in the record stream
    std::uint32_t length;  // record bytes
    std::int8_t value, best, lo_cap, hi_cap;
  };
  // The record's bytes: in the buffer, or read from the spill file into buf.
  const std::int8_t* read_record(const Meta& m, std::vector<std::int8_t>& buf) const;
  void flush();

  std::vector<Meta> meta_;
  std::vector<std::int8_t> buffer_;  // records from offset spilled_ on
  std::uint64_t spilled_ = 0, total_ = 0;
  std::string spill_path_;
  std::size_t buffer_bytes_;
  int fd_ = -1;
};

}  // namespace gotb::search
