#!/bin/sh
# End-to-end: GNU Go (a real GTP peer) against `gotb gtp` through
# `gotb referee`, on the boards both engines accept (gnugo takes square
# boards only; the on-the-fly solver takes up to 8 points, so 1x1 and 2x2).
# Both colours, several openings and komis, and gotb on both of its exact
# solvers (the reference solver; --method search). The referee exits 1 when
# gotb ends any game below the exact value of the position where the
# engines took over; this script then fails. It also fails when fewer games
# than planned were judged. Exit 77 (ctest: skipped) only when gnugo is not
# installed.
set -eu
gotb="$1"
gnugo=$(command -v gnugo || true)
[ -z "$gnugo" ] && [ -x /usr/games/gnugo ] && gnugo=/usr/games/gnugo
if [ -z "$gnugo" ]; then
  echo "SKIPPED: gnugo is not installed (scripts/setup installs the Debian package gnugo)"
  exit 77
fi
peer="$gnugo --mode gtp --chinese-rules --positional-superko --allow-all-suicide"
log=$(mktemp)
out=$(mktemp)
trap 'rm -f "$log" "$out"' EXIT
referee() {
  status=0
  "$gotb" referee --perfect a --timeout 60 --engine-b "$peer" "$@" >"$out" 2>&1 || status=$?
  cat "$out"
  cat "$out" >>"$log"
  [ "$status" -eq 0 ] || { echo "e2e: FAILED (referee exit $status)"; exit 1; }
}
for komi in 0 0.5 1 -1.5 2; do
  referee --board 2x2 --komi "$komi" --engine-a "$gotb gtp --board 2x2" \
    --openings "-;A1;B2;A1 B2;pass;A1 pass;B1 A2"
done
referee --board 2x2 --komi 0.5 --engine-a "$gotb gtp --board 2x2 --method search" --openings "-;A1;pass;B1 A2"
referee --board 1x1 --engine-a "$gotb gtp --board 1x1"
# 5 x 14 + 8 + 2 games, each judged "ok".
games=$(grep -c '^game .*  ok$' "$log" || true)
echo "e2e: $games games judged ok"
[ "$games" -eq 80 ] || { echo "e2e: expected 80 judged games, got $games"; exit 1; }
