/**
 * Bots off the main thread: a small pool of worker threads that make decisions, so a thinking
 * bot never stalls a server's event loop or a terminal's input. `decideInWorker` uses a shared
 * pool of one thread; create a `BotWorkerPool` for more.
 *
 * A worker receives the real state only to build the bot's input with `botInput` (the view, the
 * legal actions and a determinizer over the game's `resample`) — exactly what a bot in the main
 * thread gets. Given the same generator a worker decides exactly as the main thread would and
 * hands the advanced generator back, so matches stay reproducible.
 */
import type { Worker } from 'node:worker_threads';
import { spawnWorker } from './spawn-worker.js';
import { err, ok, type GameError, type Result } from '../engine/result.js';
import type { DecideRequest, Decision, FromBotWorker, ToBotWorker } from './worker-protocol.js';

export type { DecideRequest, Decision } from './worker-protocol.js';

interface Job {
  id: number;
  request: DecideRequest;
  resolve: (result: Result<Decision, GameError>) => void;
}

interface Slot {
  worker: Worker;
  job: Job | undefined;
}

export class BotWorkerPool {
  private readonly slots: Slot[] = [];
  private readonly queue: Job[] = [];
  private nextId = 1;
  private closed = false;

  constructor(private readonly size = 1) {
    if (!Number.isInteger(size) || size < 1) throw new RangeError(`a pool needs at least one worker, not ${size}`);
  }

  /** Decides in a worker. Never rejects: a failure is an error value. */
  decide(request: DecideRequest): Promise<Result<Decision, GameError>> {
    if (this.closed) return Promise.resolve(err({ code: 'pool-closed', message: 'the bot worker pool is closed' }));
    return new Promise((resolve) => {
      this.queue.push({ id: this.nextId++, request, resolve });
      this.pump();
    });
  }

  /** Stops every worker; queued and running decisions end with an error. */
  async close(): Promise<void> {
    this.closed = true;
    const failure = err({ code: 'pool-closed', message: 'the bot worker pool was closed' });
    for (const job of this.queue.splice(0)) job.resolve(failure);
    const slots = this.slots.splice(0);
    for (const slot of slots) slot.job?.resolve(failure);
    await Promise.all(slots.map((s) => s.worker.terminate()));
  }

  private pump(): void {
    while (this.queue.length > 0) {
      let slot = this.slots.find((s) => s.job === undefined);
      if (!slot && this.slots.length < this.size) slot = this.spawn();
      if (!slot) return;
      const job = this.queue.shift()!;
      slot.job = job;
      slot.worker.ref();
      const message: ToBotWorker = { id: job.id, request: job.request };
      slot.worker.postMessage(message);
    }
  }

  private spawn(): Slot {
    const worker = spawnWorker(import.meta.url, 'worker-entry');
    const slot: Slot = { worker, job: undefined };
    worker.on('message', (message: FromBotWorker) => {
      const job = slot.job;
      if (!job || job.id !== message.id) return;
      slot.job = undefined;
      // An idle worker must not keep the process alive.
      worker.unref();
      job.resolve(message.ok ? ok(message.decision) : err(message.error));
      this.pump();
    });
    const fail = (why: string): void => {
      const i = this.slots.indexOf(slot);
      if (i >= 0) this.slots.splice(i, 1);
      slot.job?.resolve(err({ code: 'worker-crashed', message: `a bot worker stopped: ${why}` }));
      slot.job = undefined;
      if (!this.closed) this.pump();
    };
    worker.on('error', (e) => fail(e.message));
    worker.on('exit', (code) => fail(`exit code ${code}`));
    this.slots.push(slot);
    return slot;
  }
}

let shared: BotWorkerPool | undefined;

/** Decides in the shared one-thread pool (created on first use; idle, it keeps nothing alive). */
export function decideInWorker(request: DecideRequest): Promise<Result<Decision, GameError>> {
  shared ??= new BotWorkerPool(1);
  return shared.decide(request);
}

/** Stops the shared pool (tests, shutdown). */
export async function closeSharedBotWorkers(): Promise<void> {
  const pool = shared;
  shared = undefined;
  await pool?.close();
}
