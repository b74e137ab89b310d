#!/usr/bin/env bash
# The generic search's move order and deepening driver on the boards of
# docs/solving.md section 4, "Session 25": one line per (ruleset, board)
# with the value (or "not proven"), nodes, user CPU and wall seconds (from
# /usr/bin/time) and the load average when the run ended. Value only.
# Usage: benchmarks/generic_order_bench.sh [NODE_LIMIT] [EXTRA gotb solve ARGS...]
#   (default 5000000 nodes, a 300 s time limit per entry)
# Env: GOTB (binary, default build/query/gotb), CASES ("ruleset:board ..."
# overrides the list; a ruleset with options is written e.g.
# "kee-2005:scoring=chinese@1x4").
set -u
limit=${1:-5000000}
shift || true
gotb=${GOTB:-build/query/gotb}
cases=${CASES:-"international@2x3 international@1x6 international@2x4 international@3x3 \
kee-2016@1x7 kee-2016@1x8 kee-2016@1x9 kee-2016@2x5 ikeda-1@1x6 ikeda-1@1x7 ikeda-1@2x4 \
japanese-2003@1x7 japanese-2003@2x4 kee-2005:scoring=chinese@1x4 kee-2005:scoring=chinese@1x5"}
tmp=$(mktemp)
trap 'rm -f "$tmp"' EXIT
for c in $cases; do
  r=${c%@*}
  b=${c#*@}
  # japanese-2003's analysis charges its own work to the node limit (millions
  # per solve): the time limit alone bounds it.
  lim=$limit
  [ "${r%%:*}" = japanese-2003 ] && lim=0
  out=$(nice /usr/bin/time -f '%U %e' -o "$tmp" "$gotb" solve -b "$b" -r "$r" --method search --no-move-values --no-pv \
        --json --node-limit "$lim" --time-limit 300 "$@" 2>/dev/null)
  # (a run that stops at its limit exits 3: time then prints a status line first)
  read -r user wall < <(tail -1 "$tmp")
  load=$(cut -d' ' -f1 /proc/loadavg)
  if v=$(jq -r '.value.text // empty' <<<"$out" 2>/dev/null) && [ -n "$v" ]; then
    nodes=$(jq -r '.nodes' <<<"$out")
    printf '%-26s %-4s %-6s nodes %-10s cpu %-6s wall %-6s load %s\n' "$r" "$b" "$v" "$nodes" "$user" "$wall" "$load"
  else
    printf '%-26s %-4s %-6s nodes >%-9s cpu %-6s wall %-6s load %s\n' "$r" "$b" "-" "$limit" "$user" "$wall" "$load"
  fi
done
