#!/usr/bin/env bash
# Retrograde move ordering against the history heuristic (not part of ctest).
# Usage: benchmarks/ordering_bench.sh [BOARD...]   (default: 1x7 1x8 2x5 3x3)
# Env: GOTB (default build/query/gotb), LIMIT seconds per solve (default 60),
# RULES (default: the four tromp-taylor variants), ORDERINGS (default:
# "history retro").
# Prints per board, ruleset and ordering: value, search nodes, seconds
# (including the retrograde build) and the build's milliseconds; a solve
# over LIMIT prints "> LIMIT s".
set -uo pipefail
cd "$(dirname "$0")/.."
GOTB=${GOTB:-build/query/gotb}
LIMIT=${LIMIT:-60}
boards=("$@")
[ ${#boards[@]} -eq 0 ] && boards=(1x7 1x8 2x5 3x3)
read -r -a rules_list <<< "${RULES:-tromp-taylor tromp-taylor:ssk tromp-taylor:no-suicide tromp-taylor:ssk,no-suicide}"
read -r -a orderings <<< "${ORDERINGS:-history retro}"
printf "%-6s %-28s %-8s %-8s %12s %10s %10s\n" board rules ordering value nodes seconds "build ms"
for b in "${boards[@]}"; do
  for r in "${rules_list[@]}"; do
    for o in "${orderings[@]}"; do
      out=$("$GOTB" solve -b "$b" -r "$r" --method search --ordering "$o" --no-move-values --time-limit "$LIMIT" 2>&1)
      if [ $? -ne 0 ]; then
        printf "%-6s %-28s %-8s %-8s %12s %10s %10s\n" "$b" "$r" "$o" "-" "-" "> $LIMIT" "-"
        continue
      fi
      value=$(echo "$out" | awk '/^value/ {print $2}')
      nodes=$(echo "$out" | awk '/^nodes/ {print $2}')
      secs=$(echo "$out" | awk '/^time/ {print $2}')
      build=$(echo "$out" | grep -o 'retro_build_ms=[0-9]*' | cut -d= -f2)
      printf "%-6s %-28s %-8s %-8s %12s %10s %10s\n" "$b" "$r" "$o" "$value" "$nodes" "$secs" "${build:--}"
    done
  done
done
