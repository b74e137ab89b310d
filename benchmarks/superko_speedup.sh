#!/bin/sh
# Superko tablebases (issue 20): what 2 threads gain over 1 in
# `gotb generate --exact`. The generation is deterministic (the same nodes
# whatever the thread count), so this runs it with -t 1 and -t 2 and
# prints, for each, CPU and wall seconds; and, from the per-chunk node
# counts of the -t 1 run, the speed-up two idle cores would give: the
# chunks of each level list-scheduled in order on 2 workers (the levels are
# barriers), total nodes / makespan. Wall seconds mean little on a loaded
# machine; the node makespan does not depend on load.
# Usage: benchmarks/superko_speedup.sh [GOTB] [BOARD] [RULES]
set -eu
GOTB=${1:-build/query/gotb}
BOARD=${2:-2x5}
RULES=${3:-tromp-taylor}
LOG=$(mktemp)
for t in 1 2; do
  /usr/bin/time -f "threads $t: wall %e s, CPU user %U s, sys %S s" "$GOTB" generate --exact -b "$BOARD" -r "$RULES" -t "$t" \
    2>"$LOG.$t" | grep -E "^nodes" | sed "s/^/threads $t: /"
  grep -E "^threads" "$LOG.$t"
done
awk '
  /superko: pass/ {
    match($0, /pass [0-9]+/); pass = substr($0, RSTART + 5, RLENGTH - 5)
    match($0, /level [0-9]+/); lev = substr($0, RSTART + 6, RLENGTH - 6)
    match($0, /, [0-9]+ nodes/); n = substr($0, RSTART + 2, RLENGTH - 8) + 0
    key = pass "." lev
    if (key != cur) { flush(); cur = key }
    chunks[++k] = n; total += n
  }
  function flush(   i, w0, w1) {
    w0 = 0; w1 = 0
    for (i = 1; i <= k; i++) { if (w0 <= w1) w0 += chunks[i]; else w1 += chunks[i] }
    span += (w0 > w1 ? w0 : w1); k = 0
  }
  END { flush(); printf "nodes %d, 2-worker makespan %d nodes: ideal speed-up of 2 threads %.2fx\n", total, span, total / span }
' "$LOG.1"
rm -f "$LOG" "$LOG.1" "$LOG.2"
