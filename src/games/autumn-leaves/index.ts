/** Autumn Leaves (autumn-leaves.md, rulings L1–L9): the game and its package. */
import type { Game } from '../../engine/game.js';
import { scopePackage } from '../content-scope.js';
import { definePackage, oneFileContent, type AnyGamePackage } from '../package.js';
import { BUILTIN_CONTENT, DeckSchema, enterContent, type DeckContent } from './content/index.js';
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

/** Autumn Leaves built from `content` (its one content file, 'deck'). The shipped package is createAutumnLeaves(BUILTIN_CONTENT). */
export function createAutumnLeaves(content: DeckContent): AnyGamePackage {
  const pkg = definePackage({
  game: autumnLeaves,
  meta: {
    blurb: 'Shed your hand onto the leaf piles, one rank up or down. Low score wins.',
    options: [
      {
        key: 'hands',
        label: 'Hands',
        explanation: 'How many hands are dealt and scored (L2: six; fewer for a quick game).',
        kind: 'choice',
        choices: [...new Set([1, 2, 3, 4, 5, 6, 8, 10, 12, content.hands])]
          .sort((a, b) => a - b)
          .map((n) => ({ value: n, label: n === content.hands ? `${n} (full game)` : n === 1 ? '1 (quick)' : String(n) })),
        default: content.hands,
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
  content: oneFileContent('deck', DeckSchema, BUILTIN_CONTENT, content, createAutumnLeaves),
  });
  return scopePackage(pkg, () => enterContent(content));
}

export const autumnLeavesPackage: AnyGamePackage = createAutumnLeaves(BUILTIN_CONTENT);

export type { Action, Arrangement, Options, State, View };
