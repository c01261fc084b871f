import { describe, expect, it } from 'vitest';
import { listGames } from '../games/index.js';
import { findBot } from './index.js';
import { checkFairness, decideWith } from '../../test/fairness.js';

/** Table sizes to check each registered game at; a game not listed is checked at its minimum. */
const SEATS: Record<string, number> = { 'autumn-leaves': 4 };

describe('search bots are fair: two states that differ only in what the seat cannot see get the same decision', () => {
  for (const game of listGames()) {
    it(`${game.id}: ismcts decides the same on a state and its re-dealt twin`, () => {
      const bot = findBot(game.id, 'ismcts:60');
      if (!bot.ok) throw new Error(bot.error.message);
      const report = checkFairness(game, decideWith(bot.value), {
        seats: SEATS[game.id] ?? game.seats.min,
        games: 3,
        decisionsPerGame: 5,
        maxSteps: 300,
      });
      expect(report.decisions).toBeGreaterThanOrEqual(10);
      // The twins really differed in hidden information, or the check proves nothing.
      expect(report.differing).toBeGreaterThan(0);
    });
    it(`${game.id}: the hard level (as tuned for this game) decides the same on twins`, () => {
      const bot = findBot(game.id, 'hard');
      if (!bot.ok) throw new Error(bot.error.message);
      const report = checkFairness(game, decideWith(bot.value), {
        seats: SEATS[game.id] ?? game.seats.min,
        games: 2,
        decisionsPerGame: 4,
        maxSteps: 300,
      });
      expect(report.decisions).toBeGreaterThanOrEqual(6);
      expect(report.differing).toBeGreaterThan(0);
    });
  }
});
