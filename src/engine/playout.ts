/** Random playouts: the cheapest way to walk a game from setup to its end. */
import type { ActionBase, AnyGame, Seat } from './game.js';
import { nextInt, type Rng } from './rng.js';

export interface PlayoutStep {
  seat: Seat;
  action: ActionBase;
}

/**
 * Plays uniformly random legal actions (for a random seat among those to act) until the game
 * ends or `maxSteps` is reached. Mutates `state`. Returns how many actions were taken.
 */
export function randomPlayout(
  game: AnyGame,
  state: unknown,
  rng: Rng,
  maxSteps: number,
  onStep?: (step: PlayoutStep, index: number) => void,
): number {
  let i = 0;
  for (; i < maxSteps; i++) {
    const toAct = game.toAct(state);
    if (toAct.length === 0) break;
    const seat = toAct[nextInt(rng, toAct.length)]!;
    const legal = game.legalActions(state, seat);
    if (legal.length === 0) throw new Error(`${game.id}: seat ${seat} is to act but has no legal action`);
    const action = legal[nextInt(rng, legal.length)]!;
    game.apply(state, seat, action);
    if (onStep) onStep({ seat, action }, i);
  }
  return i;
}
