/**
 * The Acorns state and its small helpers. The state is plain JSON; cards are indices into the
 * deck of the content's tables (tables.ts `cards`).
 *
 * A "side" is who owns groups and score piles: a seat in the ordinary game, a team (seats 2k and
 * 2k+1) in the partner game (A12).
 */
import type { Seat } from '../../engine/game.js';
import { copyLog, pushEvent, type EventLog } from '../../engine/narration.js';

export interface AcornsOptions {
  /** A12: the partner game, for 4, 6 or 8 seats. */
  partners: boolean;
}

export interface AcornsArrangement {
  /** Card ids, top first: a permutation of the whole deck. Hands are dealt from the top (A2). */
  deck?: string[];
  /** The dealer's seat; the seat after the dealer starts. */
  dealer?: number;
}

/** Squirrels of one color around a tree (A4). */
export interface Group {
  /** Index into COLORS. */
  color: number;
  /** The side that owns the group: a seat, or a team in the partner game. */
  side: number;
  /** Squirrel cards in the order played. */
  cards: number[];
  /** Sum of the squirrels shown on the cards. */
  total: number;
}

/** A fox or the turtle lying on a tree (A5), with the seat that played it. */
export interface Guard {
  card: number;
  seat: Seat;
}

export interface TreeInPlay {
  card: number;
  /** The seat that planted it. */
  owner: Seat;
  /** Groups in the order they were started. */
  groups: Group[];
  /** Foxes and the turtle in the order played; the last one leads (A6). */
  guards: Guard[];
}

/**
 * What happened, without its turn number. Card fields are card ids; `owner` is the seat that
 * planted the tree an event names (so a narrator can say whose tree it is). All of it is public.
 */
export type LogEntry =
  | { kind: 'draw'; seat: Seat }
  | { kind: 'plant'; seat: Seat; tree: string }
  | { kind: 'squirrel'; seat: Seat; card: string; tree: string; owner: Seat; total: number }
  | { kind: 'fox'; seat: Seat; card: string; tree: string; owner: Seat }
  | { kind: 'turtle'; seat: Seat; tree: string; owner: Seat }
  | { kind: 'discard'; seat: Seat; card: string }
  | { kind: 'pass'; seat: Seat }
  | { kind: 'claim'; seat: Seat; tree: string; owner: Seat; acorns: number }
  | { kind: 'end'; boxedTrees: number };

/** A public event for the log every view carries, stamped with the turn it happened in. */
export type LogEvent = LogEntry & { turn: number };

export interface AcornsState {
  seats: number;
  partners: boolean;
  dealer: Seat;
  /** Each seat's hand, sorted by card index (identical cards are adjacent). */
  hands: number[][];
  /** The draw pile; its top is the LAST element. */
  draw: number[];
  /** Trees in play, in the order planted. */
  trees: TreeInPlay[];
  /** Claimed trees per side (A9). */
  piles: number[][];
  /** Cards that left the game (A9, A10, discards). */
  box: number[];
  /** The seat whose turn it is (while the game runs). */
  turn: Seat;
  /** Turns begun so far, skipped turns of seats sitting out included. */
  turns: number;
  over: boolean;
  /** The last LOG_LENGTH public events, oldest first, numbered from the start (engine/narration.ts). */
  log: EventLog<LogEvent>;
}

export const LOG_LENGTH = 12;

export const sideOf = (state: { partners: boolean }, seat: Seat): number => (state.partners ? seat >> 1 : seat);
export const sideCount = (state: { partners: boolean; seats: number }): number =>
  state.partners ? state.seats >> 1 : state.seats;
export const seatsOfSide = (state: { partners: boolean }, side: number): Seat[] =>
  state.partners ? [2 * side, 2 * side + 1] : [side];

/** A12: teams are neighbours, seats 0–1, 2–3, …; only seats allowed by the options. */
export const isPartnerSeatCount = (seats: number): boolean => seats === 4 || seats === 6 || seats === 8;

export function pushLog(state: AcornsState, entry: LogEntry): void {
  pushEvent(state.log, { ...entry, turn: state.turns }, LOG_LENGTH);
}

/** Inserts a card into a sorted hand. */
export function addToHand(hand: number[], card: number): void {
  let i = hand.length;
  while (i > 0 && hand[i - 1]! > card) i--;
  hand.splice(i, 0, card);
}

/** Removes one card from a hand; throws if it is not there (a broken invariant). */
export function removeFromHand(hand: number[], card: number): void {
  const i = hand.indexOf(card);
  if (i < 0) throw new Error(`card ${card} is not in the hand`);
  hand.splice(i, 1);
}

export const findTree = (state: AcornsState, card: number): TreeInPlay | undefined => state.trees.find((t) => t.card === card);

/**
 * A hand-written deep copy: several times faster than structuredClone on this shape, which
 * matters to random playouts and search. Log events are immutable and shared.
 */
export function cloneState(s: AcornsState): AcornsState {
  return {
    seats: s.seats,
    partners: s.partners,
    dealer: s.dealer,
    hands: s.hands.map((h) => h.slice()),
    draw: s.draw.slice(),
    trees: s.trees.map((t) => ({
      card: t.card,
      owner: t.owner,
      groups: t.groups.map((g) => ({ color: g.color, side: g.side, cards: g.cards.slice(), total: g.total })),
      guards: t.guards.map((g) => ({ card: g.card, seat: g.seat })),
    })),
    piles: s.piles.map((p) => p.slice()),
    box: s.box.slice(),
    turn: s.turn,
    turns: s.turns,
    over: s.over,
    log: copyLog(s.log),
  };
}
