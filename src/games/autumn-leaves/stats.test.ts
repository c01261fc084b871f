/** Autumn Leaves' end-of-game figures agree with the scores at the end (issue 25). */
import { describe, expect, it } from 'vitest';
import type { AnyGame } from '../../engine/game.js';
import { allEvents } from '../../engine/stats.js';
import { playedViews } from '../../engine/stats.test-helpers.js';
import { autumnLeaves } from './index.js';
import { autumnLeavesNarrator } from './narrate.js';
import type { State } from './state.js';
import { leavesStats, leavesStatsTable } from './stats.js';
import type { ViewEvent } from './view.js';

describe('Autumn Leaves statistics', () => {
  it.each([
    [3, 'stats-a'],
    [4, 'stats-b'],
    [6, 'stats-c'],
  ])('%i seats: per-hand scores add up to the final scores, cards placed and cold snaps counted', (seats, seed) => {
    const { state, views } = playedViews(autumnLeaves as unknown as AnyGame, seats, seed, {});
    const end = state as State;
    const { events, missed } = allEvents(autumnLeavesNarrator, views);
    expect(missed).toBe(0);
    const stats = leavesStats(events as ViewEvent[], seats);
    // L9: every hand's score, and their sum is the game's score.
    for (const s of stats.seats) {
      expect(s.handScores).toEqual(end.handScores.map((h) => h[s.seat]));
      expect(s.handScores.reduce((a, b) => a + b, 0)).toBe(end.scores[s.seat]);
      expect(s.coldSnapCards).toBeLessThanOrEqual(s.placed);
    }
    expect(stats.emptied + stats.drawPileOut).toBe(end.hands);
    // L7: in a cold snap every player who acts puts a card on their own pile.
    const cold = stats.seats.reduce((n, s) => n + s.coldSnapCards, 0);
    expect(cold).toBeGreaterThanOrEqual(stats.coldSnaps);
    const table = leavesStatsTable(stats, Array.from({ length: seats }, (_, i) => `P${i + 1}`));
    expect(table.rows[0]!.cells[3]!.split(' · ')).toHaveLength(end.hands);
    expect(table.notes[0]).toMatch(/cold snap/);
  });
});
