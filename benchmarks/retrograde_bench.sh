#!/usr/bin/env bash
# Retrograde generator benchmark (not part of ctest).
# Usage: benchmarks/retrograde_bench.sh [BOARD...]   (default: 3x3 2x6 3x4 4x4)
# Env: GOTB=path/to/gotb (default build/query/gotb), RULES (default: both
# tromp-taylor and tromp-taylor:no-suicide), OUT (scratch dir for files).
# Prints per board and ruleset: states, sweeps, wall time, states/s/thread
# with 1 and 2 threads, the 1->2 thread speedup, bytes/state in RAM and on
# disk, and the empty board's two fixpoints.
set -euo pipefail
cd "$(dirname "$0")/.."
GOTB=${GOTB:-build/query/gotb}
OUT=${OUT:-$(mktemp -d)}
boards=("$@")
[ ${#boards[@]} -eq 0 ] && boards=(3x3 2x6 3x4 4x4)
read -r -a rules_list <<< "${RULES:-tromp-taylor tromp-taylor:no-suicide}"
field() { grep -E "^$1 " | head -1 | sed -E "s|^$1 +||"; }
printf "%-6s %-24s %10s %6s %9s %9s %12s %12s %7s %9s %9s %s\n" board rules states sweeps "t1 [s]" "t2 [s]" \
  "st/s/thr@1" "st/s/thr@2" speedup "RAM B/st" "disk B/st" "empty board gfp / lfp"
for b in "${boards[@]}"; do
  for r in "${rules_list[@]}"; do
    f="$OUT/$b-${r//[:=,]/_}.h5"
    o1=$("$GOTB" generate -q -b "$b" -r "$r" -t 1)
    o2=$("$GOTB" generate -q -b "$b" -r "$r" -t 2 -o "$f")
    states=$(echo "$o2" | field states | awk '{print $1}')
    sweeps=$(echo "$o2" | field sweeps)
    t1=$(echo "$o1" | field seconds | awk '{print $1}')
    t2=$(echo "$o2" | field seconds | awk '{print $1}')
    ev=$(echo "$o2" | field evaluations)
    sw1=$(echo "$o1" | field seconds | sed -E 's/.*sweeps ([0-9.]+).*/\1/')
    sw2=$(echo "$o2" | field seconds | sed -E 's/.*sweeps ([0-9.]+).*/\1/')
    ram=$(echo "$o2" | field bytes/state | awk '{print $1}')
    disk=$(echo "$o2" | grep -E '^file ' | sed -E 's/.* ([0-9.]+) bytes\/state on disk.*/\1/')
    gfp=$(echo "$o2" | grep 'greatest fixpoint' | sed -E 's/.*: +//')
    lfp=$(echo "$o2" | grep 'least fixpoint' | sed -E 's/.*: +//')
    awk -v b="$b" -v r="$r" -v st="$states" -v sw="$sweeps" -v t1="$t1" -v t2="$t2" -v ev="$ev" -v s1="$sw1" \
        -v s2="$sw2" -v ram="$ram" -v disk="$disk" -v g="$gfp" -v l="$lfp" 'BEGIN {
      r1 = s1 > 0 ? ev / s1 : 0; r2 = s2 > 0 ? ev / s2 / 2 : 0;
      printf "%-6s %-24s %10d %6d %9.2f %9.2f %12.4g %12.4g %7.2f %9.3f %9.4f %s / %s\n",
             b, r, st, sw, t1, t2, r1, r2, (t2 > 0 ? t1 / t2 : 0), ram, disk, g, l }'
  done
done
echo "(states/s/thread: state evaluations per second of sweeping per thread; speedup: total wall time t1/t2;"
echo " RAM B/st: two int8 tables + index per state; disk B/st: file bytes per state, both tables)"
