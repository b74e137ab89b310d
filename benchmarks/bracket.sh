#!/usr/bin/env bash
# The bracket report of docs/solving.md: for each board and ruleset, the
# superko value of the empty board (reference solver, real rules) next to
# the two finite-state fixpoints (retrograde generator), and whether
# lfp <= superko value <= gfp. Usage: benchmarks/bracket.sh [BOARD...]
set -euo pipefail
cd "$(dirname "$0")/.."
GOTB=${GOTB:-build/query/gotb}
boards=("$@")
[ ${#boards[@]} -eq 0 ] && boards=(1x1 1x2 1x3 1x4 1x5 1x6 2x2 2x3 2x4)
order() {  # value text -> a number in the value order (Black's view)
  case "$1" in
    "B wins (special)") echo 1000000 ;; "W wins (special)") echo -1000000 ;; 0) echo 0 ;;
    B+*) echo "${1#B+}" ;; W+*) echo "-${1#W+}" ;; *) echo "unparsed: $1" >&2; exit 1 ;;
  esac
}
printf "%-5s %-28s %-10s %-18s %-18s %s\n" board rules superko "gfp (cycles B)" "lfp (cycles W)" bracket
for b in "${boards[@]}"; do
  for r in tromp-taylor tromp-taylor:ssk tromp-taylor:no-suicide tromp-taylor:ssk,no-suicide; do
    sk=$("$GOTB" solve -b "$b" -r "$r" --no-move-values | grep -E '^value' | sed -E 's/^value +//; s/  \(.*//')
    g=$("$GOTB" generate -q -b "$b" -r "$r")
    gfp=$(echo "$g" | grep 'greatest fixpoint' | sed -E 's/.*: +//')
    lfp=$(echo "$g" | grep 'least fixpoint' | sed -E 's/.*: +//')
    v=$(order "$sk"); hi=$(order "$gfp"); lo=$(order "$lfp")
    ok=$(awk -v v="$v" -v hi="$hi" -v lo="$lo" 'BEGIN { print (lo <= v && v <= hi) ? "holds" : "FAILS" }')
    printf "%-5s %-28s %-10s %-18s %-18s %s\n" "$b" "$r" "$sk" "$gfp" "$lfp" "$ok"
  done
done
