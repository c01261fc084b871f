import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createMatch, play } from '../../engine/match.js';
import { createRng, nextInt } from '../../engine/rng.js';
import { findBot, playBotMatch } from '../../bots/index.js';
import { compileContent } from './content/index.js';
import { autumnLeaves, autumnLeavesGame } from './index.js';
import { fitMask, fits, fitsIn } from './rules.js';
import type { State } from './state.js';

/** Whether the one-mask answer (reveal's cold snap, the playout policy) is L6's pile-by-pile one for every rank. */
function expectFitMaskAgrees(s: State, maxRank: number): void {
  const mask = fitMask(s);
  for (let card = 1; card <= maxRank; card++) expect(fitsIn(mask, card), `rank ${card}`).toBe(s.piles.some((p) => fits(card, p)));
}

describe('Autumn Leaves properties', () => {
  it('over random games: L5 order holds, at most one seat scores below 0 per hand, totals add up', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1 }), fc.integer({ min: 3, max: 6 }), (seed, seats) => {
        const created = createMatch(autumnLeaves, { seats, seed });
        if (!created.ok) throw new Error(created.error.message);
        const match = created.value;
        const s = match.state as State;
        const rng = createRng(seed);
        while (s.phase !== 'over') {
          const toAct = autumnLeaves.toAct(s);
          const seat = toAct[nextInt(rng, toAct.length)]!;
          if (s.phase === 'place') {
            // L5: whoever places holds the lowest card still waiting.
            const waiting = s.chosen.filter((c, i) => c !== null && !s.acted[i]) as number[];
            expect(s.chosen[seat]).toBe(Math.min(...waiting));
          }
          expectFitMaskAgrees(s, 10);
          const legal = autumnLeaves.legalActions(s, seat);
          expect(play(match, seat, legal[nextInt(rng, legal.length)]).ok).toBe(true);
        }
        expect(s.handScores.length).toBe(6);
        for (const hand of s.handScores) expect(hand.filter((x) => x < 0).length).toBeLessThanOrEqual(1);
        const totals = s.scores.map((_, seat) => s.handScores.reduce((sum, h) => sum + h[seat]!, 0));
        expect(totals).toEqual(s.scores);
      }),
      { numRuns: 40 },
    );
  });

  it('the fit mask agrees with L6 up to the highest rank content allows (30: bit 31 of the mask)', () => {
    // Two cards of every rank 1..30, hands of three, one hand: piles with tops near 30 are common.
    const game = autumnLeavesGame(compileContent({ copies: [0, ...Array<number>(30).fill(2)], handSize: 3, hands: 1 }));
    let sawTop30 = false;
    for (let i = 0; i < 30; i++) {
      const s = game.setup({ seats: 6, seed: `high${i}`, options: { hands: 1 } });
      const rng = createRng(`high${i}`);
      while (s.phase !== 'over') {
        expectFitMaskAgrees(s, 30);
        sawTop30 ||= s.piles.some((p) => p[p.length - 1] === 30);
        const toAct = game.toAct(s);
        const seat = toAct[nextInt(rng, toAct.length)]!;
        const legal = game.legalActions(s, seat);
        game.apply(s, seat, legal[nextInt(rng, legal.length)]!);
      }
    }
    expect(sawTop30, 'some pile showed a 30, so bit 31 was asked about').toBe(true);
  });

  it('the heuristic bot beats random players clearly (fixed seeds)', () => {
    const heuristic = findBot('autumn-leaves', 'heuristic');
    const random = findBot('autumn-leaves', 'random');
    if (!heuristic.ok || !random.ok) throw new Error('bots missing');
    let wins = 0;
    const games = 200;
    for (let i = 0; i < games; i++) {
      const r = playBotMatch(autumnLeaves, { seats: 4, seed: `hb${i}` }, [heuristic.value, random.value, random.value, random.value]);
      if (!r.ok) throw new Error(r.error.message);
      if (r.value.outcome.ranks[0] === 1) wins++;
    }
    // A random seat wins about 25%; the heuristic wins far more (about 80% over 1,000 games).
    expect(wins / games).toBeGreaterThan(0.6);
  });
});
