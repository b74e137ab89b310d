#include "core/territory_bounds.hpp"

#include <array>

#include "core/benson.hpp"

namespace gotb {

TerritoryShape territory_shape(const Board& b, const Position& pos, Color c, SuicideRule suicide) {
  TerritoryShape t;
  const BensonResult r = benson(b, pos, c, suicide);
  t.alive = r.alive;
  if (!r.alive) return t;
  // One-point enclosed regions: an enclosed empty point whose neighbours
  // are all alive stones (a region borders only alive chains, so a point
  // with no other neighbour is a region of its own).
  for_each_bit(r.enclosed & pos.empty(b), [&](int p) {
    const Mask nb = b.neighbours(p);
    if (nb && !(nb & ~r.alive)) t.eyes |= bit(p);
  });
  t.sure_eyes = sure_eyes(b, r.alive, t.eyes);
  return t;
}

Mask sure_eyes(const Board& b, Mask stones, Mask eyes) {
  if (!eyes) return 0;
  // Two-eyed chains: start from every alive chain; drop the eyes with a
  // neighbour outside the kept chains, then the chains with fewer than two
  // kept eyes, until nothing changes (the greatest fixpoint).
  std::array<Mask, kMaxPoints> chain;
  int nc = 0;
  for (Mask rest = stones; rest; ++nc) {
    chain[nc] = b.flood(bit(lowest(rest)), stones);
    rest &= ~chain[nc];
  }
  Mask kept = stones, sure = eyes;
  for (;;) {
    Mask s = 0;
    for_each_bit(sure, [&](int p) {
      if (!(b.neighbours(p) & ~kept)) s |= bit(p);
    });
    Mask k = 0;
    for (int i = 0; i < nc; ++i)
      if ((chain[i] & kept) && popcount(b.dilate(chain[i]) & s) >= 2) k |= chain[i];
    if (k == kept && s == sure) break;
    kept = k;
    sure = s;
  }
  return sure;
}

}  // namespace gotb
