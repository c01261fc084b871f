/**
 * Undo in Acorns (issue 16): every Acorns action ends the turn (A3: draw, or play one card), so by
 * Board Game Arena's rule no step can be taken back: the engine refuses it as "your turn is over".
 * The facet says so for the rest too: a draw shows the drawn card to its taker and never stands
 * undone, and the draw pile's size stands for the game's randomness (it is shuffled at setup).
 */
import type { UndoRules } from '../../engine/match.js';
import type { AcornsAction } from './actions.js';
import type { AcornsState } from './state.js';

export const acornsUndo: UndoRules<AcornsState, AcornsAction> = {
  randomness: (state) => state.draw.length,
  undoable: (_before, _seat, action) => action.type !== 'draw',
};
