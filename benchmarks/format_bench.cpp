// Tablebase file benchmark (not a test): writes and reads synthetic value
// arrays through format/tablebase and prints write / read / verify speed,
// cold-probe latency and compression ratio, per pattern, zstd level and
// chunk size.
//
//   build/benchmarks/format_bench [--values N] [--levels 3,19] [--chunks 65536,262144]
//                                 [--patterns runs,small,zero,noise] [--threads T] [--dir DIR]
//
// Patterns (int8 values):
//   runs   small values (-12..12) in geometric runs of mean 16: like solved
//          tablebases, where neighbouring indices often share a value;
//   small  independent uniform values in -12..12 (no runs: a hard case for
//          real data, ~4.6 bits of entropy per value);
//   zero   all zero (upper bound on the ratio);
//   noise  uniform random bytes (incompressible: lower bound).
#include <sys/resource.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "format/tablebase.hpp"

namespace {

using Clock = std::chrono::steady_clock;

double since(Clock::time_point t0) { return std::chrono::duration<double>(Clock::now() - t0).count(); }

// CPU seconds of the whole process (all threads): on a shared machine this
// is steadier than wall time.
double cpu_seconds() {
  rusage u{};
  getrusage(RUSAGE_SELF, &u);
  return u.ru_utime.tv_sec + u.ru_stime.tv_sec + (u.ru_utime.tv_usec + u.ru_stime.tv_usec) / 1e6;
}

std::vector<std::string> split(const std::string& s) {
  std::vector<std::string> out;
  std::stringstream ss(s);
  for (std::string item; std::getline(ss, item, ',');)
    if (!item.empty()) out.push_back(item);
  return out;
}

std::vector<std::int8_t> make(const std::string& pattern, std::uint64_t n) {
  std::vector<std::int8_t> v(n);
  std::mt19937_64 rng(12345);
  if (pattern == "runs") {
    std::int8_t cur = 0;
    for (auto& x : v) {
      if (rng() % 16 == 0) cur = static_cast<std::int8_t>(static_cast<int>(rng() % 25) - 12);
      x = cur;
    }
  } else if (pattern == "small") {
    for (auto& x : v) x = static_cast<std::int8_t>(static_cast<int>(rng() % 25) - 12);
  } else if (pattern == "zero") {
  } else if (pattern == "noise") {
    for (auto& x : v) x = static_cast<std::int8_t>(rng());
  } else {
    std::fprintf(stderr, "format_bench: unknown pattern '%s' (runs, small, zero, noise)\n", pattern.c_str());
    std::exit(2);
  }
  return v;
}

[[noreturn]] void usage() {
  std::fprintf(stderr,
               "usage: format_bench [--values N] [--levels L,...] [--chunks C,...] [--patterns P,...] "
               "[--threads T] [--dir DIR]\n");
  std::exit(2);
}

}  // namespace

int main(int argc, char** argv) {
  std::uint64_t n = std::uint64_t{1} << 22;
  std::vector<std::string> levels{"3", "7", "19"}, chunks{"65536", "262144", "1048576"},
      patterns{"runs", "small", "zero", "noise"};
  int threads = 0;
  std::string dir = std::filesystem::temp_directory_path().string();
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    if (i + 1 >= argc) usage();
    std::string v = argv[++i];
    if (a == "--values") n = std::stoull(v);
    else if (a == "--levels") levels = split(v);
    else if (a == "--chunks") chunks = split(v);
    else if (a == "--patterns") patterns = split(v);
    else if (a == "--threads") threads = std::stoi(v);
    else if (a == "--dir") dir = v;
    else usage();
  }
  const std::string path = dir + "/gotb-format-bench-" + std::to_string(::getpid()) + ".gotb";
  std::printf("format_bench: %llu values (%.1f MB) per array, threads %s, file %s\n",
              static_cast<unsigned long long>(n), n / 1e6, threads ? std::to_string(threads).c_str() : "default",
              path.c_str());
  std::printf("MB/s = 10^6 values per second of wall time; in brackets per CPU-second (all threads)\n");
  std::printf("%-6s %5s %8s | %17s %17s %17s | %10s | %8s %8s\n", "data", "level", "chunk", "write MB/s",
              "read MB/s", "verify MB/s", "cold probe", "ratio", "file");
  std::printf("%-6s %5s %8s | %17s %17s %17s | %10s | %8s %8s\n", "", "", "values", "wall [cpu]", "wall [cpu]",
              "wall [cpu]", "us (wall)", "raw:zst", "raw:file");
  try {
    for (const auto& pat : patterns) {
      auto values = make(pat, n);
      for (const auto& lv : levels)
        for (const auto& ch : chunks) {
          gotb::TablebaseMeta meta;
          meta.board = "4x4";
          meta.rules = "tromp-taylor";
          meta.index_scheme = "bench";
          meta.symmetry_scheme = "none";
          meta.value_encoding = "bench-" + pat;
          meta.state_count = n;
          gotb::WriteOptions o;
          o.zstd_level = std::stoi(lv);
          o.chunk_values = std::stoull(ch);
          o.threads = threads;
          auto t0 = Clock::now();
          double c0 = cpu_seconds();
          gotb::write_tablebase(path, meta, {{"v", values.data(), values.size()}}, o);
          double tw = since(t0), cw = cpu_seconds() - c0;

          gotb::TablebaseReader r(path);
          t0 = Clock::now();
          c0 = cpu_seconds();
          auto back = r.read_array("v");
          double tr = since(t0), cr = cpu_seconds() - c0;
          if (back != values) {
            std::fprintf(stderr, "format_bench: read back differs!\n");
            return 1;
          }
          t0 = Clock::now();
          c0 = cpu_seconds();
          r.verify_all();
          double tv = since(t0), cv = cpu_seconds() - c0;
          // Cold probes: one cached chunk, random indices, so nearly every
          // probe reads, decompresses and checksums a chunk.
          r.set_cache_chunks(1);
          std::mt19937_64 rng(7);
          const int probes = 200;
          t0 = Clock::now();
          volatile long sink = 0;  // keeps the probes from being optimised away
          for (int i = 0; i < probes; ++i) sink = sink + r.probe("v", rng() % n);
          double tp = since(t0) / probes;
          auto info = r.array_info()[0];
          auto rate = [&](double wall, double cpu) {
            char buf[40];
            std::snprintf(buf, sizeof buf, "%7.0f [%7.0f]", n / 1e6 / wall, n / 1e6 / std::max(cpu, 1e-6));
            return std::string(buf);
          };
          std::printf("%-6s %5s %8s | %17s %17s %17s | %10.0f | %8.2f %8.2f\n", pat.c_str(), lv.c_str(), ch.c_str(),
                      rate(tw, cw).c_str(), rate(tr, cr).c_str(), rate(tv, cv).c_str(), tp * 1e6,
                      static_cast<double>(n) / info.stored_bytes, static_cast<double>(n) / r.file_bytes());
          std::fflush(stdout);
        }
    }
  } catch (const std::exception& e) {
    std::fprintf(stderr, "format_bench: %s\n", e.what());
    std::filesystem::remove(path);
    return 1;
  }
  std::filesystem::remove(path);
  return 0;
}
