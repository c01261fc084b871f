/** Autumn Leaves in the browser: the table, and its log read from the view. */
import { describeEvent } from '../../../../src/games/autumn-leaves/text.js';
import type { Action } from '../../../../src/games/autumn-leaves/state.js';
import type { View } from '../../../../src/games/autumn-leaves/view.js';
import { defineGame } from '../types.js';
import { AutumnLeavesTable } from './Table.js';

export const autumnLeavesModule = defineGame<View, Action>({
  id: 'autumn-leaves',
  accent: '#cf5120',
  Table: AutumnLeavesTable,
  // The view's log is already what this viewer may know (another seat's drawn card is hidden).
  logLines: (view, names, you) => {
    const withYou = names.map((n, s) => (s === you ? 'You' : n));
    // describeEvent turns a leading "You" into second person; a pile named after you reads "your pile".
    return view.log.map((e) => describeEvent(e, withYou).replace(/\bYou's pile\b/g, 'your pile'));
  },
});
