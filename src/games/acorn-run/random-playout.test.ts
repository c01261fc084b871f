/**
 * Acorn Run's own random playout (rules.ts `randomPlayout`, the game's `randomPlayout`) plays the
 * game the engine's step-by-step walk plays through `legalActions`, for other content than the
 * builtin and at every seat count, dummies included: the same steps, the same final state to the
 * last event, the same generators. The walk here watches its steps, so it lists the legal actions
 * at every step and never goes through the game's `randomStep` (the conformance suite checks the
 * builtin game against the walk by `randomStep`).
 */
import { describe, expect, it } from 'vitest';
import type { AnyGame } from '../../engine/game.js';
import { expectSamePlayout } from '../../../test/conformance.js';
import { stepwisePlayout } from '../../engine/playout.js';
import { createRng, nextInt } from '../../engine/rng.js';
import { BUILTIN_CONTENT, type AcornRunContent } from './content/index.js';
import { createAcornRun } from './index.js';
import type { State } from './state.js';

/** Every other tree of the shipped course (the Go! tree and the Great Oak kept), a hand of six, cheap Dash cards. */
const SHORT: AcornRunContent = {
  ...BUILTIN_CONTENT,
  board: { trees: BUILTIN_CONTENT.board.trees.filter((_, t) => t % 2 === 0) },
  cards: {
    ...BUILTIN_CONTENT.cards,
    cheap: BUILTIN_CONTENT.cards.cheap.map((c) => (c.effect?.kind === 'sprint-plus' ? { ...c, cost: 1 } : c)),
  },
  race: { ...BUILTIN_CONTENT.race, handSize: 6, results: [20, 6, 3, 2, 1, 0, 0, 0] },
};
/** A hand of three: short lists, and turns that end with nothing left to pay with. */
const SMALL_HANDS: AcornRunContent = { ...BUILTIN_CONTENT, race: { ...BUILTIN_CONTENT.race, handSize: 3 } };

/** The options played at `seats`: dummies beside one or two seats (R14), a shorter course and sunset otherwise. */
const optionsAt = (seats: number, i: number): Record<string, unknown> =>
  seats <= 2 && i % 2 === 0 ? { dummies: 4 - 2 * (seats - 1) - (i % 4 === 0 ? 1 : 0), difficulty: 'expert' } : { roundLimit: 6 + (i % 5), firstSeat: 'random' };

/** Plays `games` random games at `seats` both ways, from setup or a position part-way in, cut off at random (mid-turn too). */
function compareWalks(game: AnyGame, seats: number, games: number): { steps: number; cancels: number } {
  let steps = 0;
  let cancels = 0;
  for (let i = 0; i < games; i++) {
    const seed = `own-playout:${seats}:${i}`;
    const options = game.parseOptions(optionsAt(seats, i), seats);
    if (!options.ok) throw new Error(options.error.message);
    const state = game.setup({ seats, seed, options: options.value }) as State;
    const cut = createRng(`${seed}.cut`);
    // Every third game starts part-way in (often inside a move or a payment), every other stops at a random step.
    if (i % 3 === 1) stepwisePlayout(game, state, createRng(`${seed}.start`), 1 + nextInt(cut, 300));
    const limit = i % 2 === 0 ? 100_000 : nextInt(cut, 600);
    steps += expectSamePlayout(game, state, seed, limit, ({ action }) => {
      if ((action as { type: string }).type === 'cancel') cancels++;
    }).steps;
  }
  return { steps, cancels };
}

describe('Acorn Run: its own random playout', () => {
  for (const [name, content] of [
    ['builtin', BUILTIN_CONTENT],
    ['short-course', SHORT],
    ['small-hand', SMALL_HANDS],
  ] as const) {
    it(`plays what the step-by-step walk plays with the ${name} content at 1 to 6 seats`, () => {
      const game = createAcornRun(content).game as AnyGame;
      for (let seats = 1; seats <= 6; seats++) {
        const played = compareWalks(game, seats, 20);
        expect(played.steps).toBeGreaterThan(1500);
        // The walk takes back moves, jumps and payments (rules.ts reuses the list from before them).
        expect(played.cancels).toBeGreaterThan(20);
      }
    });
  }
});
