#!/bin/sh
# ctest driver of the gotb serve browser test (issue 21):
#   run.sh GOTB BUILD_DIR OUT_DIR
# Needs Debian's chromium and Node.js with npm (scripts/setup installs
# them); puppeteer-core is installed from npm into BUILD_DIR/browser-test
# on first use (never a browser download). Exits 77 (skipped) with the
# reason when any of them is missing.
set -eu
gotb=$1
build=$2
out=$3
here=$(cd "$(dirname "$0")" && pwd)
chrome=${GOTB_CHROMIUM:-/usr/bin/chromium}

if [ ! -x "$chrome" ]; then
  echo "SKIPPED: no chromium at $chrome (scripts/setup installs Debian's chromium)"
  exit 77
fi
if ! command -v node >/dev/null 2>&1 || ! command -v npm >/dev/null 2>&1; then
  echo "SKIPPED: node and npm are needed to drive chromium (scripts/setup installs them)"
  exit 77
fi
modules="$build/browser-test"
if [ ! -f "$modules/node_modules/puppeteer-core/package.json" ] ||
   ! cmp -s "$here/package.json" "$modules/package.json"; then
  mkdir -p "$modules"
  cp "$here/package.json" "$modules/package.json"
  if ! PUPPETEER_SKIP_DOWNLOAD=1 npm install --prefix "$modules" --no-audit --no-fund --loglevel=error >"$modules/npm.log" 2>&1; then
    cat "$modules/npm.log"
    echo "SKIPPED: npm could not install puppeteer-core (offline?); see $modules/npm.log"
    exit 77
  fi
fi

rm -rf "$out"
mkdir -p "$out/tables"
"$gotb" generate -q -t 1 -b 3x3 -o "$out/tables/3x3.h5" >/dev/null
"$gotb" generate -q -t 1 -b 2x3 -o "$out/tables/2x3.h5" >/dev/null
NODE_PATH="$modules/node_modules" exec node "$here/serve_page.mjs" "$gotb" "$out" "$chrome" "$modules/node_modules"
