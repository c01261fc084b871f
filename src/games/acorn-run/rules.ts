/**
 * Who acts, what they may do, and doing it: a dispatcher over the turn's pending step (a move
 * being built, a payment, a choice) or, with nothing pending, every action that may start now.
 */
import type { RunTables } from './tables.js';
import type { Seat } from '../../engine/game.js';
import { nextInt, type Rng } from '../../engine/rng.js';
import type { Action } from './actions.js';
import { discardForEffect, gainCard, legalChoice, legalPlaysAndSpends, playCard, spendAcorn, trashCard } from './effects.js';
import { addToJump, cancelJump, land, legalJump, legalJumpStart, startJump } from './jump.js';
import { addToPayment, cancelPayment, legalBuys, legalPay, legalRefreshes, refreshRow, startBuy } from './market.js';
import { addToMove, cancelMove, finishMove, legalMoveStarts, legalSprint, legalVertical, slide, startSprint, startVertical } from './moves.js';
import { logRaceOver } from './finale-events.js';
import { currentRacer, type State } from './state.js';
import {
  CodeList,
  codeOf,
  OP_ADD,
  OP_BUY,
  OP_CANCEL,
  OP_CLIMB,
  OP_DESCEND,
  OP_DISCARD,
  OP_DONE,
  OP_END,
  OP_GAIN,
  OP_JUMP,
  OP_KEEP,
  OP_LAND,
  OP_PLAY,
  OP_REFRESH,
  OP_SKIP,
  OP_SLIDE,
  OP_SPEND,
  OP_SPRINT,
  OP_TRASH,
} from './action-table.js';
import { MARKET_ROWS } from './cards.js';
import { COLORS, DIRECTIONS } from './content/schema.js';
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

/**
 * The legal actions of `seat` as action codes (action-table.ts), in the stable order every list
 * keeps: what the engine's random step picks from (`randomStep`).
 */
export function legalCodes(T: RunTables, state: State, seat: Seat): number[] {
  if (state.over || currentRacer(state).seat !== seat) return [];
  const out = new CodeList();
  fillLegalCodes(T, state, out);
  // Exactly its codes: a list filled once has no entries past `n` (pushPerKind starts a kind over
  // with at least as many as it took back), but the list handed out must not rest on that.
  if (out.codes.length !== out.n) out.codes.length = out.n;
  return out.codes;
}

/** Fills `out` with the legal codes of the racer whose turn it is (the race runs). */
function fillLegalCodes(T: RunTables, state: State, out: CodeList): void {
  const p = state.turn.pending[0];
  if (p) {
    // Most frequent first (random playouts: paying, the end of the turn, sprints …).
    switch (p.kind) {
      case 'pay':
        return legalPay(T, state, out);
      case 'cleanup':
        return legalCleanup(T, state, out);
      case 'sprint':
        return legalSprint(T, state, p, out);
      case 'climb':
      case 'descend':
        return legalVertical(T, state, p, out);
      case 'jump':
        return legalJump(T, state, p, out);
      case 'discard':
      case 'trash':
      case 'gain':
        return legalChoice(T, state, p, out);
    }
  }
  // One list filled in place, in this order (no spreads: this runs at every step of every playout).
  legalMoveStarts(T, state, out);
  legalJumpStart(T, state, out);
  legalPlaysAndSpends(T, state, out);
  legalRefreshes(T, state, out);
  legalBuys(T, state, out);
  // R8 (amended): the turn may not end on a space another pawn holds, unless nothing else is left.
  if (canEndTurn(T, state) || out.n === 0) out.push(T.codes.end);
}

/** Every legal action of `seat`: the actions of its legal codes (shared objects, action-table.ts). */
export function legalActions(T: RunTables, state: State, seat: Seat): Action[] {
  const codes = legalCodes(T, state, seat);
  const byCode = T.codes.actions;
  const actions: Action[] = [];
  for (let i = 0; i < codes.length; i++) actions.push(byCode[codes[i]!]!);
  return actions;
}

const bug = (T: RunTables, code: number): never => {
  throw new Error(`Acorn Run: ${T.codes.actions[code]?.type ?? code} is not legal now (a caller skipped the legality check)`);
};

/** Applies a legal action (the engine's `play` checks legality first). */
export function apply(T: RunTables, state: State, action: Action): void {
  applyCode(T, state, codeOf(T, action));
}

/**
 * The engine's random step (`Game.randomStep`, engine/game.ts): the draw a playout makes from the
 * legal list, and that action applied, by code: no action object is listed or read. Who acts next
 * comes back as from `step`.
 */
export function randomStep(T: RunTables, state: State, seat: Seat, rng: Rng): readonly Seat[] {
  const legal = legalCodes(T, state, seat);
  if (legal.length === 0) throw new Error(`acorn-run: seat ${seat} is to act but has no legal action`);
  // A list of one draws nothing (nextInt(rng, 1) would not either).
  applyCode(T, state, legal.length === 1 ? legal[0]! : legal[nextInt(rng, legal.length)]!);
  return toAct(state);
}

/**
 * The engine's random playout (`Game.randomPlayout`, engine/game.ts): `randomStep` until the race
 * is over or `maxSteps` steps are taken, exactly as the engine's step walk (`stepwisePlayout`)
 * would play it — the same draws, the same state, the same step count — without the walk's
 * per-step calls and seat lists (the racer whose turn it is always acts, and `toAct` has one seat
 * until the race is over) and without a new list at every step.
 *
 * A random walk often starts a move, a jump or a purchase and takes it back: about 200 of the
 * ~540 lists with nothing pending in a game come right after a `cancel`. Taking a step back restores
 * the state the step was started from exactly (moves.ts `cancelMove`, jump.ts `cancelJump`,
 * market.ts `cancelPayment`: the hand sorted again, the pawn, moves and buying power as they
 * were, nothing logged or drawn in between), so its list is the list of that state, which the
 * walk kept: it lives in the walk, never in the state.
 */
export function randomPlayout(T: RunTables, state: State, rng: Rng, maxSteps: number): number {
  /** The list of the last step taken with nothing pending, and the list of a pending step. */
  const idleList = new CodeList();
  const pendingList = new CodeList();
  /** Whether `idleList` was made in this walk (a walk may start in the middle of a move). */
  let listedIdle = false;
  /** Whether the state is again the one `idleList` was made for: the last step was a cancel. */
  let restored = false;
  let steps = 0;
  for (; steps < maxSteps && !state.over; steps++) {
    const idle = state.turn.pending.length === 0;
    const legal = idle ? idleList : pendingList;
    if (!(idle && restored)) {
      legal.clear();
      fillLegalCodes(T, state, legal);
    }
    const n = legal.n;
    if (n === 0) throw new Error(`acorn-run: seat ${currentRacer(state).seat} is to act but has no legal action`);
    // A list of one draws nothing (nextInt(rng, 1) would not either).
    const code = legal.codes[n === 1 ? 0 : nextInt(rng, n)]!;
    applyCode(T, state, code);
    if (idle) listedIdle = true;
    restored = listedIdle && T.codes.op[code] === OP_CANCEL;
  }
  return steps;
}

/**
 * Applies the action of a legal code. The operation and its numbers are read from the code's
 * tables (action-table.ts): an integer switch, where switching on `action.type` read the type of
 * actions of nine shapes through V8's megamorphic stub.
 */
export function applyCode(T: RunTables, state: State, code: number): void {
  const C = T.codes;
  const x = C.x[code]!;
  const p = state.turn.pending[0];
  // Most frequent first (random playouts: add, discard, cancel, buy, end …).
  switch (C.op[code]) {
    case OP_ADD:
      // One read of the pending kind per switch: pending steps come in five shapes, so V8 reads
      // `kind` through its generic (megamorphic) stub, once per comparison if written as a chain.
      switch (p?.kind) {
        case 'sprint':
        case 'climb':
        case 'descend':
          addToMove(T, state, p, x);
          break;
        case 'jump':
          addToJump(state, p, x);
          break;
        case 'pay':
          addToPayment(T, state, p, x);
          break;
        default:
          return bug(T, code);
      }
      break;
    case OP_DISCARD:
      switch (p?.kind) {
        case 'discard':
          discardForEffect(state, p, x);
          break;
        case 'cleanup':
          discardAtEnd(T, state, x);
          break;
        default:
          return bug(T, code);
      }
      break;
    case OP_CANCEL:
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
          return bug(T, code);
      }
      break;
    case OP_BUY:
      startBuy(T, state, MARKET_ROWS[x]!, C.y[code]!);
      break;
    case OP_END:
      endTurn(T, state);
      break;
    case OP_SPRINT:
      startSprint(state, COLORS[x]!);
      break;
    case OP_KEEP:
      finishTurn(T, state);
      break;
    case OP_PLAY: {
      const cell = C.y[code]!;
      const dir = C.z[code]!;
      playCard(T, state, x, dir < 0 ? undefined : DIRECTIONS[dir], cell < 0 ? undefined : cell);
      break;
    }
    case OP_DONE:
      switch (p?.kind) {
        case 'sprint':
        case 'climb':
        case 'descend':
          finishMove(T, state, p);
          break;
        default:
          return bug(T, code);
      }
      break;
    case OP_CLIMB:
      startVertical(state, 'climb');
      break;
    case OP_DESCEND:
      startVertical(state, 'descend');
      break;
    case OP_JUMP:
      startJump(state);
      break;
    case OP_SPEND:
      spendAcorn(T, state, x);
      break;
    case OP_LAND:
      if (p?.kind !== 'jump') return bug(T, code);
      land(T, state, p, x);
      break;
    case OP_TRASH:
      trashCard(state, x);
      break;
    case OP_REFRESH:
      refreshRow(state, MARKET_ROWS[x]!);
      break;
    case OP_GAIN:
      gainCard(state, MARKET_ROWS[x]!, C.y[code]!);
      break;
    case OP_SKIP:
      state.turn.pending.shift();
      break;
    case OP_SLIDE:
      slide(T, state);
      break;
    default:
      return bug(T, code);
  }
  // Crossing the finish line (by any move) ends the turn once the action is complete (R12).
  if (!state.over && isOnFinish(T, state)) crossFinishLine(T, state);
  // Actions are applied only while the race runs: over now means this action ended it.
  if (state.over) logRaceOver(T, state);
}
