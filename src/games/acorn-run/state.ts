/**
 * The state of a race: plain JSON (card numbers, space ids, the PRNG), so it clones, hashes and
 * replays. Racers are distinct from seats: today every racer sits at a seat; dummy racers (R14)
 * will join the same list with kind 'dummy'.
 */
import type { EventRing } from '../../engine/narration.js';
import type { Rng } from '../../engine/rng.js';
import { shuffle } from '../../engine/rng.js';
import { isSorted, type MarketRow } from './cards.js';
import type { Color } from './content/schema.js';
import type { DummyDeckState, DummyTurn } from './dummy/types.js';
import { logEvent, type RunEvent } from './events.js';

export const RACER_KINDS = ['seat', 'dummy'] as const;
export type RacerKind = (typeof RACER_KINDS)[number];

/** Pawn colors: humans race red and blue, dummies green, pink, yellow and brown (R14). */
export const PAWN_COLORS = ['red', 'blue', 'green', 'pink', 'yellow', 'brown'] as const;
export type PawnColor = (typeof PAWN_COLORS)[number];

/** Player-board cell states. */
export const CELL_EMPTY = 0;
/** An acorn sits on it (spent, R9); "oops" may take it back off. */
export const CELL_ACORN = 1;
/** Used by a big or small acorn card: blocked, but no acorn to take back. */
export const CELL_CARD = 2;

/** Results-board entry for a running-out-of-time token (R12). */
export const OUT_OF_TIME = -1;

export interface Racer {
  kind: RacerKind;
  /** The seat that plays this racer (kind 'seat'); -1 for a dummy. */
  seat: number;
  pawn: PawnColor;
  /** Space id; null once the racer finished or was disqualified. */
  pos: number | null;
  /** Personal deck, top card first (hidden, order unknown to everyone). */
  deck: number[];
  hand: number[];
  /** Face-up discard pile, newest last. */
  discard: number[];
  /** Acorns in the racer's supply, not yet spent. */
  acorns: number;
  /** Player-board cells, column by column (see the content's playerBoard, tables.ts). */
  grid: number[];
  /** Combo VP tokens held, face down (R7). */
  tokens: number[];
  /** Index of the racer's space on the results board, once finished. */
  place: number | null;
  /** Out of time: disqualified, scores 0 (R12). */
  out: boolean;
  /** The lane color the racer crossed the finish line from. */
  finishLane: Color | null;
}

/** Multi-step actions and pending choices of the racer whose turn it is; the first is current. */
export type Pending =
  | { kind: 'sprint'; color: Color; cards: number[]; from: number; extra: boolean }
  | { kind: 'climb' | 'descend'; cards: number[]; from: number }
  | { kind: 'jump'; cards: number[]; from: number }
  | { kind: 'pay'; row: MarketRow; index: number; cards: number[]; power: number }
  | { kind: 'discard'; count: number }
  | { kind: 'trash' }
  | { kind: 'gain' }
  | { kind: 'cleanup' };
export type PendingKind = Pending['kind'];

export interface Turn {
  /** Index into racers. */
  racer: number;
  /** Main moves left (R2): 1, plus any granted by extra-move effects. */
  mainMoves: number;
  /** Extra sprints granted by extra-sprint cards (R2). */
  extraSprints: number;
  /** R10: unspent buying power, lost at the end of the turn. */
  buyingPower: number;
  /** Market-row refreshes granted by buying-power effects. */
  refreshes: number;
  /** Cards played this turn; they go to the discard pile at the end of the turn (R11). */
  played: number[];
  /** Spaces this racer dropped an acorn on this turn: it may not pick them up again. */
  dropped: number[];
  pending: Pending[];
}

export interface MarketState {
  /** Top card first. */
  deck: number[];
  /** Three face-up slots; null when the deck ran out. */
  row: (number | null)[];
}

export interface State {
  racers: Racer[];
  /** Racer indices in turn order. */
  order: number[];
  /** Seat → racer index. */
  seatRacer: number[];
  market: Record<MarketRow, MarketState>;
  /** Cards out of the game: refreshed market rows, trashed cards, used small acorns, unused starters. */
  box: number[];
  /** Acorns lying on each board space (by space id). */
  boardAcorns: number[];
  acornSupply: number;
  /** Face-down combo VP tokens, top first (R7). */
  tokenSupply: number[];
  /** R12: per results space, best first: a racer index, OUT_OF_TIME, or null when empty. */
  results: (number | null)[];
  outOfTimeLeft: number;
  firstFinisher: number | null;
  round: number;
  /** Sunset: after this round the course closes and racers still running are out of time. */
  roundLimit: number;
  turn: Turn;
  over: boolean;
  rng: Rng;
  /** R14, R15: the dummy deck; null in a race without dummies. */
  dummies: DummyDeckState | null;
  /** The last dummy turn's card (public once drawn); null before any. */
  dummyTurn: DummyTurn | null;
  /** The latest public events (events.ts); bots never read them. */
  log: EventRing<RunEvent>;
}

export const currentRacer = (state: State): Racer => state.racers[state.turn.racer]!;

export function newTurn(racer: number): Turn {
  return { racer, mainMoves: 1, extraSprints: 0, buyingPower: 0, refreshes: 0, played: [], dropped: [], pending: [] };
}

/**
 * R11: draws `n` cards, reshuffling the discard pile into the deck when it runs out. Returns the
 * cards drawn and whether the discard pile was reshuffled.
 */
export function drawCards(state: State, racer: Racer, n: number): { cards: number[]; reshuffled: boolean } {
  const cards: number[] = [];
  let reshuffled = false;
  // A hand set out of order (a test's scenario) is sorted when the first card comes, as addToHand
  // does; after that the hand is sorted and each drawn card is inserted in place.
  let sorted = false;
  for (let i = 0; i < n; i++) {
    if (racer.deck.length === 0) {
      if (racer.discard.length === 0) break;
      racer.deck = racer.discard;
      racer.discard = [];
      shuffleInPlace(state.rng, racer.deck);
      reshuffled = true;
    }
    const card = racer.deck.shift()!;
    cards.push(card);
    if (!sorted) {
      if (!isSorted(racer.hand)) racer.hand.sort((x, y) => x - y);
      sorted = true;
    }
    insertSorted(racer.hand, card);
  }
  return { cards, reshuffled };
}

/** Draws for racer number `racer` during the race, and tells the table (the cards only its owner sees). */
export function drawAndLog(state: State, racer: number, n: number): void {
  const drawn = drawCards(state, state.racers[racer]!, n);
  if (drawn.cards.length > 0 || drawn.reshuffled) {
    logEvent(state.log, { kind: 'draw', racer, count: drawn.cards.length, cards: drawn.cards, reshuffled: drawn.reshuffled });
  }
}

/** Hands are kept sorted: a hand is a set of cards, and taking an action back restores it exactly. */
export function addToHand(racer: Racer, cards: readonly number[]): void {
  // An insertion sort: the hand is sorted already and gains a card or a few, so this is a few
  // comparisons where sort() paid its comparator calls; same order. A hand set by hand out of
  // order (a test's scenario) is sorted in full as before.
  const hand = racer.hand;
  if (!isSorted(hand)) {
    hand.push(...cards);
    hand.sort((a, b) => a - b);
    return;
  }
  for (let i = 0; i < cards.length; i++) insertSorted(hand, cards[i]!);
}

function insertSorted(hand: number[], card: number): void {
  let j = hand.length;
  hand.push(card);
  while (j > 0 && hand[j - 1]! > card) {
    hand[j] = hand[j - 1]!;
    j--;
  }
  hand[j] = card;
}

/** The engine's shuffle (R11: a racer's discard pile is reshuffled into the deck when it runs out). */
export function shuffleInPlace(rng: Rng, items: number[]): void {
  shuffle(rng, items);
}

/** Appends `cards` to `to`: push(...cards) written out, for the moves that end a step (a few cards each). */
export function pushAll(to: number[], cards: readonly number[]): void {
  for (let i = 0; i < cards.length; i++) to.push(cards[i]!);
}

/** Removes one copy of `card` from `cards`; throws if absent (a rules bug). */
export function removeCard(cards: number[], card: number): void {
  // A loop, not indexOf: a hand is a few cards, and the builtin's call cost more than the search.
  let i = 0;
  while (i < cards.length && cards[i] !== card) i++;
  if (i === cards.length) throw new Error(`card ${card} is not there`);
  // Not splice: it builds a list of the removed card, and cards leave hands at most steps.
  for (let j = i + 1; j < cards.length; j++) cards[j - 1] = cards[j]!;
  cards.pop();
}

/** R7: gaining N combo VP draws N face-down tokens (fewer if the supply runs dry). Returns how many. */
export function gainTokens(state: State, racer: Racer, n: number): number {
  let i = 0;
  for (; i < n && state.tokenSupply.length > 0; i++) racer.tokens.push(state.tokenSupply.shift()!);
  return i;
}

/** Takes acorns from the supply (fewer if it runs dry). Returns how many. */
export function gainAcorns(state: State, racer: Racer, n: number): number {
  const k = Math.min(n, state.acornSupply);
  state.acornSupply -= k;
  racer.acorns += k;
  return k;
}

export const isRunning = (r: Racer): boolean => r.place === null && !r.out;
