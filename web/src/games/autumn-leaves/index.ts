/** Autumn Leaves in the browser: the table (the log comes from the game's narrator). */
import type { Action } from '../../../../src/games/autumn-leaves/state.js';
import type { View } from '../../../../src/games/autumn-leaves/view.js';
import { autumnLeavesNarrator } from '../../../../src/games/autumn-leaves/narrate.js';
import { defineGame } from '../types.js';
import { AutumnLeavesTable } from './Table.js';

export const autumnLeavesModule = defineGame<View, Action>({
  id: 'autumn-leaves',
  accent: '#cf5120',
  narrator: autumnLeavesNarrator,
  Table: AutumnLeavesTable,
});
