/**
 * `npm run bench`: how fast each registered game plays, on one thread.
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

const args = process.argv.slice(2);
const secondsAt = args.indexOf('--seconds');
const seconds = secondsAt >= 0 ? Number(args[secondsAt + 1]) : 3;
const only = args.filter((a, i) => !a.startsWith('--') && (secondsAt < 0 || i !== secondsAt + 1));
if (!(seconds > 0)) throw new Error('--seconds wants a positive number');

interface Rate {
  games: number;
  actions: number;
  seconds: number;
}

/** Runs `once` (returning the actions it took) for a warm-up, then for `budget` seconds. */
function measure(once: (i: number) => number, budget: number): Rate {
  const warmUntil = performance.now() + Math.min(1000, budget * 300);
  let i = 0;
  while (performance.now() < warmUntil) once(i++);
  const start = performance.now();
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
  return { games, actions, seconds: (performance.now() - start) / 1000 };
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

const fmt = (n: number): string => Math.round(n).toLocaleString('en-US').padStart(11);
const line = (label: string, r: Rate): string =>
  `  ${label.padEnd(28)}${fmt(r.games / r.seconds)} games/s${fmt(r.actions / r.seconds)} actions/s   (${(r.actions / r.games).toFixed(1)} actions/game)`;

console.log(`Drey bench: one thread, ${seconds} s per figure after a warm-up (node ${process.version})`);
for (const game of listGames()) {
  if (only.length > 0 && !only.includes(game.id)) continue;
  const seats = Math.min(game.seats.max, Math.max(game.seats.min, 4));
  const options = game.parseOptions({}, seats);
  if (!options.ok) throw new Error(`${game.id}: default options refused: ${options.error.message}`);
  console.log(`\n${game.title} (${game.id}), ${seats} seats`);
  console.log(line('random playouts', randomRate(game, seats, options.value)));
  const heuristic = heuristicRate(game, seats, options.value);
  if (heuristic) console.log(line('heuristic matches (checked)', heuristic));
}
