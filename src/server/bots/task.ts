/** What the server asks a bot worker, and what the worker answers. Plain data: it crosses threads. */
import type { ActionBase, Seat } from '../../engine/game.js';

export interface BotTask {
  id: number;
  game: string;
  bot: string;
  seat: Seat;
  /** The full state: bots see only their view, but `determinize` (resample) needs the state. */
  state: unknown;
  /** The bot's generator is seeded from this, so a table's bots are reproducible. */
  rngSeed: string;
}

export type BotAnswer = { id: number; ok: true; action: ActionBase } | { id: number; ok: false; error: string };
