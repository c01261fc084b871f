/**
 * `drey worker --queue redis://…`: plays lab jobs (seed blocks of `drey sim --queue`, `drey
 * tournament --queue`, …) from a BullMQ queue until stopped (Ctrl-C / SIGTERM: finishes the jobs
 * in hand first). Run as many as you like, on any machines with the same Drey.
 */
import type { Command } from 'commander';
import { startLabWorker, type LabWorkerOptions } from '../../lab/queue.js';
import { CliError, EXIT } from '../errors.js';
import { intFlag } from '../flags.js';
import { queueNameFlag, redisUrlFlag } from '../queue-flags.js';
import { untilStopped } from '../../server/until-stopped.js';

interface WorkerFlags {
  queue: string;
  queueName?: string;
  concurrency?: number;
  lockMs?: number;
}

export function registerWorker(program: Command): void {
  program
    .command('worker')
    .description('play lab jobs from a queue (drey sim/tournament --queue) until stopped')
    .requiredOption('--queue <url>', 'the Redis of the queue (redis://host:port)', redisUrlFlag)
    .option('--queue-name <name>', 'the queue to take jobs from (default drey-lab)', queueNameFlag)
    .option('--concurrency <n>', 'jobs played at once, each on its own thread (default 1)', intFlag(1, 256))
    .option('--lock-ms <ms>', "how long a job stays this worker's without word from it; a killed worker's job goes back after this (default 30000)", intFlag(1000, 3_600_000))
    .action(async (flags: WorkerFlags) => {
      const opts: LabWorkerOptions = { url: flags.queue, log: (line) => process.stdout.write(`${line}\n`) };
      if (flags.queueName !== undefined) opts.name = flags.queueName;
      if (flags.concurrency !== undefined) opts.concurrency = flags.concurrency;
      if (flags.lockMs !== undefined) opts.lockDurationMs = flags.lockMs;
      let worker;
      try {
        worker = await startLabWorker(opts);
      } catch (e) {
        throw new CliError(`cannot take jobs: ${e instanceof Error ? e.message : String(e)}`, EXIT.failed);
      }
      await untilStopped();
      process.stdout.write('stopping: finishing the jobs in hand\n');
      await worker.close();
    });
}
