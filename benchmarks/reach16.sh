#!/bin/sh
# Exact superko search on the 16+ point boards (issue 24): one value-only,
# one-thread solve per board under tromp-taylor (positional superko), with
# a given move ordering and limits, one line per board:
#   board, ordering, value (or the bounds proved when a limit stopped it),
#   nodes, CPU seconds (user + sys), wall seconds, peak RSS, load before.
# Boards run one after another (each solve is one thread; run several copies
# of this script on a many-core machine to use its cores, one board each).
# The full stderr (--profile --progress: every null-window test with its
# horizon, window and nodes) is kept in $LOGDIR/<board>.<ordering>.err.
# Usage: [ORDERING=auto|retro|retro-ko|history] [TIME=1200] [NODES=0] [HASH=0]
#        [MAXDEPS=0] [GOTB=build/query/gotb] [LOGDIR=reach16-logs] benchmarks/reach16.sh [BOARD...]
#   MAXDEPS: gotb's --max-dependencies (0 = the search's default, 1024;
#   docs/solving.md §3, "Session 29": 4096 on 2x8).
#   defaults: ORDERING retro (2x8: a test completes at 28 plies; retro-ko: none by 32), TIME 1200 s, no node limit, boards 2x8 1x12.
#   NODES is gotb's --node-limit, which also bounds the work of building the
#   retro orderings' tables: leave it 0 with ORDERING retro / retro-ko.
#   Node counts are deterministic; on 2x8 and 1x12 every test up to 32 plies
#   is stopped by its budget (docs/solving.md §3, "Session 24"), so compare
#   runs by the horizon and bounds reached, not by nodes.
#   Memory: the search table is 2 GiB from 16 points and 4 GiB from 20
#   (HASH in MiB overrides); the retro orderings add their tables (2x8
#   retro-ko: 0.28 GiB; 3x6 retro-ko: 2.5 GiB, so about 4.5 GiB in all;
#   4x5: about nine times 3x6's tables).
set -eu
GOTB=${GOTB:-build/query/gotb}
ORDERING=${ORDERING:-retro}
TIME=${TIME:-1200}
NODES=${NODES:-0}
HASH=${HASH:-0}
MAXDEPS=${MAXDEPS:-0}
LOGDIR=${LOGDIR:-reach16-logs}
BOARDS=${*:-"2x8 1x12"}
mkdir -p "$LOGDIR"
for b in $BOARDS; do
  base="$LOGDIR/$b.$ORDERING"
  load=$(cut -d' ' -f1 /proc/loadavg)
  rc=0
  /usr/bin/time -f "%e %U %S %M" -o "$base.time" "$GOTB" solve -b "$b" -r tromp-taylor --method search \
    --no-move-values --no-pv --json --profile --progress --threads 1 --ordering "$ORDERING" --hash "$HASH" --max-dependencies "$MAXDEPS" \
    --time-limit "$TIME" --node-limit "$NODES" >"$base.json" 2>"$base.err" || rc=$?
  value=$(awk '/"value": *\{/ { v = 1 } v && /"text"/ { sub(/.*"text": *"/, ""); sub(/".*/, ""); print; exit }' "$base.json")
  nodes=$(sed -n 's/^profile: \([0-9]*\) nodes,.*/\1/p' "$base.err" | head -1)
  if [ -z "$value" ]; then
    bounds=$(sed -n 's/^search: horizon \([0-9]*\) plies, bounds \(\[[-0-9]*, [-0-9]*\]\).*/\2 at horizon \1/p' "$base.err" | tail -1)
    value="not proven (exit $rc), bounds ${bounds:-[-n, n]}"
  fi
  set -- $(tail -1 "$base.time")
  cpu=$(echo "$2 $3" | awk '{ printf "%.1f", $1 + $2 }')
  rss=$(echo "$4" | awk '{ printf "%.2f GiB", $1 / 1048576 }')
  echo "$b ordering $ORDERING: $value, nodes ${nodes:-?}, CPU $cpu s, wall $1 s, peak RSS $rss, load $load"
done
