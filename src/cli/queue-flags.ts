/**
 * `--queue redis://…` and its companions, shared by `drey sim`, `drey tournament` (any lab run)
 * and `drey worker`: where the BullMQ queue is (src/lab/queue.ts).
 */
import { InvalidArgumentError, type Command } from 'commander';
import { DEFAULT_QUEUE, type QueueRunnerOptions } from '../lab/queue.js';
import { intFlag } from './flags.js';

/** A redis:// or rediss:// URL. */
export function redisUrlFlag(value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new InvalidArgumentError('It must be a URL like redis://127.0.0.1:6379.');
  }
  if (url.protocol !== 'redis:' && url.protocol !== 'rediss:') throw new InvalidArgumentError('It must be a redis:// or rediss:// URL.');
  return value;
}

export function queueNameFlag(value: string): string {
  if (!/^[A-Za-z0-9_.-]{1,100}$/.test(value)) throw new InvalidArgumentError('A queue name is 1–100 letters, digits, dots, dashes or underscores.');
  return value;
}

export interface QueueFlags {
  queue?: string;
  queueName?: string;
  block?: number;
}

/** Adds --queue, --queue-name and --block to a lab command. */
export function addQueueFlags(command: Command): Command {
  return command
    .option('--queue <url>', 'play as jobs on a BullMQ queue in Redis (redis://host:port); `drey worker --queue` processes play them', redisUrlFlag)
    .option('--queue-name <name>', `the queue's name, shared with the workers (default ${DEFAULT_QUEUE})`, queueNameFlag)
    .option('--block <n>', 'games per job on the queue (default: the run in about 64 jobs)', intFlag(1, 500));
}

/** The runner options for these flags (none: play on this machine). */
export function queueRun(flags: QueueFlags): { queue?: QueueRunnerOptions } {
  if (flags.queue === undefined) return {};
  const queue: QueueRunnerOptions = { url: flags.queue };
  if (flags.queueName !== undefined) queue.name = flags.queueName;
  if (flags.block !== undefined) queue.blockSize = flags.block;
  return { queue };
}
