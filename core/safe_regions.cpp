#include "core/safe_regions.hpp"

#include <array>

namespace gotb {

namespace {

struct Result {
  SafeAnalysis sets;
  SafeGuarantees g;
};

// Benson's fixpoint over numbered chains and regions: drops every chain with
// fewer than two regions of `good_of` among the live regions, and every
// region bordering a dropped chain, until nothing changes.
void fixpoint(const std::array<Mask, kMaxPoints>& good_of, const std::array<Mask, kMaxPoints>& border,
              Mask& chains, Mask& regions) {
  for (;;) {
    Mask keep = 0;
    for_each_bit(chains, [&](int i) {
      if (popcount(good_of[i] & regions) >= 2) keep |= bit(i);
    });
    Mask live = 0;
    for_each_bit(regions, [&](int j) {
      if (!(border[j] & ~keep)) live |= bit(j);
    });
    if (keep == chains && live == regions) return;
    chains = keep;
    regions = live;
  }
}

Result analyse(const Board& b, const Position& pos, Color c, SuicideRule suicide) {
  Result out;
  const int n = b.size();
  out.g = {-n, -n, -n};
  const Mask own = pos.stones(c);
  if (!own) return out;
  const Mask others = b.all() & ~own;
  const Mask empty = pos.empty(b);

  // As in core/benson.cpp: regions holding a point that can be emptied and
  // touches no c stone are healthy for no chain, and are no pair (a pair's
  // points both touch c stones), so they are left out before numbering.
  const Mask can_be_empty = suicide == SuicideRule::Allowed ? others : empty;
  const Mask next_to_own = b.dilate(own);
  const Mask spoilt = b.flood(can_be_empty & ~next_to_own, others);
  const Mask candidates = others & ~spoilt;
  if (!candidates) return out;

  std::array<Mask, kMaxPoints> chain_halo;
  std::array<Mask, kMaxPoints> chain;
  int nc = 0;
  Mask numbered = 0;
  for (Mask rest = own & b.dilate(candidates); rest; ++nc) {
    Mask s = b.flood(bit(lowest(rest)), own);
    rest &= ~s;
    numbered |= s;
    chain[nc] = s;
    chain_halo[nc] = b.dilate(s) & others;
  }

  std::array<Mask, kMaxPoints> region;
  std::array<Mask, kMaxPoints> border;
  std::array<Mask, kMaxPoints> healthy_of{};  // per chain: Benson-healthy regions
  std::array<Mask, kMaxPoints> good_of{};     // ... and the empty pairs next to it
  int nr = 0;
  Mask live_regions = 0, empty_pairs = 0;
  for (Mask rest = candidates; rest; ++nr) {
    Mask r = b.flood(bit(lowest(rest)), others);
    rest &= ~r;
    region[nr] = r;
    const Mask ce = r & can_be_empty;
    // A pair: two points, each next to a c stone (so the answer on one joins
    // a chain and leaves the other an eye of every chain next to the pair).
    const bool empty_pair = popcount(r) == 2 && !(r & ~next_to_own) && !(r & ~empty);
    Mask bd = 0;
    for (int i = 0; i < nc; ++i) {
      if (!(chain_halo[i] & r)) continue;
      bd |= bit(i);
      if (ce && !(ce & ~chain_halo[i])) healthy_of[i] |= bit(nr);
      if (empty_pair) good_of[i] |= bit(nr);
    }
    border[nr] = bd;
    if (bd) live_regions |= bit(nr);
    if (empty_pair) empty_pairs |= bit(nr);
  }
  for (int i = 0; i < nc; ++i) good_of[i] |= healthy_of[i];

  // Counts of the live regions once the alive chains are known: one-point
  // eyes, tight regions of >= 2 points (every point next to an alive stone),
  // and among those the two-point ones, empty or holding one opposing stone.
  struct Counts {
    Mask alive = 0;
    int eyes = 0, tight = 0, empty_pairs = 0, pending_pairs = 0;
  };
  auto count = [&](Mask chains, Mask regions) {
    Counts k;
    for_each_bit(chains, [&](int i) { k.alive |= chain[i]; });
    const Mask next_to_alive = b.dilate(k.alive);
    for_each_bit(regions, [&](int j) {
      const Mask r = region[j];
      if (popcount(r) == 1) {
        k.eyes += (r & empty) != 0;
      } else if (!(r & ~next_to_alive)) {
        ++k.tight;
        if (popcount(r) == 2) ((r & ~empty) ? k.pending_pairs : k.empty_pairs) += 1;
      }
    });
    return k;
  };

  // Benson: the pass guarantee (docs/benson.md, "The bound").
  Mask chains = low_bits(nc), regions = live_regions;
  fixpoint(healthy_of, border, chains, regions);
  const Counts pass = count(chains, regions);
  out.sets.pass_alive = pass.alive;
  const int g = 2 * (popcount(pass.alive) + pass.eyes) - n + pass.tight;
  out.g = {g, g, g};

  // With empty pairs as healthy regions (docs/benson.md, "Answering attacks
  // on two-point regions"). Without an empty pair nothing changes.
  if (!empty_pairs) {
    if (pass.alive == own) out.g.answer_first = g + 3 * pass.pending_pairs;  // the fill guarantee
    return out;
  }
  chains = low_bits(nc);
  regions = live_regions;
  fixpoint(good_of, border, chains, regions);
  const Counts safe = count(chains, regions);
  out.sets.safe = safe.alive;
  for_each_bit(regions & empty_pairs, [&](int j) { out.sets.pairs |= region[j]; });
  if (safe.alive != own || numbered != own) return out;
  // Every c stone is safe: stones, eyes and both points of every empty pair
  // are c's at the end; a pending pair is a tight region (one point kept
  // from the opponent), or c's too when c fills it first.
  const int answer = 2 * (popcount(own) + safe.eyes + 2 * safe.empty_pairs) - n + (safe.tight - safe.empty_pairs);
  out.g.answer = answer;
  out.g.answer_first = answer + 3 * safe.pending_pairs;
  return out;
}

}  // namespace

SafeGuarantees safe_guarantees(const Board& b, const Position& pos, Color c, SuicideRule suicide) {
  return analyse(b, pos, c, suicide).g;
}

SafeAnalysis safe_analysis(const Board& b, const Position& pos, Color c, SuicideRule suicide) {
  SafeAnalysis a = analyse(b, pos, c, suicide).sets;
  if (!a.safe) a.safe = a.pass_alive;  // no empty pair: the same fixpoint
  return a;
}

}  // namespace gotb
