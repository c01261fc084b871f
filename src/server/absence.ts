/**
 * Absent players. A seat whose clock runs out, or whose player has been disconnected longer than
 * the profile's grace period, is played by a bot (the easy level, through bot-seats.ts) until its
 * player returns by opening the table again with the seat's token (on any device). The table's
 * creator may replace a lost seat link (the old token stops working) and hand an absent seat to a
 * bot. Everything that changes a clock is written to the table's notes (`clock-start`, `takeover`,
 * `returned`, `token-replaced`) beside the action log, so after a restart `attach` folds the log
 * and the notes (clocks.ts) back into exactly the clocks the table had.
 */
import { z } from 'zod';
import type { Seat } from '../engine/game.js';
import {
  applyTimeEvent,
  initialTime,
  nextTimeout,
  remainingAt,
  settingsOf,
  TAKEOVER_REASONS,
  TIME_PROFILES,
  type Clock,
  type LiveTime,
  type TakeoverReason,
  type TimeEvent,
} from './clocks.js';
import { hashToken, newSeatToken, tokenMatches } from './ids.js';
import { enqueue, type LiveTable } from './live-table.js';
import type { NewSeatLinkResponse } from './protocol.js';
import { fail, messageOf, storageFailure, type ServiceResult } from './result.js';
import type { StoredAction, StoredSeat, Store } from './storage/types.js';

/** The note kinds this module writes (and reads back after a restart). */
export const TIME_NOTE_KINDS = ['clock-start', 'takeover', 'returned'] as const;

const NoteDataSchema = z.object({ seq: z.number().int().min(0), reason: z.enum(TAKEOVER_REASONS).optional() });

/** What a loaded table's history says: its actions, and who was to act after setup (0) and after each action. */
export interface TableHistory {
  actions: readonly StoredAction[];
  toAct: readonly (readonly Seat[])[];
}

export interface AbsenceOptions {
  store: Store;
  clock: Clock;
  /** Overrides every profile's grace period (a test server, a small deployment). */
  graceMs?: number;
  /** Tells the table's watchers (a frame with no new log lines). */
  announce(table: LiveTable): void;
  /** Sets the bots going (a stand-in may be due to act). */
  scheduleBots(table: LiveTable): void;
  warn(message: string): void;
}

const isoAt = (ms: number): string => new Date(ms).toISOString();

export class Absence {
  /** The timer of each table's next running-out clock. */
  /** Each running table's clock timer and when it is due (clock ms). */
  private readonly timeouts = new Map<string, { handle: unknown; at: number }>();
  /** Grace timers of disconnected seats, by `tableId:seat`. */
  private readonly graces = new Map<string, unknown>();
  private closed = false;

  constructor(private readonly opts: AbsenceOptions) {}

  private toActNow(table: LiveTable): Seat[] {
    return table.stored.status === 'running' ? [...table.match.toAct] : [];
  }

  private graceOf(table: LiveTable): number | null {
    const profile = TIME_PROFILES[settingsOf(table.stored).time];
    if (profile.id === 'none') return null;
    return this.opts.graceMs ?? profile.graceMs;
  }

  /** Whether a bot plays this person's seat now. */
  isStandIn(table: LiveTable, seat: Seat): boolean {
    return table.time?.state.standIns.has(seat) ?? false;
  }

  /**
   * Gives a new or just loaded table its clocks: a new one starts them if it runs already; a
   * loaded one folds its log and notes (`history`) into the clocks it had, charging the running
   * seats for the time the server was away.
   */
  async attach(table: LiveTable, history?: TableHistory): Promise<void> {
    const profile = TIME_PROFILES[settingsOf(table.stored).time];
    const state = initialTime(profile, table.stored.seats.map((s) => s.kind === 'human'));
    table.time = { state, clock: this.opts.clock } satisfies LiveTime;
    if (!history) {
      if (table.stored.status === 'running') await this.started(table);
      return;
    }
    const notes = await this.opts.store.getNotes(table.stored.id, { kinds: TIME_NOTE_KINDS });
    // Notes written after action k (data.seq = k) come after it and before action k + 1.
    const events: { key: number; event: TimeEvent }[] = [];
    history.actions.forEach((a, i) => {
      events.push({ key: a.seq * 2, event: { kind: 'action', at: Date.parse(a.at), seat: a.seat, toAct: history.toAct[i + 1] ?? [] } });
    });
    for (const note of notes) {
      const data = NoteDataSchema.safeParse(note.data);
      if (!data.success || note.seat === null && note.kind !== 'clock-start') continue;
      const at = Date.parse(note.at);
      const key = data.data.seq * 2 + 1;
      if (note.kind === 'clock-start') events.push({ key, event: { kind: 'start', at, toAct: history.toAct[data.data.seq] ?? [] } });
      else if (note.kind === 'takeover') events.push({ key, event: { kind: 'takeover', at, seat: note.seat!, reason: data.data.reason ?? 'timeout' } });
      else if (note.kind === 'returned') events.push({ key, event: { kind: 'returned', at, seat: note.seat! } });
    }
    // Stable: notes of one seq keep their order (n).
    events.sort((a, b) => a.key - b.key);
    for (const { event } of events) applyTimeEvent(state, event);
    if (table.stored.status !== 'running') return;
    this.reschedule(table);
    // Nobody is connected to a table that was just loaded: whoever does not come back within the grace period is replaced.
    table.stored.seats.forEach((s, seat) => {
      if (s.kind === 'human' && s.tokenHash !== null) this.presenceChanged(table, seat, false);
    });
  }

  /** The table started running (every seat taken): its clocks start now. The caller holds the queue. */
  async started(table: LiveTable): Promise<void> {
    const time = table.time;
    if (!time || time.state.started) return;
    const at = this.opts.clock.now();
    await this.note(table, at, 'clock-start', null, {});
    applyTimeEvent(time.state, { kind: 'start', at, toAct: this.toActNow(table) });
    this.reschedule(table);
    // Whoever left while the table waited for players has the grace period from now.
    table.stored.seats.forEach((s, seat) => {
      if (s.kind === 'human' && (table.presence.get(seat) ?? 0) === 0) this.presenceChanged(table, seat, false);
    });
  }

  /** An action was committed (at `table.stored.updatedAt`, the time the log holds). */
  actionCommitted(table: LiveTable, seat: Seat): void {
    const time = table.time;
    if (!time) return;
    applyTimeEvent(time.state, { kind: 'action', at: Date.parse(table.stored.updatedAt), seat, toAct: this.toActNow(table) });
    if (table.stored.status === 'finished') this.forget(table);
    else this.reschedule(table);
  }

  /**
   * A seat's connections changed (`joined`: one more). A connection opened with the token of a
   * seat a bot plays is its player's return; the last one going starts the grace period.
   */
  presenceChanged(table: LiveTable, seat: Seat, joined: boolean): void {
    if (this.closed) return;
    const key = `${table.stored.id}:${seat}`;
    const connected = (table.presence.get(seat) ?? 0) > 0;
    if (connected) {
      this.cancelGrace(key);
      if (joined && this.isStandIn(table, seat)) void this.returned(table, seat).catch((e: unknown) => this.opts.warn(`table ${table.stored.id}: ${messageOf(e)}`));
      return;
    }
    const grace = this.graceOf(table);
    if (grace === null || table.stored.status !== 'running' || this.isStandIn(table, seat) || this.graces.has(key)) return;
    const handle = this.opts.clock.setTimeout(() => {
      this.graces.delete(key);
      void enqueue(table, async () => {
        if ((table.presence.get(seat) ?? 0) > 0 || table.stored.status !== 'running' || this.isStandIn(table, seat)) return;
        await this.takeOver(table, seat, 'disconnected');
      }).catch((e: unknown) => this.opts.warn(`table ${table.stored.id}: ${messageOf(e)}`));
    }, grace);
    this.graces.set(key, handle);
  }

  /** The player of a seat a bot plays is back (opened the seat, or acted). Takes the table's queue. */
  returned(table: LiveTable, seat: Seat): Promise<void> {
    return enqueue(table, () => this.returnNow(table, seat));
  }

  /** As `returned`, for a caller that holds the table's queue. */
  async returnNow(table: LiveTable, seat: Seat): Promise<void> {
    const time = table.time;
    if (!time || !time.state.standIns.has(seat)) return;
    const at = this.opts.clock.now();
    await this.note(table, at, 'returned', seat, {});
    applyTimeEvent(time.state, { kind: 'returned', at, seat });
    this.reschedule(table);
    this.opts.announce(table);
  }

  /** A bot takes the seat over. The caller holds the table's queue. */
  private async takeOver(table: LiveTable, seat: Seat, reason: TakeoverReason): Promise<void> {
    const time = table.time;
    if (!time || time.state.standIns.has(seat) || table.stored.status !== 'running') return;
    const at = this.opts.clock.now();
    await this.note(table, at, 'takeover', seat, { reason });
    applyTimeEvent(time.state, { kind: 'takeover', at, seat, reason });
    this.cancelGrace(`${table.stored.id}:${seat}`);
    this.reschedule(table);
    this.opts.announce(table);
    this.opts.scheduleBots(table);
  }

  // ---------------------------------------------------------------- the creator's powers

  private creatorCheck(table: LiveTable, seat: Seat, creatorToken: string): ServiceResult<StoredSeat> {
    const hash = settingsOf(table.stored).creatorTokenHash;
    if (hash === undefined || !tokenMatches(creatorToken, hash)) return fail('forbidden', "this is not the table creator's token");
    const s = table.stored.seats[seat];
    if (!s || s.kind !== 'human') return fail('not-a-seat', `seat ${seat + 1} is not a human seat at this table`);
    if (s.tokenHash === null) return fail('not-a-seat', `seat ${seat + 1} is free: anyone with the invite link can take it`);
    if (table.stored.status === 'finished') return fail('game-over', 'the game is over');
    return { ok: true, value: s };
  }

  /** A new link for a seat whose player lost theirs: the old token stops working. Takes the queue. */
  newSeatLink(table: LiveTable, seat: Seat, creatorToken: string): Promise<ServiceResult<NewSeatLinkResponse>> {
    return enqueue(table, async () => {
      const checked = this.creatorCheck(table, seat, creatorToken);
      if (!checked.ok) return checked;
      const token = newSeatToken();
      const seats = table.stored.seats.map((s, i): StoredSeat => (i === seat && s.kind === 'human' ? { ...s, tokenHash: hashToken(token) } : s));
      const now = this.opts.clock.now();
      const at = isoAt(now);
      try {
        await this.opts.store.updateSeats(table.stored.id, seats, table.stored.status, at);
        await this.note(table, now, 'token-replaced', seat, {});
      } catch (e) {
        return storageFailure('the new link', e);
      }
      table.stored = { ...table.stored, seats, updatedAt: at };
      return { ok: true, value: { seat, token } };
    });
  }

  /** The creator hands a seat whose player is away to a bot (until the player returns). Takes the queue. */
  handToBot(table: LiveTable, seat: Seat, creatorToken: string): Promise<ServiceResult<{ seat: Seat }>> {
    return enqueue(table, async () => {
      const checked = this.creatorCheck(table, seat, creatorToken);
      if (!checked.ok) return checked;
      if (table.stored.status !== 'running') return fail('table-not-running', 'the game has not started');
      if ((table.presence.get(seat) ?? 0) > 0) return fail('bad-seat', `${checked.value.kind === 'human' ? checked.value.name ?? `seat ${seat + 1}` : ''} is at the table`);
      if (this.isStandIn(table, seat)) return { ok: true, value: { seat } };
      try {
        await this.takeOver(table, seat, 'creator');
      } catch (e) {
        return storageFailure('the hand-over', e);
      }
      return { ok: true, value: { seat } };
    });
  }

  // ---------------------------------------------------------------- timers

  /**
   * Sets the timer of the next clock to run out. A timer already due no later is kept: it looks
   * again when it fires (below), so nothing runs out unnoticed, and a table whose deadline moves
   * later with each action (the usual case) does not clear and set a timer per action (0.6% of a
   * busy server's thread at 2,000 tables).
   */
  private reschedule(table: LiveTable): void {
    const id = table.stored.id;
    const old = this.timeouts.get(id);
    const time = table.time;
    const next = this.closed || !time || table.stored.status !== 'running' ? undefined : nextTimeout(time.state);
    if (old !== undefined && next && old.at <= next.at) return;
    if (old !== undefined) this.opts.clock.clearTimeout(old.handle);
    this.timeouts.delete(id);
    if (!time || !next) return;
    const handle = this.opts.clock.setTimeout(() => {
      this.timeouts.delete(id);
      void enqueue(table, async () => {
        const left = remainingAt(time.state, this.opts.clock.now())[next.seat];
        if (left === 0 && time.state.toAct.includes(next.seat)) await this.takeOver(table, next.seat, 'timeout');
        else this.reschedule(table);
      }).catch((e: unknown) => this.opts.warn(`table ${id}: ${messageOf(e)}`));
    }, Math.max(0, next.at - this.opts.clock.now()));
    this.timeouts.set(id, { handle, at: next.at });
  }

  private cancelGrace(key: string): void {
    const handle = this.graces.get(key);
    if (handle !== undefined) this.opts.clock.clearTimeout(handle);
    this.graces.delete(key);
  }

  /** A finished table's timers go. */
  forget(table: LiveTable): void {
    const id = table.stored.id;
    const t = this.timeouts.get(id);
    if (t !== undefined) this.opts.clock.clearTimeout(t.handle);
    this.timeouts.delete(id);
    for (const key of [...this.graces.keys()]) if (key.startsWith(`${id}:`)) this.cancelGrace(key);
  }

  close(): void {
    this.closed = true;
    for (const t of this.timeouts.values()) this.opts.clock.clearTimeout(t.handle);
    for (const t of this.graces.values()) this.opts.clock.clearTimeout(t);
    this.timeouts.clear();
    this.graces.clear();
  }

  private note(table: LiveTable, at: number, kind: string, seat: Seat | null, data: Record<string, unknown>): Promise<unknown> {
    return this.opts.store.appendNote({ tableId: table.stored.id, kind, seat, data: { seq: table.stored.seq, ...data }, at: isoAt(at) });
  }
}
