import { describe, expect, it } from 'vitest';
import { createRng, nextInt } from '../engine/rng.js';
import { MinHeap } from './ready-heap.js';

interface Item {
  at: number;
  charged: number;
  order: number;
}
const before = (a: Item, b: Item): boolean => a.charged < b.charged || (a.charged === b.charged && a.order < b.order);

describe('the ready heap', () => {
  it('always gives the item a walk over all of them would choose (least charged, ties to the older), through pushes, removals and changed charges', () => {
    const rng = createRng('heap');
    const heap = new MinHeap<Item>(before);
    const inHeap = new Set<Item>();
    let made = 0;
    for (let step = 0; step < 5_000; step++) {
      const roll = nextInt(rng, 10);
      const members = [...inHeap];
      if (roll < 4 || members.length === 0) {
        // Few distinct charges, so ties are common.
        const item = { at: -1, charged: nextInt(rng, 8), order: made++ };
        heap.push(item);
        inHeap.add(item);
      } else if (roll < 6) {
        const item = members[nextInt(rng, members.length)]!;
        heap.remove(item);
        inHeap.delete(item);
        expect(item.at).toBe(-1);
      } else if (roll < 8) {
        const item = members[nextInt(rng, members.length)]!;
        item.charged += nextInt(rng, 7) - 3;
        heap.fix(item);
      } else {
        const walked = members.reduce((best, o) => (before(o, best) ? o : best));
        expect(heap.peek()).toBe(walked);
        heap.remove(walked);
        inHeap.delete(walked);
      }
      expect(heap.size).toBe(inHeap.size);
    }
  });
});
