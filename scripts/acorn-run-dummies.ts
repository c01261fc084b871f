/**
 * Acorn Run dummy calibration (R13, R14, R15): heuristic seats against dummies at each difficulty.
 * Dummies are racers (R13): they win when they rank first (a win shared with a seat counts half).
 * Usage:
 *   npx tsx scripts/acorn-run-dummies.ts [games=2000] [difficulties=easy,normal,hard,expert] [dummies=3] [seed=1] [seats=1]
 * Prints per difficulty the dummies' combined win share with a 95% Wilson interval, each dummy's
 * share, the seats' mean score, the best dummy's mean score and the mean rounds.
 */
import { playBotMatch } from '../src/bots/play.js';
import type { Bot } from '../src/engine/bot.js';
import type { AnyGame } from '../src/engine/game.js';
import { acornRun } from '../src/games/acorn-run/index.js';
import { heuristicBotFor } from '../src/games/acorn-run/bots.js';
import { BUILTIN_TABLES } from '../src/games/acorn-run/tables.js';

const heuristicBot = heuristicBotFor(BUILTIN_TABLES);
import { wilsonInterval } from '../src/lab/stats.js';

const game = acornRun as unknown as AnyGame;
const games = Number(process.argv[2] ?? 2000);
const levels = (process.argv[3] ?? 'easy,normal,hard,expert').split(',');
const dummies = Number(process.argv[4] ?? 3);
const seed = process.argv[5] ?? '1';
const seats = Number(process.argv[6] ?? 1);

const pct = (x: number): string => `${(100 * x).toFixed(1)}%`;
const seedOf = (difficulty: string, g: number): string => (seats === 1 ? `${seed}.${difficulty}.${g}` : `${seed}.${seats}.${dummies}.${difficulty}.${g}`);

for (const difficulty of levels) {
  const t0 = performance.now();
  let wins = 0;
  const each = new Map<string, number>();
  let seatVp = 0;
  let dummyVp = 0;
  let rounds = 0;
  for (let g = 0; g < games; g++) {
    const r = playBotMatch(game, { seats, seed: seedOf(difficulty, g), options: { dummies, difficulty } }, Array.from({ length: seats }, () => heuristicBot as Bot));
    if (!r.ok) throw new Error(r.error.message);
    const o = r.value.outcome;
    const racers = o.racers ?? [];
    const first = o.winners.length + racers.filter((x) => x.rank === 1).length;
    for (const x of racers) {
      if (x.rank === 1) wins += 1 / first;
      each.set(x.name, (each.get(x.name) ?? 0) + (x.rank === 1 ? 1 / first : 0));
    }
    rounds += o.rounds;
    seatVp += o.scores.reduce((a, b) => a + b, 0) / seats;
    dummyVp += Math.max(...racers.map((x) => x.score));
  }
  const [lo, hi] = wilsonInterval(wins, games);
  const s = ((performance.now() - t0) / 1000).toFixed(0);
  const shares = [...each].map(([name, w]) => `${name} ${pct(w / games)}`).join(', ');
  console.log(
    `${difficulty.padEnd(7)} dummies win ${pct(wins / games)} (95% ${pct(lo)}–${pct(hi)}) [${shares}]  seat ${(seatVp / games).toFixed(1)} VP  best dummy ${(dummyVp / games).toFixed(1)} VP  rounds ${(rounds / games).toFixed(1)}  [${seats} seat(s), ${dummies} dummies, ${games} games, ${s} s]`,
  );
}
