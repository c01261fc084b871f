import { describe, expect, it } from 'vitest';
import { createMatch } from '../../engine/match.js';
import { arrangeRace, GUIDED_FIRST_TURN } from './arrange.js';
import { kindOf } from './cards.js';
import { acornRun } from './index.js';
import { card, must, posName, race, sprint, stateOf } from './scenario.test-helpers.js';
import { BUILTIN_TABLES } from './tables.js';

/** The shipped content's tables. */
const T = BUILTIN_TABLES;

const ids = (cards: readonly (number | null)[]) => cards.map((c) => (c === null ? null : kindOf(T, c).id));

describe('Acorn Run arranged races by hand', () => {
  it('deals the named hand, then the named next cards, then the starters left in content order', () => {
    const a = arrangeRace(T, { hands: [['s-red', 's-red-g', 's-red-y', 's-yellow', 's-green', 'g-dash']], drawTop: [['s-yellow-g']] });
    expect(a.decks).toEqual([['s-red', 's-red-g', 's-red-y', 's-yellow', 's-green', 'g-dash', 's-yellow-g', 's-green', 's-green-y', 's-green-r', 's-yellow-r']]);
    const m = race(a);
    const me = stateOf(m).racers[0]!;
    expect(ids(me.hand).sort()).toEqual(['g-dash', 's-green', 's-red', 's-red-g', 's-red-y', 's-yellow']);
    expect(ids(me.deck)).toEqual(['s-yellow-g', 's-green', 's-green-y', 's-green-r', 's-yellow-r']);
    // Every starter is in the deck (the market card comes on top of them): none is left in the box.
    expect(me.deck.length + me.hand.length).toBe(11);
    expect(stateOf(m).box).toEqual([]);
  });

  it('keeps a seat without a named hand shuffled, and lays out the named market cards', () => {
    const a = arrangeRace(T, { hands: [null, ['s-green']], cheap: ['g-hop', 'y-hop', 'r-hop'], expensive: ['g-star'] });
    expect(a.decks?.[0]).toBeNull();
    const m = race(a, { seats: 2 });
    expect(ids(stateOf(m).market.cheap.row)).toEqual(['g-hop', 'y-hop', 'r-hop']);
    expect(ids(stateOf(m).market.expensive.row)[0]).toBe('g-star');
    expect(stateOf(m).racers[0]!.hand).toHaveLength(6);
    expect(ids(stateOf(m).racers[1]!.hand)).toContain('s-green');
  });

  it('refuses unknown cards, an overfull hand and next cards after a short hand, with a reason', () => {
    expect(() => arrangeRace(T, { hands: [['s-green', 'golden-acorn']] })).toThrow(/unknown cards: golden-acorn/);
    expect(() => arrangeRace(T, { cheap: ['nope'] })).toThrow(/the market names unknown cards: nope/);
    expect(() => arrangeRace(T, { hands: [['s-green', 's-green', 's-green-y', 's-green-r', 's-yellow', 's-red', 's-red-g']] })).toThrow(/more than 6 cards/);
    expect(() => arrangeRace(T, { hands: [['s-green']], drawTop: [['s-red']] })).toThrow(/full opening hand/);
  });

  it('an arrangement naming more copies than the game has is still refused by the game (R10 pools)', () => {
    const a = arrangeRace(T, { hands: [['g-rush', 'g-rush']] });
    const made = createMatch(acornRun, { seats: 1, seed: 'x', options: {}, arrangement: a });
    expect(made.ok).toBe(false);
    if (!made.ok) expect(made.error.message).toMatch(/more 'g-rush' cards than the game has/);
  });

  it('R8: acorns handed to seats and dummies come out of what the board leaves in the supply', () => {
    const arranged = (seats: number, dummies: number, acorns: number[], dummyAcorns: number[] = []) =>
      createMatch(acornRun, { seats, seed: 'acorns', options: { dummies }, arrangement: { acorns, dummyAcorns } });
    // The board takes its acorns first; dummies count as racers for the numbered spaces.
    for (const [seats, dummies] of [[1, 0], [2, 0], [4, 0], [2, 2], [1, 4]] as const) {
      const left = T.content.race.acorns - T.startAcornCount[seats + dummies]!;
      expect(arranged(seats, dummies, [left]).ok, `${seats}+${dummies}: all that is left`).toBe(true);
      // One more, to a seat or to a dummy, is refused with what is left.
      const over = dummies > 0 ? arranged(seats, dummies, [left], [1]) : arranged(seats, dummies, [left + 1]);
      expect(over.ok).toBe(false);
      if (!over.ok) expect(over.error.message).toBe(`only ${left} acorns are left to hand out`);
    }
  });
});

describe('the guided first turn (web guide)', () => {
  const guided = () => {
    const made = createMatch(acornRun, { seats: 1, seed: 'guided-first-turn', options: GUIDED_FIRST_TURN.options, arrangement: GUIDED_FIRST_TURN.arrangement });
    if (!made.ok) throw new Error(made.error.message);
    return made.value;
  };

  it('R3, R8, R9, R10, R11: three green cards sprint onto an acorn, the acorn buys power, Green Rush is paid with one card, the turn ends', () => {
    const m = guided();
    const s = stateOf(m);
    expect(s.order[0]).toBe(0);
    expect(posName(m)).toBe('t0.g2.0');
    expect(s.racers[1]!.kind).toBe('dummy');
    expect(ids(s.market.expensive.row)[0]).toBe('g-rush');
    sprint(m, 'green', ['s-green', 's-green', 's-green-y']);
    expect(posName(m)).toBe('t0.g2.3');
    expect(s.racers[0]!.acorns).toBe(1);
    must(m, { type: 'spend', cell: 6 });
    expect(s.turn.buyingPower).toBe(2);
    must(m, { type: 'buy', row: 'expensive', index: 0 });
    must(m, { type: 'add', card: card(m, 's-yellow') });
    expect(ids(s.racers[0]!.discard)).toContain('g-rush');
    must(m, { type: 'end' });
    expect(s.turn.pending[0]?.kind).toBe('cleanup');
    must(m, { type: 'keep' });
    // The dummy has raced; you are up again with the two cards you kept and the four drawn.
    expect(stateOf(m).round).toBe(2);
    expect(stateOf(m).turn.racer).toBe(0);
    expect(ids(stateOf(m).racers[0]!.hand).sort()).toEqual(['s-green-r', 's-red', 's-red-g', 's-red-y', 's-yellow-g', 's-yellow-r']);
  });
});
