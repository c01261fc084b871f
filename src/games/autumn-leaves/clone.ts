import type { Seat } from '../../engine/game.js';
import { emptyObjectList } from '../../engine/lists.js';
import { cloneRng, type Rng } from '../../engine/rng.js';
import type { State } from './state.js';

/**
 * A copy of each list in `lists`, written out rather than map + slice (search clones often); a
 * list of lists like the state's own (engine/lists.ts), not one with holes as `new Array(n)` made.
 */
function copyLists<T>(lists: readonly (readonly T[])[]): T[][] {
  const out = emptyObjectList<T[]>();
  for (let i = 0; i < lists.length; i++) out.push(lists[i]!.slice());
  return out;
}

/** `s` with these draw pile, hands and generator, everything else copied deep (one literal: one shape for every copy). */
function copyWith(s: State, deck: number[], handCards: number[][], rng: Rng): State {
  return {
    seats: s.seats,
    hands: s.hands,
    rng,
    arrangement: s.arrangement,
    hand: s.hand,
    round: s.round,
    rounds: s.rounds,
    phase: s.phase,
    deck,
    discard: s.discard.slice(),
    handCards,
    piles: copyLists(s.piles),
    chosen: s.chosen.slice(),
    acted: s.acted.slice(),
    current: s.current,
    tieOrder: s.tieOrder ? s.tieOrder.slice() : null,
    known: copyLists(s.known),
    scores: s.scores.slice(),
    // Past hands' scores are never changed again (a hand's row is pushed whole when it ends), so
    // a copy of the outer list may share the rows.
    handScores: s.handScores.slice(),
    // Log events are never mutated after they are written, so they can be shared.
    log: { first: s.log.first, slots: s.log.slots.slice() },
  };
}

/** A deep copy, written out by hand: search clones states thousands of times a second. */
export function cloneState(s: State): State {
  return copyWith(s, s.deck.slice(), copyLists(s.handCards), cloneRng(s.rng));
}

/**
 * The copy `resample` starts from (view.ts): like cloneState, but the draw pile, the other seats'
 * hands and the generator are the original's own lists, not copies. Resample only reads those
 * and then puts fresh ones in their place, so copying them was work thrown away on every
 * iteration of a search. It must not return before replacing them.
 */
export function cloneForResample(s: State, seat: Seat): State {
  const handCards = s.handCards.slice();
  const own = handCards[seat];
  if (own !== undefined) handCards[seat] = own.slice();
  return copyWith(s, s.deck, handCards, s.rng);
}
