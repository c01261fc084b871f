/**
 * Undo in Autumn Leaves (issue 16): L3 says no choice is revealed until all have chosen, so a
 * player may change their chosen card until the reveal: taking the choice back returns the card to
 * their hand and they choose again. Once every seat has chosen, the cards are revealed and the
 * choice stands (the first round's cards go straight onto the piles, L4, so the phase alone does not tell); a placement (L6) is never taken back (it may draw a replacement from the pile).
 * Board Game Arena's rule holds too: only while no one else has chosen since (the engine checks).
 */
import type { UndoRules } from '../../engine/match.js';
import type { Action, State } from './state.js';

export const autumnLeavesUndo: UndoRules<State, Action> = {
  randomness: (state) => state.rng,
  undoable: (before, _seat, action, after) => action.type === 'choose' && after.phase === 'choose' && after.rounds === before.rounds,
};
