/**
 * Players' feedback after a playtest (issue 27, part 2; the stored shape is playtest.ts's). Once a
 * playtest table is finished, the holder of a human seat's token may send a short rating and a
 * comment; it is kept as a `playtest-feedback` note of the table with that seat, and the last note
 * of a seat is the one that counts (the lab reads them). Nothing else about the player is kept:
 * their display name is on the table already, the token is only checked against its hash.
 *
 * A finished table never changes and needs no lease (storage/types.ts), so any server process
 * answers from the store; this module needs nothing of the live table. Sending is refused, with a
 * reason and nothing stored, when the table is not a playtest, the game is not over, the token is
 * not a person's seat at the table (spectators and bots give no feedback), or the seat has already
 * sent feedback FEEDBACK_PER_SEAT times. Within one process a table's sends run one at a time, so
 * the count holds; two processes sending for one seat at the same instant could each store one.
 */
import type { Seat } from '../engine/game.js';
import { tokenMatches } from './ids.js';
import { isPlaytest, PLAYTEST_FEEDBACK_KIND, PlaytestFeedbackSchema, type PlaytestFeedback } from './playtest.js';
import type { FeedbackResponse } from './protocol.js';
import { fail, storageFailure, type ServiceResult } from './result.js';
import type { Store, StoredTable, TableNote } from './storage/types.js';

/** How many times one seat may send feedback on one table (changing it counts as sending again). */
export const FEEDBACK_PER_SEAT = 10;

export interface FeedbackDeskOptions {
  store: Store;
  now?: () => Date;
}

/** A seat's notes, oldest first, as the seat's answer. */
function answerOf(seat: Seat, notes: readonly TableNote[]): FeedbackResponse {
  const mine = notes.filter((n) => n.seat === seat);
  const last = mine.at(-1);
  const parsed = last === undefined ? undefined : PlaytestFeedbackSchema.safeParse(last.data);
  return {
    seat,
    feedback: parsed?.success ? parsed.data : null,
    at: last?.at ?? null,
    sent: mine.length,
    left: Math.max(0, FEEDBACK_PER_SEAT - mine.length),
  };
}

/** The human seat the token opens at the table, or null (a spectator, a bot, a stranger). */
function seatOf(stored: StoredTable, token: string): Seat | null {
  const i = stored.seats.findIndex((s) => s.kind === 'human' && s.tokenHash !== null && tokenMatches(token, s.tokenHash));
  return i >= 0 ? i : null;
}

export class PlaytestFeedbackDesk {
  /** Each table's sends, one after another (the per-seat count is read and written in one turn). */
  private readonly queues = new Map<string, Promise<unknown>>();

  constructor(private readonly opts: FeedbackDeskOptions) {}

  /** The playtest table and the human seat the token opens there, or why not. */
  private async seatAt(tableId: string, token: string): Promise<ServiceResult<{ stored: StoredTable; seat: Seat }>> {
    const stored = await this.opts.store.getTable(tableId);
    if (!stored) return fail('unknown-table', `there is no table ${tableId}`);
    if (!isPlaytest(stored)) return fail('not-a-playtest', 'this table is not a playtest: feedback is asked for only at playtest tables');
    const seat = seatOf(stored, token);
    if (seat === null) return fail('bad-token', "this token is not a player's seat at this table: only the people who played give feedback");
    return { ok: true, value: { stored, seat } };
  }

  private notes(tableId: string): Promise<TableNote[]> {
    return this.opts.store.getNotes(tableId, { kinds: [PLAYTEST_FEEDBACK_KIND] });
  }

  /** What the seat of `token` has sent so far (its last feedback, how often, how many more times it may). */
  async mine(tableId: string, token: string): Promise<ServiceResult<FeedbackResponse>> {
    const at = await this.seatAt(tableId, token);
    if (!at.ok) return at;
    return { ok: true, value: answerOf(at.value.seat, await this.notes(tableId)) };
  }

  /** Keeps the feedback of the seat of `token` (parsed with PlaytestFeedbackSchema) as a note of the table. */
  send(tableId: string, token: string, feedback: PlaytestFeedback): Promise<ServiceResult<FeedbackResponse>> {
    const previous = this.queues.get(tableId) ?? Promise.resolve();
    const run = previous.then(() => this.sendNow(tableId, token, feedback));
    const settled = run.catch(() => undefined);
    this.queues.set(tableId, settled);
    void settled.then(() => {
      if (this.queues.get(tableId) === settled) this.queues.delete(tableId);
    });
    return run;
  }

  private async sendNow(tableId: string, token: string, feedback: PlaytestFeedback): Promise<ServiceResult<FeedbackResponse>> {
    const at = await this.seatAt(tableId, token);
    if (!at.ok) return at;
    const { stored, seat } = at.value;
    if (stored.status !== 'finished') return fail('not-finished', 'feedback is given once the game is over');
    const notes = await this.notes(tableId);
    const sent = notes.filter((n) => n.seat === seat).length;
    if (sent >= FEEDBACK_PER_SEAT) {
      return fail('feedback-limit', `seat ${seat + 1} has sent feedback ${sent} times, the most one seat may; the last one sent is kept`);
    }
    let note: TableNote;
    try {
      note = await this.opts.store.appendNote({ tableId, kind: PLAYTEST_FEEDBACK_KIND, seat, data: feedback, at: (this.opts.now?.() ?? new Date()).toISOString() });
    } catch (e) {
      return storageFailure('your feedback', e);
    }
    return { ok: true, value: answerOf(seat, [...notes, note]) };
  }
}
