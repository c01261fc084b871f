/**
 * Table chat (issue 16): seated players write, spectators read. A line is text only (the schema
 * takes control and direction characters out and bounds it to CHAT_MAX characters; clients render
 * it as text, never HTML), each seat may write so many lines a second (a token bucket per table
 * and seat), and every line is kept with the table as a `chat` note, so it is there after a
 * reload or a restart. Watchers get the latest CHAT_HISTORY lines when they watch.
 */
import type { Seat } from '../engine/game.js';
import { TokenBucket } from './limits.js';
import { seatName, type LiveTable } from './live-table.js';
import type { ChatLine } from './protocol.js';
import { fail, messageOf, storageFailure, type ServiceResult } from './result.js';
import type { Store, TableNote } from './storage/types.js';

/** How many of the latest lines a watcher gets. */
export const CHAT_HISTORY = 100;

export interface ChatOptions {
  store: Store;
  now(): string;
  /** Lines a seat may write per second on average, and in a burst (default 1 per 2 s, 5). */
  perSecond?: number;
  burst?: number;
  /** The clock of the rate limit, in ms (tests pass a fake one). */
  clock?: () => number;
}

const lineOf = (note: TableNote): ChatLine | null => {
  const d = note.data as { name?: unknown; text?: unknown } | null;
  if (note.seat === null || typeof d?.text !== 'string' || typeof d.name !== 'string') return null;
  return { n: note.n, seat: note.seat, name: d.name, text: d.text, at: note.at };
};

export class TableChat {
  /** The latest lines of each table in memory (loaded once from its notes). */
  private readonly recent = new WeakMap<LiveTable, Promise<ChatLine[]>>();
  private readonly buckets = new WeakMap<LiveTable, Map<Seat, TokenBucket>>();

  constructor(private readonly opts: ChatOptions) {}

  /** The latest lines, oldest first. */
  history(table: LiveTable): Promise<ChatLine[]> {
    let lines = this.recent.get(table);
    if (!lines) {
      lines = this.opts.store
        .getNotes(table.stored.id, { kinds: ['chat'] })
        .then((notes) => notes.flatMap((n) => lineOf(n) ?? []).slice(-CHAT_HISTORY));
      this.recent.set(table, lines);
      lines.catch(() => this.recent.delete(table));
    }
    return lines;
  }

  /** Writes a line for `seat` (text already parsed by ChatTextSchema). */
  async post(table: LiveTable, seat: Seat, text: string): Promise<ServiceResult<ChatLine>> {
    let seats = this.buckets.get(table);
    if (!seats) this.buckets.set(table, (seats = new Map()));
    let bucket = seats.get(seat);
    if (!bucket) seats.set(seat, (bucket = new TokenBucket(this.opts.perSecond ?? 0.5, this.opts.burst ?? 5, this.opts.clock)));
    if (!bucket.take()) return fail('rate-limited', 'you are writing too fast: wait a moment');
    const lines = await this.history(table);
    let note: TableNote;
    try {
      note = await this.opts.store.appendNote({ tableId: table.stored.id, kind: 'chat', seat, data: { name: seatName(table, seat), text }, at: this.opts.now() });
    } catch (e) {
      return storageFailure('the line', e);
    }
    const line = lineOf(note)!;
    lines.push(line);
    if (lines.length > CHAT_HISTORY) lines.shift();
    return { ok: true, value: line };
  }
}
