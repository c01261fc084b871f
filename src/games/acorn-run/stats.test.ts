/** Acorn Run's end-of-game figures agree with the race's end state (issue 25). */
import { describe, expect, it } from 'vitest';
import type { AnyGame } from '../../engine/game.js';
import { allEvents } from '../../engine/stats.js';
import { playedViews } from '../../engine/stats.test-helpers.js';
import type { RunEvent } from './events.js';
import { acornRun } from './index.js';
import { narratorFor } from './narrate.js';
import type { State } from './state.js';
import { raceStats, raceStatsTable } from './stats.js';
import { BUILTIN_TABLES } from './tables.js';

describe('Acorn Run statistics', () => {
  it.each([
    [2, {}, 'stats-a'],
    [1, { dummies: 3 }, 'stats-b'],
    [4, {}, 'stats-c'],
  ])('%i seats %j: combo VP, acorns and finishing rounds match the end of the race', (seats, options, seed) => {
    const { state, first, views } = playedViews(acornRun as unknown as AnyGame, seats, seed, options);
    const end = state as State;
    const start = first as State;
    const { events, missed } = allEvents(narratorFor(BUILTIN_TABLES), views);
    expect(missed).toBe(0);
    const run = events as RunEvent[];
    const stats = raceStats(run, end.racers.length);
    let combos = 0;
    for (const [i, r] of end.racers.entries()) {
      const s = stats[i]!;
      // R7: the tokens won are the tokens held, and what they were worth is what the race-over told.
      expect(s.tokens).toBe(r.tokens.length);
      expect(s.comboVp).toBe(r.tokens.reduce((a, b) => a + b, 0));
      // R9: the acorns a racer started with and gathered, less those spent, are what is left.
      expect(start.racers[i]!.acorns + s.acornsGathered - s.acornsSpent).toBe(r.acorns);
      // R12: whoever took a results space finished in a round of the race.
      if (r.place !== null && !r.out) expect(s.finishedRound).toBeGreaterThanOrEqual(1);
      else expect(s.finishedRound).toBeNull();
      expect(s.finishedRound ?? 0).toBeLessThanOrEqual(end.round);
      combos += s.combos;
    }
    expect(combos).toBe(run.filter((e) => e.kind === 'jump' && e.cards.length >= 2).length);
    const table = raceStatsTable(stats, end.racers, Array.from({ length: seats }, (_, i) => `P${i + 1}`));
    expect(table.rows).toHaveLength(end.racers.length);
    expect(table.rows.every((row) => row.cells.length === table.columns.length)).toBe(true);
    const dummies = 'dummies' in options ? options.dummies : 0;
    expect(table.rows.filter((row) => row.name.endsWith('(dummy)'))).toHaveLength(dummies);
  });
});
