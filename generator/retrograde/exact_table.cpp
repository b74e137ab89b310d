#include "generator/retrograde/exact_table.hpp"

#include <cmath>
#include <cstdio>

#include <tbb/global_control.h>
#include <tbb/info.h>

#include "core/rules/tromp_taylor.hpp"
#include "format/tablebase.hpp"
#include "generator/retrograde/generate.hpp"

namespace gotb::retro {

bool has_exact_kernel(const RuleSet& rules) {
  return rules.support().exact_kernel;
}

ExactGenerated start_exact(const Board& board, const RuleSet& rules, int threads, const Progress& progress,
                           int ranks) {
  if (!has_exact_kernel(rules))
    throw RulesError("no exact retrograde generator for ruleset '" + rules.to_string() +
                     "' (available: tromp-taylor:ko=basic, both suicide options)");
  ExactGenerated g;
  g.stats.threads = resolve_threads(threads);
  g.stats.mpi_ranks = ranks;
  g.index = std::make_shared<const KoStateIndex>(board);
  progress.phase("index");
  g.stats.index_seconds = progress.elapsed();
  g.stats.positions = g.index->positions().positions();
  g.stats.states = g.index->states();
  g.stats.ko_states = g.index->ko_states();
  g.stats.index_bytes = g.index->bytes();
  char where[64] = "";
  if (ranks > 0) std::snprintf(where, sizeof where, " over %d ranks x %d threads", ranks, g.stats.threads);
  progress.line("%s %s: %llu positions stored (%d symmetries, colour-normalised), %llu states (%llu with a ko "
                "ban)%s; index %.2f s",
                board.spec().c_str(), rules.to_string().c_str(), static_cast<unsigned long long>(g.stats.positions),
                g.index->positions().symmetries().count(), static_cast<unsigned long long>(g.stats.states),
                static_cast<unsigned long long>(g.stats.ko_states), where, g.stats.index_seconds);
  g.game = std::string("tromp-taylor basic ko + long-cycle tie, exact over (position, mover, passes, ko ban), "
                       "suicide ") +
           (kernel_allows_suicide(rules) ? "allowed" : "forbidden");
  return g;
}

void finish_exact(ExactGenerated& g, const ExactStats& solve, const Progress& progress) {
  g.stats.solve = solve;
  g.stats.total_seconds = progress.elapsed();
  g.stats.phases = progress.phases();
  g.stats.peak_rss = peak_rss_bytes();
  progress.line("%d rounds (max depth %d), %.2f s solving, %.2f s total", solve.rounds, solve.max_depth,
                solve.round_seconds, g.stats.total_seconds);
}

ExactGenerated generate_exact(const Board& board, const RuleSet& rules, int threads, bool progress_lines,
                              WorkLimits* limits) {
  tbb::global_control limit(tbb::global_control::max_allowed_parallelism,
                            static_cast<std::size_t>(resolve_threads(threads)));
  Progress progress(progress_lines);
  ExactGenerated g = start_exact(board, rules, threads, progress);
  if (limits) limits->charge(0);  // the time limit, after the index
  finish_exact(g,
               kernel_allows_suicide(rules) ? ExactSolver<true>(*g.index).run(g.arrays, progress, limits)
                                            : ExactSolver<false>(*g.index).run(g.arrays, progress, limits),
               progress);
  return g;
}

namespace {

BigVector<std::int8_t> byte_of(const BigVector<std::uint16_t>& d, int shift) {
  BigVector<std::int8_t> out(d.size());
  parallel_transform(d.data(), d.size(), out.data(), [shift](std::uint16_t x) {
    return static_cast<std::int8_t>(static_cast<std::uint8_t>(x >> shift));
  });
  return out;
}

}  // namespace

void write_exact(const std::string& path, const Board& board, const RuleSet& rules, double komi,
                 const ExactGenerated& g, int threads) {
  TablebaseMeta meta;
  meta.board = board.spec();
  meta.rules = rules.to_string();
  meta.komi = komi;
  meta.index_scheme = kExactIndexScheme;
  meta.symmetry_scheme = "min-rank-orbit/" + std::to_string(g.index->positions().symmetries().count()) +
                         "+colour-normalised";
  meta.value_encoding = kExactValueEncoding;
  meta.state_count = g.index->states();
  meta.extra["kind"] = "exact";
  meta.extra["exact"] = "true";
  meta.extra["game"] = g.game;
  meta.extra["value"] =
      "exact value at state s, Black's view: median(lfp - komi, tie, gfp - komi) where lfp/gfp are lower/upper "
      "seen from Black and the long-cycle tie sits at order 0 (docs/generator.md)";
  meta.extra["arrays"] =
      "lower/upper: least/greatest fixpoint from the player to move's view, komi 0, int8-mover-area codes; "
      "depth_*_lo/hi: uint16 Jacobi round at which lower/upper became final (0: never), split in bytes";
  meta.extra["positions"] = std::to_string(g.stats.positions);
  meta.extra["ko_states"] = std::to_string(g.stats.ko_states);
  meta.extra["rounds"] = std::to_string(g.stats.solve.rounds);
  meta.extra["max_depth"] = std::to_string(g.stats.solve.max_depth);
  meta.extra["generate_seconds"] = std::to_string(g.stats.total_seconds);
  meta.extra["threads"] = std::to_string(g.stats.threads);
  if (g.stats.mpi_ranks > 0) meta.extra["mpi_ranks"] = std::to_string(g.stats.mpi_ranks);
  const auto dl0 = byte_of(g.arrays.depth_lower, 0), dl1 = byte_of(g.arrays.depth_lower, 8);
  const auto du0 = byte_of(g.arrays.depth_upper, 0), du1 = byte_of(g.arrays.depth_upper, 8);
  WriteOptions wopt;
  wopt.board = &board;
  wopt.threads = threads;
  const std::uint64_t n = meta.state_count;
  write_tablebase(path, meta,
                  {{kExactLower, g.arrays.lower.data(), n},
                   {kExactUpper, g.arrays.upper.data(), n},
                   {kDepthLowerLo, dl0.data(), n},
                   {kDepthLowerHi, dl1.data(), n},
                   {kDepthUpperLo, du0.data(), n},
                   {kDepthUpperHi, du1.data(), n}},
                  wopt);
}

Value exact_value(std::int8_t lower, std::int8_t upper, Color mover, double komi) {
  // Black's lfp / gfp in half points after komi; infinite play = -/+ infinity.
  const bool black = mover == Color::Black;
  const std::int8_t lfp_code = black ? lower : static_cast<std::int8_t>(-upper);
  const std::int8_t gfp_code = black ? upper : static_cast<std::int8_t>(-lower);
  const std::int32_t k2 = static_cast<std::int32_t>(std::lround(2 * komi));
  if (is_score_code(lfp_code) && 2 * lfp_code - k2 >= 0) return Value::score_half_points(2 * lfp_code - k2);
  if (is_score_code(gfp_code) && 2 * gfp_code - k2 <= 0) return Value::score_half_points(2 * gfp_code - k2);
  return Value::no_result(0);
}

namespace {

std::vector<std::uint16_t> join(const std::vector<std::int8_t>& lo, const std::vector<std::int8_t>& hi) {
  std::vector<std::uint16_t> out(lo.size());
  for (std::size_t i = 0; i < lo.size(); ++i)
    out[i] = static_cast<std::uint16_t>(static_cast<std::uint8_t>(lo[i]) |
                                        (static_cast<std::uint16_t>(static_cast<std::uint8_t>(hi[i])) << 8));
  return out;
}

}  // namespace

ExactTable::ExactTable(const std::string& path) : rules_(RuleSet::parse("tromp-taylor:ko=basic")) {
  TablebaseReader r(path);
  const TablebaseMeta& m = r.meta();
  auto extra = [&](const char* key) {
    auto it = m.extra.find(key);
    return it == m.extra.end() ? std::string() : it->second;
  };
  if (m.index_scheme != kExactIndexScheme || m.value_encoding != kExactValueEncoding || extra("kind") != "exact")
    throw TablebaseError(path + ": not an exact table (index scheme '" + m.index_scheme + "', value encoding '" +
                         m.value_encoding + "'; exact tables come from gotb generate under tromp-taylor:ko=basic)");
  try {
    rules_ = RuleSet::parse(m.rules);
  } catch (const std::exception& e) {
    throw TablebaseError(path + ": bad ruleset in metadata: " + e.what());
  }
  if (!has_exact_kernel(rules_)) throw TablebaseError(path + ": exact table for a ruleset without exact kernel");
  komi_ = m.komi;
  board_ = std::make_unique<Board>(r.board());
  index_ = std::make_shared<const KoStateIndex>(*board_);
  if (index_->states() != m.state_count)
    throw TablebaseError(path + ": state count " + std::to_string(m.state_count) + " does not match the index (" +
                         std::to_string(index_->states()) + ")");
  lower_ = r.read_array(kExactLower);
  upper_ = r.read_array(kExactUpper);
  depth_lower_ = join(r.read_array(kDepthLowerLo), r.read_array(kDepthLowerHi));
  depth_upper_ = join(r.read_array(kDepthUpperLo), r.read_array(kDepthUpperHi));
}

ExactTable::ExactTable(const Board& board, const RuleSet& rules, double komi, const ExactGenerated& g)
    : board_(std::make_unique<Board>(board)),
      rules_(rules),
      komi_(komi),
      index_(g.index),
      lower_(g.arrays.lower.begin(), g.arrays.lower.end()),
      upper_(g.arrays.upper.begin(), g.arrays.upper.end()),
      depth_lower_(g.arrays.depth_lower.begin(), g.arrays.depth_lower.end()),
      depth_upper_(g.arrays.depth_upper.begin(), g.arrays.depth_upper.end()) {}

Value ExactTable::value(StateRef s, double komi) const {
  return exact_value(lower_.at(s.index), upper_.at(s.index), s.to_move, komi);
}

ProgressSide ExactTable::progress_side(StateRef s, double komi) const {
  const Value v = value(s, komi);
  return v.order > 0 ? ProgressSide::Black : v.order < 0 ? ProgressSide::White : ProgressSide::None;
}

int ExactTable::depth(StateRef s, double komi) const {
  // Black must force an end: the game where infinite play is a White win
  // (Black to move: lower; White to move: upper); White: the other one.
  switch (progress_side(s, komi)) {
    case ProgressSide::None: return 0;
    case ProgressSide::Black: return s.to_move == Color::Black ? depth_lower_.at(s.index) : depth_upper_.at(s.index);
    case ProgressSide::White: return s.to_move == Color::White ? depth_lower_.at(s.index) : depth_upper_.at(s.index);
  }
  return 0;
}

}  // namespace gotb::retro
