/**
 * The end of a turn (R11) and passing the turn on: skipped turns and out-of-time tokens in the
 * finale (R12), rounds, and the sunset round.
 */
import type { RunTables } from './tables.js';
import { pushPerKind, type CodeList } from './action-table.js';
import { closeRace, placeFinisher } from './outcome.js';
import { blockResultsSpace } from './finale-events.js';
import { playDummyBlock } from './dummy/turn.js';
import { logEvent } from './events.js';
import { canEndOn } from './pawns.js';
import { currentRacer, drawAndLog, isRunning, newTurn, pushAll, removeCard, type State } from './state.js';

/** R8: whether the current racer's pawn may end the turn where it stands (an empty space, a jump-off, the finish). */
export function canEndTurn(T: RunTables, state: State): boolean {
  const pos = currentRacer(state).pos;
  return pos === null || canEndOn(T, state, pos, state.turn.racer);
}

/**
 * R11: ending the turn first asks which unused cards to discard; `keep` keeps the rest. R8
 * (amended): a racer may end on a taken space only when nothing else is left (rules.ts offers `end`
 * then); the table hears that the pawns share it.
 */
export function endTurn(T: RunTables, state: State): void {
  if (!canEndTurn(T, state)) {
    const at = currentRacer(state).pos!;
    const others: number[] = [];
    for (let i = 0; i < state.racers.length; i++) if (i !== state.turn.racer && state.racers[i]!.pos === at) others.push(i);
    logEvent(state.log, { kind: 'share', racer: state.turn.racer, at, with: others });
  }
  if (currentRacer(state).hand.length === 0) finishTurn(T, state);
  else state.turn.pending.push({ kind: 'cleanup' });
}

export function legalCleanup(T: RunTables, state: State, out: CodeList): void {
  pushPerKind(T, currentRacer(state).hand, T.codes.discard, out);
  out.push(T.codes.keep);
}

export function discardAtEnd(T: RunTables, state: State, card: number): void {
  const r = currentRacer(state);
  removeCard(r.hand, card);
  r.discard.push(card);
  logEvent(state.log, { kind: 'discard', racer: state.turn.racer, card });
  if (r.hand.length === 0) finishTurn(T, state);
}

/** R11: played cards to the discard pile, draw up to the hand size, and the next racer's turn. */
export function finishTurn(T: RunTables, state: State): void {
  const r = currentRacer(state);
  pushAll(r.discard, state.turn.played);
  state.turn.played = [];
  state.turn.pending = [];
  if (isRunning(r)) drawAndLog(state, state.turn.racer, Math.max(0, T.handSize - r.hand.length));
  advance(T, state);
}

/** Crossing the finish line ends the turn at once; the racer takes a results space (R12). */
export function crossFinishLine(T: RunTables, state: State): void {
  const r = currentRacer(state);
  pushAll(r.discard, state.turn.played);
  state.turn.played = [];
  state.turn.pending = [];
  placeFinisher(state, state.turn.racer);
  logEvent(state.log, { kind: 'finish', racer: state.turn.racer, place: r.place! });
  if (!state.over) advance(T, state);
}

/**
 * Passes the turn to the next racer who runs; the first finisher's turns place out-of-time tokens.
 * The dummies' block plays at once, inside this call (R14): dummies never hold the turn.
 */
export function advance(T: RunTables, state: State): void {
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
        logEvent(state.log, { kind: 'sunset', round: state.round });
        closeRace(state);
        return;
      }
      logEvent(state.log, { kind: 'round', round: state.round });
    }
    const next = state.order[nextAt]!;
    state.turn = newTurn(next);
    if (state.racers[next]!.kind === 'dummy') {
      const last = playDummyBlock(T, state, next);
      if (state.over) return;
      state.turn = newTurn(last);
      continue;
    }
    if (isRunning(state.racers[next]!)) return;
    if (next === state.firstFinisher) {
      blockResultsSpace(state, next);
      if (state.over) return;
    }
  }
}

export const isOnFinish = (T: RunTables, state: State): boolean => currentRacer(state).pos === T.board.finish;

/** Starts the race: when the dummies move first (R16), their block plays before the first seat's turn. */
export function startRace(T: RunTables, state: State): void {
  const first = state.order[0]!;
  if (state.racers[first]!.kind !== 'dummy') return;
  state.turn = newTurn(playDummyBlock(T, state, first));
  if (!state.over) advance(T, state);
}
