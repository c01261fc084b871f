#!/usr/bin/env bash
# Acorn Run random playouts of an earlier commit and of this checkout, timed in ONE process in
# alternating batches of the same games (bench/acorn-run-paired.ts). Issue 23's playout figure is a
# ratio ("5x today's games/s"): the shared machines' speed moves from one hour to the next, so
# before and after are compared in one run on one machine, never against a figure from another.
#
#   npm run bench:ar-before [-- REV] [--rounds N] [--batch N]
#
# REV defaults to c7a78d1, the last commit before issue 23's work (the code its 418 games/s was
# measured on); bench/rev.sh prepares it once under .tmp/rev/REV.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
rev=c7a78d1
if [ $# -gt 0 ] && [ "${1#--}" = "$1" ]; then rev=$1; shift; fi
dir=$(bash "$root/bench/rev.sh" "$rev")
cd "$root" && npx tsc -p tsconfig.bench.json
node --import tsx bench/acorn-run-paired.ts "$dir/.tmp/bench/src" .tmp/bench/src "$@"
