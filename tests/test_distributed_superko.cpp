// `gotb generate --exact --mpi` (generator/distributed/superko_mpi.hpp): the
// chunks solved one at a time, as a worker rank solves them, and their
// proofs sent in the wire form, equal the one-process generation. The run
// under mpirun itself is ctest mpi_superko_np2/np4 (tests/mpi_check.sh).
#include <catch2/catch.hpp>

#include "core/rules/ruleset.hpp"
#include "generator/distributed/superko_mpi.hpp"
#include "generator/retrograde/state_index.hpp"
#include "generator/search/superko_table.hpp"

using namespace gotb;

TEST_CASE("superko --mpi: chunks solved one by one and sent on the wire equal one process", "[superko][mpi]") {
  for (const char* rules : {"tromp-taylor", "tromp-taylor:ko=situational,suicide=no"}) {
    const Board b = Board::parse("2x3");
    const RuleSet r = RuleSet::parse(rules);
    retro::StateIndex idx(b);
    search::SuperkoGenerateOptions o;
    o.threads = 1;
    o.chunk_states = 16;
    std::vector<search::StateProof> whole;
    std::vector<char> done;
    search::generate_superko(idx, r, o, whole, done);

    const std::vector<std::uint64_t> order = search::superko_state_order(idx);
    const std::uint64_t chunks = (order.size() + 15) / 16;
    REQUIRE(chunks > 3);
    std::vector<std::int8_t> wire;
    // Out of order, as results arrive from several ranks.
    for (std::uint64_t c = chunks; c-- > 0;) {
      std::vector<search::StateProof> part;
      search::solve_superko_chunk(idx, r, o, order, c, part);
      REQUIRE(part.size() == std::min<std::uint64_t>(16, order.size() - 16 * c));
      dist::encode_chunk(c, part, wire);
    }
    std::vector<search::StateProof> got(order.size());
    const std::int8_t* p = wire.data();
    std::uint64_t expect = chunks;
    while (p != wire.data() + wire.size()) REQUIRE(dist::decode_chunk(p, wire.data() + wire.size(), order, 16, got) == --expect);
    REQUIRE(expect == 0);
    std::uint64_t with_facts = 0;
    for (std::size_t i = 0; i < got.size(); ++i) {
      INFO(rules << " state " << i);
      REQUIRE(got[i] == whole[i]);
      with_facts += !got[i].lo.absent.empty();
    }
    CHECK(with_facts > 0);  // the facts travelled, not only values

    // A truncated message is refused, not read past its end.
    std::vector<search::StateProof> part;
    search::solve_superko_chunk(idx, r, o, order, 0, part);
    std::vector<std::int8_t> one;
    dist::encode_chunk(0, part, one);
    const std::int8_t* q = one.data();
    REQUIRE_THROWS_AS(dist::decode_chunk(q, one.data() + one.size() - 1, order, 16, got), std::runtime_error);
    REQUIRE_THROWS_AS(search::solve_superko_chunk(idx, r, o, order, chunks, part), std::invalid_argument);
  }
}
