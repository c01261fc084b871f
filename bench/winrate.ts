/**
 * Win rate of one bot against others, with a 95% Wilson interval.
 *
 *   node --import tsx bench/winrate.ts <game> --seats 4 --lineup heuristic,random,random,random
 *        [--options '{"partners":true}'] [--games 2000] [--seed s]
 *
 * The subject is the first bot of the lineup (in a partner game: the first team, whose seats
 * are the first two of the lineup). Game i rotates the lineup by i seats (by i teams in a
 * partner game), so every seat takes its turn. A shared win counts as a win.
 *
 * The issue-23 figure (hard against three heuristic bots in Acorn Run; target at least 40%):
 *   node --import tsx bench/winrate.ts acorn-run --seats 4 --lineup hard,heuristic,heuristic,heuristic --games 200
 */
import { findBot, playBotMatch } from '../src/bots/index.js';
import type { Bot } from '../src/engine/bot.js';
import { findGame } from '../src/games/index.js';
import { wilsonInterval } from '../src/lab/stats.js';

function arg(name: string, fallback?: string): string {
  const i = process.argv.indexOf(`--${name}`);
  const value = i >= 0 ? process.argv[i + 1] : fallback;
  if (value === undefined) throw new Error(`missing --${name}`);
  return value;
}


function main(): void {
  const gameId = process.argv[2] ?? 'acorns';
  const found = findGame(gameId);
  if (!found.ok) throw new Error(found.error.message);
  const game = found.value;
  const seats = Number(arg('seats', '4'));
  const options: unknown = JSON.parse(arg('options', '{}'));
  const games = Number(arg('games', '2000'));
  const seed = arg('seed', 'winrate');
  const names = arg('lineup', ['heuristic', ...Array(seats - 1).fill('random')].join(',')).split(',');
  if (names.length !== seats) throw new Error(`the lineup needs ${seats} bots`);
  const bots: Bot[] = names.map((name) => {
    const bot = findBot(gameId, name);
    if (!bot.ok) throw new Error(bot.error.message);
    return bot.value;
  });
  const team = typeof options === 'object' && options !== null && (options as { partners?: unknown }).partners === true;
  const step = team ? 2 : 1;
  let wins = 0;
  let shared = 0;
  let subjectScore = 0;
  let rounds = 0;
  const started = performance.now();
  const cpuStart = process.cpuUsage();
  for (let i = 0; i < games; i++) {
    const shift = (i * step) % seats;
    const lineup = bots.map((_, seat) => bots[(seat - shift + seats) % seats]!);
    const subject = shift; // the seat where lineup[0] sits
    const played = playBotMatch(game, { seats, seed: `${seed}-${i}`, options }, lineup);
    if (!played.ok) throw new Error(played.error.message);
    const { outcome } = played.value;
    if (outcome.winners.includes(subject)) {
      wins++;
      if (outcome.winners.length > (team ? 2 : 1)) shared++;
    }
    subjectScore += outcome.scores[subject]!;
    rounds += outcome.rounds;
  }
  const seconds = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuStart);
  const cpuSeconds = (cpu.user + cpu.system) / 1e6;
  const [lo, hi] = wilsonInterval(wins, games);
  const pct = (x: number) => `${(100 * x).toFixed(1)}%`;
  console.log(
    `${gameId} ${seats} seats ${JSON.stringify(options)} lineup ${names.join(',')}: ` +
      `${names[0]}${team ? ' team' : ''} won ${wins}/${games} = ${pct(wins / games)} (95% Wilson ${pct(lo)}–${pct(hi)}), ` +
      `${shared} shared; mean score ${(subjectScore / games).toFixed(2)}; mean rounds ${(rounds / games).toFixed(1)}; ` +
      `${(games / seconds).toFixed(games / seconds < 10 ? 2 : 0)} games/s, ${(cpuSeconds / games).toFixed(2)} CPU-s per game`,
  );
}

main();
