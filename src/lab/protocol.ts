/** Messages between the lab's main thread and its worker threads. */
import type { GameError } from '../engine/result.js';
import type { GameResult, SimSpec } from './sim.js';

export interface WorkerInit {
  spec: SimSpec;
}

export type ToWorker = { type: 'chunk'; from: number; to: number } | { type: 'stop' };

export type FromWorker =
  | { type: 'ready' }
  | { type: 'results'; results: GameResult[] }
  | { type: 'chunk-done' }
  | { type: 'error'; error: GameError };
