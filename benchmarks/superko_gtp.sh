#!/bin/sh
# Superko tablebases (issue 20): genmove times of `gotb gtp --tablebase FILE
# --fallback search` (the analysis and move choice it runs), over self-play
# games from 0 to 20 random opening moves; those answered from the file's
# facts and those that needed the search are counted apart.
# Usage: benchmarks/superko_gtp.sh FILE... (files of gotb generate --exact)
#   GOTB_SUPERKO_GAMES  games per file (default 50)
#   TESTS               the test binary (default build/tests/gotb_tests)
set -eu
[ $# -ge 1 ] || { echo "usage: $0 FILE..." >&2; exit 2; }
TESTS=${TESTS:-build/tests/gotb_tests}
GOTB_SUPERKO_FILES="$*" "$TESTS" "[.superko-gtp]" 2>&1 | grep -E "genmoves|error|FAILED"
