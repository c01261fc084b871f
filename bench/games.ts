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

/** Runs `once` (returning the actions it took, given its number) until `until` (performance.now()), from game number `from`. */
function runUntil(once: (i: number) => number, until: number, from: number): Rate {
  const start = performance.now();
  const cpuStart = process.cpuUsage();
  let games = 0;
  let actions = 0;
  while (performance.now() < until) {
    // Check the clock every few games: it is not free.
    for (let k = 0; k < 8; k++) {
      actions += once(from + games);
      games++;
    }
  }
  const cpu = process.cpuUsage(cpuStart);
  return { games, actions, seconds: (performance.now() - start) / 1000, cpuSeconds: (cpu.user + cpu.system) / 1e6 };
}

const add = (a: Rate, b: Rate): Rate => ({
  games: a.games + b.games,
  actions: a.actions + b.actions,
  seconds: a.seconds + b.seconds,
  cpuSeconds: a.cpuSeconds + b.cpuSeconds,
});
const NONE: Rate = { games: 0, actions: 0, seconds: 0, cpuSeconds: 0 };
const warmUp = (once: (i: number) => number, budget: number): number => runUntil(once, performance.now() + Math.min(1000, budget * 300), 0).games;

/** How many windows each measurement is taken in (`inTurns`). */
const ROUNDS = 6;

interface Measured {
  /** All windows together. */
  total: Rate;
  /** Games per CPU-second in each window: their spread says how steady the machine was. */
  windows: number[];
}

/**
 * Runs each of `runs` (returning the actions a game took, given its number) for a warm-up, then
 * for `budget` seconds each, in ROUNDS windows taken in turns: what the machine does meanwhile
 * (other load, its clock) falls on all of them alike, which is what a ratio between two of them
 * needs. Measured one after the other instead, Autumn Leaves' ratio to the tight loop moved by a
 * tenth from run to run.
 */
function inTurns(runs: ((i: number) => number)[], budget: number): Measured[] {
  const next = runs.map((run) => warmUp(run, budget));
  const out: Measured[] = runs.map(() => ({ total: NONE, windows: [] }));
  const slice = (budget * 1000) / ROUNDS;
  for (let round = 0; round < ROUNDS; round++) {
    runs.forEach((run, k) => {
      const rate = runUntil(run, performance.now() + slice, next[k]!);
      next[k]! += rate.games;
      out[k]!.total = add(out[k]!.total, rate);
      out[k]!.windows.push(rate.games / rate.cpuSeconds);
    });
  }
  return out;
}

/** One measurement alone, in ROUNDS windows. */
const measure = (once: (i: number) => number, budget: number): Measured => inTurns([once], budget)[0]!;

const spread = (m: Measured): string => `${fmt(Math.min(...m.windows), 0).trim()}–${fmt(Math.max(...m.windows), 0).trim()}`;

/** One random playout (setup included) of game number `i`: the actions it took. */
const randomGame =
  (game: AnyGame, seats: number, options: unknown) =>
  (i: number): number => {
    const state = game.setup({ seats, seed: `bench.${i}`, options });
    return randomPlayout(game, state, createRng(`bench-moves.${i}`), 100_000);
  };

function heuristicRate(game: AnyGame, seats: number, options: unknown): Rate | undefined {
  const bot = findBot(game.id, 'heuristic');
  if (!bot.ok) return undefined;
  const bots = new Array(seats).fill(bot.value);
  return measure((i) => {
    const played = playBotMatch(game, { seats, seed: `bench.${i}`, options }, bots);
    if (!played.ok) throw new Error(played.error.message);
    return played.value.match.record.actions.length;
  }, seconds).total;
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
  const playout = randomGame(game, seats, options.value);
  if (game.id === 'autumn-leaves') {
    // The yardstick: the same game as a tight hand-written loop (bench/tight-leaves.ts), measured in
    // the same run, in turns with the random playouts. Target: the engine's random playouts at least half as fast.
    const tight = new TightLeaves(seats);
    const [random, loop] = inTurns([playout, (i) => tight.play(i)], seconds) as [Measured, Measured];
    console.log(line('random playouts', random.total));
    console.log(line('tight loop', loop.total));
    const ratio = random.total.games / random.total.cpuSeconds / (loop.total.games / loop.total.cpuSeconds);
    const ratios = random.windows.map((r, k) => r / loop.windows[k]!);
    const pct = (r: number): string => `${(r * 100).toFixed(0)}%`;
    console.log(
      `  random playouts run at ${pct(ratio)} of the tight loop's speed (games per CPU-second; ${pct(Math.min(...ratios))}–${pct(Math.max(...ratios))} in the ${ROUNDS} windows; target ≥ 50%)`,
    );
    headlines.push(
      `Autumn Leaves random playouts, ${seats} seats: ${fmt(random.total.games / random.total.cpuSeconds, 0).trim()} games/CPU-s = ${pct(ratio)} of bench/tight-leaves.ts (${fmt(loop.total.games / loop.total.cpuSeconds, 0).trim()} games/CPU-s; target ≥ 50%)`,
    );
  } else {
    const random = measure(playout, seconds);
    console.log(line('random playouts', random.total));
    if (game.id === 'acorn-run') {
      headlines.push(
        `Acorn Run random playouts, ${seats} seats, one thread: ${fmt(random.total.games / random.total.seconds, 0).trim()} games/s wall, ${fmt(random.total.games / random.total.cpuSeconds, 0).trim()} games/CPU-s, ${spread(random)} in the ${ROUNDS} windows (target: 5× the code before issue 23, which measured 418 games/s on the machine of the day; before and after in one run: npm run bench:ar-before)`,
      );
    }
  }
  const heuristic = heuristicRate(game, seats, options.value);
  if (heuristic) console.log(line('heuristic matches', heuristic));
}

if (headlines.length > 0) {
  console.log('\nHeadline figures (games)');
  for (const h of headlines) console.log(`  ${h}`);
}
