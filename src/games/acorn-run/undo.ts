/**
 * Undo in Acorn Run (issue 16, Board Game Arena's rule): a racer may take back the last card or
 * move of the turn they are building (a card added to a move, a move, a purchase from a face-up
 * row), as long as nothing hidden came to light: no card drawn from any deck (their own, a market
 * row's, the dummy deck), no face-down VP token taken (R7), and the seeded generator untouched (no
 * reshuffle, R11). Ending the turn (R11: discard, draw up to the hand size) is never taken back.
 */
import type { UndoRules } from '../../engine/match.js';
import type { Seat } from '../../engine/game.js';
import type { Action } from './actions.js';
import type { State } from './state.js';

/** How much of every hidden pile is left: a step that changed any of it showed someone a card or token. */
function hiddenLeft(state: State): string {
  const decks = state.racers.map((r) => r.deck.length).join(',');
  const market = Object.values(state.market).map((m) => m.deck.length).join(',');
  const dummies = state.dummies ? `${state.dummies.sections.map((s) => s.length).join(',')}/${state.dummies.drawn.length}` : '-';
  return `${decks}|${market}|${state.tokenSupply.length}|${dummies}`;
}

export const acornRunUndo: UndoRules<State, Action> = {
  randomness: (state) => state.rng,
  undoable: (before: State, _seat: Seat, _action: Action, after: State) =>
    !after.over &&
    before.round === after.round &&
    before.turn.racer === after.turn.racer &&
    after.turn.played.length >= before.turn.played.length &&
    hiddenLeft(before) === hiddenLeft(after),
};
