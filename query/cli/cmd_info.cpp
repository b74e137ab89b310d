// `gotb info FILE` (metadata and storage summary of a tablebase file) and
// `gotb verify FILE...` (every checksum). The layout is docs/format.md.
#include <chrono>
#include <cstdio>
#include <iostream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <stdexcept>

#include "format/tablebase.hpp"
#include "query/cli/commands.hpp"
#include "query/cli/output.hpp"
#include "query/game_record.hpp"

namespace gotb::cli {
namespace {

std::string hex64(std::uint64_t v) {
  char buf[24];
  std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(v));
  return buf;
}

// raw:stored, e.g. "12.34:1"; "-" when nothing is stored.
std::string ratio_text(std::uint64_t raw, std::uint64_t stored) {
  if (stored == 0) return "-";
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.2f:1", static_cast<double>(raw) / static_cast<double>(stored));
  return buf;
}

nlohmann::json ratio_json(std::uint64_t raw, std::uint64_t stored) {
  if (stored == 0) return nullptr;
  return static_cast<double>(raw) / static_cast<double>(stored);
}

std::string pad(const std::string& s, size_t w) { return s.size() >= w ? s : s + std::string(w - s.size(), ' '); }

std::string lpad(const std::string& s, size_t w) { return s.size() >= w ? s : std::string(w - s.size(), ' ') + s; }

nlohmann::json info_json(TablebaseReader& r) {
  const TablebaseMeta& m = r.meta();
  nlohmann::json j;
  j["file"] = r.path();
  j["file_bytes"] = r.file_bytes();
  j["format_version"] = m.format_version;
  j["board"] = m.board;
  j["board_points"] = r.board().size();
  j["rules"] = m.rules;
  j["komi"] = m.komi;
  j["index_scheme"] = m.index_scheme;
  j["symmetry_scheme"] = m.symmetry_scheme;
  j["value_encoding"] = m.value_encoding;
  j["state_count"] = m.state_count;
  j["generator_version"] = m.generator_version;
  j["git_revision"] = m.git_revision;
  j["created"] = m.created;
  j["checksum_algorithm"] = "xxh64";
  j["checksums_verified"] = false;
  j["extra"] = nlohmann::json::object();
  for (const auto& [k, v] : m.extra) j["extra"][k] = v;
  j["arrays"] = nlohmann::json::array();
  std::uint64_t raw = 0, stored = 0;
  for (const auto& a : r.array_info()) {
    j["arrays"].push_back({{"name", a.name},
                           {"values", a.values},
                           {"chunk_values", a.chunk_values},
                           {"chunks", a.chunks},
                           {"stored_bytes", a.stored_bytes},
                           {"compression_ratio", ratio_json(a.values, a.stored_bytes)},
                           {"filter", a.filter},
                           {"xxh64", hex64(a.xxh64)}});
    raw += a.values;
    stored += a.stored_bytes;
  }
  j["raw_bytes"] = raw;
  j["stored_bytes"] = stored;
  j["compression_ratio"] = ratio_json(raw, stored);
  j["file_ratio"] = ratio_json(raw, r.file_bytes());
  return j;
}

std::string info_text(TablebaseReader& r) {
  const TablebaseMeta& m = r.meta();
  std::ostringstream o;
  // Every value may come from the file: escaped for the terminal.
  auto line = [&](const std::string& k, const std::string& v) { o << pad(k, 18) << terminal_safe(v) << "\n"; };
  line("file", r.path() + " (" + std::to_string(r.file_bytes()) + " bytes)");
  line("format", "gotb tablebase, version " + std::to_string(m.format_version));
  line("board", m.board + " (" + std::to_string(r.board().size()) + " points)");
  line("rules", m.rules);
  line("komi", komi_text(m.komi));
  line("states", std::to_string(m.state_count));
  line("index scheme", m.index_scheme);
  line("symmetry scheme", m.symmetry_scheme);
  line("value encoding", m.value_encoding);
  line("generator", "gotb " + m.generator_version + " (git " + m.git_revision + ")");
  line("created", m.created);
  line("checksums", "xxh64 per chunk and per array; not checked by info (run 'gotb verify FILE')");
  if (!m.extra.empty()) {
    o << "extra\n";
    size_t w = 0;
    for (const auto& [k, v] : m.extra) w = std::max(w, terminal_safe(k).size());
    for (const auto& [k, v] : m.extra) o << "  " << pad(terminal_safe(k), w + 2) << terminal_safe(v) << "\n";
  }
  o << "arrays\n";
  auto infos = r.array_info();
  size_t nw = 5;
  for (const auto& a : infos) nw = std::max(nw, a.name.size());
  o << "  " << pad("name", nw + 2) << lpad("values", 12) << lpad("chunks", 8) << lpad("per chunk", 11)
    << lpad("stored", 12) << lpad("ratio", 10) << "  " << pad("xxh64", 18) << "filter\n";
  std::uint64_t raw = 0, stored = 0;
  for (const auto& a : infos) {
    o << "  " << pad(a.name, nw + 2) << lpad(std::to_string(a.values), 12) << lpad(std::to_string(a.chunks), 8)
      << lpad(std::to_string(a.chunk_values), 11) << lpad(std::to_string(a.stored_bytes), 12)
      << lpad(ratio_text(a.values, a.stored_bytes), 10) << "  " << pad(hex64(a.xxh64), 18) << terminal_safe(a.filter) << "\n";
    raw += a.values;
    stored += a.stored_bytes;
  }
  line("total", std::to_string(raw) + " value bytes stored in " + std::to_string(stored) + " bytes (" +
                    ratio_text(raw, stored) + "); whole file " + ratio_text(raw, r.file_bytes()));
  return o.str();
}

struct InfoArgs {
  std::string file;
  bool json = false;
};

struct VerifyArgs {
  std::vector<std::string> files;
  bool json = false;
};

}  // namespace

void add_info_command(CLI::App& app) {
  auto args = std::make_shared<InfoArgs>();
  CLI::App* sub = app.add_subcommand("info", "Show a tablebase file's metadata, arrays, chunks and compression");
  sub->add_option("file", args->file, "Tablebase file (.gotb)")->required();
  sub->add_flag("--json", args->json, "Print JSON (fields in docs/json.md)");
  sub->callback([args] {
    TablebaseReader r(args->file);
    if (args->json)
      // JSON escapes control characters; bytes that are not UTF-8 become U+FFFD.
      std::cout << info_json(r).dump(2, ' ', false, nlohmann::json::error_handler_t::replace) << "\n";
    else
      std::cout << info_text(r);
  });
}

void add_verify_command(CLI::App& app) {
  auto args = std::make_shared<VerifyArgs>();
  CLI::App* sub =
      app.add_subcommand("verify", "Check every chunk and array checksum of tablebase files (exit 1 if any fails)");
  sub->add_option("files", args->files, "Tablebase files (.gotb)")->required();
  sub->add_flag("--json", args->json, "Print JSON: one object per file");
  sub->callback([args] {
    int bad = 0;
    nlohmann::json all = nlohmann::json::array();
    for (const auto& file : args->files) {
      auto t0 = std::chrono::steady_clock::now();
      std::vector<std::string> problems;
      std::uint64_t values = 0, chunks = 0;
      size_t arrays = 0;
      try {
        TablebaseReader r(file);
        for (const auto& a : r.array_info()) values += a.values, chunks += a.chunks, ++arrays;
        problems = r.verify_report();
      } catch (const TablebaseError& e) {
        problems.push_back(e.what());
      }
      double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
      if (!problems.empty()) ++bad;
      if (args->json) {
        all.push_back({{"file", file},
                       {"ok", problems.empty()},
                       {"arrays", arrays},
                       {"values", values},
                       {"chunks", chunks},
                       {"problems", problems},
                       {"seconds", secs}});
        continue;
      }
      if (problems.empty()) {
        char t[32];
        std::snprintf(t, sizeof t, "%.2f", secs);
        std::cout << file << ": OK - " << arrays << " arrays, " << values << " values in " << chunks
                  << " chunks; the metadata checksum and every chunk and array checksum match (" << t << " s)\n";
      } else {
        std::cout << file << ": FAILED - " << problems.size() << " problem" << (problems.size() == 1 ? "" : "s")
                  << "\n";
        for (const auto& p : problems) std::cerr << "gotb: error: " << terminal_safe(p) << "\n";
      }
    }
    if (args->json) std::cout << all.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) << "\n";
    if (bad)
      throw std::runtime_error(std::to_string(bad) + " of " + std::to_string(args->files.size()) +
                               " file" + (args->files.size() == 1 ? "" : "s") + " failed verification");
  });
}

}  // namespace gotb::cli
