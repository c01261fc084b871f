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
 * - Tasks queue per owner (the server passes the table id) and owners share the workers by cost,
 *   not by count: each owner is charged the worker time its tasks took, and a free worker takes
 *   the next task of the owner charged least (start-time fair queueing; an owner that was idle
 *   starts level with the busiest recent ones, so idleness banks no credit). A table of easy bots
 *   (a few ms a decision) is therefore served before tables of hard bots (hundreds of ms) that
 *   have had their share, instead of waiting its turn behind each of them (issue 24, item 3).
 * - A pool may also keep `reserved` workers for cheap tasks only: tasks whose kind of work
 *   (`costKey`) has taken at most `reserved.maxCostMs` so far. A worker cannot be interrupted, so
 *   without them a cheap task still waits for a long one to end; with them it starts at once and
 *   the operating system shares the cores between threads.
 * - A worker that dies fails its task with `worker-crashed` and is replaced. `close()` ends
 *   queued and running tasks with `pool-closed`.
 * - While every worker is busy and cheap tasks wait, a worker that frees takes the next few of
 *   them (in the same fair order, at most BATCH_TASKS and BATCH_MS of typical time) in one message:
 *   each message to a worker is a structured clone and a wake-up on the main thread, and one per
 *   easy bot decision was 5% of a busy server's event loop. The worker runs them one after the
 *   other and answers each as it ends, so each still has its own time limit, from its own start.
 *   If the worker dies, the tasks it was sent but had not started go back to the front of their
 *   owners' queues.
 *
 * Failures are error values (`Result`); `run` never rejects.
 */
import type { Worker } from 'node:worker_threads';
import { err, ok, type GameError, type Result } from '../engine/result.js';
import type { TaskKinds, TaskMessage, WorkerMessage } from './protocol.js';
import { MinHeap } from './ready-heap.js';
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
  /**
   * Workers beyond `size` kept for cheap tasks (see above); none by default. A kind of work is cheap
   * when it has taken at most `maxCostMs`, or at most a tenth of the dearest kind's time.
   */
  reserved?: { workers: number; maxCostMs: number };
}

export interface TaskOptions {
  /** Whose task this is (the server: the table id); owners take turns. */
  owner?: string;
  /** This task's time limit in milliseconds (overrides the pool's). */
  timeLimitMs?: number;
  /**
   * Tasks with the same key cost about the same (the server: game and bot level): the pool learns
   * each key's typical time, to charge a task when it starts and to know what is cheap. Default: the kind.
   */
  costKey?: string;
}

interface Job {
  id: number;
  kind: string;
  input: unknown;
  owner: string;
  costKey: string;
  timeLimitMs: number | undefined;
  /** What the owner was charged when the job started (the key's typical time), corrected when it ends. */
  charged: number;
  resolve: (result: Result<unknown, GameError>) => void;
}

interface Slot {
  worker: Worker;
  ready: boolean;
  /** A worker kept for cheap tasks (PoolOptions.reserved). */
  reserved: boolean;
  /** The task the worker runs now. */
  job: Job | undefined;
  /** Tasks sent with it in one message, to run after it, in order (see BATCH_TASKS). */
  after: Job[];
  timer: NodeJS.Timeout | undefined;
  /** When the job began running in a ready worker (performance.now()). */
  started: number;
  /** Set once the slot has left the pool (failed, timed out or closed): later events are ignored. */
  gone: boolean;
}

/** An owner's queued jobs and the worker time charged to it (its virtual time, in ms). */
interface Owner {
  queue: Job[];
  charged: number;
  running: number;
  /** When it joined `owners` (ties of `charged` go to the older, as in the Map's order). */
  order: number;
  /** Where it sits in the ready heap of its next job's cost key (`key`); -1 when it has no queued job. */
  at: number;
  key: string;
}

/** Who goes first: the owner charged least, and of two charged alike the older. */
const before = (a: Owner, b: Owner): boolean => a.charged < b.charged || (a.charged === b.charged && a.order < b.order);

/** How much of a new observation moves a key's typical time (an exponential moving average). */
const COST_WEIGHT = 0.25;
/** A kind of work taking at most this share of the dearest kind's time counts as cheap (reserved workers). */
const CHEAP_SHARE = 0.1;
/** The most tasks sent to a worker in one message, and the most typical time they may add up to (ms). */
const BATCH_TASKS = 8;
const BATCH_MS = 10;
/** Idle owners are forgotten every this many dispatches (the ones with no credit left). */
const PRUNE_EVERY = 1024;

const failure = (code: string, message: string): Result<never, GameError> => err({ code, message });

export class WorkerPool<K extends TaskKinds> {
  private readonly slots: Slot[] = [];
  /** Owners with queued or running jobs, and idle ones still charged above `floor`; Map order breaks ties. */
  private readonly owners = new Map<string, Owner>();
  /**
   * The owners with queued jobs, in one heap per cost key of their next job (least charged first):
   * the next owner is the best of the heaps' tops, and for a reserved worker the best of the cheap
   * keys' tops, so a dispatch costs O(keys + log owners). A busy server has thousands of owners
   * waiting for a bot but a handful of keys (game × level); walking every waiting owner for each
   * dispatch was 7% of its event loop at 2,000 tables (docs/deploy.md).
   */
  private readonly ready = new Map<string, MinHeap<Owner>>();
  private ownersMade = 0;
  /** The charge of the owner served last when its job started: an owner that was idle starts here. */
  private floor = 0;
  /** Typical worker time per cost key, in ms. */
  private readonly costs = new Map<string, number>();
  /** The largest typical time of any cost key. */
  private dearest = 0;
  private waiting = 0;
  private dispatched = 0;
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
        owner,
        costKey: task.costKey ?? kind,
        timeLimitMs: task.timeLimitMs ?? this.opts.timeLimitMs,
        charged: 0,
        resolve: resolve as Job['resolve'],
      };
      let o = this.owners.get(owner);
      if (!o) {
        o = { queue: [], charged: this.floor, running: 0, order: this.ownersMade++, at: -1, key: '' };
        this.owners.set(owner, o);
      } else if (o.queue.length === 0 && o.running === 0) {
        // Idle until now: no credit for the time it did not use.
        o.charged = Math.max(o.charged, this.floor);
      }
      o.queue.push(job);
      if (o.queue.length === 1) this.makeReady(o);
      this.waiting++;
      this.pump();
    });
  }

  /** Tasks waiting for a worker. */
  get queued(): number {
    return this.waiting;
  }

  /** The typical worker time of tasks with this cost key so far (undefined: none has run). */
  typicalMs(costKey: string): number | undefined {
    return this.costs.get(costKey);
  }

  /** Stops every worker; queued and running tasks end with `pool-closed`. */
  async close(): Promise<void> {
    this.closed = true;
    const closedError = failure('pool-closed', 'the worker pool was closed');
    const queued = [...this.owners.values()].flatMap((o) => o.queue);
    this.owners.clear();
    for (const heap of this.ready.values()) heap.drain();
    this.waiting = 0;
    for (const job of queued) job.resolve(closedError);
    const slots = this.slots.splice(0);
    for (const slot of slots) {
      slot.gone = true;
      const sent = slot.after.splice(0);
      this.finish(slot, closedError);
      for (const job of sent) job.resolve(closedError);
    }
    await Promise.all(slots.map((s) => s.worker.terminate()));
  }

  /**
   * Whether a job may run on a reserved worker: its kind of work has been cheap so far, in absolute
   * terms or beside the dearest kind (times are wall-clock, so a busy machine stretches them all alike).
   */
  private cheap(costKey: string): boolean {
    const typical = this.costs.get(costKey);
    if (typical === undefined || !this.opts.reserved) return false;
    return typical <= this.opts.reserved.maxCostMs || typical <= CHEAP_SHARE * this.dearest;
  }

  /** Puts an owner with queued jobs in the ready heap of its next job's cost key. */
  private makeReady(o: Owner): void {
    const key = o.queue[0]!.costKey;
    let heap = this.ready.get(key);
    if (!heap) this.ready.set(key, (heap = new MinHeap<Owner>(before)));
    o.key = key;
    heap.push(o);
  }

  /**
   * The owner charged least whose next job qualifies (any job, or only cheap ones); ties go to the
   * older owner. Each heap's top is its key's best, so only the tops are compared.
   */
  private next(cheapOnly: boolean): Owner | undefined {
    let best: Owner | undefined;
    for (const [key, heap] of this.ready) {
      const top = heap.peek();
      if (top === undefined || (cheapOnly && !this.cheap(key))) continue;
      if (best === undefined || before(top, best)) best = top;
    }
    return best;
  }

  /**
   * Whether a worker of the kind asked is idle or may start. Checked before looking for the next
   * owner, so that while every worker is busy a new task or a finished one costs no look at all.
   */
  private canTake(reserved: boolean): boolean {
    let count = 0;
    for (const s of this.slots) {
      if (s.reserved !== reserved) continue;
      if (s.job === undefined) return true;
      count++;
    }
    return count < (reserved ? (this.opts.reserved?.workers ?? 0) : this.opts.size);
  }

  /** An idle worker of the kind asked (a new one if the pool may grow), or undefined. */
  private idle(reserved: boolean): Slot | undefined {
    const slot = this.slots.find((s) => s.reserved === reserved && s.job === undefined);
    if (slot) return slot;
    const count = this.slots.filter((s) => s.reserved === reserved).length;
    const limit = reserved ? (this.opts.reserved?.workers ?? 0) : this.opts.size;
    if (count >= limit) return undefined;
    // The reserved workers start with the first general one, idle: a worker takes seconds to boot,
    // and the first cheap task to need one comes when the others are busy.
    if (!reserved) {
      for (let n = this.slots.filter((s) => s.reserved).length; n < (this.opts.reserved?.workers ?? 0); n++) this.spawn(true).worker.unref();
    }
    return this.spawn(reserved);
  }

  private pump(): void {
    while (!this.closed && this.waiting > 0) {
      // A general worker takes the next job of the owner charged least; a reserved one only a cheap job.
      let owner = this.canTake(false) ? this.next(false) : undefined;
      let slot = owner ? this.idle(false) : undefined;
      if (!slot) {
        owner = this.canTake(true) ? this.next(true) : undefined;
        slot = owner ? this.idle(true) : undefined;
      }
      if (!owner || !slot) return;
      const job = this.take(owner);
      const batch: TaskMessage[] = [{ id: job.id, kind: job.kind, input: job.input }];
      slot.job = job;
      // Every worker busy: the next cheap jobs in fair order ride along in the same message, while
      // they stay short (a worker cannot be interrupted, and another may free up meanwhile).
      let budget = this.cheap(job.costKey) ? BATCH_MS - job.charged : 0;
      while (budget > 0 && batch.length < BATCH_TASKS && this.waiting > 0 && !this.canTake(false) && !this.canTake(true)) {
        // A reserved worker takes only cheap jobs; a general one only the job it would take next anyway.
        const o = this.next(slot.reserved);
        const head = o?.queue[0];
        if (!o || !head || !this.cheap(head.costKey) || (this.costs.get(head.costKey) ?? 0) > budget) break;
        const more = this.take(o);
        budget -= more.charged;
        slot.after.push(more);
        batch.push({ id: more.id, kind: more.kind, input: more.input });
      }
      slot.worker.ref();
      if (slot.ready) this.startClock(slot);
      slot.worker.postMessage(batch);
    }
  }

  /** Takes an owner's next job off its queue and charges the owner its typical time. */
  private take(owner: Owner): Job {
    this.ready.get(owner.key)!.remove(owner);
    const job = owner.queue.shift()!;
    this.waiting--;
    this.floor = Math.max(this.floor, owner.charged);
    // Charged the typical time now, so an owner with many queued jobs does not take every worker at once.
    job.charged = this.costs.get(job.costKey) ?? 0;
    owner.charged += job.charged;
    owner.running++;
    if (owner.queue.length > 0) this.makeReady(owner);
    if (++this.dispatched % PRUNE_EVERY === 0) this.prune();
    return job;
  }

  /** Jobs sent to a worker that will never run them go back to the front of their owners' queues, uncharged. */
  private giveBack(jobs: Job[]): void {
    for (const job of jobs.reverse()) {
      const o = this.owners.get(job.owner);
      if (!o) continue;
      if (o.at >= 0) this.ready.get(o.key)!.remove(o);
      o.queue.unshift(job);
      o.charged -= job.charged;
      o.running--;
      this.waiting++;
      this.makeReady(o);
    }
  }

  /** Forgets idle owners with no credit left (they would start at `floor` anyway). */
  private prune(): void {
    for (const [name, o] of this.owners) {
      if (o.queue.length === 0 && o.running === 0 && o.charged <= this.floor) this.owners.delete(name);
    }
  }

  /**
   * Learns that a task of `costKey` took `ms`: the worker's own tasks, and tasks of the kind the
   * caller ran on its own thread instead (the server's quick bot decisions, bots/pool.ts), so their
   * typical time follows them there too.
   */
  learn(costKey: string, ms: number): void {
    const typical = this.costs.get(costKey);
    const now = typical === undefined ? ms : typical + COST_WEIGHT * (ms - typical);
    this.costs.set(costKey, now);
    this.dearest = typical === this.dearest ? Math.max(...this.costs.values()) : Math.max(this.dearest, now);
  }

  /** Charges a finished job's owner what it really took and learns its key's typical time. */
  private settle(job: Job, ms: number): void {
    this.learn(job.costKey, ms);
    const o = this.owners.get(job.owner);
    if (!o) return;
    o.charged += ms - job.charged;
    o.running--;
    // Still waiting with more jobs: its place among the ready owners moves with its charge.
    if (o.at >= 0) this.ready.get(o.key)!.fix(o);
    if (o.queue.length === 0 && o.running === 0 && o.charged <= this.floor) this.owners.delete(job.owner);
  }

  private startClock(slot: Slot): void {
    slot.started = performance.now();
    const limit = slot.job?.timeLimitMs;
    if (limit === undefined) return;
    slot.timer = setTimeout(() => {
      this.drop(slot, failure('timeout', `the task took longer than its limit of ${limit} ms; its worker was stopped`));
      void slot.worker.terminate();
    }, limit);
  }

  /**
   * Ends the slot's running job (if any) with `result`, charged `ms` of worker time (by default the
   * time since it started), and starts the clock of the next job the slot was sent, if any.
   */
  private finish(slot: Slot, result: Result<unknown, GameError>, ms?: number): void {
    if (slot.timer) clearTimeout(slot.timer);
    slot.timer = undefined;
    const job = slot.job;
    slot.job = slot.after.shift();
    // A job that never started (its worker was still booting) cost nothing; one stopped by its limit cost the limit.
    if (job) this.settle(job, ms ?? (slot.ready ? performance.now() - slot.started : 0));
    // The worker goes straight on to the next job it was sent: its clock starts now.
    if (slot.job && slot.ready) this.startClock(slot);
    job?.resolve(result);
  }

  /** Takes a slot out of the pool for good, failing its job; a replacement starts when work waits. */
  private drop(slot: Slot, result: Result<unknown, GameError>): void {
    if (slot.gone) return;
    slot.gone = true;
    const i = this.slots.indexOf(slot);
    if (i >= 0) this.slots.splice(i, 1);
    this.giveBack(slot.after.splice(0));
    this.finish(slot, result);
    this.pump();
  }

  private spawn(reserved: boolean): Slot {
    const limits = this.opts.memoryLimitMb === undefined ? undefined : { maxOldGenerationSizeMb: this.opts.memoryLimitMb };
    const worker = spawnWorker(this.opts.entry ?? DREY_WORKER, limits, this.opts.workerData);
    const slot: Slot = { worker, ready: false, reserved, job: undefined, after: [], timer: undefined, started: 0, gone: false };
    worker.on('message', (message: WorkerMessage) => {
      if (slot.gone) return;
      if (message.type === 'ready') {
        slot.ready = true;
        if (slot.job) this.startClock(slot);
        return;
      }
      if (slot.job?.id !== message.id) return;
      this.finish(slot, message.ok ? ok(message.value) : err(message.error), message.ms);
      if (slot.job) return;
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
