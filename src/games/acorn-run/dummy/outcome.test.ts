import { describe, expect, it } from 'vitest';
import { outcomeLines } from '../../../cli/outcome-text.js';
import { outcomeRewards } from '../../../engine/search.js';
import { endTurn, race, stateOf } from '../scenario.test-helpers.js';
import { acornRun } from '../index.js';
import { totalVp } from '../outcome.js';
import { BUILTIN_TABLES } from '../tables.js';

/** The shipped content's tables. */
const T = BUILTIN_TABLES;

describe('R13 dummies are racers: they are ranked with the seats and can win', () => {
  it('R13: a solo race where the human only ends turns is won by a dummy, and the seat has not won', () => {
    const m = race({}, { seats: 1, seed: 'r13-idle', options: { dummies: 3, difficulty: 'expert' } });
    for (let i = 0; i < 200 && !stateOf(m).over; i++) endTurn(m, 0);
    const s = stateOf(m);
    expect(s.over).toBe(true);
    const o = acornRun.outcome(s)!;
    expect(o.winners).toEqual([]);
    expect(o.scores).toEqual([0]);
    expect(o.ranks[0]).toBeGreaterThan(1);
    expect(o.racers!.map((r) => r.name)).toEqual(['Twinkle', 'Bloom', 'Bolt']);
    const best = Math.max(...o.racers!.map((r) => r.score));
    expect(best).toBeGreaterThan(0);
    expect(o.racers!.find((r) => r.rank === 1)!.score).toBe(best);
    expect(o.stats!.dummyWin).toBe(1);
    // The dummies' totals are race VP plus combo VP, as the state holds them.
    expect(o.racers!.map((r) => r.score)).toEqual([1, 2, 3].map((i) => totalVp(T, s, i)));
    expect(o.racers!.every((r) => /race \+ \d+ combo VP|out of time/.test(r.detail!))).toBe(true);
    // The terminal's results name the dummy as the winner and list every racer.
    const lines = outcomeLines(o, ['Ann']);
    const winner = o.racers!.find((r) => r.rank === 1)!.name;
    expect(lines[0]).toMatch(new RegExp(`^${winner} won\\.`));
    expect(lines.join('\n')).not.toMatch(/Ann won/);
    for (const name of ['Ann', 'Twinkle', 'Bloom', 'Bolt']) expect(lines.join('\n')).toContain(name);
    // Search rewards count the dummies too: a seat beaten by dummies is worth less than a win.
    expect(outcomeRewards(o)[0]).toBeLessThan(0.5);
  });

  it('R13: a seat that outscores every dummy wins; one that is outscored by a dummy ranks below it', () => {
    const m = race({}, { seats: 1, options: { dummies: 2 } });
    const s = stateOf(m);
    // Seat 0 finished second (8) with 3 combo VP; Twinkle first (10) with none; Bloom out of time.
    s.results = [1, 0, null, null, null, null, null, null];
    s.racers.forEach((r) => (r.pos = null));
    s.racers[0]!.place = 1;
    s.racers[1]!.place = 0;
    s.racers[2]!.out = true;
    s.racers[0]!.tokens = [3];
    s.racers[1]!.tokens = [];
    s.over = true;
    let o = acornRun.outcome(s)!;
    expect(o.scores).toEqual([11]);
    expect(o.winners).toEqual([0]);
    expect(o.racers).toEqual([
      { name: 'Twinkle', score: 10, rank: 2, detail: '10 race + 0 combo VP' },
      { name: 'Bloom', score: 0, rank: 3, detail: 'out of time' },
    ]);
    expect(o.details).toEqual(['8 race + 3 combo VP']);
    // R13 tie-break: equal totals go to the racer higher on the results board (the dummy here).
    s.racers[0]!.tokens = [2];
    o = acornRun.outcome(s)!;
    expect(o.winners).toEqual([]);
    expect(o.ranks).toEqual([2]);
    expect(o.racers![0]!.rank).toBe(1);
  });
});
