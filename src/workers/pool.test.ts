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
    // A0 was already running; then B0, charged nothing yet, goes before A1 — not 51st.
    expect(finished.indexOf('B0')).toBe(1);
    expect(finished.filter((x) => x.startsWith('A'))).toEqual(Array.from({ length: 50 }, (_, i) => `A${i}`));
  });

  it('shares workers by the time tasks take, not by their count: quick tasks of one owner pass the slow ones of another', async () => {
    const pool = makePool({ size: 1 });
    const finished: string[] = [];
    const track = (owner: string, kind: 'sleep' | 'echo', i: number) =>
      (kind === 'sleep' ? pool.run('sleep', 150, { owner }) : pool.run('echo', `${owner}${i}`, { owner })).then((r) => {
        if (r.ok) finished.push(`${owner}${i}`);
      });
    await Promise.all([track('A', 'sleep', 0), track('A', 'sleep', 1), track('A', 'sleep', 2), ...[0, 1, 2, 3, 4].map((i) => track('B', 'echo', i))]);
    // Taking turns by count would give A0 B0 A1 B1 A2 B2 …: B's five quick tasks would wait for two slow ones.
    expect(finished).toEqual(['A0', 'B0', 'B1', 'B2', 'B3', 'B4', 'A1', 'A2']);
  });

  it('a reserved worker runs a cheap task while the others are busy with long ones', async () => {
    const pool = makePool({ size: 1, reserved: { workers: 1, maxCostMs: 50 } });
    // The pool learns that echo is cheap.
    expect(await pool.run('echo', 'learn')).toEqual({ ok: true, value: 'learn' });
    const order: string[] = [];
    const long = pool.run('sleep', 1500, { owner: 'A' }).then(() => order.push('long'));
    const quick = pool.run('echo', 'quick', { owner: 'B' }).then(() => order.push('quick'));
    await Promise.all([long, quick]);
    expect(order).toEqual(['quick', 'long']);
    expect(pool.typicalMs('echo')).toBeLessThan(50);
  });

  it('without a reserved worker the cheap task waits for the long one (a worker cannot be interrupted)', async () => {
    const pool = makePool({ size: 1 });
    expect(await pool.run('echo', 'learn')).toEqual({ ok: true, value: 'learn' });
    const order: string[] = [];
    const long = pool.run('sleep', 300, { owner: 'A' }).then(() => order.push('long'));
    const quick = pool.run('echo', 'quick', { owner: 'B' }).then(() => order.push('quick'));
    await Promise.all([long, quick]);
    expect(order).toEqual(['long', 'quick']);
  });

  it('cheap tasks sent to a worker together each keep their own time limit, and those sent with one that hangs still get answered', async () => {
    const pool = makePool({ size: 1, reserved: { workers: 1, maxCostMs: 50 } });
    // The pool learns that key k is cheap; then one task of that key hangs.
    expect(await pool.run('echo', 'learn', { costKey: 'k' })).toEqual({ ok: true, value: 'learn' });
    const long = pool.run('sleep', 2_500, { owner: 'S' });
    const first = pool.run('echo', 'A', { owner: 'A', costKey: 'k' });
    // Every worker busy: these three wait, then go to the reserved worker in one message when A is done.
    const hung = pool.run('spin', null, { owner: 'B', costKey: 'k', timeLimitMs: 400 });
    const after = [pool.run('echo', 'C', { owner: 'C', costKey: 'k' }), pool.run('echo', 'D', { owner: 'D', costKey: 'k' })];
    expect(await first).toEqual({ ok: true, value: 'A' });
    expect(codeOf(await hung)).toBe('timeout');
    expect(await Promise.all(after)).toEqual([
      { ok: true, value: 'C' },
      { ok: true, value: 'D' },
    ]);
    expect(await long).toEqual({ ok: true, value: 2_500 });
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
