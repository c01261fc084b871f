/**
 * Bots think in worker threads so that a slow bot (ISMCTS at a high level) never stalls the
 * event loop that serves every other table. Each worker takes one task at a time; tasks queue
 * here. A worker that dies is replaced and its task fails with a reason.
 */
import type { Worker } from 'node:worker_threads';
import { spawnWorker } from '../../bots/spawn-worker.js';
import type { Registry } from '../../games/index.js';
import { decide } from './decide.js';
import type { BotAnswer, BotTask } from './task.js';

export interface BotRunner {
  run(task: Omit<BotTask, 'id'>): Promise<BotAnswer>;
  close(): Promise<void>;
}

interface Slot {
  worker: Worker;
  task: { task: BotTask; resolve: (a: BotAnswer) => void } | null;
}

export function createWorkerPool(size: number): BotRunner {
  const queue: { task: BotTask; resolve: (a: BotAnswer) => void }[] = [];
  const slots: Slot[] = [];
  let nextId = 1;
  let closed = false;

  const pump = (): void => {
    for (const slot of slots) {
      if (slot.task || queue.length === 0) continue;
      slot.task = queue.shift()!;
      slot.worker.postMessage(slot.task.task);
    }
  };

  const spawn = (): Slot => {
    const slot: Slot = { worker: spawnWorker(import.meta.url, 'worker'), task: null };
    slot.worker.on('message', (answer: BotAnswer) => {
      const current = slot.task;
      slot.task = null;
      current?.resolve(answer);
      pump();
    });
    const fail = (reason: string): void => {
      const current = slot.task;
      slot.task = null;
      current?.resolve({ id: current.task.id, ok: false, error: reason });
      const i = slots.indexOf(slot);
      if (i >= 0) slots.splice(i, 1);
      if (!closed) {
        slots.push(spawn());
        pump();
      }
    };
    slot.worker.on('error', (e) => fail(`bot worker failed: ${e.message}`));
    slot.worker.on('exit', (code) => {
      if (slots.includes(slot)) fail(`bot worker exited with code ${code}`);
    });
    slot.worker.unref();
    return slot;
  };

  for (let i = 0; i < Math.max(1, size); i++) slots.push(spawn());

  return {
    run(task) {
      if (closed) return Promise.resolve({ id: 0, ok: false, error: 'the bot pool is closed' });
      return new Promise((resolve) => {
        queue.push({ task: { ...task, id: nextId++ }, resolve });
        pump();
      });
    },
    async close() {
      closed = true;
      for (const q of queue.splice(0)) q.resolve({ id: q.task.id, ok: false, error: 'the bot pool is closed' });
      const all = slots.splice(0);
      await Promise.all(all.map((s) => s.worker.terminate()));
    },
  };
}

/** Runs bots on the calling thread: for tests with games that are not built in. */
export function createInlineRunner(registry: Registry): BotRunner {
  let nextId = 1;
  return {
    run: async (task) => decide(registry, { ...task, id: nextId++ }),
    close: async () => {},
  };
}
