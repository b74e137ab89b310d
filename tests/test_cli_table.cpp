// `gotb table`: the results files and the honesty of over-budget entries.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <unistd.h>

#include "tests/cli_runner.hpp"

using gotb::test::run_gotb;

namespace {
std::string slurp(const std::filesystem::path& p) {
  std::ifstream f(p);
  std::stringstream s;
  s << f.rdbuf();
  return s.str();
}
std::filesystem::path fresh_dir(const std::string& name) {
  auto dir = std::filesystem::temp_directory_path() / ("gotb_test_" + name + "_" + std::to_string(::getpid()));
  std::filesystem::remove_all(dir);
  return dir;
}
}  // namespace

TEST_CASE("gotb table writes md, csv and plot script with methods and costs", "[cli][table]") {
  auto dir = fresh_dir("table");
  auto r = run_gotb("table --boards 1x3,2x2 --rules tromp-taylor --no-plot --out-dir " + dir.string());
  REQUIRE(r.exit_code == 0);
  const std::string md = slurp(dir / "table.md"), csv = slurp(dir / "table.csv"), gp = slurp(dir / "table.gp");
  CHECK(md.find("| 1x3 | B+3 [B1] search,") != std::string::npos);  // --method auto: the search proved it
  CHECK(md.find("| 2x2 | B+1 [") != std::string::npos);
  CHECK(csv.find("board,points,rules,komi,status,value,best_moves,method,nodes,seconds,threads,budget,note\n") == 0);
  CHECK(csv.find("1x3,3,\"tromp-taylor\",0,exact,B+3,\"B1\",search,") != std::string::npos);
  // The heat map's data: columns rows value label, one cell per board.
  CHECK(gp.find("3 1 3 \"B+3\"\n") != std::string::npos);  // 1x3: 3 columns, 1 row, B+3
  CHECK(gp.find("2 2 1 \"B+1\"\n") != std::string::npos);  // 2x2
  CHECK(gp.find("set multiplot layout 1,1") != std::string::npos);  // one panel per ruleset
  CHECK(!std::filesystem::exists(dir / "table.png"));
  // The reach line is computed from the entries: both proven, 2x2 the largest.
  CHECK(md.find("| tromp-taylor | 2 of 2 | all listed | 2x2 (4 points) | none |\n") != std::string::npos);
  std::filesystem::remove_all(dir);
}

TEST_CASE("gotb table marks entries over budget and skips boards that contain them", "[cli][table]") {
  auto dir = fresh_dir("budget");
  // --ordering history: the retrograde ordering's build counts against the
  // node limit, and 200 nodes are about the table, not the ordering.
  auto r = run_gotb("table --boards 1x2,2x3,2x4,3x3,1x3 --rules tromp-taylor --node-limit 200 --ordering history --no-plot --out-dir " +
                    dir.string());
  REQUIRE(r.exit_code == 0);
  const std::string md = slurp(dir / "table.md"), csv = slurp(dir / "table.csv");
  CHECK(md.find("| 1x2 | 0 [pass] search,") != std::string::npos);
  CHECK(md.find("| 2x3 | not proven (node limit reached") != std::string::npos);
  CHECK(md.find("| 2x4 | not proven (not attempted: 2x3 was over budget) |") != std::string::npos);
  CHECK(md.find("| 3x3 | not proven (not attempted: 2x3 was over budget) |") != std::string::npos);
  CHECK(md.find("| 1x3 | B+3 [") != std::string::npos);  // does not contain 2x3: attempted
  CHECK(csv.find("2x3,6,\"tromp-taylor\",0,over-budget,,\"\",,,") != std::string::npos);  // no node count claimed
  CHECK(csv.find("\"200 nodes, 20 s\",\"node limit reached\"\n") != std::string::npos);
  CHECK(csv.find("2x4,8,\"tromp-taylor\",0,skipped,,") != std::string::npos);
  // Not proven: a grey "?" cell in the plot, never a value.
  const std::string gp = slurp(dir / "table.gp");
  CHECK(gp.find("3 2 \"?\"\n") != std::string::npos);  // 2x3
  CHECK(gp.find("3 3 \"?\"\n") != std::string::npos);  // 3x3
  // Reach: 1x2 and 1x3 proven; every board below 2x3's 6 points is proven;
  // 2x3 is the smallest open board, not the skipped 2x4.
  CHECK(md.find("| tromp-taylor | 2 of 5 | 5 points | 1x3 (3 points) | 2x3 (6 points) |\n") != std::string::npos);
  std::filesystem::remove_all(dir);
}

TEST_CASE("gotb table --resume keeps proven entries and retries the rest", "[cli][table]") {
  auto dir = fresh_dir("resume");
  auto r = run_gotb("table --boards 1x3,2x3 --rules tromp-taylor ikeda-1 --node-limit 200 --ordering history --no-plot --out-dir " +
                    dir.string());
  REQUIRE(r.exit_code == 0);
  std::string csv = slurp(dir / "table.csv");
  REQUIRE(csv.find("2x3,6,\"tromp-taylor\",0,over-budget") != std::string::npos);
  // Mark the kept 1x3 entry so that a re-solve would show.
  const std::string proven = "1x3,3,\"tromp-taylor\",0,exact,B+3,\"B1\",search,";
  const auto at = csv.find(proven);
  REQUIRE(at != std::string::npos);
  csv.replace(at + proven.size(), csv.find(',', at + proven.size()) - (at + proven.size()), "424242");
  { std::ofstream(dir / "table.csv") << csv; }
  r = run_gotb("table --resume --boards 1x3,2x3,2x2 --rules tromp-taylor --no-plot --out-dir " + dir.string());
  REQUIRE(r.exit_code == 0);
  const std::string md = slurp(dir / "table.md");
  CHECK(md.find("| 1x3 | B+3 [B1] search, 424242 nodes") != std::string::npos);  // kept, not solved again
  CHECK(md.find("| 2x3 | 0 [pass] search,") != std::string::npos);            // retried with the new budget
  CHECK(md.find("| 2x2 | B+1 [A2] search,") != std::string::npos);            // new board: a new row
  CHECK(md.find("| tromp-taylor | ikeda-1 |") != std::string::npos);          // carried column
  CHECK(md.find("| 2x2 | B+1 [A2] search, ") != std::string::npos);
  CHECK(md.find("not proven (not requested) |\n") != std::string::npos);      // 2x2 under ikeda-1
  // Two budgets (200 nodes, then the default): the header lists them per ruleset.
  CHECK(md.find("Budget per entry: by ruleset: tromp-taylor 200 nodes, 20 s / 200000000 nodes, 20 s; ikeda-1 200 nodes, 20 s.") != std::string::npos);
  // A damaged file or another komi is refused, not half-read.
  CHECK(run_gotb("table --resume --boards 1x3 --komi 0.5 --no-files --out-dir " + dir.string()).exit_code != 0);
  csv = slurp(dir / "table.csv");
  csv.insert(csv.find('\n') + 1, "1x3,3,\"tromp-taylor\",0,exact,B+3\n");
  { std::ofstream(dir / "table.csv") << csv; }
  r = run_gotb("table --resume --boards 1x3 --no-files --out-dir " + dir.string());
  CHECK(r.exit_code != 0);
  CHECK(r.out.find("line 2: expected 13 fields") != std::string::npos);
  std::filesystem::remove_all(dir);
  r = run_gotb("table --resume --boards 1x3 --no-files --out-dir " + dir.string());
  CHECK(r.exit_code != 0);
  CHECK(r.out.find("cannot read") != std::string::npos);
}

TEST_CASE("gotb table writes pending entries while it runs, --resume solves only those", "[cli][table][mpi]") {
  // A run that dies (a killed process, a lost MPI rank) leaves the table.csv
  // it rewrote after its last result: finished entries, the rest "pending".
  auto dir = fresh_dir("pending");
  auto r = run_gotb("table --boards 1x3,2x2 --rules tromp-taylor --no-plot --out-dir " + dir.string());
  REQUIRE(r.exit_code == 0);
  std::string csv = slurp(dir / "table.csv");
  CHECK(csv.find("pending") == std::string::npos);  // a finished run has none
  CHECK(!std::filesystem::exists(dir / "table.csv.part"));
  // Turn 2x2 into the row an interrupted run leaves.
  const auto at = csv.find("\n2x2,");
  REQUIRE(at != std::string::npos);
  csv = csv.substr(0, at + 1) +
        "2x2,4,\"tromp-taylor\",0,skipped,,\"\",,,0.000,1,\"200000000 nodes, 20 s\","
        "\"pending: this run had not solved it yet (--resume retries it)\"\n";
  { std::ofstream(dir / "table.csv") << csv; }
  r = run_gotb("table --resume --boards 1x3,2x2 --rules tromp-taylor --no-plot --out-dir " + dir.string());
  REQUIRE(r.exit_code == 0);
  CHECK(r.out.find("solving 2x2 under tromp-taylor") != std::string::npos);
  CHECK(r.out.find("solving 1x3") == std::string::npos);  // kept
  csv = slurp(dir / "table.csv");
  CHECK(csv.find("2x2,4,\"tromp-taylor\",0,exact,B+1,") != std::string::npos);
  CHECK(csv.find("pending") == std::string::npos);
  std::filesystem::remove_all(dir);
}

TEST_CASE("gotb table --resume never trades a proven value for an over-budget retry", "[cli][table]") {
  // An exact entry whose first moves were left undecided is retried; a
  // retry under a budget too small to prove the value again keeps the
  // earlier exact entry (session 29: a smaller budget had turned a proven
  // kee-2005:scoring=japanese 1x4 into "node limit reached" in a copy).
  auto dir = fresh_dir("keep_exact");
  std::filesystem::create_directories(dir);
  {
    std::ofstream(dir / "table.csv")
        << "board,points,rules,komi,status,value,best_moves,method,nodes,seconds,threads,budget,note\n"
           "1x3,3,\"tromp-taylor\",0,exact,B+3,\"\",search,7,0.000,1,\"no node limit, 470 s\","
           "\"undecided first moves: A1 B1 C1 pass\"\n";
  }
  auto r = run_gotb("table --resume --boards 1x3 --rules tromp-taylor --node-limit 2 --time-limit 0 --ordering history "
                    "--no-plot --out-dir " + dir.string());
  REQUIRE(r.exit_code == 0);
  CHECK(r.out.find("solving 1x3 under tromp-taylor") != std::string::npos);  // retried for its first moves
  CHECK(r.out.find("the earlier exact entry is kept") != std::string::npos);
  const std::string csv = slurp(dir / "table.csv");
  CHECK(csv.find("1x3,3,\"tromp-taylor\",0,exact,B+3,\"\",search,7,0.000,1,\"no node limit, 470 s\"") !=
        std::string::npos);
  CHECK(csv.find("over-budget") == std::string::npos);
  // A budget that proves it again replaces the entry with the new proof.
  r = run_gotb("table --resume --boards 1x3 --rules tromp-taylor --no-plot --out-dir " + dir.string());
  REQUIRE(r.exit_code == 0);
  CHECK(slurp(dir / "table.csv").find("1x3,3,\"tromp-taylor\",0,exact,B+3,\"B1\",search,") != std::string::npos);
  std::filesystem::remove_all(dir);
}

TEST_CASE("gotb table --resume attempts a board again once the board that blocked it is proven", "[cli][table]") {
  // Session 31: japanese-2003 1x10..1x13 stayed "not attempted: 1x9 was
  // over budget" under the same budget after 1x9 was proven by another run.
  auto dir = fresh_dir("blocker");
  std::filesystem::create_directories(dir);
  const std::string budget = "\"200000000 nodes, no time limit\"";
  {
    std::ofstream(dir / "table.csv")
        << "board,points,rules,komi,status,value,best_moves,method,nodes,seconds,threads,budget,note\n"
           "1x2,2,\"tromp-taylor\",0,exact,0,\"pass\",search,3,0.000,1," << budget << ",\"\"\n"
           "1x3,3,\"tromp-taylor\",0,skipped,,\"\",,,0.000,1," << budget << ",\"not attempted: 1x2 was over budget\"\n"
           "2x2,4,\"tromp-taylor\",0,skipped,,\"\",,,0.000,1," << budget << ",\"not attempted: 2x1 was over budget\"\n";
  }
  auto r = run_gotb("table --resume --boards 1x2,1x3,2x2 --rules tromp-taylor --node-limit 200000000 --time-limit 0 "
                    "--no-plot --out-dir " + dir.string());
  REQUIRE(r.exit_code == 0);
  CHECK(r.out.find("solving 1x3 under tromp-taylor") != std::string::npos);  // its blocker 1x2 is proven
  CHECK(r.out.find("solving 2x2") == std::string::npos);                     // its blocker is not in the table: kept
  CHECK(r.out.find("solving 1x2") == std::string::npos);
  const std::string csv = slurp(dir / "table.csv");
  CHECK(csv.find("1x3,3,\"tromp-taylor\",0,exact,B+3,\"B1\",search,") != std::string::npos);
  CHECK(csv.find("not attempted: 2x1 was over budget") != std::string::npos);
  std::filesystem::remove_all(dir);
}

TEST_CASE("gotb table --resume does not attempt a board containing one the table holds over the same budget",
          "[cli][table]") {
  // Session 31: a run asked for larger boards only and attempted them though
  // a board they contain was over budget in the table under the same budget.
  auto dir = fresh_dir("kept-blocker");
  std::filesystem::create_directories(dir);
  const std::string budget = "\"1000 nodes, no time limit\"";
  {
    std::ofstream(dir / "table.csv")
        << "board,points,rules,komi,status,value,best_moves,method,nodes,seconds,threads,budget,note\n"
           "1x2,2,\"tromp-taylor\",0,over-budget,,\"\",search,1000,0.000,1," << budget << ",\"over the node budget\"\n";
  }
  // 1x2 is not requested, but it is over this very budget: 1x3 and 1x4 are not attempted.
  auto r = run_gotb("table --resume --boards 1x3,1x4 --rules tromp-taylor --node-limit 1000 --time-limit 0 --no-plot "
                    "--out-dir " + dir.string());
  REQUIRE(r.exit_code == 0);
  CHECK(r.out.find("solving") == std::string::npos);
  std::string csv = slurp(dir / "table.csv");
  CHECK(csv.find("1x3,3,\"tromp-taylor\",0,skipped,,\"\",,,0.000,1," + budget + ",\"not attempted: 1x2 was over budget\"") !=
        std::string::npos);
  CHECK(csv.find("1x4,4,\"tromp-taylor\",0,skipped,") != std::string::npos);
  // Under another budget 1x2's entry says nothing about the outcome: 1x3 is solved.
  r = run_gotb("table --resume --boards 1x3 --rules tromp-taylor --node-limit 2000 --time-limit 0 --no-plot --out-dir " +
               dir.string());
  REQUIRE(r.exit_code == 0);
  CHECK(r.out.find("solving 1x3 under tromp-taylor") != std::string::npos);
  CHECK(slurp(dir / "table.csv").find("1x3,3,\"tromp-taylor\",0,exact,B+3,") != std::string::npos);
  std::filesystem::remove_all(dir);
}

TEST_CASE("gotb table labels outcomes that are not scores briefly in the plot", "[cli][table]") {
  // With 17 panels a cell is about 40 pixels wide: "no result" spilled over
  // its neighbours (session 31); the plot says NR and the title names it.
  auto dir = fresh_dir("plot-labels");
  std::filesystem::create_directories(dir);
  {
    std::ofstream(dir / "table.csv")
        << "board,points,rules,komi,status,value,best_moves,method,nodes,seconds,threads,budget,note\n"
           "2x2,4,\"tromp-taylor\",0,exact,no result,\"B1\",search,10,0.000,1,\"no node limit, 20 s\",\"\"\n";
  }
  auto r = run_gotb("table --resume --boards 1x1 --rules tromp-taylor --no-plot --out-dir " + dir.string());
  REQUIRE(r.exit_code == 0);
  const std::string gp = slurp(dir / "table.gp"), md = slurp(dir / "table.md");
  CHECK(gp.find("2 2 \"NR\"\n") != std::string::npos);
  CHECK(gp.find("NR = no result") != std::string::npos);
  CHECK(gp.find("\"no result\"") == std::string::npos);
  CHECK(md.find("| 2x2 | no result [B1] search,") != std::string::npos);  // the Markdown table keeps the words
  std::filesystem::remove_all(dir);
}

TEST_CASE("MPI mode needs an MPI build, and runs as one rank without mpirun", "[cli][mpi]") {
#if GOTB_MPI
  // Started without mpirun, MPI makes a one-rank job: the ordinary result.
  auto r = run_gotb("generate -b 2x3 -r tromp-taylor:no-suicide -t 1 -q --mpi");
  REQUIRE(r.exit_code == 0);
  CHECK(r.out.find("ranks        1 (MPI; 1 threads each)") != std::string::npos);
  CHECK(r.out.find("sweeps       9") != std::string::npos);
  // The exact ko=basic tables too (more ranks: tests/mpi_check.sh).
  auto one = run_gotb("generate -b 2x3 -r tromp-taylor:ko=basic,suicide=no -t 1 -q");
  auto e = run_gotb("generate -b 2x3 -r tromp-taylor:ko=basic,suicide=no -t 1 -q --mpi");
  REQUIRE(one.exit_code == 0);
  REQUIRE(e.exit_code == 0);
  CHECK(e.out.find("ranks        1 (MPI; 1 threads each)") != std::string::npos);
  auto line = [](const std::string& out, const char* key) {
    const auto at = out.find(key);
    return at == std::string::npos ? std::string("missing") : out.substr(at, out.find('\n', at) - at);
  };
  CHECK(line(e.out, "rounds ") == line(one.out, "rounds "));
  CHECK(line(e.out, "empty board ") == line(one.out, "empty board "));
  CHECK(line(one.out, "rounds ") != "missing");
#else
  for (const char* cmd : {"generate -b 2x3 -q --mpi", "generate -b 2x3 -r tromp-taylor:ko=basic -q --mpi",
                          "table --boards 1x3 --no-files --mpi"}) {
    auto r = run_gotb(cmd);
    CHECK(r.exit_code == 1);
    CHECK(r.out.find("gotb: error: --mpi: this gotb was built without MPI (configure with -DGOTB_MPI=ON") !=
          std::string::npos);
  }
#endif
}

TEST_CASE("gotb table --method picks the solver of every entry", "[cli][table]") {
  auto r = run_gotb("table --boards 1x3 --rules tromp-taylor ikeda-1 --method reference --no-files");
  REQUIRE(r.exit_code == 0);
  CHECK(r.out.find("B+3 [B1] reference,") != std::string::npos);
  r = run_gotb("table --boards 1x3 --rules tromp-taylor ikeda-1 tromp-taylor:ko=basic --method search --no-files");
  REQUIRE(r.exit_code == 0);
  CHECK(r.out.find("B+3 [B1] search,") != std::string::npos);
  CHECK(r.out.find("B+2 [B1] search,") != std::string::npos);  // ikeda-1: the generic search
  CHECK(r.out.find("the search solver plays the superko rulesets") != std::string::npos);  // ko=basic: skipped, with the reason
  r = run_gotb("table --boards 1x3 --rules ikeda-1 --method auto --no-files");
  REQUIRE(r.exit_code == 0);
  CHECK(r.out.find("search,") != std::string::npos);
  r = run_gotb("table --boards 1x3 --rules tromp-taylor:ko=basic --method auto --no-files");
  REQUIRE(r.exit_code == 0);
  CHECK(r.out.find("reference,") != std::string::npos);
  CHECK(run_gotb("table --boards 1x3 --method magic --no-files").exit_code != 0);
}

TEST_CASE("gotb table --max-points selects the catalogue", "[cli][table]") {
  auto r = run_gotb("table --max-points 4 --rules tromp-taylor --no-files");
  REQUIRE(r.exit_code == 0);
  for (const char* b : {"| 1x1 |", "| 1x2 |", "| 1x3 |", "| 1x4 |", "| 2x2 |"}) CHECK(r.out.find(b) != std::string::npos);
  CHECK(r.out.find("| 1x5 |") == std::string::npos);
  CHECK(run_gotb("table --max-points 0 --no-files").exit_code != 0);
  CHECK(run_gotb("table --boards 0x3 --no-files").exit_code != 0);
}

TEST_CASE("gotb bench --quick prints one row per case and a total", "[cli][bench]") {
  auto r = run_gotb("bench --quick");
  REQUIRE(r.exit_code == 0);
  CHECK(r.out.find("1x6    tromp-taylor                   B+1") != std::string::npos);
  CHECK(r.out.find("nodes/s") != std::string::npos);
  CHECK(r.out.find("total") != std::string::npos);
  CHECK(r.out.find("2x4") == std::string::npos);
}

TEST_CASE("gotb table puts the option columns in a second table", "[cli][table]") {
  auto dir = fresh_dir("options");
  // The families' table variants (tromp-taylor, ikeda-1) in the main table,
  // in the order given; an option of a family in the second table.
  auto r = run_gotb("table --boards 1x1,1x3 --rules tromp-taylor international:no-suicide ikeda-1 --no-plot --out-dir " +
                    dir.string());
  REQUIRE(r.exit_code == 0);
  const std::string md = slurp(dir / "table.md"), csv = slurp(dir / "table.csv");
  const auto main_at = md.find("\n\n| board | tromp-taylor | ikeda-1 |\n|---|---|---|\n");
  const auto options_at = md.find("\n\nOptions: ");
  const auto option_table_at = md.find("\n\n| board | international:suicide=no |\n|---|---|\n| 1x1 | 0 [pass] search,");
  const auto reach_at = md.find("\nReach per ruleset");
  REQUIRE(main_at != std::string::npos);
  REQUIRE(options_at != std::string::npos);
  REQUIRE(option_table_at != std::string::npos);
  REQUIRE(reach_at != std::string::npos);
  CHECK(main_at < options_at);
  CHECK(options_at < option_table_at);
  CHECK(option_table_at < reach_at);
  CHECK(md.find("| 1x3 | B+3 [B1] search,") < options_at);              // tromp-taylor's 1x3 in the main table
  CHECK(md.find("| 1x3 | B+3 [B1] search,", options_at) < reach_at);  // the option's in its own
  // The reach table and the CSV keep every ruleset, in the order given.
  CHECK(md.find("| international:suicide=no | 2 of 2 | all listed | 1x3 (3 points) | none |\n") > reach_at);
  const auto tt = csv.find("1x3,3,\"tromp-taylor\""), opt = csv.find("1x3,3,\"international:suicide=no\""),
             ik = csv.find("1x3,3,\"ikeda-1\"");
  REQUIRE(opt != std::string::npos);
  CHECK(tt < opt);
  CHECK(opt < ik);
  // Resumed, the split stays; the plot has one panel per ruleset.
  r = run_gotb("table --resume --boards 1x2 --rules tromp-taylor --no-plot --out-dir " + dir.string());
  REQUIRE(r.exit_code == 0);
  CHECK(slurp(dir / "table.md").find("\n\n| board | international:suicide=no |\n") != std::string::npos);
  CHECK(slurp(dir / "table.gp").find("set multiplot layout 2,2") != std::string::npos);
  // Columns of one kind only: one table, no options heading.
  r = run_gotb("table --boards 1x1 --rules international:no-suicide ikeda-1:basic-play --no-files");
  REQUIRE(r.exit_code == 0);
  CHECK(r.out.find("| board | international:suicide=no | ikeda-1:ko=basic-play |\n") != std::string::npos);
  CHECK(r.out.find("Options: ") == std::string::npos);
  r = run_gotb("table --boards 1x1 --rules tromp-taylor ikeda-1 --no-files");
  REQUIRE(r.exit_code == 0);
  CHECK(r.out.find("Options: ") == std::string::npos);
  std::filesystem::remove_all(dir);
}

// Session 33: the first-move classes put every move that is not a point
// in one class (all parse to -1), so kee-2005's ban-keeping pass "keep" was
// dropped whenever "pass" was optimal too (1x1 and 1x2: every pass kind
// keeps 0, `gotb solve` lists each move's value).
TEST_CASE("gotb table lists each kind of pass as its own first move", "[cli][table]") {
  auto dir = fresh_dir("table_pass_kinds");
  auto r = run_gotb("table --boards 1x1,1x2 --rules kee-2005 --method search --no-plot --out-dir " + dir.string());
  REQUIRE(r.exit_code == 0);
  const std::string csv = slurp(dir / "table.csv"), md = slurp(dir / "table.md");
  CHECK(csv.find("1x1,1,\"kee-2005\",0,exact,0,\"A1 pass keep\",") != std::string::npos);
  CHECK(csv.find("1x2,2,\"kee-2005\",0,exact,0,\"pass keep\",") != std::string::npos);
  CHECK(md.find("| 1x2 | 0 [pass, keep] search,") != std::string::npos);
  std::filesystem::remove_all(dir);
}

// Issue 22: where a ruleset and the simpler one it refines differ on a
// board, the table says so, from the entries (Kee 2016's 2x2 is a draw where
// area scoring with superko gives B+1: the text's own board result).
TEST_CASE("gotb table lists the values that differ from a simpler ruleset", "[cli][table]") {
  auto r = run_gotb("table --boards 1x3,2x2 --rules tromp-taylor kee-2016 --method search --no-files");
  REQUIRE(r.exit_code == 0);
  CHECK(r.out.find("| kee-2016 | tromp-taylor | 2 | 2x2 (0 against B+1) | docs/rules/kee-2016.md, \"Values that differ "
                   "from a simpler ruleset\" |\n") != std::string::npos);
  // Equal values on every board proven under both: "none", no document.
  r = run_gotb("table --boards 1x2,1x3 --rules tromp-taylor kee-2016 --method search --no-files");
  REQUIRE(r.exit_code == 0);
  CHECK(r.out.find("| kee-2016 | tromp-taylor | 2 | none |  |\n") != std::string::npos);
  // Without the simpler ruleset's column there is nothing to compare.
  r = run_gotb("table --boards 1x2 --rules kee-2016 --method search --no-files");
  REQUIRE(r.exit_code == 0);
  CHECK(r.out.find("Values that differ") == std::string::npos);
}
