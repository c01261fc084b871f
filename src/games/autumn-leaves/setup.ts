/** Autumn Leaves setup (L2): a fresh state and the first deal. */
import { emptyObjectList } from '../../engine/lists.js';
import { emptyRing } from '../../engine/narration.js';
import { createRng } from '../../engine/rng.js';
import type { LeavesRules } from './rules.js';
import type { Arrangement, Options, State } from './state.js';

/**
 * A list of `n` copies of `value`, built by pushing: `Array(n).fill(value)` makes a list V8 keeps
 * as holey (it was made with holes), which every read in the rules then pays a check for.
 */
function filled<T>(n: number, value: T): T[] {
  const list: T[] = [];
  for (let i = 0; i < n; i++) list.push(value);
  return list;
}

/**
 * A fresh game dealt by `rules` (the content's deck and hand size, createRules). The lists of lists
 * start as such (engine/lists.ts): clones and deals keep them so.
 */
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
    handCards: emptyObjectList(),
    piles: emptyObjectList(),
    chosen: filled<number | null>(seats, null),
    acted: filled(seats, false),
    current: null,
    tieOrder: null,
    known: emptyObjectList(),
    scores: filled(seats, 0),
    handScores: emptyObjectList(),
    log: emptyRing(),
  };
  rules.deal(state);
  return state;
}
