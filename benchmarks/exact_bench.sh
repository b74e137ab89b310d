#!/usr/bin/env bash
# Exact generator benchmark, tromp-taylor:ko=basic (not part of ctest).
# Usage: benchmarks/exact_bench.sh [BOARD...]   (default: 4x4 3x5 2x8)
# Env: GOTB=path/to/gotb (default build/query/gotb), RULES (default both
# suicide options), OUT (scratch dir for the files).
# Prints per board and ruleset: states, rounds, wall and CPU seconds with 1
# and 2 threads (CPU = user+sys of the process: on a shared machine the wall
# ratio says little, the CPU figures show the work), the wall speedup,
# bytes/state in RAM (result + index, and with the successor graph), peak
# RSS, bytes/state on disk, and the empty board's exact value.
set -euo pipefail
cd "$(dirname "$0")/.."
GOTB=${GOTB:-build/query/gotb}
OUT=${OUT:-$(mktemp -d)}
boards=("$@")
[ ${#boards[@]} -eq 0 ] && boards=(4x4 3x5 2x8)
read -r -a rules_list <<< "${RULES:-tromp-taylor:ko=basic,suicide=no tromp-taylor:ko=basic}"
field() { grep -E "^$1 " | head -1 | sed -E "s|^$1 +||"; }
run() {  # prints gotb's output, then "cpu SECONDS" (user + sys)
  local tf; tf=$(mktemp)
  /usr/bin/time -f "cpu %U %S" -o "$tf" "$GOTB" generate -q "$@"
  awk '{printf "cpu %.2f\n", $2 + $3}' "$tf"; rm -f "$tf"
}
printf "%-5s %-33s %9s %6s %8s %8s %8s %8s %7s %9s %9s %8s %9s %s\n" board rules states rounds "wall1" "cpu1" \
  "wall2" "cpu2" "speedup" "RAM B/st" "+graph" "RSS MiB" "disk B/st" "empty board"
for b in "${boards[@]}"; do
  for r in "${rules_list[@]}"; do
    f="$OUT/$b-${r//[:=,]/_}.h5"
    o1=$(run -b "$b" -r "$r" -t 1)
    o2=$(run -b "$b" -r "$r" -t 2 -o "$f")
    states=$(echo "$o2" | field states | awk '{print $1}')
    rounds=$(echo "$o2" | field rounds | awk '{print $1}')
    t1=$(echo "$o1" | field seconds | awk '{print $1}')
    t2=$(echo "$o2" | field seconds | awk '{print $1}')
    c1=$(echo "$o1" | field cpu)
    c2=$(echo "$o2" | field cpu)
    ram=$(echo "$o2" | field bytes/state | awk '{print $1}')
    ramg=$(echo "$o2" | field bytes/state | sed -E 's/.*, ([0-9.]+) with.*/\1/')
    rss=$(echo "$o2" | field "peak RSS" | awk '{print $1}')
    disk=$(echo "$o2" | field file | sed -E 's/.* ([0-9.]+) bytes\/state.*/\1/')
    empty=$(echo "$o2" | field "empty board" | awk '{print $1}')
    printf "%-5s %-33s %9s %6s %8s %8s %8s %8s %7s %9s %9s %8s %9s %s\n" "$b" "$r" "$states" "$rounds" "$t1" "$c1" \
      "$t2" "$c2" "$(awk -v a="$t1" -v b="$t2" 'BEGIN{printf "%.2fx", a/b}')" "$ram" "$ramg" "$rss" "$disk" "$empty"
  done
done
