/** Random playouts: the cheapest way to walk a game from setup to its end. */
import type { ActionBase, ActionCodes, AnyGame, Seat } from './game.js';
import { nextInt, type Rng } from './rng.js';
import { advance } from './step.js';

export interface PlayoutStep {
  seat: Seat;
  action: ActionBase;
}

/**
 * Plays uniformly random legal actions (for a random seat among those to act) until the game
 * ends or `maxSteps` is reached. Mutates `state`. Returns how many actions were taken.
 *
 * A game with action codes (`Game.codes`) is walked by code: the same lists in the same order, so
 * the same draws, the same actions and the same final state as through `legalActions`.
 */
export function randomPlayout(
  game: AnyGame,
  state: unknown,
  rng: Rng,
  maxSteps: number,
  onStep?: (step: PlayoutStep, index: number) => void,
): number {
  if (game.codes !== undefined) return codedPlayout(game, game.codes, state, rng, maxSteps, onStep);
  let i = 0;
  // Who acts is asked once; after that each step yields it (engine/step.ts).
  let toAct = game.toAct(state);
  for (; i < maxSteps && toAct.length > 0; i++) {
    const seat = pickSeat(rng, toAct);
    const legal = game.legalActions(state, seat);
    if (legal.length === 0) throw noAction(game, seat);
    const action = legal.length === 1 ? legal[0]! : legal[nextInt(rng, legal.length)]!;
    toAct = advance(game, state, seat, action);
    if (onStep) onStep({ seat, action }, i);
  }
  return i;
}

/** randomPlayout by action code: what it draws and plays, with no action object listed or read. */
function codedPlayout(
  game: AnyGame,
  codes: ActionCodes<unknown, ActionBase>,
  state: unknown,
  rng: Rng,
  maxSteps: number,
  onStep?: (step: PlayoutStep, index: number) => void,
): number {
  let i = 0;
  let toAct = game.toAct(state);
  for (; i < maxSteps && toAct.length > 0; i++) {
    const seat = pickSeat(rng, toAct);
    const legal = codes.legal(state, seat);
    if (legal.length === 0) throw noAction(game, seat);
    const code = legal.length === 1 ? legal[0]! : legal[nextInt(rng, legal.length)]!;
    toAct = codes.step(state, seat, code);
    if (onStep) onStep({ seat, action: codes.action(code) }, i);
  }
  return i;
}

/**
 * The seat to act. A list of one needs no call (nextInt(rng, 1) is 0 and draws nothing, so the
 * draws are the same): every placing step has one seat to act, and many steps one legal action.
 */
const pickSeat = (rng: Rng, toAct: readonly Seat[]): Seat => (toAct.length === 1 ? toAct[0]! : toAct[nextInt(rng, toAct.length)]!);

const noAction = (game: AnyGame, seat: Seat): Error => new Error(`${game.id}: seat ${seat} is to act but has no legal action`);
