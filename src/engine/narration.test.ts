import { describe, expect, it } from 'vitest';
import { stableHash } from './hash.js';
import {
  defineNarrator,
  emptyHistory,
  emptyLog,
  emptyRing,
  eventsSince,
  extendHistory,
  historyLines,
  narrationFeed,
  narrateSince,
  pushEvent,
  ringLog,
  ringPush,
  sentence,
  type EventLog,
} from './narration.js';

const log = (first: number, events: string[]): EventLog<string> => ({ first, events });
const narrator = defineNarrator<{ log: EventLog<string> }, string>({
  log: (view) => view.log,
  narrate: (e, { viewer, names }) => `${viewer === 0 ? 'you' : names[0]} saw ${e}`,
});

describe('event logs and their cursor', () => {
  it('keeps a bounded tail numbered from the start of the game', () => {
    const l = emptyLog<string>();
    for (const e of ['a', 'b', 'c', 'd', 'e']) pushEvent(l, e, 3);
    expect(l).toEqual({ first: 2, events: ['c', 'd', 'e'] });
  });

  it('keeps the same tail as a ring, handed to readers in order', () => {
    const l = emptyLog<string>();
    const r = emptyRing<string>();
    const seen: EventLog<string>[] = [];
    for (const e of ['a', 'b', 'c', 'd', 'e', 'f', 'g']) {
      pushEvent(l, e, 3);
      ringPush(r, e, 3);
      expect(ringLog(r)).toEqual(l);
      seen.push(ringLog(r, (x) => x.toUpperCase()));
    }
    expect(seen.at(-1)).toEqual({ first: 4, events: ['E', 'F', 'G'] });
    // Saved records check a final-state hash: a state with a ring hashes as with its EventLog.
    expect(stableHash({ log: r, round: 3 })).toBe(stableHash({ round: 3, log: l }));
    expect(stableHash({ log: r })).not.toBe(stableHash({ log: emptyLog() }));
  });

  it('tells a reader what is new, and how many events it missed when the tail moved past it', () => {
    expect(eventsSince(log(2, ['c', 'd', 'e']), 4)).toEqual({ events: ['e'], missed: 0, next: 5 });
    expect(eventsSince(log(2, ['c', 'd', 'e']), 5)).toEqual({ events: [], missed: 0, next: 5 });
    expect(eventsSince(log(2, ['c', 'd', 'e']), 0)).toEqual({ events: ['c', 'd', 'e'], missed: 2, next: 5 });
  });

  it('narrates only the unread events for a viewer, and says when some were missed', () => {
    expect(narrateSince(narrator, { log: log(0, ['a', 'b']) }, 1, { viewer: 1, names: ['Ann', 'Bo'] }).lines).toEqual(['Ann saw b']);
    expect(narrateSince(narrator, { log: log(3, ['d']) }, 1, { viewer: 0, names: ['Ann'] }).lines).toEqual([
      '… (2 earlier events not shown)',
      'you saw d',
    ]);
    const feed = narrationFeed(narrator);
    const context = { viewer: 'spectator' as const, names: ['Ann'] };
    expect(feed({ log: log(0, ['a']) }, context)).toEqual(['Ann saw a']);
    expect(feed({ log: log(0, ['a', 'b']) }, { ...context, names: ['Bo'] })).toEqual(['Bo saw b']);
    expect(feed({ log: log(0, ['a', 'b']) }, context)).toEqual([]);
  });

  it('a feed seeded with a history reads on from its cursor, and after an undo from where the log ends', () => {
    const feed = narrationFeed(narrator, 2);
    const context = { viewer: 1, names: ['Ann'] };
    expect(feed({ log: log(0, ['a', 'b']) }, context)).toEqual([]);
    expect(feed({ log: log(0, ['a', 'b', 'c']) }, context)).toEqual(['Ann saw c']);
    // The undo took event c back; the next step's event is number 2 again.
    expect(feed({ log: log(0, ['a', 'b']) }, context)).toEqual([]);
    expect(feed({ log: log(0, ['a', 'b', 'c2']) }, context)).toEqual(['Ann saw c2']);
  });

  it('keeps a history of at most so many lines, counting those it let go (issue 14)', () => {
    let h = emptyHistory();
    h = extendHistory(h, ['1', '2', '3'], 4);
    expect(historyLines(h)).toEqual(['1', '2', '3']);
    const before = h;
    h = extendHistory(h, ['4', '5', '6'], 4);
    expect(before.lines).toEqual(['1', '2', '3']); // the old history is left as it was
    expect(h).toEqual({ lines: ['3', '4', '5', '6'], dropped: 2 });
    expect(historyLines(h)).toEqual(['… 2 earlier lines not shown', '3', '4', '5', '6']);
    expect(historyLines(extendHistory(h, ['7'], 4))[0]).toBe('… 3 earlier lines not shown');
    expect(extendHistory(h, [], 4)).toBe(h);
  });

  it('makes sentences', () => {
    expect(sentence('you place 7')).toBe('You place 7.');
    expect(sentence('a cold snap!')).toBe('A cold snap!');
  });
});
