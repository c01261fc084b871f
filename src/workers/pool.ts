/**
 * The one worker pool: bot decisions for the server and lab games for sims and tournaments run
 * here, off the calling thread, so a thinking bot never stalls an event loop and a long run uses
 * every core.
 *
 * - Workers start when tasks need them, up to `size`; an idle worker does not keep the process
 *   alive, a busy one does.
 * - A task may have a time limit: past it the worker is terminated and replaced, and the task
 *   fails with `timeout`. The clock starts when the worker is ready, not while it boots.
 * - Each worker may have a memory limit (`resourceLimits`): a task that blows it fails with
 *   `out-of-memory` and the worker is replaced.
 * - Tasks queue per owner (the server passes the table id) and are taken round-robin between
 *   owners with queued tasks, so one owner with many tasks cannot starve another.
 * - A worker that dies fails its task with `worker-crashed` and is replaced. `close()` ends
 *   queued and running tasks with `pool-closed`.
 *
 * Failures are error values (`Result`); `run` never rejects.
 */
import type { Worker } from 'node:worker_threads';
import { err, ok, type GameError, type Result } from '../engine/result.js';
import type { TaskKinds, TaskMessage, WorkerMessage } from './protocol.js';
import { spawnWorker, type WorkerEntry } from './spawn.js';

/** Drey's worker entry (entry.ts): bot decisions and lab games. */
export const DREY_WORKER: WorkerEntry = { beside: import.meta.url, name: 'entry' };

export interface PoolOptions {
  /** The most worker threads at once (at least 1). */
  size: number;
  /** The module the workers run; Drey's own by default. */
  entry?: WorkerEntry;
  /** A time limit for every task that does not set its own, in milliseconds. */
  timeLimitMs?: number;
  /** Each worker's heap limit in megabytes (worker_threads `maxOldGenerationSizeMb`). */
  memoryLimitMb?: number;
  /**
   * What every worker starts with (its `workerData`): data too big to send with each task, such
   * as the content files of the games the server plays (src/workers/entry.ts), sent once per worker.
   */
  workerData?: unknown;
}

export interface TaskOptions {
  /** Whose task this is (the server: the table id); owners take turns. */
  owner?: string;
  /** This task's time limit in milliseconds (overrides the pool's). */
  timeLimitMs?: number;
}

interface Job {
  id: number;
  kind: string;
  input: unknown;
  timeLimitMs: number | undefined;
  resolve: (result: Result<unknown, GameError>) => void;
}

interface Slot {
  worker: Worker;
  ready: boolean;
  job: Job | undefined;
  timer: NodeJS.Timeout | undefined;
  /** Set once the slot has left the pool (failed, timed out or closed): later events are ignored. */
  gone: boolean;
}

const failure = (code: string, message: string): Result<never, GameError> => err({ code, message });

export class WorkerPool<K extends TaskKinds> {
  private readonly slots: Slot[] = [];
  /** Queued jobs per owner; the Map's order is the round-robin order. */
  private readonly queues = new Map<string, Job[]>();
  private nextId = 1;
  private closed = false;

  constructor(private readonly opts: PoolOptions) {
    if (!Number.isInteger(opts.size) || opts.size < 1) throw new RangeError(`a pool needs at least one worker, not ${opts.size}`);
  }

  /** Runs a task in a worker. Never rejects: every failure is an error value with a code. */
  run<Kind extends keyof K & string>(kind: Kind, input: K[Kind]['input'], task: TaskOptions = {}): Promise<Result<K[Kind]['output'], GameError>> {
    if (this.closed) return Promise.resolve(failure('pool-closed', 'the worker pool is closed'));
    return new Promise((resolve) => {
      const owner = task.owner ?? '';
      const job: Job = {
        id: this.nextId++,
        kind,
        input,
        timeLimitMs: task.timeLimitMs ?? this.opts.timeLimitMs,
        resolve: resolve as Job['resolve'],
      };
      const queue = this.queues.get(owner);
      if (queue) queue.push(job);
      else this.queues.set(owner, [job]);
      this.pump();
    });
  }

  /** Tasks waiting for a worker. */
  get queued(): number {
    let n = 0;
    for (const q of this.queues.values()) n += q.length;
    return n;
  }

  /** Stops every worker; queued and running tasks end with `pool-closed`. */
  async close(): Promise<void> {
    this.closed = true;
    const closedError = failure('pool-closed', 'the worker pool was closed');
    const queued = [...this.queues.values()].flat();
    this.queues.clear();
    for (const job of queued) job.resolve(closedError);
    const slots = this.slots.splice(0);
    for (const slot of slots) {
      slot.gone = true;
      this.finish(slot, closedError);
    }
    await Promise.all(slots.map((s) => s.worker.terminate()));
  }

  /** The next job, round-robin between owners: the owner served moves to the back. */
  private take(): Job | undefined {
    for (const [owner, queue] of this.queues) {
      this.queues.delete(owner);
      const job = queue.shift();
      if (queue.length > 0) this.queues.set(owner, queue);
      if (job) return job;
    }
    return undefined;
  }

  private pump(): void {
    while (!this.closed && this.queues.size > 0) {
      let slot = this.slots.find((s) => s.job === undefined);
      if (!slot && this.slots.length < this.opts.size) slot = this.spawn();
      if (!slot) return;
      const job = this.take();
      if (!job) return;
      slot.job = job;
      slot.worker.ref();
      if (slot.ready) this.startClock(slot);
      const message: TaskMessage = { id: job.id, kind: job.kind, input: job.input };
      slot.worker.postMessage(message);
    }
  }

  private startClock(slot: Slot): void {
    const limit = slot.job?.timeLimitMs;
    if (limit === undefined) return;
    slot.timer = setTimeout(() => {
      this.drop(slot, failure('timeout', `the task took longer than its limit of ${limit} ms; its worker was stopped`));
      void slot.worker.terminate();
    }, limit);
  }

  /** Ends the slot's job (if any) with `result` and makes the slot idle. */
  private finish(slot: Slot, result: Result<unknown, GameError>): void {
    if (slot.timer) clearTimeout(slot.timer);
    slot.timer = undefined;
    const job = slot.job;
    slot.job = undefined;
    job?.resolve(result);
  }

  /** Takes a slot out of the pool for good, failing its job; a replacement starts when work waits. */
  private drop(slot: Slot, result: Result<unknown, GameError>): void {
    if (slot.gone) return;
    slot.gone = true;
    const i = this.slots.indexOf(slot);
    if (i >= 0) this.slots.splice(i, 1);
    this.finish(slot, result);
    this.pump();
  }

  private spawn(): Slot {
    const limits = this.opts.memoryLimitMb === undefined ? undefined : { maxOldGenerationSizeMb: this.opts.memoryLimitMb };
    const worker = spawnWorker(this.opts.entry ?? DREY_WORKER, limits, this.opts.workerData);
    const slot: Slot = { worker, ready: false, job: undefined, timer: undefined, gone: false };
    worker.on('message', (message: WorkerMessage) => {
      if (slot.gone) return;
      if (message.type === 'ready') {
        slot.ready = true;
        if (slot.job) this.startClock(slot);
        return;
      }
      if (slot.job?.id !== message.id) return;
      this.finish(slot, message.ok ? ok(message.value) : err(message.error));
      // An idle worker must not keep the process alive.
      worker.unref();
      this.pump();
    });
    worker.on('error', (e: Error & { code?: string }) => {
      if (e.code === 'ERR_WORKER_OUT_OF_MEMORY') {
        this.drop(slot, failure('out-of-memory', `the task ran out of memory (limit ${this.opts.memoryLimitMb} MB); its worker was replaced`));
      } else {
        this.drop(slot, failure('worker-crashed', `a worker failed: ${e.message}`));
      }
    });
    worker.on('exit', (code) => this.drop(slot, failure('worker-crashed', `a worker exited (code ${code})`)));
    this.slots.push(slot);
    return slot;
  }
}
