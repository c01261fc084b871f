/**
 * Messages between the pool (main thread) and a worker thread. Plain data: they cross threads by
 * structured clone. A task names its kind; the worker looks up the handler registered for it.
 */
import type { GameError, Result } from '../engine/result.js';

/** The task kinds a worker entry serves: each kind's input and output. */
export type TaskKinds = Record<string, { input: unknown; output: unknown }>;

/** What a worker runs for a task kind: an answer or an error value (a throw is caught as `task-failed`). */
export type Handlers<K extends TaskKinds> = {
  [Kind in keyof K]: (input: K[Kind]['input']) => Result<K[Kind]['output'], GameError> | Promise<Result<K[Kind]['output'], GameError>>;
};

export interface TaskMessage {
  id: number;
  kind: string;
  input: unknown;
}

/** What the pool posts: one task, or a few cheap ones to run one after the other (pool.ts, BATCH_TASKS). */
export type TaskBatch = TaskMessage[];

export type WorkerMessage =
  /** The entry has loaded and listens: a task's time limit starts counting from here. */
  | { type: 'ready' }
  /** `ms`: the task's time in the worker, charged to its owner (pool.ts). */
  | { type: 'done'; id: number; ms?: number; ok: true; value: unknown }
  | { type: 'done'; id: number; ms?: number; ok: false; error: GameError };
