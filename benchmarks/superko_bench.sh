#!/bin/sh
# Superko tablebases (issue 20): generation time, nodes, facts and bytes per
# state of `gotb generate --exact` for each board and superko variant given.
# Usage: benchmarks/superko_bench.sh [GOTB] [BOARDS] [SECONDS]
#   GOTB     the binary (default build/query/gotb)
#   BOARDS   boards (default "3x3 2x5 1x10 3x4 2x6")
#   SECONDS  wall limit per file (default 1800)
# The share of random histories a file answers without search:
#   GOTB_SUPERKO_BOARDS="3x3" build/tests/gotb_tests "[.superko-measure]"
set -u
GOTB=${1:-build/query/gotb}
BOARDS=${2:-"3x3 2x5 1x10 3x4 2x6"}
LIMIT=${3:-1800}
OUT=$(mktemp -d)
for b in $BOARDS; do
  for r in tromp-taylor tromp-taylor:ko=situational tromp-taylor:suicide=no tromp-taylor:ko=situational,suicide=no; do
    echo "== $b $r"
    timeout "$LIMIT" /usr/bin/time -f "wall %e s, user %U s, peak %M KB" "$GOTB" generate --exact -q -b "$b" -r "$r" \
      -o "$OUT/f.gotb" 2>&1 | grep -E "states|nodes|facts|seconds|empty board|file|wall|error" ||
      echo "(not finished in $LIMIT s)"
    rm -f "$OUT/f.gotb" "$OUT/f.gotb.partial"
  done
done
rmdir "$OUT" 2>/dev/null
