/**
 * The engine step: applying one action yields, once, who acts next and — only when that is no
 * one — the outcome. Every loop that walks a game (random playouts, search playouts and tree
 * steps, bot matches, the match's commit that the server and the lab use) steps through here
 * and carries the result to its next step instead of asking the game again.
 */
import type { ActionBase, AnyGame, Outcome, Seat } from './game.js';

/** Applies a legal action to `state` (in place) and returns the seats to act next ([] once the game is over). */
export function advance(game: AnyGame, state: unknown, seat: Seat, action: ActionBase): readonly Seat[] {
  if (game.step !== undefined) return game.step(state, seat, action);
  game.apply(state, seat, action);
  return game.toAct(state);
}

/** The outcome of a state whose seats to act are `toAct`: worked out only when no one is to act (the game is over). */
export function outcomeAfter(game: AnyGame, state: unknown, toAct: readonly Seat[]): Outcome | null {
  return toAct.length === 0 ? game.outcome(state) : null;
}
