/**
 * The worker side of the pool: a worker entry calls `serveTasks` with its handlers, then answers
 * its tasks one at a time. The pool may send a few cheap tasks in one message (pool.ts): they run
 * in order, each answered as it ends, with the time it took here. A handler's error value goes
 * back as it is; a handler that throws is a `task-failed` error. Time and memory limits are
 * enforced from the main thread (pool.ts).
 */
import { parentPort } from 'node:worker_threads';
import type { Handlers, TaskBatch, TaskKinds, TaskMessage, WorkerMessage } from './protocol.js';

export function serveTasks<K extends TaskKinds>(handlers: Handlers<K>): void {
  const port = parentPort;
  if (!port) throw new Error('a worker entry must run in a worker thread');
  const post = (message: WorkerMessage): void => port.postMessage(message);
  const table = handlers as Record<string, (input: unknown) => ReturnType<Handlers<K>[keyof K]>>;
  const runTask = async ({ id, kind, input }: TaskMessage): Promise<void> => {
    const handler = Object.hasOwn(table, kind) ? table[kind] : undefined;
    if (!handler) {
      post({ type: 'done', id, ok: false, error: { code: 'unknown-task', message: `this worker has no task '${kind}'` } });
      return;
    }
    const started = performance.now();
    try {
      const r = await handler(input);
      const ms = performance.now() - started;
      post(r.ok ? { type: 'done', id, ms, ok: true, value: r.value } : { type: 'done', id, ms, ok: false, error: r.error });
    } catch (e) {
      const ms = performance.now() - started;
      post({ type: 'done', id, ms, ok: false, error: { code: 'task-failed', message: `task '${kind}' failed: ${e instanceof Error ? e.message : String(e)}` } });
    }
  };
  // One task at a time, in the order sent, even when a handler is asynchronous.
  let queue = Promise.resolve();
  port.on('message', (batch: TaskBatch) => {
    queue = queue.then(async () => {
      for (const task of batch) await runTask(task);
    });
  });
  post({ type: 'ready' });
}
