/**
 * Handing tasks to worker threads as they come free, so a slow task never idles the others.
 * Sims hand out chunks of games, tournaments single games; both read their workers' messages
 * through `read` and share the bookkeeping here: start, assign, finish once, stop on a failure.
 */
import type { Worker } from 'node:worker_threads';
import { err, ok, type GameError, type Result } from '../engine/result.js';

/** What one message from a worker means for the dispatcher. */
export type WorkerSignal = 'ready' | 'task-done' | { error: GameError } | null;

export interface Dispatch<Task> {
  tasks: readonly Task[];
  workers: number;
  spawn: () => Worker;
  send: (worker: Worker, task: Task) => void;
  /** Reads a worker's message (passing results on as a side effect) and says what it means. */
  read: (message: unknown) => WorkerSignal;
  /** How errors name a worker: "a lab worker", "a tournament worker". */
  what: string;
}

export function dispatch<Task>(d: Dispatch<Task>): Promise<Result<void, GameError>> {
  const count = Math.min(d.workers, d.tasks.length);
  if (count === 0) return Promise.resolve(ok(undefined));
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
      if (next >= d.tasks.length) {
        if (busy === 0) finish(ok(undefined));
        return;
      }
      busy++;
      d.send(worker, d.tasks[next++]!);
    };
    for (let i = 0; i < count; i++) {
      const worker = d.spawn();
      pool.push(worker);
      worker.on('message', (message: unknown) => {
        if (finished) return;
        const signal = d.read(message);
        if (signal === 'ready') assign(worker);
        else if (signal === 'task-done') {
          busy--;
          assign(worker);
        } else if (signal !== null) finish(err(signal.error));
      });
      worker.on('error', (e) => finish(err({ code: 'worker-crashed', message: `${d.what} crashed: ${e.message}` })));
      worker.on('exit', (code) => {
        if (!finished) finish(err({ code: 'worker-exited', message: `${d.what} exited early (code ${code})` }));
      });
    }
  });
}
