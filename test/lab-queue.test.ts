/**
 * The lab on a job queue (src/lab/queue.ts) with real Redis and real `drey worker` processes: a
 * distributed sim prints the same digest as the local one, also when a worker is killed with
 * SIGKILL in the middle of a job; a worker running other code refuses the run's jobs.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { dreyRun, type Run } from './cli-run.js';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { labFingerprint, parseLabJob, startLabWorker, type LabJob } from '../src/lab/queue.js';
import { runSim } from '../src/lab/sim.js';
import { runCompare } from '../src/lab/compare.js';
import { contentFieldVariants } from '../src/cli/lab-variants.js';
import { BUILTINS } from '../src/games/index.js';
import { REDIS_URL, redisSkipReason } from './redis-helpers.js';

const skip = await redisSkipReason();
const children: ChildProcess[] = [];
const kill = (): void => {
  for (const c of children.splice(0)) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
};
afterEach(kill);
afterAll(kill);

/** A queue name of its own per test, so runs never meet another test's workers. */
const queueName = (): string => `drey-test-${process.pid}-${Math.random().toString(36).slice(2, 8)}`;

const drey = (args: string[]): Promise<Run> => dreyRun(args, children);

/** A `drey worker` process; `log` grows as it prints; resolves once it takes jobs. */
async function worker(name: string, extra: string[] = []): Promise<{ proc: ChildProcess; log: () => string }> {
  const proc = spawn(process.execPath, ['bin/drey.js', 'worker', '--queue', REDIS_URL, '--queue-name', name, ...extra], { stdio: ['ignore', 'pipe', 'inherit'] });
  children.push(proc);
  let out = '';
  await new Promise<void>((resolve, reject) => {
    proc.stdout!.on('data', (c: Buffer) => {
      out += c.toString();
      if (out.includes('is taking jobs')) resolve();
    });
    proc.once('exit', (code) => reject(new Error(`the worker exited (${String(code)}): ${out}`)));
  });
  return { proc, log: () => out };
}

const digestOf = (run: Run): string => {
  expect(run.code, run.stderr).toBe(0);
  return (JSON.parse(run.stdout) as { summary: { digest: string } }).summary.digest;
};

const SIM = ['sim', 'autumn-leaves', '--seats', '3', '--bots', 'easy,random,easy', '--games', '60', '--seed', 'queued', '--json'];

describe.skipIf(skip !== undefined)('the lab on a job queue', { timeout: 180_000 }, () => {
  it('a sim played by two drey workers has the same digest as the local sim', async () => {
    const name = queueName();
    const [local] = await Promise.all([drey([...SIM, '--workers', '1']), worker(name), worker(name)]);
    const queued = await drey([...SIM, '--queue', REDIS_URL, '--queue-name', name, '--block', '7']);
    expect(digestOf(queued)).toBe(digestOf(local));
    const report = JSON.parse(queued.stdout) as { queue: { name: string; jobs: number }; workers: number };
    expect(report.queue).toEqual({ name, jobs: 9 });
    expect(report.workers).toBe(0);
  });

  it('a worker killed with SIGKILL mid-job loses nothing: another takes its job, same digest', async () => {
    const name = queueName();
    const local = drey([...SIM, '--workers', '1']);
    const first = await worker(name, ['--lock-ms', '1500']);
    const queued = drey([...SIM, '--queue', REDIS_URL, '--queue-name', name, '--block', '12']);
    // Kill the first worker as soon as it starts a block, before it can finish it.
    await new Promise<void>((resolve) => {
      const check = (): void => {
        if (/start block \d+/.test(first.log())) {
          first.proc.kill('SIGKILL');
          resolve();
        } else setTimeout(check, 5);
      };
      check();
    });
    await new Promise((resolve) => first.proc.once('exit', resolve));
    const startedA = [...first.log().matchAll(/start block (\d+)/g)].map((m) => m[1]);
    const doneA = new Set([...first.log().matchAll(/done block (\d+)/g)].map((m) => m[1]));
    const lost = startedA.filter((b) => !doneA.has(b));
    expect(lost.length).toBeGreaterThan(0);
    const second = await worker(name, ['--lock-ms', '1500']);
    expect(digestOf(await queued)).toBe(digestOf(await local));
    // The block the killed worker held came back to the queue and was played by the other.
    for (const b of lost) expect(second.log()).toMatch(new RegExp(`start block ${b} of`));
  });

  it('a block that fails on its first attempt is tried again (attempts), and the digest is the local one', async () => {
    const name = queueName();
    const spec = { game: 'autumn-leaves', seats: 3, games: 24, bots: ['easy', 'random', 'easy'], seed: 'retried', options: {} };
    const tries: { block: number; attempt: number }[] = [];
    const log: string[] = [];
    // In this process (the same code as the run, so the same fingerprint); block 1 fails once.
    const inProcess = await startLabWorker({
      url: REDIS_URL,
      name,
      lockDurationMs: 5_000,
      log: (line) => log.push(line),
      beforeBlock: (job) => {
        tries.push(job);
        if (job.block === 1 && job.attempt === 0) throw new Error('block 1 fails on its first attempt (test)');
      },
    });
    try {
      const local = await runSim(spec, { workers: 1 });
      const queued = await runSim(spec, { queue: { url: REDIS_URL, name, blockSize: 8, attempts: 2 } });
      if (!local.ok || !queued.ok) throw new Error(JSON.stringify([local, queued]));
      expect(queued.value.queue).toEqual({ name, jobs: 3 });
      expect(queued.value.summary.digest).toBe(local.value.summary.digest);
      // Block 1 was played twice, the second time as attempt 2; the others once.
      expect(tries.filter((t) => t.block === 1)).toEqual([{ block: 1, attempt: 0 }, { block: 1, attempt: 1 }]);
      expect(tries.filter((t) => t.block !== 1).every((t) => t.attempt === 0)).toBe(true);
      expect(log.some((l) => /start block 1 of run .*attempt 2\)/.test(l))).toBe(true);
    } finally {
      await inProcess.close();
    }
  });

  it('a block that fails on every attempt fails the run with its reason', async () => {
    const name = queueName();
    const inProcess = await startLabWorker({
      url: REDIS_URL,
      name,
      log: () => undefined,
      beforeBlock: (job) => {
        if (job.block === 0) throw new Error(`block 0 broke on attempt ${job.attempt + 1} (test)`);
      },
    });
    try {
      const ran = await runSim({ game: 'acorns', seats: 2, games: 4, bots: ['random'], seed: 'broken', options: {} }, { queue: { url: REDIS_URL, name, blockSize: 2, attempts: 2 } });
      expect(ran.ok).toBe(false);
      if (!ran.ok) expect(ran.error.message).toBe('block 0 failed: block 0 broke on attempt 2 (test)');
    } finally {
      await inProcess.close();
    }
  });

  it('a lab comparison of a content variant plays on the queue: the workers build it from its files, same report', async () => {
    const name = queueName();
    const inProcess = await startLabWorker({ url: REDIS_URL, name, log: () => undefined });
    try {
      const [short] = await contentFieldVariants(BUILTINS, 'acorn-run', 'race.roundLimit', [8]);
      const spec = { game: 'acorn-run', seats: 2, games: 6, bots: ['heuristic'], seed: 'queued-content' };
      const variants = [{ name: 'base', source: 'builtin' }, { ...short!.variant, name: 'short' }];
      const local = await runCompare(spec, variants, { workers: 1 });
      const queued = await runCompare(spec, variants, { queue: { url: REDIS_URL, name, blockSize: 2 } });
      if (!local.ok || !queued.ok) throw new Error(JSON.stringify([local, queued]).slice(0, 500));
      expect(JSON.stringify(queued.value.figures)).toBe(JSON.stringify(local.value.figures));
      // The variant really is the short race: every game stops at the sunset of round 8.
      const rounds = queued.value.figures.find((f) => f.key === 'rounds')!;
      expect(rounds.values[1]!.mean).toBeLessThanOrEqual(8);
      expect(rounds.values[0]!.mean).toBeGreaterThan(8);
    } finally {
      await inProcess.close();
    }
  });

  it('a worker with other code refuses the jobs, and the run fails with the reason', async () => {
    const name = queueName();
    await worker(name); // runs dist/ (compiled JavaScript); this test runs src/ (TypeScript): other code
    const ran = await runSim(
      { game: 'autumn-leaves', seats: 3, games: 4, bots: ['random'], seed: 's', options: {} },
      { queue: { url: REDIS_URL, name, attempts: 3 } },
    );
    expect(ran.ok).toBe(false);
    if (!ran.ok) expect(ran.error.message).toMatch(/this worker runs Drey .*, code [0-9a-f]+, the run was started with Drey .*: run workers of the same Drey/);
  });

  it('an unreachable queue fails the run with a clear error', async () => {
    const run = await drey([...SIM, '--queue', 'redis://127.0.0.1:1']);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('drey: the queue at redis://127.0.0.1:1 is not usable: connect ECONNREFUSED');
    const worker = await drey(['worker', '--queue', 'redis://127.0.0.1:1']);
    expect(worker.code).toBe(1);
    expect(worker.stderr).toContain('drey: cannot take jobs: the queue at redis://127.0.0.1:1 is not usable: connect ECONNREFUSED');
  });
});

describe('lab jobs as a worker reads them', () => {
  const job = (over: Partial<LabJob> = {}): LabJob => ({
    run: 'r',
    block: 0,
    drey: labFingerprint(),
    spec: { game: 'acorns', seats: 2, games: 1, seed: 's' },
    games: [{ index: 0, group: 0, seed: 's.0', lineup: ['random', 'random'] }],
    total: 1,
    ...over,
  });

  it('takes a well-formed job of the same Drey', () => {
    expect(parseLabJob(job()).ok).toBe(true);
  });

  it('refuses another version or other code, and malformed or oversized data', () => {
    const other = parseLabJob(job({ drey: { version: '9.9.9', content: labFingerprint().content } }));
    expect(!other.ok && other.error.code).toBe('version-mismatch');
    const code = parseLabJob(job({ drey: { version: labFingerprint().version, content: 'deadbeef' } }));
    expect(!code.ok && code.error.message).toContain('the run was started with Drey');
    for (const bad of [null, 'x', { ...job(), games: [] }, { ...job(), spec: { ...job().spec, recordDir: '/etc' } }, { ...job(), games: Array.from({ length: 10_001 }, () => job().games[0]) }, { ...job(), spec: { ...job().spec, content: { race: 'x'.repeat(9 << 20) } } }]) {
      const parsed = parseLabJob(bad);
      expect(!parsed.ok && parsed.error.code).toBe('bad-job');
    }
  });
});
