/**
 * Issue 24: a queued run once failed with "block 6 failed: results is not iterable" for a block
 * a worker had finished. The cause: the run's poll read the job, then its state; a job read while
 * still active (no return value yet) and completed before its state was asked looked completed
 * without results. Here that interleaving is forced on a real queue (a redis-server of the test's
 * own, BullMQ, a block of real games): the job is completed right after the poll's first read,
 * and the run's event stream is one that never reports it (a missed event), so the poll decides.
 */
import type { ChildProcess } from 'node:child_process';
import { Queue, QueueEvents, Worker } from 'bullmq';
import { afterEach, describe, expect, it } from 'vitest';
import { playGamesTask, type PlayGamesInput } from '../src/lab/play.js';
import { blockResults, finished, type JobReads } from '../src/lab/queue.js';
import { freePort, hasRedisServer, startPrivateRedis } from './redis-helpers.js';

const children: ChildProcess[] = [];
const closing: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const close of closing.splice(0).reverse()) await close().catch(() => undefined);
  for (const c of children.splice(0)) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
});

/** A redis-server of the test's own on a free port; resolves with its URL once it accepts connections. */
async function redis(): Promise<string> {
  const port = await freePort();
  children.push(await startPrivateRedis(port));
  return `redis://127.0.0.1:${port}`;
}

const hasRedis = await hasRedisServer();
if (!hasRedis && !process.env.CI) console.warn('skipping the lab queue race test: no redis-server here');

/** A block of two real games, as a worker plays it. */
const BLOCK: PlayGamesInput = {
  spec: { game: 'acorns', seats: 2, games: 2, seed: 'race' },
  games: [0, 1].map((index) => ({ index, group: 0, seed: `race.${index}`, lineup: ['random', 'random'] })),
  total: 2,
};

describe.skipIf(!hasRedis && !process.env.CI)('a queued block completed while the run asks about it', { timeout: 60_000 }, () => {
  it('is taken with its results, whichever of the poll\'s reads the completion falls between', async () => {
    const url = await redis();
    const connection = { url, maxRetriesPerRequest: null };
    const name = 'race';
    const queue = new Queue(name, { connection });
    // Events of another queue: this job's completion is never reported there (a missed event).
    const deaf = new QueueEvents('elsewhere', { connection });
    const worker = new Worker(name, null, { connection, lockDuration: 30_000 });
    closing.push(() => queue.close(), () => deaf.close(), () => worker.close());
    await Promise.all([queue.waitUntilReady(), deaf.waitUntilReady(), worker.waitUntilReady()]);

    const played = playGamesTask(BLOCK);
    if (!played.ok) throw new Error(played.error.message);
    const job = await queue.add('play-games', { block: 0 }, { jobId: 'run.0' });
    // The worker has taken the block and is playing it.
    const token = 'worker-a';
    const active = await worker.getNextJob(token);
    expect(active?.id).toBe('run.0');

    // The queue as the run reads it, except that the worker completes the block right after the
    // poll's first read (whichever that is).
    let reads = 0;
    const complete = async (): Promise<void> => {
      if (reads++ === 0) await active!.moveToCompleted(played.value, token, false);
    };
    const racing: JobReads = {
      getJob: async (id) => {
        const j = await queue.getJob(id);
        await complete();
        return j;
      },
      getJobState: async (id) => {
        const s = await queue.getJobState(id);
        await complete();
        return s;
      },
    };
    const results = await finished(racing, deaf, job, [0, 1], async () => undefined, url, 50);
    expect(reads).toBeGreaterThan(1);
    expect(results).toEqual(played.value);
    expect(results.map((r) => r.index)).toEqual([0, 1]);
  });
});

describe('a block\'s results as the run believes them', () => {
  it('are exactly the block\'s games, by index: nothing else (null, another block\'s, a short list) is folded', () => {
    const played = playGamesTask(BLOCK);
    if (!played.ok) throw new Error(played.error.message);
    expect(blockResults(played.value, [0, 1])).toBe(played.value);
    for (const other of [null, undefined, 'done', {}, [], played.value.slice(0, 1), [...played.value].reverse(), [null, null]]) {
      expect(blockResults(other, [0, 1])).toBeUndefined();
    }
    expect(blockResults(played.value, [2, 3])).toBeUndefined();
  });
});
