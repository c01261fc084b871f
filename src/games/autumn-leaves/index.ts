/** Autumn Leaves (autumn-leaves.md, rulings L1–L9): the game and its package. */
import type { Game } from '../../engine/game.js';
import { definePackage } from '../package.js';
import { autumnLeavesKnowledge, heuristicBot } from './bots.js';
import { cloneState } from './clone.js';
import { describeAction, explainIllegal } from './describe.js';
import { parseAction, parseArrangement, parseOptions } from './parse.js';
import { outcome } from './outcome.js';
import { apply, legalActions, toAct } from './rules.js';
import { setup } from './setup.js';
import type { Action, Arrangement, Options, State } from './state.js';
import { autumnLeavesNarrator } from './narrate.js';
import { textUI } from './text.js';
import { resample, view, type View } from './view.js';
import { autumnLeavesUndo } from './undo.js';

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

export const autumnLeavesPackage = definePackage({
  game: autumnLeaves,
  meta: {
    blurb: 'Shed your hand onto the leaf piles, one rank up or down. Low score wins.',
    options: [
      {
        key: 'hands',
        label: 'Hands',
        explanation: 'How many hands are dealt and scored (L2: six; fewer for a quick game).',
        kind: 'choice',
        choices: [1, 2, 3, 4, 5, 6, 8, 10, 12].map((n) => ({ value: n, label: n === 6 ? '6 (full game)' : n === 1 ? '1 (quick)' : String(n) })),
        default: 6,
      },
    ],
  },
  bots: {
    heuristic: heuristicBot,
    knowledge: autumnLeavesKnowledge,
    // Four seats, one core: a 1,000-iteration decision takes ~40 ms, so hard thinks ~0.2 s.
    tuning: { medium: { iterations: 300 }, hard: { iterations: 5000 } },
  },
  undo: autumnLeavesUndo,
  narrator: autumnLeavesNarrator,
  textUI,
  conformance: [
    { label: 'three seats', seats: 3, maxSteps: 5_000 },
    { label: 'four seats', seats: 4, maxSteps: 5_000 },
    { label: 'six seats, two hands', seats: 6, maxSteps: 5_000, options: { hands: 2 } },
  ],
});

export type { Action, Arrangement, Options, State, View };
