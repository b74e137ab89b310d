#include <algorithm>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <memory>
#include <sstream>

#include "core/symmetry.hpp"
#include "query/cli/commands.hpp"
#include "query/cli/output.hpp"

namespace gotb::cli {
namespace {

// Every implemented family's table variants (core/rules/families.cpp).
std::vector<std::string> default_rules() {
  std::vector<std::string> out;
  for (const auto& f : rules_families())
    for (const auto& v : f.table_variants) out.push_back(v);
  return out;
}

struct TableArgs {
  std::vector<std::string> boards{"1x1", "1x2", "1x3", "1x4", "1x5", "1x6", "2x2", "2x3", "2x4"};
  std::vector<std::string> rules = default_rules();
  double komi = 0;
  std::uint64_t node_limit = 200'000'000;
  std::string markdown, csv;
};

struct Entry {
  bool solved = false;
  Value value;
  std::vector<std::string> best;  // optimal first moves, one per symmetry class
  std::uint64_t nodes = 0;
  double seconds = 0;
};

Entry solve_entry(const Board& board, const RuleSet& rules, double komi, std::uint64_t node_limit) {
  Entry e;
  SolveRequest req{board, rules, komi, {}, {}};
  req.options.node_limit = node_limit;
  req.with_pv = false;
  try {
    SolveReport rep = reference_solve(req);
    e.solved = true;
    e.value = rep.value;
    e.nodes = rep.nodes;
    e.seconds = rep.seconds;
    Symmetries sym(board);
    std::vector<int> classes;  // canonical point of each optimal class
    for (const auto& m : rep.moves) {
      if (!(m.value == rep.value)) continue;
      int p = board.parse_point(m.move);
      int canon = p;
      if (p >= 0)
        for (int s = 0; s < sym.count(); ++s) canon = std::min(canon, sym.perm(s)[p]);
      if (std::find(classes.begin(), classes.end(), canon) != classes.end()) continue;
      classes.push_back(canon);
      e.best.push_back(m.move);
    }
  } catch (const NodeLimitReached&) {
    e.solved = false;
  }
  return e;
}

std::string seconds_text(double s) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.2f", s);
  return buf;
}

std::string join(const std::vector<std::string>& v, const std::string& sep) {
  std::string out;
  for (size_t i = 0; i < v.size(); ++i) out += (i ? sep : "") + v[i];
  return out;
}

void run_table(const TableArgs& a) {
  std::vector<RuleSet> rules;
  for (const auto& r : a.rules) rules.push_back(RuleSet::parse(r));
  std::vector<Board> boards;
  for (const auto& b : a.boards) boards.push_back(Board::parse(b));

  std::ostringstream md, csv;
  md << "Exact values (Black minus White, komi " << a.komi
     << ") from the empty board; optimal first moves up to symmetry in brackets.\n\n| board |";
  for (const auto& r : rules) md << ' ' << r.to_string() << " |";
  md << "\n|---|";
  for (size_t i = 0; i < rules.size(); ++i) md << "---|";
  md << "\n";
  csv << "board,rules,komi,status,value,best_moves,method,nodes,seconds\n";
  for (const auto& b : boards) {
    md << "| " << b.spec() << " |";
    for (const auto& r : rules) {
      std::cerr << "solving " << b.spec() << " under " << r.to_string() << " ..." << std::flush;
      Entry e = solve_entry(b, r, a.komi, a.node_limit);
      std::cerr << (e.solved ? " " + e.value.to_string() : std::string(" not proven")) << " ("
                << seconds_text(e.seconds) << " s)\n";
      if (e.solved)
        md << ' ' << e.value.to_string() << " [" << join(e.best, ", ") << "] |";
      else
        md << " not proven (node limit " << a.node_limit << ") |";
      csv << b.spec() << ",\"" << r.to_string() << "\"," << a.komi << ',' << (e.solved ? "exact" : "unproven")
          << ',' << (e.solved ? e.value.to_string() : "") << ",\"" << join(e.best, " ") << "\",reference,"
          << e.nodes << ',' << seconds_text(e.seconds) << "\n";
    }
    md << "\n";
  }
  std::cout << md.str();
  if (!a.markdown.empty()) std::ofstream(a.markdown) << md.str();
  if (!a.csv.empty()) std::ofstream(a.csv) << csv.str();
}

}  // namespace

void add_table_command(CLI::App& app) {
  auto args = std::make_shared<TableArgs>();
  CLI::App* sub = app.add_subcommand("table", "Solve a list of boards under a list of rulesets and print the results table");
  sub->add_option("--boards", args->boards, "boards to solve")->delimiter(',')->capture_default_str();
  sub->add_option("--rules", args->rules, "rulesets (repeat the option or separate with spaces)")
      ->capture_default_str();
  sub->add_option("--komi", args->komi, "komi")->capture_default_str();
  sub->add_option("--node-limit", args->node_limit, "node budget per entry; entries over it are reported unproven")
      ->capture_default_str();
  sub->add_option("--markdown", args->markdown, "also write the Markdown table to this file");
  sub->add_option("--csv", args->csv, "also write a CSV file with one row per entry");
  sub->callback([args] { run_table(*args); });
}

}  // namespace gotb::cli
