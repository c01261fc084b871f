/** Acorn Run in the browser: the race board, market, racers' boards and hand, (the log comes from the game's narrator). */
import type { Action } from '../../../../src/games/acorn-run/actions.js';
import type { AcornRunView } from '../../../../src/games/acorn-run/view.js';
import { acornRunNarrator } from '../../../../src/games/acorn-run/narrate.js';
import { filesContent } from '../../../../src/games/acorn-run/content/files.js';
import { enterContent } from '../../../../src/games/acorn-run/content/index.js';
import { defineGame } from '../types.js';
import { AcornRunTable } from './Table.js';

export const acornRunModule = defineGame<AcornRunView, Action>({
  id: 'acorn-run',
  accent: '#c8452f',
  narrator: acornRunNarrator,
  Table: AcornRunTable,
  // A page talks to one server, which plays one content per game: bound for good, never left.
  bindContent: (files) => void enterContent(filesContent(files)),
});
