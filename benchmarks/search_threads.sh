#!/bin/sh
# Exact superko search (issue 24): value-only solves with 1 and 2 threads.
# For each board prints, per run, the value, the nodes (the team's total and
# each thread's), wall and CPU seconds (user + sys of the whole process), the
# wall seconds of the retrograde ordering tables (built on all cores before
# the search, with any thread count), each thread's busy CPU seconds in the
# search (SearchTeam::busy_seconds), the list words read per node, and the
# load average before the run. Then, per board, the means and the ratios:
#   CPU ratio         2-thread CPU / 1-thread CPU (whole process);
#   search CPU ratio  the 2-thread team's summed busy CPU / 1 thread's busy CPU;
#   busy split        the less busy thread's CPU / the busier one's (1 = even);
#   node speedup      1-thread nodes / the busier thread's nodes;
#   wall speedup      1-thread wall / 2-thread wall (meaningful only on an
#                     idle machine: load average below ~1 and 2 free cores).
# On an idle machine with 2 free cores a 2-thread search whose summed busy
# CPU is r times one thread's and whose threads are evenly busy takes r/2 of
# one thread's search wall; the ordering tables take the same wall in both
# runs, so the wall speed-up is below 2/r (docs/solving.md §3, "Session 28").
# One-thread node counts are deterministic; two-thread runs are not
# (interleavings differ), so REPS runs are made of each.
# Usage: [THREADS="1 2 8"] [TEAM=pair|split] benchmarks/search_threads.sh [GOTB] [REPS] [BOARD...]
#   defaults: build/query/gotb, 2 repetitions, boards 3x5 4x4, THREADS "1 2"
#   (the ratios compare 1 and 2 threads; with more threads than cores
#   compare nodes and CPU seconds, not wall).
# Idle measurement for the issue 24 goal (2 threads >= 1.7x faster in wall):
#   benchmarks/search_threads.sh build/query/gotb 3 3x5 4x4
#   TEAM=pair benchmarks/search_threads.sh build/query/gotb 3 3x5 4x4
set -eu
GOTB=${1:-build/query/gotb}
REPS=${2:-2}
if [ $# -ge 2 ]; then shift 2; else shift $#; fi
BOARDS=${*:-"3x5 4x4"}
THREADS=${THREADS:-"1 2"}
TEAM=${TEAM:-}  # --team of the runs with several threads (empty: gotb's default)
OUT=$(mktemp)
: >"$OUT.rows"
for b in $BOARDS; do
  for t in $THREADS; do
    r=1
    while [ "$r" -le "$REPS" ]; do
      load=$(cut -d' ' -f1 /proc/loadavg)
      /usr/bin/time -f "%e %U %S" -o "$OUT.time" "$GOTB" solve -b "$b" --method search --no-move-values --no-pv \
        --json --profile --threads "$t" ${TEAM:+--team "$TEAM"} >"$OUT.json" 2>"$OUT.err" || true
      nodes=$(sed -n 's/.*"nodes": *\([0-9]*\).*/\1/p' "$OUT.json" | head -1)
      retro=$(sed -n 's/.*"retro_build_ms": *\([0-9]*\).*/\1/p' "$OUT.json" | head -1)
      retro=$(echo "${retro:-0}" | awk '{ printf "%.2f", $1 / 1000 }')
      value=$(awk '/"value": *\{/ { v = 1 } v && /"text"/ { sub(/.*"text": *"/, ""); sub(/".*/, ""); print; exit }' "$OUT.json")
      per=$(sed -n 's/^team: .*nodes per thread: *\([0-9 ]*\);.*/\1/p' "$OUT.err" | head -1)
      words=$(sed -n 's/^team: .*list words read per node per thread: *\([0-9 ]*\);.*/\1/p' "$OUT.err" | head -1)
      busy=$(sed -n 's/^team: .*busy CPU s per thread: *\([0-9. ]*\);.*/\1/p' "$OUT.err" | head -1)
      set -- $(tail -n 1 "$OUT.time")  # (a failed run puts its exit status on a line before)
      cpu=$(echo "$2 $3" | awk '{ printf "%.2f", $1 + $2 }')
      echo "$b threads $t run $r: value $value, nodes $nodes${per:+ (per thread: $per)}, wall $1 s (ordering tables $retro s)," \
        "CPU $cpu s${busy:+, busy CPU per thread: $busy s}${words:+, list words per node: $words}, load $load"
      # board threads nodes wall cpu busy-sum busy-min busy-max max-thread-nodes
      echo "$b $t $nodes $1 $cpu ${busy:-0}" | awk -v per="${per:-0}" '{
          s = 0; mn = -1; mx = 0
          for (i = 6; i <= NF; ++i) { s += $i; if (mn < 0 || $i < mn) mn = $i; if ($i > mx) mx = $i }
          n = split(per, p, " "); pm = 0; for (i = 1; i <= n; ++i) if (p[i] + 0 > pm) pm = p[i] + 0
          if (pm == 0) pm = $3
          print $1, $2, $3, $4, $5, s, mn, mx, pm }' >>"$OUT.rows"
      r=$((r + 1))
    done
  done
done
awk '
  { k = $1 " " $2; n[k] += $3; w[k] += $4; cpu[k] += $5; busy[k] += $6; even[k] += (($8 > 0) ? $7 / $8 : 1)
    top[k] += $9; c[k]++; if (!($1 in seen)) { seen[$1] = 1; order[++nb] = $1 } }
  END {
    for (i = 1; i <= nb; i++) {
      b = order[i]; a = b " 1"; d = b " 2"
      if (!(c[a] && c[d])) continue
      printf "%s: mean over %d / %d runs: nodes %.0f / %.0f, CPU %.2f / %.2f s, busy CPU %.2f / %.2f s, wall %.2f / %.2f s (1 / 2 threads)\n",
             b, c[a], c[d], n[a] / c[a], n[d] / c[d], cpu[a] / c[a], cpu[d] / c[d], busy[a] / c[a], busy[d] / c[d],
             w[a] / c[a], w[d] / c[d]
      printf "%s: CPU ratio %.2f, search CPU ratio %.2f, busy split %.2f, node speedup %.2fx, wall speedup %.2fx\n", b,
             (cpu[d] / c[d]) / (cpu[a] / c[a]), (busy[a] > 0 ? (busy[d] / c[d]) / (busy[a] / c[a]) : 0), even[d] / c[d],
             (n[a] / c[a]) / (top[d] / c[d]), (w[a] / c[a]) / (w[d] / c[d])
    }
  }' "$OUT.rows"
rm -f "$OUT" "$OUT.time" "$OUT.json" "$OUT.err" "$OUT.rows"
