/**
 * Issue 26 item 1, for the card games: a designer's deck file is either refused by the content
 * check (a ContentError: exit 2 naming the file and why) or every table size the game allows
 * plays to the end with random bots. No accepted deck may fail inside a game.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { playBots, randomBot } from '../src/bots/index.js';
import { ContentError, packageWithContent } from '../src/content/files.js';
import { createParsedMatch } from '../src/engine/match.js';
import { acornsPackage } from '../src/games/acorns/index.js';
import { autumnLeavesPackage } from '../src/games/autumn-leaves/index.js';
import type { AnyGamePackage } from '../src/games/package.js';

/** Builds the variant, or null when the check refuses it (any other exception fails the test). */
function build(base: AnyGamePackage, deck: unknown): AnyGamePackage | null {
  try {
    return packageWithContent(base, { deck }, 'generated');
  } catch (e) {
    if (e instanceof ContentError) return null;
    throw e;
  }
}

/** Plays one game at `seats` with random bots; the error when it does not end. */
function play(pkg: AnyGamePackage, seats: number, seed: string): string | null {
  const options = pkg.game.parseOptions({}, seats);
  if (!options.ok) return `options: ${options.error.message}`;
  const match = createParsedMatch(pkg.game, { seats, seed, options: options.value });
  if (!match.ok) return `setup: ${match.error.message}`;
  const played = playBots(match.value, Array.from({ length: seats }, () => randomBot), { maxSteps: 20_000 });
  return played.ok ? null : `${played.error.code}: ${played.error.message}`;
}

function property(base: AnyGamePackage, decks: fc.Arbitrary<unknown>, seats: readonly number[]): { accepted: number; refused: number } {
  const tally = { accepted: 0, refused: 0 };
  fc.assert(
    fc.property(decks, fc.nat(1000), (deck, pick) => {
      const pkg = build(base, deck);
      if (pkg === null) {
        tally.refused++;
        return;
      }
      tally.accepted++;
      expect(play(pkg, seats[pick % seats.length]!, `deck.${pick}`)).toBeNull();
    }),
    { seed: 26, numRuns: 40 },
  );
  return tally;
}

describe('card-game content: refused by the check, or played to the end', () => {
  it('Acorns decks: few or many trees, squirrels and cards in hand', () => {
    const decks = fc.record({
      handSize: fc.integer({ min: 1, max: 10 }),
      trees: fc.array(fc.record({ acorns: fc.integer({ min: 1, max: 12 }), count: fc.integer({ min: 1, max: 8 }) }), { minLength: 1, maxLength: 6 }),
      squirrels: fc.array(fc.record({ squirrels: fc.integer({ min: 1, max: 4 }), count: fc.integer({ min: 1, max: 6 }) }), { minLength: 1, maxLength: 3 }),
    });
    const { accepted, refused } = property(acornsPackage, decks, [2, 5, 8]);
    expect(accepted).toBeGreaterThan(5);
    expect(refused).toBeGreaterThan(2);
  });

  it('Autumn Leaves decks: ranks with no copies, tiny and large decks, long hands', () => {
    const decks = fc.record({
      copies: fc.array(fc.integer({ min: 0, max: 12 }), { minLength: 1, maxLength: 14 }).map((c) => [0, ...c]),
      handSize: fc.integer({ min: 1, max: 12 }),
      hands: fc.integer({ min: 1, max: 3 }),
    });
    const { accepted, refused } = property(autumnLeavesPackage, decks, [3, 6]);
    expect(accepted).toBeGreaterThan(5);
    expect(refused).toBeGreaterThan(2);
  });
});
