#!/usr/bin/env bash
# How far the generic search (gotb solve --method search) and the reference
# solver get per ruleset within a time limit: one line per (ruleset, board,
# method) with the value or "not proven", nodes and seconds. A ruleset stops
# after two boards in a row that are not proven. The value only: no move
# values and no principal variation (set PV=1 to include the PV's cost).
# Usage: benchmarks/generic_reach.sh [SECONDS] [METHOD...]   (default 60, search)
# Env: GOTB (binary, default build/query/gotb), RULES, BOARDS (space-separated), PV.
set -u
limit=${1:-60}
shift || true
methods=${*:-search}
gotb=${GOTB:-build/query/gotb}
rules=${RULES:-"kee-2005:scoring=chinese kee-2005:scoring=japanese japanese-2003 kee-2016 international \
international:no-suicide international:basic-exceptional international:basic-exceptional,no-suicide \
international:equivalence ikeda-1 ikeda-1:ko=positional-per-phase ikeda-1:ko=basic-play"}
pv=--no-pv
[ "${PV:-0}" = 1 ] && pv=
boards=${BOARDS:-"1x1 1x2 1x3 1x4 2x2 1x5 2x3 1x6 1x7 2x4 3x3 1x8 2x5 1x9 3x4 2x6 1x10 1x12"}
for m in $methods; do
  for r in $rules; do
    misses=0
    for b in $boards; do
      out=$("$gotb" solve --board "$b" --rules "$r" --method "$m" --no-move-values $pv --time-limit "$limit" 2>&1)
      if value=$(grep -m1 '^value' <<<"$out"); then
        nodes=$(grep -m1 '^nodes' <<<"$out" | awk '{print $2}')
        secs=$(grep -m1 '^time' <<<"$out" | awk '{print $2}')
        printf '%-28s %-5s %-9s %-10s nodes %-12s %ss\n' "$r" "$b" "$m" "$(awk '{print $2}' <<<"$value")" "$nodes" "$secs"
        misses=0
      else
        printf '%-28s %-5s %-9s not proven in %ss (%s)\n' "$r" "$b" "$m" "$limit" "$(tail -1 <<<"$out" | cut -c1-80)"
        misses=$((misses + 1))
        [ "$misses" -ge 2 ] && break
      fi
    done
  done
done
