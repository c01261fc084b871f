/**
 * The content the Acorn Run table draws, as a value: the module built for a content (index.ts,
 * withContent) provides its compiled tables to the Table and Board through this context, so a
 * page can hold the builtin module and a variant's side by side (no module-level content).
 */
import { createContext, useContext } from 'react';
import type { RunTables } from '../../../../src/games/acorn-run/tables.js';

export const RunTablesContext = createContext<RunTables | null>(null);

/** The tables of the module this table belongs to. */
export function useRunTables(): RunTables {
  const T = useContext(RunTablesContext);
  if (T === null) throw new Error('the Acorn Run table is drawn outside its module (no RunTablesContext)');
  return T;
}
