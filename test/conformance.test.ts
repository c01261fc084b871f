import { describe, expect, it } from 'vitest';
import { listGames } from '../src/games/index.js';
import { checkPlayout, checkStateProperties, conformanceProperties, type ConformanceConfig } from './conformance.js';

/** The configurations each registered game is checked at. Every registered game must have some. */
export const CONFORMANCE_CONFIGS: Record<string, ConformanceConfig[]> = {
  // Short courses (the last two trees) and early sunsets keep random races short while still
  // reaching the finale; one full course at 2 seats.
  'acorn-run': [
    { seats: 1, maxSteps: 20_000, options: { trees: 2, roundLimit: 15 } },
    { seats: 3, maxSteps: 20_000, options: { trees: 2, roundLimit: 10 } },
    { seats: 6, maxSteps: 20_000, options: { trees: 2, roundLimit: 5, firstSeat: 'random' } },
    { seats: 2, maxSteps: 20_000, options: { roundLimit: 6 } },
    // R14-R16: dummies beside one and two seats.
    { seats: 1, maxSteps: 20_000, options: { trees: 3, roundLimit: 12, dummies: 3 } },
    { seats: 2, maxSteps: 20_000, options: { trees: 3, roundLimit: 10, dummies: 2, start: 'split', difficulty: 'expert' } },
  ],
  'autumn-leaves': [
    { seats: 3, maxSteps: 5_000 },
    { seats: 4, maxSteps: 5_000 },
    { seats: 6, maxSteps: 5_000, options: { hands: 2 } },
  ],
  acorns: [
    { seats: 2, maxSteps: 2000 },
    { seats: 5, maxSteps: 2000 },
    { seats: 8, maxSteps: 2000 },
    { seats: 4, options: { partners: true }, maxSteps: 2000 },
    { seats: 6, options: { partners: true }, maxSteps: 2000 },
  ],
};

describe('conformance', () => {
  it('every registered game has conformance configurations', () => {
    for (const game of listGames()) expect(CONFORMANCE_CONFIGS[game.id], game.id).toBeDefined();
  });

  for (const game of listGames()) {
    for (const config of CONFORMANCE_CONFIGS[game.id] ?? []) {
      const label = `${game.id} at ${config.seats} seats${config.options ? ` ${JSON.stringify(config.options)}` : ''}`;
      describe(label, () => {
        it('random playouts end, conserve components, replay to the same hash (property)', () => {
          conformanceProperties(game, config, 25);
        });
        it('a fixed seed plays out', () => {
          checkPlayout(game, config, 'fixed-seed');
        });
        it('clone, JSON round-trip, views, resample and refusals hold at every step', () => {
          let changed = 0;
          let samples = 0;
          for (const seed of ['a', 'b', 'c']) {
            const r = checkStateProperties(game, config, seed);
            changed += r.resampleChanged;
            samples += r.samples;
          }
          expect(samples).toBeGreaterThan(0);
          // resample must actually re-deal hidden information, or the view checks prove nothing.
          expect(changed, 'resample never changed any hidden information').toBeGreaterThan(0);
        });
      });
    }
  }
});
