/**
 * The lab on a job queue (BullMQ on Redis): a run's schedule is cut into blocks of consecutive
 * games (seed blocks), each one job; `drey worker --queue …` processes on any number of machines
 * play them, and the run folds the results in schedule order (runSchedule's OrderedFeed), so a
 * distributed run prints the same digest as a local one.
 *
 * - Every job names the Drey version and a hash of the code that plays games (engine, games,
 *   bots, lab): a worker with other code refuses the job (it fails at once, without retries) and
 *   the run stops with the reason, instead of folding results of other rules.
 * - A job that fails is tried again (`attempts`); a worker that dies mid-job (kill -9) stops
 *   renewing its lock, and after `lockDuration` another worker's stalled-job check puts the job
 *   back in the queue. A game depends only on the spec and its place in the schedule, so a block
 *   played twice gives the same results.
 * - Job data comes from Redis, that is from anyone who can write there: workers parse it with zod
 *   and bound every size before playing.
 */
import { createHash, randomUUID } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { hostname } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Queue, QueueEvents, UnrecoverableError, Worker, type Job } from 'bullmq';
import { Redis } from 'ioredis';
import { z } from 'zod';
import { describeZodError } from '../engine/schema.js';
import { err, ok, type GameError, type Result } from '../engine/result.js';
import { WorkerPool } from '../workers/pool.js';
import { BUILTINS } from '../games/index.js';
import { validateContent } from '../content/files.js';
import type { GameResult, LabTasks, PlayGamesInput } from './play.js';
import type { ResolvedRun } from './resolve.js';
import type { ScheduledGame } from './schedule.js';

/** Where and how a run uses the queue (`--queue`). */
export interface QueueRunnerOptions {
  /** redis://[user:password@]host:port[/db] */
  url: string;
  /** The BullMQ queue's name (default `drey-lab`): runs and workers meet on a name. */
  name?: string;
  /** Games per job (default: about 64 jobs a run, 1–500 games each). */
  blockSize?: number;
  /** Tries of a job before the run fails (default 3). */
  attempts?: number;
}

export const DEFAULT_QUEUE = 'drey-lab';
const MAX_BLOCK = 500;
const MAX_JOB_GAMES = 10_000;
/** The largest job the queue carries: a block of games and, for a content variant, its files. */
const MAX_JOB_BYTES = 8 << 20;

const SRC_ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
/** The code whose behaviour a game's result depends on. */
const PLAYING_CODE = ['engine', 'games', 'bots', 'lab'];

/** Drey's version and a hash of the code that plays games; equal fingerprints play equal games. */
export interface LabFingerprint {
  version: string;
  content: string;
}

let fingerprint: LabFingerprint | undefined;

/** This installation's fingerprint (computed once: a hash over src/ or dist/'s playing code). */
export function labFingerprint(): LabFingerprint {
  if (fingerprint) return fingerprint;
  const hash = createHash('sha256');
  const walk = (dir: string): string[] =>
    readdirSync(dir)
      .sort()
      .flatMap((name) => {
        const path = join(dir, name);
        if (statSync(path).isDirectory()) return walk(path);
        return /\.(js|ts)$/.test(name) && !/\.(test|d)\.ts$|\.test\.js$/.test(name) ? [path] : [];
      });
  for (const dir of PLAYING_CODE) {
    for (const file of walk(join(SRC_ROOT, dir))) {
      hash.update(relative(SRC_ROOT, file)).update('\0').update(readFileSync(file)).update('\0');
    }
  }
  let version = '0.0.0';
  try {
    const pkg = JSON.parse(readFileSync(join(SRC_ROOT, '..', 'package.json'), 'utf8')) as { version?: unknown };
    if (typeof pkg.version === 'string') version = pkg.version;
  } catch {
    // A copy without package.json still has its content hash.
  }
  fingerprint = { version, content: hash.digest('hex').slice(0, 16) };
  return fingerprint;
}

const describeFingerprint = (f: LabFingerprint): string => `Drey ${f.version}, code ${f.content}`;

/** A job: one block of a run's schedule, and who may play it. */
const JobSchema = z.object({
  run: z.string().min(1).max(100),
  block: z.number().int().min(0),
  drey: z.object({ version: z.string().max(50), content: z.string().max(64) }),
  spec: z
    .object({
      game: z.string().min(1).max(100),
      seats: z.number().int().min(1).max(64),
      games: z.number().int().min(1),
      seed: z.string().min(1).max(1000),
      options: z.unknown().optional(),
      maxSteps: z.number().int().min(1).max(10_000_000).optional(),
      // `drey lab` runs watch their games with the game's probe (figures, curves).
      probe: z.boolean().optional(),
      // A content variant's complete files: the worker checks them as a content directory is checked.
      content: z.record(z.string().max(64), z.unknown()).optional(),
    })
    .strict(),
  games: z
    .array(
      z.object({
        index: z.number().int().min(0),
        group: z.number().int().min(0),
        seed: z.string().min(1).max(1100),
        lineup: z.array(z.string().min(1).max(200)).min(1).max(64),
      }),
    )
    .min(1)
    .max(MAX_JOB_GAMES),
  total: z.number().int().min(1),
});
export type LabJob = z.infer<typeof JobSchema>;

const redisConnection = (url: string): { url: string; maxRetriesPerRequest: null } => ({ url, maxRetriesPerRequest: null });

/** Checks what a worker got from Redis; the job to play or why it is refused. */
export function parseLabJob(data: unknown, own: LabFingerprint = labFingerprint()): Result<LabJob, GameError> {
  // A job's size is bounded before anything is built from it (content files are 1 MB at most each).
  const size = JSON.stringify(data ?? null).length;
  if (size > MAX_JOB_BYTES) return err({ code: 'bad-job', message: `not a lab job: ${size} bytes, more than ${MAX_JOB_BYTES}` });
  const parsed = JobSchema.safeParse(data);
  if (!parsed.success) return err({ code: 'bad-job', message: `not a lab job: ${describeZodError(parsed.error)}` });
  const job = parsed.data;
  if (job.drey.version !== own.version || job.drey.content !== own.content) {
    return err({
      code: 'version-mismatch',
      message: `this worker runs ${describeFingerprint(own)}, the run was started with ${describeFingerprint(job.drey)}: run workers of the same Drey`,
    });
  }
  return ok(job);
}

/**
 * Plays `schedule` as jobs on the queue and hands every result to `onResult` (in any order: the
 * caller folds them in order). Resolves when every block is back, or with the first block that
 * failed for good.
 */
export async function playOnQueue(
  run: ResolvedRun,
  schedule: readonly ScheduledGame[],
  opts: QueueRunnerOptions,
  onResult: (r: GameResult) => void,
  onJobs: (count: number) => void = () => undefined,
): Promise<Result<void, GameError>> {
  if (run.spec.recordDir !== undefined) {
    return err({ code: 'bad-queue', message: 'records are not saved on a queue run (workers play on other machines): drop --record or --queue' });
  }
  const name = opts.name ?? DEFAULT_QUEUE;
  const blockSize = Math.max(1, Math.min(opts.blockSize ?? Math.ceil(schedule.length / 64), MAX_BLOCK));
  const drey = labFingerprint();
  const runId = randomUUID();
  const spec: LabJob['spec'] = { game: run.spec.game, seats: run.spec.seats, games: run.spec.games, seed: run.spec.seed };
  if (run.spec.options !== undefined) spec.options = run.spec.options;
  if (run.spec.maxSteps !== undefined) spec.maxSteps = run.spec.maxSteps;
  if (run.spec.probe !== undefined) spec.probe = run.spec.probe;
  if (run.spec.content !== undefined) spec.content = run.spec.content;

  // Ask once, without retrying, whether Redis answers: BullMQ itself would wait for it for ever.
  const reachable = await redisReachable(opts.url);
  if (reachable !== undefined) return err({ code: 'queue-unreachable', message: `the queue at ${hideSecret(opts.url)} is not usable: ${reachable}` });
  const connection = redisConnection(opts.url);
  const queue = new Queue(name, { connection });
  const events = new QueueEvents(name, { connection });
  const jobIds: string[] = [];
  try {
    await Promise.all([queue.waitUntilReady(), events.waitUntilReady()]);
    const jobs: { name: string; data: LabJob; opts: { jobId: string } }[] = [];
    for (let start = 0, block = 0; start < schedule.length; start += blockSize, block++) {
      const games = schedule.slice(start, start + blockSize).map((g) => ({ ...g, lineup: [...g.lineup] }));
      const jobId = `${runId}.${block}`;
      jobIds.push(jobId);
      jobs.push({ name: 'play-games', data: { run: runId, block, drey, spec, games, total: schedule.length }, opts: { jobId } });
    }
    onJobs(jobs.length);
    const withOpts = jobs.map((j) => ({
      ...j,
      opts: {
        ...j.opts,
        attempts: opts.attempts ?? 3,
        backoff: { type: 'fixed' as const, delay: 500 },
        removeOnComplete: { age: 3600 },
        removeOnFail: { age: 24 * 3600 },
      },
    }));
    const added = await queue.addBulk(withOpts);
    let failure: GameError | undefined;
    const taken = new Set<number>();
    await Promise.all(
      added.map(async (job: Job, i) => {
        // The run keeps every block's job: one that Redis lost (a restart without persistence) is added again.
        const again = withOpts[i]!;
        const requeue = async (): Promise<void> => {
          await queue.add(again.name, again.data, again.opts);
        };
        try {
          const block = (job.data as LabJob).block;
          const results = await finished(queue, events, job, again.data.games.map((g) => g.index), requeue, hideSecret(opts.url));
          // Each block is folded once: a second report of a block (a completion seen by both the
          // event and the poll, a block played twice) changes nothing.
          if (failure || taken.has(block)) return;
          taken.add(block);
          for (const r of results) onResult(r);
        } catch (e) {
          failure ??= { code: 'job-failed', message: `block ${String((job.data as LabJob).block)} failed: ${e instanceof Error ? e.message : String(e)}` };
        }
      }),
    );
    return failure ? err(failure) : ok(undefined);
  } catch (e) {
    return err({ code: 'queue-unreachable', message: `the queue at ${hideSecret(opts.url)} is not usable: ${e instanceof Error ? e.message : String(e)}` });
  } finally {
    // Jobs nobody took any more (a failed run): take them off the queue.
    await Promise.all(jobIds.map((id) => queue.remove(id).catch(() => 0))).catch(() => undefined);
    await Promise.all([events.close(), queue.close()]).catch(() => undefined);
  }
}

/**
 * A block's results as a worker returns them, checked (as all data from Redis is): one result per
 * game of the block, by index, in the block's order; undefined for anything else.
 */
export function blockResults(value: unknown, indices: readonly number[]): GameResult[] | undefined {
  if (!Array.isArray(value) || value.length !== indices.length) return undefined;
  const ok = value.every((r: unknown, i) => typeof r === 'object' && r !== null && (r as { index?: unknown }).index === indices[i]);
  return ok ? (value as GameResult[]) : undefined;
}

/** How long the queue may not answer before a run gives up with a message. */
const QUEUE_SILENCE_MS = 60_000;

/** What `finished` reads of the queue: the run's Queue. */
export type JobReads = Pick<Queue, 'getJob' | 'getJobState'>;

/**
 * A job's results, or its failure: from the queue's events, and (should an event be missed: a
 * reconnect, a busy machine) from asking the queue about the job every two seconds.
 *
 * The poll reads the job's state first and the job after it. BullMQ completes a job in one script
 * that stores the return value and moves the job to the completed set together, so a job read
 * after a "completed" state holds its results. Read the other way round (as this did until issue
 * 24's "block 6 failed: results is not iterable"), a job read while still active (no return value
 * yet: null) and finished by a worker before its state was asked looked completed without
 * results; the run then folded null. A killed worker made it likelier only by making the run
 * longer (more polls of jobs about to finish). Any report that is not exactly the block's results
 * (blockResults: the block's games, by index) is not believed: an event falls back to the poll,
 * and a stored completion without them fails the run with the reason.
 *
 * Redis restarted without its data (or flushed) loses the jobs and their events: a job the queue
 * no longer has is added again from the run's own copy (`requeue`), and a game depends only on its
 * place in the schedule, so the digest is the same. Redis that does not answer for a minute fails
 * the run with what to do, instead of a run that waits with no message.
 */
export async function finished(
  reads: JobReads,
  events: QueueEvents,
  job: Job,
  indices: readonly number[],
  requeue: () => Promise<void>,
  where: string,
  pollMs = 2000,
): Promise<GameResult[]> {
  let timer: NodeJS.Timeout | undefined;
  let settled = false;
  const id = job.id!;
  const polled = new Promise<GameResult[]>((resolve, reject) => {
    const poll = async (): Promise<void> => {
      if (settled) return;
      let silence: NodeJS.Timeout | undefined;
      // State first, then the job (see above): a completed state means the job read next holds its results.
      const asked = await Promise.race([
        reads.getJobState(id).then(
          async (state) => ({ state, now: state === 'completed' || state === 'failed' ? await reads.getJob(id) : undefined }),
          () => 'error' as const,
        ),
        new Promise<'silent'>((r) => (silence = setTimeout(() => r('silent'), QUEUE_SILENCE_MS))),
      ]);
      clearTimeout(silence);
      if (settled) return;
      if (asked === 'silent') {
        return reject(new Error(`the queue at ${where} has not answered for ${QUEUE_SILENCE_MS / 1000} s: start Redis again (or check the URL) and run the command again`));
      }
      if (asked !== 'error') {
        const { now, state } = asked;
        if (now && state === 'completed') {
          const results = blockResults(now.returnvalue, indices);
          if (results) return resolve(results);
          return reject(new Error(`the queue says it completed, but not with its games' results (${String(JSON.stringify(now.returnvalue)).slice(0, 80)}); run it again`));
        } else if (now && state === 'failed') return reject(new Error(now.failedReason));
        else if (state === 'unknown') {
          // Lost with Redis's data: the block goes back on the queue, from the run's own copy.
          await requeue().catch(() => undefined);
        }
      }
      timer = setTimeout(() => void poll(), pollMs);
    };
    timer = setTimeout(() => void poll(), pollMs);
  });
  // An event without the block's results falls back to polling (above) instead of ending the job.
  const evented = job.waitUntilFinished(events).then((value: unknown) => blockResults(value, indices) ?? polled);
  try {
    return await Promise.race([evented, polled]);
  } finally {
    settled = true;
    clearTimeout(timer);
  }
}

/** Why Redis at `url` does not answer a PING within 5 s (undefined: it does). */
async function redisReachable(url: string): Promise<string | undefined> {
  const client = new Redis(url, { lazyConnect: true, retryStrategy: () => null, maxRetriesPerRequest: 0, connectTimeout: 5000 });
  let failure: string | undefined;
  client.on('error', (e: Error) => (failure ??= e.message)); // the cause (ECONNREFUSED …), reported below
  try {
    await client.connect();
    await client.ping();
    return undefined;
  } catch (e) {
    return failure ?? (e instanceof Error ? e.message : String(e));
  } finally {
    client.disconnect();
  }
}

/** Why a job's content files are refused (undefined: they are a valid content of a built-in game). */
function checkedContent(game: string, files: Record<string, unknown>): string | undefined {
  const pkg = BUILTINS.get(game);
  if (!pkg) return `the content is for ${game}, which is not a built-in game`;
  try {
    validateContent(pkg, files);
    return undefined;
  } catch (e) {
    return `the run's content files are refused: ${e instanceof Error ? e.message : String(e)}`;
  }
}

/** The URL without its password, for messages. */
export function hideSecret(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return '(unparsable URL)';
  }
}

export interface LabWorkerOptions {
  url: string;
  name?: string;
  /** Jobs played at once, each on its own thread (default 1). */
  concurrency?: number;
  /** How long a job's lock lasts without renewal: a dead worker's job goes back after about this long (default 30 s). */
  lockDurationMs?: number;
  log?: (line: string) => void;
  /**
   * For tests only, so that no flag or variable of `drey worker` reaches it: called before a block
   * is played with its number and attempt (0 the first); throwing fails that attempt, as a block
   * whose game broke would, and the queue tries the job again (`attempts`).
   */
  beforeBlock?: (job: { block: number; attempt: number }) => void;
}

export interface LabWorker {
  /** Stops taking jobs, waits for the ones being played, and disconnects. */
  close(): Promise<void>;
}

/** A worker process's queue side: takes jobs, plays each block on a thread, returns its results. */
export async function startLabWorker(opts: LabWorkerOptions): Promise<LabWorker> {
  const log = opts.log ?? ((line: string) => console.log(line));
  const reachable = await redisReachable(opts.url);
  if (reachable !== undefined) throw new Error(`the queue at ${hideSecret(opts.url)} is not usable: ${reachable}`);
  const own = labFingerprint();
  const concurrency = opts.concurrency ?? 1;
  const lockDuration = opts.lockDurationMs ?? 30_000;
  // Games run on threads so this thread stays free to renew job locks however long a block takes.
  const pool = new WorkerPool<LabTasks>({ size: concurrency });
  const me = `${hostname()}:${process.pid}`;
  const worker = new Worker(
    opts.name ?? DEFAULT_QUEUE,
    async (job: Job) => {
      const parsed = parseLabJob(job.data, own);
      if (!parsed.ok) {
        log(`refused job ${String(job.id)}: ${parsed.error.message}`);
        // Retrying cannot help: fail the job (and so the run) at once, with the reason.
        throw new UnrecoverableError(parsed.error.message);
      }
      const { block, run, spec, games, total } = parsed.value;
      const content = spec.content === undefined ? undefined : checkedContent(spec.game, spec.content);
      if (content !== undefined) {
        log(`refused job ${String(job.id)}: ${content}`);
        throw new UnrecoverableError(content);
      }
      log(`start block ${block} of run ${run} (${games.length} games from #${games[0]!.index}, attempt ${job.attemptsMade + 1})`);
      opts.beforeBlock?.({ block, attempt: job.attemptsMade });
      const started = performance.now();
      const input: PlayGamesInput = { spec, games, total };
      const played = await pool.run('play-games', input);
      if (!played.ok) throw new Error(`${me}: ${played.error.message}`);
      log(`done block ${block} of run ${run} in ${Math.round(performance.now() - started)} ms`);
      return played.value;
    },
    {
      connection: redisConnection(opts.url),
      concurrency,
      lockDuration,
      stalledInterval: Math.max(500, Math.floor(lockDuration / 2)),
      // A job whose worker died this many times is failed rather than tried for ever.
      maxStalledCount: 3,
    },
  );
  worker.on('error', (e) => log(`queue error: ${e.message}`));
  await worker.waitUntilReady();
  log(`drey worker (${me}, ${describeFingerprint(own)}) is taking jobs from ${hideSecret(opts.url)} queue ${opts.name ?? DEFAULT_QUEUE}, ${concurrency} at a time`);
  return {
    async close() {
      await worker.close();
      await pool.close();
    },
  };
}
