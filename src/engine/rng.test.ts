import { describe, expect, it } from 'vitest';
import { createRng, loadWords, nextInt, nextIntIn, nextUint32, shuffle, shuffleByDraws, storeWords } from './rng.js';

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

describe('nextInt', () => {
  /** Lemire's method written out whole (what nextInt's split into a common and a rare path computes). */
  function reference(rng: ReturnType<typeof createRng>, n: number): number {
    if (n === 1) return 0;
    if (n > 0x200000) {
      const limit = 4294967296 - (4294967296 % n);
      for (;;) {
        const x = nextUint32(rng);
        if (x < limit) return x % n;
      }
    }
    const threshold = (4294967296 - n) % n;
    for (;;) {
      const m = nextUint32(rng) * n;
      if (m % 4294967296 >= threshold) return Math.floor(m / 4294967296);
    }
  }

  it('draws what Lemire\'s method draws, rejections and long ranges included', () => {
    // 0x1c0000 rejects about one draw in 4,000 (2^32 mod n is 0.57 n), 3 · 2^30 one in four.
    const sizes = [1, 2, 3, 5, 7, 55, 100, (1 << 20) + 1, 0x1c0000, 0x200000, 0x200001, 3 * 2 ** 30];
    for (const n of sizes) {
      const a = createRng(`int.${n}`);
      const b = createRng(`int.${n}`);
      for (let i = 0; i < 40_000; i++) if (nextInt(a, n) !== reference(b, n)) expect.unreachable(`nextInt(${n}) differs at draw ${i}`);
      expect(a).toEqual(b);
    }
  });

  it('refuses what is not a positive integer', () => {
    for (const n of [0, -1, 2.5, Number.NaN]) expect(() => nextInt(createRng('x'), n)).toThrow(RangeError);
  });
});

describe('nextIntIn', () => {
  it('draws what nextInt draws, from the words loaded into an Int32Array, and stores the same generator back', () => {
    // 0x1c0000 and 2^20 + 1 take the rejection path within the draws; 1 draws nothing.
    for (const n of [1, 2, 3, 6, 31, 55, (1 << 20) + 1, 0x1c0000, 0x200000]) {
      const a = createRng(`in.${n}`);
      const b = createRng(`in.${n}`);
      const words = new Int32Array(4);
      loadWords(a, words);
      for (let i = 0; i < 40_000; i++) if (nextIntIn(words, n) !== nextInt(b, n)) expect.unreachable(`nextIntIn(${n}) differs at draw ${i}`);
      storeWords(words, a);
      expect(a).toEqual(b);
    }
  });
});
