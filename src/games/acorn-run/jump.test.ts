import { describe, expect, it } from 'vitest';
import { comboReward } from './jump.js';
import { at, card, FILLER, isLegal, legal, must, posName, race, stateOf } from './scenario.test-helpers.js';
import { BUILTIN_TABLES } from './tables.js';

/** The shipped content's tables. */
const T = BUILTIN_TABLES;

const CHAIN6 = ['s-green-y', 's-yellow-r', 's-red-g', 's-green-r', 's-red-y', 's-yellow'];

function combo(m: ReturnType<typeof race>, ids: string[]): void {
  must(m, { type: 'jump' });
  for (const id of ids) must(m, { type: 'add', card: card(m, id) });
}

describe('Acorn Run jumps', () => {
  it('R5: a single card of any kind jumps without a combo, to the lower lane only', () => {
    const m = race({ positions: ['t0.y.jump'], decks: [['small-acorn', ...CHAIN6.slice(0, 5), ...FILLER]] });
    must(m, { type: 'jump' });
    must(m, { type: 'add', card: card(m, 'small-acorn') });
    expect(legal(m).filter((a) => a.type === 'add')).toEqual([]);
    expect(isLegal(m, { type: 'land', to: at('t1.y2.0') })).toBe(false);
    must(m, { type: 'land', to: at('t1.y1.0') });
    expect(posName(m)).toBe('t1.y1.0');
    expect(stateOf(m).racers[0]!.tokens).toEqual([]);
    expect(stateOf(m).racers[0]!.acorns).toBe(0);
  });

  it('R5: each combo card must match a combo symbol of the card before it', () => {
    const m = race({ positions: ['t0.y.jump'], decks: [[...CHAIN6, ...FILLER]] });
    combo(m, ['s-yellow-r']);
    const adds = legal(m).flatMap((a) => (a.type === 'add' ? [a.card] : []));
    expect(adds).toEqual([card(m, 's-red-g'), card(m, 's-red-y')].sort((a, b) => a - b));
    expect(isLegal(m, { type: 'add', card: card(m, 's-green-y') })).toBe(false);
  });

  it('R5: a combo may land in either lane of the zone on the next tree and pays its reward', () => {
    const m = race({ positions: ['t0.y.jump'], decks: [[...CHAIN6, ...FILLER]], tokens: [3, 1] });
    combo(m, ['s-yellow-r', 's-red-g', 's-green-y']);
    expect(isLegal(m, { type: 'land', to: at('t1.y1.0') })).toBe(true);
    must(m, { type: 'land', to: at('t1.y2.0') });
    // 3 cards: 1 combo VP + 1 acorn.
    expect(stateOf(m).racers[0]!.tokens).toEqual([3]);
    expect(stateOf(m).racers[0]!.acorns).toBe(1);
    expect(stateOf(m).turn.played.length).toBe(3);
  });

  it('R5: a six-card combo pays 4 combo VP and 2 acorns', () => {
    const m = race({ positions: ['t0.g.jump'], decks: [[...CHAIN6, ...FILLER]], tokens: [1, 2, 3, 1, 2] });
    combo(m, CHAIN6);
    must(m, { type: 'land', to: at('t1.g2.0') });
    expect(stateOf(m).racers[0]!.tokens).toEqual([1, 2, 3, 1]);
    expect(stateOf(m).racers[0]!.acorns).toBe(2);
  });

  it('R5: the reward table: 2 cards 1 acorn; 3: 1 VP + 1; 4: 2 + 1; 5: 3 + 2; 6: 4 + 2', () => {
    expect([2, 3, 4, 5, 6].map((n) => comboReward(T, n))).toEqual([
      { vp: 0, acorns: 1 },
      { vp: 1, acorns: 1 },
      { vp: 2, acorns: 1 },
      { vp: 3, acorns: 2 },
      { vp: 4, acorns: 2 },
    ]);
    expect(comboReward(T, 7)).toEqual(comboReward(T, 6));
  });

  it('R5: jumping is not a main move: jump after a sprint, or jump first and sprint after', () => {
    const deck = ['s-red', 's-red-g', 's-green-y', 's-yellow', 's-red-y', 's-green', ...FILLER];
    const m = race({ positions: ['t1.r2.3'], decks: [deck] });
    must(m, { type: 'sprint', color: 'red' });
    must(m, { type: 'add', card: card(m, 's-red') });
    must(m, { type: 'done' });
    expect(posName(m)).toBe('t1.r.jump');
    combo(m, ['s-red-g', 's-green-y']);
    must(m, { type: 'land', to: at('t2.r2.0') });
    expect(posName(m)).toBe('t2.r2.0');
    const first = race({ positions: ['t1.r.jump'], decks: [deck] });
    combo(first, ['s-green']);
    must(first, { type: 'land', to: at('t2.r1.0') });
    expect(isLegal(first, { type: 'sprint', color: 'red' })).toBe(true);
  });

  it('R5, R8 (amended): a jump may land on a first space that holds a pawn, but the turn may not end there', () => {
    const deck = [...CHAIN6, ...FILLER];
    const m = race({ positions: ['t0.y.jump', 't1.y1.0'], decks: [deck, deck] });
    combo(m, ['s-yellow']);
    expect(legal(m).filter((a) => a.type === 'land')).toEqual([{ type: 'land', to: at('t1.y1.0') }]);
    must(m, { type: 'cancel' });
    combo(m, ['s-yellow-r', 's-red-g']);
    expect(legal(m).filter((a) => a.type === 'land')).toEqual([{ type: 'land', to: at('t1.y1.0') }, { type: 'land', to: at('t1.y2.0') }]);
    must(m, { type: 'land', to: at('t1.y1.0') });
    expect(isLegal(m, { type: 'end' })).toBe(false);
  });

  it('R6, R8: a foliage jump is offered only when the hand holds a combo of the gap\'s size', () => {
    // Green Leaf (combo yellow) but no yellow card: no 2-card combo, so no jump to start and cancel.
    const none = race({ positions: ['t2.g2.1'], decks: [['s-green-y', 's-green', 's-green', 's-red', 's-red', 's-green']] });
    expect(isLegal(none, { type: 'jump' })).toBe(false);
    const two = race({ positions: ['t2.g2.1'], decks: [['s-green-y', 's-yellow', 's-green', 's-red', 's-red-g', 's-green']] });
    expect(isLegal(two, { type: 'jump' })).toBe(true);
  });

  it('R6: a foliage gap of 2 needs exactly a 2-card combo, and pays like one', () => {
    const m = race({ positions: ['t2.g2.1'], decks: [[...CHAIN6, ...FILLER]] });
    expect(isLegal(m, { type: 'sprint', color: 'green' })).toBe(false);
    must(m, { type: 'jump' });
    // The first card must start a combo.
    expect(isLegal(m, { type: 'add', card: card(m, 's-yellow') })).toBe(false);
    must(m, { type: 'add', card: card(m, 's-green-y') });
    expect(legal(m).some((a) => a.type === 'land')).toBe(false);
    must(m, { type: 'add', card: card(m, 's-yellow-r') });
    expect(legal(m).some((a) => a.type === 'add')).toBe(false);
    must(m, { type: 'land', to: at('t2.g2.2') });
    expect(stateOf(m).racers[0]!.acorns).toBe(1);
  });

  it('R6: a foliage gap of 3 needs exactly a 3-card combo, or the pawn goes around it', () => {
    const m = race({ positions: ['t4.y1.1'], decks: [[...CHAIN6, ...FILLER]], tokens: [2] });
    must(m, { type: 'jump' });
    must(m, { type: 'add', card: card(m, 's-yellow-r') });
    must(m, { type: 'add', card: card(m, 's-red-g') });
    expect(legal(m).some((a) => a.type === 'land')).toBe(false);
    must(m, { type: 'add', card: card(m, 's-green-y') });
    must(m, { type: 'land', to: at('t4.y1.2') });
    expect(stateOf(m).racers[0]!.tokens).toEqual([2]);
    // Around it: from the gap's edge a climb is still possible.
    const around = race({ positions: ['t4.y1.1'], decks: [[...CHAIN6, ...FILLER]] });
    expect(isLegal(around, { type: 'climb' })).toBe(true);
  });
});
