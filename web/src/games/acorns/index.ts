/** Acorns in the browser: the table, and its recent public log from the view. */
import type { AcornsAction } from '../../../../src/games/acorns/actions.js';
import { describeEvent } from '../../../../src/games/acorns/describe.js';
import type { AcornsView } from '../../../../src/games/acorns/view.js';
import { defineGame } from '../types.js';
import { AcornsTable } from './Table.js';
import { cardOf } from './Card.js';

/** Card ids in words: "the red 2", "a 5-acorn tree". */
function cardWords(id: string): string {
  const c = cardOf(id);
  if (!c) return id;
  switch (c.kind) {
    case 'tree':
      return `a ${c.acorns}-acorn tree`;
    case 'squirrel':
      return `a ${c.color} ${c.squirrels}`;
    case 'fox':
      return `the ${c.color} fox`;
    case 'turtle':
      return 'the turtle';
  }
}

export const acornsModule = defineGame<AcornsView, AcornsAction>({
  id: 'acorns',
  accent: '#5f9e3a',
  Table: AcornsTable,
  // The view keeps the latest public events; they are what this viewer may know.
  logLines: (view, names, you) =>
    view.log.map((e) => describeEvent(e, (s) => (s === you ? 'You' : (names[s] ?? `Seat ${s + 1}`)), cardWords)),
});
