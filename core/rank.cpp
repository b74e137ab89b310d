#include "core/rank.hpp"

#include <stdexcept>
#include <string>

namespace gotb {

Ranker::Ranker(int points) : n_(points), chunks_((points + 7) / 8) {
  if (points < 1 || points > kMaxRankPoints)
    throw std::invalid_argument("base-3 ranking supports 1.." + std::to_string(kMaxRankPoints) +
                                " points, not " + std::to_string(points));
  pow3_[0] = 1;
  for (int k = 1; k <= kMaxRankPoints; ++k) pow3_[k] = pow3_[k - 1] * 3;
  to_base3_.assign(1 << 16, 0);
  from_base3_.assign(6561, 0);
  for (unsigned d = 0; d < 6561; ++d) {
    unsigned v = d, b = 0, w = 0;
    for (int i = 0; i < 8; ++i, v /= 3) {
      if (v % 3 == 1) b |= 1u << i;
      if (v % 3 == 2) w |= 1u << i;
    }
    from_base3_[d] = static_cast<std::uint16_t>(b | (w << 8));
    to_base3_[b | (w << 8)] = static_cast<std::uint16_t>(d);
  }
}

}  // namespace gotb
