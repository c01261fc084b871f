/**
 * What a game can tell its search bots beyond the contract, all optional and all reading only a
 * determinized state (one the bot dealt itself through `resample`, never the real one):
 *
 * - `value`: each seat's expected reward in [0, 1] for a running game, on the same scale as
 *   `outcomeRewards` (see reward.ts). Scores playouts that stop before the game ends.
 * - `stage`: a counter that rises as the game moves on (Autumn Leaves: the hand being played).
 *   Playouts stop as soon as it changes, where `value` is most reliable.
 * - `policy`: a cheap playout move (place on your own pile when you can) instead of a uniformly
 *   random one.
 * - `skip`: actions search never takes while anything else is legal — moves that only undo
 *   (Acorn Run's `cancel`), which would otherwise let a bot go round in circles for ever.
 * - `rank`: the legal actions best first by the game's heuristic (from the view): paired search
 *   compares the first few.
 * - `defer`: decisions the search leaves to the heuristic (steps inside a multi-step move).
 */
import type { BotInput } from '../engine/bot.js';
import type { ActionBase, Seat } from '../engine/game.js';
import type { Rng } from '../engine/rng.js';
import { acornRunKnowledge } from './knowledge/acorn-run.js';
import { acornsKnowledge } from './knowledge/acorns.js';
import { autumnLeavesKnowledge } from './knowledge/autumn-leaves.js';

/** Each seat's estimated reward in [0, 1] for a running game. */
export type Evaluator = (state: unknown) => number[];

export type PlayoutPolicy = (state: unknown, seat: Seat, legal: readonly ActionBase[], rng: Rng) => ActionBase;

export interface SearchKnowledge {
  value?: Evaluator;
  stage?: (state: unknown) => number;
  horizon?: number | ((state: unknown) => number);
  policy?: PlayoutPolicy;
  skip?: (action: ActionBase) => boolean;
  /** `legal` in the game's order of preference, judged from the seat's view (paired search's candidates). */
  rank?: (input: BotInput, legal: readonly ActionBase[]) => readonly ActionBase[];
  /** Whether to leave this decision to the heuristic without searching. */
  defer?: (input: BotInput) => boolean;
}

/** Each game's search knowledge, by game id. A game without any gets plain random playouts. */
const KNOWLEDGE: Record<string, SearchKnowledge> = {
  'autumn-leaves': autumnLeavesKnowledge,
  acorns: acornsKnowledge,
  'acorn-run': acornRunKnowledge,
};

export function knowledgeFor(gameId: string): SearchKnowledge {
  return KNOWLEDGE[gameId] ?? {};
}
