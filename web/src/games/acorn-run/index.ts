/** Acorn Run in the browser: the race board, market, racers' boards and hand, and its narrated log. */
import type { Action } from '../../../../src/games/acorn-run/actions.js';
import { narrate } from '../../../../src/games/acorn-run/text.js';
import type { AcornRunView } from '../../../../src/games/acorn-run/view.js';
import { defineGame } from '../types.js';
import { AcornRunTable } from './Table.js';

export const acornRunModule = defineGame<AcornRunView, Action>({
  id: 'acorn-run',
  accent: '#c8452f',
  Table: AcornRunTable,
  // The view has no log: the game's narrator tells what changed between two views.
  narrate: (before, after, names, you) => narrate(before, after, you ?? 'spectator', names.map((n, s) => (s === you ? 'You' : n))),
});
