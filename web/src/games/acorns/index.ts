/** Acorns in the browser: the table and its options (the log comes from the game's narrator). */
import type { AcornsAction } from '../../../../src/games/acorns/actions.js';
import type { AcornsView } from '../../../../src/games/acorns/view.js';
import { defineGame } from '../types.js';
import { AcornsOptions } from './Options.js';
import { AcornsTable } from './Table.js';

export const acornsModule = defineGame<AcornsView, AcornsAction>({
  id: 'acorns',
  tagline: 'Plant trees, surround them with squirrels, and claim the ones you lead.',
  accent: '#5f9e3a',
  Table: AcornsTable,
  Options: AcornsOptions,
  defaultOptions: () => ({ partners: false }),
});
