/** Acorns in the browser: the table (the log comes from the game's narrator). */
import type { AcornsAction } from '../../../../src/games/acorns/actions.js';
import type { AcornsView } from '../../../../src/games/acorns/view.js';
import { acornsNarrator } from '../../../../src/games/acorns/narrate.js';
import { isPartnerSeatCount, seatsOfSide, sideCount } from '../../../../src/games/acorns/state.js';
import { defineGame } from '../types.js';
import { AcornsTable } from './Table.js';

export const acornsModule = defineGame<AcornsView, AcornsAction>({
  id: 'acorns',
  accent: '#5f9e3a',
  narrator: acornsNarrator,
  Table: AcornsTable,
  // A12: partners are neighbours (the game's own seat-to-team helpers, not a copy of them).
  teams: (options, seats) => {
    if (options.partners !== true || !isPartnerSeatCount(seats)) return null;
    const shape = { partners: true, seats };
    return Array.from({ length: sideCount(shape) }, (_, side) => seatsOfSide(shape, side));
  },
});
