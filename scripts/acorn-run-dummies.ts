/**
 * Acorn Run dummy calibration (R14, R15): one heuristic seat against dummies at each difficulty.
 * A dummy "wins" when a dummy scores more than the seat (stats.dummyWin). Usage:
 *   npx tsx scripts/acorn-run-dummies.ts [games=2000] [difficulties=easy,normal,hard,expert] [dummies=3] [seed=1]
 * Prints per difficulty the dummies' win rate with a 95% Wilson interval, the seat's mean score,
 * the best dummy's mean score and the mean rounds.
 */
import { playBotMatch } from '../src/bots/play.js';
import type { Bot } from '../src/engine/bot.js';
import type { AnyGame } from '../src/engine/game.js';
import { acornRun } from '../src/games/acorn-run/index.js';
import { heuristicBot } from '../src/games/acorn-run/bots.js';
import { totalVp } from '../src/games/acorn-run/outcome.js';
import type { State } from '../src/games/acorn-run/state.js';
import { wilsonInterval } from '../src/lab/stats.js';

const game = acornRun as unknown as AnyGame;
const games = Number(process.argv[2] ?? 2000);
const levels = (process.argv[3] ?? 'easy,normal,hard,expert').split(',');
const dummies = Number(process.argv[4] ?? 3);
const seed = process.argv[5] ?? '1';

const pct = (x: number): string => `${(100 * x).toFixed(1)}%`;

for (const difficulty of levels) {
  const t0 = performance.now();
  let wins = 0;
  let seatVp = 0;
  let dummyVp = 0;
  let rounds = 0;
  for (let g = 0; g < games; g++) {
    const r = playBotMatch(game, { seats: 1, seed: `${seed}.${difficulty}.${g}`, options: { dummies, difficulty } }, [heuristicBot as Bot]);
    if (!r.ok) throw new Error(r.error.message);
    const o = r.value.outcome;
    wins += Number(o.stats!.dummyWin);
    rounds += o.rounds;
    const state = r.value.match.state as State;
    seatVp += totalVp(state, 0);
    dummyVp += Math.max(...state.racers.flatMap((x, i) => (x.kind === 'dummy' ? [totalVp(state, i)] : [])));
  }
  const [lo, hi] = wilsonInterval(wins, games);
  const s = ((performance.now() - t0) / 1000).toFixed(0);
  console.log(
    `${difficulty.padEnd(7)} dummies win ${pct(wins / games)} (95% ${pct(lo)}–${pct(hi)})  seat ${(seatVp / games).toFixed(1)} VP  best dummy ${(dummyVp / games).toFixed(1)} VP  rounds ${(rounds / games).toFixed(1)}  [${games} games, ${s} s]`,
  );
}
