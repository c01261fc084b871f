/**
 * L5: who places next. The lowest chosen card acts first; ties are broken by the leaf piles, top
 * card down (lower card first, a card before no card); identical piles by the seed's order.
 */
import type { Seat } from '../../engine/game.js';
import { shuffle } from '../../engine/rng.js';
import type { State } from './state.js';

/** Negative when `a` acts before `b`, positive when after, 0 when their piles are identical. */
export function comparePiles(a: readonly number[], b: readonly number[]): number {
  for (let ia = a.length - 1, ib = b.length - 1; ia >= 0 || ib >= 0; ia--, ib--) {
    if (ia < 0) return 1; // L5: having a card acts before having none
    if (ib < 0) return -1;
    const d = a[ia]! - b[ib]!;
    if (d !== 0) return d;
  }
  return 0;
}

function tieOrder(state: State): number[] {
  if (!state.tieOrder) {
    // L5: identical piles are ordered by the seed; drawn once per round, only when needed.
    state.tieOrder = shuffle(state.rng, [...Array(state.seats).keys()]);
  }
  return state.tieOrder;
}

/** Negative when seat `a` acts before seat `b`. Both must hold a chosen card. */
export function compareSeats(state: State, a: Seat, b: Seat): number {
  const d = state.chosen[a]! - state.chosen[b]!;
  if (d !== 0) return d;
  const p = comparePiles(state.piles[a]!, state.piles[b]!);
  if (p !== 0) return p;
  const order = tieOrder(state);
  return order.indexOf(a) - order.indexOf(b);
}

/** The seat that acts next among those who still hold a chosen card, or null. */
export function nextToPlace(state: State): Seat | null {
  // Runs after every placement: the cards are compared here, and only equal cards go on to
  // compareSeats (piles, then the seed's order), which is what it would have decided.
  const chosen = state.chosen;
  let best = -1;
  let bestCard = 0;
  for (let seat = 0; seat < state.seats; seat++) {
    const card = chosen[seat];
    if (state.acted[seat] || card === null || card === undefined) continue;
    if (best < 0 || card < bestCard || (card === bestCard && compareSeats(state, seat, best) < 0)) {
      best = seat;
      bestCard = card;
    }
  }
  return best < 0 ? null : best;
}

/** The whole remaining order as it stands now (it may change after each placement). */
export function projectedOrder(state: State): Seat[] {
  const waiting: Seat[] = [];
  for (let seat = 0; seat < state.seats; seat++) {
    if (!state.acted[seat] && state.chosen[seat] !== null) waiting.push(seat);
  }
  const needsTie = waiting.some((a, i) => waiting.some((b, j) => j > i && state.chosen[a] === state.chosen[b] && comparePiles(state.piles[a]!, state.piles[b]!) === 0));
  if (needsTie && !state.tieOrder) {
    // Views must not draw from the generator: show seat order for undecided identical piles.
    return waiting.sort((a, b) => state.chosen[a]! - state.chosen[b]! || comparePiles(state.piles[a]!, state.piles[b]!) || a - b);
  }
  return waiting.sort((a, b) => compareSeats(state, a, b));
}
