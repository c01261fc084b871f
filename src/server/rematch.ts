/**
 * Rematch (issue 16): one click on a finished table's results starts a new table with the same
 * seats, bots and options and a new seed; the clicker takes the same seat there. The old table
 * keeps a `rematch` note naming the new one, so its other players are invited in place ("Ann
 * wants a rematch — join"), and a second click (by anyone) joins that same rematch: the note is
 * read and written inside the old table's queue, so there are never two rematches.
 *
 * Every other human seat of the rematch is kept for the player who had it (`reservedFor`): the
 * new table's invite link cannot take it, only that player's "join" (which shows their token of
 * the old table) can. The reservation ends when they join, or when the new table's creator (the
 * player who started the rematch) opens the seat for anyone; the game cannot start before every
 * seat is taken, so a kept seat never holds up a running game.
 */
import { settingsOf } from './clocks.js';
import type { Seat } from '../engine/game.js';
import type { CreateTableRequest, RematchEvent } from './protocol.js';
import type { LiveTable } from './live-table.js';
import type { Store } from './storage/types.js';
import { isPlaytest } from './playtest.js';

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
    // A rematch of a playtest is a playtest of the same content, and of any other table is not (issue 27).
    playtest: isPlaytest(s),
  };
}

/** Who keeps each seat of the rematch of `table` started from `seat`: every other person's seat is kept for them. */
export function rematchReservations(table: LiveTable, seat: Seat): (string | undefined)[] {
  return table.stored.seats.map((s, i) => (s.kind === 'human' && i !== seat ? (s.name ?? `Seat ${i + 1}`) : undefined));
}

/** The table a rematch table follows (its `rematchOf` setting), if it is one. */
export function rematchedFrom(stored: { settings?: unknown }): string | undefined {
  const from = (stored.settings as { rematchOf?: unknown } | undefined)?.rematchOf;
  return typeof from === 'string' ? from : undefined;
}

/** The rematch of a table, if someone started one. */
export async function rematchOf(store: Store, tableId: string): Promise<RematchLink | null> {
  const [note] = await store.getNotes(tableId, { kinds: ['rematch'], limit: 1 });
  const d = note?.data as { tableId?: unknown; by?: unknown } | undefined;
  return typeof d?.tableId === 'string' && typeof d.by === 'string' ? { tableId: d.tableId, by: d.by } : null;
}
