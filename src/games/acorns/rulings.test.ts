/** Scenario tests for rulings A1–A5 (A6–A11 in claims.test.ts, A12 in partners.test.ts). */
import { describe, expect, it } from 'vitest';
import { createMatch } from '../../engine/match.js';
import { ACORNS_CONTENT, validateContent } from './content/index.js';
import { BUILTIN_TABLES } from './tables.js';
import { acorns } from './index.js';
import { act, arrangeDeal, startScenario, stateOf, view, legal, why, tree, sq, DRAW } from './scenario.js';
import type { Match } from '../../engine/match.js';

describe('A1 deck', () => {
  it('A1: 78 cards — 25 trees worth 100 acorns, 12 squirrel cards per color, 4 foxes, 1 turtle', () => {
    expect(BUILTIN_TABLES.cards).toHaveLength(78);
    expect(new Set(BUILTIN_TABLES.ids).size).toBe(78);
    const trees = BUILTIN_TABLES.cards.flatMap((c) => (c.kind === 'tree' ? [c.acorns] : []));
    expect(trees).toHaveLength(25);
    expect(trees.reduce((a, b) => a + b, 0)).toBe(100);
    const byValue = Object.fromEntries([2, 3, 4, 5, 6, 7, 8].map((v) => [v, trees.filter((t) => t === v).length]));
    expect(byValue).toEqual({ 2: 5, 3: 6, 4: 5, 5: 5, 6: 2, 7: 1, 8: 1 });
    for (const color of ['blue', 'green', 'red', 'yellow']) {
      const cards = BUILTIN_TABLES.cards.filter((c) => c.kind === 'squirrel' && c.color === color);
      expect(cards).toHaveLength(12);
      const counts = [1, 2, 3].map((n) => cards.filter((c) => c.kind === 'squirrel' && c.squirrels === n).length);
      expect(counts).toEqual([5, 4, 3]);
      expect(BUILTIN_TABLES.ids).toContain(`fox-${color}`);
    }
    expect(BUILTIN_TABLES.cards.filter((c) => c.kind === 'fox')).toHaveLength(4);
    expect(BUILTIN_TABLES.cards.filter((c) => c.kind === 'turtle')).toHaveLength(1);
  });

  it('A1: card ids are stable and readable', () => {
    expect(BUILTIN_TABLES.ids).toEqual(expect.arrayContaining(['tree-2-5', 'tree-5-2', 'tree-8-1', 'squirrel-red-3-1', 'squirrel-blue-1-5', 'fox-blue', 'turtle']));
    expect(BUILTIN_TABLES.ids).not.toContain('tree-8-2');
    expect(BUILTIN_TABLES.ids).not.toContain('squirrel-red-3-4');
    expect(BUILTIN_TABLES.ids[0]).toBe('tree-2-1');
  });

  it('A1: content is validated when it loads', () => {
    expect(validateContent(ACORNS_CONTENT).trees).toHaveLength(7);
    expect(() => validateContent({ ...ACORNS_CONTENT, trees: [{ acorns: 2, count: 0 }] })).toThrow(/trees\.0\.count/);
    expect(() => validateContent({ ...ACORNS_CONTENT, trees: [{ acorns: 2, count: 1 }, { acorns: 2, count: 3 }] })).toThrow(/listed twice/);
    expect(() => validateContent({ ...ACORNS_CONTENT, handSize: 'six' })).toThrow(/handSize/);
  });
});

describe('A2 setup', () => {
  it('A2: 2 to 8 players', () => {
    for (const seats of [1, 9]) expect(createMatch(acorns, { seats, seed: 's' }).ok).toBe(false);
    for (const seats of [2, 8]) expect(createMatch(acorns, { seats, seed: 's' }).ok).toBe(true);
  });

  it('A2: six cards each, the rest is the draw pile, and the seat after the dealer starts', () => {
    for (let seats = 2; seats <= 8; seats++) {
      const state = acorns.setup({ seats, seed: `deal-${seats}`, options: { partners: false } });
      const v = acorns.view(state, 'spectator');
      expect(v.handSizes).toEqual(Array(seats).fill(6));
      expect(v.drawPile).toBe(78 - 6 * seats);
      expect(v.turn).toBe((v.dealer + 1) % seats);
    }
  });

  it('A2: the dealer is drawn by the seed', () => {
    const dealer = (seed: string) => acorns.setup({ seats: 5, seed, options: { partners: false } }).dealer;
    expect(dealer('same')).toBe(dealer('same'));
    expect(new Set(Array.from({ length: 40 }, (_, i) => dealer(`seed-${i}`))).size).toBe(5);
  });

  it('A2: an arrangement fixes the deck (top first) and the dealer; hands are dealt from the seat after the dealer', () => {
    const arrangement = arrangeDeal({ seats: 3, dealer: 1, hands: [[], [], ['tree-8-1', 'turtle']], drawTop: ['fox-red'] });
    const m = startScenario({ seats: 3, dealer: 1, hands: [[], [], ['tree-8-1', 'turtle']], drawTop: ['fox-red'] });
    expect(view(m, 2).turn).toBe(2);
    expect(view(m, 2).hand).toEqual(expect.arrayContaining(['tree-8-1', 'turtle']));
    expect(arrangement.deck.slice(0, 6)).toEqual(expect.arrayContaining(['tree-8-1', 'turtle']));
    act(m, 2, DRAW);
    expect(view(m, 2).hand).toContain('fox-red');
  });

  it('A2: play goes on in seat order', () => {
    const m = startScenario({ seats: 4, dealer: 1 });
    const order: number[] = [];
    for (let i = 0; i < 6; i++) {
      const seat = acorns.toAct(stateOf(m))[0]!;
      order.push(seat);
      act(m, seat, DRAW);
    }
    expect(order).toEqual([2, 3, 0, 1, 2, 3]);
  });

  it('A2: an arrangement must be the whole deck once, with a real dealer', () => {
    const deck = [...BUILTIN_TABLES.ids];
    const bad = (arrangement: unknown) => {
      const r = acorns.parseArrangement(arrangement, 3, { partners: false });
      return r.ok ? 'accepted' : r.error.message;
    };
    expect(bad({ deck, dealer: 2 })).toBe('accepted');
    expect(bad({ deck: deck.slice(1) })).toMatch(/missing 1: tree-2-1/);
    expect(bad({ deck: [...deck.slice(1), 'tree-2-2'] })).toMatch(/more than once: tree-2-2/);
    expect(bad({ deck: [...deck.slice(1), 'tree-9-1'] })).toMatch(/do not exist: tree-9-1/);
    expect(bad({ dealer: 3 })).toMatch(/dealer must be a seat from 0 to 2/);
    expect(bad({ order: deck })).toMatch(/arrangement/);
  });
});

/** Everyone draws until the draw pile is empty (no hand is ever emptied by drawing). */
function drawPileOut(m: Match): void {
  while (stateOf(m).draw.length > 0) act(m, stateOf(m).turn, DRAW);
}

describe('A3 a turn', () => {
  it('A3: one action per turn, then the next seat; drawing only while the draw pile has cards', () => {
    const m = startScenario({ seats: 2, hands: [['tree-5-1']] });
    expect(legal(m, 0)[0]).toEqual(DRAW);
    act(m, 0, { type: 'plant', card: 'tree-5-1' });
    expect(acorns.toAct(stateOf(m))).toEqual([1]);
    expect(legal(m, 0)).toEqual([]);
    drawPileOut(m);
    const seat = stateOf(m).turn;
    expect(legal(m, seat)).not.toContainEqual(DRAW);
    expect(why(m, seat, DRAW)).toBe('the draw pile is empty: play a card, or discard one that is not a tree');
  });

  it('A3: discarding only once the draw pile is empty, and never a tree', () => {
    const m = startScenario({ seats: 2, hands: [['tree-5-1', 'squirrel-red-3-1']] });
    expect(legal(m, 0).some((a) => a.type === 'discard')).toBe(false);
    expect(why(m, 0, { type: 'discard', card: 'squirrel-red-3-1' })).toBe('you may discard only once the draw pile is empty');
    drawPileOut(m);
    const discards = legal(m, 0).filter((a) => a.type === 'discard');
    expect(discards).toContainEqual({ type: 'discard', card: 'squirrel-red-3-1' });
    expect(discards.some((a) => a.type === 'discard' && a.card.startsWith('tree'))).toBe(false);
    expect(why(m, 0, { type: 'discard', card: 'tree-5-1' })).toBe('trees are never discarded: plant tree-5-1 instead');
    act(m, 0, { type: 'discard', card: 'squirrel-red-3-1' });
    expect(view(m, 1).box).toEqual(['squirrel-red-3-1']);
  });

  it('A3: passing only when nothing else is legal', () => {
    const m = startScenario({ seats: 3 });
    expect(legal(m, 0)).not.toContainEqual({ type: 'pass' });
    expect(why(m, 0, { type: 'pass' })).toBe('you may pass only when nothing else is legal, and you can draw a card');
  });

  it('A3: identical cards are offered once, lowest number first', () => {
    const m = startScenario({
      seats: 2,
      hands: [['tree-5-1', 'tree-5-3', 'squirrel-red-1-2', 'squirrel-red-1-4'], ['squirrel-green-1-1']],
    });
    expect(legal(m, 0).filter((a) => a.type === 'plant')).toEqual([{ type: 'plant', card: 'tree-5-1' }]);
    expect(why(m, 0, { type: 'plant', card: 'tree-5-3' })).toBe(
      'tree-5-3 and tree-5-1 are the same card; identical cards are played lowest number first, so use tree-5-1',
    );
    act(m, 0, { type: 'plant', card: 'tree-5-1' });
    expect(why(m, 0, DRAW)).toBe('it is not your turn: seat 1 is to act');
    act(m, 1, sq('squirrel-green-1-1', 'tree-5-1'));
    const plays = legal(m, 0).filter((a) => a.type !== 'draw');
    expect(plays).toContainEqual({ type: 'plant', card: 'tree-5-3' });
    expect(plays).toContainEqual(sq('squirrel-red-1-2', 'tree-5-1'));
    expect(plays).not.toContainEqual(sq('squirrel-red-1-4', 'tree-5-1'));
    expect(why(m, 0, sq('squirrel-red-1-4', 'tree-5-1'))).toBe(
      'squirrel-red-1-4 and squirrel-red-1-2 are the same card; identical cards are played lowest number first, so use squirrel-red-1-2',
    );
  });
});

describe('A4 groups', () => {
  // Seat 0 plants; red (seat 1), blue (seat 2) and green (seat 0, the owner) tie at 2.
  const start = () => {
    const m = startScenario({
      seats: 3,
      hands: [
        ['tree-5-1', 'squirrel-green-2-1', 'squirrel-red-2-2'],
        ['squirrel-red-2-1', 'squirrel-red-1-1', 'squirrel-blue-3-1', 'squirrel-yellow-1-1'],
        ['squirrel-blue-2-1', 'squirrel-red-1-2'],
      ],
    });
    act(m, 0, { type: 'plant', card: 'tree-5-1' });
    return m;
  };

  it('A4: the first group may be any color; a new group must be a color not yet there', () => {
    const m = start();
    const first = legal(m, 1).filter((a) => a.type === 'squirrel');
    expect(first.map((a) => (a.type === 'squirrel' ? a.card : ''))).toEqual(
      expect.arrayContaining(['squirrel-blue-3-1', 'squirrel-red-1-1', 'squirrel-red-2-1', 'squirrel-yellow-1-1']),
    );
    act(m, 1, sq('squirrel-red-2-1', 'tree-5-1'));
    expect(why(m, 2, sq('squirrel-red-1-2', 'tree-5-1'))).toBe(
      'the red group on tree-5-1 belongs to seat 1; a new group on tree-5-1 must be a color not yet there: red is taken',
    );
    act(m, 2, sq('squirrel-blue-2-1', 'tree-5-1'));
    expect(why(m, 0, sq('squirrel-red-2-2', 'tree-5-1'))).toBe(
      'the red group on tree-5-1 belongs to seat 1; a new group on tree-5-1 must be a color not yet there: red and blue are taken',
    );
  });

  it("A4: the tree's owner may surround it too; one group per player, strengthened only in its color", () => {
    const m = start();
    act(m, 1, sq('squirrel-red-2-1', 'tree-5-1'));
    act(m, 2, sq('squirrel-blue-2-1', 'tree-5-1'));
    act(m, 0, sq('squirrel-green-2-1', 'tree-5-1'));
    expect(tree(m, 'tree-5-1')!.leaders).toEqual([]); // A6: a three-way tie at 2
    expect(why(m, 1, sq('squirrel-yellow-1-1', 'tree-5-1'))).toBe(
      'you already have the red group on tree-5-1, and strengthen it only with red squirrels',
    );
    expect(legal(m, 1).filter((a) => a.type === 'squirrel')).toEqual([sq('squirrel-red-1-1', 'tree-5-1')]);
    act(m, 1, sq('squirrel-red-1-1', 'tree-5-1'));
    const t = tree(m, 'tree-5-1')!;
    expect(t.groups).toEqual([
      { color: 'red', owners: [1], cards: ['squirrel-red-2-1', 'squirrel-red-1-1'], total: 3 },
      { color: 'blue', owners: [2], cards: ['squirrel-blue-2-1'], total: 2 },
      { color: 'green', owners: [0], cards: ['squirrel-green-2-1'], total: 2 },
    ]);
    expect(t.leaders).toEqual([1]);
  });
});

describe('A5 fox and turtle', () => {
  const start = () => {
    const m = startScenario({
      seats: 3,
      hands: [
        ['tree-6-1', 'tree-2-1', 'turtle'],
        ['squirrel-red-3-1', 'fox-red', 'fox-blue', 'squirrel-green-1-1'],
        ['squirrel-blue-3-1'],
      ],
    });
    act(m, 0, { type: 'plant', card: 'tree-6-1' });
    return m;
  };

  it('A5: a fox goes only on your own group of its color', () => {
    const m = start();
    expect(legal(m, 1).some((a) => a.type === 'fox')).toBe(false);
    expect(why(m, 1, { type: 'fox', card: 'fox-red', tree: 'tree-6-1' })).toBe(
      'a fox goes on your own group of its color, and you have no red group on tree-6-1',
    );
    act(m, 1, sq('squirrel-red-3-1', 'tree-6-1'));
    act(m, 2, sq('squirrel-blue-3-1', 'tree-6-1'));
    act(m, 0, DRAW);
    // Seat 1 and seat 2 tie at 3, so nobody claimed; seat 1 may fox its red group only.
    expect(legal(m, 1).filter((a) => a.type === 'fox')).toEqual([{ type: 'fox', card: 'fox-red', tree: 'tree-6-1' }]);
    expect(why(m, 1, { type: 'fox', card: 'fox-blue', tree: 'tree-6-1' })).toBe(
      'a fox goes on your own group of its color, and you have no blue group on tree-6-1',
    );
  });

  it('A5: the turtle goes on your own tree and needs no squirrels of yours', () => {
    const m = startScenario({
      seats: 3,
      hands: [['tree-6-1', 'turtle'], ['squirrel-red-3-1'], ['tree-3-1']],
    });
    act(m, 0, { type: 'plant', card: 'tree-6-1' });
    act(m, 1, sq('squirrel-red-3-1', 'tree-6-1'));
    act(m, 2, { type: 'plant', card: 'tree-3-1' });
    expect(legal(m, 0).filter((a) => a.type === 'turtle')).toEqual([{ type: 'turtle', tree: 'tree-6-1' }]);
    expect(why(m, 0, { type: 'turtle', tree: 'tree-3-1' })).toBe(
      'the turtle defends only your own trees, and tree-3-1 was planted by seat 2',
    );
    act(m, 0, { type: 'turtle', tree: 'tree-6-1' });
    expect(tree(m, 'tree-6-1')!.leaders).toEqual([0]);
    expect(tree(m, 'tree-6-1')!.guards).toEqual([{ card: 'turtle', seat: 0 }]);
  });
});
