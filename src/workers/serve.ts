/**
 * The worker side of the pool: a worker entry calls `serveTasks` with its handlers, then answers
 * one task at a time. A handler's error value goes back as it is; a handler that throws is a
 * `task-failed` error. Time and memory limits are enforced from the main thread (pool.ts).
 */
import { parentPort } from 'node:worker_threads';
import type { Handlers, TaskKinds, TaskMessage, WorkerMessage } from './protocol.js';

export function serveTasks<K extends TaskKinds>(handlers: Handlers<K>): void {
  const port = parentPort;
  if (!port) throw new Error('a worker entry must run in a worker thread');
  const post = (message: WorkerMessage): void => port.postMessage(message);
  const table = handlers as Record<string, (input: unknown) => ReturnType<Handlers<K>[keyof K]>>;
  port.on('message', ({ id, kind, input }: TaskMessage) => {
    const handler = Object.hasOwn(table, kind) ? table[kind] : undefined;
    if (!handler) {
      post({ type: 'done', id, ok: false, error: { code: 'unknown-task', message: `this worker has no task '${kind}'` } });
      return;
    }
    const failed = (e: unknown): void =>
      post({ type: 'done', id, ok: false, error: { code: 'task-failed', message: `task '${kind}' failed: ${e instanceof Error ? e.message : String(e)}` } });
    try {
      void Promise.resolve(handler(input)).then((r) => post(r.ok ? { type: 'done', id, ok: true, value: r.value } : { type: 'done', id, ok: false, error: r.error }), failed);
    } catch (e) {
      failed(e);
    }
  });
  post({ type: 'ready' });
}
