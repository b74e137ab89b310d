#!/bin/sh
# End-to-end: GNU Go (a real GTP peer) against `gotb gtp` through
# `gotb referee`, on the boards both engines accept (gnugo takes square
# boards only; the on-the-fly solver takes up to 8 points, so 1x1 and 2x2).
# Both colours, several openings and komis. The referee exits 1 when gotb
# ends any game below the exact value of the position where the engines
# took over. Exit 77 (ctest: skipped) only when gnugo is not installed.
set -eu
gotb="$1"
gnugo=$(command -v gnugo || true)
[ -z "$gnugo" ] && [ -x /usr/games/gnugo ] && gnugo=/usr/games/gnugo
if [ -z "$gnugo" ]; then
  echo "SKIPPED: gnugo is not installed (scripts/setup installs the Debian package gnugo)"
  exit 77
fi
peer="$gnugo --mode gtp --chinese-rules --positional-superko --allow-all-suicide"
for komi in 0 0.5 1 -1.5 2; do
  "$gotb" referee --board 2x2 --komi "$komi" --engine-a "$gotb gtp --board 2x2" --engine-b "$peer" --perfect a \
    --openings "-;A1;B2;A1 B2;pass;A1 pass;B1 A2" --timeout 60
done
"$gotb" referee --board 1x1 --engine-a "$gotb gtp --board 1x1" --engine-b "$peer" --perfect a --timeout 60
