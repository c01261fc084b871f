import { describe, expect, it } from 'vitest';
import { createRng, nextUint32, shuffle, shuffleByDraws } from './rng.js';

describe('shuffle', () => {
  it('deals exactly the nextInt draw loop: the same order and the same generator afterwards', () => {
    for (let k = 0; k < 400; k++) {
      const length = k % 70;
      const items = Array.from({ length }, (_, i) => i);
      const a = createRng(`shuffle.${k}`);
      const b = createRng(`shuffle.${k}`);
      // Advance both by a varying amount first, so the words cover every range.
      for (let i = 0; i < k % 5; i++) {
        nextUint32(a);
        nextUint32(b);
      }
      expect(shuffle(a, items.slice())).toEqual(shuffleByDraws(b, items.slice()));
      expect(a).toEqual(b);
    }
  });

  it('takes the rejection path as nextInt does (a length just past a power of two)', () => {
    // n = 2^20 + 1 rejects often enough to be seen within a few thousand draws.
    const items = Array.from({ length: (1 << 20) + 1 }, (_, i) => i);
    const a = createRng('big');
    const b = createRng('big');
    expect(shuffle(a, items.slice())).toEqual(shuffleByDraws(b, items.slice()));
    expect(a).toEqual(b);
  });
});
