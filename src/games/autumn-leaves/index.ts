/** Autumn Leaves (autumn-leaves.md, rulings L1–L9) as a Game. */
import type { Game } from '../../engine/game.js';
import { cloneState } from './clone.js';
import { describeAction, explainIllegal } from './describe.js';
import { parseAction, parseArrangement, parseOptions } from './parse.js';
import { outcome } from './outcome.js';
import { apply, legalActions, toAct } from './rules.js';
import { setup } from './setup.js';
import type { Action, Arrangement, Options, State } from './state.js';
import { resample, view, type View } from './view.js';


function components(state: State): string[] {
  const cards: number[] = [...state.deck, ...state.discard];
  for (const hand of state.handCards) cards.push(...hand);
  for (const pile of state.piles) cards.push(...pile);
  for (const c of state.chosen) if (c !== null) cards.push(c);
  return cards.map(String);
}

export const autumnLeaves: Game<State, Action, View, Options, Arrangement> = {
  id: 'autumn-leaves',
  title: 'Autumn Leaves',
  seats: { min: 3, max: 6 },
  parseOptions: (input) => parseOptions(input),
  parseArrangement,
  parseAction,
  setup,
  toAct,
  legalActions,
  apply,
  outcome,
  view,
  resample,
  clone: cloneState,
  components,
  describeAction,
  explainIllegal,
};

export type { Action, Arrangement, Options, State, View };
