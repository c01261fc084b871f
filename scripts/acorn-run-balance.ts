/**
 * Acorn Run balance by simulation: heuristic bots racing each other, and one heuristic against
 * random racers. Usage: npx tsx scripts/acorn-run-balance.ts [games] [seats]
 * Prints median rounds, finishing places by seat (seat 0 races first), the lane color winners
 * finished on, and the heuristic's win rate against random with a 95% Wilson interval.
 */
import { playBotMatch } from '../src/bots/play.js';
import { randomBot } from '../src/bots/random.js';
import type { Bot } from '../src/engine/bot.js';
import type { AnyGame } from '../src/engine/game.js';
import { acornRun } from '../src/games/acorn-run/index.js';
import { heuristicBotFor } from '../src/games/acorn-run/bots.js';
import { BUILTIN_TABLES } from '../src/games/acorn-run/tables.js';

const heuristicBot = heuristicBotFor(BUILTIN_TABLES);
import { wilsonInterval } from '../src/lab/stats.js';

const game = acornRun as unknown as AnyGame;
const games = Number(process.argv[2] ?? 200);
const seats = Number(process.argv[3] ?? 4);
const mode = process.argv[4] ?? 'both';

const pct = (x: number): string => `${(100 * x).toFixed(1)}%`;

function run(label: string, bots: Bot[], options: unknown): void {
  const t0 = performance.now();
  const rounds: number[] = [];
  const lanes: Record<string, number> = {};
  const places = bots.map(() => new Array<number>(bots.length).fill(0));
  const wins = bots.map(() => 0);
  let dq = 0;
  const laneFinishes: Record<string, number> = {};
  const laneWins: Record<string, number> = {};
  for (let g = 0; g < games; g++) {
    const r = playBotMatch(game, { seats: bots.length, seed: `${label}-${g}`, options }, bots as Bot[]);
    if (!r.ok) throw new Error(r.error.message);
    const o = r.value.outcome;
    rounds.push(o.rounds);
    lanes[String(o.stats!.winnerLane)] = (lanes[String(o.stats!.winnerLane)] ?? 0) + 1;
    dq += Number(o.stats!.disqualified);
    o.ranks.forEach((rank, seat) => places[seat]![rank - 1]!++);
    const state = r.value.match.state as { racers: { finishLane: string | null }[] };
    state.racers.forEach((racer, seat) => {
      const lane = racer.finishLane ?? 'none';
      laneFinishes[lane] = (laneFinishes[lane] ?? 0) + 1;
      if (o.winners.includes(seat)) laneWins[lane] = (laneWins[lane] ?? 0) + 1 / o.winners.length;
    });
    for (const w of o.winners) wins[w]! += 1 / o.winners.length;
  }
  rounds.sort((a, b) => a - b);
  const ms = (performance.now() - t0) / games;
  console.log(`\n${label}: ${games} games, ${ms.toFixed(0)} ms/game`);
  console.log(`rounds: median ${rounds[Math.floor(games / 2)]}, p10 ${rounds[Math.floor(games / 10)]}, p90 ${rounds[Math.floor((9 * games) / 10)]}; disqualified per game ${(dq / games).toFixed(2)}`);
  console.log(`winner's lane: ${Object.entries(lanes).map(([k, v]) => `${k} ${pct(v / games)}`).join(', ')}`);
  console.log(`every racer's finish lane (and how often a racer finishing there won): ${Object.entries(laneFinishes).map(([k, v]) => `${k} ${pct(v / (games * bots.length))} (${pct((laneWins[k] ?? 0) / v)})`).join(', ')}`);
  places.forEach((p, seat) => {
    const [lo, hi] = wilsonInterval(wins[seat]!, games);
    console.log(`seat ${seat}: wins ${pct(wins[seat]! / games)} (95% ${pct(lo)}–${pct(hi)})  places ${p.map((n) => pct(n / games)).join(' ')}`);
  });
  const laneWinners = Object.entries(lanes).map(([k, v]) => {
    const [lo, hi] = wilsonInterval(v, games);
    return `${k} ${pct(v / games)} (${pct(lo)}–${pct(hi)})`;
  });
  console.log(`winner's lane with 95% intervals: ${laneWinners.join(', ')}`);
  if (label.startsWith('vs-random')) {
    const [lo, hi] = wilsonInterval(wins[0]!, games);
    console.log(`heuristic win rate ${pct(wins[0]! / games)} (95% Wilson ${pct(lo)}–${pct(hi)})`);
  }
}

if (mode !== 'random') run(`heuristic-x${seats}`, Array.from({ length: seats }, () => heuristicBot as Bot), {});
if (mode !== 'heuristic') run('vs-random', [heuristicBot as Bot, ...Array.from({ length: seats - 1 }, () => randomBot)], { firstSeat: 'random' });
