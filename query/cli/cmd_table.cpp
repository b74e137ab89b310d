// `gotb table`: the results table (results/table.md, results/table.csv and a
// plot) over a list of boards and rulesets. Every entry states how it was
// proven and what it cost; an entry that ran out of budget says so and is
// never guessed.
#include <algorithm>
#include <cmath>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <optional>
#include <set>
#include <memory>
#include <sstream>
#include <thread>
#include <condition_variable>
#include <mutex>

#include <nlohmann/json.hpp>

#if GOTB_MPI
#include <mpi.h>
#endif

#include "generator/distributed/mpi_session.hpp"
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
  bool no_files = false, no_plot = false, resume = false, mpi = false;
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
    // A move that is not a point (pass; kee-2005's ban-keeping pass "keep")
    // is its own class: all of them parse to -1, and one must not hide another.
    if (p < 0) {
      if (std::find(out.begin(), out.end(), move) == out.end()) out.push_back(move);
      continue;
    }
    int canon = p;
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

std::string fixed(double s, int digits = 2);

// While one entry is being solved: a line on stderr every few seconds with
// the entry, the time spent and the solvers' nodes per second (from
// work_meter(), core/budget.hpp), so a long table shows it is alive.
class LiveProgress {
 public:
  explicit LiveProgress(std::string entry)
      : entry_(std::move(entry)), start_(std::chrono::steady_clock::now()), meter0_(work_meter().load()) {
    thread_ = std::thread([this] { run(); });
  }
  ~LiveProgress() {
    {
      std::lock_guard<std::mutex> lock(m_);
      done_ = true;
    }
    cv_.notify_all();
    thread_.join();
  }
  double seconds() const { return std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count(); }
  std::uint64_t work() const { return work_meter().load() - meter0_; }

 private:
  void run() {
    std::unique_lock<std::mutex> lock(m_);
    std::uint64_t last_work = work();
    double last_t = seconds();
    while (!cv_.wait_for(lock, std::chrono::seconds(5), [this] { return done_; })) {
      const double t = seconds();
      const std::uint64_t w = work();
      char rate[32];
      std::snprintf(rate, sizeof rate, "%.3g", t > last_t ? (w - last_work) / (t - last_t) : 0.0);
      std::cerr << "\n  ... " << entry_ << ": " << fixed(t, 0) << " s, " << w << " nodes so far, " << rate
                << " nodes/s" << std::flush;
      last_work = w;
      last_t = t;
    }
  }
  std::string entry_;
  std::chrono::steady_clock::time_point start_;
  std::uint64_t meter0_;
  std::mutex m_;
  std::condition_variable cv_;
  bool done_ = false;
  std::thread thread_;
};

std::string fixed(double s, int digits) {
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

// A cell is about 40 pixels wide with 17 panels: outcomes that are not
// scores get short labels ("no result" spilled over its neighbours), named
// in the plot's title.
std::string plot_label(const Value& v) {
  switch (v.kind) {
    case ValueKind::NoResult: return "NR";
    case ValueKind::BlackWins: return "B*";
    case ValueKind::WhiteWins: return "W*";
    default: return v.to_string();
  }
}

// A gnuplot script with the data inline: one heat-map panel per ruleset,
// rows x columns of the rectangular boards, each cell coloured by its value
// (red: Black ahead, blue: White ahead, white: a draw) and labelled with it;
// a cell that is not proven is grey and labelled "?", with no colour, so a
// value is never suggested for it. Other board shapes are listed in the
// Markdown table only.
std::string plot_script(const std::vector<Board>& boards, const std::vector<RuleSet>& rules,
                        const std::map<std::pair<size_t, size_t>, Entry>& entries, const std::string& png) {
  std::ostringstream gp;
  gp << "# Written by `gotb table`; run `gnuplot table.gp` to redraw.\n"
     << "# Data per ruleset: columns rows value label (proven score entries), then columns rows label\n"
     << "# (entries proven with a special value, or not proven).\n";
  int max_rows = 1, max_cols = 1;
  double max_abs = 1;
  for (const auto& b : boards)
    if (b.shape() == Board::Shape::Rectangle) {
      max_rows = std::max(max_rows, b.rows());
      max_cols = std::max(max_cols, b.cols());
    }
  for (const auto& [at, e] : entries)
    if (e.status == Status::Proven && e.value.is_score()) max_abs = std::max(max_abs, std::abs(e.value.points()));
  for (size_t r = 0; r < rules.size(); ++r) {
    std::ostringstream proven, other;
    for (size_t b = 0; b < boards.size(); ++b) {
      if (boards[b].shape() != Board::Shape::Rectangle) continue;
      const Entry& e = entries.at({b, r});
      if (e.why == "not requested") continue;
      const std::string at = std::to_string(boards[b].cols()) + ' ' + std::to_string(boards[b].rows()) + ' ';
      if (e.status == Status::Proven && e.value.is_score())
        proven << at << e.value.points() << " \"" << e.value.to_string() << "\"\n";
      else
        other << at << '"' << (e.status == Status::Proven ? plot_label(e.value) : std::string("?")) << "\"\n";
    }
    // gnuplot cannot plot an empty data block: a point outside the range stands in.
    gp << "$v" << r << " << EOD\n" << (proven.str().empty() ? "-9 -9 0 \"\"\n" : proven.str()) << "EOD\n";
    gp << "$u" << r << " << EOD\n" << (other.str().empty() ? "-9 -9 \"\"\n" : other.str()) << "EOD\n";
  }
  const int n = static_cast<int>(rules.size());
  const int layout_cols = n > 1 ? 2 : 1, layout_rows = (n + layout_cols - 1) / layout_cols;
  gp << "set terminal pngcairo size " << 560 * layout_cols << "," << 60 + layout_rows * std::max(170, 50 * max_rows + 70)
     << " noenhanced font ',9'\n"
     << "set output '" << png << "'\n"
     << "set multiplot layout " << layout_rows << "," << layout_cols
     << " title 'gotb: exact value of the empty board (Black - White, komi 0); rows x columns; grey ? = not "
        "proven, NR = no result, B* / W* = a win by a special rule'\n"
     << "set palette defined (-1 '#3060c0', 0 '#ffffff', 1 '#d03030')\n"
     << "set cbrange [" << -max_abs << ":" << max_abs << "]\nunset colorbox\n"
     << "set xrange [0.5:" << max_cols + 0.5 << "]\nset yrange [0.5:" << max_rows + 0.5 << "]\n"
     << "set xtics 1 scale 0\nset ytics 1 scale 0\nset xlabel 'columns'\nset ylabel 'rows'\n"
     << "set style fill solid 1.0 border lc rgb '#808080'\nunset key\n";
  for (size_t r = 0; r < rules.size(); ++r)
    gp << "set title '" << rules[r].to_string() << "'\n"
       << "plot $v" << r << " using 1:2:(0.5):(0.5):3 with boxxyerror fc palette, "
       << "$u" << r << " using 1:2:(0.5):(0.5) with boxxyerror fc rgb '#c8c8c8', "
       << "$v" << r << " using 1:2:4 with labels, $u" << r << " using 1:2:3 with labels\n";
  gp << "unset multiplot\n";
  return gp.str();
}

void write_file(const std::filesystem::path& path, const std::string& text) {
  std::ofstream f(path);
  if (!(f << text)) throw std::runtime_error("cannot write " + path.string());
}

// How far each ruleset's column reaches, so that prose about the table
// (results/README.md) can be checked against the table itself: the boards
// proven, the largest point count up to which every listed board is proven,
// the largest proven boards and the smallest boards not proven. Boards a run
// did not request are left out of the counts.
std::string reach_summary(const std::vector<Board>& boards, const std::vector<RuleSet>& rules,
                          std::map<std::pair<size_t, size_t>, Entry>& entries) {
  std::ostringstream md;
  md << "\nReach per ruleset (from the entries above; boards not requested are not counted):\n\n"
        "| ruleset | proven | every board proven up to | largest proven | smallest not proven |\n"
        "|---|---|---|---|---|\n";
  for (size_t r = 0; r < rules.size(); ++r) {
    int listed = 0, proven = 0, largest = 0, smallest_open = 1 << 30;
    for (size_t b = 0; b < boards.size(); ++b) {
      const Entry& e = entries[{b, r}];
      if (e.status != Status::Proven && e.why == "not requested") continue;
      ++listed;
      if (e.status == Status::Proven) {
        ++proven;
        largest = std::max(largest, boards[b].size());
      } else {
        smallest_open = std::min(smallest_open, boards[b].size());
      }
    }
    if (listed == 0) continue;
    auto boards_of = [&](int points, bool want_proven) {
      std::vector<std::string> out;
      for (size_t b = 0; b < boards.size(); ++b) {
        const Entry& e = entries[{b, r}];
        if (boards[b].size() != points || (e.status != Status::Proven && e.why == "not requested")) continue;
        if ((e.status == Status::Proven) == want_proven) out.push_back(boards[b].spec());
      }
      return join(out, ", ");
    };
    const bool all = smallest_open == (1 << 30);
    md << "| " << rules[r].to_string() << " | " << proven << " of " << listed << " | ";
    if (all)
      md << "all listed";
    else if (smallest_open <= 1)
      md << "none";
    else
      md << smallest_open - 1 << " points";
    md << " | " << (largest ? boards_of(largest, true) + " (" + std::to_string(largest) + " points)" : "none") << " | "
       << (all ? "none" : boards_of(smallest_open, false) + " (" + std::to_string(smallest_open) + " points)") << " |\n";
  }
  return md.str();
}

// Each ruleset beside the simpler one it refines (the same scoring family):
// where both columns are in a run, the table lists the boards proven under
// both whose values differ, and the rules document that explains the line
// of play behind each difference (issue 22 asks the table to say so).
struct Counterpart {
  const char* rules;
  const char* simpler;
  const char* doc;
};
constexpr Counterpart kCounterparts[] = {
    {"kee-2005", "tromp-taylor", "docs/rules/kee-2005.md"},
    {"kee-2005:suicide=no", "tromp-taylor:suicide=no", "docs/rules/kee-2005.md"},
    {"kee-2005:scoring=japanese", "japanese-2003", "docs/rules/kee-2005.md"},
    {"kee-2005:scoring=japanese,suicide=no", "japanese-2003", "docs/rules/kee-2005.md"},
    {"kee-2016", "tromp-taylor", "docs/rules/kee-2016.md"},
    {"international", "tromp-taylor", "docs/rules/international.md"},
    {"international:suicide=no", "tromp-taylor:suicide=no", "docs/rules/international.md"},
    {"international:ko=basic-exceptional", "tromp-taylor", "docs/rules/international.md"},
    {"international:scoring=equivalence", "tromp-taylor", "docs/rules/international.md"},
    {"ikeda-1", "japanese-2003", "docs/rules/ikeda-1.md"},
    {"ikeda-1:ko=positional-per-phase", "japanese-2003", "docs/rules/ikeda-1.md"},
    {"ikeda-1:ko=basic-play", "japanese-2003", "docs/rules/ikeda-1.md"},
};

std::string differences_summary(const std::vector<Board>& boards, const std::vector<RuleSet>& rules,
                                std::map<std::pair<size_t, size_t>, Entry>& entries) {
  auto column = [&](const char* text) -> std::optional<size_t> {
    const std::string name = RuleSet::parse(text).to_string();
    for (size_t r = 0; r < rules.size(); ++r)
      if (rules[r].to_string() == name) return r;
    return std::nullopt;
  };
  std::ostringstream rows;
  for (const Counterpart& c : kCounterparts) {
    const auto a = column(c.rules), b = column(c.simpler);
    if (!a || !b) continue;
    int both = 0;
    std::vector<std::string> differ;
    for (size_t i = 0; i < boards.size(); ++i) {
      const Entry &ea = entries[{i, *a}], &eb = entries[{i, *b}];
      if (ea.status != Status::Proven || eb.status != Status::Proven) continue;
      ++both;
      if (ea.value.to_string() != eb.value.to_string())
        differ.push_back(boards[i].spec() + " (" + ea.value.to_string() + " against " + eb.value.to_string() + ")");
    }
    rows << "| " << rules[*a].to_string() << " | " << rules[*b].to_string() << " | " << both << " | "
         << (differ.empty() ? "none" : join(differ, ", ")) << " | "
         << (differ.empty() ? "" : std::string(c.doc) + ", \"Values that differ from a simpler ruleset\"") << " |\n";
  }
  if (rows.str().empty()) return "";
  return "\nValues that differ from a simpler ruleset (from the entries above: each ruleset against the one of its "
         "scoring family that it refines, on the boards proven under both; the document named explains the line of "
         "play behind each difference):\n\n"
         "| ruleset | compared with | boards proven under both | boards whose values differ | explained in |\n"
         "|---|---|---|---|---|\n" +
         rows.str();
}

// The table files from the entries so far. `final`: the run is over, so
// the table also goes to stdout, --markdown, --csv and the plot; otherwise
// only --out-dir's table.md and table.csv are rewritten (after each result).
void write_tables(const TableArgs& a, const std::vector<Board>& boards, const std::vector<RuleSet>& rules,
                  std::map<std::pair<size_t, size_t>, Entry>& entries, const std::string& budget, bool final) {
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
        "is exact).\n";
  // The families' table variants (the default --rules) form the main table;
  // any other ruleset (an option of a family, e.g. international:suicide=no)
  // goes into a second table below it, so that neither grows past about ten
  // columns (one table of both was over 15 columns of 60-character cells).
  // A run with columns of one kind only writes one table.
  std::vector<size_t> main_cols, option_cols;
  {
    std::set<std::string> variants;
    for (const auto& v : default_rules()) variants.insert(RuleSet::parse(v).to_string());
    for (size_t r = 0; r < rules.size(); ++r) (variants.count(rules[r].to_string()) ? main_cols : option_cols).push_back(r);
    if (main_cols.empty() || option_cols.empty()) {
      main_cols.clear();
      option_cols.clear();
      for (size_t r = 0; r < rules.size(); ++r) main_cols.push_back(r);
    }
  }
  auto md_table = [&](const std::vector<size_t>& cols) {
    md << "\n| board |";
    for (size_t r : cols) md << ' ' << rules[r].to_string() << " |";
    md << "\n|---|";
    for (size_t i = 0; i < cols.size(); ++i) md << "---|";
    md << "\n";
    for (size_t b = 0; b < boards.size(); ++b) {
      md << "| " << boards[b].spec() << " |";
      for (size_t r : cols) {
        const Entry& e = entries[{b, r}];
        if (e.status == Status::Proven)
          md << ' ' << e.value.to_string() << " [" << join(e.best, ", ")
             << (e.undecided.empty() ? "" : (e.best.empty() ? "" : "; ") + std::string("undecided: ") + join(e.undecided, ", "))
             << "] " << e.method << ", " << e.nodes << " nodes, "
             << fixed(e.seconds) << " s, " << e.threads << (e.threads == 1 ? " thread |" : " threads |");
        else if (e.status == Status::OverBudget)
          md << " not proven (" << e.why << " after " << fixed(e.seconds, 0) << " s) |";
        else
          md << " not proven (" << e.why << ") |";
      }
      md << "\n";
    }
  };
  md_table(main_cols);
  if (!option_cols.empty()) {
    md << "\nOptions: the same boards under rulesets that set an option of a family away from its table "
          "variants above (same budgets and rules of attempt):\n";
    md_table(option_cols);
  }
  csv << kCsvHeader << "\n";
  for (size_t b = 0; b < boards.size(); ++b) {
    for (size_t r = 0; r < rules.size(); ++r) {
      const Entry& e = entries[{b, r}];
      const char* status = e.status == Status::Proven ? "exact" : e.status == Status::OverBudget ? "over-budget" : "skipped";
      csv << boards[b].spec() << ',' << boards[b].size() << ',' << csv_quote(rules[r].to_string()) << ',' << a.komi
          << ',' << status << ',' << (e.status == Status::Proven ? e.value.to_string() : "") << ','
          << csv_quote(join(e.best, " ")) << "," << e.method << ","
          << (e.status == Status::Proven ? std::to_string(e.nodes) : "") << ',' << fixed(e.seconds, 3) << ',' << e.threads << ','
          << csv_quote(e.budget) << ','
          << csv_quote(e.undecided.empty() ? e.why : kUndecided + join(e.undecided, " ")) << "\n";
    }
  }
  md << reach_summary(boards, rules, entries);
  md << differences_summary(boards, rules, entries);
  std::filesystem::path dir(a.out_dir);
  if (!final) {
    std::filesystem::create_directories(dir);
    // Written aside and renamed: a kill mid-write leaves the last table whole.
    write_file(dir / "table.csv.part", csv.str());
    std::filesystem::rename(dir / "table.csv.part", dir / "table.csv");
    write_file(dir / "table.md.part", md.str());
    std::filesystem::rename(dir / "table.md.part", dir / "table.md");
    return;
  }
  std::cout << md.str();
  if (!a.markdown.empty()) write_file(a.markdown, md.str());
  if (!a.csv.empty()) write_file(a.csv, csv.str());
  if (a.no_files) return;

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

// An entry this run has not solved yet (written while the run goes on).
const std::string kPending = "pending: this run had not solved it yet (--resume retries it)";

// The entries of one table run and what happens to each, shared by the
// one-process loop (solve_local) and rank 0 of an MPI run
// (solve_distributed), so that both skip, record, report and write alike.
struct TableBook {
  const TableArgs& a;
  std::vector<Board> boards;
  std::vector<RuleSet> rules;
  std::string budget;
  std::map<std::pair<size_t, size_t>, Entry> entries;
  std::vector<std::vector<size_t>> over_budget;  // per rule: boards given up on in this run
  // --resume: exact entries whose first moves were left undecided, retried
  // for their first moves. A retry that does not prove the value again (a
  // smaller budget, a loaded machine) must not take the proven value out
  // of the table: the earlier entry stays, and the boards containing it
  // may still be attempted.
  std::map<std::pair<size_t, size_t>, Entry> earlier_exact;

  std::string name(size_t b, size_t r) const { return boards[b].spec() + " under " + rules[r].to_string(); }

  // A result: recorded, reported, and written out at once (files are
  // rewritten after every entry, so an interrupted run loses only the
  // entries in progress). `note`: ", rank N" (distributed), ", N nodes/s"
  // (local) or "".
  void record(size_t b, size_t r, Entry e, const std::string& note) {
    e.budget = budget;
    if (auto earlier = earlier_exact.find({b, r}); earlier != earlier_exact.end() && e.status != Status::Proven) {
      std::cerr << boards[b].spec() << " under " << rules[r].to_string() << ": " << (e.why.empty() ? "not proven" : e.why)
                << " this time; the earlier exact entry is kept\n";
      e = earlier->second;
    }
    if (e.status == Status::OverBudget) over_budget[r].push_back(b);
    std::cerr << boards[b].spec() << " under " << rules[r].to_string() << ":"
              << (e.status == Status::Proven ? " " + e.value.to_string() : " " + (e.why.empty() ? "" : e.why)) << " ("
              << fixed(e.seconds) << " s" << note << ")\n";
    entries[{b, r}] = std::move(e);
    if (!a.no_files) write_tables(a, boards, rules, entries, budget, false);
  }

  // An entry whose board contains one that went over budget under its
  // rules in this run is not attempted: recorded as such, and true.
  bool skip_if_not_attempted(size_t b, size_t r) {
    auto failed = std::find_if(over_budget[r].begin(), over_budget[r].end(),
                               [&](size_t f) { return contains(boards[b], boards[f]); });
    if (failed == over_budget[r].end()) return false;
    Entry e;
    e.why = "not attempted: " + boards[*failed].spec() + " was over budget";
    record(b, r, std::move(e), "");
    return true;
  }
};

using Todo = std::vector<std::pair<size_t, size_t>>;

// One process: the entries in order. Progress on stderr: [entry / entries
// to solve at most, elapsed], then the result with nodes/s; LiveProgress
// adds a line every few seconds.
void solve_local(TableBook& book, const Todo& todo) {
  const auto run_start = std::chrono::steady_clock::now();
  std::size_t attempted = 0;
  for (auto [b, r] : todo) {
    if (book.skip_if_not_attempted(b, r)) continue;
    ++attempted;
    const double elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - run_start).count();
    std::cerr << "[" << attempted << "/" << todo.size() << ", " << fixed(elapsed, 0) << " s] solving "
              << book.name(b, r) << " ...\n";
    std::uint64_t work = 0;
    Entry e;
    {
      LiveProgress live(book.name(b, r));
      e = solve_entry(book.boards[b], book.rules[r], book.a);
      work = live.work();
    }
    std::string rate_text;
    if (e.seconds > 0.01) {
      char rate[32];
      std::snprintf(rate, sizeof rate, "%.3g", work / e.seconds);
      rate_text = std::string(", ") + rate + " nodes/s";
    }
    book.record(b, r, std::move(e), rate_text);
  }
}

// --- distributing the entries over MPI ranks --------------------------------
//
// Rank 0 keeps the table and a work queue; every other rank solves one
// entry at a time and sends its result back (dynamic load balancing: a rank
// gets the next entry when it returns one). Rank 0 writes the files after
// each result, so a rank that dies loses only its current entry and
// `--resume` continues. The budget rule stays the serial one: an entry is
// handed out only once every earlier entry of its ruleset on a board it
// contains has come back, so "not attempted" entries are the same as in a
// one-process run.

[[maybe_unused]] nlohmann::json entry_json(const Entry& e) {
  return {{"status", static_cast<int>(e.status)}, {"why", e.why},
          {"value", e.status == Status::Proven ? e.value.to_string() : std::string()},
          {"best", e.best}, {"undecided", e.undecided}, {"nodes", e.nodes}, {"seconds", e.seconds},
          {"method", e.method}, {"threads", e.threads}};
}

[[maybe_unused]] Entry entry_from_json(const nlohmann::json& j) {
  Entry e;
  e.status = static_cast<Status>(j.at("status").get<int>());
  e.why = j.at("why").get<std::string>();
  if (e.status == Status::Proven) e.value = Value::parse(j.at("value").get<std::string>());
  e.best = j.at("best").get<std::vector<std::string>>();
  e.undecided = j.at("undecided").get<std::vector<std::string>>();
  e.nodes = j.at("nodes").get<std::uint64_t>();
  e.seconds = j.at("seconds").get<double>();
  e.method = j.at("method").get<std::string>();
  e.threads = j.at("threads").get<int>();
  return e;
}

#if GOTB_MPI
enum Tag : int { kWork = 1, kStop = 2, kResult = 3 };

void send_text(const std::string& text, int to, int tag) {
  MPI_Send(text.data(), static_cast<int>(text.size()), MPI_CHAR, to, tag, MPI_COMM_WORLD);
}

// Receives one message of any size; returns its text, source and tag.
std::string receive_text(int from, int tag, MPI_Status& st) {
  MPI_Probe(from, tag, MPI_COMM_WORLD, &st);
  int n = 0;
  MPI_Get_count(&st, MPI_CHAR, &n);
  std::string text(static_cast<std::size_t>(n), '\0');
  MPI_Recv(text.data(), n, MPI_CHAR, st.MPI_SOURCE, st.MPI_TAG, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  return text;
}
#endif

// Ranks other than 0: solve what rank 0 sends until it says stop.
void table_worker(const TableArgs& a) {
#if GOTB_MPI
  for (;;) {
    MPI_Status st;
    const std::string text = receive_text(0, MPI_ANY_TAG, st);
    if (st.MPI_TAG == kStop) return;
    const auto job = nlohmann::json::parse(text);
    const Entry e = solve_entry(Board::parse(job.at("board").get<std::string>()),
                                RuleSet::parse(job.at("rules").get<std::string>()), a);
    nlohmann::json out = entry_json(e);
    out["id"] = job.at("id");
    send_text(out.dump(), 0, kResult);
  }
#else
  (void)a;
#endif
}

// Rank 0 of a job with workers: hands out `todo` and records every result.
void solve_distributed(const dist::Session& session, TableBook& book, const Todo& todo) {
#if GOTB_MPI
  const std::vector<Board>& boards = book.boards;
  std::vector<char> done(todo.size(), 0), sent(todo.size(), 0);
  // Entry i waits for every earlier entry of its ruleset on a board it contains.
  auto ready = [&](size_t i) {
    for (size_t j = 0; j < i; ++j)
      if (!done[j] && todo[j].second == todo[i].second && contains(boards[todo[i].first], boards[todo[j].first]))
        return false;
    return true;
  };
  std::vector<int> idle;
  int active = 0;
  // Gives worker w the first ready entry; entries whose contained board went
  // over budget are recorded on the way. Returns false when none is ready.
  auto dispatch = [&](int w) {
    for (size_t i = 0; i < todo.size(); ++i) {
      if (sent[i] || !ready(i)) continue;
      const auto [b, r] = todo[i];
      if (book.skip_if_not_attempted(b, r)) {
        sent[i] = done[i] = 1;
        continue;
      }
      sent[i] = 1;
      ++active;
      std::cerr << "solving " << book.name(b, r) << " on rank " << w << " ...\n";
      send_text(nlohmann::json{{"id", i}, {"board", boards[b].spec()}, {"rules", book.rules[r].to_string()}}.dump(),
                w, kWork);
      return true;
    }
    return false;
  };
  for (int w = 1; w < session.size(); ++w)
    if (!dispatch(w)) idle.push_back(w);
  while (active > 0) {
    MPI_Status st;
    const std::string text = receive_text(MPI_ANY_SOURCE, kResult, st);
    --active;
    const auto j = nlohmann::json::parse(text);
    const size_t i = j.at("id").get<size_t>();
    done[i] = 1;
    book.record(todo[i].first, todo[i].second, entry_from_json(j), ", rank " + std::to_string(st.MPI_SOURCE));
    idle.push_back(st.MPI_SOURCE);
    std::vector<int> still;
    for (int w : idle)
      if (!dispatch(w)) still.push_back(w);
    idle = std::move(still);
  }
  // Everything is done unless an entry never became ready (impossible: the
  // earliest unsent entry waits only for finished ones once none is active).
  for (size_t i = 0; i < todo.size(); ++i)
    if (!done[i]) throw std::logic_error("table: an entry was never handed out");
  for (int w = 1; w < session.size(); ++w) send_text("", w, kStop);
#else
  (void)session, (void)book, (void)todo;
#endif
}

void run_table(TableArgs a, const dist::Session* session) {
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

  // The entries kept from the earlier run or not requested, and the list
  // this run solves (in table order: smallest boards first).
  std::map<std::pair<size_t, size_t>, Entry> entries;
  std::vector<std::pair<size_t, size_t>> todo;
  // With a node budget, no time limit and one thread, an entry's outcome is
  // a function of the budget (the solvers are deterministic), so an entry an
  // earlier run settled under this very budget (over budget, not attempted
  // because of one, exact with first moves left undecided) would come out
  // the same again: it is kept, not solved again, and an over-budget one
  // still keeps the boards that contain it from being attempted. A time
  // limit or several threads make outcomes depend on the load: then every
  // entry not proven outright is retried.
  const bool deterministic_budget = a.node_limit > 0 && a.time_limit == 0 && a.search.threads <= 1;
  // A "not attempted: X was over budget" entry stands only while X is still
  // not proven in the table: once another run (a larger budget, a faster
  // solver) proved X, the entry's reason is gone and it is attempted again.
  auto blocker_proven = [&](const std::string& rules_text, const Entry& e) {
    const std::string head = "not attempted: ", tail = " was over budget";
    if (e.why.size() <= head.size() + tail.size() || e.why.compare(0, head.size(), head) != 0 ||
        e.why.compare(e.why.size() - tail.size(), tail.size(), tail) != 0)
      return false;
    const std::string blocker = e.why.substr(head.size(), e.why.size() - head.size() - tail.size());
    auto it = prev.entries.find({blocker, rules_text});
    return it != prev.entries.end() && it->second.status == Status::Proven;
  };
  auto settled = [&](const std::string& rules_text, const Entry& e) {
    if (e.status == Status::Proven && e.undecided.empty()) return true;
    return deterministic_budget && e.budget == budget && e.why != kPending && e.why != "not requested" &&
           !blocker_proven(rules_text, e);
  };
  std::vector<std::pair<size_t, size_t>> kept_over_budget;
  std::map<std::pair<size_t, size_t>, Entry> earlier_exact;
  for (size_t b = 0; b < boards.size(); ++b) {
    for (size_t r = 0; r < rules.size(); ++r) {
      const std::pair<std::string, std::string> id{boards[b].spec(), rules[r].to_string()};
      auto kept = prev.entries.find(id);
      Entry e;
      // An over-budget entry settled under this very budget would be over
      // budget again, so it keeps the boards containing it from being
      // attempted whether or not this run asked for it (session 31: the
      // ikeda-1 option columns attempted 1x13 though the table's 1x8 was over
      // the same budget, because 1x8 was not in --boards).
      if (kept != prev.entries.end() && kept->second.status == Status::OverBudget && settled(id.second, kept->second))
        kept_over_budget.push_back({b, r});
      if (!requested.count(id) || (kept != prev.entries.end() && settled(id.second, kept->second))) {
        if (kept != prev.entries.end()) {
          e = kept->second;
        } else {
          e.why = "not requested";
          e.budget = budget;
        }
        entries[{b, r}] = e;
        continue;
      }
      // Until solved, an entry is written as pending, so that table.csv is a
      // valid table after every result and --resume retries what is left;
      // an exact entry retried for its first moves stays as it was.
      if (kept != prev.entries.end() && kept->second.status == Status::Proven) {
        e = kept->second;
        earlier_exact[{b, r}] = e;
      } else {
        e.why = kPending;
        e.budget = budget;
      }
      entries[{b, r}] = e;
      todo.push_back({b, r});
    }
  }

  TableBook book{a, std::move(boards), std::move(rules), budget, std::move(entries), {}, std::move(earlier_exact)};
  book.over_budget.resize(book.rules.size());
  for (auto [b, r] : kept_over_budget) book.over_budget[r].push_back(b);
  if (session && session->size() > 1) solve_distributed(*session, book, todo);
  else solve_local(book, todo);
  write_tables(a, book.boards, book.rules, book.entries, budget, true);
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
      ->check(integer_number(1, 64))
      ->excludes(boards)
      ->capture_default_str();
  sub->add_option("--rules", args->rules, "rulesets (repeat the option or separate with spaces)")
      ->capture_default_str();
  sub->add_option("--komi", args->komi, "komi")->check(komi_number())->capture_default_str();
  sub->add_option("--node-limit", args->node_limit,
                  "work budget per entry, counted as gotb solve's --node-limit (search nodes plus "
                  "what a ruleset charges, e.g. japanese-2003's final-position analysis); 0 = none")
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
  add_search_options(sub, args->search, kOrdering | kDeepening | kThreads | kProgress | kHash);
  sub->add_flag("--no-files", args->no_files, "print the table only; write nothing to --out-dir");
  sub->add_flag("--no-plot", args->no_plot, "do not run gnuplot");
  sub->add_flag("--resume", args->resume,
                "keep the entries of --out-dir/table.csv: proven ones are not solved again (one with undecided first "
                "moves is retried, and kept as it was where the retry does not prove the value), entries outside "
                "--boards/--rules are carried over; the table is the union of both. With --node-limit N, "
                "--time-limit 0 and one thread (outcomes then depend on the budget alone), entries settled under "
                "the same budget (over budget, not attempted, first moves undecided) are kept too, except a not "
                "attempted one whose blocking board the table now proves, and one over budget keeps the boards containing "
                "it from being attempted even when --boards does not name it");
  sub->add_flag("--mpi", args->mpi,
                "distribute the entries over the ranks of an MPI job (launch with mpirun or srun): rank 0 hands "
                "them out one at a time to ranks 1.. (--threads each) and writes the files after each result (a job "
                "of one rank solves them itself); needs a build with -DGOTB_MPI=ON (docs/distributed.md)");
  sub->add_option("--markdown", args->markdown, "also write the Markdown table to this file")->check(non_empty_name());
  sub->add_option("--csv", args->csv, "also write the CSV (one row per entry) to this file")->check(non_empty_name());
  sub->callback([args] {
    check_komi(args->komi);
    if (!args->mpi) return run_table(*args, nullptr);
    dist::Session session;
    dist::run_on_rank(session, [&] {
      if (session.rank() == 0) run_table(*args, &session);
      else table_worker(*args);
    });
  });
}

}  // namespace gotb::cli
