/**
 * Acorn Run's rules and views on their own (issue 23, "Strong and cheap"): random playouts on one
 * thread, then whole games of four `hard` bots in CPU-seconds. Short on purpose, so a before/after
 * pair can run back to back on a busy machine (run it in both checkouts, one after the other):
 *
 *   node --import tsx bench/acorn-run-speed.ts                 # 5 s of playouts, 1 hard game
 *   node --import tsx bench/acorn-run-speed.ts --seconds 3 --hard-games 0
 */
import { performance } from 'node:perf_hooks';
import { findBot, playBotMatch } from '../src/bots/index.js';
import { randomPlayout } from '../src/engine/playout.js';
import { createRng } from '../src/engine/rng.js';
import { getGame } from '../src/games/index.js';

const args = process.argv.slice(2);
const flag = (name: string, fallback: number): number => {
  const at = args.indexOf(name);
  return at >= 0 ? Number(args[at + 1]) : fallback;
};
const seconds = flag('--seconds', 5);
const hardGames = flag('--hard-games', 1);
const seats = 4;

const game = getGame('acorn-run');
if (!game) throw new Error('acorn-run is not registered');
const options = game.parseOptions({}, seats);
if (!options.ok) throw new Error(options.error.message);
const cpuSeconds = (since: NodeJS.CpuUsage): number => {
  const u = process.cpuUsage(since);
  return (u.user + u.system) / 1e6;
};

// Random playouts: a warm-up second, then `seconds` of games.
let i = 0;
const once = (): number => {
  const state = game.setup({ seats, seed: `bench.${i}`, options: options.value });
  const n = randomPlayout(game, state, createRng(`bench-moves.${i}`), 100_000);
  i++;
  return n;
};
const warm = performance.now() + 1000;
while (performance.now() < warm) once();
const cpu0 = process.cpuUsage();
const t0 = performance.now();
let games = 0;
let actions = 0;
while (performance.now() - t0 < seconds * 1000) {
  for (let k = 0; k < 8; k++, games++) actions += once();
}
const cpu = cpuSeconds(cpu0);
console.log(
  `random playouts, ${seats} seats, one thread: ${(games / ((performance.now() - t0) / 1000)).toFixed(0)} games/s wall, ${(games / cpu).toFixed(0)} games/CPU-s, ${(actions / games).toFixed(1)} actions/game`,
);

if (hardGames > 0) {
  const hard = findBot('acorn-run', 'hard');
  if (!hard.ok) throw new Error(hard.error.message);
  for (let g = 0; g < hardGames; g++) {
    const c0 = process.cpuUsage();
    const played = playBotMatch(game, { seats, seed: `bench-hard.${g}` }, [hard.value, hard.value, hard.value, hard.value]);
    if (!played.ok) throw new Error(played.error.message);
    console.log(`four hard bots, game ${g + 1}: ${cpuSeconds(c0).toFixed(2)} CPU-s, ${played.value.match.record.actions.length} actions`);
  }
}
