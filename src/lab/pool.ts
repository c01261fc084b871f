/**
 * Spreading a sim's games over worker threads. Games are cut into chunks handed out as workers
 * come free (so a slow chunk never idles the others); results come back in any order and the
 * caller reorders them by index.
 */
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { err, ok, type GameError, type Result } from '../engine/result.js';
import type { FromWorker, ToWorker, WorkerInit } from './protocol.js';
import type { GameResult, SimSpec } from './sim.js';

/**
 * How to start a worker. From dist/ it is the compiled worker.js beside this file. When this
 * file runs as TypeScript (tests, tsx) the worker first registers tsx's loader in its own thread,
 * then imports worker.ts (Node 20 does not apply `--import` loaders given in a worker's execArgv).
 */
function startWorker(init: WorkerInit): Worker {
  if (!fileURLToPath(import.meta.url).endsWith('.ts')) {
    return new Worker(new URL('./worker.js', import.meta.url), { workerData: init });
  }
  const entry = JSON.stringify(new URL('./worker.ts', import.meta.url).href);
  const boot = `import('tsx/esm/api').then(({ register }) => { register(); return import(${entry}); });`;
  return new Worker(boot, { eval: true, workerData: init });
}

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
  const count = Math.min(workers, chunks.length);

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
      const chunk = chunks[next];
      if (chunk === undefined) {
        if (busy === 0) finish(ok(undefined));
        return;
      }
      next++;
      busy++;
      const message: ToWorker = { type: 'chunk', ...chunk };
      worker.postMessage(message);
    };
    for (let i = 0; i < count; i++) {
      const worker = startWorker({ spec });
      pool.push(worker);
      worker.on('message', (message: FromWorker) => {
        if (finished) return;
        switch (message.type) {
          case 'ready':
            assign(worker);
            break;
          case 'results':
            for (const r of message.results) onResult(r);
            break;
          case 'chunk-done':
            busy--;
            assign(worker);
            break;
          case 'error':
            finish(err(message.error));
            break;
        }
      });
      worker.on('error', (e) => finish(err({ code: 'worker-crashed', message: `a lab worker crashed: ${e.message}` })));
      worker.on('exit', (code) => {
        if (!finished) finish(err({ code: 'worker-exited', message: `a lab worker exited early (code ${code})` }));
      });
    }
  });
}
