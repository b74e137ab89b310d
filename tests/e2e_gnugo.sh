#!/bin/sh
# End-to-end: GNU Go (a real GTP peer) against `gotb gtp` through
# `gotb referee`, on the boards both engines accept (gnugo takes square
# boards only): 1x1 and 2x2 with the reference solver (up to 8 points) and
# the search solver, 3x3 with the search solver (--method search
# --max-points 9), whose exact values there take a fraction of a second.
# Both colours, several openings and komis. The referee exits 1 when gotb
# ends any game below the exact value of the position where the engines
# took over; this script then fails. It also fails when fewer games than
# planned ended by two passes and were judged (a forfeit or resignation
# would mean that the engines disagree on the rules), when the 3x3 komis do
# not give gotb both won and lost start positions, and when a deliberately
# bad "perfect" player is not caught on 3x3. Exit 77 (ctest: skipped) only
# when gnugo is not installed.
set -eu
gotb="$1"
here=$(dirname "$0")
gnugo=$(command -v gnugo || true)
[ -z "$gnugo" ] && [ -x /usr/games/gnugo ] && gnugo=/usr/games/gnugo
if [ -z "$gnugo" ]; then
  echo "SKIPPED: gnugo is not installed (scripts/setup installs the Debian package gnugo)"
  exit 77
fi
# The same rules on both sides: area scoring (--chinese-rules; the referee
# scores anyway), positional superko (ko=positional), suicide of any size
# (suicide=yes; a one-stone suicide recreates the board, so superko forbids
# it on both sides). GNU Go must not resign: every game is played out to
# two passes and scored by the referee.
rules="tromp-taylor:ko=positional,suicide=yes"
peer="$gnugo --mode gtp --chinese-rules --positional-superko --allow-all-suicide --never-resign"
log=$(mktemp)
out=$(mktemp)
trap 'rm -f "$log" "$out"' EXIT
referee() {
  status=0
  "$gotb" referee --rules "$rules" --perfect a --timeout 60 --engine-b "$peer" "$@" >"$out" 2>&1 || status=$?
  cat "$out"
  cat "$out" >>"$log"
  [ "$status" -eq 0 ] || { echo "e2e: FAILED (referee exit $status)"; exit 1; }
}
for komi in 0 0.5 1 -1.5 2; do
  referee --board 2x2 --komi "$komi" --engine-a "$gotb gtp --board 2x2 --rules $rules" \
    --openings "-;A1;B2;A1 B2;pass;A1 pass;B1 A2"
done
# The referee's start values come from the reference solver here, gotb's
# moves from the search: the two solvers are checked against each other.
referee --board 2x2 --komi 0.5 --engine-a "$gotb gtp --board 2x2 --rules $rules --method search" \
  --openings "-;A1;pass;B1 A2"
referee --board 1x1 --engine-a "$gotb gtp --board 1x1 --rules $rules"
# 3x3: the empty board is worth B+9, so komi 8.5 leaves Black winning by
# 0.5 and komi 9.5 losing by 0.5; the openings give other start values.
s3="--method search --max-points 9"
for komi in 0 8.5 9 9.5; do
  referee --board 3x3 $s3 --komi "$komi" --engine-a "$gotb gtp --board 3x3 --rules $rules $s3" \
    --openings "-;A1;B1;A1 B2;B2 A1;pass;B1 B2"
done

# Games that ended by two passes and were judged ok, per board, and on 3x3
# how gotb's side stood at the start (B+.. / W+.. / 0 from its colour).
awk '
  /^referee: / { board = $2; sub(",", "", board) }
  /^game [0-9]+: .*\(two passes, .*  ok$/ {
    n[board]++
    if (board == "3x3") {
      match($0, /start [^,]*/); v = substr($0, RSTART + 6, RLENGTH - 6)
      gotb_black = ($0 ~ /: black a,/)
      if (v == "0") draw++
      else if ((substr(v, 1, 1) == "B") == gotb_black) win++
      else loss++
    }
  }
  END {
    printf "counts %d %d %d %d %d %d\n", n["1x1"], n["2x2"], n["3x3"], win, draw, loss
  }' "$log" >"$out"
read -r _ n1 n2 n3 win draw loss <"$out"
echo "e2e: games ended by two passes and judged ok: 1x1 $n1, 2x2 $n2, 3x3 $n3"
echo "e2e: SKIPPED the file-backed engine on 3x3 under tromp-taylor:ko=basic (issue 19): gnugo has no basic-ko + long-cycle-tie mode, and the probe API answers only proven bounds after a non-empty history, so the referee has no exact start value after an opening; tests/test_probe.cpp plays GTP from exact files instead"
echo "e2e: 3x3 start positions for gotb's side: $win won, $draw drawn, $loss lost"
# 2 on 1x1; 5 x 14 + 8 on 2x2; 4 x 14 on 3x3.
[ "$n1" -eq 2 ] && [ "$n2" -eq 78 ] && [ "$n3" -eq 56 ] ||
  { echo "e2e: FAILED: expected 2, 78 and 56 games judged ok after two passes"; exit 1; }
[ "$win" -gt 0 ] && [ "$loss" -gt 0 ] || { echo "e2e: FAILED: the 3x3 games need won and lost start positions"; exit 1; }

# Self-check: the judge catches a bad "perfect" player on 3x3 (an engine
# that always passes gives the board away as Black).
status=0
"$gotb" referee --rules "$rules" $s3 --board 3x3 --perfect a --timeout 60 --engine-b "$peer" \
  --engine-a "sh $here/gtp_always_pass.sh" >"$out" 2>&1 || status=$?
if [ "$status" -ne 1 ] || ! grep -q 'PERFECT PLAYER BELOW START VALUE' "$out"; then
  cat "$out"
  echo "e2e: FAILED: the referee did not catch an always-passing engine on 3x3 (exit $status)"
  exit 1
fi
echo "e2e: ok (an always-passing engine is caught on 3x3)"
