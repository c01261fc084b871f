/** Messages between the main thread and a bot worker thread (see worker.ts). */
import type { ActionBase, Seat } from '../engine/game.js';
import type { GameError } from '../engine/result.js';
import type { Rng } from '../engine/rng.js';

/**
 * One decision to make. `state` is the real game state: the worker uses it only to build the bot's
 * input exactly as a match does (the seat's view, its legal actions, and a determinizer that
 * calls the game's `resample`); the bot itself never receives it.
 */
export interface DecideRequest {
  game: string;
  /** A registered bot name, as `--bots` takes it (`hard`, `ismcts:2000`). */
  bot: string;
  seat: Seat;
  state: unknown;
  /** The bot's generator; the reply carries it advanced, as an in-thread bot would leave it. */
  rng: Rng;
}

export interface Decision {
  action: ActionBase;
  rng: Rng;
  /** Thinking time in the worker, in milliseconds. */
  ms: number;
}

export type ToBotWorker = { id: number; request: DecideRequest };

export type FromBotWorker = { id: number; ok: true; decision: Decision } | { id: number; ok: false; error: GameError };
