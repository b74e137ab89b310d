#!/usr/bin/env bash
# Exact generator benchmark, tromp-taylor:ko=basic (not part of ctest).
# Usage: benchmarks/exact_bench.sh [BOARD...]   (default: 4x4 3x5 2x8)
# Env: GOTB=path/to/gotb (default build/query/gotb), RULES (default both
# suicide options), OUT (scratch dir for the files), PROFILE=1 (also print
# each run's phase profile, gotb generate --profile).
# Prints per board and ruleset: states, rounds, wall and CPU seconds with 1
# and 2 threads (wall = gotb's "seconds", the generation without the file;
# CPU = user+sys of the whole process, file included: on a shared machine
# the wall ratio says little, the CPU figures show the work), the wall
# speedup, bytes/state in RAM (result + index, and with the successor
# graph), peak RSS, bytes/state on disk, the empty board's exact value, and
# "same": whether the 1- and 2-thread files hold identical arrays (the
# xxh64 of every array, gotb info). Both runs write their file, so that
# their CPU seconds compare.
set -euo pipefail
cd "$(dirname "$0")/.."
GOTB=${GOTB:-build/query/gotb}
OUT=${OUT:-$(mktemp -d)}
boards=("$@")
[ ${#boards[@]} -eq 0 ] && boards=(4x4 3x5 2x8)
read -r -a rules_list <<< "${RULES:-tromp-taylor:ko=basic,suicide=no tromp-taylor:ko=basic}"
field() { grep -E "^$1 " | head -1 | sed -E "s|^$1 +||"; }
profile=()
[ "${PROFILE:-0}" = 1 ] && profile=(--profile)
run() {  # prints gotb's output, then "cpu SECONDS" (user + sys); the profile goes to $OUT/profile
  local tf; tf=$(mktemp)
  /usr/bin/time -f "cpu %U %S" -o "$tf" "$GOTB" generate -q "${profile[@]}" "$@" 2>"$OUT/profile"
  awk '{printf "cpu %.2f\n", $2 + $3}' "$tf"; rm -f "$tf"
}
arrays() { "$GOTB" info "$1" | sed -n '/^arrays/,$p' | awk 'NF >= 7 {print $1, $7}'; }
printf "%-5s %-33s %9s %6s %8s %8s %8s %8s %7s %9s %9s %8s %9s %-12s %s\n" board rules states rounds "wall1" "cpu1" \
  "wall2" "cpu2" "speedup" "RAM B/st" "+graph" "RSS MiB" "disk B/st" "empty board" same
for b in "${boards[@]}"; do
  for r in "${rules_list[@]}"; do
    f="$OUT/$b-${r//[:=,]/_}"
    o1=$(run -b "$b" -r "$r" -t 1 -o "$f-t1.h5")
    p1=$(cat "$OUT/profile")
    o2=$(run -b "$b" -r "$r" -t 2 -o "$f-t2.h5")
    p2=$(cat "$OUT/profile")
    same=no
    [ -n "$(arrays "$f-t1.h5")" ] && [ "$(arrays "$f-t1.h5")" = "$(arrays "$f-t2.h5")" ] && same=yes
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
    empty=$(echo "$o2" | field "empty board" | sed -E 's/ +\(.*//')  # "no result" is two words
    printf "%-5s %-33s %9s %6s %8s %8s %8s %8s %7s %9s %9s %8s %9s %-12s %s\n" "$b" "$r" "$states" "$rounds" "$t1" \
      "$c1" "$t2" "$c2" "$(awk -v a="$t1" -v b="$t2" 'BEGIN{printf "%.2fx", a/b}')" "$ram" "$ramg" "$rss" "$disk" \
      "$empty" "$same"
    if [ ${#profile[@]} -gt 0 ]; then
      echo "  1 thread:  $p1" | sed '2,$s/^/  /'
      echo "  2 threads: $p2" | sed '2,$s/^/  /'
    fi
  done
done
