/**
 * Acorns in the browser: the table (the log comes from the game's narrator). The module is built
 * from a content value, as the game is (src/games/acorns/index.ts): the builtin module from the
 * shipped deck, a variant's by withContent from its files. Both can live in one page.
 */
import type { AcornsAction } from '../../../../src/games/acorns/actions.js';
import { validateContent } from '../../../../src/games/acorns/content/index.js';
import type { AcornsView } from '../../../../src/games/acorns/view.js';
import { makeAcornsNarrator } from '../../../../src/games/acorns/narrate.js';
import { isPartnerSeatCount, seatsOfSide, sideCount } from '../../../../src/games/acorns/state.js';
import { acornsStatsOf } from '../../../../src/games/acorns/stats.js';
import { BUILTIN_TABLES, tablesOf, type AcornsTables } from '../../../../src/games/acorns/tables.js';
import { defineGame, type AnyGameModule, type GameModule } from '../types.js';
import { tableFor } from './Table.js';

/** The module of the Acorns built from `tables`: its table draws that deck, its narrator names those trees. */
function acornsModuleOf(tables: AcornsTables): GameModule<AcornsView, AcornsAction> {
  return {
    id: 'acorns',
    accent: '#5f9e3a',
    narrator: makeAcornsNarrator(tables),
    Table: tableFor(tables),
    // A12: partners are neighbours (the game's own seat-to-team helpers, not a copy of them).
    teams: (options, seats) => {
      if (options.partners !== true || !isPartnerSeatCount(seats)) return null;
      const shape = { partners: true, seats };
      return Array.from({ length: sideCount(shape) }, (_, side) => seatsOfSide(shape, side));
    },
    // A12: the view says who plays with whom; the seat chips show it.
    seatTeams: (view) => view.teams,
    stats: acornsStatsOf,
    // Acorns has one content file, 'deck' (the server sends every file of the variant it plays).
    withContent: (files) => acornsModuleOf(tablesOf(validateContent(files['deck']))),
  };
}

export const acornsModule: AnyGameModule = defineGame(acornsModuleOf(BUILTIN_TABLES));
