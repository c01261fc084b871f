/**
 * Issue 24, item 4: Redis restarted without its data in the middle of a queued run (`drey sim
 * --queue`) loses every job and event; the run adds the lost blocks again from its own copy and
 * prints the same digest as the local sim, instead of waiting with no message. A Redis of the
 * test's own (Debian's redis-server on a free port, no persistence) is killed and started again.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { dreyRun, type Run } from './cli-run.js';
import { freePort, hasRedisServer, startPrivateRedis } from './redis-helpers.js';

const children: ChildProcess[] = [];
afterEach(() => {
  for (const c of children.splice(0)) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
});

/** A redis-server of the test's own on `port` (no persistence), killed after the test. */
async function redis(port: number): Promise<ChildProcess> {
  const proc = await startPrivateRedis(port);
  children.push(proc);
  return proc;
}

const hasRedis = await hasRedisServer();
if (!hasRedis && !process.env.CI) console.warn('skipping the Redis restart test: no redis-server here');

const digestOf = (run: Run): string => {
  expect(run.code, run.stderr).toBe(0);
  return (JSON.parse(run.stdout) as { summary: { digest: string } }).summary.digest;
};

const SIM = ['sim', 'autumn-leaves', '--seats', '3', '--bots', 'easy,random,easy', '--games', '60', '--seed', 'restart', '--json'];

describe.skipIf(!hasRedis && !process.env.CI)('a queued lab run across a Redis restart', { timeout: 240_000 }, () => {
  it('Redis restarted without its data mid-run: the lost blocks are queued again, same digest as local', async () => {
    const port = await freePort();
    const url = `redis://127.0.0.1:${port}`;
    let server = await redis(port);
    const local = dreyRun([...SIM, '--workers', '1'], children);
    const worker = spawn(process.execPath, ['bin/drey.js', 'worker', '--queue', url], { stdio: ['ignore', 'pipe', 'pipe'] });
    children.push(worker);
    let log = '';
    worker.stdout!.on('data', (c: Buffer) => (log += c.toString()));
    worker.stderr!.on('data', (c: Buffer) => (log += c.toString()));
    const queued = dreyRun([...SIM, '--queue', url, '--block', '3'], children);
    // Restart Redis, empty, once the worker has played a few of the 20 blocks.
    const until = Date.now() + 120_000;
    while ((log.match(/done block/g) ?? []).length < 3 && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
    expect((log.match(/done block/g) ?? []).length).toBeGreaterThanOrEqual(3);
    server.kill('SIGKILL');
    await new Promise((r) => server.once('exit', r));
    server = await redis(port);
    // Before, the run waited for the lost jobs for ever, with no message.
    const hung = new Promise<never>((_, reject) => setTimeout(() => reject(new Error('the run did not end within 90 s of the restart')), 90_000).unref());
    expect(digestOf(await Promise.race([queued, hung]))).toBe(digestOf(await local));
  });
});
