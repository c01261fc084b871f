/** What the end-of-hand summary and the log read from the events (web table, terminal, replay). */
import { ringLog } from '../../engine/narration.js';
import { describe, expect, it } from 'vitest';
import { autumnLeaves } from './index.js';
import { aRank, narrateEvent } from './narrate.js';
import { arrangedMatch, must, stateOf } from './scenario.test-helpers.js';
import { describeAction } from './describe.js';

describe('Autumn Leaves words and hand-end events', () => {
  it('says "an 8" and "an 11" but "a 7" and "a 10"', () => {
    expect([7, 8, 10, 11, 18, 80].map(aRank)).toEqual(['a 7', 'an 8', 'a 10', 'an 11', 'an 18', 'an 80']);
    const line = narrateEvent({ type: 'discard', seat: 0, card: 3, drew: 8 }, { viewer: 0, names: ['Ann', 'Bo', 'Cy'] });
    expect(line).toContain('draw an 8');
  });

  it('L2/L7: the hand-end event carries the final piles, so the summary shows them before the next deal', () => {
    const match = arrangedMatch([[1, 2, 3, 4, 5, 6, 7], [10, 10, 10, 10, 10, 10, 10], [9, 9, 9, 9, 9, 9, 9]], { hands: 2 });
    const s = stateOf(match);
    expect(describeAction(s, 0, { type: 'choose', card: 8 })).toBe('seat 0 chooses an 8');
    for (let guard = 0; guard < 300 && s.hand === 0; guard++) {
      if (s.phase === 'choose') {
        for (let seat = 0; seat < s.seats; seat++) if (s.chosen[seat] === null) must(match, seat, { type: 'choose', card: s.handCards[seat]![0]! });
      } else {
        const seat = s.current!;
        const legal = autumnLeaves.legalActions(s, seat);
        must(match, seat, legal.find((a) => a.type === 'place' && a.pile === seat) ?? legal[0]);
      }
    }
    const end = ringLog(s.log).events.find((e) => e.type === 'hand-end');
    if (end?.type !== 'hand-end') throw new Error('the first hand did not end');
    // The piles of the ended hand, not the fresh deal's (which starts with no piles).
    expect(end.piles.some((p) => p.length > 0)).toBe(true);
    expect(s.piles.every((p) => p.length === 0)).toBe(true);
    expect(end.scores).toEqual(s.handScores[0]);
  });
});
