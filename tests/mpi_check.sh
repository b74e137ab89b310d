#!/bin/sh
# Issue 23: gotb under mpirun gives the values of a one-process run.
#   mpi_check.sh generate|table NP GOTB MPIEXEC
# generate: 3x3 and 2x5 tables with NP ranks: the fixpoint tables
#   (tromp-taylor, suicide allowed: 2 sweeps, and forbidden: 17-19 sweeps,
#   updates crossing ranks in most of them) and the exact tables of
#   tromp-taylor:ko=basic (values and depths; suicide allowed: 2 rounds,
#   forbidden: 29 and 38 rounds). Compared with the one-process file: every
#   array's xxh64 checksum as stored in the file (`gotb info --json`), after
#   `gotb verify` has recomputed the MPI file's checksums from its data, so
#   equal checksums mean equal values; and for the exact tables the rounds
#   and max depth. (The files themselves differ in metadata: run seconds,
#   mpi_ranks.)
# table: a small results table (all proven, and one with over-budget and
#   not-attempted entries) with NP ranks; table.csv must equal the
#   one-process one except the seconds column.
# kill: a table run whose worker rank is killed (SIGKILL) once the first
#   results are on disk; the job ends, table.csv holds the finished entries
#   and "pending" ones, and `--resume` completes it to the one-process CSV.
set -eu
mode=$1 np=$2 gotb=$3 mpiexec=$4
dir=$(mktemp -d "${TMPDIR:-/tmp}/gotb_mpi_${mode}_${np}.XXXXXX")
trap 'rm -rf "$dir"' EXIT
flags=""
[ "$(id -u)" = 0 ] && flags="--allow-run-as-root"           # Open MPI refuses root without it
[ "$np" -gt "$(nproc 2>/dev/null || echo 1)" ] && flags="$flags --oversubscribe"
run() { "$mpiexec" $flags -np "$np" "$gotb" "$@"; }
fail() { echo "FAIL: $*" >&2; exit 1; }

sums() { "$gotb" info --json "$1" | grep '"xxh64"' | tr -d ' \n'; }

case $mode in
generate)
  for board in 3x3 2x5; do
  for rules in tromp-taylor tromp-taylor:no-suicide tromp-taylor:ko=basic tromp-taylor:ko=basic,suicide=no; do
    "$gotb" generate -b "$board" -r "$rules" -t 1 -q -o "$dir/one.gotb" > "$dir/one.txt"
    run generate -b "$board" -r "$rules" -t 1 -q --mpi -o "$dir/mpi.gotb" > "$dir/mpi.txt"
    grep -q "^ranks        $np " "$dir/mpi.txt" || fail "$board: the run did not use $np ranks"
    "$gotb" verify "$dir/mpi.gotb" > /dev/null || fail "$board $rules: verify failed on the MPI file"
    one=$(sums "$dir/one.gotb") mpi=$(sums "$dir/mpi.gotb")
    [ -n "$one" ] || fail "$board: no checksums in gotb info --json"
    [ "$one" = "$mpi" ] || fail "$board $rules: value arrays differ: one process $one, $np ranks $mpi"
    case $rules in
    *ko=basic*)
      [ "$(echo "$mpi" | grep -o "\"xxh64\":\"" | wc -l)" -eq 6 ] || fail "$board $rules: not the 6 arrays of an exact file"
      r1=$(grep '^rounds' "$dir/one.txt") r2=$(grep '^rounds' "$dir/mpi.txt")
      [ "$r1" = "$r2" ] || fail "$board $rules: one process '$r1', $np ranks '$r2'"
      steps=$(echo "$r2" | tr -s ' ') ;;
    *) steps=$(grep '^sweeps' "$dir/mpi.txt" | tr -s ' ') ;;
    esac
    case $rules in
    *no-suicide|*suicide=no)  # many sweeps/rounds: updates must have crossed ranks
      grep -Eq '^messages +[0-9]+ bytes registration \+ [1-9][0-9]* bytes updates' "$dir/mpi.txt" ||
        fail "$board $rules: no update crossed ranks" ;;
    esac
    echo "$board $rules: $np ranks, $steps, arrays identical ($mpi)"
  done
  done
  ;;
table)
  strip() { cut -d, -f1-9,11- "$1"; }  # all but the seconds column
  set -- "--boards 1x3,2x2,1x4,2x3 --rules tromp-taylor ikeda-1" \
         "--boards 1x2,2x3,2x4,3x3,1x3 --rules tromp-taylor --node-limit 200"
  for spec in "$@"; do
    rm -rf "$dir/one" "$dir/mpi"
    "$gotb" table $spec --threads 1 --no-plot --out-dir "$dir/one" > /dev/null 2>&1
    $mpiexec $flags -np "$np" "$gotb" table $spec --threads 1 --no-plot --mpi --out-dir "$dir/mpi" \
      > /dev/null 2> "$dir/mpi.err" || { cat "$dir/mpi.err" >&2; fail "table $spec"; }
    [ "$np" -eq 1 ] || grep -q ", rank [1-9][0-9]*)" "$dir/mpi.err" || fail "no entry was solved on a worker rank"
    strip "$dir/one/table.csv" > "$dir/one.csv"
    strip "$dir/mpi/table.csv" > "$dir/mpi.csv"
    [ "$(wc -l < "$dir/one.csv")" -gt 5 ] || fail "one-process table too short"
    diff "$dir/one.csv" "$dir/mpi.csv" >&2 || fail "table $spec: CSV differs from the one-process run"
    echo "table $spec: $np ranks, CSV identical (seconds column aside)"
  done
  ;;
kill)
  strip() { cut -d, -f1-9,11- "$1"; }
  spec="--boards 1x3,2x2,1x4,2x3,1x5,1x6 --rules tromp-taylor ikeda-1 --threads 1 --no-plot"
  "$gotb" table $spec --out-dir "$dir/one" > /dev/null 2>&1
  $mpiexec $flags -np "$np" "$gotb" table $spec --mpi --out-dir "$dir/mpi" > /dev/null 2> "$dir/mpi.err" &
  job=$!
  # Wait for a first result on disk, then kill one worker: the gotb process
  # of this run (its command line names the folder) with the largest pid,
  # not rank 0, which mpirun starts first.
  i=0
  until grep -q ',exact,' "$dir/mpi/table.csv" 2>/dev/null || [ $i -ge 600 ]; do sleep 0.1; i=$((i + 1)); done
  victim=""
  for p in /proc/[0-9]*; do
    pid=${p#/proc/}
    tr '\0' ' ' 2>/dev/null < "$p/cmdline" | grep -q "^$gotb table .*--out-dir $dir/mpi" &&
      { [ -z "$victim" ] || [ "$pid" -gt "$victim" ]; } && victim=$pid
  done
  [ -n "$victim" ] && kill -9 "$victim" 2>/dev/null || true
  rc=0
  wait $job || rc=$?
  if [ "$rc" -ne 0 ]; then
    # The killed rank may have been idle (all its work done, waiting for an
    # entry or for the stop): then nothing is pending.
    echo "kill: rank killed, job ended ($rc), $(grep -c ',exact,' "$dir/mpi/table.csv") entries kept," \
      "$(grep -c ',"pending: ' "$dir/mpi/table.csv") pending"
  else
    echo "kill: the run finished before a rank could be killed (resume still checked)"
  fi
  $mpiexec $flags -np "$np" "$gotb" table $spec --mpi --resume --out-dir "$dir/mpi" > /dev/null 2>&1 ||
    fail "--resume after the kill failed"
  strip "$dir/one/table.csv" > "$dir/one.csv"
  strip "$dir/mpi/table.csv" > "$dir/mpi.csv"
  diff "$dir/one.csv" "$dir/mpi.csv" >&2 || fail "resumed table differs from the one-process run"
  echo "kill: resumed table identical to the one-process run (seconds column aside)"
  ;;
*) fail "unknown mode $mode" ;;
esac
