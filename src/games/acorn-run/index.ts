/**
 * Acorn Run: a deck-building race through the treetops to the Great Oak (rules:
 * docs/rules/acorn-run.md, rulings R1–R13). 1–6 seats; one seat alone is a solo time trial.
 */
import type { Game, Viewer } from '../../engine/game.js';
import type { Action } from './actions.js';
import { components } from './components.js';
import { describeAction, explainIllegal } from './describe.js';
import { outcome } from './outcome.js';
import { apply, legalActions, toAct } from './rules.js';
import { parseAction, parseArrangement, parseOptions, type Arrangement, type Options } from './parse.js';
import { setup } from './setup.js';
import type { State } from './state.js';
import { cloneState } from './clone.js';
import { makeView, resample, type AcornRunView } from './view.js';

export const acornRun: Game<State, Action, AcornRunView, Options, Arrangement> = {
  id: 'acorn-run',
  title: 'Acorn Run',
  seats: { min: 1, max: 6 },
  parseOptions,
  parseArrangement,
  parseAction,
  setup,
  toAct,
  legalActions,
  apply: (state, _seat, action) => apply(state, action),
  outcome,
  view: (state: State, viewer: Viewer) => makeView(state, viewer),
  resample,
  clone: cloneState,
  components,
  describeAction: (state, _seat, action) => describeAction(state, action),
  explainIllegal,
};

export type { Action as AcornRunAction } from './actions.js';
export type { State as AcornRunState } from './state.js';
export type { AcornRunView } from './view.js';
export type { Options as AcornRunOptions, Arrangement as AcornRunArrangement } from './parse.js';
