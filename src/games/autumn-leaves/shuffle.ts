/**
 * The engine's Fisher–Yates shuffle (engine/rng.ts `shuffle`: sfc32 draws, Lemire's nextInt),
 * computed with the generator's four words held in local variables and written back once. The
 * draws and the order are exactly the engine's (shuffle.test.ts compares them on many seeds):
 * only the cost differs. Autumn Leaves shuffles the whole deck every hand (L2) and a search
 * shuffles the unseen cards on every determinization, where the engine's per-draw array reads
 * and writes of the generator were most of the time a deal took.
 */
import type { Rng } from '../../engine/rng.js';

const TWO_32 = 4294967296;

/** Shuffles `items` in place exactly as engine/rng.ts `shuffle(rng, items)` does; returns it. */
export function shuffleInPlace<T>(rng: Rng, items: T[]): T[] {
  let a = rng[0] | 0;
  let b = rng[1] | 0;
  let c = rng[2] | 0;
  let d = rng[3] | 0;
  for (let i = items.length - 1; i > 0; i--) {
    const n = i + 1;
    // nextInt(rng, n): one sfc32 draw times n; the high word is the result, the low word decides
    // the rare rejection (Lemire). Products stay below 2^53 (n ≤ 2^21 here), so they are exact.
    let m = 0;
    let low = 0;
    let threshold = -1;
    do {
      const t = (((a + b) | 0) + d) | 0;
      d = (d + 1) | 0;
      a = b ^ (b >>> 9);
      b = (c + (c << 3)) | 0;
      c = (c << 21) | (c >>> 11);
      c = (c + t) | 0;
      m = (t >>> 0) * n;
      low = m >>> 0;
      if (threshold < 0) {
        if (low >= n) break;
        threshold = (TWO_32 - n) % n;
      }
    } while (low < threshold);
    const j = Math.floor(m / TWO_32);
    const tmp = items[i]!;
    items[i] = items[j]!;
    items[j] = tmp;
  }
  rng[0] = a >>> 0;
  rng[1] = b >>> 0;
  rng[2] = c >>> 0;
  rng[3] = d >>> 0;
  return items;
}
