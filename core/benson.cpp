#include "core/benson.hpp"

#include <array>

namespace gotb {

namespace {

// One run of Benson's fixpoint, with what pass_guarantee needs on the side.
// Chains and regions are numbered in arrays; sets of them are bitsets
// (a board has at most 64 points, hence at most 64 of each).
struct Analysis {
  BensonResult result;
  int eyes = 0;           // one-point live regions (empty, all neighbours alive c stones)
  int tight_regions = 0;  // live regions of >= 2 points, each point next to an alive stone
  int tight_pairs = 0;    // ... of exactly 2 points
};

// kEnclosed: also classify the regions that cannot be healthy, for
// BensonResult::enclosed (the bound does not need them).
template <bool kEnclosed>
Analysis analyse(const Board& b, const Position& pos, Color c, SuicideRule suicide) {
  Analysis a;
  const Mask own = pos.stones(c);
  if (!own) return a;
  const Mask others = b.all() & ~own;
  const Mask empty = pos.empty(b);

  // Points of a region that can ever be empty while c passes: with suicide
  // the opponent can empty its own stones, without it only the empty points
  // can be empty. A region holding such a point that touches no c stone is
  // healthy for no chain, and neither an eye nor tight: one flood finds all
  // of those, and only the other ("candidate") regions are numbered.
  const Mask can_be_empty = suicide == SuicideRule::Allowed ? others : empty;
  const Mask spoilt = b.flood(can_be_empty & ~b.dilate(own), others);
  const Mask candidates = others & ~spoilt;
  if (!candidates) return a;  // no healthy region: nothing lives, nothing is enclosed

  // Only chains next to a candidate region can have a healthy region; the
  // others are dead at once and touch no candidate region.
  std::array<Mask, kMaxPoints> chain_halo;  // non-c points next to the chain
  std::array<Mask, kMaxPoints> chain;
  int nc = 0;
  for (Mask rest = own & b.dilate(candidates); rest; ++nc) {
    Mask s = b.flood(bit(lowest(rest)), own);
    rest &= ~s;
    chain[nc] = s;
    chain_halo[nc] = b.dilate(s) & others;
  }

  std::array<Mask, kMaxPoints> region;
  std::array<Mask, kMaxPoints> border;         // chains next to the region
  std::array<Mask, kMaxPoints> healthy_for;    // chains the region is healthy for
  std::array<Mask, kMaxPoints> healthy_of{};   // per chain: regions healthy for it
  int nr = 0;
  Mask live_regions = 0;
  for (Mask rest = candidates; rest; ++nr) {
    Mask r = b.flood(bit(lowest(rest)), others);
    rest &= ~r;
    region[nr] = r;
    const Mask ce = r & can_be_empty;
    Mask bd = 0, hf = 0;
    for (int i = 0; i < nc; ++i) {
      if (!(chain_halo[i] & r)) continue;
      bd |= bit(i);
      if (ce && !(ce & ~chain_halo[i])) {
        hf |= bit(i);
        healthy_of[i] |= bit(nr);
      }
    }
    border[nr] = bd;
    healthy_for[nr] = hf;
    if (bd) live_regions |= bit(nr);  // a region touching no c chain encloses nothing
  }

  Mask alive_chains = low_bits(nc);
  for (;;) {
    Mask keep = 0;
    for_each_bit(alive_chains, [&](int i) {
      if (popcount(healthy_of[i] & live_regions) >= 2) keep |= bit(i);
    });
    Mask live = 0;
    for_each_bit(live_regions, [&](int j) {
      if (!(border[j] & ~keep)) live |= bit(j);
    });
    if (keep == alive_chains && live == live_regions) break;
    alive_chains = keep;
    live_regions = live;
  }

  Mask alive = 0;
  for_each_bit(alive_chains, [&](int i) { alive |= chain[i]; });
  const Mask next_to_alive = b.dilate(alive);
  a.result.alive = alive;
  for_each_bit(live_regions, [&](int j) {
    const Mask r = region[j];
    a.result.enclosed |= r;
    if (healthy_for[j] & alive_chains) a.result.vital |= r;
    if (popcount(r) == 1) {
      a.eyes += (r & empty) != 0;  // always empty in a legal position
    } else if (!(r & ~next_to_alive)) {
      ++a.tight_regions;
      a.tight_pairs += popcount(r) == 2;
    }
  });
  if constexpr (kEnclosed) {
    for (Mask rest = alive ? spoilt : 0; rest;) {
      Mask r = b.flood(bit(lowest(rest)), others);
      rest &= ~r;
      Mask touching = b.dilate(r) & own;
      if (touching && !(touching & ~alive)) a.result.enclosed |= r;
    }
  }
  return a;
}

}  // namespace

BensonResult benson(const Board& b, const Position& pos, Color c, SuicideRule suicide) {
  return analyse<true>(b, pos, c, suicide).result;
}

int pass_guarantee(const Board& b, const Position& pos, Color c, SuicideRule suicide) {
  return guarantees(b, pos, c, suicide).pass;
}

Guarantees guarantees(const Board& b, const Position& pos, Color c, SuicideRule suicide) {
  Analysis a = analyse<false>(b, pos, c, suicide);
  // docs/benson.md, "The bound": the alive stones and the one-point eyes stay
  // c's area, every other point counts against c, except that each tight
  // region keeps at least one point out of the opponent's area.
  const int pass = 2 * (popcount(a.result.alive) + a.eyes) - b.size() + a.tight_regions;
  // docs/benson.md, "Filling two-point regions": each filled pair turns from
  // one point kept out of the opponent's area (+1 - 2) into a stone and an eye (+2).
  const bool all_alive = a.result.alive == pos.stones(c);
  return {pass, all_alive ? pass + 3 * a.tight_pairs : pass};
}

AreaBound area_bounds(const Board& b, const Position& pos, SuicideRule suicide) {
  return {pass_guarantee(b, pos, Color::Black, suicide), -pass_guarantee(b, pos, Color::White, suicide)};
}

}  // namespace gotb
