#!/usr/bin/env bash
# Distributed generation benchmark (issue 23; not part of ctest).
# Usage: benchmarks/mpi_generate.sh [BOARD] [RULES] [RANKS...]
#   defaults: 4x4 tromp-taylor:no-suicide, ranks "1 2"; one thread per rank.
#   RULES may be an exact ruleset (tromp-taylor:ko=basic[,suicide=no]):
#   then "sweeps" are the Jacobi rounds and all six arrays are compared.
# Env: GOTB (default build/query/gotb, built with -DGOTB_MPI=ON), MPIRUN
# (default mpirun), MPIFLAGS (extra mpirun flags).
# Prints, for one process without MPI and for each rank count: wall time,
# CPU time (user + sys of all ranks, from /usr/bin/time; under MPI it
# includes ranks spinning while they wait in collectives), CPU ns per state
# evaluation, sweeps, evaluations per second per rank, ghost states, registration and
# update bytes (total and per sweep), the largest rank's peak RSS, and
# whether the value arrays equal the one-process file's. Then, per rank
# count, the update bytes of every sweep (the message volume per sweep) and
# the wall and CPU seconds per phase (largest/smallest rank: index, setup,
# compute, wait for the slowest rank, exchange).
set -euo pipefail
cd "$(dirname "$0")/.."
GOTB=${GOTB:-build/query/gotb}
MPIRUN=${MPIRUN:-mpirun}
board=${1:-4x4}
rules=${2:-tromp-taylor:no-suicide}
shift $(( $# > 2 ? 2 : $# )) || true
ranks=("$@")
[ ${#ranks[@]} -eq 0 ] && ranks=(1 2)
flags=${MPIFLAGS:-}
[ "$(id -u)" = 0 ] && flags="$flags --allow-run-as-root"
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
field() { grep -E "^$1 " | head -1 | sed -E "s|^$1 +||"; }
steps() { grep -E "^(sweeps|rounds) " | head -1 | awk '{print $2}'; }            # sweeps or rounds
step_seconds() { field seconds | sed -E 's/.*(sweeps|rounds) ([0-9.]+).*/\2/'; }
sums() { "$GOTB" info --json "$1" | grep '"xxh64"' | tr -d ' \n'; }

echo "board $board, rules $rules, one thread per rank; $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg)"
t0=$(date +%s.%N)
/usr/bin/time -f "%U %S" -o "$out/one.cpu" "$GOTB" generate -q -b "$board" -r "$rules" -t 1 -o "$out/one.gotb" > "$out/one.txt"
t1=$(date +%s.%N)
one=$(sums "$out/one.gotb")
cpu() { awk '{ print $1 + $2 }' "$1"; }
printf "%-10s %8s %8s %8s %6s %12s %12s %14s %14s %10s %s\n" run "wall s" "cpu s" "ns/eval" sweeps "eval/s/rank" \
  ghosts "reg. bytes" "update bytes" "RSS MiB" values
ev=$(field evaluations < "$out/one.txt")
sw=$(steps < "$out/one.txt")
sws=$(step_seconds < "$out/one.txt")
rss=$(field "peak RSS" < "$out/one.txt" | awk '{print $1}')
awk -v w="$(awk -v a="$t0" -v b="$t1" 'BEGIN { print b - a }')" -v c="$(cpu "$out/one.cpu")" -v sw="$sw" -v ev="$ev" \
    -v s="$sws" -v rss="$rss" 'BEGIN {
  printf "%-10s %8.2f %8.2f %8.1f %6d %12.4g %12s %14s %14s %10s %s\n", "1 process", w, c, c / ev * 1e9, sw,
         (s > 0 ? ev / s : 0), "-", "-", "-", rss, "reference" }'
echo "states $(field states < "$out/one.txt"), evaluations $ev, index $(field seconds < "$out/one.txt" | sed -E 's/.*index ([0-9.]+).*/\1/') s" > "$out/summary"
for n in "${ranks[@]}"; do
  t0=$(date +%s.%N)
  /usr/bin/time -f "%U %S" -o "$out/mpi$n.cpu" "$MPIRUN" $flags -np "$n" "$GOTB" generate -q -b "$board" -r "$rules" -t 1 --mpi -o "$out/mpi$n.gotb" > "$out/mpi$n.txt"
  t1=$(date +%s.%N)
  same=$([ "$(sums "$out/mpi$n.gotb")" = "$one" ] && echo identical || echo DIFFERENT)
  ev=$(field evaluations < "$out/mpi$n.txt")
  sw=$(steps < "$out/mpi$n.txt")
  sws=$(step_seconds < "$out/mpi$n.txt")
  gh=$(field ghosts < "$out/mpi$n.txt" | awk '{print $1}')
  reg=$(field messages < "$out/mpi$n.txt" | awk '{print $1}')
  upd=$(field messages < "$out/mpi$n.txt" | sed -E 's/.*\+ ([0-9]+) bytes updates.*/\1/')
  rss=$(field "peak RSS" < "$out/mpi$n.txt" | awk '{print $1}')
  awk -v n="$n" -v w="$(awk -v a="$t0" -v b="$t1" 'BEGIN { print b - a }')" -v c="$(cpu "$out/mpi$n.cpu")" -v sw="$sw" -v ev="$ev" -v s="$sws" -v gh="$gh" -v reg="$reg" \
      -v upd="$upd" -v rss="$rss" -v same="$same" 'BEGIN {
    printf "%-10s %8.2f %8.2f %8.1f %6d %12.4g %12d %14d %14d %10s %s\n", n " ranks", w, c, c / ev * 1e9, sw,
           (s > 0 ? ev / s / n : 0), gh, reg, upd, rss, same }'
done
cat "$out/summary"
for n in "${ranks[@]}"; do
  echo "$n ranks, per sweep: update bytes: $(grep -E '^per (sweep|round) ' "$out/mpi$n.txt" | sed -E 's/.*update bytes: //')"
  sed -n '/^phases/,/^peak RSS/p' "$out/mpi$n.txt" | grep -v '^peak RSS' | sed "s/^/$n ranks, /"
done
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
