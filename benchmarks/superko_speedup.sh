#!/bin/sh
# Superko tablebases (issue 20): what 2 threads gain over 1 in
# `gotb generate --exact` (goal: >= 1.7x). The generation is deterministic
# (the same nodes and the same file whatever the thread count), so this
# runs the same command with -t 1 and -t 2 (REPEAT times each, alternating,
# best wall time kept) for each board of BOARDS, checks that the two files
# are byte-identical, and prints for each thread count the wall, user and
# system seconds, then the speed-up of the wall times and the bound the
# lanes' critical path allows (--profile: nodes and thread CPU seconds over
# the level barriers), the wall breakdown of the generation and of the
# serial phases around it, and the idle-core model of the levels from the
# chunks' thread CPU seconds (what the levels would take on two idle
# cores). At the end one summary line per board. Wall seconds mean
# something only on an idle machine: the load average is printed before
# and after each board.
#
# Usage: benchmarks/superko_speedup.sh [GOTB] [BOARDS] [RULES] [REPEAT] [EXTRA OPTIONS...]
#   BOARDS: one board or several separated by spaces (default "2x5 2x6 3x4 1x10").
# Idle timings of the four boards (about 8 minutes of wall time on two
# idle cores with REPEAT 1: 3x4 some 4.5 minutes, 1x10 2.5, 2x6 40 s):
#   benchmarks/superko_speedup.sh build/query/gotb "2x5 2x6" tromp-taylor 3
#   benchmarks/superko_speedup.sh build/query/gotb "3x4 1x10" tromp-taylor 1
set -eu
GOTB=${1:-build/query/gotb}
BOARDS=${2:-2x5 2x6 3x4 1x10}
RULES=${3:-tromp-taylor}
REPEAT=${4:-1}
[ $# -gt 4 ] && shift 4 || shift $#
DIR=$(mktemp -d)
trap 'rm -rf "$DIR"' EXIT
: >"$DIR/summary"
for BOARD in $BOARDS; do
  echo "== $BOARD $RULES"
  echo "load before: $(cut -d' ' -f1-3 /proc/loadavg)"
  best1=; best2=
  i=0
  while [ $i -lt "$REPEAT" ]; do
    for t in 1 2; do
      rm -f "$DIR/t$t.gotb"
      SOURCE_DATE_EPOCH=1 /usr/bin/time -f "%e %U %S" -o "$DIR/time.$t" "$GOTB" generate --exact -q --profile \
        -b "$BOARD" -r "$RULES" -t "$t" -o "$DIR/t$t.gotb" "$@" >"$DIR/out.$t" 2>"$DIR/err.$t"
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
  if cmp -s "$DIR/t1.gotb" "$DIR/t2.gotb"; then same="byte-identical"; else same="DIFFER"; fi
  echo "files: $same with 1 and 2 threads"
  model=$(sed -n 's/^idle model .*: \([0-9.]*x\)$/\1/p' "$DIR/out.1")
  bound=$(awk '/^lanes p/ { match($0, /[0-9]+ nodes/); n += substr($0, RSTART, RLENGTH - 6) + 0
                  match($0, /critical path [0-9]+/); c += substr($0, RSTART + 14, RLENGTH - 14) + 0 }
               END { if (c) printf "%.2fx", n / c }' "$DIR/out.1")
  # The whole run on two idle cores, modelled from the one-thread run's
  # CPU seconds (what a loaded machine does not spoil): its process CPU
  # seconds, less what two threads share in the levels (the idle model's
  # one thread against its thread per lane) and in the entry exchange
  # (its CPU against its critical path); everything else (start, index,
  # populate, pack, write, exit) counted as serial, which pack and write
  # are not quite (both use the threads): a slight underestimate. The
  # second figure counts pack and write as shared by two threads (pack is
  # a parallel loop over blocks of states; write compresses its chunks in
  # parallel but writes them in order): an overestimate. The lead's idle
  # run of main's 2x6 (session 24) gave 1.65x for 1.59x to 1.68x.
  whole=$(awk '/^idle model/ { for (i = 1; i <= NF; ++i) if ($i == "per") lanes = $(i - 5); else if ($i == "one" && $(i + 1) == "thread:") one = $(i - 3) }
               /^lanes p/ { match($0, /in, [0-9.]+ CPU s \(critical path [0-9.]+/); x = substr($0, RSTART + 4, RLENGTH - 4)
                            split(x, f, " "); xc += f[1]; xk += f[6] }
               /^  pack / || /^  write / { pw += $3 }
               /^  sum/ { cpu = $3 }
               END { if (cpu && one) { t2 = cpu - (one - lanes) - (xc - xk); printf "%.2fx to %.2fx (%.2f CPU s on one thread, %.2f s modelled on two; %.2f s with pack and write on two threads)", cpu / t2, cpu / (t2 - pw / 2), cpu, t2, t2 - pw / 2 } }' "$DIR/out.1")
  line=$(awk -v a="$best1" -v b="$best2" -v board="$BOARD" -v rules="$RULES" -v same="$same" -v model="$model" \
    -v bound="$bound" -v whole="$whole" 'BEGIN { printf "%s %s: best wall 1 thread %.3f s, 2 threads %.3f s: speed-up %.2fx (files %s; idle model of the levels %s, of the whole run %s; lanes node bound %s)", board, rules, a, b, a / b, same, model, whole, bound }')
  echo "$line"
  echo "$line" >>"$DIR/summary"
  echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
done
echo "== summary"
cat "$DIR/summary"
