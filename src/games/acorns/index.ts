/**
 * Acorns: plant trees, surround them with squirrels, claim them for their acorns.
 * Rules page: docs/rules/acorns.md. Rulings A1–A12 in RULINGS.md.
 */
import type { Game } from '../../engine/game.js';
import type { AcornsAction } from './actions.js';
import { CARD_IDS } from './content/index.js';
import { describeAction, explainIllegal } from './describe.js';
import { legalActions } from './legal.js';
import { parseAction, parseArrangement, parseOptions } from './parse.js';
import { apply, toAct } from './rules.js';
import { setup } from './setup.js';
import { outcome } from './outcome.js';
import { cloneState, type AcornsArrangement, type AcornsOptions, type AcornsState } from './state.js';
import { makeView, resample, type AcornsView } from './view.js';

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

export type { AcornsAction } from './actions.js';
export type { AcornsArrangement, AcornsOptions, AcornsState } from './state.js';
export type { AcornsView } from './view.js';
