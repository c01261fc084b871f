/**
 * Acorns: plant trees, surround them with squirrels, claim them for their acorns.
 * Rules page: docs/rules/acorns.md. Rulings A1–A12 in RULINGS.md. The game and its package.
 */
import type { Game } from '../../engine/game.js';
import { definePackage, oneFileContent, type AnyGamePackage } from '../package.js';
import { makeAcornsHeuristic, makeAcornsKnowledge } from './bots.js';
import type { AcornsAction } from './actions.js';
import { BUILTIN_CONTENT, ContentSchema, type AcornsContent } from './content/index.js';
import { describeAction, explainIllegal } from './describe.js';
import { makeAcornsLab } from './lab.js';
import { legalActions } from './legal.js';
import { parseAction, parseArrangement, parseOptions } from './parse.js';
import { apply, toAct } from './rules.js';
import { setup } from './setup.js';
import { outcome } from './outcome.js';
import { cloneState, type AcornsArrangement, type AcornsOptions, type AcornsState } from './state.js';
import { makeAcornsNarrator } from './narrate.js';
import { BUILTIN_TABLES, tablesOf, type AcornsTables } from './tables.js';
import { acornsStatsOf } from './stats.js';
import { makeTextUI } from './text.js';
import { makeView, resample, type AcornsView } from './view.js';
import { acornsUndo } from './undo.js';

export type AcornsGame = Game<AcornsState, AcornsAction, AcornsView, AcornsOptions, AcornsArrangement>;

/** Every card id wherever it is: hands, draw pile, trees in play, score piles and the box. */
function components(tables: AcornsTables, state: AcornsState): string[] {
  const out: number[] = [];
  for (const h of state.hands) out.push(...h);
  out.push(...state.draw);
  for (const t of state.trees) {
    out.push(t.card);
    for (const g of t.groups) out.push(...g.cards);
    for (const g of t.guards) out.push(g.card);
  }
  for (const p of state.piles) out.push(...p);
  out.push(...state.box);
  return out.map((c) => tables.ids[c]!);
}

/**
 * The rules of Acorns over one content's tables: every function closes over `tables`, so games
 * built from different content live side by side (content is a value, docs/architecture.md).
 */
export function createAcornsGame(tables: AcornsTables): AcornsGame {
  return {
    id: 'acorns',
    title: 'Acorns',
    seats: { min: 2, max: 8 },
    parseOptions,
    parseArrangement: (input, seats) => parseArrangement(tables, input, seats),
    parseAction: (input) => parseAction(tables, input),
    setup: (config) => setup(tables, config),
    toAct,
    legalActions: (state, seat) => legalActions(tables, state, seat),
    apply: (state, seat, action) => apply(tables, state, seat, action),
    outcome: (state) => outcome(tables, state),
    view: (state, viewer) => makeView(tables, state, viewer),
    resample,
    clone: cloneState,
    components: (state) => components(tables, state),
    describeAction: (state, seat, action) => describeAction(tables, state, seat, action),
    explainIllegal: (state, seat, action) => explainIllegal(tables, state, seat, action),
  };
}

/** The rules of the shipped Acorns (for tests and scenarios; the registry holds acornsPackage). */
export const acorns: AcornsGame = createAcornsGame(BUILTIN_TABLES);

/**
 * Acorns built from `content` (its one content file, 'deck'): the content is compiled once into
 * tables (cached per content object) that the rules, bots, narrator and text UI close over.
 * The shipped package is createAcorns(BUILTIN_CONTENT).
 */
export function createAcorns(content: AcornsContent): AnyGamePackage {
  const tables = tablesOf(content);
  return definePackage({
    game: tables === BUILTIN_TABLES ? acorns : createAcornsGame(tables),
    meta: {
      blurb: 'Plant trees, surround them with squirrels, and claim the ones you lead.',
      options: [
        {
          key: 'partners',
          label: 'Partners',
          explanation: 'Teams of two neighbours share their claims, with 4, 6 or 8 players.',
          kind: 'choice',
          choices: [
            { value: false, label: 'everyone for themselves' },
            { value: true, label: 'teams of two neighbours' },
          ],
          default: false,
          seats: [4, 6, 8],
        },
      ],
    },
    bots: {
      heuristic: makeAcornsHeuristic(tables),
      knowledge: makeAcornsKnowledge(tables),
      // Paired search (bots/paired.ts): the heuristic's best few moves, each played out to the end
      // of the game by heuristics in every seat on the same determinizations. The tree search only
      // matched the strong Acorns heuristic; this beats it (docs/bots.md).
      tuning: {
        medium: { paired: true, iterations: 20, candidates: 4 },
        hard: { paired: true, iterations: 160, candidates: 5 },
      },
    },
    undo: acornsUndo,
    narrator: makeAcornsNarrator(tables),
    textUI: makeTextUI(tables),
    stats: acornsStatsOf,
    lab: makeAcornsLab(tables),
    conformance: [
      { label: 'two seats', seats: 2, maxSteps: 2000 },
      { label: 'five seats', seats: 5, maxSteps: 2000 },
      { label: 'eight seats', seats: 8, maxSteps: 2000 },
      { label: 'four seats, partners', seats: 4, options: { partners: true }, maxSteps: 2000 },
      { label: 'six seats, partners', seats: 6, options: { partners: true }, maxSteps: 2000 },
    ],
    content: oneFileContent('deck', ContentSchema, BUILTIN_CONTENT, content, createAcorns),
  });
}

export const acornsPackage: AnyGamePackage = createAcorns(BUILTIN_CONTENT);

export type { AcornsAction } from './actions.js';
export type { AcornsArrangement, AcornsOptions, AcornsState } from './state.js';
export type { AcornsView } from './view.js';
export type { AcornsTables } from './tables.js';
