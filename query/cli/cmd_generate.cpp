#include <cstdio>
#include <iostream>
#include <memory>

#include "core/rules/games.hpp"
#include "format/tablebase.hpp"
#include "generator/distributed/generate_mpi.hpp"
#include "generator/retrograde/exact_table.hpp"
#include "generator/retrograde/generate.hpp"
#include "query/cli/commands.hpp"
#include "query/cli/number_options.hpp"
#include "query/game_record.hpp"

namespace gotb::cli {
namespace {

struct GenerateArgs {
  std::string board, rules = "tromp-taylor", output;
  double komi = 0;
  int threads = 0;
  bool quiet = false;
  bool mpi = false;
  bool output_given = false;  // -o '' is an error, not "no file"
};

// The MPI figures of a distributed run (rank 0).
// `unit`: "sweep" (fixpoint tables) or "round" (exact tables).
void print_distributed(const dist::DistributedGenerateStats& d, int threads, const char* unit) {
  std::uint64_t bytes = 0;
  for (auto b : d.sweep_bytes) bytes += b;
  std::printf("ranks        %d (MPI; %d threads each)\n", d.ranks, threads);
  std::printf("ghosts       %llu states read from other ranks (largest rank %llu; own states of the largest rank %llu)\n",
              static_cast<unsigned long long>(d.ghosts), static_cast<unsigned long long>(d.max_ghosts),
              static_cast<unsigned long long>(d.max_owned_states));
  std::printf("messages     %llu bytes registration + %llu bytes updates in %zu %ss (%.3g bytes/%s)\n",
              static_cast<unsigned long long>(d.setup_bytes), static_cast<unsigned long long>(bytes),
              d.sweep_bytes.size(), unit,
              d.sweep_bytes.empty() ? 0.0 : static_cast<double>(bytes) / d.sweep_bytes.size(), unit);
  std::printf("per %s    update bytes:", unit);
  for (auto b : d.sweep_bytes) std::printf(" %llu", static_cast<unsigned long long>(b));
  std::printf("\n");
  std::printf("exchange     %.3f s at rank 0 (exchange and reductions)\n", d.exchange_seconds);
  std::printf("phases       seconds per rank (largest/smallest over the ranks), wall and CPU:\n");
  for (int p = 0; p < dist::kPhases; ++p)
    std::printf("  %-9s  wall %8.3f/%8.3f  CPU %8.3f/%8.3f\n", dist::kPhaseNames[p], d.most.wall[p], d.least.wall[p],
                d.most.cpu[p], d.least.cpu[p]);
  std::printf("peak RSS     %.1f MiB (largest rank; %.1f MiB the largest of ranks 1.., without the gathered "
              "tables of rank 0)\n",
              d.max_peak_rss / 1048576.0, d.max_peak_rss_workers / 1048576.0);
}

// tromp-taylor:ko=basic: exact values of every state (exact_table.hpp); the
// report on stdout and the file, from the whole arrays (in an MPI run: at
// rank 0, with `dist` set).
void report_exact(const GenerateArgs& a, const Board& board, const RuleSet& rules, const retro::ExactGenerated& g,
                  const dist::DistributedGenerateStats* dist) {
  const retro::ExactGenerateStats& s = g.stats;
  const double ram = static_cast<double>(6 * s.states + s.index_bytes);
  std::printf("board        %s\n", board.spec().c_str());
  std::printf("rules        %s\n", rules.to_string().c_str());
  std::printf("game         %s\n", g.game.c_str());
  std::printf("kind         exact (every state's value; docs/generator.md)\n");
  std::printf("komi         %g\n", a.komi);
  std::printf("positions    %llu (canonical, colour-normalised)\n", static_cast<unsigned long long>(s.positions));
  std::printf("states       %llu (%llu with a ko ban)\n", static_cast<unsigned long long>(s.states),
              static_cast<unsigned long long>(s.ko_states));
  std::printf("plays        %llu (successor graph, %.1f MiB%s)\n", static_cast<unsigned long long>(s.solve.plays),
              s.solve.graph_bytes / 1048576.0, dist ? " over all ranks" : "");
  std::printf("rounds       %d (max depth %d)\n", s.solve.rounds, s.solve.max_depth);
  std::printf("evaluations  %llu\n", static_cast<unsigned long long>(s.solve.evaluations));
  std::printf("threads      %d\n", s.threads);
  std::printf("seconds      %.3f (index %.3f, graph %.3f, rounds %.3f)\n", s.total_seconds, s.index_seconds,
              s.solve.graph_seconds, s.solve.round_seconds);
  if (dist) print_distributed(*dist, s.threads, "round");
  else std::printf("peak RSS     %.1f MiB\n", s.peak_rss / 1048576.0);
  std::printf("bytes/state  %.3f in RAM for the result (4 arrays + index), %.3f with the successor graph\n",
              ram / s.states, (ram + s.solve.graph_bytes) / s.states);
  retro::ExactTable t(board, rules, a.komi, g);
  const retro::StateRef root = t.state_of(Position{}, Color::Black, 0, -1);
  std::printf("empty board  %s  (Black to move, Black's view, komi %g, exact)\n", t.value(root).to_string().c_str(),
              a.komi);
  if (!a.output_given) return;
  retro::write_exact(a.output, board, rules, a.komi, g, a.threads);
  TablebaseReader check(a.output);
  const double disk = static_cast<double>(check.file_bytes());
  std::printf("file         %s: %.0f bytes, %.4f bytes/state on disk\n", a.output.c_str(), disk,
              disk / static_cast<double>(s.states));
}

// The report on stdout and the file, from the whole tables (in an MPI run:
// at rank 0, with `dist` set).
void report_and_write(const GenerateArgs& a, const Board& board, const RuleSet& rules, retro::Tables& t,
                      const dist::DistributedGenerateStats* dist) {
  const retro::GenerateStats& s = t.stats;
  const double bytes_per_state =
      s.states ? static_cast<double>(t.upper.size() + t.lower.size() + s.index_bytes) / s.states : 0;
  std::printf("board        %s\n", board.spec().c_str());
  std::printf("rules        %s\n", rules.to_string().c_str());
  std::printf("game         %s\n", t.kernel.c_str());
  std::printf("komi         %g\n", a.komi);
  std::printf("positions    %llu (canonical, colour-normalised)\n", static_cast<unsigned long long>(s.positions));
  std::printf("states       %llu\n", static_cast<unsigned long long>(s.states));
  std::printf("sweeps       %d\n", s.sweeps);
  std::printf("evaluations  %llu\n", static_cast<unsigned long long>(s.evaluations));
  std::printf("threads      %d\n", s.threads);
  std::printf("seconds      %.3f (index %.3f, sweeps %.3f)\n", s.total_seconds, s.index_seconds, s.sweep_seconds);
  std::printf("states/s     %.4g (evaluations per second of sweeping)\n",
              s.sweep_seconds > 0 ? s.evaluations / s.sweep_seconds : 0.0);
  if (dist) print_distributed(*dist, s.threads, "sweep");
  else std::printf("peak RSS     %.1f MiB\n", s.peak_rss / 1048576.0);
  std::printf("bytes/state  %.3f (two int8 tables + index)\n", bytes_per_state);
  const std::uint64_t empty = retro::state_of(*t.index, Position{}, Color::Black, 0);
  const retro::Bracket br = retro::bracket_at(t.upper, t.lower, empty, Color::Black, a.komi);
  std::printf("empty board  Black to move, Black's view, komi %g:\n", a.komi);
  std::printf("  cycles scored for Black (greatest fixpoint): %s\n", br.gfp.to_string().c_str());
  std::printf("  cycles scored for White (least fixpoint):    %s\n", br.lfp.to_string().c_str());
  std::printf("  %s\n", br.exact() ? "exact for the finite-state game: no cycle matters"
                                   : "bound pair: the value depends on how cycles are scored");
  if (!a.output_given) return;
  TablebaseMeta meta;
  meta.board = board.spec();
  meta.rules = rules.to_string();
  meta.komi = a.komi;
  meta.index_scheme = retro::kIndexScheme;
  meta.symmetry_scheme = retro::symmetry_scheme(*t.index);
  meta.value_encoding = retro::kValueEncoding;
  meta.state_count = s.states;
  meta.extra["game"] = t.kernel;
  meta.extra["arrays"] =
      "upper: value with infinite play scored as a win for the player to move; lower: ... for her opponent "
      "(player to move's view, komi 0; docs/generator.md)";
  meta.extra["exactness"] = "finite-state fixpoints (superko ignored): bounds, not superko-exact values";
  meta.extra["positions"] = std::to_string(s.positions);
  meta.extra["sweeps"] = std::to_string(s.sweeps);
  meta.extra["generate_seconds"] = std::to_string(s.total_seconds);
  meta.extra["threads"] = std::to_string(s.threads);
  if (dist) meta.extra["mpi_ranks"] = std::to_string(dist->ranks);
  WriteOptions wopt;
  wopt.board = &board;
  wopt.threads = a.threads;
  write_tablebase(a.output, meta,
                  {{retro::kUpperArray, t.upper.data(), t.upper.size()},
                   {retro::kLowerArray, t.lower.data(), t.lower.size()}},
                  wopt);
  TablebaseReader check(a.output);
  const double disk = static_cast<double>(check.file_bytes());
  std::printf("file         %s: %.0f bytes, %.4f bytes/state on disk (raw value bytes / file: %.3gx)\n",
              a.output.c_str(), disk, disk / static_cast<double>(s.states),
              static_cast<double>(t.upper.size() + t.lower.size()) / disk);
}

void run_generate(const GenerateArgs& a) {
  if (a.output_given) check_output_path(a.output);  // before the work, not after it
  const Board board = Board::parse(a.board);
  const RuleSet rules = RuleSet::parse(a.rules);
  const bool exact = retro::has_exact_kernel(rules);
  retro::GenerateOptions opt;
  opt.threads = a.threads;
  opt.progress = !a.quiet;
  if (!a.mpi) {
    if (exact) return report_exact(a, board, rules, retro::generate_exact(board, rules, a.threads, !a.quiet), nullptr);
    retro::Tables t = retro::generate(board, rules, opt);
    report_and_write(a, board, rules, t, nullptr);
    return;
  }
  dist::Session session;
  dist::run_on_rank(session, [&] {
    dist::DistributedGenerateStats ds;
    if (exact) {
      const retro::ExactGenerated g =
          dist::generate_exact_distributed(session, board, rules, a.threads, !a.quiet, &ds);
      if (session.rank() == 0) report_exact(a, board, rules, g, &ds);
      return;
    }
    retro::Tables t = dist::generate_distributed(session, board, rules, opt, &ds);
    if (session.rank() == 0) report_and_write(a, board, rules, t, &ds);
  });
}

}  // namespace

void add_generate_command(CLI::App& app) {
  auto args = std::make_shared<GenerateArgs>();
  CLI::App* sub = app.add_subcommand(
      "generate",
      "Retrograde tables of a whole board. tromp-taylor:ko=basic (basic ko + long-cycle tie): EXACT values of "
      "every state, with depths for optimal play. Other tromp-taylor rulesets (superko): the two finite-state "
      "fixpoints (cycles scored for Black / for White), which are bounds and move ordering for the search, "
      "not game values (docs/generator.md)");
  sub->add_option("--board,-b", args->board, "board: RxC, cylinder:RxC, torus:RxC, ring:N or graph:FILE")->required();
  sub->add_option("--rules,-r", args->rules,
                  "ruleset: tromp-taylor:ko=basic[,suicide=no] (exact) or another tromp-taylor ruleset (fixpoints)")
      ->capture_default_str();
  sub->add_option("--komi,-k", args->komi, "komi for the printed values and the file (multiple of 0.5)")
      ->check(komi_number())
      ->capture_default_str();
  sub->add_option("--threads,-t", args->threads, "worker threads; 0 = all cores")
      ->check(integer_number(0, 1024))
      ->capture_default_str();
  auto* out = sub->add_option("--output,-o", args->output,
                              "write the tables to this tablebase file (a new file or a regular file it replaces)");
  out->check(non_empty_name());
  sub->add_flag("--quiet,-q", args->quiet, "no progress lines on stderr");
  sub->add_flag("--mpi", args->mpi,
                "distribute over the ranks of an MPI job (launch with mpirun or srun; --threads per rank; "
                "rank 0 reports and writes --output; needs a build with -DGOTB_MPI=ON, docs/distributed.md)");
  sub->callback([args, out] {
    check_komi(args->komi);
    args->output_given = out->count() > 0;
    if (args->threads < 0) throw std::invalid_argument("--threads must be >= 0");
    run_generate(*args);
  });
}

}  // namespace gotb::cli
