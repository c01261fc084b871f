/**
 * Acorns: plant trees, surround them with squirrels, claim them for their acorns.
 * Rules page: docs/rules/acorns.md. Rulings A1–A12 in RULINGS.md. The game and its package.
 */
import type { Game } from '../../engine/game.js';
import { scopePackage } from '../content-scope.js';
import { definePackage, oneFileContent, type AnyGamePackage } from '../package.js';
import { acornsHeuristic, acornsKnowledge } from './bots.js';
import type { AcornsAction } from './actions.js';
import { BUILTIN_CONTENT, CARD_IDS, ContentSchema, enterContent, type AcornsContent } from './content/index.js';
import { describeAction, explainIllegal } from './describe.js';
import { legalActions } from './legal.js';
import { parseAction, parseArrangement, parseOptions } from './parse.js';
import { apply, toAct } from './rules.js';
import { setup } from './setup.js';
import { outcome } from './outcome.js';
import { cloneState, type AcornsArrangement, type AcornsOptions, type AcornsState } from './state.js';
import { acornsNarrator } from './narrate.js';
import { textUI } from './text.js';
import { makeView, resample, type AcornsView } from './view.js';
import { acornsUndo } from './undo.js';

/** Every card id wherever it is: hands, draw pile, trees in play, score piles and the box. */
function components(state: AcornsState): string[] {
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
  return out.map((c) => CARD_IDS[c]!);
}

export const acorns: Game<AcornsState, AcornsAction, AcornsView, AcornsOptions, AcornsArrangement> = {
  id: 'acorns',
  title: 'Acorns',
  seats: { min: 2, max: 8 },
  parseOptions,
  parseArrangement: (input, seats) => parseArrangement(input, seats),
  parseAction,
  setup,
  toAct,
  legalActions,
  apply,
  outcome,
  view: makeView,
  resample,
  clone: cloneState,
  components,
  describeAction: (state, seat, action) => describeAction(state, seat, action),
  explainIllegal,
};

/** Acorns built from `content` (its one content file, 'deck'). The shipped package is createAcorns(BUILTIN_CONTENT). */
export function createAcorns(content: AcornsContent): AnyGamePackage {
  const pkg = definePackage({
  game: acorns,
  meta: {
    blurb: 'Plant trees, surround them with squirrels, and claim the ones you lead.',
    options: [
      {
        key: 'partners',
        label: 'Partners',
        explanation: 'A12: teams of two neighbours share their claims, with 4, 6 or 8 players.',
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
    heuristic: acornsHeuristic,
    knowledge: acornsKnowledge,
    // Paired search (bots/paired.ts): the heuristic's best few moves, each played out to the end
    // of the game by heuristics in every seat on the same determinizations. The tree search only
    // matched the strong Acorns heuristic; this beats it (docs/bots.md).
    tuning: {
      medium: { paired: true, iterations: 20, candidates: 4 },
      hard: { paired: true, iterations: 160, candidates: 5 },
    },
  },
  undo: acornsUndo,
  narrator: acornsNarrator,
  textUI,
  conformance: [
    { label: 'two seats', seats: 2, maxSteps: 2000 },
    { label: 'five seats', seats: 5, maxSteps: 2000 },
    { label: 'eight seats', seats: 8, maxSteps: 2000 },
    { label: 'four seats, partners', seats: 4, options: { partners: true }, maxSteps: 2000 },
    { label: 'six seats, partners', seats: 6, options: { partners: true }, maxSteps: 2000 },
  ],
  content: oneFileContent('deck', ContentSchema, BUILTIN_CONTENT, content, createAcorns),
  });
  return scopePackage(pkg, () => enterContent(content));
}

export const acornsPackage: AnyGamePackage = createAcorns(BUILTIN_CONTENT);

export type { AcornsAction } from './actions.js';
export type { AcornsArrangement, AcornsOptions, AcornsState } from './state.js';
export type { AcornsView } from './view.js';
