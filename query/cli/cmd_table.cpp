// `gotb table`: the results table (results/table.md, results/table.csv and a
// plot) over a list of boards and rulesets. Every entry states how it was
// proven and what it cost; an entry that ran out of budget says so and is
// never guessed.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <set>
#include <memory>
#include <sstream>

#include "generator/search/solve_search.hpp"
#include "core/file_io.hpp"
#include "core/numbers.hpp"
#include "core/rules/games.hpp"
#include "core/symmetry.hpp"
#include "query/cli/commands.hpp"
#include "query/game_record.hpp"
#include "query/cli/output.hpp"
#include "query/cli/number_options.hpp"
#include "query/cli/run_program.hpp"
#include "query/cli/search_args.hpp"

namespace gotb::cli {
namespace {

// Every implemented family's table variants (core/rules/families.cpp).
std::vector<std::string> default_rules() {
  std::vector<std::string> out;
  for (const auto& f : rules_families())
    for (const auto& v : f.table_variants) out.push_back(v);
  return out;
}

// The boards the project reports on (issue list): 1x1..1x13, 2x2..2x11,
// 3x3..3x7, 4x4..4x7, 5x5, smallest first.
std::vector<std::string> catalogue(int max_points) {
  std::vector<std::pair<int, int>> rc;
  for (int c = 1; c <= 13; ++c) rc.push_back({1, c});
  for (int c = 2; c <= 11; ++c) rc.push_back({2, c});
  for (int c = 3; c <= 7; ++c) rc.push_back({3, c});
  for (int c = 4; c <= 7; ++c) rc.push_back({4, c});
  rc.push_back({5, 5});
  std::stable_sort(rc.begin(), rc.end(), [](auto a, auto b) { return a.first * a.second < b.first * b.second; });
  std::vector<std::string> out;
  for (auto [r, c] : rc)
    if (r * c <= max_points) out.push_back(std::to_string(r) + "x" + std::to_string(c));
  return out;
}

struct TableArgs {
  std::vector<std::string> boards;  // empty: the catalogue up to max_points
  int max_points = 25;
  std::vector<std::string> rules = default_rules();
  double komi = 0;
  std::uint64_t node_limit = 200'000'000;
  double time_limit = 20;
  std::string out_dir = "results";
  bool no_files = false, no_plot = false, resume = false;
  std::string markdown, csv;
  std::string method = "auto";
  SearchArgs search;
};

enum class Status { Proven, OverBudget, Skipped };

struct Entry {
  Status status = Status::Skipped;
  std::string why;  // for OverBudget / Skipped
  Value value;
  std::vector<std::string> best;  // optimal first moves, one per symmetry class
  std::vector<std::string> undecided;  // first moves the budget left undecided (value still exact)
  std::uint64_t nodes = 0;
  double seconds = 0;
  std::string method;
  int threads = 1;
  std::string budget;  // the budget it was solved (or given up) under
};

// The canonical representative of each symmetry class among `moves`.
std::vector<std::string> move_classes(const Board& board, const std::vector<std::string>& moves) {
  Symmetries sym(board);
  std::vector<int> classes;
  std::vector<std::string> out;
  for (const std::string& move : moves) {
    int p = board.parse_point(move);
    int canon = p;
    if (p >= 0)
      for (int s = 0; s < sym.count(); ++s) canon = std::min(canon, sym.perm(s)[p]);
    if (std::find(classes.begin(), classes.end(), canon) != classes.end()) continue;
    classes.push_back(canon);
    out.push_back(move);
  }
  return out;
}

Entry solve_entry(const Board& board, const RuleSet& rules, const TableArgs& a) {
  Entry e;
  SolveRequest req{board, rules, a.komi, {}, {}};
  req.options.node_limit = a.node_limit;
  req.options.time_limit = a.time_limit;
  req.with_pv = false;
  // The optimal first moves, not every move's value (the search proves
  // those with one test per move).
  req.with_move_values = false;
  req.with_optimal_moves = true;
  auto start = std::chrono::steady_clock::now();
  try {
    SolveReport rep = solve_with_method(a.method, req, a.search.options(), a.search.ordering_mode());
    e.threads = rep.threads;
    e.method = rep.method;
    e.status = Status::Proven;
    e.value = rep.value;
    e.nodes = rep.nodes;
    e.seconds = rep.seconds;
    e.best = move_classes(board, rep.optimal);
    e.undecided = move_classes(board, rep.optimal_undecided);
  } catch (const std::invalid_argument& ex) {  // --method search on a ruleset it does not implement
    e.status = Status::Skipped;
    e.why = ex.what();
  } catch (const NodeLimitReached& ex) {
    e.status = Status::OverBudget;
    e.why = ex.what();
    e.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  }
  return e;
}

std::string fixed(double s, int digits = 2) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.*f", digits, s);
  return buf;
}

std::string join(const std::vector<std::string>& v, const std::string& sep) {
  std::string out;
  for (size_t i = 0; i < v.size(); ++i) out += (i ? sep : "") + v[i];
  return out;
}

std::string csv_quote(const std::string& s) {
  std::string out = "\"";
  for (char c : s) out += c == '"' ? std::string("\"\"") : std::string(1, c);
  return out + "\"";
}

// The line a board is drawn on in the plot: rectangles of the same row
// count (1xN, 2xN, ...); any other board on its own.
std::string row_family(const Board& b) {
  if (b.shape() != Board::Shape::Rectangle) return b.spec();
  return std::to_string(b.rows()) + "xN";
}

// Whether `big` contains `small` up to rotation: then solving `big` is taken
// to be at least as hard, and once `small` is over budget `big` is not
// attempted (a budget rule, not a claim about values: the entry says "not
// attempted"). Other shapes contain only themselves.
bool contains(const Board& big, const Board& small) {
  if (big.shape() != Board::Shape::Rectangle || small.shape() != Board::Shape::Rectangle)
    return big.spec() == small.spec();
  const int bs = std::min(big.rows(), big.cols()), bl = std::max(big.rows(), big.cols());
  const int ss = std::min(small.rows(), small.cols()), sl = std::max(small.rows(), small.cols());
  return ss <= bs && sl <= bl;
}

// --- resuming from an earlier table.csv -----------------------------------

std::vector<std::string> csv_fields(const std::string& line) {
  std::vector<std::string> out(1);
  bool quoted = false;
  for (size_t i = 0; i < line.size(); ++i) {
    const char c = line[i];
    if (quoted) {
      if (c == '"' && i + 1 < line.size() && line[i + 1] == '"') out.back() += '"', ++i;
      else if (c == '"') quoted = false;
      else out.back() += c;
    } else if (c == '"') {
      quoted = true;
    } else if (c == ',') {
      out.emplace_back();
    } else {
      out.back() += c;
    }
  }
  if (quoted) throw std::invalid_argument("unterminated quote");
  return out;
}

// An exact entry whose optimal-move list is incomplete says so in its note.
const std::string kUndecided = "undecided first moves: ";

const char* kCsvHeader = "board,points,rules,komi,status,value,best_moves,method,nodes,seconds,threads,budget,note";

struct Previous {
  std::vector<std::string> boards, rules;  // in the file's order
  std::map<std::pair<std::string, std::string>, Entry> entries;
};

// Reads a table.csv written by this command; any deviation is an error (a
// resumed table must not carry a misread entry).
Previous read_previous(const std::filesystem::path& path, double komi) {
  std::string text;
  try {
    text = read_regular_file(path.string(), kMaxCsvFileBytes, "table");
  } catch (const std::invalid_argument& e) {
    throw std::runtime_error(std::string("--resume: ") + e.what());
  }
  std::istringstream f(text);
  Previous prev;
  std::string line;
  int number = 1;
  if (!std::getline(f, line) || line != kCsvHeader)
    throw std::runtime_error("--resume: " + path.string() + " is not a table.csv of this version (header differs)");
  while (std::getline(f, line)) {
    ++number;
    if (line.empty()) continue;
    const std::string where = path.string() + " line " + std::to_string(number) + ": ";
    try {
      const auto v = csv_fields(line);
      if (v.size() != 13) throw std::invalid_argument("expected 13 fields, found " + std::to_string(v.size()));
      const std::string board = Board::parse(v[0]).spec(), rules = RuleSet::parse(v[2]).to_string();
      if (parse_komi(v[3], "komi") != komi) throw std::invalid_argument("komi " + v[3] + " differs from --komi");
      Entry e;
      if (v[4] == "exact") {
        e.status = Status::Proven;
        e.value = Value::parse(v[5]);
        e.best = split_moves(v[6]);
      } else if (v[4] == "over-budget") {
        e.status = Status::OverBudget;
      } else if (v[4] == "skipped") {
        e.status = Status::Skipped;
      } else {
        throw std::invalid_argument("unknown status '" + v[4] + "'");
      }
      e.method = v[7];
      e.nodes = v[8].empty() ? 0 : parse_count(v[8], UINT64_MAX, "nodes");
      e.seconds = parse_seconds(v[9], 1e12, "seconds");
      e.threads = static_cast<int>(parse_integer(v[10], 0, 1 << 20, "threads"));
      e.budget = v[11];
      e.why = v[12];
      if (e.status == Status::Proven && e.why.rfind(kUndecided, 0) == 0) {
        e.undecided = split_moves(e.why.substr(kUndecided.size()));
        e.why.clear();
      }
      if (std::find(prev.boards.begin(), prev.boards.end(), board) == prev.boards.end()) prev.boards.push_back(board);
      if (std::find(prev.rules.begin(), prev.rules.end(), rules) == prev.rules.end()) prev.rules.push_back(rules);
      prev.entries[{board, rules}] = e;
    } catch (const std::exception& ex) {
      throw std::runtime_error("--resume: " + where + ex.what());
    }
  }
  return prev;
}

// A gnuplot script with the data inline: value and solve time against
// board size, one series per ruleset, proven entries only.
std::string plot_script(const std::vector<Board>& boards, const std::vector<RuleSet>& rules,
                        const std::map<std::pair<size_t, size_t>, Entry>& entries, const std::string& png) {
  std::ostringstream gp;
  gp << "# Written by `gotb table`; run `gnuplot table.gp` to redraw.\n";
  for (size_t r = 0; r < rules.size(); ++r) {
    // One line per row family (1xN, 2xN, ...): gnuplot breaks a line at a
    // blank line in the data.
    std::map<std::string, std::vector<size_t>> families;
    for (size_t b = 0; b < boards.size(); ++b) families[row_family(boards[b])].push_back(b);
    gp << "$d" << r << " << EOD\n";
    for (const auto& [family, members] : families) {
      for (size_t b : members) {
        const Entry& e = entries.at({b, r});
        if (e.status != Status::Proven || !e.value.is_score()) continue;
        gp << boards[b].size() << ' ' << e.value.points() << ' ' << std::max(e.seconds, 1e-4) << "  # "
           << boards[b].spec() << "\n";
      }
      gp << "\n";
    }
    gp << "EOD\n";
  }
  int max_points = 1;
  for (const auto& [at, e] : entries)
    if (e.status == Status::Proven) max_points = std::max(max_points, boards[at.first].size());
  gp << "set terminal pngcairo size 1100,900 noenhanced\n"
     << "set output '" << png << "'\n"
     << "set multiplot layout 2,1 title 'gotb: exact values from the empty board (komi 0)'\n"
     << "set grid\nset key outside right\nset xtics 1\n"
     << "set xrange [0.5:" << max_points + 0.5 << "]\n"
     << "set xlabel 'points on the board (one line per row count: 1xN, 2xN, ...)'\n"
     << "set ylabel 'value (Black - White)'\n";
  auto series = [&](const char* cols) {
    std::string s = "plot ";
    for (size_t r = 0; r < rules.size(); ++r)
      s += (r ? ", " : "") + std::string("$d") + std::to_string(r) + " using " + cols + " with linespoints title '" +
           rules[r].to_string() + "'";
    return s + "\n";
  };
  gp << series("1:2");
  gp << "set logscale y\nset ylabel 'seconds to prove'\n" << series("1:3") << "unset multiplot\n";
  return gp.str();
}

void write_file(const std::filesystem::path& path, const std::string& text) {
  std::ofstream f(path);
  if (!(f << text)) throw std::runtime_error("cannot write " + path.string());
}

void run_table(TableArgs a) {
  if (a.boards.empty()) a.boards = catalogue(a.max_points);
  std::vector<RuleSet> rules;
  for (const auto& r : a.rules) rules.push_back(RuleSet::parse(r));
  std::vector<Board> boards;
  for (const auto& b : a.boards) boards.push_back(Board::parse(b));
  const std::string budget = (a.node_limit ? std::to_string(a.node_limit) + " nodes" : std::string("no node limit")) +
                             ", " + (a.time_limit > 0 ? fixed(a.time_limit, 0) + " s" : std::string("no time limit"));

  // Which entries this run solves: the requested ones, less those an
  // earlier run proved (--resume). The table holds the union of both.
  std::set<std::pair<std::string, std::string>> requested;
  for (const auto& b : boards)
    for (const auto& r : rules) requested.insert({b.spec(), r.to_string()});
  Previous prev;
  if (a.resume) {
    prev = read_previous(std::filesystem::path(a.out_dir) / "table.csv", a.komi);
    std::vector<Board> all_boards;
    std::vector<RuleSet> all_rules;
    for (const auto& b : prev.boards) all_boards.push_back(Board::parse(b));
    for (const auto& b : boards)
      if (std::find(prev.boards.begin(), prev.boards.end(), b.spec()) == prev.boards.end()) all_boards.push_back(b);
    for (const auto& r : prev.rules) all_rules.push_back(RuleSet::parse(r));
    for (const auto& r : rules)
      if (std::find(prev.rules.begin(), prev.rules.end(), r.to_string()) == prev.rules.end()) all_rules.push_back(r);
    boards = std::move(all_boards);
    rules = std::move(all_rules);
  }

  std::map<std::pair<size_t, size_t>, Entry> entries;
  std::vector<std::vector<size_t>> over_budget(rules.size());  // per rule: boards given up on in this run
  for (size_t b = 0; b < boards.size(); ++b) {
    for (size_t r = 0; r < rules.size(); ++r) {
      const std::pair<std::string, std::string> id{boards[b].spec(), rules[r].to_string()};
      auto kept = prev.entries.find(id);
      Entry e;
      if (!requested.count(id) ||
          (kept != prev.entries.end() && kept->second.status == Status::Proven && kept->second.undecided.empty())) {
        if (kept != prev.entries.end()) {
          e = kept->second;
        } else {
          e.why = "not requested";
          e.budget = budget;
        }
        entries[{b, r}] = e;
        continue;
      }
      auto failed = std::find_if(over_budget[r].begin(), over_budget[r].end(),
                                 [&](size_t f) { return contains(boards[b], boards[f]); });
      e.budget = budget;
      if (failed != over_budget[r].end()) {
        e.why = "not attempted: " + boards[*failed].spec() + " was over budget";
        std::cerr << "skipping " << boards[b].spec() << " under " << rules[r].to_string() << ":";
      } else {
        std::cerr << "solving " << boards[b].spec() << " under " << rules[r].to_string() << " ..." << std::flush;
        e = solve_entry(boards[b], rules[r], a);
        e.budget = budget;
        if (e.status == Status::OverBudget) over_budget[r].push_back(b);
      }
      std::cerr << (e.status == Status::Proven ? " " + e.value.to_string() : " " + (e.why.empty() ? "" : e.why))
                << " (" << fixed(e.seconds) << " s)\n";
      entries[{b, r}] = e;
    }
  }

  // The budgets the entries were solved under (runs joined by --resume can
  // differ): one line if they agree, else per ruleset.
  std::vector<std::set<std::string>> budgets(rules.size());
  std::set<std::string> all_budgets;
  for (const auto& [at, e] : entries)
    if (e.why != "not requested" && !e.budget.empty()) {
      budgets[at.second].insert(e.budget);
      all_budgets.insert(e.budget);
    }
  std::string budget_text;
  if (all_budgets.size() <= 1) {
    budget_text = all_budgets.empty() ? budget : *all_budgets.begin();
  } else {
    budget_text = "by ruleset";
    for (size_t r = 0; r < rules.size(); ++r)
      budget_text += std::string(r ? "; " : ": ") + rules[r].to_string() + " " +
                     join(std::vector<std::string>(budgets[r].begin(), budgets[r].end()), " / ");
  }
  std::ostringstream md, csv;
  md << "Exact values (Black minus White, komi " << a.komi
     << ") from the empty board with empty history. Each entry: value, optimal first moves up to symmetry "
        "[in brackets], then how it was proven (method, nodes searched, seconds, threads). Budget per entry: "
     << budget_text
     << ". Entries over budget are marked and not guessed; a board is not attempted under a ruleset once a board "
        "it contains was over budget there; \"undecided\" first moves were not tested within the budget (the value "
        "is exact).\n\n| board |";
  for (const auto& r : rules) md << ' ' << r.to_string() << " |";
  md << "\n|---|";
  for (size_t i = 0; i < rules.size(); ++i) md << "---|";
  md << "\n";
  csv << kCsvHeader << "\n";
  for (size_t b = 0; b < boards.size(); ++b) {
    md << "| " << boards[b].spec() << " |";
    for (size_t r = 0; r < rules.size(); ++r) {
      const Entry& e = entries[{b, r}];
      const char* status = e.status == Status::Proven ? "exact" : e.status == Status::OverBudget ? "over-budget" : "skipped";
      if (e.status == Status::Proven)
        md << ' ' << e.value.to_string() << " [" << join(e.best, ", ")
           << (e.undecided.empty() ? "" : (e.best.empty() ? "" : "; ") + std::string("undecided: ") + join(e.undecided, ", "))
           << "] " << e.method << ", " << e.nodes << " nodes, "
           << fixed(e.seconds) << " s, " << e.threads << (e.threads == 1 ? " thread |" : " threads |");
      else if (e.status == Status::OverBudget)
        md << " not proven (" << e.why << " after " << fixed(e.seconds, 0) << " s) |";
      else
        md << " not proven (" << e.why << ") |";
      csv << boards[b].spec() << ',' << boards[b].size() << ',' << csv_quote(rules[r].to_string()) << ',' << a.komi
          << ',' << status << ',' << (e.status == Status::Proven ? e.value.to_string() : "") << ','
          << csv_quote(join(e.best, " ")) << "," << e.method << ","
          << (e.status == Status::Proven ? std::to_string(e.nodes) : "") << ',' << fixed(e.seconds, 3) << ',' << e.threads << ','
          << csv_quote(e.budget) << ','
          << csv_quote(e.undecided.empty() ? e.why : kUndecided + join(e.undecided, " ")) << "\n";
    }
    md << "\n";
  }
  std::cout << md.str();
  if (!a.markdown.empty()) write_file(a.markdown, md.str());
  if (!a.csv.empty()) write_file(a.csv, csv.str());
  if (a.no_files) return;

  std::filesystem::path dir(a.out_dir);
  std::filesystem::create_directories(dir);
  write_file(dir / "table.md", md.str());
  write_file(dir / "table.csv", csv.str());
  write_file(dir / "table.gp", plot_script(boards, rules, entries, "table.png"));
  std::cerr << "wrote " << (dir / "table.md").string() << ", " << (dir / "table.csv").string() << ", "
            << (dir / "table.gp").string() << "\n";
  if (a.no_plot) return;
  // gnuplot runs in the output folder so the script's relative PNG path works
  // when it is rerun by hand.
  // No shell: the folder name goes to the child's chdir as is.
  const ProgramResult plot = run_program({"gnuplot", "table.gp"}, dir.string());
  if (!plot.started)
    std::cerr << "gnuplot not found: no plot (install gnuplot-nox, or run scripts/setup)\n";
  else if (plot.exit_code != 0)
    std::cerr << "gnuplot failed: no plot\n";
  else
    std::cerr << "wrote " << (dir / "table.png").string() << "\n";
}

}  // namespace

void add_table_command(CLI::App& app) {
  auto args = std::make_shared<TableArgs>();
  CLI::App* sub = app.add_subcommand(
      "table", "Solve a list of boards under a list of rulesets; write results/table.{md,csv,gp,png}");
  auto* boards = sub->add_option("--boards", args->boards, "boards to solve (default: the catalogue, see --max-points)")
                    ->delimiter(',');
  sub->add_option("--max-points", args->max_points,
                  "without --boards: every board of the catalogue (1x1..1x13, 2x2..2x11, 3x3..3x7, 4x4..4x7, "
                  "5x5) with at most this many points")
      ->check(CLI::Range(1, 64))
      ->excludes(boards)
      ->capture_default_str();
  sub->add_option("--rules", args->rules, "rulesets (repeat the option or separate with spaces)")
      ->capture_default_str();
  sub->add_option("--komi", args->komi, "komi")->check(komi_number())->capture_default_str();
  sub->add_option("--node-limit", args->node_limit, "node budget per entry; 0 = none")
      ->check(count_number(UINT64_MAX))
      ->capture_default_str();
  sub->add_option("--time-limit", args->time_limit, "seconds per entry; 0 = none")
      ->check(seconds_number(kMaxSeconds))
      ->capture_default_str();
  sub->add_option("--out-dir", args->out_dir, "folder for table.md, table.csv, table.gp, table.png")
      ->check(non_empty_name())
      ->capture_default_str();
  sub->add_option("--method", args->method,
                  "solver per entry: auto (search, falling back to reference; reference where search does not "
                  "apply), search (entries it cannot solve are skipped) or reference")
      ->check(CLI::IsMember({"auto", "search", "reference"}))
      ->capture_default_str();
  add_search_options(sub, args->search, kOrdering | kDeepening | kThreads | kHash);
  sub->add_flag("--no-files", args->no_files, "print the table only; write nothing to --out-dir");
  sub->add_flag("--no-plot", args->no_plot, "do not run gnuplot");
  sub->add_flag("--resume", args->resume,
                "keep the entries of --out-dir/table.csv: proven ones are not solved again, entries outside "
                "--boards/--rules are carried over; the table is the union of both");
  sub->add_option("--markdown", args->markdown, "also write the Markdown table to this file")->check(non_empty_name());
  sub->add_option("--csv", args->csv, "also write the CSV (one row per entry) to this file")->check(non_empty_name());
  sub->callback([args] {
    check_komi(args->komi);
    run_table(*args);
  });
}

}  // namespace gotb::cli
