/** Bit sets in a 32-bit integer: the small sets (seats, ranks, piles) games pick from by index. */

/** How many bits of `mask` are set. */
export function bitCount(mask: number): number {
  let n = 0;
  for (let m = mask; m !== 0; m &= m - 1) n++;
  return n;
}

/** The index of the `k`-th set bit of `mask`, lowest first (k = 0 is the lowest). */
export function nthBit(mask: number, k: number): number {
  let m = mask;
  for (let i = 0; i < k; i++) m &= m - 1;
  return 31 - Math.clz32(m & -m);
}
