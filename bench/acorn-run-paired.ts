/**
 * Acorn Run random playouts of two or more checkouts in ONE process, in alternating batches of the
 * same games, so that a busy machine's swings hit every build alike (issue 23, "Fast steps"). Back
 * to back runs of bench/acorn-run-speed.ts varied by ±30% on two shared cores; the median of the
 * paired batch ratios here is steadier.
 *
 *   node --import tsx bench/acorn-run-paired.ts /work/wt/before/src ./src [--rounds 16] [--batch 30]
 *
 * Each argument is a checkout's src directory; the first is the reference of the printed ratios.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

type Playout = typeof import('../src/engine/playout.js');
type Rngs = typeof import('../src/engine/rng.js');
type Games = typeof import('../src/games/index.js');

const args = process.argv.slice(2);
const flag = (name: string, fallback: number): number => {
  const at = args.indexOf(name);
  return at >= 0 ? Number(args[at + 1]) : fallback;
};
const rounds = flag('--rounds', 16);
const batch = flag('--batch', 30);
const roots = args.filter((a, i) => !a.startsWith('--') && !args[i - 1]?.startsWith('--'));
if (roots.length < 2) throw new Error('give two or more src directories');

interface Build {
  name: string;
  once: (i: number) => number;
  times: number[];
}
const builds: Build[] = [];
for (const root of roots) {
  // A checkout's src (run through tsx) or its compiled src (.tmp/bench/src: what `npm run bench` times).
  const ext = existsSync(resolve(root, 'engine/playout.ts')) ? '.ts' : '.js';
  const at = (file: string): string => pathToFileURL(resolve(root, file.replace(/\.ts$/, ext))).href;
  const { randomPlayout } = (await import(at('engine/playout.ts'))) as Playout;
  const { createRng } = (await import(at('engine/rng.ts'))) as Rngs;
  const { getGame } = (await import(at('games/index.ts'))) as Games;
  const game = getGame('acorn-run');
  if (!game) throw new Error(`${root}: acorn-run is not registered`);
  const options = game.parseOptions({}, 4);
  if (!options.ok) throw new Error(options.error.message);
  const once = (i: number): number =>
    randomPlayout(game, game.setup({ seats: 4, seed: `bench.${i}`, options: options.value }), createRng(`bench-moves.${i}`), 100_000);
  builds.push({ name: root, once, times: [] });
}
// Warm-up: every build's functions optimized before any batch is timed.
for (const b of builds) for (let i = 0; i < 300; i++) b.once(i);
for (let r = 0; r < rounds; r++) {
  // Every other round in reverse order: the build timed right after another ran faster, whichever it was.
  for (const b of r % 2 === 0 ? builds : [...builds].reverse()) {
    const c0 = process.cpuUsage();
    for (let i = 0; i < batch; i++) b.once(r * batch + i);
    const u = process.cpuUsage(c0);
    b.times.push((u.user + u.system) / 1e3 / batch);
  }
}
const median = (xs: readonly number[]): number => [...xs].sort((a, b) => a - b)[xs.length >> 1]!;
for (const b of builds) {
  const m = median(b.times);
  console.log(`${b.name}: median ${m.toFixed(3)} ms/game (${(1000 / m).toFixed(0)} games/CPU-s)`);
}
const ref = builds[0]!;
for (const b of builds.slice(1)) {
  const ratio = median(ref.times.map((t, r) => t / b.times[r]!));
  console.log(`${b.name} is ${ratio.toFixed(2)}x as fast as ${ref.name} (median of ${rounds} paired batches of ${batch} games)`);
}
