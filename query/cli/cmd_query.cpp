// gotb query FILE --moves "...": the value of the state after a history and
// of every legal move, from a tablebase file through the probe API
// (query/probe.hpp). This file only parses options and prints.
#include <chrono>
#include <cstdio>
#include <iostream>
#include <memory>

#include "core/rules/games.hpp"
#include "query/cli/commands.hpp"
#include "query/json.hpp"
#include "query/probe.hpp"
#include "query/cli/number_options.hpp"
#include "query/sgf_game.hpp"

namespace gotb::cli {
namespace {

struct QueryArgs {
  std::string file, moves, sgf, fallback = "none";
  std::uint64_t node_limit = 0;
  std::uint64_t history_nodes = ProbeOptions{}.history_node_limit;
  double time_limit = 0;  // seconds for the history check (and --pv); 0 = none
  bool json = false, pv = false;
  bool allow_sgf_graph = false;
  bool unseeded = false;
};

std::string value_text(const ValueBounds& v, ValueSource src, const std::optional<FixpointPair>& f) {
  std::string out = v.to_string();
  out += v.exact() ? std::string("  exact (") +
                         (src == ValueSource::SearchSeeded ? "search seeded from file" : source_name(src)) + ")"
                   : src == ValueSource::FileFixpoints ? "  not exact (score range)"
                                                       : std::string("  not exact (proven bounds, ") + source_name(src) + ")";
  if (f)
    out += "  fixpoints gfp " + f->gfp.to_string() + " / lfp " + f->lfp.to_string() +
           (f->agree() ? " (agree; not a proven value)" : "");
  return out;
}

void run_query(const QueryArgs& a) {
  ProbeOptions po;
  po.fallback = parse_fallback(a.fallback);
  po.node_limit = a.node_limit;
  po.history_node_limit = a.history_nodes;
  po.seed_search = !a.unseeded;
  TablebaseProbe probe(a.file, po);
  const GameSpec& spec = probe.spec();

  std::vector<std::string> history = split_moves(a.moves);
  if (!a.sgf.empty()) {
    if (!history.empty()) throw std::invalid_argument("give the history with --moves or --sgf, not both");
    // The file decides board, ruleset and komi; the record must agree with
    // its board (sgf_game checks SZ) and its moves must be legal under them.
    SgfGameChoices choices{spec.board, spec.rules, spec.komi, "the tablebase"};
    history = sgf_game(read_sgf_record(read_text_file(a.sgf), spec.board, a.allow_sgf_graph), choices).moves;
  }
  ProbeRequest req;
  req.with_pv = a.pv;
  if (a.time_limit > 0)
    req.deadline = std::chrono::steady_clock::now() + std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                                                          std::chrono::duration<double>(a.time_limit));
  const ProbeResult r = probe.probe(history, req);

  if (a.json) {
    nlohmann::json j = analysis_json(spec, history, r);
    j["file"] = a.file;
    j["file_kind"] = probe.kind();
    std::cout << j.dump(2) << "\n";
    return;
  }
  std::printf("file       %s (%s)\n", a.file.c_str(), probe.kind().c_str());
  std::printf("board      %s\nrules      %s\nkomi       %s\n", spec.board.spec().c_str(),
              spec.rules.to_string().c_str(), komi_text(spec.komi).c_str());
  if (!history.empty()) {
    std::string h;
    for (const auto& m : history) h += " " + m;
    std::printf("history   %s\n", h.c_str());
  }
  GameRecord record(spec);
  record.set_moves(history);
  std::printf("\n%s\n", record.now().diagram.c_str());
  if (r.game_over) {
    std::printf("game over  %s (area score, Black minus White, komi included)\n", r.value.lower.to_string().c_str());
    return;
  }
  std::printf("to move    %s\n", std::string(color_name(r.to_move)).c_str());
  // Exact files: the file's own value where the history changed it.
  auto file_text = [](const std::optional<Value>& f, const ValueBounds& v) {
    return f && !(v.exact() && v.lower.identical(*f)) ? "  (file: " + f->to_string() + ")" : std::string();
  };
  std::printf("value      %s%s\n           Black minus White, komi included\n",
              value_text(r.value, r.source, r.fixpoints).c_str(), file_text(r.file_value, r.value).c_str());
  std::printf("moves      legal under %s given the history, best first for %s:\n", spec.rules.to_string().c_str(),
              std::string(color_name(r.to_move)).c_str());
  for (const MoveEval& m : r.moves)
    std::printf("  %-6s %s%s\n", m.move.c_str(), value_text(m.value, m.source, m.fixpoints).c_str(),
                m.ends_game ? "  (ends the game)" : file_text(m.file_value, m.value).c_str());
  if (a.pv) {
    std::string pv;
    for (const auto& m : r.pv) pv += " " + m;
    std::printf("pv        %s\n", r.exact() ? pv.c_str() : " (none: the value is not exact)");
  }
  if (!r.note.empty()) std::printf("note: %s\n", r.note.c_str());
}

}  // namespace

void add_query_command(CLI::App& app) {
  auto args = std::make_shared<QueryArgs>();
  CLI::App* sub = app.add_subcommand(
      "query",
      "Value of a position from a tablebase file (gotb generate -o), every legal move's value, exact or not, and "
      "where each came from (exact ko=basic files: the file's value, checked under the history by a bounded "
      "search, docs/solving.md)");
  sub->add_option("file", args->file, "tablebase file")->required();
  sub->add_option("--moves,-m", args->moves, "history from the empty board, e.g. \"B2 A1 pass\" (GTP coordinates)");
  sub->add_option("--sgf", args->sgf, "history from the main line of an SGF game record instead of --moves "
                  "(its SZ, RU and KM, where given, must be the file's)")
      ->check(non_empty_name());
  sub->add_option("--fallback", args->fallback,
                  "solve states the file holds no exact value for on the fly: search, reference, or none (say "
                  "'not exact'); on a superko or root file (gotb generate --exact / --root) the search is seeded from the file: its "
                  "stored bounds wherever their history facts hold under the search's line, its stored moves first "
                  "(source search-seeded, text 'exact (search seeded from file)')")
      ->check(CLI::IsMember({"none", "search", "reference"}))
      ->capture_default_str();
  sub->add_flag("--unseeded", args->unseeded,
                "superko and root files with --fallback search: re-prove without the file's seeds, as gotb solve --method "
                "search (source search; for comparison)");
  sub->add_option("--node-limit", args->node_limit, "with --fallback: give up after this many nodes (exit 3)")
      ->capture_default_str();
  sub->add_option("--history-nodes", args->history_nodes,
                  "exact files (ko=basic): search nodes per query for checking the file's values under the history "
                  "(docs/solving.md); where they run out, proven bounds (file-bounds) instead of exact values")
      ->check(count_number(UINT64_MAX))
      ->capture_default_str();
  sub->add_option("--time-limit", args->time_limit,
                  "exact files: seconds for checking the file's values under the history (and --pv); where they run "
                  "out, proven bounds (file-bounds) and a note, like --history-nodes; 0 = no limit")
      ->check(seconds_number(kMaxSeconds))
      ->capture_default_str();
  sub->add_flag("--pv", args->pv, "also a principal variation (exact values only)");
  sub->add_flag("--json", args->json, "print JSON (see docs/json.md)");
  sub->add_flag("--allow-sgf-graph", args->allow_sgf_graph,
                "let the SGF's GOTBBOARD[graph:PATH] open that graph file (off by default: an SGF from elsewhere "
                "could name any local file)");
  sub->callback([args] { run_query(*args); });
}

}  // namespace gotb::cli
