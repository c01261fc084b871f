/** `drey sim`: many bot games, a summary with confidence intervals. */
import { mkdirSync } from 'node:fs';
import type { Command } from 'commander';
import type { Registry } from '../../games/index.js';
import { defaultWorkers } from '../../lab/run.js';
import { resolveSim, runResolvedSim, type SimSpec } from '../../lab/sim.js';
import { CliError, EXIT, usage } from '../errors.js';
import { botListFlag, intFlag, seatsFor, seedFlag } from '../flags.js';
import { addGameOptionFlags, rawGameOptions } from '../game-options.js';
import { progressBar } from '../progress.js';
import { addQueueFlags, queueRun } from '../queue-flags.js';
import { simReportLines } from '../sim-report.js';

interface SimFlags {
  seats?: number;
  games: number;
  bots?: string[];
  seed: string;
  json?: boolean;
  record?: string;
  workers?: number;
  queue?: string;
  queueName?: string;
  block?: number;
  [option: string]: unknown;
}

export function registerSim(program: Command, registry: Registry): void {
  const command = program
    .command('sim')
    .description('play many bot games and report win rates with 95% intervals')
    .argument('<game>', 'game id, e.g. autumn-leaves')
    .option('--seats <n>', 'number of seats (default 4, or the nearest the game allows)', intFlag(1, 64))
    .option('--games <n>', 'number of games', intFlag(1), 1000)
    .option('--bots <names>', 'one bot for every seat, or one per seat, comma-separated (default: random)', botListFlag)
    .option('--seed <seed>', 'seed of the run; game i plays with seed <seed>.<i>', seedFlag, '1')
    .option('--json', 'print the report as JSON')
    .option('--record <dir>', 'save every match record as JSON in <dir>')
    .option('--workers <n>', 'worker threads (default: one per core; 1 = no workers)', intFlag(1, 256));
  addQueueFlags(command);
  addGameOptionFlags(command).action(async (gameId: string, flags: SimFlags) => {
    const game = registry.find(gameId);
    if (!game.ok) usage(game.error.message);
    const seats = seatsFor(game.value.game, flags.seats);
    const options = rawGameOptions(flags);
    const spec: SimSpec = { game: gameId, seats, games: flags.games, bots: flags.bots ?? ['random'], seed: flags.seed, options };
    if (flags.record !== undefined) spec.recordDir = flags.record;
    // Everything the user can get wrong (game options included) is checked here, once (exit 2); a
    // failure during the run is a bug (exit 1).
    const resolved = resolveSim(spec, registry);
    if (!resolved.ok) usage(resolved.error.message);
    if (flags.record !== undefined) {
      try {
        mkdirSync(flags.record, { recursive: true });
      } catch (e) {
        usage(`cannot create the record directory ${flags.record}: ${(e as Error).message}`);
      }
    }
    const progress = progressBar(process.stderr, 'sim');
    const report = await runResolvedSim(resolved.value, {
      workers: flags.workers ?? defaultWorkers(),
      registry,
      ...queueRun(flags),
      onProgress: (done, total) => progress.update(done, total),
    });
    progress.done();
    if (!report.ok) throw new CliError(report.error.message, EXIT.failed);
    if (flags.json) process.stdout.write(`${JSON.stringify(report.value, null, 2)}\n`);
    else process.stdout.write(`${simReportLines(report.value).join('\n')}\n`);
    if (flags.record !== undefined && !flags.json) process.stdout.write(`records saved in ${flags.record}\n`);
  });
}
