/** Acorn Run in the browser: the race board, market, racers' boards and hand, and its options (the log comes from the game's narrator). */
import type { Action } from '../../../../src/games/acorn-run/actions.js';
import type { AcornRunView } from '../../../../src/games/acorn-run/view.js';
import { defineGame } from '../types.js';
import { AcornRunOptions } from './Options.js';
import { AcornRunTable } from './Table.js';

export const acornRunModule = defineGame<AcornRunView, Action>({
  id: 'acorn-run',
  tagline: 'Race squirrels up and across the trees with a deck you build on the way.',
  accent: '#c8452f',
  Table: AcornRunTable,
  Options: AcornRunOptions,
  defaultOptions: () => ({}),
});
