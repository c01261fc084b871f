/**
 * Autumn Leaves' events as the state keeps them (state.ts LogEvent): how many, and the place and
 * keep events made up front per content. Both the rules (rules.ts) and the dense random playout
 * (dense-playout.ts) log through these, so they write the same events.
 */
import type { Seat } from '../../engine/game.js';
import type { LeavesTables } from './content/index.js';
import type { LogEvent } from './state.js';
import { madeOnce } from '../../engine/memo.js';

/** Events a state keeps: a round of six seats is at most 13, and clients read every step. */
export const LOG_LIMIT = 16;

/** A place or keep event: the same seat, card and pile always make an equal event. */
export type PlaceEvent = Extract<LogEvent, { type: 'place' }>;
export type KeepEvent = Extract<LogEvent, { type: 'keep' }>;

/** Seats a table may have at most (the game contract's limit; rules.ts's shared seat and place lists cover as many). */
const MAX_SEATS = 8;

/**
 * One content's tables with its place and keep events, made up front: events are never mutated
 * (engine/narration.ts), so the log shares one event per (seat, card, pile) instead of allocating
 * one per placement, which was a good part of the garbage a playout left (and a search makes
 * thousands of playouts per decision).
 */
export interface Bound {
  t: LeavesTables;
  /** placed[(seat * MAX_SEATS + pile) * ranks + card], ranks = maxRank + 1. */
  placed: readonly PlaceEvent[];
  /** kept[seat * ranks + card]. */
  kept: readonly KeepEvent[];
  ranks: number;
}

/** The events of `t`, made the first time and shared after: the rules and the dense playout log the same objects. */
export const bind: (t: LeavesTables) => Bound = madeOnce(makeEvents);

function makeEvents(t: LeavesTables): Bound {
  const ranks = t.maxRank + 1;
  const placed: PlaceEvent[] = [];
  const kept: KeepEvent[] = [];
  for (let seat = 0; seat < MAX_SEATS; seat++) {
    for (let pile = 0; pile < MAX_SEATS; pile++) for (let card = 0; card < ranks; card++) placed.push({ type: 'place', seat, card, pile });
    for (let card = 0; card < ranks; card++) kept.push({ type: 'keep', seat, card });
  }
  return { t, placed, kept, ranks };
}

export const placeEvent = (r: Bound, seat: Seat, card: number, pile: Seat): PlaceEvent => r.placed[(seat * MAX_SEATS + pile) * r.ranks + card]!;

export const keptEvent = (r: Bound, seat: Seat, card: number): KeepEvent => r.kept[seat * r.ranks + card]!;
