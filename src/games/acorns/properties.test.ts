/** Property tests over random games: legality agrees with its explanations, views hide hands. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { actionKey } from '../../engine/match.js';
import { createRng, nextInt } from '../../engine/rng.js';
import type { AcornsAction } from './actions.js';
import { acorns } from './index.js';
import { BUILTIN_TABLES } from './tables.js';
import { leaderOf } from './lead.js';
import { whyIllegal } from './explain.js';
import type { AcornsState } from './state.js';

/** Every well-formed action there is. */
const ALL_ACTIONS: AcornsAction[] = (() => {
  const trees = BUILTIN_TABLES.cards.filter((c) => c.kind === 'tree').map((c) => c.id);
  const out: AcornsAction[] = [{ type: 'draw' }, { type: 'pass' }];
  for (const c of BUILTIN_TABLES.cards) {
    out.push({ type: 'discard', card: c.id });
    if (c.kind === 'tree') out.push({ type: 'plant', card: c.id });
    for (const t of trees) {
      if (c.kind === 'squirrel') out.push({ type: 'squirrel', card: c.id, tree: t });
      if (c.kind === 'fox') out.push({ type: 'fox', card: c.id, tree: t });
    }
  }
  for (const t of trees) out.push({ type: 'turtle', tree: t });
  return out;
})();

const config = fc.record({
  seats: fc.integer({ min: 2, max: 8 }),
  partners: fc.boolean(),
  seed: fc.string({ minLength: 1, maxLength: 8 }),
});

/** Walks a random game, calling `check` on states along the way. */
function walk(seats: number, partners: boolean, seed: string, every: number, check: (state: AcornsState) => void): AcornsState {
  const state = acorns.setup({ seats, seed, options: { partners: partners && seats % 2 === 0 && seats >= 4 } });
  const rng = createRng(`walk:${seed}`);
  for (let step = 0; !state.over && step < 2000; step++) {
    if (step % every === 0) check(state);
    const options = acorns.legalActions(state, state.turn);
    acorns.apply(state, state.turn, options[nextInt(rng, options.length)]!);
  }
  return state;
}

describe('acorns properties', () => {
  it('legalActions lists exactly the well-formed actions whyIllegal accepts, once each (property)', () => {
    fc.assert(
      fc.property(config, ({ seats, partners, seed }) => {
        walk(seats, partners, seed, 17, (state) => {
          for (let seat = 0; seat < seats; seat++) {
            const listed = acorns.legalActions(state, seat).map(actionKey);
            const view = acorns.view(state, seat);
            const accepted = ALL_ACTIONS.filter((a) => whyIllegal(BUILTIN_TABLES, view, seat, a) === null).map(actionKey);
            expect(new Set(listed).size).toBe(listed.length);
            expect([...listed].sort()).toEqual([...accepted].sort());
          }
        });
      }),
      { numRuns: 12 },
    );
  });

  it('every action players could send parses, and legal ones never include pass while anything else is legal (property)', () => {
    for (const a of ALL_ACTIONS) expect(acorns.parseAction(JSON.parse(JSON.stringify(a))).ok).toBe(true);
    fc.assert(
      fc.property(config, ({ seats, partners, seed }) => {
        walk(seats, partners, seed, 1, (state) => {
          const options = acorns.legalActions(state, state.turn);
          if (options.length > 1) expect(options.some((a) => a.type === 'pass')).toBe(false);
        });
      }),
      { numRuns: 15 },
    );
  });

  it("a view never names a card in another seat's hand or in the draw pile (property)", () => {
    fc.assert(
      fc.property(config, ({ seats, partners, seed }) => {
        walk(seats, partners, seed, 5, (state) => {
          const viewer = seed.length % seats;
          const text = JSON.stringify(acorns.view(state, viewer));
          const hidden = [...state.draw, ...state.hands.flatMap((h, s) => (s === viewer ? [] : h))];
          for (const c of hidden) expect(text).not.toContain(`"${BUILTIN_TABLES.ids[c]!}"`);
          const spectator = JSON.stringify(acorns.view(state, 'spectator'));
          for (const h of state.hands) for (const c of h) expect(spectator).not.toContain(`"${BUILTIN_TABLES.ids[c]!}"`);
        });
      }),
      { numRuns: 15 },
    );
  });

  it('resample keeps every hand size, the draw pile size and your own hand, and re-deals the rest', () => {
    let changed = 0;
    walk(5, false, 'resample', 9, (state) => {
      const r = acorns.resample(state, 2, createRng('r'));
      expect(r.hands.map((h) => h.length)).toEqual(state.hands.map((h) => h.length));
      expect(r.draw.length).toBe(state.draw.length);
      expect(r.hands[2]).toEqual(state.hands[2]);
      if (JSON.stringify(r.hands) !== JSON.stringify(state.hands)) changed++;
    });
    expect(changed).toBeGreaterThan(0);
  });

  it('A6 A7: after any action, the seat to act leads no tree (its claim step has run)', () => {
    fc.assert(
      fc.property(config, ({ seats, seed }) => {
        walk(seats, false, seed, 1, (state) => {
          for (const t of state.trees) expect(leaderOf(BUILTIN_TABLES, state, t)).not.toBe(state.turn);
        });
      }),
      { numRuns: 15 },
    );
  });

  it("A12: a team's claim step runs on its first seat's turn even while that seat sits out", () => {
    let claimsWhileOut = 0;
    for (let i = 0; i < 200 && claimsWhileOut < 2; i++) {
      const state = acorns.setup({ seats: 4, seed: `sit-${i}`, options: { partners: true } });
      const rng = createRng(`sit-${i}`);
      while (!state.over) {
        const before = state.turn;
        const options = acorns.legalActions(state, state.turn);
        acorns.apply(state, state.turn, options[nextInt(rng, options.length)]!);
        // The turn went past seat 0 while seat 0 sits out: team 0 leads nothing now.
        if (!state.over && before === 3 && state.turn !== 0) {
          for (const t of state.trees) expect(leaderOf(BUILTIN_TABLES, state, t)).not.toBe(0);
          const last = state.log.events[state.log.events.length - 1]!;
          if (last.kind === 'claim' && last.seat === 0) claimsWhileOut++;
        }
      }
    }
    expect(claimsWhileOut).toBeGreaterThan(0);
  });
});
