/** Acorn Run in the browser: the race board, market, racers' boards and hand, (the log comes from the game's narrator). */
import { createElement } from 'react';
import type { Action } from '../../../../src/games/acorn-run/actions.js';
import type { AcornRunView } from '../../../../src/games/acorn-run/view.js';
import { narratorFor } from '../../../../src/games/acorn-run/narrate.js';
import { filesContent } from '../../../../src/games/acorn-run/content/files.js';
import { BUILTIN_CONTENT, type AcornRunContent } from '../../../../src/games/acorn-run/content/index.js';
import { raceStatsOf } from '../../../../src/games/acorn-run/stats.js';
import { BUILTIN_TABLES, tablesOf, type RunTables } from '../../../../src/games/acorn-run/tables.js';
import { defineGame, type GameModule, type TableProps } from '../types.js';
import { AcornRunTable } from './Table.js';
import { RunTablesContext } from './tables.js';

/**
 * The module built from `content`: its table draws that content's board and cards (provided to
 * the components as a value, tables.ts) and its narrator tells them; modules of different content
 * live side by side in one page.
 */
/** The tables each module was built from (for page parts outside the table, like the guide). */
const moduleTables = new WeakMap<object, RunTables>();

/** The tables `module` draws (a module built here), else the shipped tables. */
export const runTablesOf = (module: object): RunTables => moduleTables.get(module) ?? BUILTIN_TABLES;

export function acornRunModuleOf(content: AcornRunContent): GameModule<AcornRunView, Action> {
  const T = tablesOf(content);
  const Table = (props: TableProps<AcornRunView, Action>) => createElement(RunTablesContext.Provider, { value: T }, createElement(AcornRunTable, props));
  const module: GameModule<AcornRunView, Action> = {
    id: 'acorn-run',
    accent: '#c8452f',
    narrator: narratorFor(T),
    Table,
    stats: raceStatsOf,
    // Since your last move (issue 25): racers that moved (or crossed the line) and market slots
    // whose card changed are marked on the table.
    pieces: (view) => {
      const out: Record<string, string> = {};
      for (const r of view.racers) out[`racer:${r.racer}`] = `${r.pos ?? 'off'}:${r.finishLane ?? ''}`;
      for (const row of ['cheap', 'expensive'] as const) view.market[row].row.forEach((card, i) => (out[`market:${row}:${i}`] = String(card ?? '')));
      return out;
    },
    withContent: (files) => acornRunModuleOf(filesContent(files)),
  };
  moduleTables.set(module, T);
  return module;
}

export const acornRunModule = defineGame(acornRunModuleOf(BUILTIN_CONTENT));
