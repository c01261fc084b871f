/**
 * Bots decide from what their seat may know: its view and its legal actions. Search bots may
 * also deal themselves a full state consistent with that view through `determinize` (the game's
 * `resample`); they never receive the real state.
 */
import type { ActionBase, AnyGame, Seat } from './game.js';
import type { Rng } from './rng.js';

export interface BotInput<View = unknown, Action extends ActionBase = ActionBase> {
  game: AnyGame;
  seat: Seat;
  view: View;
  legal: readonly Action[];
  /** The bot's own generator: a bot is deterministic given it. */
  rng: Rng;
  /** A fresh state consistent with this seat's view, hidden information dealt from `rng`. */
  determinize: (rng: Rng) => unknown;
}

/** A bot picks one of `input.legal`. */
export type Bot<View = unknown, Action extends ActionBase = ActionBase> = (input: BotInput<View, Action>) => Action;
