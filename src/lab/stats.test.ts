import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { clampInterval, COUNT_RANGE, meanWithInterval, pairedShareDifference, proportionDifference, wilsonInterval } from './stats.js';

/** 0/1 pairs (base, variant) making Newcombe's paired 2×2 table: a both, b variant only, c base only, d neither. */
const table = (a: number, b: number, c: number, d: number): [number, number][] => [
  ...Array.from({ length: a }, (): [number, number] => [1, 1]),
  ...Array.from({ length: b }, (): [number, number] => [0, 1]),
  ...Array.from({ length: c }, (): [number, number] => [1, 0]),
  ...Array.from({ length: d }, (): [number, number] => [0, 0]),
];

const close = (got: readonly number[], want: readonly number[]): void => got.forEach((g, i) => expect(g).toBeCloseTo(want[i]!, 4));

describe('published reference values', () => {
  it('Wilson score interval: Newcombe (1998a, Stat Med 17:857) Table I, method 3', () => {
    close(wilsonInterval(81, 263), [0.2553, 0.3662]);
    close(wilsonInterval(15, 148), [0.0624, 0.1605]);
    close(wilsonInterval(0, 20), [0, 0.1611]);
    close(wilsonInterval(1, 29), [0.0061, 0.1718]);
  });

  it('Newcombe hybrid score (method 10) for independent shares', () => {
    // Newcombe (1998b, Stat Med 17:873) Table II, examples (a) and (b).
    close(proportionDifference(56, 70, 48, 80).interval, [0.0524, 0.3339]);
    close(proportionDifference(9, 10, 3, 10).interval, [0.1705, 0.809]);
    // Fagerland, Lydersen & Laake (2017) ch. 4, Perondi et al. 2004: 7/34 − 1/34.
    close(proportionDifference(7, 34, 1, 34).interval, [0.0189, 0.3404]);
  });

  it("Newcombe's paired square-and-add (1998c, Stat Med 17:2635, method 10)", () => {
    // Fagerland, Lydersen & Laake (2017) ch. 8, Cavo et al. 2012: table [[59, 6], [16, 80]],
    // p1 = 65/161 (row), p2 = 75/161 (column): −0.0621 (−0.1186 to −0.0046).
    // Here p1 is the variant's share: variant-only cells are b = 6, base-only c = 16.
    const d = pairedShareDifference(table(59, 6, 16, 80));
    expect(d.mean).toBeCloseTo(-0.0621, 4);
    close(d.interval, [-0.1186, -0.0046]);
  });
});

describe('intervals stay in range and hold the estimate', () => {
  const share = fc.double({ min: 0, max: 1, noNaN: true });
  it('paired share differences: inside [−1, 1], around the mean, for any pairs of shares', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(share, share), { minLength: 1, maxLength: 60 }), (pairs) => {
        const d = pairedShareDifference(pairs);
        expect(d.interval[0]).toBeGreaterThanOrEqual(-1);
        expect(d.interval[1]).toBeLessThanOrEqual(1);
        expect(d.interval[0]).toBeLessThanOrEqual(d.mean + 1e-12);
        expect(d.interval[1]).toBeGreaterThanOrEqual(d.mean - 1e-12);
      }),
    );
  });

  it('the case the issue saw: 4 deals where the variant lost 3 the base won stays above −100%', () => {
    const d = pairedShareDifference([[1, 0], [1, 0], [1, 0], [0, 0]]);
    expect(d.mean).toBeCloseTo(-0.75);
    expect(d.interval[0]).toBeGreaterThanOrEqual(-1);
    expect(d.interval[0]).toBeLessThan(-0.75);
    expect(d.interval[1]).toBeGreaterThan(-0.75);
  });

  it('Wilson and Newcombe (independent): inside their ranges, around the estimate', () => {
    const count = fc.integer({ min: 1, max: 200 }).chain((n) => fc.tuple(fc.integer({ min: 0, max: n }), fc.constant(n)));
    fc.assert(
      fc.property(count, count, ([x1, n1], [x2, n2]) => {
        const [l, u] = wilsonInterval(x1, n1);
        expect(l).toBeGreaterThanOrEqual(0);
        expect(u).toBeLessThanOrEqual(1);
        expect(l).toBeLessThanOrEqual(x1 / n1 + 1e-12);
        expect(u).toBeGreaterThanOrEqual(x1 / n1 - 1e-12);
        const d = proportionDifference(x1, n1, x2, n2);
        expect(d.interval[0]).toBeGreaterThanOrEqual(-1);
        expect(d.interval[1]).toBeLessThanOrEqual(1);
        expect(d.interval[0]).toBeLessThanOrEqual(d.mean + 1e-12);
        expect(d.interval[1]).toBeGreaterThanOrEqual(d.mean - 1e-12);
      }),
    );
  });

  it('means of counts never reach below 0, and hold the mean', () => {
    fc.assert(
      fc.property(fc.array(fc.nat({ max: 20 }), { minLength: 1, maxLength: 50 }), (values) => {
        const m = meanWithInterval(values, undefined, COUNT_RANGE);
        expect(m.interval[0]).toBeGreaterThanOrEqual(0);
        expect(m.interval[0]).toBeLessThanOrEqual(m.mean + 1e-12);
        expect(m.interval[1]).toBeGreaterThanOrEqual(m.mean - 1e-12);
      }),
    );
    // One copy bought in 40 seat-games: the normal interval would reach −0.024.
    const rare = meanWithInterval([1, ...Array.from({ length: 39 }, () => 0)], undefined, COUNT_RANGE);
    expect(rare.interval[0]).toBe(0);
    expect(rare.interval[1]).toBeCloseTo(0.025 + (1.96 * Math.sqrt(0.025)) / Math.sqrt(40), 2);
  });

  it('clampInterval cuts to the range and keeps an inside interval as it is', () => {
    expect(clampInterval([-0.2, 0.4], [0, 1])).toEqual([0, 0.4]);
    expect(clampInterval([0.1, 0.4], [0, 1])).toEqual([0.1, 0.4]);
  });
});
