import { describe, expect, it } from 'vitest';
import { normalCdf, outcomeRewards, projectedRewards, rankRewards, scoreRewards, softRankRewards } from './search.js';
import { createRng, nextFloat, nextInt } from './rng.js';

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

/** softRankRewards as defined: every seat against every other, one normalCdf per ordered pair. */
function softRankByDefinition(totals: readonly number[], lowerIsBetter: boolean, sigma: number, scoreWeight = 0.1): number[] {
  const n = totals.length;
  if (n <= 1) return totals.map(() => 1);
  const spread = sigma * Math.SQRT2;
  const byScore = scoreRewards(totals, lowerIsBetter);
  return totals.map((ti, i) => {
    let ahead = 0;
    for (let j = 0; j < n; j++) {
      if (j === i) continue;
      const margin = lowerIsBetter ? totals[j]! - ti : ti - totals[j]!;
      ahead += spread > 0 ? normalCdf(margin / spread) : margin > 0 ? 1 : margin === 0 ? 0.5 : 0;
    }
    return (1 - scoreWeight) * (ahead / (n - 1)) + scoreWeight * byScore[i]!;
  });
}

describe('soft ranking', () => {
  it('a seat well ahead with a hand to go is worth nearly a win, and level seats share', () => {
    const r = softRankRewards([5, 20, 20], true, 3.6);
    expect(r[0]).toBeGreaterThan(0.95);
    expect(r[1]).toBeCloseTo(r[2]!, 12);
  });

  it('gives exactly the values of every seat against every other (search decisions depend on the last bit)', () => {
    const rng = createRng('soft-rank');
    for (let k = 0; k < 2000; k++) {
      const seats = 2 + nextInt(rng, 7);
      const totals = Array.from({ length: seats }, () => (k % 3 === 0 ? nextInt(rng, 8) : nextFloat(rng) * 100 - 20));
      const sigma = [0, 0.5, 3.6, nextFloat(rng) * 10][k % 4]!;
      const lower = k % 5 < 3;
      const weight = k % 2 ? 0.1 : 0.3;
      expect(softRankRewards(totals, lower, sigma, weight)).toEqual(softRankByDefinition(totals, lower, sigma, weight));
    }
  });
});
