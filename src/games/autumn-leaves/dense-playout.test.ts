/**
 * The dense random playout (dense-playout.ts, the game's `randomPlayout`) plays the game the
 * engine's step-by-step walk plays, for other content than the builtin deck and at every seat
 * count: the same steps, the same final state to the last event, the same generators. (The
 * conformance suite checks the builtin game the same way from mid-game positions and cut-offs.)
 */
import { describe, expect, it } from 'vitest';
import { expectSamePlayout } from '../../../test/conformance.js';
import { stepwisePlayout } from '../../engine/playout.js';
import { createRng, nextInt } from '../../engine/rng.js';
import { DeckSchema, type DeckContent } from './content/index.js';
import { createAutumnLeaves } from './index.js';
import type { State } from './state.js';

/** Ranks up to 14 in uneven numbers, five-card hands, three hands a game. */
const WIDE = DeckSchema.parse({ copies: [0, 2, 3, 1, 4, 2, 5, 3, 6, 2, 4, 3, 5, 2, 4], handSize: 5, hands: 3 });
/**
 * Few ranks and many copies: equal cards and identical piles (L5's seeded tie order) often. Four
 * cards stay undealt at six seats: a deck the hands use up whole leaves a discard nothing to draw
 * (the rules then put `undefined` in the hand — a content the schema lets through, not played here).
 */
const NARROW = DeckSchema.parse({ copies: [0, 10, 10, 10, 10], handSize: 6, hands: 4 });
/** Ranks up to 30 (the most the schema allows), with gaps. */
const TALL = DeckSchema.parse({ copies: [0, 1, 0, 2, 1, 1, 0, 1, 2, 1, 1, 0, 1, 2, 1, 1, 0, 1, 2, 1, 1, 0, 1, 2, 1, 1, 0, 1, 2, 1, 3], handSize: 4, hands: 2 });

/** Plays `games` random games of `content` at `seats` both ways from setup and from a position part-way in, cut off at random. */
function compareWalks(content: DeckContent, seats: number, games: number): { steps: number; tieOrders: number } {
  const game = createAutumnLeaves(content).game;
  let steps = 0;
  let tieOrders = 0;
  for (let i = 0; i < games; i++) {
    const seed = `dense:${seats}:${i}`;
    const state = game.setup({ seats, seed, options: { hands: content.hands } }) as State;
    const cut = createRng(`${seed}.cut`);
    // Every third game starts part-way in, every other stops at a random step.
    if (i % 3 === 1) stepwisePlayout(game, state, createRng(`${seed}.start`), 1 + nextInt(cut, 200));
    const limit = i % 2 === 0 ? 100_000 : nextInt(cut, 400);
    const played = expectSamePlayout(game, state, seed, limit);
    steps += played.steps;
    if ((played.walked as State).tieOrder !== null) tieOrders++;
  }
  return { steps, tieOrders };
}

describe('Autumn Leaves: the dense random playout', () => {
  for (const [name, content] of [
    ['wide', WIDE],
    ['narrow', NARROW],
    ['tall', TALL],
  ] as const) {
    it(`plays what the step-by-step walk plays with the ${name} deck at 3 to 6 seats`, () => {
      let tieOrders = 0;
      for (let seats = 3; seats <= 6; seats++) {
        const played = compareWalks(content, seats, 300);
        expect(played.steps).toBeGreaterThan(300);
        tieOrders += played.tieOrders;
      }
      // L5's seeded order is drawn from the state's generator in the middle of a playout: the
      // narrow deck's games end with one drawn in their last round often enough to cover it.
      if (content === NARROW) expect(tieOrders).toBeGreaterThan(10);
    });
  }

  it('plays arranged deals as the rules deal them', () => {
    const game = createAutumnLeaves(NARROW).game;
    const deck = Array.from({ length: 36 }, (_, i) => 1 + (i % 4));
    const arranged = game.setup({ seats: 3, seed: 'arranged', options: { hands: 4 }, arrangement: { deals: [deck, deck.slice().reverse()] } });
    expect(expectSamePlayout(game, arranged, 'arranged', 100_000).steps).toBeGreaterThan(100);
  });
});
