import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { createRng, nextFloat, nextInt, nextUint32, shuffle, forkRng } from './rng.js';
import { canonicalJson, stableHash } from './hash.js';
import { rankScores } from './outcome.js';

describe('rng', () => {
  it('the same seed gives the same sequence; different seeds differ', () => {
    const a = createRng('acorn');
    const b = createRng('acorn');
    const c = createRng('acorm');
    const sa = Array.from({ length: 20 }, () => nextUint32(a));
    const sb = Array.from({ length: 20 }, () => nextUint32(b));
    const sc = Array.from({ length: 20 }, () => nextUint32(c));
    expect(sa).toEqual(sb);
    expect(sa).not.toEqual(sc);
  });

  it('its state is plain numbers that survive JSON', () => {
    const a = createRng('x');
    nextUint32(a);
    const b = JSON.parse(JSON.stringify(a));
    expect(nextUint32(b)).toBe(nextUint32(a));
  });

  it('nextInt stays in range and covers every value (property)', () => {
    fc.assert(
      fc.property(fc.string(), fc.integer({ min: 1, max: 60 }), (seed, n) => {
        const rng = createRng(seed || 's');
        const seen = new Set<number>();
        for (let i = 0; i < n * 40; i++) {
          const x = nextInt(rng, n);
          expect(x).toBeGreaterThanOrEqual(0);
          expect(x).toBeLessThan(n);
          seen.add(x);
        }
        expect(seen.size).toBe(n);
      }),
      { numRuns: 50 },
    );
  });

  it('is roughly uniform', () => {
    const rng = createRng('uniform');
    const buckets = new Array(10).fill(0);
    for (let i = 0; i < 100_000; i++) buckets[Math.floor(nextFloat(rng) * 10)]++;
    for (const b of buckets) expect(Math.abs(b - 10_000)).toBeLessThan(500);
  });

  it('shuffle is a permutation', () => {
    fc.assert(
      fc.property(fc.array(fc.integer()), fc.string(), (items, seed) => {
        const shuffled = shuffle(createRng(seed || 's'), [...items]);
        expect([...shuffled].sort()).toEqual([...items].sort());
      }),
    );
  });

  it('handles ranges too wide for the multiply path', () => {
    const rng = createRng('wide');
    for (let i = 0; i < 1000; i++) {
      const x = nextInt(rng, 2 ** 31 + 11);
      expect(x).toBeGreaterThanOrEqual(0);
      expect(x).toBeLessThan(2 ** 31 + 11);
    }
  });

  it('refuses a non-positive range', () => {
    expect(() => nextInt(createRng('x'), 0)).toThrow(/positive/);
  });

  it('forks independent streams', () => {
    const parent = createRng('p');
    const child = forkRng(parent);
    expect(nextUint32(child)).not.toBe(nextUint32(parent));
  });
});

describe('hash', () => {
  it('ignores key order and sees every value', () => {
    expect(canonicalJson({ b: 1, a: [1, { d: 2, c: 3 }] })).toBe('{"a":[1,{"c":3,"d":2}],"b":1}');
    expect(stableHash({ a: 1, b: 2 })).toBe(stableHash({ b: 2, a: 1 }));
    expect(stableHash({ a: 1, b: 2 })).not.toBe(stableHash({ a: 1, b: 3 }));
    expect(stableHash([1, 2])).toMatch(/^[0-9a-f]{32}$/);
  });
});

describe('rankScores', () => {
  it('shares ranks on equal scores and skips the next rank', () => {
    expect(rankScores([5, 9, 5, 2], false)).toEqual({ ranks: [2, 1, 2, 4], winners: [1] });
    expect(rankScores([3, 3, 7], true)).toEqual({ ranks: [1, 1, 3], winners: [0, 1] });
  });
  it('applies a tie-break', () => {
    expect(rankScores([4, 4, 1], false, [1, 0, 2])).toEqual({ ranks: [2, 1, 3], winners: [1] });
  });
});
