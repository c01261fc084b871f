/** Autumn Leaves in the browser: the table and its options (the log comes from the game's narrator). */
import type { Action } from '../../../../src/games/autumn-leaves/types.js';
import type { View } from '../../../../src/games/autumn-leaves/view.js';
import { defineGame } from '../types.js';
import { AutumnLeavesOptions } from './Options.js';
import { AutumnLeavesTable } from './Table.js';

export const autumnLeavesModule = defineGame<View, Action>({
  id: 'autumn-leaves',
  tagline: 'Shed your hand onto the leaf piles, one rank up or down. Low score wins.',
  accent: '#cf5120',
  Table: AutumnLeavesTable,
  Options: AutumnLeavesOptions,
  defaultOptions: () => ({ hands: 6 }),
});
