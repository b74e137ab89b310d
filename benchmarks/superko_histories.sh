#!/bin/sh
# Superko tablebases (issue 20): the share of random game histories whose
# query a superko file answers exactly from its stored facts, without a
# search (tests/random_history.hpp games of up to 200 moves, every state
# met probed; docs/generator.md, "Superko files").
# Usage: benchmarks/superko_histories.sh FILE... (files of gotb generate --exact)
#   GOTB_SUPERKO_GAMES  random games per file (default 200)
#   TESTS               the test binary (default build/tests/gotb_tests)
set -eu
[ $# -ge 1 ] || { echo "usage: $0 FILE..." >&2; exit 2; }
TESTS=${TESTS:-build/tests/gotb_tests}
GOTB_SUPERKO_FILES="$*" "$TESTS" "[.superko-measure]" 2>&1 | grep -E "random games|error|FAILED"
