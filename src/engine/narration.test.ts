import { describe, expect, it } from 'vitest';
import { defineNarrator, emptyLog, eventsSince, narrationFeed, narrateSince, pushEvent, sentence, type EventLog } from './narration.js';

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

  it('makes sentences', () => {
    expect(sentence('you place 7')).toBe('You place 7.');
    expect(sentence('a cold snap!')).toBe('A cold snap!');
  });
});
