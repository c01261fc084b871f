/** `drey tournament`: bots play each other with seats rotated; a rating table with 95% intervals. */
import type { Command } from 'commander';
import type { Registry } from '../../games/index.js';
import { defaultWorkers } from '../../lab/run.js';
import { groupLineups } from '../../lab/schedule.js';
import type { Interval } from '../../lab/stats.js';
import { resolveTournament, runResolvedTournament, tournamentJson, type TournamentReport, type TournamentSpec } from '../../lab/tournament.js';
import { CliError, EXIT, usage } from '../errors.js';
import { botListFlag, intFlag, seatsFor, seedFlag } from '../flags.js';
import { columns, percent, thousands } from '../format.js';
import { addGameOptionFlags, rawGameOptions } from '../game-options.js';
import { progressBar } from '../progress.js';
import { addQueueFlags, queueRun } from '../queue-flags.js';

interface TournamentFlags {
  seats?: number;
  games: number;
  bots: string[];
  seed: string;
  json?: boolean;
  workers?: number;
  queue?: string;
  queueName?: string;
  block?: number;
  [option: string]: unknown;
}

const elo = (x: number): string => Math.round(x).toString();
const eloRange = ([low, high]: Interval): string => `${elo(low)}–${elo(high)}`;
const shareRange = ([low, high]: Interval): string => `${percent(low)}–${percent(high)}`;

/** The human-readable table (the --json form is tournamentJson of the report). */
export function tournamentReportLines(title: string, report: TournamentReport, seconds: number): string[] {
  const perGroup = report.games / Math.max(1, report.groups);
  return [
    `${title} tournament: ${thousands(report.games)} games at ${report.seats} seats (${thousands(report.groups)} deals × ${perGroup} seatings), seed ${report.seed}`,
    '',
    ...columns(
      [
        ['bot', 'Elo', '95% interval', 'win share', '95% interval', 'vs others', 'seats played'],
        ...report.ratings.map((r) => [
          r.name,
          elo(r.elo),
          eloRange(r.eloInterval),
          percent(r.winShare),
          shareRange(r.winShareInterval),
          percent(r.pairwiseScore),
          thousands(r.seatGames),
        ]),
      ],
      ['left', 'right', 'right', 'right', 'right', 'right', 'right'],
    ),
    '',
    `Elo: Bradley–Terry fitted to pairwise results at the table (ahead = win, shared rank = half), mean 1500`,
    `win share: share of its seats a bot won (a shared win is split); an equal bot wins ${percent(1 / report.seats)}`,
    `vs others: share of pairwise results won against other bots; intervals: bootstrap over deals`,
    `${thousands(report.games)} games in ${seconds.toFixed(1)} s`,
  ];
}

export function registerTournament(program: Command, registry: Registry): void {
  const command = program
    .command('tournament')
    .description('bots play each other with seats rotated; prints Elo ratings and win shares with 95% intervals')
    .argument('<game>', 'game id, e.g. autumn-leaves')
    .requiredOption('--bots <names>', 'bots taking part, comma-separated; a name may repeat (hard,easy,easy,easy)', botListFlag)
    .option('--games <n>', 'games to play (rounded up so every bot plays every seat equally)', intFlag(1), 400)
    .option('--seats <n>', 'number of seats (default 4, or the nearest the game allows)', intFlag(1, 64))
    .option('--seed <seed>', 'seed of the tournament; deal i plays with seed <seed>.<i>', seedFlag, '1')
    .option('--json', 'print the report as JSON')
    .option('--workers <n>', 'worker threads (default: one per core; 1 = no workers)', intFlag(1, 256));
  addQueueFlags(command);
  addGameOptionFlags(command).action(async (gameId: string, flags: TournamentFlags) => {
    const game = registry.find(gameId);
    if (!game.ok) usage(game.error.message);
    const seats = seatsFor(game.value.game, flags.seats);
    const options = rawGameOptions(flags);
    const spec: TournamentSpec = { game: gameId, seats, bots: flags.bots, games: flags.games, seed: flags.seed, options };
    const resolved = resolveTournament(spec, registry);
    if (!resolved.ok) usage(resolved.error.message);
    const perGroup = groupLineups(flags.bots, seats).length;
    const rounded = Math.ceil(flags.games / perGroup) * perGroup;
    if (rounded !== flags.games && !flags.json) {
      process.stderr.write(`playing ${thousands(rounded)} games so every bot plays every seat equally\n`);
    }
    const progress = progressBar(process.stderr, 'tournament');
    const started = performance.now();
    const report = await runResolvedTournament(resolved.value, {
      workers: flags.workers ?? defaultWorkers(),
      registry,
      ...queueRun(flags),
      onProgress: (done, total) => progress.update(done, total),
    });
    progress.done();
    if (!report.ok) throw new CliError(report.error.message, EXIT.failed);
    const seconds = (performance.now() - started) / 1000;
    if (flags.json) process.stdout.write(`${JSON.stringify(tournamentJson(report.value), null, 2)}\n`);
    else process.stdout.write(`${tournamentReportLines(game.value.game.title, report.value, seconds).join('\n')}\n`);
  });
}
