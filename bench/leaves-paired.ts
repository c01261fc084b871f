/**
 * Autumn Leaves, two or more checkouts in ONE process, in alternating batches (issue 23, "Fast
 * steps"; see bench/acorn-run-paired.ts for why): per checkout, random playouts (4 seats) as a
 * share of the tight hand-written loop (bench/tight-leaves.ts) timed in the same rounds, and the
 * CPU milliseconds of one ISMCTS decision of 1,000 iterations at fixed positions.
 *
 *   node --import tsx bench/leaves-paired.ts /tmp/before/src ./src [--rounds 12] [--batch 40] [--decisions 6]
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { TightLeaves } from './tight-leaves.js';

type Playout = typeof import('../src/engine/playout.js');
type Rngs = typeof import('../src/engine/rng.js');
type Games = typeof import('../src/games/index.js');
type Bots = typeof import('../src/bots/index.js');
type Matches = typeof import('../src/engine/match.js');
type BotInput = import('../src/engine/bot.js').BotInput;

const args = process.argv.slice(2);
const flag = (name: string, fallback: number): number => {
  const at = args.indexOf(name);
  return at >= 0 ? Number(args[at + 1]) : fallback;
};
const rounds = flag('--rounds', 12);
const batch = flag('--batch', 40);
const decisions = flag('--decisions', 6);
const roots = args.filter((a, i) => !a.startsWith('--') && !args[i - 1]?.startsWith('--'));
if (roots.length < 1) throw new Error('give one or more src directories');

const cpuMs = (f: () => void): number => {
  const c0 = process.cpuUsage();
  f();
  const u = process.cpuUsage(c0);
  return (u.user + u.system) / 1e3;
};

interface Build {
  name: string;
  playouts: (from: number) => void;
  decide: () => void;
  playoutMs: number[];
  decideMs: number[];
}
const builds: Build[] = [];
for (const root of roots) {
  // A checkout's src (run through tsx) or its compiled src (.tmp/bench/src: what `npm run bench` times).
  const ext = existsSync(resolve(root, 'engine/playout.ts')) ? '.ts' : '.js';
  const at = (file: string): string => pathToFileURL(resolve(root, file.replace(/\.ts$/, ext))).href;
  const { randomPlayout } = (await import(at('engine/playout.ts'))) as Playout;
  const { createRng } = (await import(at('engine/rng.ts'))) as Rngs;
  const { getGame } = (await import(at('games/index.ts'))) as Games;
  const { findBot, botInput } = (await import(at('bots/index.ts'))) as Bots;
  const { createMatch, play } = (await import(at('engine/match.ts'))) as Matches;
  const game = getGame('autumn-leaves');
  if (!game) throw new Error(`${root}: autumn-leaves is not registered`);
  const options = game.parseOptions({}, 4);
  if (!options.ok) throw new Error(options.error.message);
  const playouts = (from: number): void => {
    for (let i = from; i < from + batch; i++) {
      randomPlayout(game, game.setup({ seats: 4, seed: `bench.${i}`, options: options.value }), createRng(`bench-moves.${i}`), 100_000);
    }
  };
  // Fixed positions: heuristic games, every seventh step with a real choice.
  const search = findBot('autumn-leaves', 'ismcts:1000');
  const heuristic = findBot('autumn-leaves', 'heuristic');
  if (!search.ok || !heuristic.ok) throw new Error('bots missing');
  const inputs: BotInput[] = [];
  for (let g = 0; inputs.length < decisions; g++) {
    const created = createMatch(game, { seats: 4, seed: `bench-bots.${g}` });
    if (!created.ok) throw new Error(created.error.message);
    const match = created.value;
    const rng = createRng(`bench-walk.${g}`);
    for (let step = 0; game.toAct(match.state).length > 0 && inputs.length < decisions; step++) {
      const seat = game.toAct(match.state)[0]!;
      const input = botInput(game, game.clone(match.state), seat, createRng(`bench-bot.${g}.${step}`));
      if (input.legal.length > 1 && step % 7 === 0) inputs.push(input);
      const played = play(match, seat, heuristic.value(botInput(game, match.state, seat, rng)));
      if (!played.ok) throw new Error(played.error.message);
    }
  }
  const decide = (): void => {
    for (const input of inputs) search.value({ ...input, rng: createRng('bench-decide') });
  };
  builds.push({ name: root, playouts, decide, playoutMs: [], decideMs: [] });
}
const tight = new TightLeaves(4);
const tightMs: number[] = [];
const tightBatch = (from: number): void => {
  for (let i = from; i < from + batch; i++) tight.play(i);
};

// Warm-up.
for (let w = 0; w < 3; w++) {
  tightBatch(w * batch);
  for (const b of builds) {
    b.playouts(w * batch);
    b.decide();
  }
}
for (let r = 0; r < rounds; r++) {
  tightMs.push(cpuMs(() => tightBatch(r * batch)) / batch);
  // Every other round in reverse order: the build timed right after another ran faster, whichever it was.
  for (const b of r % 2 === 0 ? builds : [...builds].reverse()) {
    b.playoutMs.push(cpuMs(() => b.playouts(r * batch)) / batch);
    b.decideMs.push(cpuMs(() => b.decide()) / decisions);
  }
}
const median = (xs: readonly number[]): number => [...xs].sort((a, b) => a - b)[xs.length >> 1]!;
console.log(`tight loop: median ${median(tightMs).toFixed(3)} ms/game`);
for (const b of builds) {
  const share = median(b.playoutMs.map((t, r) => tightMs[r]! / t));
  console.log(
    `${b.name}: random playouts ${median(b.playoutMs).toFixed(3)} ms/game = ${(share * 100).toFixed(0)}% of the tight loop (median of ${rounds} paired batches of ${batch}); ISMCTS 1,000 iterations median ${median(b.decideMs).toFixed(1)} ms CPU per decision (${decisions} positions)`,
  );
}
