import { describe, expect, it } from 'vitest';
import { listGames } from '../games/index.js';
import { findBot } from './index.js';
import { checkFairness, decideWith } from '../../test/fairness.js';

/** Table sizes to check each registered game at; a game not listed is checked at its minimum. */
const SEATS: Record<string, number> = { 'autumn-leaves': 4 };

/** The searches checked: the plain tree search, and each game's `hard` level as tuned for it. */
const CHECKS = [
  { bot: 'ismcts:60', what: 'ismcts decides the same on a state and its re-dealt twin', games: 3, decisionsPerGame: 5, atLeast: 10 },
  { bot: 'hard', what: 'the hard level (as tuned for this game) decides the same on twins', games: 2, decisionsPerGame: 4, atLeast: 6 },
];

describe('search bots are fair: two states that differ only in what the seat cannot see get the same decision', () => {
  for (const game of listGames()) {
    for (const check of CHECKS) {
      it(`${game.id}: ${check.what}`, () => {
        const bot = findBot(game.id, check.bot);
        if (!bot.ok) throw new Error(bot.error.message);
        const report = checkFairness(game, decideWith(bot.value), {
          seats: SEATS[game.id] ?? game.seats.min,
          games: check.games,
          decisionsPerGame: check.decisionsPerGame,
          maxSteps: 300,
        });
        expect(report.decisions).toBeGreaterThanOrEqual(check.atLeast);
        // The twins really differed in hidden information, or the check proves nothing.
        expect(report.differing).toBeGreaterThan(0);
      });
    }
  }
});
