/**
 * The lab's one runner: plays a schedule of a resolved run on the calling thread (`workers: 1`)
 * or on the worker pool, and hands every result to `fold` in schedule order, whatever order the
 * workers finish in. So a report folded from them is the same for any number of workers. Sims
 * and tournaments differ only in the schedule they build and what they fold.
 */
import { mkdirSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { performance } from 'node:perf_hooks';
import { err, ok, type GameError, type Result } from '../engine/result.js';
import { WorkerPool } from '../workers/pool.js';
import { OrderedFeed } from './aggregate.js';
import { playGames, type GameResult, type LabTasks } from './play.js';
import { BUILTINS, type Registry } from '../games/index.js';
import type { ResolvedRun } from './resolve.js';
import type { ScheduledGame } from './schedule.js';
import { DEFAULT_QUEUE, playOnQueue, type QueueRunnerOptions } from './queue.js';

export interface RunOptions {
  /** Threads to play on; 1 plays on the calling thread. Default: one per core. */
  workers?: number;
  /** Called as games finish. */
  onProgress?: (done: number, total: number) => void;
  /** Where to find the game (default: the built-in games). Workers load the built-in games only. */
  registry?: Registry;
  /**
   * Play on a job queue (BullMQ on Redis) instead of this machine's threads: `drey worker`
   * processes anywhere take the games a seed block at a time (queue.ts). `workers` is then unused.
   */
  queue?: QueueRunnerOptions;
  /**
   * A pool to play on, kept open by its owner: runs that follow one another (the variants of a
   * comparison, the rounds of a tune) start their worker threads once, not once per run.
   */
  pool?: WorkerPool<LabTasks>;
}

/** How a schedule was played: on this many threads here, or as jobs on a queue. */
export interface RunPlaces {
  workers: number;
  queue?: { name: string; jobs: number };
}

export const defaultWorkers = (): number => Math.max(1, availableParallelism());

/** A worker's slice of the schedule should take about this long: short enough to balance load and show progress. */
const SLICE_MS = 100;
const MAX_SLICE = 500;

/**
 * Plays every game of `schedule` (indexes 0…n−1) and folds the results in index order. Resolves
 * to the number of threads used.
 */
export async function runSchedule(
  run: ResolvedRun,
  schedule: readonly ScheduledGame[],
  fold: (result: GameResult) => void,
  opts: RunOptions = {},
): Promise<Result<RunPlaces, GameError>> {
  const workers = opts.queue ? 0 : Math.max(1, Math.min(opts.workers ?? defaultWorkers(), schedule.length));
  const builtin = BUILTINS.get(run.spec.game) === run.pkg;
  // A queue's jobs name a builtin game, with a content variant's files (the workers build it from them).
  if (opts.queue && !builtin && run.spec.content === undefined) {
    return err({ code: 'bad-workers', message: `${run.game.title} is not the built-in game (content files or a game of your own): play it without --queue` });
  }
  // Workers find the game among the builtins, built from the spec's content files when it has them.
  if (workers > 1 && !builtin && run.spec.content === undefined) {
    return err({ code: 'bad-workers', message: `${run.game.title} is not a built-in game: play it with workers: 1` });
  }
  if (run.spec.recordDir !== undefined) {
    try {
      mkdirSync(run.spec.recordDir, { recursive: true });
    } catch (e) {
      return err({ code: 'record-dir', message: `cannot create ${run.spec.recordDir}: ${(e as Error).message}` });
    }
  }
  const feed = new OrderedFeed(fold);
  let done = 0;
  const onResult = (r: GameResult): void => {
    feed.push(r);
    done++;
    opts.onProgress?.(done, schedule.length);
  };
  let jobs = 0;
  const played = opts.queue
    ? await playOnQueue(run, schedule, opts.queue, onResult, (n) => (jobs = n))
    : workers === 1
      ? await playHere(run, schedule, onResult)
      : await playOnPool(run, schedule, workers, onResult, opts.pool);
  if (!played.ok) return played;
  if (done !== schedule.length || feed.waiting > 0) {
    return err({ code: 'lost-games', message: `only ${done - feed.waiting} of ${schedule.length} games came back` });
  }
  return ok(opts.queue ? { workers, queue: { name: opts.queue.name ?? DEFAULT_QUEUE, jobs } } : { workers });
}

/** On this thread, yielding now and then so timers (the progress bar) and signals get a turn. */
async function playHere(run: ResolvedRun, schedule: readonly ScheduledGame[], onResult: (r: GameResult) => void): Promise<Result<void, GameError>> {
  let lastYield = performance.now();
  for (const game of schedule) {
    const played = playGames(run, [game], schedule.length, onResult);
    if (!played.ok) return played;
    if (performance.now() - lastYield > 50) {
      await new Promise((resolve) => setImmediate(resolve));
      lastYield = performance.now();
    }
  }
  return ok(undefined);
}

/**
 * On the worker pool: each worker takes the next slice of the schedule as it comes free, so a slow
 * slice never idles the others. A worker's first slice is one game; later ones are sized to about
 * SLICE_MS of play from its last slice, and shrink towards the end so the workers finish together.
 */
async function playOnPool(
  run: ResolvedRun,
  schedule: readonly ScheduledGame[],
  workers: number,
  onResult: (r: GameResult) => void,
  shared?: WorkerPool<LabTasks>,
): Promise<Result<void, GameError>> {
  const pool = shared ?? new WorkerPool<LabTasks>({ size: workers });
  let next = 0;
  let failure: GameError | undefined;
  /** The next slice for a lane whose last slice took `msPerGame` a game (undefined: none yet). */
  const sliceSize = (msPerGame: number | undefined): number => {
    const wanted = msPerGame === undefined ? 1 : Math.round(SLICE_MS / Math.max(0.01, msPerGame));
    const fairShare = Math.ceil((schedule.length - next) / workers);
    return Math.max(1, Math.min(wanted, fairShare, MAX_SLICE));
  };
  const lane = async (): Promise<void> => {
    // Measured per lane from its last slice only: a worker's first slice includes its start-up.
    let msPerGame: number | undefined;
    while (failure === undefined && next < schedule.length) {
      const games = schedule.slice(next, next + sliceSize(msPerGame));
      next += games.length;
      const started = performance.now();
      const played = await pool.run('play-games', { spec: run.spec, games, total: schedule.length });
      if (!played.ok) {
        // The first failure is the one reported; closing the pool stops the other workers.
        failure ??= played.error;
        if (!shared) void pool.close();
        return;
      }
      msPerGame = (performance.now() - started) / games.length;
      for (const r of played.value) onResult(r);
    }
  };
  try {
    await Promise.all(Array.from({ length: workers }, lane));
  } finally {
    if (!shared) await pool.close();
  }
  return failure === undefined ? ok(undefined) : err(failure);
}
