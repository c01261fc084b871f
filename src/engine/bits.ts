/** Bit sets in a 32-bit integer: the small sets (seats, ranks, piles) games pick from by index. */

/** How many bits of `mask` are set. */
export function bitCount(mask: number): number {
  // The parallel count (no loop over the bits): pairs, nibbles, then the bytes summed by a multiply.
  let m = mask - ((mask >>> 1) & 0x55555555);
  m = (m & 0x33333333) + ((m >>> 2) & 0x33333333);
  return Math.imul((m + (m >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24;
}

/** The index of the `k`-th set bit of `mask`, lowest first (k = 0 is the lowest). */
export function nthBit(mask: number, k: number): number {
  let m = mask;
  for (let i = 0; i < k; i++) m &= m - 1;
  return 31 - Math.clz32(m & -m);
}
