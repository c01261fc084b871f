/** What a lobby row says of a table and what its button offers (Lobby.tsx draws it). */
import type { TableSummary } from '../../src/server/protocol.js';

export interface RowState {
  /** The status pill: "2 seats free", "waiting for 1 player", "running", "finished". */
  pill: string;
  action: 'Join' | 'Watch' | 'Return' | 'Replay';
}

/**
 * Join is offered only while a seat is free to take: a rematch whose empty seats are reserved for
 * the last game's players (issue 25: it offered Join with "0 seats free") waits for them and can
 * be watched. `mine`: this browser holds a seat at the table.
 */
export function tableRowState(t: TableSummary, mine: boolean): RowState {
  const empty = t.seats.filter((s) => s.kind === 'human' && s.name === null);
  const free = empty.filter((s) => !('reservedFor' in s) || s.reservedFor === undefined).length;
  const reserved = empty.length - free;
  const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;
  const pill = t.status !== 'open' ? t.status : free > 0 ? `${plural(free, 'seat')} free` : `waiting for ${plural(reserved, 'player')}`;
  if (t.status === 'finished') return { pill, action: 'Replay' };
  return { pill, action: mine ? 'Return' : t.status === 'open' && free > 0 ? 'Join' : 'Watch' };
}
