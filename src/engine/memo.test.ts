import { describe, expect, it } from 'vitest';
import { madeOnce } from './memo.js';

describe('madeOnce', () => {
  it('makes a value once per key object and hands the same one back after', () => {
    const made: object[] = [];
    const sizeOf = madeOnce((key: { cards: number[] }) => {
      made.push(key);
      return { size: key.cards.length };
    });
    const a = { cards: [1, 2, 3] };
    const b = { cards: [1, 2, 3] };
    const first = sizeOf(a);
    expect(sizeOf(a)).toBe(first);
    // An equal but distinct object is another key: two contents alive at once keep their own values.
    expect(sizeOf(b)).not.toBe(first);
    expect(sizeOf(b)).toEqual(first);
    expect(made).toEqual([a, b]);
  });

  it('keeps separate values for each function it makes', () => {
    const key = {};
    const one = madeOnce(() => ({ n: 1 }));
    const two = madeOnce(() => ({ n: 2 }));
    expect([one(key).n, two(key).n, one(key).n]).toEqual([1, 2, 1]);
  });
});
