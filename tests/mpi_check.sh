#!/bin/sh
# Issue 23: gotb under mpirun gives the values of a one-process run.
#   mpi_check.sh generate|table NP GOTB MPIEXEC
# generate: 3x3 and 2x5 tables with NP ranks (1, 2, 4: the exact tables'
#   per-rank index also when one rank holds it all): the fixpoint tables
#   (tromp-taylor, suicide allowed: 2 sweeps, and forbidden: 17-19 sweeps,
#   updates crossing ranks in most of them) and the exact tables of
#   tromp-taylor:ko=basic (values and depths; suicide allowed: 2 rounds,
#   forbidden: 29 and 38 rounds). Compared with the one-process file: every
#   array's xxh64 checksum as stored in the file (`gotb info --json`), after
#   `gotb verify` has recomputed the MPI file's checksums from its data, so
#   equal checksums mean equal values; and for the exact tables the rounds
#   and max depth. (The files themselves differ in metadata: run seconds,
#   mpi_ranks.) With more than one rank, the 2x5 tables that exchange
#   updates in many sweeps run once more with GOTB_MPI_ROUND_BYTES=500, so
#   that every exchange is split into several MPI_Alltoallv calls (the path
#   that lifts MPI's int counts on big boards), and must give the same arrays.
# table: a small results table (all proven, and one with over-budget and
#   not-attempted entries) with NP ranks; table.csv must equal the
#   one-process one except the seconds column. (Solved with --method search
#   --time-limit 0 or a node limit: no wall-clock limit decides a method.)
# superko: `generate --exact` (superko tablebases, chunks handed out by
#   rank 0) on 3x3 positional and 2x4 situational superko; the file must be
#   byte-identical to the one-process file (SOURCE_DATE_EPOCH fixes its
#   creation time). Then a run stopped by --max-chunks under mpirun (exit 3)
#   finished by one process from the same journal, and a run whose worker
#   rank is killed once chunks are journaled, finished by mpirun again:
#   both byte-identical too.
# kill: a table run whose worker rank is killed (SIGKILL) once the first
#   results are on disk; the job ends, table.csv holds the finished entries
#   and "pending" ones, and `--resume` completes it to the one-process CSV.
set -eu
mode=$1 np=$2 gotb=$3 mpiexec=$4
dir=$(mktemp -d "${TMPDIR:-/tmp}/gotb_mpi_${mode}_${np}.XXXXXX")
trap 'rm -rf "$dir"' EXIT
flags=""
if "$mpiexec" --version 2>&1 | grep -q "Open MPI"; then
  # Open MPI refuses root without --allow-run-as-root, and more ranks than
  # its slots (cores, not hardware threads: nproc may count more) without
  # --oversubscribe; harmless when not needed. Other MPIs take neither.
  [ "$(id -u)" = 0 ] && flags="--allow-run-as-root"
  flags="$flags --oversubscribe"
fi
run() { "$mpiexec" $flags -np "$np" "$gotb" "$@"; }
fail() { echo "FAIL: $*" >&2; exit 1; }

sums() { "$gotb" info --json "$1" | grep '"xxh64"' | tr -d ' \n'; }
# The gotb process with the largest pid among those of this run (an
# argument equal to $1, the run's output; the command itself $gotb, so not
# mpirun): a worker rank, since mpirun starts rank 0 first. One grep over
# every command line, so the kill lands soon after the wait ends.
last_rank() {
  last=""
  for f in $(grep -lzx -- "$1" /proc/[0-9]*/cmdline 2>/dev/null); do
    [ "$(head -zn1 "$f" 2>/dev/null | tr -d '\0')" = "$gotb" ] || continue
    pid=${f#/proc/} pid=${pid%/cmdline}
    { [ -z "$last" ] || [ "$pid" -gt "$last" ]; } && last=$pid
  done
  echo "$last"
}

case $mode in
generate)
  cases="3x3:tromp-taylor 3x3:tromp-taylor:no-suicide 3x3:tromp-taylor:ko=basic 3x3:tromp-taylor:ko=basic,suicide=no
         2x5:tromp-taylor 2x5:tromp-taylor:no-suicide 2x5:tromp-taylor:ko=basic 2x5:tromp-taylor:ko=basic,suicide=no"
  [ "$np" -gt 1 ] && cases="$cases split:2x5:tromp-taylor:no-suicide split:2x5:tromp-taylor:ko=basic,suicide=no"
  for item in $cases; do
    split=""
    case $item in split:*) split=500 item=${item#split:} ;; esac
    board=${item%%:*} rules=${item#*:}
    export GOTB_MPI_ROUND_BYTES="$split"  # empty: MPI's own limit
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
    [ "$np" -gt 1 ] && case $rules in
    *no-suicide|*suicide=no)  # many sweeps/rounds: updates must have crossed ranks
      grep -Eq '^messages +[0-9]+ bytes registration \+ [1-9][0-9]* bytes updates' "$dir/mpi.txt" ||
        fail "$board $rules: no update crossed ranks" ;;
    esac
    if [ -n "$split" ]; then
      # e.g. "alltoallv    40 MPI_Alltoallv calls for 19 exchanges (...; a message is split at 500 bytes ...)"
      line=$(grep '^alltoallv ' "$dir/mpi.txt") || fail "$board $rules: no alltoallv line"
      calls=$(echo "$line" | awk '{print $2}') exchanges=$(echo "$line" | awk '{print $6}')
      echo "$line" | grep -q "split at $split bytes" || fail "$board $rules: GOTB_MPI_ROUND_BYTES not used: $line"
      [ "$calls" -gt "$exchanges" ] || fail "$board $rules: no exchange was split: $line"
      steps="$steps, $calls MPI_Alltoallv calls for $exchanges exchanges"
    fi
    echo "$board $rules${split:+ (split at $split bytes)}: $np ranks, $steps, arrays identical ($mpi)"
  done
  ;;
table)
  strip() { cut -d, -f1-9,11- "$1"; }  # all but the seconds column
  # The first table with --method search --time-limit 0 (as the kill test):
  # --method auto gives its search 10 s of wall time before the reference
  # solver takes over, so under load the method and node count could differ.
  set -- "--boards 1x3,2x2,1x4,2x3 --rules tromp-taylor ikeda-1 --method search --time-limit 0" \
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
superko)
  export SOURCE_DATE_EPOCH=0
  for spec in "3x3 tromp-taylor 64" "2x4 tromp-taylor:ko=situational 32"; do
    set -- $spec
    "$gotb" generate --exact --order flat -b "$1" -r "$2" --chunk-states "$3" -t 1 -q -o "$dir/one.gotb" > /dev/null
    run generate --exact -b "$1" -r "$2" --chunk-states "$3" -t 1 -q --mpi -o "$dir/mpi.gotb" > "$dir/mpi.txt"
    grep -q "^ranks        $np " "$dir/mpi.txt" || fail "$1: the run did not use $np ranks"
    # every worker rank solved chunks (the queue reached them all)
    [ "$np" -eq 1 ] || ! grep '^chunks/rank' "$dir/mpi.txt" | grep -Eq ' 0( |$)' || fail "$1 $2: a rank solved no chunk"
    cmp "$dir/one.gotb" "$dir/mpi.gotb" || fail "$1 $2: the MPI file differs from the one-process file"
    echo "superko $1 $2: $np ranks, $(grep '^chunks/rank' "$dir/mpi.txt" | tr -s ' '), file identical"
  done
  # Stopped by --max-chunks under MPI, finished by one process.
  args="generate --exact --order flat -b 3x3 -r tromp-taylor --chunk-states 16 -t 1 -q"
  "$gotb" $args -o "$dir/one.gotb" > /dev/null
  rc=0
  run $args --max-chunks 7 --mpi -o "$dir/part.gotb" > "$dir/part.txt" 2>&1 || rc=$?
  [ "$rc" -eq 3 ] || { cat "$dir/part.txt" >&2; fail "--max-chunks under mpirun: exit $rc, not 3"; }
  [ -s "$dir/part.gotb.partial" ] && [ ! -e "$dir/part.gotb" ] || fail "--max-chunks: no journal, or a file"
  "$gotb" $args -o "$dir/part.gotb" 2> "$dir/resume.err" > "$dir/resume.txt"
  grep -q "^states .* (7 resumed from the journal)" "$dir/resume.txt" || fail "the MPI journal was not resumed"
  cmp "$dir/one.gotb" "$dir/part.gotb" || fail "MPI --max-chunks + one-process resume differs"
  echo "superko: --max-chunks 7 under $np ranks, resumed by one process: file identical"
  # A worker killed mid-run; the same mpirun command continues.
  "$mpiexec" $flags -np "$np" "$gotb" $args --mpi -o "$dir/kill.gotb" > /dev/null 2> "$dir/kill.err" &
  job=$!
  i=0
  # (the journal's header line is about 170 bytes, a chunk's record a few KB)
  # Until then, or until the job has ended; 600 s at most (every rank
  # builds the index and the order first: tens of seconds on a loaded machine).
  until [ "$(wc -c 2>/dev/null < "$dir/kill.gotb.partial" || echo 0)" -gt 1000 ] || ! kill -0 $job 2>/dev/null ||
        [ $i -ge 12000 ]; do sleep 0.05; i=$((i + 1)); done
  [ $i -lt 12000 ] || fail "kill: no chunk journaled in 600 s"
  victim=$(last_rank "$dir/kill.gotb")
  [ -n "$victim" ] && kill -9 "$victim" 2>/dev/null || true
  rc=0
  wait $job || rc=$?
  kept=0
  if [ "$rc" -ne 0 ]; then
    [ -s "$dir/kill.gotb.partial" ] || fail "kill: no journal after the kill"
    [ ! -e "$dir/kill.gotb" ] || fail "kill: a file was written although a rank died"
  fi
  run $args --mpi -o "$dir/kill.gotb" > "$dir/kill2.txt" || fail "kill: the resumed run failed"
  kept=$(sed -n 's/^states .*(\([0-9]*\) resumed.*/\1/p' "$dir/kill2.txt")
  cmp "$dir/one.gotb" "$dir/kill.gotb" || fail "kill: resumed MPI file differs"
  echo "superko kill: job ended ($rc), ${kept:-0} chunks kept, resumed under $np ranks: file identical"
  ;;
kill)
  strip() { cut -d, -f1-9,11- "$1"; }
  # --method search --time-limit 0: the same solver and node counts whatever the load (auto gives
  # the search 10 s of wall time before the reference solver, so under load it may switch).
  spec="--boards 1x3,2x2,1x4,2x3,1x5,1x6 --rules tromp-taylor ikeda-1 --threads 1 --no-plot --method search --time-limit 0"
  "$gotb" table $spec --out-dir "$dir/one" > /dev/null 2>&1
  $mpiexec $flags -np "$np" "$gotb" table $spec --mpi --out-dir "$dir/mpi" > /dev/null 2> "$dir/mpi.err" &
  job=$!
  # Wait for a first result on disk, then kill one worker: the gotb process
  # of this run (its command line names the folder) with the largest pid,
  # not rank 0, which mpirun starts first.
  i=0
  until grep -q ',exact,' "$dir/mpi/table.csv" 2>/dev/null || ! kill -0 $job 2>/dev/null || [ $i -ge 6000 ]; do
    sleep 0.1; i=$((i + 1))
  done
  [ $i -lt 6000 ] || fail "kill: no result on disk in 600 s"
  victim=$(last_rank "$dir/mpi")
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
