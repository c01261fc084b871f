#!/usr/bin/env bash
# Prepares an earlier commit for before/after benchmarks on this machine, and prints its directory:
# the commit's files extracted under .tmp/rev/REV (git archive: no worktree to clean up), this
# checkout's node_modules linked in, its bench compiled (tsconfig.bench.json: .tmp/bench) and its
# server built (tsconfig.build.json: dist). Done once per commit; later calls only print the path.
#
#   dir=$(bash bench/rev.sh c7a78d1)
#   (cd "$dir" && THINK_MS=3000 BOTS=2 TABLES=1500 DREY_BENCH_SECONDS=40 npm run bench:server)
#
# The shared machines' speed moves from one hour to the next, so a figure is compared with the
# commit before the work, run in turns with it on the same machine, never with one measured
# elsewhere (docs/architecture.md, Performance).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
rev=${1:?usage: bench/rev.sh REV}
if ! git -C "$root" rev-parse --quiet --verify "$rev^{commit}" > /dev/null; then
  echo "bench/rev.sh: commit $rev is not in this clone (a shallow clone? run git fetch --unshallow)" >&2
  exit 2
fi
dir="$root/.tmp/rev/$rev"
if [ ! -f "$dir/.prepared" ]; then
  rm -rf "$dir" && mkdir -p "$dir"
  git -C "$root" archive "$rev" | tar -x -C "$dir"
  ln -s "$root/node_modules" "$dir/node_modules"
  (cd "$dir" && npx tsc -p tsconfig.bench.json && npx tsc -p tsconfig.build.json) >&2
  touch "$dir/.prepared"
fi
echo "$dir"
