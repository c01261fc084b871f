/**
 * Running a tournament: in this thread (`workers: 1`) or spread over worker threads, one game at
 * a time per worker (games between search bots are long, so messaging costs nothing). Every game
 * depends only on the spec and its place in the schedule, so the report is the same for any
 * number of workers.
 */
import { availableParallelism } from 'node:os';
import { spawnWorker } from '../bots/spawn-worker.js';
import { dispatch } from './dispatch.js';
import { ok, type GameError, type Result } from '../engine/result.js';
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
  return dispatch({
    tasks: games,
    workers: count,
    spawn: () => spawnWorker(import.meta.url, 'tournament-worker', { spec }),
    send: (worker, game) => {
      const message: ToTournamentWorker = { type: 'play', game };
      worker.postMessage(message);
    },
    read: (raw) => {
      const message = raw as FromTournamentWorker;
      switch (message.type) {
        case 'ready':
          return 'ready';
        case 'result':
          onResult(message.result);
          return 'task-done';
        case 'error':
          return { error: message.error };
      }
    },
    what: 'a tournament worker',
  });
}
