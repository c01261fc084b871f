/**
 * Acorn Run: a deck-building race through the treetops to the Great Oak (rules:
 * docs/rules/acorn-run.md, rulings R1–R16). 1–6 seats; one seat alone is a solo time trial.
 * The game and its package.
 */
import type { Game, Viewer } from '../../engine/game.js';
import { contentHash, definePackage, type AnyGamePackage } from '../package.js';
import { heuristicBotFor, knowledgeFor } from './bots.js';
import { BUILTIN_FILES, CONTENT_FILES, checkFiles, contentFiles, filesContent } from './content/files.js';
import { BUILTIN_CONTENT, type AcornRunContent } from './content/index.js';
import { DIFFICULTIES } from './content/dummy-schema.js';
import type { Action } from './actions.js';
import { components } from './components.js';
import { describeAction, explainIllegal } from './describe.js';
import { outcome } from './outcome.js';
import { apply, legalActions, randomPlayout, randomStep, toAct } from './rules.js';
import { parseAction, parseArrangement, parseOptions, type Arrangement, type Options } from './parse.js';
import { setup } from './setup.js';
import type { State } from './state.js';
import { cloneState } from './clone.js';
import { narratorFor } from './narrate.js';
import { labFor } from './lab.js';
import { acornRunRulings } from './rulings.js';
import { raceStatsOf } from './stats.js';
import { textUIFor } from './text.js';
import { BUILTIN_TABLES, tablesOf, type RunTables } from './tables.js';
import { makeView, resample, type AcornRunView } from './view.js';
import { acornRunUndo } from './undo.js';

/**
 * The rules of the race built from `T`: every method reads its content from the tables it was
 * made with, never from module state (content is a value, tables.ts).
 */
export function acornRunGame(T: RunTables): Game<State, Action, AcornRunView, Options, Arrangement> {
  return {
    id: 'acorn-run',
    title: 'Acorn Run',
    seats: { min: 1, max: 6 },
    parseOptions: (input, seats) => parseOptions(T, input, seats),
    parseArrangement: (input, seats, options) => parseArrangement(T, input, seats, options),
    parseAction,
    setup: (config) => setup(T, config),
    toAct,
    legalActions: (state, seat) => legalActions(T, state, seat),
    apply: (state, _seat, action) => apply(T, state, action),
    step: (state, _seat, action) => {
      apply(T, state, action);
      return toAct(state);
    },
    randomStep: (state, seat, rng) => randomStep(T, state, seat, rng),
    randomPlayout: (state, rng, maxSteps) => randomPlayout(T, state, rng, maxSteps),
    outcome: (state) => outcome(T, state),
    view: (state: State, viewer: Viewer) => makeView(T, state, viewer),
    resample: (state, seat, rng) => resample(T, state, seat, rng),
    clone: cloneState,
    components: (state) => components(T, state),
    describeAction: (state, _seat, action) => describeAction(T, state, action),
    explainIllegal: (state, seat, action) => explainIllegal(T, state, seat, action),
  };
}

/** The shipped rules (createAcornRun(BUILTIN_CONTENT) plays these). */
export const acornRun = acornRunGame(BUILTIN_TABLES);

/**
 * Acorn Run built from `content`: the rules, bots, narrator, text table and lab probe are made
 * from its tables (compiled once per content, tables.ts), so packages of different content live
 * side by side. The shipped package is createAcornRun(BUILTIN_CONTENT).
 */
export function createAcornRun(content: AcornRunContent): AnyGamePackage {
  const T = tablesOf(content);
  const TREES = content.board.trees.length;
  const SUNSET = content.race.roundLimit;
  const files = content === BUILTIN_CONTENT ? BUILTIN_FILES : contentFiles(content);
  return definePackage({
  game: content === BUILTIN_CONTENT ? acornRun : acornRunGame(T),
  meta: {
    blurb: 'Race squirrels up and across the trees with a deck you build on the way.',
    options: [
      {
        key: 'trees',
        label: 'Course',
        explanation: 'The full race, or a shorter one over the last trees (the Great Oak included).',
        kind: 'choice',
        choices: Array.from({ length: TREES - 1 }, (_, i) => TREES - i).map((n) => ({
          value: n,
          label: n === TREES ? `full race (${n} trees)` : `last ${n} trees`,
        })),
        default: TREES,
      },
      {
        key: 'roundLimit',
        label: 'Sunset after round',
        explanation: 'The last round before the course closes.',
        kind: 'choice',
        choices: [3, 5, 10, 20, SUNSET].map((n) => ({ value: n, label: n === SUNSET ? `${n} (standard)` : String(n) })),
        default: SUNSET,
      },
      {
        key: 'dummies',
        label: 'Dummy racers',
        // R14 (R15 the deck, R16 the start); player-facing text names no ruling codes.
        explanation: 'Dummy racers beside one or two players.',
        kind: 'choice',
        choices: [0, 1, 2, 3, 4].map((n) => ({ value: n, label: n === 0 ? 'none' : String(n) })),
        default: 0,
        seats: [1, 2],
      },
      {
        key: 'difficulty',
        label: 'Dummy difficulty',
        explanation: 'How the dummy deck is built.',
        kind: 'choice',
        choices: DIFFICULTIES.map((d) => ({ value: d, label: d })),
        default: 'normal',
        requires: 'dummies',
      },
      {
        key: 'start',
        label: 'People start',
        explanation: 'The players start first or last, or (two players) one first and one last with the dummies between.',
        kind: 'choice',
        choices: [
          { value: 'first', label: 'first' },
          { value: 'last', label: 'last' },
          { value: 'split', label: 'one first, one last', seats: [2] },
        ],
        default: 'first',
        requires: 'dummies',
      },
    ],
  },
  bots: {
    heuristic: heuristicBotFor(T),
    knowledge: knowledgeFor(T),
    // Paired search over what to start (which move, card, acorn action or purchase, or ending the
    // turn); the heuristic finishes each move it starts, and playouts run to the end of the turn,
    // judged by the expected race and combo VP (the search knowledge in bots.ts).
    tuning: {
      medium: { paired: true, iterations: 4, candidates: 3, horizon: 'turn' },
      hard: { paired: true, iterations: 20, candidates: 8, horizon: 'turn' },
    },
  },
  undo: acornRunUndo,
  narrator: narratorFor(T),
  textUI: textUIFor(T),
  stats: raceStatsOf,
  lab: labFor(T),
  rulings: acornRunRulings,
  // Short courses (the last two trees) and early sunsets keep random races short while still
  // reaching the finale; one full course at 2 seats.
  conformance: [
    { label: 'solo, short course', seats: 1, maxSteps: 20_000, options: { trees: 2, roundLimit: 15 } },
    { label: 'three seats, short course', seats: 3, maxSteps: 20_000, options: { trees: 2, roundLimit: 10 } },
    { label: 'six seats, random first seat', seats: 6, maxSteps: 20_000, options: { trees: 2, roundLimit: 5, firstSeat: 'random' } },
    { label: 'two seats, full course', seats: 2, maxSteps: 20_000, options: { roundLimit: 6 } },
    // R14–R16: dummies beside one and two seats.
    { label: 'solo with three dummies', seats: 1, maxSteps: 20_000, options: { trees: 3, roundLimit: 12, dummies: 3 } },
    {
      label: 'two seats split by two expert dummies',
      seats: 2,
      maxSteps: 20_000,
      options: { trees: 3, roundLimit: 10, dummies: 2, start: 'split', difficulty: 'expert' },
    },
  ],
  content: {
    files: CONTENT_FILES,
    builtin: BUILTIN_FILES,
    data: files,
    check: checkFiles,
    withContent: (next) => createAcornRun(filesContent(next)),
    hash: contentHash(files),
  },
  });
}

export const acornRunPackage: AnyGamePackage = createAcornRun(BUILTIN_CONTENT);

export type { Action as AcornRunAction } from './actions.js';
export type { State as AcornRunState } from './state.js';
export type { AcornRunView } from './view.js';
export type { Options as AcornRunOptions, Arrangement as AcornRunArrangement } from './parse.js';
