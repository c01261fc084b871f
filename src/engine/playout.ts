/** Random playouts: the cheapest way to walk a game from setup to its end. */
import type { ActionBase, AnyGame, Seat } from './game.js';
import { nextInt, type Rng } from './rng.js';
import { advance } from './step.js';

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
  // The game's own playout walks the same game faster (engine/game.ts); a caller that watches the
  // steps needs each action, which only the step-by-step walk makes.
  if (onStep === undefined && game.randomPlayout !== undefined) return game.randomPlayout(state, rng, maxSteps);
  return stepwisePlayout(game, state, rng, maxSteps, onStep);
}

/** `randomPlayout` one step at a time through the game's rules, whether or not the game has its own playout. */
export function stepwisePlayout(
  game: AnyGame,
  state: unknown,
  rng: Rng,
  maxSteps: number,
  onStep?: (step: PlayoutStep, index: number) => void,
): number {
  let i = 0;
  // Who acts is asked once; after that each step yields it (engine/step.ts).
  let toAct = game.toAct(state);
  for (; i < maxSteps && toAct.length > 0; i++) {
    // A list of one needs no call (nextInt(rng, 1) is 0 and draws nothing, so the draws are the
    // same): every placing step has one seat to act, and many steps one legal action.
    const seat = toAct.length === 1 ? toAct[0]! : toAct[nextInt(rng, toAct.length)]!;
    // The game's own random step makes the same draw and the same move without the legal list
    // and the action object (engine/game.ts); a caller that watches the steps needs the action.
    if (onStep === undefined && game.randomStep !== undefined) {
      toAct = game.randomStep(state, seat, rng);
      continue;
    }
    const legal = game.legalActions(state, seat);
    if (legal.length === 0) throw new Error(`${game.id}: seat ${seat} is to act but has no legal action`);
    const action = legal.length === 1 ? legal[0]! : legal[nextInt(rng, legal.length)]!;
    toAct = advance(game, state, seat, action);
    if (onStep) onStep({ seat, action }, i);
  }
  return i;
}
