/**
 * The end of a turn (R11) and passing the turn on: skipped turns and out-of-time tokens in the
 * finale (R12), rounds, and the sunset round.
 */
import type { Action } from './actions.js';
import { BOARD, space } from './board.js';
import { distinctKinds, isCardNumber, kindOf } from './cards.js';
import { CELLS } from './effects.js';
import { sprintDistance } from './moves.js';
import { closeRace, placeFinisher, placeOutOfTime } from './finale.js';
import { playDummyBlock } from './dummy/turn.js';
import { canEndOn, forwardPath } from './pawns.js';
import { currentRacer, drawCards, HAND_SIZE, isRunning, newTurn, removeCard, type Pending, type State } from './state.js';

/** R8: whether the current racer's pawn may end the turn where it stands (an empty space, a jump-off, the finish). */
export function canEndTurn(state: State): boolean {
  const pos = currentRacer(state).pos;
  return pos === null || canEndOn(state, pos, state.turn.racer);
}

/** R11: ending the turn first asks which unused cards to discard; `keep` keeps the rest. */
export function endTurn(state: State): void {
  if (currentRacer(state).hand.length === 0) finishTurn(state);
  else state.turn.pending.push({ kind: 'cleanup' });
}

export function legalCleanup(state: State): Action[] {
  return [...distinctKinds(currentRacer(state).hand).map((card): Action => ({ type: 'discard', card })), { type: 'keep' }];
}

export function discardAtEnd(state: State, card: number): void {
  const r = currentRacer(state);
  removeCard(r.hand, card);
  r.discard.push(card);
  if (r.hand.length === 0) finishTurn(state);
}

/** R11: played cards to the discard pile, draw up to the hand size, and the next racer's turn. */
export function finishTurn(state: State): void {
  const r = currentRacer(state);
  r.discard.push(...state.turn.played);
  state.turn.played = [];
  state.turn.pending = [];
  if (isRunning(r)) drawCards(state, r, Math.max(0, HAND_SIZE - r.hand.length));
  advance(state);
}

/** Crossing the finish line ends the turn at once; the racer takes a results space (R12). */
export function crossFinishLine(state: State): void {
  const r = currentRacer(state);
  r.discard.push(...state.turn.played);
  state.turn.played = [];
  state.turn.pending = [];
  placeFinisher(state, state.turn.racer);
  if (!state.over) advance(state);
}

/**
 * Passes the turn to the next racer who runs; the first finisher's turns place out-of-time tokens.
 * The dummies' block plays at once, inside this call (R14): dummies never hold the turn.
 */
export function advance(state: State): void {
  for (;;) {
    if (!state.racers.some(isRunning)) {
      state.over = true;
      return;
    }
    const at = state.order.indexOf(state.turn.racer);
    const nextAt = (at + 1) % state.order.length;
    if (nextAt === 0) {
      state.round++;
      // Sunset: a race nobody finishes in time closes (see content race.roundLimit).
      if (state.round > state.roundLimit) {
        state.round = state.roundLimit;
        closeRace(state);
        return;
      }
    }
    const next = state.order[nextAt]!;
    state.turn = newTurn(next);
    if (state.racers[next]!.kind === 'dummy') {
      const last = playDummyBlock(state, next);
      if (state.over) return;
      state.turn = newTurn(last);
      continue;
    }
    if (isRunning(state.racers[next]!)) return;
    if (next === state.firstFinisher) {
      placeOutOfTime(state);
      if (state.over) return;
    }
  }
}

export const isOnFinish = (state: State): boolean => currentRacer(state).pos === BOARD.finish;

/**
 * Whether `action` would carry the pawn at `pos` across the finish line, which ends the turn at
 * once (R12): a sprint finished there, or a forward step (free move, Oops, an acorn space or card
 * that moves forward). Read from what the player sees, so menus can warn before it happens.
 */
export function crossesFinish(pos: number | null, pending: Pending | undefined, action: Action): boolean {
  if (pos === null) return false;
  const forward = space(pos).forward === BOARD.finish;
  switch (action.type) {
    case 'done':
      if (pending?.kind !== 'sprint') return false;
      return forwardPath(pending.from, sprintDistance(pending.cards)).at(-1) === BOARD.finish;
    case 'play': {
      if (!forward || !isCardNumber(action.card)) return false;
      const e = kindOf(action.card).effect;
      if (e?.kind === 'move') return e.dir === 'forward';
      if (e?.kind === 'oops') return action.dir === 'forward';
      return (e?.kind === 'big-acorn' || e?.kind === 'small-acorn') && action.cell !== undefined && isForward(action.cell);
    }
    case 'spend':
      return forward && isForward(action.cell);
    default:
      return false;
  }
}

const isForward = (cell: number): boolean => {
  const e = CELLS[cell]?.effect;
  return e?.kind === 'move' && e.dir === 'forward';
};

/** Starts the race: when the dummies move first (R16), their block plays before the first seat's turn. */
export function startRace(state: State): void {
  const first = state.order[0]!;
  if (state.racers[first]!.kind !== 'dummy') return;
  state.turn = newTurn(playDummyBlock(state, first));
  if (!state.over) advance(state);
}
