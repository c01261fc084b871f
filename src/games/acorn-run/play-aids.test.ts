import { describe, expect, it } from 'vitest';
import { kindOf } from './cards.js';
import { acornRun } from './index.js';
import { comboWords, finishLabel, matchLegal, movePlans, pendingMoveEnd, resultRows, stepPrompt } from './play-aids.js';
import { FILLER, legal, must, posName, race, stateOf } from './scenario.test-helpers.js';
import { BUILTIN_TABLES } from './tables.js';

/** The shipped content's tables. */
const T = BUILTIN_TABLES;

const HAND = ['s-green', 'g-dash', 's-yellow', 's-yellow-g', 's-red', 's-red-g'];
const viewOf = (m: ReturnType<typeof race>) => acornRun.view(stateOf(m), 0);

/** Every subset of the opening hand, as card numbers. */
function subsets(cards: readonly number[]): number[][] {
  const out: number[][] = [];
  for (let mask = 1; mask < 1 << cards.length; mask++) out.push(cards.filter((_, i) => mask & (1 << i)));
  return out;
}

describe('Acorn Run play aids: the moves a set of cards makes (R3, R4)', () => {
  // Lanes of every colour, a horizontal line (t1.r2.1 → t1.r2.2 on the Hazel tree), next to a jump-off.
  for (const start of ['t1.g2.0', 't1.g1.4', 't1.y1.3', 't1.r1.2', 't0.y2.2', 't1.r1.1']) {
    it(`from ${start}: every plan, played step by step through the engine, ends where it says`, () => {
      const arrange = { positions: [start], decks: [[...HAND, ...FILLER]] };
      const m0 = race(arrange);
      const hand = stateOf(m0).racers[0]!.hand;
      let plans = 0;
      for (const cards of subsets(hand)) {
        for (const plan of movePlans(T, viewOf(m0), legal(m0), cards)) {
          plans++;
          const m = race(arrange);
          for (const step of plan.actions) {
            const a = matchLegal(T, step, legal(m));
            expect(a, `${plan.kind} with ${cards.map((c) => kindOf(T, c).id).join(',')}: ${JSON.stringify(step)}`).not.toBeNull();
            must(m, a!);
          }
          expect(posName(m)).toBe(T.board.spaces[plan.to]!.name);
          expect(plan.path[plan.path.length - 1]).toBe(plan.to);
        }
      }
      expect(plans).toBeGreaterThan(0);
    });
  }

  it('R3: a sprint is offered only in one colour the lane allows; mixed colours make no sprint', () => {
    const m = race({ positions: ['t1.y1.0'], decks: [[...HAND, ...FILLER]] });
    const hand = stateOf(m).racers[0]!.hand;
    const of = (id: string) => hand.find((c) => kindOf(T, c).id === id)!;
    expect(movePlans(T, viewOf(m), legal(m), [of('s-green')]).map((p) => p.kind)).toEqual(['descend']);
    expect(movePlans(T, viewOf(m), legal(m), [of('s-yellow'), of('s-red')]).some((p) => p.kind === 'sprint')).toBe(false);
    const sprint = movePlans(T, viewOf(m), legal(m), [of('s-yellow'), of('s-yellow-g')]).find((p) => p.kind === 'sprint')!;
    expect(T.board.spaces[sprint.to]!.name).toBe('t1.y1.2');
  });

  it('offers nothing while a step is pending, and matches another copy of a card to the legal one', () => {
    const m = race({ positions: ['t1.g2.0'], decks: [['s-green', 's-green', ...HAND.slice(2), ...FILLER]] });
    must(m, { type: 'sprint', color: 'green' });
    const hand = stateOf(m).racers[0]!.hand;
    expect(movePlans(T, viewOf(m), legal(m), hand.slice(0, 1))).toEqual([]);
    const greens = hand.filter((c) => kindOf(T, c).id === 's-green');
    expect(greens.length).toBe(2);
    for (const g of greens) expect(matchLegal(T, { type: 'add', card: g }, legal(m))).not.toBeNull();
    expect(stepPrompt(T, viewOf(m))).toMatch(/^Sprinting in green/);
  });

  it('R5: combo rewards in words', () => {
    expect(comboWords(T, 1)).toMatch(/no combo, lower lane only/);
    expect(comboWords(T, 2)).toBe('2-card combo: 1 acorn');
    expect(comboWords(T, 3)).toBe('3-card combo: 1 combo VP + 1 acorn');
  });
});

describe('Acorn Run play aids: the end of a move being built', () => {
  it('R3, R4: a sprint ends its cards ahead of where it started; a climb where the pawn stands', () => {
    const m = race({ positions: ['t1.g2.0'], decks: [[...HAND, ...FILLER]] });
    const of = (id: string) => stateOf(m).racers[0]!.hand.find((c) => kindOf(T, c).id === id)!;
    must(m, { type: 'sprint', color: 'green' });
    expect(pendingMoveEnd(T, viewOf(m))).toBeNull();
    must(m, { type: 'add', card: of('g-dash') });
    must(m, { type: 'add', card: of('s-green') });
    expect(T.board.spaces[pendingMoveEnd(T, viewOf(m))!]!.name).toBe('t1.g2.3');
    must(m, { type: 'cancel' });
    must(m, { type: 'climb' });
    must(m, { type: 'add', card: of('s-yellow') });
    expect(T.board.spaces[pendingMoveEnd(T, viewOf(m))!]!.name).toBe(posName(m));
  });
});

describe('Acorn Run results: a racer is named by rank and order of crossing, never by results space (issue 25)', () => {
  // Four racers; two running-out-of-time tokens took results spaces 2 and 4 (indexes 1 and 3), so
  // the third racer over the line sits on space 5 (index 4) — and ranks 3rd of 4.
  const racers = [
    { racer: 0, place: 0, out: false, raceVp: 10, tokens: [3] },
    { racer: 1, place: 2, out: false, raceVp: 6, tokens: [2] },
    { racer: 2, place: 4, out: false, raceVp: 3, tokens: [1] },
    { racer: 3, place: null, out: true, raceVp: 0, tokens: [5] },
  ];
  it('ranks by total with ties to the better race result, and says "finished 3rd" for the racer on space 5', () => {
    const rows = resultRows(racers);
    expect(rows.map((r) => [r.racer, r.rank, r.total, r.result])).toEqual([
      [0, 1, 13, 'finished 1st'],
      [1, 2, 8, 'finished 2nd'],
      [2, 3, 4, 'finished 3rd'],
      [3, 4, 0, 'out of time'],
    ]);
    expect(finishLabel(racers, 2)).toBe('finished 3rd');
  });
  it('racers with the same total and no place share their rank', () => {
    const rows = resultRows([
      { racer: 0, place: 0, out: false, raceVp: 10, tokens: [] },
      { racer: 1, place: null, out: true, raceVp: 0, tokens: [] },
      { racer: 2, place: null, out: true, raceVp: 0, tokens: [] },
    ]);
    expect(rows.map((r) => r.rank)).toEqual([1, 2, 2]);
  });
});
