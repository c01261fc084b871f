/**
 * Narration: every view carries its game's public events as structured data, and one narrator
 * per game turns an event into a sentence for a viewer. The terminal, the web log, the replay
 * viewer and `drey replay` all read events through a narrator, so a game is told the same way
 * everywhere (see docs/architecture.md, "Narration").
 *
 * Events are data, never sentences and never the words a player reads: a space is its number, a
 * card its number or id, and the narrator puts them into words from the game's content.
 *
 * Hidden information: an event holds public facts. A fact only one seat may know (the card it
 * drew) sits in a field the view strips for every other viewer, and `resample` deals that field
 * anew like any hidden card, so the conformance suite's view-leak check covers events too.
 *
 * Cost: a state keeps a bounded tail of its events (`pushEvent`), events are never mutated after
 * they are written (clones and views share them), and bots never read them.
 */
import type { Seat, Viewer } from './game.js';
import { emptyObjectList } from './lists.js';

/**
 * A tail of a game's event sequence: `events[i]` is event number `first + i` of the game (the
 * first event of a game is number 0). A client that has read every event before number `n`
 * reads `events` from index `n - first`; `first > n` means it missed some.
 */
export interface EventLog<E> {
  first: number;
  events: E[];
}

export const emptyLog = <E>(): EventLog<E> => ({ first: 0, events: [] });

/** Appends an event, dropping the oldest beyond `limit`. Events must not be mutated afterwards. */
export function pushEvent<E>(log: EventLog<E>, event: E, limit: number): void {
  const events = log.events;
  if (events.length < limit) {
    events.push(event);
    return;
  }
  log.first++;
  if (events.length === 0) return; // a limit of 0 keeps nothing
  // Full: the others move down one place and the new event takes the last. Not push and shift():
  // on a full tail of a few dozen events, V8's shift() was a fifth of an Acorn Run random
  // playout (measured); this loop keeps the same events at a small part of that cost.
  for (let i = 1; i < events.length; i++) events[i - 1] = events[i]!;
  events[events.length - 1] = event;
}

/** A copy of the tail that shares the (immutable) events. */
export const copyLog = <E>(log: EventLog<E>): EventLog<E> => ({ first: log.first, events: log.events.slice() });

/**
 * A state's tail of events kept as a ring: while it holds fewer than its limit, `slots[i]` is
 * event number i (and `first` is 0); once full, event number `n` (first ≤ n < first + limit) sits
 * at `slots[n % limit]`, so an event is written in place of the oldest instead of moving the
 * others down (pushEvent's loop and allocation were a large part of an Autumn Leaves playout).
 * Plain data like EventLog: clones copy `slots`, JSON and postMessage carry it as it is. Readers
 * see it only through `ringLog`/`ringEvent`, which give the events in order: what an EventLog
 * of the same events would hold.
 */
export interface EventRing<E> {
  first: number;
  slots: E[];
}

/** Whether `v` is an EventRing: an object of exactly `first` (a number) and `slots` (a list). */
export function isEventRing(v: object): v is EventRing<unknown> {
  // The cheap tests first: canonicalJson asks this of every object of a state it writes.
  return 'slots' in v && 'first' in v && Array.isArray(v.slots) && typeof v.first === 'number' && Object.keys(v).length === 2;
}

// The slots hold events (objects) from the start: see engine/lists.ts.
export const emptyRing = <E>(): EventRing<E> => ({ first: 0, slots: emptyObjectList<E>() });

/** Appends an event to a ring of at most `limit` (> 0) events, replacing the oldest when full. Events must not be mutated afterwards. */
export function ringPush<E>(ring: EventRing<E>, event: E, limit: number): void {
  const slots = ring.slots;
  if (slots.length < limit) {
    slots.push(event);
    return;
  }
  slots[ring.first % limit] = event;
  ring.first++;
}

/** Where the ring holds the `i`-th event it keeps (0: the oldest). */
export const ringSlot = (ring: EventRing<unknown>, i: number): number => (ring.first + i) % ring.slots.length;

/** The `i`-th event the ring keeps (0: the oldest). */
export const ringEvent = <E>(ring: EventRing<E>, i: number): E => ring.slots[ringSlot(ring, i)]!;

/** The ring's events in order, as an EventLog (a new list; the events are shared), each passed through `map`. */
export function ringLog<E, V = E>(ring: EventRing<E>, map?: (event: E) => V): EventLog<V> {
  const slots = ring.slots;
  const n = slots.length;
  const events: V[] = [];
  for (let i = 0; i < n; i++) {
    const e = slots[(ring.first + i) % n]!;
    events.push(map ? map(e) : (e as unknown as V));
  }
  return { first: ring.first, events };
}

/** The number of the next event this ring will hold (logEnd of its EventLog). */
export const ringEnd = (ring: EventRing<unknown>): number => ring.first + ring.slots.length;

/** The ring's events numbered `next` and later, in order (the `events` of eventsSince on its EventLog). */
export function ringSince<E>(ring: EventRing<E>, next: number): E[] {
  const n = ring.slots.length;
  const out: E[] = [];
  for (let i = Math.max(0, next - ring.first); i < n; i++) out.push(ring.slots[(ring.first + i) % n]!);
  return out;
}

/** A copy of the ring that shares the (immutable) events. */
export const copyRing = <E>(ring: EventRing<E>): EventRing<E> => ({ first: ring.first, slots: ring.slots.slice() });

/** The number of the next event this log will hold. */
export const logEnd = (log: EventLog<unknown>): number => log.first + log.events.length;

/**
 * The events of `log` numbered `next` and later; `missed` counts events before them that the
 * tail no longer holds, and `next` becomes the number after the last event.
 */
export function eventsSince<E>(log: EventLog<E>, next: number): { events: E[]; missed: number; next: number } {
  const from = Math.max(0, next - log.first);
  return { events: log.events.slice(from), missed: Math.max(0, log.first - next), next: logEnd(log) };
}

/** Who reads the sentences, and what the seats are called. */
export interface NarrationContext {
  viewer: Viewer;
  /** Display names by seat (the viewer's own seat included: narrators say "you" themselves). */
  names: readonly string[];
}

/** One game's narrator: where a view keeps its events, and one sentence per event. */
export interface Narrator<View = unknown, E = unknown> {
  log(view: View): EventLog<E>;
  narrate(event: E, context: NarrationContext): string;
}

/** A narrator with its types erased, as the lookup holds it (method syntax keeps it assignable). */
export interface AnyNarrator {
  log(view: unknown): EventLog<unknown>;
  narrate(event: unknown, context: NarrationContext): string;
}

export const defineNarrator = <View, E>(narrator: Narrator<View, E>): AnyNarrator => narrator as unknown as AnyNarrator;

/**
 * The sentences for the events of `view` numbered `next` and later, with a leading "…" line when
 * some were missed. Returns the cursor to pass next time.
 */
export function narrateSince(
  narrator: AnyNarrator,
  view: unknown,
  next: number,
  context: NarrationContext,
): { lines: string[]; missed: number; next: number } {
  const since = eventsSince(narrator.log(view), next);
  const lines = since.events.map((e) => narrator.narrate(e, context));
  if (since.missed > 0) lines.unshift(`… (${since.missed} earlier event${since.missed === 1 ? '' : 's'} not shown)`);
  return { lines, missed: since.missed, next: since.next };
}

/**
 * A reader that follows one viewer's successive views of a game and returns, each time, the
 * sentences for the events it has not read yet (the terminal's "since your last move", the web
 * log, the replay viewer, `drey replay`). The context is given per call: names change as people
 * take their seats.
 */
export function narrationFeed(narrator: AnyNarrator, from = 0): (view: unknown, context: NarrationContext) => string[] {
  // `from`: the number of the first event not yet told (a reader seeded with a history it was sent).
  let next = from;
  return (view, context) => {
    const read = readOn(narrator, view, next, context);
    next = read.next;
    return read.lines;
  };
}

/**
 * One step of a reader that has told every event before number `next`: the sentences for the
 * view's newer events and the cursor to pass next time (what `narrationFeed` keeps for itself;
 * the server's table histories keep the cursor in their own records).
 */
export function readOn(narrator: AnyNarrator, view: unknown, next: number, context: NarrationContext): { lines: string[]; next: number } {
  // An undone step takes its events back (engine/match.ts): read on from where the log ends now.
  const read = narrateSince(narrator, view, Math.min(next, logEnd(narrator.log(view))), context);
  return { lines: read.lines, next: read.next };
}

// ---------------------------------------------------------------- a bounded history of lines

/**
 * The lines told so far, bounded: the newest `NARRATION_HISTORY_LINES` at most, and how many
 * older ones were let go. The server sends one with a table's snapshot (built by replaying the
 * table's record for that viewer) and the client extends it with each update's lines by the same
 * rule, so the log reads the same whether a page watched from the start or arrived late.
 */
export interface NarrationHistory {
  lines: string[];
  dropped: number;
}

export const NARRATION_HISTORY_LINES = 500;

export const emptyHistory = (): NarrationHistory => ({ lines: [], dropped: 0 });

/** A new history with `lines` added (the old one is left as it was). */
export function extendHistory(history: NarrationHistory, lines: readonly string[], max = NARRATION_HISTORY_LINES): NarrationHistory {
  if (lines.length === 0) return history;
  const all = [...history.lines, ...lines];
  const over = Math.max(0, all.length - max);
  return { lines: over > 0 ? all.slice(over) : all, dropped: history.dropped + over };
}

/** The lines to show: a leading "…" line when older ones were let go. */
export function historyLines(history: NarrationHistory): string[] {
  if (history.dropped === 0) return history.lines;
  return [`… ${plural(history.dropped, 'earlier line')} not shown`, ...history.lines];
}

// ---------------------------------------------------------------- words shared by narrators

/** A person in a sentence: the viewer is "you", everyone else their name. */
export interface Person {
  name: string;
  you: boolean;
}

export function seatPerson(seat: Seat, context: NarrationContext): Person {
  if (seat === context.viewer) return { name: 'you', you: true };
  return { name: context.names[seat] ?? `Seat ${seat + 1}`, you: false };
}

/** "Hazel places" / "you place": the verb agrees with its subject. */
export const says = (who: Person, third: string, second: string): string => `${who.name} ${who.you ? second : third}`;

/** "Hazel's" / "your". */
export const possessive = (who: Person): string => (who.you ? 'your' : `${who.name}'s`);

/** A sentence: first letter up, a full stop unless it ends in one already. */
export function sentence(text: string): string {
  const t = text.trim();
  const up = t.charAt(0).toUpperCase() + t.slice(1);
  return /[.!?…]$/.test(up) ? up : `${up}.`;
}

export const plural = (n: number, word: string, many = `${word}s`): string => `${n} ${n === 1 ? word : many}`;

/** "a, b and c". */
export function listWords(items: readonly string[]): string {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]!}`;
}
