import { describe, expect, it } from 'vitest';
import { outcomeRewards, projectedRewards, rankRewards, scoreRewards } from './search.js';

describe('rewards for any number of seats', () => {
  it('first is worth 1, last 0, the rest evenly between', () => {
    expect(rankRewards([2, 1, 4, 3])).toEqual([2 / 3, 1, 0, 1 / 3]);
    expect(rankRewards([1, 2])).toEqual([1, 0]);
  });
  it('a shared win is worth less than an outright one, and the table always sums to n/2', () => {
    const shared = rankRewards([1, 1, 3, 4]);
    expect(shared[0]).toBeCloseTo(5 / 6);
    expect(shared[1]).toBeCloseTo(5 / 6);
    expect(shared.reduce((a, b) => a + b)).toBeCloseTo(2);
    expect(rankRewards([1, 1, 1])).toEqual([0.5, 0.5, 0.5]);
  });
  it('scores scale between the worst and best seat, honouring lower-is-better', () => {
    expect(scoreRewards([10, 20, 15], false)).toEqual([0, 1, 0.5]);
    expect(scoreRewards([10, 20, 15], true)).toEqual([1, 0, 0.5]);
    expect(scoreRewards([3, 3], true)).toEqual([0.5, 0.5]);
  });
  it('blends a little score into the rank reward', () => {
    const r = outcomeRewards({ ranks: [1, 2], scores: [9, 1] }, 0.1);
    expect(r[0]).toBeCloseTo(1);
    expect(r[1]).toBeCloseTo(0);
    const close = outcomeRewards({ ranks: [1, 2, 3], scores: [10, 9, 0] }, 0.1);
    expect(close[1]).toBeGreaterThan(0.5);
  });
  it('ranks projected scores like a finished game (Autumn Leaves: lower is better)', () => {
    const r = projectedRewards([12, 30, 12], true, 0);
    expect(r).toEqual([0.75, 0, 0.75]);
  });
});
