#!/bin/sh
# Load test of `gotb serve` on loopback (issue 21):
#   benchmarks/serve_load.sh [SECONDS [CLIENTS [BOARD]]]   (defaults 20 8 3x3)
# Generates BOARD's tromp-taylor table in a temporary folder, starts
# `gotb serve --port 0` on 127.0.0.1 over it, runs benchmarks/serve_load.mjs
# (Node.js) and stops the server. Bounded: at most 120 s of load.
# Wall-clock figures depend on what else the machine runs: say so with them.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
gotb=${GOTB:-$here/../build/query/gotb}
seconds=${1:-20}
clients=${2:-8}
board=${3:-3x3}
dir=$(mktemp -d)
trap 'kill "$pid" 2>/dev/null || true; rm -rf "$dir"' EXIT
"$gotb" generate -q -t 1 -b "$board" -o "$dir/$board.h5" >/dev/null
"$gotb" serve --dir "$dir" --port 0 --threads "$clients" >"$dir/serve.out" 2>&1 &
pid=$!
for _ in $(seq 50); do grep -q listening "$dir/serve.out" && break; sleep 0.1; done
base=$(grep -o 'http://127\.0\.0\.1:[0-9]*' "$dir/serve.out")
node "$here/serve_load.mjs" "$base" "$pid" "$seconds" "$clients" "$board" tromp-taylor
