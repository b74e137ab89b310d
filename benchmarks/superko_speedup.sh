#!/bin/sh
# Superko tablebases (issue 20): what 2 threads gain over 1 in
# `gotb generate --exact` (goal: >= 1.7x). The generation is deterministic
# (the same nodes and the same file whatever the thread count), so this
# runs the same command with -t 1 and -t 2 (REPEAT times each, alternating,
# best wall time kept), checks that the two files are byte-identical, and
# prints for each thread count the wall, user and system seconds, then the
# speed-up of the wall times and the bound the lanes' critical path allows
# (--profile: nodes and thread CPU seconds over the level barriers), the
# wall breakdown of the generation and of the serial phases around it, and
# the idle-core model of the levels from the chunks' thread CPU seconds
# (what the levels would take on two idle cores). Wall seconds mean
# something only on an idle machine: the load average is printed before
# and after.
# Usage: benchmarks/superko_speedup.sh [GOTB] [BOARD] [RULES] [REPEAT] [EXTRA OPTIONS...]
set -eu
GOTB=${1:-build/query/gotb}
BOARD=${2:-2x5}
RULES=${3:-tromp-taylor}
REPEAT=${4:-3}
[ $# -gt 4 ] && shift 4 || shift $#
DIR=$(mktemp -d)
trap 'rm -rf "$DIR"' EXIT
echo "load before: $(cut -d' ' -f1-3 /proc/loadavg)"
best1=; best2=
i=0
while [ $i -lt "$REPEAT" ]; do
  for t in 1 2; do
    rm -f "$DIR/t$t.gotb"
    SOURCE_DATE_EPOCH=1 /usr/bin/time -f "%e %U %S" -o "$DIR/time.$t" "$GOTB" generate --exact -q --profile \
      -b "$BOARD" -r "$RULES" -t "$t" -o "$DIR/t$t.gotb" "$@" >"$DIR/out.$t"
    read -r wall user sys <"$DIR/time.$t"
    echo "threads $t: wall $wall s, user $user s, sys $sys s"
    eval "best=\${best$t:-}"
    if [ -z "$best" ] || awk "BEGIN{exit !($wall < $best)}"; then eval "best$t=$wall"; fi
  done
  i=$((i + 1))
done
grep -E "^nodes" "$DIR/out.1" | sed 's/^/threads 1: /'
grep -E "^lanes" "$DIR/out.1" || true
# Where each run's wall time went (the last run of each thread count):
# the generation's breakdown, the idle-core model of its levels, and the
# wall and CPU seconds of the serial phases around it.
for t in 1 2; do
  grep -E "^(generation|idle model)" "$DIR/out.$t" | sed "s/^/threads $t: /"
  sed -n '/^phase /,/^  sum/p' "$DIR/out.$t" | sed "s/^/threads $t: /"
done
if cmp -s "$DIR/t1.gotb" "$DIR/t2.gotb"; then echo "files: byte-identical with 1 and 2 threads"; else echo "files: DIFFER"; fi
awk -v a="$best1" -v b="$best2" -v board="$BOARD" -v rules="$RULES" \
  'BEGIN { printf "%s %s: best wall 1 thread %.3f s, 2 threads %.3f s: speed-up %.2fx\n", board, rules, a, b, a / b }'
awk '/^lanes p/ { match($0, /[0-9]+ nodes/); n += substr($0, RSTART, RLENGTH - 6) + 0
                  match($0, /critical path [0-9]+/); c += substr($0, RSTART + 14, RLENGTH - 14) + 0 }
     END { if (c) printf "lanes: %d nodes, critical path %d nodes: bound %.2fx\n", n, c, n / c }' "$DIR/out.1"
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
