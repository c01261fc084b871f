/** The finish-line warning (R12), apart from turn.ts so that the web's labels load it without the rules. */
import type { RunTables } from './tables.js';
import type { Action } from './actions.js';
import { space } from './board.js';
import { isCardNumber, kindOf } from './cards.js';
import { sprintDistance } from './moves.js';
import { forwardPath } from './pawns.js';
import type { Pending } from './state.js';

/**
 * Whether `action` would carry the pawn at `pos` across the finish line, which ends the turn at
 * once (R12): a sprint finished there, or a forward step (free move, Oops, an acorn space or card
 * that moves forward). Read from what the player sees, so menus can warn before it happens.
 */
export function crossesFinish(T: RunTables, pos: number | null, pending: Pending | undefined, action: Action): boolean {
  if (pos === null) return false;
  const forward = space(T, pos).forward === T.board.finish;
  switch (action.type) {
    case 'done':
      if (pending?.kind !== 'sprint') return false;
      return forwardPath(T, pending.from, sprintDistance(T, pending.cards)).at(-1) === T.board.finish;
    case 'play': {
      if (!forward || !isCardNumber(T, action.card)) return false;
      const e = kindOf(T, action.card).effect;
      if (e?.kind === 'move') return e.dir === 'forward';
      if (e?.kind === 'oops') return action.dir === 'forward';
      return (e?.kind === 'big-acorn' || e?.kind === 'small-acorn') && action.cell !== undefined && isForward(T, action.cell);
    }
    case 'spend':
      return forward && isForward(T, action.cell);
    default:
      return false;
  }
}

const isForward = (T: RunTables, cell: number): boolean => {
  const e = T.cells[cell]?.effect;
  return e?.kind === 'move' && e.dir === 'forward';
};
