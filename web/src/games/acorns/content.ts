/**
 * The content an Acorns table draws: the compiled tables of the game's content (src/games/acorns/
 * tables.ts), handed down by React context from the module built for that content (index.ts), so
 * a variant's cards and tree values are drawn without touching any module state.
 */
import { createContext, useContext } from 'react';
import type { AcornsTables } from '../../../../src/games/acorns/tables.js';

export const AcornsTablesContext = createContext<AcornsTables | null>(null);

/** The tables of the module this component is drawn by; only the module's Table provides them. */
export function useAcornsTables(): AcornsTables {
  const tables = useContext(AcornsTablesContext);
  if (tables === null) throw new Error('an Acorns component is drawn outside its game module (no AcornsTablesContext)');
  return tables;
}
