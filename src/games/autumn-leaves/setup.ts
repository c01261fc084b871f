/** Autumn Leaves setup (L2): a fresh state and the first deal. */
import { emptyLog } from '../../engine/narration.js';
import { createRng } from '../../engine/rng.js';
import type { LeavesRules } from './rules.js';
import type { Arrangement, Options, State } from './state.js';

/** A fresh game dealt by `rules` (the content's deck and hand size, createRules). */
export function setup(rules: LeavesRules, config: { seats: number; seed: string; options: Options; arrangement?: Arrangement }): State {
  const { seats } = config;
  const state: State = {
    seats,
    hands: config.options.hands,
    rng: createRng(config.seed),
    arrangement: config.arrangement ?? null,
    hand: 0,
    round: 0,
    rounds: 0,
    phase: 'choose',
    deck: [],
    discard: [],
    handCards: [],
    piles: [],
    chosen: Array<number | null>(seats).fill(null),
    acted: Array<boolean>(seats).fill(false),
    current: null,
    tieOrder: null,
    known: [],
    scores: Array<number>(seats).fill(0),
    handScores: [],
    log: emptyLog(),
  };
  rules.deal(state);
  return state;
}
