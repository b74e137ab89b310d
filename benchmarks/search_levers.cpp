// Which levers of the tromp-taylor search (docs/solving.md section 3) carry
// its node counts: the search with each one switched off in turn, value
// only, so that the generic search (section 4) can be compared lever by
// lever (docs/solving.md section 4, "Session 24"). Not run by ctest.
//   build/benchmarks/search_levers BOARD [NODE_LIMIT]
#include <cstdio>
#include <cstdlib>
#include <string>

#include "generator/search/solve_search.hpp"

using namespace gotb;

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: search_levers BOARD [NODE_LIMIT]\n");
    return 2;
  }
  SolveRequest req{Board::parse(argv[1]), RuleSet::parse("tromp-taylor"), 0, {}, {}};
  req.with_move_values = false;
  req.with_pv = false;
  req.options.node_limit = argc > 2 ? std::strtoull(argv[2], nullptr, 10) : 20000000;
  struct Variant {
    const char* name;
    void (*set)(search::SearchOptions&);
    search::OrderingMode ordering;
  };
  const Variant variants[] = {
      {"default", [](search::SearchOptions&) {}, search::OrderingMode::Retro},
      {"ordering history", [](search::SearchOptions&) {}, search::OrderingMode::History},
      {"history, no fill", [](search::SearchOptions& o) { o.fill = false; }, search::OrderingMode::History},
      {"history, no benson/fill", [](search::SearchOptions& o) { o.benson = o.fill = false; },
       search::OrderingMode::History},
      {"history, no symmetry", [](search::SearchOptions& o) { o.symmetry = o.symmetric_table = false; },
       search::OrderingMode::History},
      {"history, no deepening", [](search::SearchOptions& o) { o.deepening_step = 0; },
       search::OrderingMode::History},
      {"history, none of them",
       [](search::SearchOptions& o) {
         o.benson = o.fill = o.symmetry = o.symmetric_table = false;
       },
       search::OrderingMode::History},
  };
  for (const Variant& v : variants) {
    search::SearchOptions o;
    o.node_limit = req.options.node_limit;
    v.set(o);
    try {
      SolveReport r = search_solve(req, o, v.ordering);
      std::printf("%-28s %s %llu nodes\n", v.name, r.value.to_string().c_str(),
                  static_cast<unsigned long long>(r.nodes));
    } catch (const NodeLimitReached&) {
      std::printf("%-28s not proven in %llu nodes\n", v.name, static_cast<unsigned long long>(o.node_limit));
    }
    std::fflush(stdout);
  }
}
