/**
 * Who acts, what they may do, and doing it: a dispatcher over the turn's pending step (a move
 * being built, a payment, a choice) or, with nothing pending, every action that may start now.
 */
import type { RunTables } from './tables.js';
import type { Seat } from '../../engine/game.js';
import type { Action } from './actions.js';
import { discardForEffect, gainCard, legalChoice, legalPlaysAndSpends, playCard, spendAcorn, trashCard } from './effects.js';
import { addToJump, cancelJump, land, legalJump, legalJumpStart, startJump } from './jump.js';
import { addToPayment, cancelPayment, legalBuys, legalPay, legalRefreshes, refreshRow, startBuy } from './market.js';
import { addToMove, cancelMove, finishMove, legalMoveStarts, legalSprint, legalVertical, slide, startSprint, startVertical } from './moves.js';
import { logRaceOver } from './finale-events.js';
import { currentRacer, type State } from './state.js';
import { canEndTurn, crossFinishLine, discardAtEnd, endTurn, finishTurn, isOnFinish, legalCleanup } from './turn.js';

/**
 * One list per seat, so asking who acts (every step of every playout) allocates nothing. Read-only
 * by type, not frozen: the engine reads them at every step, and V8 reads a frozen array through a
 * generic stub instead of inline code.
 */
const NOBODY: readonly Seat[] = [];
const ONLY: readonly (readonly Seat[])[] = Array.from({ length: 6 }, (_, seat) => [seat]);

export function toAct(state: State): readonly Seat[] {
  if (state.over) return NOBODY;
  return ONLY[currentRacer(state).seat]!;
}

export function legalActions(T: RunTables, state: State, seat: Seat): Action[] {
  if (state.over || currentRacer(state).seat !== seat) return [];
  const p = state.turn.pending[0];
  if (p) {
    // Most frequent first (random playouts: paying, the end of the turn, sprints …).
    switch (p.kind) {
      case 'pay':
        return legalPay(T, state);
      case 'cleanup':
        return legalCleanup(T, state);
      case 'sprint':
        return legalSprint(T, state, p);
      case 'climb':
      case 'descend':
        return legalVertical(T, state, p);
      case 'jump':
        return legalJump(T, state, p);
      case 'discard':
      case 'trash':
      case 'gain':
        return legalChoice(T, state, p);
    }
  }
  // One list filled in place, in this order (no spreads: this runs at every step of every playout).
  const actions: Action[] = [];
  legalMoveStarts(T, state, actions);
  legalJumpStart(T, state, actions);
  legalPlaysAndSpends(T, state, actions);
  legalRefreshes(T, state, actions);
  legalBuys(T, state, actions);
  // R8 (amended): the turn may not end on a space another pawn holds, unless nothing else is left.
  if (canEndTurn(T, state) || actions.length === 0) actions.push(T.actions.end);
  return actions;
}

const bug = (action: Action): never => {
  throw new Error(`Acorn Run: ${action.type} is not legal now (a caller skipped the legality check)`);
};

/** Applies a legal action (the engine's `play` checks legality first). */
export function apply(T: RunTables, state: State, action: Action): void {
  const p = state.turn.pending[0];
  // Most frequent first (random playouts: add, discard, cancel, buy, end …): the type is compared
  // case by case.
  switch (action.type) {
    case 'add':
      // One read of the pending kind per switch: pending steps come in five shapes, so V8 reads
      // `kind` through its generic (megamorphic) stub, once per comparison if written as a chain.
      switch (p?.kind) {
        case 'sprint':
        case 'climb':
        case 'descend':
          addToMove(T, state, p, action.card);
          break;
        case 'jump':
          addToJump(state, p, action.card);
          break;
        case 'pay':
          addToPayment(T, state, p, action.card);
          break;
        default:
          return bug(action);
      }
      break;
    case 'discard':
      switch (p?.kind) {
        case 'discard':
          discardForEffect(state, p, action.card);
          break;
        case 'cleanup':
          discardAtEnd(T, state, action.card);
          break;
        default:
          return bug(action);
      }
      break;
    case 'cancel':
      switch (p?.kind) {
        case 'sprint':
        case 'climb':
        case 'descend':
          cancelMove(state, p);
          break;
        case 'jump':
          cancelJump(state, p);
          break;
        case 'pay':
          cancelPayment(state, p);
          break;
        default:
          return bug(action);
      }
      break;
    case 'buy':
      startBuy(T, state, action.row, action.index);
      break;
    case 'end':
      endTurn(T, state);
      break;
    case 'sprint':
      startSprint(state, action.color);
      break;
    case 'keep':
      finishTurn(T, state);
      break;
    case 'play':
      playCard(T, state, action.card, action.dir, action.cell);
      break;
    case 'done':
      switch (p?.kind) {
        case 'sprint':
        case 'climb':
        case 'descend':
          finishMove(T, state, p);
          break;
        default:
          return bug(action);
      }
      break;
    case 'climb':
    case 'descend':
      startVertical(state, action.type);
      break;
    case 'jump':
      startJump(state);
      break;
    case 'spend':
      spendAcorn(T, state, action.cell);
      break;
    case 'land':
      if (p?.kind !== 'jump') return bug(action);
      land(T, state, p, action.to);
      break;
    case 'trash':
      trashCard(state, action.card);
      break;
    case 'refresh':
      refreshRow(state, action.row);
      break;
    case 'gain':
      gainCard(state, action.row, action.index);
      break;
    case 'skip':
      state.turn.pending.shift();
      break;
    case 'slide':
      slide(T, state);
      break;
  }
  // Crossing the finish line (by any move) ends the turn once the action is complete (R12).
  if (!state.over && isOnFinish(T, state)) crossFinishLine(T, state);
  // Actions are applied only while the race runs: over now means this action ended it.
  if (state.over) logRaceOver(T, state);
}
