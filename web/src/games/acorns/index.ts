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
    // Since your last move (issue 25): trees planted, groups and guards that changed, and score
    // piles that claimed a tree are marked on the table.
    pieces: (view) => {
      const out: Record<string, string> = {};
      for (const t of view.trees) {
        out[`tree:${t.tree}`] = String(t.owner);
        for (const g of t.groups) out[`group:${t.tree}:${g.color}`] = g.cards.join(',');
        // Only a guard row the table draws: a new tree's empty one is no change a player can see
        // (the bar counted it among the pieces "marked on the table" while nothing was marked).
        if (t.guards.length > 0) out[`guards:${t.tree}`] = t.guards.map((g) => g.card).join(',');
      }
      view.scorePiles.forEach((p, i) => (out[`pile:${i}`] = p.trees.join(',')));
      return out;
    },
    // Acorns has one content file, 'deck' (the server sends every file of the variant it plays).
    withContent: (files) => acornsModuleOf(tablesOf(validateContent(files['deck']))),
  };
}

export const acornsModule: AnyGameModule = defineGame(acornsModuleOf(BUILTIN_TABLES));
