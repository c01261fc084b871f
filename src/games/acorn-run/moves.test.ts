import { describe, expect, it } from 'vitest';
import { stableHash } from '../../engine/hash.js';
import { at, card, endTurn, FILLER, isLegal, legal, must, posName, race, refused, sprint, stateOf } from './scenario.test-helpers.js';

const hand = (...ids: string[]) => [...ids, ...FILLER];

describe('Acorn Run main moves', () => {
  it('R3: in a green lane a sprint may use green, yellow or red cards', () => {
    const m = race({ positions: ['t1.g2.0'], decks: [hand('s-green', 's-green', 's-red', 's-red-g', 's-yellow', 'g-dash')] });
    const colors = legal(m).flatMap((a) => (a.type === 'sprint' ? [a.color] : []));
    expect(colors).toEqual(['green', 'yellow', 'red']);
  });

  it('R3: in a yellow lane only yellow or red, in a red lane only red', () => {
    const deck = hand('s-green', 's-green', 's-red', 's-red-g', 's-yellow', 's-yellow-g');
    const yellow = race({ positions: ['t1.y1.0'], decks: [deck] });
    expect(legal(yellow).flatMap((a) => (a.type === 'sprint' ? [a.color] : []))).toEqual(['yellow', 'red']);
    expect(refused(yellow, { type: 'sprint', color: 'green' })).toMatch(/only with yellow or red cards$/);
    const red = race({ positions: ['t1.r1.0'], decks: [deck] });
    expect(legal(red).flatMap((a) => (a.type === 'sprint' ? [a.color] : []))).toEqual(['red']);
  });

  it('R3: a sprint uses one color, one space per card, and sprint +X cards count X', () => {
    const m = race({ positions: ['t1.g2.0'], decks: [hand('s-green', 's-green', 's-red', 's-red-g', 's-yellow', 'g-dash')] });
    must(m, { type: 'sprint', color: 'green' });
    must(m, { type: 'add', card: card(m, 's-green') });
    expect(isLegal(m, { type: 'add', card: card(m, 's-red') })).toBe(false);
    expect(isLegal(m, { type: 'add', card: card(m, 's-yellow') })).toBe(false);
    must(m, { type: 'add', card: card(m, 'g-dash') });
    must(m, { type: 'done' });
    // 1 + 2 spaces from the lane's first space.
    expect(posName(m)).toBe('t1.g2.3');
    expect(stateOf(m).turn.played.length).toBe(2);
  });

  it('R3: a sprint stops at the jump-off space at the edge of the tree', () => {
    const m = race({ positions: ['t1.r2.2'], decks: [hand('s-red', 's-red-g', 's-red-y', 's-green', 's-green', 's-yellow')] });
    sprint(m, 'red', ['s-red', 's-red-g', 's-red-y']);
    expect(posName(m)).toBe('t1.r.jump');
  });

  it('R2: one main move per turn: after a sprint no sprint, climb or descent may start', () => {
    const m = race({ positions: ['t1.g2.0'], decks: [hand('s-green', 's-green', 's-yellow', 's-yellow-g', 's-red', 's-red-g')] });
    sprint(m, 'green', ['s-green']);
    expect(legal(m).some((a) => a.type === 'sprint' || a.type === 'climb' || a.type === 'descend')).toBe(false);
    expect(refused(m, { type: 'climb' })).toMatch(/used your main move this turn$/);
  });

  it('R4: a climb needs a card of the color of each space moved to', () => {
    const m = race({ positions: ['t1.g2.0'], decks: [hand('s-green', 's-green', 's-yellow', 's-yellow-g', 's-red', 's-red-g')] });
    must(m, { type: 'climb' });
    expect(isLegal(m, { type: 'add', card: card(m, 's-green') })).toBe(false);
    must(m, { type: 'add', card: card(m, 's-yellow') }); // to t1.y1.0, yellow
    must(m, { type: 'add', card: card(m, 's-yellow-g') }); // to t1.y2.0, yellow
    expect(isLegal(m, { type: 'add', card: card(m, 's-green') })).toBe(false);
    must(m, { type: 'add', card: card(m, 's-red') }); // to t1.r1.0, red
    must(m, { type: 'done' });
    expect(posName(m)).toBe('t1.r1.0');
  });

  it('R4: a descent takes any colored card per lane, and may slide forward along a horizontal line', () => {
    const m = race({ positions: ['t3.y2.1'], decks: [hand('s-green', 's-green', 's-yellow', 's-yellow-g', 's-red', 's-red-g')] });
    must(m, { type: 'descend' });
    must(m, { type: 'add', card: card(m, 's-red') }); // to t3.y1.2, on a line to t3.y1.3
    expect(posName(m)).toBe('t3.y1.2');
    must(m, { type: 'slide' });
    must(m, { type: 'done' });
    expect(posName(m)).toBe('t3.y1.3');
  });

  it('R4: no sliding before the climb or descent has moved a lane', () => {
    const m = race({ positions: ['t3.y1.2'], decks: [hand('s-green', 's-green', 's-yellow', 's-yellow-g', 's-red', 's-red-g')] });
    must(m, { type: 'climb' });
    expect(isLegal(m, { type: 'slide' })).toBe(false);
    expect(isLegal(m, { type: 'done' })).toBe(false);
  });

  it('cancel takes a move back exactly: cards, pawn and main move', () => {
    const m = race({ positions: ['t1.g2.0'], decks: [hand('s-green', 's-green', 's-yellow', 's-yellow-g', 's-red', 's-red-g')] });
    const before = stableHash(m.state);
    must(m, { type: 'climb' });
    must(m, { type: 'add', card: card(m, 's-yellow') });
    must(m, { type: 'cancel' });
    expect(stableHash(m.state)).toBe(before);
    must(m, { type: 'sprint', color: 'red' });
    must(m, { type: 'add', card: card(m, 's-red') });
    must(m, { type: 'cancel' });
    expect(stableHash(m.state)).toBe(before);
  });

  it('R8 (amended): a move may pass through a pawn and stop on it; only the turn may not end there', () => {
    const deck = hand('s-green', 's-green', 's-green-y', 's-yellow', 's-yellow-g', 's-red');
    const m = race({ positions: ['t1.g2.0', 't1.g2.2'], decks: [deck, deck] });
    must(m, { type: 'sprint', color: 'green' });
    must(m, { type: 'add', card: card(m, 's-green') });
    must(m, { type: 'add', card: card(m, 's-green') });
    expect(isLegal(m, { type: 'done' })).toBe(true);
    must(m, { type: 'add', card: card(m, 's-green-y') });
    must(m, { type: 'done' });
    expect(posName(m)).toBe('t1.g2.3');
    expect(isLegal(m, { type: 'end' })).toBe(true);
    const climb = race({ positions: ['t1.g2.0', 't1.y1.0'], decks: [deck, deck] });
    must(climb, { type: 'climb' });
    must(climb, { type: 'add', card: card(climb, 's-yellow') });
    expect(isLegal(climb, { type: 'done' })).toBe(true);
    must(climb, { type: 'add', card: card(climb, 's-yellow-g') });
    must(climb, { type: 'done' });
    expect(posName(climb)).toBe('t1.y2.0');
  });

  it('R8: a jump-off space holds any number of pawns', () => {
    const deck = hand('s-red', 's-red-g', 's-red-y', 's-green', 's-green', 's-yellow');
    const m = race({ positions: ['t1.r2.2', 't1.r.jump'], decks: [deck, deck] });
    sprint(m, 'red', ['s-red', 's-red-g']);
    expect(posName(m, 0)).toBe('t1.r.jump');
    expect(posName(m, 1)).toBe('t1.r.jump');
  });

  it('R8: ending a move on an acorn collects it; passing over does not', () => {
    const deck = hand('s-green', 's-green', 's-green-y', 's-yellow', 's-yellow-g', 's-red');
    const m = race({ positions: ['t1.g2.4'], decks: [deck] });
    const acorn = at('t1.g2.5');
    expect(stateOf(m).boardAcorns[acorn]).toBe(1);
    sprint(m, 'green', ['s-green', 's-green']);
    expect(posName(m)).toBe('t1.g2.6');
    expect(stateOf(m).boardAcorns[acorn]).toBe(1);
    expect(stateOf(m).racers[0]!.acorns).toBe(0);
    const stop = race({ positions: ['t1.g2.4'], decks: [deck] });
    sprint(stop, 'green', ['s-green']);
    expect(stateOf(stop).boardAcorns[acorn]).toBe(0);
    expect(stateOf(stop).racers[0]!.acorns).toBe(1);
  });

  it('R8: an acorn space numbered 3 is stocked only when at least 3 racers run', () => {
    const space = at('t0.y1.4');
    expect(stateOf(race({}, { seats: 2 })).boardAcorns[space]).toBe(0);
    expect(stateOf(race({}, { seats: 3 })).boardAcorns[space]).toBe(1);
  });

  it('racers start on the Go! spaces, the first in turn order on the bottom one', () => {
    const m = race({}, { seats: 3, options: { firstSeat: 2 } });
    expect([posName(m, 2), posName(m, 0), posName(m, 1)]).toEqual(['t0.g1.0', 't0.g2.0', 't0.y1.0']);
    expect(stateOf(m).order).toEqual([2, 0, 1]);
    endTurn(m, 2);
    expect(stateOf(m).turn.racer).toBe(0);
  });
});
