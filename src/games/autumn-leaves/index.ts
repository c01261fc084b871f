/** Autumn Leaves (autumn-leaves.md, rulings L1–L9): the game and its package. */
import { madeOnce } from '../../engine/memo.js';
import type { Game } from '../../engine/game.js';
import { definePackage, oneFileContent, type AnyGamePackage } from '../package.js';
import { BUILTIN_CONTENT, compileContent, DeckSchema, type DeckContent, type LeavesTables } from './content/index.js';
import { createBots } from './bots.js';
import { cloneState } from './clone.js';
import { createDensePlayout } from './dense-playout.js';
import { describeAction, explainIllegal } from './describe.js';
import { parseAction, parseArrangement, parseOptions } from './parse.js';
import { outcome } from './outcome.js';
import { createRules, toAct } from './rules.js';
import { setup } from './setup.js';
import type { Action, Arrangement, Options, State } from './state.js';
import { autumnLeavesLab } from './lab.js';
import { autumnLeavesNarrator } from './narrate.js';
import { leavesStatsOf } from './stats.js';
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

export type AutumnLeavesGame = Game<State, Action, View, Options, Arrangement>;

/** The rules of Autumn Leaves played with the deck of `tables` (one game object per content). */
export const autumnLeavesGame: (tables: LeavesTables) => AutumnLeavesGame = madeOnce((tables) => {
  const rules = createRules(tables);
  return {
    id: 'autumn-leaves',
    title: 'Autumn Leaves',
    seats: { min: 3, max: 6 },
    parseOptions: (input) => parseOptions(tables, input),
    parseArrangement: (input, seats, options) => parseArrangement(tables, input, seats, options),
    parseAction: (input) => parseAction(tables, input),
    setup: (config) => setup(rules, config),
    toAct,
    legalActions: rules.legalActions,
    apply: rules.apply,
    step: rules.step,
    randomPlayout: createDensePlayout(tables),
    outcome,
    view,
    resample,
    clone: cloneState,
    components,
    describeAction,
    explainIllegal,
  };
});

/** The game with the builtin deck (tests read it directly; the package is createAutumnLeaves(BUILTIN_CONTENT)). */
export const autumnLeaves: AutumnLeavesGame = autumnLeavesGame(compileContent(BUILTIN_CONTENT));

/** Autumn Leaves built from `content` (its one content file, 'deck'). The shipped package is createAutumnLeaves(BUILTIN_CONTENT). */
export function createAutumnLeaves(content: DeckContent): AnyGamePackage {
  // Every function below reads this content's tables, bound here: nothing is rebound per call.
  const tables = compileContent(content);
  return definePackage({
  game: autumnLeavesGame(tables),
  meta: {
    blurb: 'Shed your hand onto the leaf piles, one rank up or down. Low score wins.',
    options: [
      {
        key: 'hands',
        label: 'Hands',
        explanation: 'How many hands are dealt and scored (six; fewer for a quick game).',
        kind: 'choice',
        choices: [...new Set([1, 2, 3, 4, 5, 6, 8, 10, 12, content.hands])]
          .sort((a, b) => a - b)
          .map((n) => ({ value: n, label: n === content.hands ? `${n} (full game)` : n === 1 ? '1 (quick)' : String(n) })),
        default: content.hands,
      },
    ],
  },
  bots: {
    // Built from this content's tables: the bots read the deck they play with (bots.ts).
    ...createBots(tables),
    // Four seats, one core: a 1,000-iteration decision takes ~11 ms (docs/bots.md), so hard thinks ~0.06 s.
    tuning: { medium: { iterations: 300 }, hard: { iterations: 5000 } },
  },
  undo: autumnLeavesUndo,
  lab: autumnLeavesLab,
  narrator: autumnLeavesNarrator,
  textUI,
  stats: leavesStatsOf,
  conformance: [
    { label: 'three seats', seats: 3, maxSteps: 5_000 },
    { label: 'four seats', seats: 4, maxSteps: 5_000 },
    { label: 'six seats, two hands', seats: 6, maxSteps: 5_000, options: { hands: 2 } },
  ],
  content: oneFileContent('deck', DeckSchema, BUILTIN_CONTENT, content, createAutumnLeaves),
  });
}

export const autumnLeavesPackage: AnyGamePackage = createAutumnLeaves(BUILTIN_CONTENT);

export type { Action, Arrangement, Options, State, View };
