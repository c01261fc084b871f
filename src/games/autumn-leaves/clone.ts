import { copyLog } from '../../engine/narration.js';
import type { Rng } from '../../engine/rng.js';
import type { State } from './state.js';

/** A deep copy, written out by hand: search clones states thousands of times a second. */
export function cloneState(s: State): State {
  return {
    seats: s.seats,
    hands: s.hands,
    rng: [s.rng[0], s.rng[1], s.rng[2], s.rng[3]] as Rng,
    arrangement: s.arrangement,
    hand: s.hand,
    round: s.round,
    rounds: s.rounds,
    phase: s.phase,
    deck: s.deck.slice(),
    discard: s.discard.slice(),
    handCards: s.handCards.map((h) => h.slice()),
    piles: s.piles.map((p) => p.slice()),
    chosen: s.chosen.slice(),
    acted: s.acted.slice(),
    current: s.current,
    tieOrder: s.tieOrder ? s.tieOrder.slice() : null,
    known: s.known.map((k) => k.slice()),
    scores: s.scores.slice(),
    handScores: s.handScores.map((h) => h.slice()),
    // Log events are never mutated after they are written, so they can be shared.
    log: copyLog(s.log),
  };
}
