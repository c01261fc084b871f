/**
 * Running a tournament: in this thread (`workers: 1`) or spread over worker threads, one game at
 * a time per worker (games between search bots are long, so messaging costs nothing). Every game
 * depends only on the spec and its place in the schedule, so the report is the same for any
 * number of workers.
 */
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { err, ok, type GameError, type Result } from '../engine/result.js';
import type { FromTournamentWorker, ToTournamentWorker } from './tournament-worker.js';
import {
  playScheduledGame,
  resolveTournament,
  schedule,
  tournamentReport,
  type ScheduledGame,
  type TournamentGameResult,
  type TournamentReport,
  type TournamentSpec,
} from './tournament.js';

export interface RunOptions {
  /** Worker threads; 1 plays in this thread. */
  workers?: number;
  onProgress?: (done: number, total: number) => void;
}

/** One worker per core, keeping one core for the main thread when there are several. */
export const defaultTournamentWorkers = (): number => Math.max(1, availableParallelism() - 1);

/** From dist/ the compiled worker; from source, the .ts entry through the tsx starter (see bots/worker.ts). */
function spawnWorker(spec: TournamentSpec): Worker {
  const runningTs = fileURLToPath(import.meta.url).endsWith('.ts');
  if (!runningTs) return new Worker(new URL('./tournament-worker.js', import.meta.url), { workerData: { spec } });
  return new Worker(new URL('../bots/worker-tsx.mjs', import.meta.url), {
    workerData: { spec, tsEntry: new URL('./tournament-worker.ts', import.meta.url).href },
  });
}

export async function runTournament(spec: TournamentSpec, opts: RunOptions = {}): Promise<Result<TournamentReport, GameError>> {
  const resolved = resolveTournament(spec);
  if (!resolved.ok) return resolved;
  const games = schedule(spec);
  const results: TournamentGameResult[] = [];
  const progress = (): void => opts.onProgress?.(results.length, games.length);
  const workers = Math.min(opts.workers ?? 1, games.length);
  if (workers <= 1) {
    for (const game of games) {
      const played = playScheduledGame(resolved.value, game);
      if (!played.ok) return played;
      results.push(played.value);
      progress();
    }
    return ok(tournamentReport(spec, results));
  }
  const played = await playInWorkers(spec, games, workers, (r) => {
    results.push(r);
    progress();
  });
  if (!played.ok) return played;
  return ok(tournamentReport(spec, results));
}

function playInWorkers(
  spec: TournamentSpec,
  games: readonly ScheduledGame[],
  count: number,
  onResult: (r: TournamentGameResult) => void,
): Promise<Result<void, GameError>> {
  return new Promise((resolve) => {
    const pool: Worker[] = [];
    let next = 0;
    let busy = 0;
    let finished = false;
    const finish = (result: Result<void, GameError>): void => {
      if (finished) return;
      finished = true;
      for (const w of pool) void w.terminate();
      resolve(result);
    };
    const assign = (worker: Worker): void => {
      const game = games[next];
      if (game === undefined) {
        if (busy === 0) finish(ok(undefined));
        return;
      }
      next++;
      busy++;
      const message: ToTournamentWorker = { type: 'play', game };
      worker.postMessage(message);
    };
    for (let i = 0; i < count; i++) {
      const worker = spawnWorker(spec);
      pool.push(worker);
      worker.on('message', (message: FromTournamentWorker) => {
        if (finished) return;
        switch (message.type) {
          case 'ready':
            assign(worker);
            break;
          case 'result':
            busy--;
            onResult(message.result);
            assign(worker);
            break;
          case 'error':
            finish(err(message.error));
            break;
        }
      });
      worker.on('error', (e) => finish(err({ code: 'worker-crashed', message: `a tournament worker crashed: ${e.message}` })));
      worker.on('exit', (code) => {
        if (!finished) finish(err({ code: 'worker-exited', message: `a tournament worker exited early (code ${code})` }));
      });
    }
  });
}
