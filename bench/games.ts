/**
 * `npm run bench`: how fast each registered game plays, on one thread. It runs compiled
 * (tsconfig.bench.json → .tmp/bench): code run through tsx measures about a quarter slower.
 *
 * For every game at 4 seats (or the nearest it allows): random playouts (setup + uniformly random
 * legal actions to the end) as games/s and actions/s, then whole matches between the game's
 * heuristic bots through playBotMatch (views, legal actions and `play` checks included), which is
 * what `drey sim` does per game. Each figure follows a warm-up.
 *
 *   npm run bench                  # 3 s per figure
 *   npm run bench -- --seconds 1   # quicker
 *   npm run bench -- autumn-leaves # one game
 */
import { performance } from 'node:perf_hooks';
import { findBot, playBotMatch } from '../src/bots/index.js';
import type { AnyGame } from '../src/engine/game.js';
import { randomPlayout } from '../src/engine/playout.js';
import { createRng } from '../src/engine/rng.js';
import { listGames } from '../src/games/index.js';
import { TightLeaves } from './tight-leaves.js';

const args = process.argv.slice(2);
const secondsAt = args.indexOf('--seconds');
const seconds = secondsAt >= 0 ? Number(args[secondsAt + 1]) : 3;
const only = args.filter((a, i) => !a.startsWith('--') && (secondsAt < 0 || i !== secondsAt + 1));
if (!(seconds > 0)) throw new Error('--seconds wants a positive number');

interface Rate {
  games: number;
  actions: number;
  /** Wall-clock seconds. */
  seconds: number;
  /** CPU seconds this process used: on a shared machine the fairer clock. */
  cpuSeconds: number;
}

/** Runs `once` (returning the actions it took) for a warm-up, then for `budget` seconds. */
function measure(once: (i: number) => number, budget: number): Rate {
  const warmUntil = performance.now() + Math.min(1000, budget * 300);
  let i = 0;
  while (performance.now() < warmUntil) once(i++);
  const start = performance.now();
  const cpuStart = process.cpuUsage();
  const end = start + budget * 1000;
  let games = 0;
  let actions = 0;
  while (performance.now() < end) {
    // Check the clock every few games: it is not free.
    for (let k = 0; k < 8; k++) {
      actions += once(i++);
      games++;
    }
  }
  const cpu = process.cpuUsage(cpuStart);
  return { games, actions, seconds: (performance.now() - start) / 1000, cpuSeconds: (cpu.user + cpu.system) / 1e6 };
}

function randomRate(game: AnyGame, seats: number, options: unknown): Rate {
  return measure((i) => {
    const state = game.setup({ seats, seed: `bench.${i}`, options });
    return randomPlayout(game, state, createRng(`bench-moves.${i}`), 100_000);
  }, seconds);
}

function heuristicRate(game: AnyGame, seats: number, options: unknown): Rate | undefined {
  const bot = findBot(game.id, 'heuristic');
  if (!bot.ok) return undefined;
  const bots = new Array(seats).fill(bot.value);
  return measure((i) => {
    const played = playBotMatch(game, { seats, seed: `bench.${i}`, options }, bots);
    if (!played.ok) throw new Error(played.error.message);
    return played.value.match.record.actions.length;
  }, seconds);
}

const fmt = (n: number, width = 11): string => Math.round(n).toLocaleString('en-US').padStart(width);
const HEAD = `  ${''.padEnd(20)}${'games/s'.padStart(11)}${'actions/s'.padStart(11)}${'games/CPU-s'.padStart(13)}${'actions/game'.padStart(14)}`;
const line = (label: string, r: Rate): string =>
  `  ${label.padEnd(20)}${fmt(r.games / r.seconds)}${fmt(r.actions / r.seconds)}${fmt(r.games / r.cpuSeconds, 13)}${(r.actions / r.games).toFixed(1).padStart(14)}`;

/** Headline figures, printed together at the end with their targets. */
const headlines: string[] = [];

console.log(`Drey bench: one thread, ${seconds} s per figure after a warm-up (node ${process.version})`);
console.log('games/CPU-s counts only the CPU time this process got: fairer than wall time on a busy machine.');
for (const game of listGames()) {
  if (only.length > 0 && !only.includes(game.id)) continue;
  const seats = Math.min(game.seats.max, Math.max(game.seats.min, 4));
  const options = game.parseOptions({}, seats);
  if (!options.ok) throw new Error(`${game.id}: default options refused: ${options.error.message}`);
  console.log(`\n${game.title} (${game.id}), ${seats} seats`);
  console.log(HEAD);
  const random = randomRate(game, seats, options.value);
  console.log(line('random playouts', random));
  if (game.id === 'acorn-run') {
    headlines.push(
      `Acorn Run random playouts, ${seats} seats, one thread: ${fmt(random.games / random.seconds, 0).trim()} games/s wall, ${fmt(random.games / random.cpuSeconds, 0).trim()} games/CPU-s (target ≥ 5 × 418)`,
    );
  }
  if (game.id === 'autumn-leaves') {
    // The yardstick: the same game as a tight hand-written loop (bench/tight-leaves.ts), measured in
    // the same run. Target: the engine's random playouts at least half as fast.
    const tight = new TightLeaves(seats);
    const loop = measure((i) => tight.play(i), seconds);
    console.log(line('tight loop', loop));
    const ratio = random.games / random.cpuSeconds / (loop.games / loop.cpuSeconds);
    console.log(`  random playouts run at ${(ratio * 100).toFixed(0)}% of the tight loop's speed (games per CPU-second; target ≥ 50%)`);
    headlines.push(
      `Autumn Leaves random playouts, ${seats} seats: ${fmt(random.games / random.cpuSeconds, 0).trim()} games/CPU-s = ${(ratio * 100).toFixed(0)}% of bench/tight-leaves.ts (${fmt(loop.games / loop.cpuSeconds, 0).trim()} games/CPU-s; target ≥ 50%)`,
    );
  }
  const heuristic = heuristicRate(game, seats, options.value);
  if (heuristic) console.log(line('heuristic matches', heuristic));
}

if (headlines.length > 0) {
  console.log('\nHeadline figures (games)');
  for (const h of headlines) console.log(`  ${h}`);
}
