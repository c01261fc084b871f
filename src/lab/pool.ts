/**
 * Spreading a sim's games over worker threads. Games are cut into chunks handed out as workers
 * come free (so a slow chunk never idles the others); results come back in any order and the
 * caller reorders them by index.
 */
import { spawnWorker } from '../bots/spawn-worker.js';
import type { GameError, Result } from '../engine/result.js';
import { dispatch } from './dispatch.js';
import type { FromWorker, ToWorker, WorkerInit } from './protocol.js';
import type { GameResult, SimSpec } from './sim.js';

/** Chunks small enough to balance load and show progress, big enough to keep messaging cheap. */
export function chunkSize(games: number, workers: number): number {
  return Math.max(1, Math.min(500, Math.ceil(games / (workers * 8))));
}

export function runInWorkers(
  spec: SimSpec,
  workers: number,
  onResult: (result: GameResult) => void,
): Promise<Result<void, GameError>> {
  const size = chunkSize(spec.games, workers);
  const chunks: { from: number; to: number }[] = [];
  for (let from = 0; from < spec.games; from += size) chunks.push({ from, to: Math.min(spec.games, from + size) });
  return dispatch({
    tasks: chunks,
    workers,
    spawn: () => {
      const init: WorkerInit = { spec };
      return spawnWorker(import.meta.url, 'worker', init);
    },
    send: (worker, chunk) => {
      const message: ToWorker = { type: 'chunk', ...chunk };
      worker.postMessage(message);
    },
    read: (raw) => {
      const message = raw as FromWorker;
      switch (message.type) {
        case 'ready':
          return 'ready';
        case 'results':
          for (const r of message.results) onResult(r);
          return null;
        case 'chunk-done':
          return 'task-done';
        case 'error':
          return { error: message.error };
      }
    },
    what: 'a lab worker',
  });
}
