import { describe, expect, it } from 'vitest';
import { shareUnchanged } from './share.js';

describe('shareUnchanged (structural sharing between a state and the next)', () => {
  it('puts the old parts in place of equal new ones and keeps the parts that changed', () => {
    const prev = { deck: [1, 2, 3], hands: [[4], [5, 6]], log: { first: 0, slots: [{ t: 'a' }] }, n: 1 };
    const next = { deck: [1, 2, 3], hands: [[4], [5]], log: { first: 0, slots: [{ t: 'a' }, { t: 'b' }] }, n: 2 };
    const copy = structuredClone(next);
    const out = shareUnchanged(prev, next);
    expect(out).toBe(next); // the state itself stays a new object
    expect(out).toEqual(copy); // and its value is the same
    expect(out.deck).toBe(prev.deck);
    expect(out.hands).not.toBe(prev.hands);
    expect(out.hands[0]).toBe(prev.hands[0]);
    expect(out.hands[1]).not.toBe(prev.hands[1]);
    expect(out.log).not.toBe(prev.log);
    expect(out.log.slots[0]).toBe(prev.log.slots[0]);
    expect(prev).toEqual({ deck: [1, 2, 3], hands: [[4], [5, 6]], log: { first: 0, slots: [{ t: 'a' }] }, n: 1 });
  });

  it('shares a whole list or object only when every part is equal: length, keys and leaves by Object.is', () => {
    const prev = { a: [1, 2], b: { x: 1 }, c: [0], d: [NaN], e: [null], f: { x: 1, y: undefined }, g: { x: 1, y: 2 }, h: [[1], 2] };
    const next = { a: [1, 2, 3], b: { x: 1, y: 2 }, c: [-0], d: [NaN], e: [undefined], f: { x: 1, z: undefined }, g: { x: 1 }, h: [[1]] };
    const out = shareUnchanged(prev, next);
    expect(out.a).not.toBe(prev.a);
    expect(out.b).not.toBe(prev.b);
    expect(Object.is(out.c[0], -0)).toBe(true); // 0 and -0 are not the same leaf
    expect(out.d).toBe(prev.d);
    expect(out.e).not.toBe(prev.e);
    expect(out.f).not.toBe(prev.f);
    expect(Object.keys(out.f)).toEqual(['x', 'z']);
    expect(out.g).not.toBe(prev.g); // fewer keys
    expect(out.h).not.toBe(prev.h); // a shorter list
    expect(out.h[0]).toBe(prev.h[0]);
  });

  it('leaves class instances, typed arrays and lists against objects as they are', () => {
    class Card {
      constructor(readonly n: number) {}
    }
    const prev = { card: new Card(1), bits: new Uint8Array([1]), list: [1], map: new Map([[1, 2]]) };
    const next = { card: new Card(1), bits: new Uint8Array([1]), list: { 0: 1 } as unknown, map: new Map([[1, 2]]) };
    const out = shareUnchanged(prev, next);
    expect(out.card).not.toBe(prev.card);
    expect(out.bits).not.toBe(prev.bits);
    expect(out.list).not.toBe(prev.list);
    expect(out.map).not.toBe(prev.map);
  });

  it('takes anything as the state before: a primitive or another shape changes nothing', () => {
    const next = { a: [1] };
    expect(shareUnchanged(null, next)).toEqual({ a: [1] });
    expect(shareUnchanged(3, next).a).toEqual([1]);
    expect(shareUnchanged([[1]], next).a).toEqual([1]);
  });
});
