/** Acorns' end-of-game figures agree with the score piles at the end (issue 25). */
import { describe, expect, it } from 'vitest';
import type { AnyGame } from '../../engine/game.js';
import { allEvents } from '../../engine/stats.js';
import { playedViews } from '../../engine/stats.test-helpers.js';
import { acorns } from './index.js';
import { makeAcornsNarrator } from './narrate.js';
import { seatsOfSide, sideCount, type AcornsState, type LogEvent } from './state.js';
import { acornsStats, acornsStatsTable } from './stats.js';
import { BUILTIN_TABLES } from './tables.js';

describe('Acorns statistics', () => {
  it.each([
    [3, false, 'stats-a'],
    [4, false, 'stats-b'],
    [4, true, 'stats-c'],
    [6, true, 'stats-d'],
  ])('%i seats, partners %s: trees claimed, won and lost add up to the score piles', (seats, partners, seed) => {
    const { state, views } = playedViews(acorns as unknown as AnyGame, seats, seed, { partners });
    const end = state as AcornsState;
    const { events, missed } = allEvents(makeAcornsNarrator(BUILTIN_TABLES), views);
    expect(missed).toBe(0);
    const teams = partners ? Array.from({ length: sideCount(end) }, (_, side) => seatsOfSide(end, side)) : null;
    const stats = acornsStats(events as LogEvent[], seats, teams);
    // A9: every claimed tree is in its side's score pile.
    for (let side = 0; side < sideCount(end); side++) {
      expect(seatsOfSide(end, side).reduce((n, seat) => n + stats[seat]!.claimed, 0)).toBe(end.piles[side]!.length);
    }
    // A fight won by one side is a tree lost by another; a partner's tree is neither (A12).
    expect(stats.reduce((n, s) => n + s.won, 0)).toBe(stats.reduce((n, s) => n + s.lost, 0));
    expect(stats.reduce((n, s) => n + s.won, 0)).toBeGreaterThan(0);
    for (const s of stats) expect(s.won).toBeLessThanOrEqual(s.claimed);
    expect(stats.reduce((n, s) => n + s.planted, 0)).toBeGreaterThanOrEqual(stats.reduce((n, s) => n + s.claimed, 0));
    const table = acornsStatsTable(stats, Array.from({ length: seats }, (_, i) => `P${i + 1}`));
    expect(table.rows.map((r) => r.name)).toEqual(Array.from({ length: seats }, (_, i) => `P${i + 1}`));
  });

  it('a tree claimed by the player who planted it is no fight; one claimed by a partner is not lost (A12)', () => {
    const e = (x: Omit<Extract<LogEvent, { kind: 'claim' }>, 'turn' | 'kind'>): LogEvent => ({ kind: 'claim', turn: 1, ...x });
    const events = [e({ seat: 0, tree: 'tree-5-1', owner: 0, acorns: 5 }), e({ seat: 1, tree: 'tree-3-1', owner: 0, acorns: 3 }), e({ seat: 2, tree: 'tree-4-1', owner: 1, acorns: 4 })];
    const alone = acornsStats(events, 4, null);
    expect(alone.map((s) => [s.won, s.lost])).toEqual([[0, 1], [1, 1], [1, 0], [0, 0]]);
    const teams = acornsStats(events, 4, [[0, 1], [2, 3]]);
    expect(teams.map((s) => [s.won, s.lost])).toEqual([[0, 0], [0, 1], [1, 0], [0, 0]]);
    expect(teams.map((s) => s.acorns)).toEqual([5, 3, 4, 0]);
  });
});
