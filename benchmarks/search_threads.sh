#!/bin/sh
# Exact superko search (issue 24): value-only solves with 1 and 2 threads.
# For each board prints, per run, the nodes (the team's total with 2
# threads, and each thread's), the value, wall and CPU seconds, and the load
# average before the run; then the node speedup (1-thread nodes over half of
# a 2-thread team's, the speed-up two idle cores would give at equal node
# rates) and the wall speedup (meaningful only when the load average is
# below ~1). One-thread node counts are deterministic; two-thread runs are
# not (interleavings differ), so REPS runs are made of each.
# Usage: [THREADS="1 2 8"] [TEAM=pair|split] benchmarks/search_threads.sh [GOTB] [REPS] [BOARD...]
#   defaults: build/query/gotb, 2 repetitions, boards 3x5 4x4, THREADS "1 2"
#   (the speedup line compares 1 and 2 threads; with more threads than
#   cores compare nodes and CPU seconds, not wall).
set -eu
GOTB=${1:-build/query/gotb}
REPS=${2:-2}
if [ $# -ge 2 ]; then shift 2; else shift $#; fi
BOARDS=${*:-"3x5 4x4"}
THREADS=${THREADS:-"1 2"}
TEAM=${TEAM:-}  # --team of the runs with several threads (empty: gotb's default, split)
OUT=$(mktemp)
for b in $BOARDS; do
  for t in $THREADS; do
    r=1
    while [ "$r" -le "$REPS" ]; do
      load=$(cut -d' ' -f1 /proc/loadavg)
      /usr/bin/time -f "%e %U %S" -o "$OUT.time" "$GOTB" solve -b "$b" --method search --no-move-values --no-pv \
        --json --profile --threads "$t" ${TEAM:+--team "$TEAM"} >"$OUT.json" 2>"$OUT.err" || true
      nodes=$(sed -n 's/.*"nodes": *\([0-9]*\).*/\1/p' "$OUT.json" | head -1)
      value=$(awk '/"value": *\{/ { v = 1 } v && /"text"/ { sub(/.*"text": *"/, ""); sub(/".*/, ""); print; exit }' "$OUT.json")
      per=$(sed -n 's/^team: .*nodes per thread: *\([0-9 ]*\);.*/\1/p' "$OUT.err" | head -1)
      set -- $(cat "$OUT.time")
      cpu=$(echo "$2 $3" | awk '{ printf "%.2f", $1 + $2 }')
      echo "$b threads $t run $r: value $value, nodes $nodes${per:+ (per thread: $per)}, wall $1 s, CPU $cpu s, load $load"
      echo "$b $t $nodes $1 $cpu" >>"$OUT.rows"
      r=$((r + 1))
    done
  done
done
awk '
  { n[$1 " " $2] += $3; w[$1 " " $2] += $4; c[$1 " " $2]++; if (!($1 in seen)) { seen[$1] = 1; order[++k] = $1 } }
  END {
    for (i = 1; i <= k; i++) {
      b = order[i]; a = b " 1"; d = b " 2"
      if (c[a] && c[d])
        printf "%s: mean nodes 1 thread %.0f, 2 threads %.0f: node speedup %.2fx, wall speedup %.2fx\n", b,
               n[a] / c[a], n[d] / c[d], (n[a] / c[a]) / (n[d] / c[d] / 2), (w[a] / c[a]) / (w[d] / c[d])
    }
  }' "$OUT.rows"
rm -f "$OUT" "$OUT.time" "$OUT.json" "$OUT.err" "$OUT.rows"
