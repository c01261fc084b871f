/** Autumn Leaves setup (L2): a fresh state and the first deal. */
import { emptyLog } from '../../engine/narration.js';
import { createRng } from '../../engine/rng.js';
import { deal } from './rules.js';
import type { Arrangement, Options, State } from './state.js';

export function setup(config: { seats: number; seed: string; options: Options; arrangement?: Arrangement }): State {
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
  deal(state);
  return state;
}
