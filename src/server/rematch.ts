/**
 * Rematch (issue 16): one click on a finished table's results starts a new table with the same
 * seats, bots and options and a new seed; the clicker takes the same seat there. The old table
 * keeps a `rematch` note naming the new one, so its other players are invited in place ("Ann
 * wants a rematch — join"), and a second click (by anyone) joins that same rematch: the note is
 * read and written inside the old table's queue, so there are never two rematches.
 */
import { settingsOf } from './clocks.js';
import type { Seat } from '../engine/game.js';
import type { CreateTableRequest, RematchEvent } from './protocol.js';
import type { LiveTable } from './live-table.js';
import type { Store } from './storage/types.js';

export type RematchLink = RematchEvent['rematch'];

/** What a rematch of `table` asks for: the same seats (bots stay bots), options and game; a new seed. */
export function rematchRequest(table: LiveTable, seat: Seat, name: string): CreateTableRequest {
  const s = table.stored;
  return {
    game: s.game,
    seats: s.seats.map((x) => (x.kind === 'bot' ? { kind: 'bot', bot: x.bot } : { kind: 'human' })),
    options: s.options,
    join: { seat, name },
    // The same clock as the table it follows (issue 16: same seats, bots and options).
    time: settingsOf(s).time,
  };
}

/** The rematch of a table, if someone started one. */
export async function rematchOf(store: Store, tableId: string): Promise<RematchLink | null> {
  const [note] = await store.getNotes(tableId, { kinds: ['rematch'], limit: 1 });
  const d = note?.data as { tableId?: unknown; by?: unknown } | undefined;
  return typeof d?.tableId === 'string' && typeof d.by === 'string' ? { tableId: d.tableId, by: d.by } : null;
}
