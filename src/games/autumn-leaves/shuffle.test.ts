import { describe, expect, it } from 'vitest';
import { createRng, nextUint32, shuffle } from '../../engine/rng.js';
import { shuffleInPlace } from './shuffle.js';

describe('Autumn Leaves shuffle', () => {
  it('deals exactly the engine shuffle: the same order and the same generator afterwards', () => {
    for (let k = 0; k < 400; k++) {
      const length = k % 70;
      const items = Array.from({ length }, (_, i) => i);
      const a = createRng(`shuffle.${k}`);
      const b = createRng(`shuffle.${k}`);
      // Advance one of each pair by a varying amount first, so the words cover every range.
      for (let i = 0; i < k % 5; i++) {
        nextUint32(a);
        nextUint32(b);
      }
      expect(shuffleInPlace(a, items.slice())).toEqual(shuffle(b, items.slice()));
      expect(a).toEqual(b);
    }
  });

  it('takes the rejection path as the engine does (lengths near a power of two)', () => {
    // n = 2^20 + 1 rejects often enough to be seen within a few thousand draws.
    const items = Array.from({ length: (1 << 20) + 1 }, (_, i) => i);
    const a = createRng('big');
    const b = createRng('big');
    expect(shuffleInPlace(a, items.slice())).toEqual(shuffle(b, items.slice()));
    expect(a).toEqual(b);
  });
});
