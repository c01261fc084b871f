import type { Rng } from '../../engine/rng.js';
import type { Seat } from '../../engine/game.js';
import type { EventRing } from '../../engine/narration.js';

export const ACTION_TYPES = ['choose', 'place', 'keep', 'discard'] as const;

/** L3: pick a card of this rank from your hand. */
export interface Choose {
  type: 'choose';
  card: number;
}
/** L6: put your revealed card on the leaf pile of seat `pile`. */
export interface Place {
  type: 'place';
  pile: Seat;
}
/** L6: your card fits nowhere; take it back into your hand. */
export interface Keep {
  type: 'keep';
}
/** L6: your card fits nowhere; discard it and draw a replacement. */
export interface Discard {
  type: 'discard';
}
export type Action = Choose | Place | Keep | Discard;

export const PHASES = ['choose', 'place', 'over'] as const;
export type Phase = (typeof PHASES)[number];

export interface Options {
  /** L2: six hands; fewer for a quick game. */
  hands: number;
}

/** For hand h, deals[h] is the deck order, top card first, used instead of a shuffle. */
export interface Arrangement {
  deals?: number[][];
}

/**
 * A public event, as kept in the state. `drew` is private: seen only by the seat that drew it
 * (the view strips it for everyone else, and resample deals it anew).
 */
export type LogEvent =
  | { type: 'deal'; hand: number }
  | { type: 'reveal'; cards: number[]; coldSnap: boolean }
  | { type: 'place'; seat: Seat; card: number; pile: Seat }
  | { type: 'keep'; seat: Seat; card: number }
  | { type: 'discard'; seat: Seat; card: number; drew: number }
  | { type: 'hand-end'; hand: number; emptied: Seat | null; scores: number[]; /** The leaf piles as the hand ended (the end-of-hand summary shows them). */ piles: number[][] };

export interface State {
  seats: number;
  hands: number;
  rng: Rng;
  arrangement: Arrangement | null;
  /** Index of the current hand, 0-based. */
  hand: number;
  /** Round within the hand; round 0 is L4's first round. */
  round: number;
  /** Rounds revealed over the whole game. */
  rounds: number;
  phase: Phase;
  /** The draw pile; the last element is the top card. */
  deck: number[];
  discard: number[];
  /** Each seat's hand, kept sorted ascending. */
  handCards: number[][];
  /** Each seat's leaf pile, bottom first; the last element is the top card. */
  piles: number[][];
  /** Each seat's chosen card this round, null before choosing and after acting. */
  chosen: (number | null)[];
  /** Whether each seat has acted (placed, kept or discarded) in this round's placing. */
  acted: boolean[];
  /** Who places next (placing phase only). */
  current: Seat | null;
  /** L5: the seed's order for identical leaf piles, drawn the first time a round needs it. */
  tieOrder: number[] | null;
  /** Cards everyone knows to be in a seat's hand (taken back after being revealed). */
  known: number[][];
  scores: number[];
  handScores: number[][];
  /** The latest public events, as a ring (engine/narration.ts EventRing: read them with ringLog). */
  log: EventRing<LogEvent>;
}
