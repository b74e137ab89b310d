// Benson / area_bounds benchmark (not a test): cost per call on positions
// from random playouts, and how often the bound is non-trivial; also the
// fill guarantee (guarantees()) and the safe-region guarantees
// (core/safe_regions.hpp) the tromp-taylor search computes per node for
// each colour, and how often each raises Black's pass guarantee.
//
//   build/benchmarks/benson_bench [--positions N] [--boards 3x3,5x5,7x7,8x8] [--repeat R]
//
// Playouts: uniformly random legal plays (suicide forbidden, no superko
// check) that never fill a one-point eye of the mover, until both pass or
// 4n plays; every position along the way is sampled. Late positions hold
// living groups, early ones mostly do not, so the mix covers both the cheap
// (nothing alive) and the full (many chains and regions) paths.
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "core/benson.hpp"
#include "core/safe_regions.hpp"

using namespace gotb;

namespace {

std::vector<Position> sample_positions(const Board& b, std::size_t count, std::mt19937_64& rng) {
  std::vector<Position> out;
  out.reserve(count);
  while (out.size() < count) {
    Position pos;
    Color to_move = Color::Black;
    int passes = 0;
    for (int ply = 0; ply < 4 * b.size() && passes < 2 && out.size() < count; ++ply) {
      Mask own = pos.stones(to_move);
      Mask candidates = 0;
      for_each_bit(pos.empty(b), [&](int p) {
        if ((b.neighbours(p) & ~own) == 0) return;  // own one-point eye
        candidates |= bit(p);
      });
      bool played = false;
      while (candidates && !played) {
        int k = static_cast<int>(rng() % popcount(candidates));
        Mask m = candidates;
        for (int i = 0; i < k; ++i) m &= m - 1;
        int p = lowest(m);
        candidates &= ~bit(p);
        PlayOutcome o;
        if (play_stone(b, pos, to_move, p, SuicideRule::Forbidden, o) == PlayStatus::Ok) {
          pos = o.next;
          played = true;
        }
      }
      passes = played ? 0 : passes + 1;
      to_move = opponent(to_move);
      out.push_back(pos);
    }
  }
  return out;
}

}  // namespace

int main(int argc, char** argv) {
  std::size_t positions = 20000;
  int repeat = 20;
  std::string boards = "3x3,5x5,7x7,8x8";
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    auto next = [&]() -> std::string {
      if (i + 1 >= argc) {
        std::fprintf(stderr, "%s needs a value\n", a.c_str());
        std::exit(2);
      }
      return argv[++i];
    };
    if (a == "--positions") positions = std::stoul(next());
    else if (a == "--repeat") repeat = std::stoi(next());
    else if (a == "--boards") boards = next();
    else {
      std::fprintf(stderr, "usage: benson_bench [--positions N] [--boards 3x3,5x5,...] [--repeat R]\n");
      return a == "--help" ? 0 : 2;
    }
  }
  std::printf("%-10s %10s %10s %10s %10s %10s %8s %8s %8s %8s\n", "board", "positions", "benson ns", "bounds ns",
              "fill ns", "safe ns", "alive %", "lo>-n %", "fill+ %", "safe+ %");
  std::mt19937_64 rng(1);
  std::stringstream list(boards);
  for (std::string spec; std::getline(list, spec, ',');) {
    Board b = Board::parse(spec);
    std::vector<Position> sample = sample_positions(b, positions, rng);
    using Clock = std::chrono::steady_clock;
    long sink = 0;
    auto t0 = Clock::now();
    for (int r = 0; r < repeat; ++r)
      for (const Position& p : sample) sink += popcount(benson(b, p, Color::Black, SuicideRule::Forbidden).alive);
    auto t1 = Clock::now();
    for (int r = 0; r < repeat; ++r)
      for (const Position& p : sample) sink += area_bounds(b, p, SuicideRule::Allowed).lo;
    auto t2 = Clock::now();
    for (int r = 0; r < repeat; ++r)
      for (const Position& p : sample) sink += guarantees(b, p, Color::Black, SuicideRule::Allowed).fill;
    auto t3 = Clock::now();
    for (int r = 0; r < repeat; ++r)
      for (const Position& p : sample) sink += safe_guarantees(b, p, Color::Black, SuicideRule::Allowed).answer_first;
    auto t4 = Clock::now();
    long alive = 0, nontrivial = 0, fill_raises = 0, safe_raises = 0;
    for (const Position& p : sample) {
      alive += benson(b, p, Color::Black, SuicideRule::Allowed).alive != 0;
      nontrivial += area_bounds(b, p, SuicideRule::Allowed).lo > -b.size();
      const Guarantees g = guarantees(b, p, Color::Black, SuicideRule::Allowed);
      fill_raises += g.fill > g.pass;
      const SafeGuarantees sg = safe_guarantees(b, p, Color::Black, SuicideRule::Allowed);
      safe_raises += sg.answer_first > sg.pass;
    }
    double calls = static_cast<double>(sample.size()) * repeat;
    auto ns = [&](auto d) { return std::chrono::duration<double, std::nano>(d).count() / calls; };
    auto pc = [&](long k) { return 100.0 * static_cast<double>(k) / static_cast<double>(sample.size()); };
    std::printf("%-10s %10zu %10.1f %10.1f %10.1f %10.1f %8.1f %8.1f %8.1f %8.1f\n", spec.c_str(), sample.size(),
                ns(t1 - t0), ns(t2 - t1), ns(t3 - t2), ns(t4 - t3), pc(alive), pc(nontrivial), pc(fill_raises),
                pc(safe_raises));
    if (sink == 42) std::printf(" ");  // keeps the loops from being optimised away
  }
  return 0;
}
