import { afterEach, describe, expect, it } from 'vitest';
import type { PoolTestTasks } from '../../test/fixtures/pool-tasks.js';
import { WorkerPool, type PoolOptions } from './pool.js';

const entry = { beside: import.meta.url, name: '../../test/fixtures/pool-tasks' };
const pools: WorkerPool<PoolTestTasks>[] = [];
const makePool = (opts: Omit<PoolOptions, 'entry'>): WorkerPool<PoolTestTasks> => {
  const pool = new WorkerPool<PoolTestTasks>({ ...opts, entry });
  pools.push(pool);
  return pool;
};
afterEach(async () => {
  await Promise.all(pools.splice(0).map((p) => p.close()));
});

const codeOf = (r: { ok: boolean; error?: { code: string } }): string => (r.ok ? 'ok' : r.error!.code);

describe('the worker pool', () => {
  it('runs tasks in workers and passes their answers and errors back', async () => {
    const pool = makePool({ size: 2 });
    const [a, b, thrown] = await Promise.all([pool.run('echo', 'a'), pool.run('echo', 'b'), pool.run('throw', 'boom')]);
    expect(a).toEqual({ ok: true, value: 'a' });
    expect(b).toEqual({ ok: true, value: 'b' });
    expect(thrown).toMatchObject({ ok: false, error: { code: 'task-failed', message: "task 'throw' failed: boom" } });
  });

  it('stops a task past its time limit with `timeout`, replaces the worker and goes on', async () => {
    const pool = makePool({ size: 1, timeLimitMs: 300 });
    const spun = pool.run('spin', null);
    const next = pool.run('echo', 'after');
    expect(codeOf(await spun)).toBe('timeout');
    expect(await next).toEqual({ ok: true, value: 'after' });
    // A task's own limit overrides the pool's.
    expect(await pool.run('sleep', 500, { timeLimitMs: 5_000 })).toEqual({ ok: true, value: 500 });
  });

  it('fails a task that blows the memory limit with `out-of-memory`, and the next task runs in a fresh worker', async () => {
    const pool = makePool({ size: 1, memoryLimitMb: 64 });
    expect(codeOf(await pool.run('hog', null))).toBe('out-of-memory');
    expect(await pool.run('echo', 'still here')).toEqual({ ok: true, value: 'still here' });
  });

  it('takes turns between owners: one owner with many tasks does not starve another', async () => {
    const pool = makePool({ size: 1 });
    const finished: string[] = [];
    const track = (owner: string, i: number) =>
      pool.run('echo', `${owner}${i}`, { owner }).then((r) => {
        if (r.ok) finished.push(r.value);
      });
    const all = [...Array.from({ length: 50 }, (_, i) => track('A', i)), track('B', 0)];
    await Promise.all(all);
    expect(finished).toHaveLength(51);
    // A0 was already running; A1 was queued before B0, so B0 is third — not 51st.
    expect(finished.indexOf('B0')).toBe(2);
    expect(finished.filter((x) => x.startsWith('A'))).toEqual(Array.from({ length: 50 }, (_, i) => `A${i}`));
  });

  it('without owners, tasks run in the order they came', async () => {
    const pool = makePool({ size: 1 });
    const finished: string[] = [];
    await Promise.all(['x', 'y', 'z'].map((t) => pool.run('echo', t).then((r) => r.ok && finished.push(r.value))));
    expect(finished).toEqual(['x', 'y', 'z']);
  });

  it('fails the task of a worker that dies with a reason and replaces the worker', async () => {
    const pool = makePool({ size: 1 });
    const died = await pool.run('exit', 3);
    expect(died).toMatchObject({ ok: false, error: { code: 'worker-crashed' } });
    if (!died.ok) expect(died.error.message).toMatch(/code 3/);
    expect(await pool.run('echo', 'again')).toEqual({ ok: true, value: 'again' });
  });

  it('close() ends running and queued tasks with `pool-closed` and refuses new ones', async () => {
    const pool = makePool({ size: 1 });
    const running = pool.run('sleep', 10_000);
    const queued = [pool.run('echo', 'q1', { owner: 't1' }), pool.run('echo', 'q2', { owner: 't2' })];
    expect(pool.queued).toBe(2);
    await pool.close();
    expect((await Promise.all([running, ...queued])).map(codeOf)).toEqual(['pool-closed', 'pool-closed', 'pool-closed']);
    expect(codeOf(await pool.run('echo', 'late'))).toBe('pool-closed');
  });

  it('refuses a pool without workers', () => {
    expect(() => new WorkerPool({ size: 0 })).toThrow(RangeError);
  });
});
