// A move: a stone play at a point, or one of the pass kinds a ruleset knows.
#pragma once

#include <cstdint>

namespace gotb {

enum class MoveKind : std::uint8_t {
  Play,
  Pass,            // the plain pass (Kee 2005: the ban-deleting pass)
  BanKeepingPass,  // Kee 2005
  AppealingPass,   // Kee 2016
  KoPass,          // Japanese 2003 hypothetical sequences
};

struct Move {
  std::int16_t point = -1;  // Play only
  MoveKind kind = MoveKind::Pass;

  static constexpr Move play(int p) { return {static_cast<std::int16_t>(p), MoveKind::Play}; }
  static constexpr Move pass(MoveKind k = MoveKind::Pass) { return {-1, k}; }
  bool is_play() const { return kind == MoveKind::Play; }
  bool operator==(const Move&) const = default;
};

}  // namespace gotb
