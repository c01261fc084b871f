/**
 * Group commit (issue 24, item 2): the actions of many tables go to storage in one transaction
 * per short tick instead of one transaction (one WAL sync, one PostgreSQL round trip) each.
 *
 * - An append's promise settles only once the batch holding it is durable, so the caller
 *   (commits.ts) changes memory and tells anyone only after that: acknowledged means durable.
 * - A refused append (wrong sequence number, lease lost) fails alone: the writer reports one result
 *   per entry. A batch that fails as a whole (the disk, the database away) fails each of its
 *   appends with a `CommitBatchError`, which says nothing was saved and to try again.
 * - At most one batch is in flight, and a batch never holds two appends of one table: a table's
 *   later append waits for the next batch, so per table the log is written in order. (The server's
 *   table queue already sends a table's next action only after the previous one settled.)
 * - The first append after a quiet spell goes at once (next turn of the event loop); under load a
 *   batch starts at most once per `tickMs`, and appends arriving meanwhile wait for it.
 * - A durable batch's appends are answered in slices of `releaseSlice`, one slice per turn of the
 *   event loop, oldest batch first (but `later` appends, bots' actions, after the others, with a
 *   quarter of each slice theirs while any wait), and the next batch is written meanwhile. Each
 *   answer runs that action's whole publish (frames to every viewer, bots set going) before the
 *   next slice: answered all at once, a batch of a thousand held the event loop for a second, so
 *   no socket was read and no batch written while it went out, and the next batch piled up behind
 *   it (a convoy: p50 went from 17 ms to 503 ms at 3,000 tables, docs/deploy.md).
 */

/** What a batch's writer answers for each entry, in order: undefined when saved, else why not. */
export type BatchResults = readonly (Error | undefined)[];

/** A whole batch failed: none of its appends was saved (retryable). */
export class CommitBatchError extends Error {
  readonly code = 'commit-batch-failed';
  constructor(
    readonly size: number,
    override readonly cause: unknown,
  ) {
    super(`the group commit of ${size} action(s) failed, so none was saved; try again (${cause instanceof Error ? cause.message : String(cause)})`);
  }
}

export interface GroupCommitOptions<E = never> {
  /** Shortest time between the starts of two batches under load (ms); 0: every turn of the event loop. */
  tickMs: number;
  /** Most appends in one batch. */
  maxBatch?: number;
  /** Appends answered per turn of the event loop once their batch is durable (see above). */
  releaseSlice?: number;
  /**
   * Appends whose answers may wait: once durable, they are answered after the other appends
   * waiting for an answer, with a quarter of each slice kept for them (the server: a bot's action,
   * so that people's actions are published first when many gathered).
   */
  later?: (entry: E) => boolean;
}

/** Figures for the bench: how many batches, how many appends they held. */
export interface GroupCommitStats {
  batches: number;
  appends: number;
  largest: number;
}

export interface GroupCommit<E> {
  submit(entry: E): Promise<void>;
  /** Resolves once nothing is waiting or in flight (before closing the store). */
  drain(): Promise<void>;
  stats(): GroupCommitStats;
}

/** Default tick: short beside the 100 ms a player notices, long enough to gather a few actions under load. */
export const DEFAULT_COMMIT_TICK_MS = 4;

/**
 * Default slice: an action's publish takes about 0.5 ms on a busy 2-core machine (the profile in
 * docs/deploy.md), so a slice holds the event loop for a few ms at most.
 */
export const DEFAULT_RELEASE_SLICE = 16;

export function groupCommit<E extends { tableId: string }>(
  write: (entries: E[]) => BatchResults | Promise<BatchResults>,
  opts: GroupCommitOptions<E>,
): GroupCommit<E> {
  const maxBatch = opts.maxBatch ?? 1_000;
  const releaseSlice = Math.max(1, opts.releaseSlice ?? DEFAULT_RELEASE_SLICE);
  let waiting: { entry: E; resolve: () => void; reject: (e: Error) => void }[] = [];
  /** Answers of durable (or failed) batches not given yet, oldest first; `next` is the first not given. */
  let answers: (() => void)[] = [];
  let next = 0;
  /** Answers of `later` appends, given after those in `answers` (see `release`). */
  let deferred: (() => void)[] = [];
  let nextDeferred = 0;
  const later = opts.later;
  const laterShare = Math.max(1, Math.floor(releaseSlice / 4));
  let releasing = false;
  let inFlight = false;
  let scheduled = false;
  let lastStart = -Infinity;
  const idle: (() => void)[] = [];
  const stats: GroupCommitStats = { batches: 0, appends: 0, largest: 0 };

  const schedule = (): void => {
    if (inFlight || scheduled || waiting.length === 0) return;
    scheduled = true;
    const delay = lastStart + opts.tickMs - performance.now();
    if (delay <= 0) setImmediate(run);
    else setTimeout(run, delay);
  };

  const settled = (): boolean => !inFlight && waiting.length === 0 && next === answers.length && nextDeferred === deferred.length;

  /**
   * Gives one slice of answers, then lets the event loop turn (sockets read, the next batch
   * written): the others' first, but while `later` ones wait, at least a quarter of each slice is
   * theirs, so none waits for ever behind a stream of the others.
   */
  const release = (): void => {
    const forOthers = releaseSlice - Math.min(laterShare, deferred.length - nextDeferred);
    let n = 0;
    for (; n < forOthers && next < answers.length; n++) answers[next++]!();
    for (; n < releaseSlice && nextDeferred < deferred.length; n++) deferred[nextDeferred++]!();
    for (; n < releaseSlice && next < answers.length; n++) answers[next++]!();
    if (next === answers.length) {
      answers = [];
      next = 0;
    }
    if (nextDeferred === deferred.length) {
      deferred = [];
      nextDeferred = 0;
    }
    if (answers.length > 0 || deferred.length > 0) {
      setImmediate(release);
      return;
    }
    releasing = false;
    if (settled()) for (const done of idle.splice(0)) done();
  };

  const answer = (given: { answer: () => void; later: boolean }[]): void => {
    for (const g of given) (g.later ? deferred : answers).push(g.answer);
    if (releasing) return;
    releasing = true;
    release();
  };

  const run = async (): Promise<void> => {
    scheduled = false;
    // One append per table per batch, oldest first; the others stay for the next batch.
    const tables = new Set<string>();
    const batch: typeof waiting = [];
    const rest: typeof waiting = [];
    for (const w of waiting) {
      if (batch.length < maxBatch && !tables.has(w.entry.tableId)) {
        tables.add(w.entry.tableId);
        batch.push(w);
      } else rest.push(w);
    }
    waiting = rest;
    inFlight = true;
    lastStart = performance.now();
    stats.batches++;
    stats.appends += batch.length;
    stats.largest = Math.max(stats.largest, batch.length);
    let given: { answer: () => void; later: boolean }[];
    const isLater = (w: (typeof batch)[number]): boolean => later?.(w.entry) === true;
    try {
      const results = await write(batch.map((w) => w.entry));
      given = batch.map((w, i) => {
        const failure = results[i];
        return { answer: failure ? () => w.reject(failure) : w.resolve, later: isLater(w) };
      });
    } catch (e) {
      const error = new CommitBatchError(batch.length, e);
      given = batch.map((w) => ({ answer: () => w.reject(error), later: isLater(w) }));
    }
    inFlight = false;
    // The next batch may be written while this one's answers go out: it is durable already.
    if (waiting.length > 0) schedule();
    answer(given);
  };

  return {
    submit(entry) {
      return new Promise<void>((resolve, reject) => {
        waiting.push({ entry, resolve, reject });
        schedule();
      });
    },
    drain() {
      if (settled()) return Promise.resolve();
      return new Promise<void>((done) => idle.push(done));
    },
    stats: () => ({ ...stats }),
  };
}
