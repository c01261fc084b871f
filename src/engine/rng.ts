/**
 * Seeded pseudo-random numbers: sfc32 (Chris Doty-Humphrey's Small Fast Counting generator),
 * seeded from a string with cyrb128. The generator's state is four plain 32-bit numbers so that
 * it can live inside a game state, be cloned with it and survive a JSON round-trip.
 */
export type Rng = [number, number, number, number];

/** cyrb128: a fast string hash giving four 32-bit words, used to seed sfc32. */
export function hash128(text: string): Rng {
  let h1 = 1779033703;
  let h2 = 3144134277;
  let h3 = 1013904242;
  let h4 = 2773480762;
  for (let i = 0; i < text.length; i++) {
    const k = text.charCodeAt(i);
    h1 = h2 ^ Math.imul(h1 ^ k, 597399067);
    h2 = h3 ^ Math.imul(h2 ^ k, 2869860233);
    h3 = h4 ^ Math.imul(h3 ^ k, 951274213);
    h4 = h1 ^ Math.imul(h4 ^ k, 2716044179);
  }
  h1 = Math.imul(h3 ^ (h1 >>> 18), 597399067);
  h2 = Math.imul(h4 ^ (h2 >>> 22), 2869860233);
  h3 = Math.imul(h1 ^ (h3 >>> 17), 951274213);
  h4 = Math.imul(h2 ^ (h4 >>> 19), 2716044179);
  h1 ^= h2 ^ h3 ^ h4;
  h2 ^= h1;
  h3 ^= h1;
  h4 ^= h1;
  return rngOf(h1 >>> 0, h2 >>> 0, h3 >>> 0, h4 >>> 0);
}

/**
 * A generator's four words in a list V8 keeps as doubles: words of 2^30 and above are not small
 * integers, so a literal of four words is a list of doubles or, when all four happen to be small
 * (one generator in 256), of small integers. Code that draws was then optimized for one kind and
 * thrown away on meeting the other, in the middle of a search (every clone and fork made one).
 */
function rngOf(a: number, b: number, c: number, d: number): Rng {
  const rng: Rng = [0.5, 0.5, 0.5, 0.5];
  rng[0] = a;
  rng[1] = b;
  rng[2] = c;
  rng[3] = d;
  return rng;
}

/** A generator seeded from a string. The same string always gives the same sequence. */
export function createRng(seed: string): Rng {
  const rng = hash128(seed);
  // Warm up: the first outputs of sfc32 from a fresh seed are poorly mixed.
  for (let i = 0; i < 12; i++) nextUint32(rng);
  return rng;
}

/** The next 32-bit unsigned integer; advances the generator in place. */
export function nextUint32(rng: Rng): number {
  let a = rng[0];
  let b = rng[1];
  let c = rng[2];
  let d = rng[3];
  const t = (((a + b) | 0) + d) | 0;
  d = (d + 1) | 0;
  a = b ^ (b >>> 9);
  b = (c + (c << 3)) | 0;
  c = (c << 21) | (c >>> 11);
  c = (c + t) | 0;
  rng[0] = a >>> 0;
  rng[1] = b >>> 0;
  rng[2] = c >>> 0;
  rng[3] = d >>> 0;
  return t >>> 0;
}

/** A float in [0, 1). */
export function nextFloat(rng: Rng): number {
  return nextUint32(rng) / 4294967296;
}

/**
 * An integer in [0, n), every value equally likely. Lemire's multiply-and-reject: one multiply
 * per draw, and a rejection only in the rare draws that would bias the result.
 *
 * The common case (a list's length: 2 ≤ n ≤ 2^21, no rejection) is all this function holds, so
 * that the compiler inlines it where it is drawn from: a random playout draws about 450 times a
 * game, and the call with its checks was some 120 instructions a draw (valgrind). What it returns
 * and draws is what the whole method always did (rng.test.ts).
 */
export function nextInt(rng: Rng, n: number): number {
  if (n >= 2 && n <= 0x200000 && Number.isInteger(n)) {
    const m = nextUint32(rng) * n;
    // A low word of at least n is never rejected (the threshold is below n).
    if (m >>> 0 >= n) return Math.floor(m / 4294967296);
    return lemireRejecting(rng, n, m);
  }
  return nextIntOther(rng, n);
}

/**
 * Lemire's method after a first product `m` whose low word is below n: the rare case where
 * the draw may be rejected (low word below (2^32 − n) mod n) and drawn again.
 */
function lemireRejecting(rng: Rng, n: number, first: number): number {
  // m < 2^53 is a non-negative integer, so `m >>> 0` is m mod 2^32 exactly; V8 compiles `%` by
  // 2^32 on a double to a slow remainder.
  let m = first;
  let low = m >>> 0;
  const threshold = (4294967296 - n) % n;
  while (low < threshold) {
    m = nextUint32(rng) * n;
    low = m >>> 0;
  }
  return Math.floor(m / 4294967296);
}

/** nextInt for n of 1 (no draw), above 2^21, or not a positive integer (an error). */
function nextIntOther(rng: Rng, n: number): number {
  if (!Number.isInteger(n) || n <= 0) throw new RangeError(`nextInt needs a positive integer, got ${n}`);
  if (n === 1) return 0;
  // Products would exceed 2^53: modulo rejection.
  const limit = 4294967296 - (4294967296 % n);
  for (;;) {
    const x = nextUint32(rng);
    if (x < limit) return x % n;
  }
}

/**
 * Fisher–Yates shuffle in place; returns the same array. Each swap draws `nextInt(rng, i + 1)`;
 * the generator's four words are kept in local variables for the whole shuffle and written back
 * once, because the per-draw array reads and writes were most of what a deal cost (Autumn Leaves
 * shuffles its deck every hand, and a search shuffles the unseen cards on every determinization).
 * The draws, the order and the generator afterwards are exactly those of drawing with `nextInt`
 * (rng.test.ts checks it against that loop).
 */
export function shuffle<T>(rng: Rng, items: T[]): T[] {
  // Lemire's products stay exact below 2^53 only for n ≤ 2^21: longer lists draw one by one.
  if (items.length > 0x200000) return shuffleByDraws(rng, items);
  let a = rng[0] | 0;
  let b = rng[1] | 0;
  let c = rng[2] | 0;
  let d = rng[3] | 0;
  for (let i = items.length - 1; i > 0; i--) {
    const n = i + 1;
    // nextInt(rng, n), inlined: one sfc32 draw times n; the high word is the result and the low
    // word decides the rare rejection.
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
        threshold = (4294967296 - n) % n;
      }
    } while (low < threshold);
    const j = Math.floor(m / 4294967296);
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

/** The shuffle drawn with `nextInt` one swap at a time: what `shuffle` computes, for any length. */
export function shuffleByDraws<T>(rng: Rng, items: T[]): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = nextInt(rng, i + 1);
    const tmp = items[i]!;
    items[i] = items[j]!;
    items[j] = tmp;
  }
  return items;
}

/** One element chosen uniformly. */
export function pick<T>(rng: Rng, items: readonly T[]): T {
  if (items.length === 0) throw new RangeError('pick from an empty list');
  return items[nextInt(rng, items.length)]!;
}

/** A new generator derived from this one (advances this one), for independent streams. */
export function forkRng(rng: Rng): Rng {
  const child = rngOf(nextUint32(rng), nextUint32(rng), nextUint32(rng), nextUint32(rng));
  if ((child[0] | child[1] | child[2] | child[3]) === 0) child[3] = 1;
  for (let i = 0; i < 4; i++) nextUint32(child);
  return child;
}

export function cloneRng(rng: Rng): Rng {
  return rngOf(rng[0], rng[1], rng[2], rng[3]);
}

/**
 * A generator's words held in an Int32Array while a hot loop draws from it (a game's dense
 * playout): `nextIntIn` reads and writes them as typed 32-bit words, where the generator itself is
 * a list of doubles. Load with `loadWords`, store back with `storeWords`; the draws are exactly
 * those of `nextInt` on the generator (rng.test.ts). The sfc32 step is written out here as in
 * `shuffle`, for the same reason: Autumn Leaves' dense playout drawing through `nextInt` on the
 * generator measured 47% of the tight loop against 50% this way (4 alternated runs, 2026-11-27).
 */
export function loadWords(rng: Rng, words: Int32Array): void {
  words[0] = rng[0];
  words[1] = rng[1];
  words[2] = rng[2];
  words[3] = rng[3];
}

export function storeWords(words: Int32Array, rng: Rng): void {
  rng[0] = words[0]! >>> 0;
  rng[1] = words[1]! >>> 0;
  rng[2] = words[2]! >>> 0;
  rng[3] = words[3]! >>> 0;
}

/** `nextInt(rng, n)` on words loaded by `loadWords`, for 1 ≤ n ≤ 2^21 (a list's length). */
export function nextIntIn(words: Int32Array, n: number): number {
  if (n === 1) return 0;
  let m = 0;
  let low = 0;
  let threshold = -1;
  do {
    const a = words[0]!;
    const b = words[1]!;
    const c = words[2]!;
    const d = words[3]!;
    const t = (((a + b) | 0) + d) | 0;
    words[3] = (d + 1) | 0;
    words[0] = b ^ (b >>> 9);
    words[1] = (c + (c << 3)) | 0;
    words[2] = (((c << 21) | (c >>> 11)) + t) | 0;
    m = (t >>> 0) * n;
    low = m >>> 0;
    if (threshold < 0) {
      if (low >= n) break;
      threshold = (4294967296 - n) % n;
    }
  } while (low < threshold);
  return Math.floor(m / 4294967296);
}
