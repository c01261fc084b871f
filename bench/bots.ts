/**
 * `npm run bench` (bots section): how long search bots think, on one thread.
 *
 * For every registered game at 4 seats (or the nearest it allows): heuristic bots play a few
 * games, and at spread-out positions where the seat has a real choice the search decides with a
 * budget of 1,000 iterations (target for Autumn Leaves: median under 20 ms) and at the `medium`
 * and `hard` levels. Steps a game leaves to its heuristic unsearched (`knowledge.defer`) are not
 * timed. Prints the median and 90th percentile per decision, in wall-clock and CPU milliseconds
 * (CPU time is the fairer clock on a shared machine).
 *
 * Then whole games of four `hard` bots in Acorn Run, in CPU-seconds per game (target: under 1).
 *
 *   node --import tsx bench/bots.ts                      # 40 decisions per figure, 2 hard games
 *   node --import tsx bench/bots.ts --decisions 100 --hard-games 5 autumn-leaves acorn-run
 *   node --import tsx bench/bots.ts --levels ismcts:1000 --hard-games 0 autumn-leaves   # one figure
 *
 * `hard` against three heuristic bots over 200 games, with a 95% interval, is a separate, long run:
 *   node --import tsx bench/winrate.ts acorn-run --seats 4 --lineup hard,heuristic,heuristic,heuristic --games 200
 */
import { performance } from 'node:perf_hooks';
import { botInput, findBot, playBotMatch } from '../src/bots/index.js';
import type { Bot } from '../src/engine/bot.js';
import type { AnyGame } from '../src/engine/game.js';
import { createMatch, play } from '../src/engine/match.js';
import { createRng } from '../src/engine/rng.js';
import { BUILTINS, getGame, listGames } from '../src/games/index.js';

const args = process.argv.slice(2);
const flag = (name: string, fallback: number): number => {
  const at = args.indexOf(`--${name}`);
  return at >= 0 ? Number(args[at + 1]) : fallback;
};
const wanted = flag('decisions', 40);
const hardGames = flag('hard-games', 2);
const only = args.filter((a, i) => !a.startsWith('--') && !args[i - 1]?.startsWith('--'));
// Which bots to time per game (comma-separated bot names): all three unless one figure is wanted.
const levelsAt = args.indexOf('--levels');
const levels = levelsAt >= 0 ? (args[levelsAt + 1] ?? '').split(',').filter((l) => l !== '') : ['ismcts:1000', 'medium', 'hard'];
if (levels.length === 0) throw new Error('--levels wants bot names, e.g. ismcts:1000,medium');
if (!(wanted > 0)) throw new Error('--decisions wants a positive number');
if (!(hardGames >= 0)) throw new Error('--hard-games wants a number');

function mustBot(gameId: string, name: string): Bot {
  const bot = findBot(gameId, name);
  if (!bot.ok) throw new Error(bot.error.message);
  return bot.value;
}

const cpuMs = (since: NodeJS.CpuUsage): number => {
  const d = process.cpuUsage(since);
  return (d.user + d.system) / 1000;
};

interface Timed {
  /** Wall-clock milliseconds per decision, sorted. */
  wall: number[];
  /** CPU milliseconds per decision, sorted. */
  cpu: number[];
}

/** Milliseconds per decision of `bot` at `wanted` positions from heuristic games. */
function timeDecisions(game: AnyGame, seats: number, bot: Bot, decisions: number): Timed {
  const heuristic = findBot(game.id, 'heuristic');
  const walker = heuristic.ok ? heuristic.value : mustBot(game.id, 'random');
  const knowledge = BUILTINS.get(game.id)?.bots.knowledge ?? {};
  const wall: number[] = [];
  const cpu: number[] = [];
  for (let g = 0; wall.length < decisions && g < 1000; g++) {
    const created = createMatch(game, { seats, seed: `bench-bots.${g}` });
    if (!created.ok) throw new Error(created.error.message);
    const match = created.value;
    const rng = createRng(`bench-walk.${g}`);
    for (let step = 0; game.toAct(match.state).length > 0 && wall.length < decisions; step++) {
      const seat = game.toAct(match.state)[0]!;
      // Every seventh real choice, so positions spread over the whole game; steps the game leaves
      // to its heuristic (knowledge.defer: Acorn Run's steps inside a move) are not searched.
      const input = botInput(game, match.state, seat, createRng(`bench-bot.${g}.${step}`));
      if (input.legal.length > 1 && step % 7 === 0 && !knowledge.defer?.(input)) {
        const started = performance.now();
        const cpuStart = process.cpuUsage();
        bot(input);
        cpu.push(cpuMs(cpuStart));
        wall.push(performance.now() - started);
      }
      const played = play(match, seat, walker(botInput(game, match.state, seat, rng)));
      if (!played.ok) throw new Error(played.error.message);
    }
  }
  return { wall: wall.sort((a, b) => a - b), cpu: cpu.sort((a, b) => a - b) };
}

const q = (sorted: readonly number[], p: number): number => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;
const ms = (n: number): string => n.toFixed(1).padStart(7);

/** Headline figures, printed together at the end with their targets. */
const headlines: string[] = [];

console.log(`Drey bench (bots): one thread, ${wanted} decisions per figure (node ${process.version})`);
for (const game of listGames()) {
  if (only.length > 0 && !only.includes(game.id)) continue;
  const seats = Math.min(game.seats.max, Math.max(game.seats.min, 4));
  console.log(`\n${game.title} (${game.id}), ${seats} seats`);
  for (const name of levels) {
    const bot = mustBot(game.id, name);
    // Warm-up: let the JIT see the search before timing it.
    timeDecisions(game, seats, bot, 3);
    const t = timeDecisions(game, seats, bot, wanted);
    console.log(
      `  ${name.padEnd(14)} median ${ms(q(t.wall, 0.5))} ms   p90 ${ms(q(t.wall, 0.9))} ms   CPU median ${ms(q(t.cpu, 0.5))} ms   (${t.wall.length} decisions)`,
    );
    if (game.id === 'autumn-leaves' && name === 'ismcts:1000') {
      headlines.push(
        `ISMCTS 1,000 iterations per decision, Autumn Leaves ${seats} seats: median ${q(t.wall, 0.5).toFixed(1)} ms wall, ${q(t.cpu, 0.5).toFixed(1)} ms CPU (${t.wall.length} decisions; target < 20 ms)`,
      );
    }
  }
}

if (hardGames > 0 && (only.length === 0 || only.includes('acorn-run'))) {
  // Whole games of four hard bots: what a `drey lab compare … --bots hard` pays per game.
  const game = getGame('acorn-run')!;
  const hard = mustBot('acorn-run', 'hard');
  const seats = 4;
  console.log(`\nAcorn Run, four hard bots, ${hardGames} whole games after one warm-up game`);
  // Warm-up, as for the decisions above: a lab run plays its games on warm threads, and the first
  // game here pays for the JIT (2 CPU-s where the games after it take 0.3-0.6 on a quiet machine).
  {
    const cpuStart = process.cpuUsage();
    const warm = playBotMatch(game, { seats, seed: 'bench-hard.warm' }, [hard, hard, hard, hard]);
    if (!warm.ok) throw new Error(warm.error.message);
    console.log(`  warm-up game (not counted): ${(cpuMs(cpuStart) / 1000).toFixed(2)} CPU-s`);
  }
  let cpu = 0;
  let wall = 0;
  let actions = 0;
  for (let i = 0; i < hardGames; i++) {
    const started = performance.now();
    const cpuStart = process.cpuUsage();
    const played = playBotMatch(game, { seats, seed: `bench-hard.${i}` }, [hard, hard, hard, hard]);
    if (!played.ok) throw new Error(played.error.message);
    cpu += cpuMs(cpuStart) / 1000;
    wall += (performance.now() - started) / 1000;
    actions += played.value.match.record.actions.length;
    console.log(`  game ${i + 1}: ${(cpuMs(cpuStart) / 1000).toFixed(2)} CPU-s, ${played.value.match.record.actions.length} actions`);
  }
  headlines.push(
    `Four hard bots, Acorn Run ${seats} seats: ${(cpu / hardGames).toFixed(2)} CPU-s per game (${(wall / hardGames).toFixed(2)} s wall; ${hardGames} games after a warm-up game, ${Math.round(actions / hardGames)} actions per game; target < 1 CPU-s)`,
  );
}

if (headlines.length > 0) {
  console.log('\nHeadline figures (bots)');
  for (const h of headlines) console.log(`  ${h}`);
  console.log('  hard vs three heuristic bots, Acorn Run, 200 games with a 95% interval (long; target ≥ 40%):');
  console.log('    node --import tsx bench/winrate.ts acorn-run --seats 4 --lineup hard,heuristic,heuristic,heuristic --games 200');
}
