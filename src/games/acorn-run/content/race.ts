/**
 * Race figures: hand size, combo rewards (R5), combo VP tokens (R7), acorns, the results board and
 * out-of-time tokens (R12), and the sunset round that bounds a race nobody finishes.
 */
import type { RaceSpec } from './schema.js';

export const RACE: RaceSpec = {
  handSize: 6,
  // R5: index = cards in the combo.
  comboRewards: [
    { vp: 0, acorns: 0 },
    { vp: 0, acorns: 0 },
    { vp: 0, acorns: 1 },
    { vp: 1, acorns: 1 },
    { vp: 2, acorns: 1 },
    { vp: 3, acorns: 2 },
    { vp: 4, acorns: 2 },
  ],
  // R7: 72 tokens.
  comboTokens: [
    { value: 1, count: 36 },
    { value: 2, count: 24 },
    { value: 3, count: 12 },
  ],
  acorns: 64,
  // R12
  results: [10, 8, 6, 5, 4, 3, 2, 1],
  outOfTimeTokens: 6,
  roundLimit: 30,
};
