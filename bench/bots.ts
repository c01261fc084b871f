/**
 * `npm run bench` (bots section): how long search bots think, on one thread.
 *
 * For every registered game at 4 seats (or the nearest it allows): heuristic bots play a few
 * games, and at spread-out positions where the seat has a real choice the search decides with a
 * budget of 1,000 iterations (target for Autumn Leaves: median under 30 ms) and at the `medium`
 * and `hard` levels. Steps a game leaves to its heuristic unsearched (`knowledge.defer`) are not
 * timed. Prints the median and 90th percentile per decision.
 *
 *   node --import tsx bench/bots.ts                      # 40 decisions per figure
 *   node --import tsx bench/bots.ts --decisions 100 autumn-leaves
 */
import { performance } from 'node:perf_hooks';
import { botInput, findBot } from '../src/bots/index.js';
import type { Bot } from '../src/engine/bot.js';
import type { AnyGame } from '../src/engine/game.js';
import { createMatch, play } from '../src/engine/match.js';
import { createRng } from '../src/engine/rng.js';
import { BUILTINS, listGames } from '../src/games/index.js';

const args = process.argv.slice(2);
const at = args.indexOf('--decisions');
const wanted = at >= 0 ? Number(args[at + 1]) : 40;
const only = args.filter((a, i) => !a.startsWith('--') && (at < 0 || i !== at + 1));
if (!(wanted > 0)) throw new Error('--decisions wants a positive number');

function mustBot(gameId: string, name: string): Bot {
  const bot = findBot(gameId, name);
  if (!bot.ok) throw new Error(bot.error.message);
  return bot.value;
}

/** Milliseconds per decision of `bot` at `wanted` positions from heuristic games. */
function timeDecisions(game: AnyGame, seats: number, bot: Bot, decisions: number): number[] {
  const heuristic = findBot(game.id, 'heuristic');
  const walker = heuristic.ok ? heuristic.value : mustBot(game.id, 'random');
  const knowledge = BUILTINS.get(game.id)?.bots.knowledge ?? {};
  const times: number[] = [];
  for (let g = 0; times.length < decisions && g < 1000; g++) {
    const created = createMatch(game, { seats, seed: `bench-bots.${g}` });
    if (!created.ok) throw new Error(created.error.message);
    const match = created.value;
    const rng = createRng(`bench-walk.${g}`);
    for (let step = 0; game.toAct(match.state).length > 0 && times.length < decisions; step++) {
      const seat = game.toAct(match.state)[0]!;
      // Every seventh real choice, so positions spread over the whole game; steps the game leaves
      // to its heuristic (knowledge.defer: Acorn Run's steps inside a move) are not searched.
      const input = botInput(game, match.state, seat, createRng(`bench-bot.${g}.${step}`));
      if (input.legal.length > 1 && step % 7 === 0 && !knowledge.defer?.(input)) {
        const started = performance.now();
        bot(input);
        times.push(performance.now() - started);
      }
      const played = play(match, seat, walker(botInput(game, match.state, seat, rng)));
      if (!played.ok) throw new Error(played.error.message);
    }
  }
  return times.sort((a, b) => a - b);
}

const q = (sorted: readonly number[], p: number): number => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;

console.log(`Drey bench (bots): one thread, ${wanted} decisions per figure (node ${process.version})`);
for (const game of listGames()) {
  if (only.length > 0 && !only.includes(game.id)) continue;
  const seats = Math.min(game.seats.max, Math.max(game.seats.min, 4));
  console.log(`\n${game.title} (${game.id}), ${seats} seats`);
  for (const name of ['ismcts:1000', 'medium', 'hard']) {
    const bot = mustBot(game.id, name);
    // Warm-up: let the JIT see the search before timing it.
    timeDecisions(game, seats, bot, 3);
    const times = timeDecisions(game, seats, bot, wanted);
    console.log(`  ${name.padEnd(14)} median ${q(times, 0.5).toFixed(1).padStart(7)} ms   p90 ${q(times, 0.9).toFixed(1).padStart(7)} ms   (${times.length} decisions)`);
  }
}
