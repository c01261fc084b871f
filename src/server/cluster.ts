/**
 * Several server processes (docs/deploy.md, "Several server processes"), with REDIS_URL set:
 *
 * - socket.io's Redis Streams adapter carries every broadcast to a table's rooms to the clients of
 *   every process (and rides out a short Redis outage without losing packets);
 * - the Forwarder carries a table operation (table-ops.ts) from the process a client talks to, to
 *   the process that holds the table's lease, and the answer back, over Redis pub/sub: each process
 *   listens on `drey:op:<owner>` for operations and `drey:answer:<owner>` for answers.
 *
 * A PUBLISH reaches nobody when the owner is gone (it died, or lost Redis): the caller learns that
 * at once ('unreachable') and waits for the lease to run out. An operation that was delivered and
 * got no answer in time is a 'timeout': it may or may not have been carried out, so it is not sent
 * again (the client is told the table is unavailable and syncs).
 */
import { randomUUID } from 'node:crypto';
import { createAdapter } from '@socket.io/redis-streams-adapter';
import { Redis } from 'ioredis';
import type { Server } from 'socket.io';
import { z } from 'zod';
import { messageOf, thrownAnswer, type ServiceResult } from './result.js';
import { TableOpSchema, type TableOp } from './table-ops.js';

export type ForwardAnswer =
  | { kind: 'answer'; result: ServiceResult<unknown> }
  /** The process reached does not play the table (any more). */
  | { kind: 'not-owner' }
  /** Nobody listens for that owner: it is gone. */
  | { kind: 'unreachable' }
  /** Delivered, but no answer in time: it may have been carried out. */
  | { kind: 'timeout' };

export interface Forwarder {
  forward(owner: string, op: TableOp): Promise<ForwardAnswer>;
}

const RequestSchema = z.object({ id: z.string().max(100), from: z.string().max(200), op: TableOpSchema });
const ResultSchema = z.union([
  z.object({ ok: z.literal(true), value: z.unknown() }),
  z.object({ ok: z.literal(false), error: z.object({ code: z.string(), message: z.string() }) }),
]);
const AnswerSchema = z.object({ id: z.string().max(100), notOwner: z.literal(true).optional(), result: ResultSchema.optional() });

/**
 * How long a forwarded operation may go unanswered, and so the longest any operation waits for an
 * answer in a cluster (service.ts route: waiting out a dead holder's lease included).
 */
export const FORWARD_TIMEOUT_MS = 5_000;

const opChannel = (owner: string): string => `drey:op:${owner}`;
const answerChannel = (owner: string): string => `drey:answer:${owner}`;

export interface ClusterOptions {
  redisUrl: string;
  /** This process's lease owner name. */
  owner: string;
  /** How long a forwarded operation may take before it is a 'timeout' (default 5 s). */
  timeoutMs?: number;
  /** Carries out an operation forwarded to this process. */
  handle(op: TableOp): Promise<ServiceResult<unknown> | 'not-owner'>;
  warn(message: string): void;
}

export interface Cluster extends Forwarder {
  /** Puts socket.io on the Redis Streams adapter, so room broadcasts reach every process. */
  attach(io: Server): void;
  close(): Promise<void>;
}

/** Connects to Redis (three connections: commands, the adapter's, and pub/sub listening). */
export async function connectCluster(opts: ClusterOptions): Promise<Cluster> {
  const timeoutMs = opts.timeoutMs ?? FORWARD_TIMEOUT_MS;
  const redisOptions = { maxRetriesPerRequest: null, lazyConnect: true } as const;
  const pub = new Redis(opts.redisUrl, redisOptions);
  const sub = new Redis(opts.redisUrl, redisOptions);
  const adapterClient = new Redis(opts.redisUrl, redisOptions);
  for (const [name, client] of [['commands', pub], ['listening', sub], ['adapter', adapterClient]] as const) {
    client.on('error', (e: unknown) => opts.warn(`redis (${name}): ${messageOf(e)}`));
  }
  await Promise.all([pub.connect(), sub.connect(), adapterClient.connect()]);

  const pending = new Map<string, { done: (answer: ForwardAnswer) => void; timer: NodeJS.Timeout }>();

  sub.on('message', (channel: string, text: string) => {
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      return opts.warn(`redis: a message on ${channel} is not JSON`);
    }
    if (channel === answerChannel(opts.owner)) {
      const answer = AnswerSchema.safeParse(json);
      if (!answer.success) return opts.warn(`redis: a malformed answer on ${channel}`);
      const waiting = pending.get(answer.data.id);
      if (!waiting) return; // it timed out already
      pending.delete(answer.data.id);
      clearTimeout(waiting.timer);
      const result = answer.data.result;
      // The codes are the server's own (the owner runs this same build).
      waiting.done(result ? { kind: 'answer', result: result as ServiceResult<unknown> } : { kind: 'not-owner' });
      return;
    }
    const request = RequestSchema.safeParse(json);
    if (!request.success) return opts.warn(`redis: a malformed operation on ${channel}`);
    const { id, from, op } = request.data;
    opts
      .handle(op)
      .catch((e: unknown): ServiceResult<unknown> => {
        opts.warn(`a forwarded ${op.op} on table ${op.tableId} failed: ${messageOf(e)}`);
        return { ok: false, error: thrownAnswer(e) };
      })
      .then((result) => pub.publish(answerChannel(from), JSON.stringify(result === 'not-owner' ? { id, notOwner: true } : { id, result })))
      .catch((e: unknown) => opts.warn(`answering a forwarded operation failed: ${messageOf(e)}`));
  });
  await sub.subscribe(opChannel(opts.owner), answerChannel(opts.owner));

  return {
    attach(io) {
      io.adapter(createAdapter(adapterClient, { streamName: 'drey:socket.io' }));
    },
    forward(owner, op) {
      const id = randomUUID();
      return new Promise<ForwardAnswer>((resolve) => {
        const timer = setTimeout(() => {
          pending.delete(id);
          resolve({ kind: 'timeout' });
        }, timeoutMs);
        pending.set(id, { done: resolve, timer });
        pub.publish(opChannel(owner), JSON.stringify({ id, from: opts.owner, op })).then(
          (listeners) => {
            if (listeners > 0 || !pending.has(id)) return;
            pending.delete(id);
            clearTimeout(timer);
            resolve({ kind: 'unreachable' });
          },
          () => undefined, // Redis is down: the timeout answers
        );
      });
    },
    async close() {
      for (const { timer, done } of pending.values()) {
        clearTimeout(timer);
        done({ kind: 'timeout' });
      }
      pending.clear();
      await Promise.allSettled([sub.quit(), pub.quit(), adapterClient.quit()]);
    },
  };
}
