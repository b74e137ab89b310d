#include "core/rules/japanese/symmetric_analysis.hpp"

#include <algorithm>
#include <utility>

namespace gotb::japanese {

SymmetricAnalyser::SymmetricAnalyser(const Board& board, AnalysisOptions opt, bool use_symmetry)
    : board_(&board), syms_(board), use_symmetry_(use_symmetry), shared_(board, opt) {}

CanonicalForm SymmetricAnalyser::canonical(const Position& pos) const {
  CanonicalForm best{pos, 0, false};
  if (!use_symmetry_) return best;
  for (int s = 0; s < syms_.count(); ++s) {
    const Position t = syms_.apply(s, pos);
    for (const bool swap : {false, true}) {
      const Position c = swap ? Position{t.white, t.black} : t;
      if (std::pair{c.black, c.white} < std::pair{best.position.black, best.position.white}) best = {c, s, swap};
    }
  }
  return best;
}

FinalAnalysis SymmetricAnalyser::map_back(const FinalAnalysis& a, const CanonicalForm& form) const {
  if (form.symmetry == 0 && !form.swap) return a;
  const int inv = syms_.inverse(form.symmetry);
  auto m = [&](Mask x) { return syms_.apply(inv, x); };
  auto colour = [&](Color c) { return form.swap ? opponent(c) : c; };
  FinalAnalysis out;
  out.strings.reserve(a.strings.size());
  for (const StringAnalysis& s : a.strings) {
    StringAnalysis t = s;
    t.color = colour(s.color);
    t.stones = m(s.stones);
    t.local_environment = m(s.local_environment);
    t.direct_environment = m(s.direct_environment);
    out.strings.push_back(t);
  }
  // In order of their lowest point, as analyse_final_position lists them.
  std::sort(out.strings.begin(), out.strings.end(),
            [](const StringAnalysis& x, const StringAnalysis& y) { return lowest(x.stones) < lowest(y.stones); });
  const Mask ab = m(a.alive_black), aw = m(a.alive_white), db = m(a.dead_black), dw = m(a.dead_white);
  out.alive_black = form.swap ? aw : ab;
  out.alive_white = form.swap ? ab : aw;
  out.dead_black = form.swap ? dw : db;
  out.dead_white = form.swap ? db : dw;
  out.has_direct_ko_stone = a.has_direct_ko_stone;
  out.graph_nodes = form.swap ? std::array<std::size_t, 2>{a.graph_nodes[1], a.graph_nodes[0]} : a.graph_nodes;
  return out;
}

FinalAnalysis SymmetricAnalyser::analyse(const Position& pos) {
  const CanonicalForm form = canonical(pos);
  return map_back(shared_.analyse(form.position), form);
}

bool SymmetricAnalyser::has_direct_ko_stone(const Position& pos) {
  return shared_.has_direct_ko_stone(canonical(pos).position);
}

Mask SymmetricAnalyser::strong_stones(const Position& pos) {
  const CanonicalForm form = canonical(pos);
  const Mask m = shared_.strong_stones(form.position);
  return form.symmetry == 0 ? m : syms_.apply(syms_.inverse(form.symmetry), m);
}

std::pair<int, int> SymmetricAnalyser::stepwise_territory_bounds(const Position& pos,
                                                                 const std::function<bool(int, int)>& enough,
                                                                 std::uint64_t* tests) {
  const CanonicalForm form = canonical(pos);
  if (!form.swap) return shared_.stepwise_territory_bounds(form.position, enough, tests);
  const auto [lo, hi] = shared_.stepwise_territory_bounds(
      form.position, [&](int l, int h) { return enough(-h, -l); }, tests);
  return {-hi, -lo};
}

Mask SymmetricAnalyser::uncapturable_stones(const Position& pos) {
  const CanonicalForm form = canonical(pos);
  const Mask m = shared_.uncapturable_stones(form.position);
  return form.symmetry == 0 ? m : syms_.apply(syms_.inverse(form.symmetry), m);
}

}  // namespace gotb::japanese
