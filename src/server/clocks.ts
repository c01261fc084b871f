/**
 * Clocks of a live table: the time profiles a table may be created with, and the pure fold that
 * works out every seat's remaining time from the table's history (the actions' `at` times, the
 * `toAct` seats after each action, and the absence notes). The same fold runs live (one event at a
 * time, as actions are committed) and after a restart (over the whole log), so a restarted server
 * resumes every clock exactly where the log says it was. absence.ts owns the timers and notes.
 */
import { z } from 'zod';
import type { Seat } from '../engine/game.js';
import type { BotPlayed, TableTime } from './protocol.js';
import { TIME_PROFILE_IDS, type TimeProfile, type TimeProfileId } from './time-profiles.js';
import { perSettings } from './settings-cache.js';

export { TIME_PROFILES, type TimeProfile, type TimeProfileId } from './time-profiles.js';

/** A clock source: the service's `now()` and timers, so tests can run a fake one. */
export interface Clock {
  now(): number;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const realClock: Clock = {
  now: () => Date.now(),
  setTimeout: (fn, ms) => {
    const t = setTimeout(fn, ms);
    t.unref();
    return t;
  },
  clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
};

export const TimeProfileSchema = z.enum(TIME_PROFILE_IDS);

export { defaultProfile } from './time-profiles.js';

/** What a table keeps in `StoredTable.settings` (fixed at creation). */
export interface TableSettings {
  time: TimeProfileId;
  /** Hash of the creator's token: it replaces lost seat links and hands absent seats to bots. */
  creatorTokenHash?: string;
}

const SettingsSchema = z.object({ time: TimeProfileSchema.catch('none'), creatorTokenHash: z.string().optional() }).passthrough();

/** Settings as stored (absent on tables made before settings existed: no clock, no creator); read once per settings object. */
export const settingsOf = perSettings((settings): TableSettings => {
  const parsed = SettingsSchema.safeParse(settings ?? {});
  if (!parsed.success) return Object.freeze({ time: 'none' });
  const { time, creatorTokenHash } = parsed.data;
  return Object.freeze(creatorTokenHash === undefined ? { time } : { time, creatorTokenHash });
});

// ---------------------------------------------------------------- the fold

/** Why a seat is played by a bot. */
export const TAKEOVER_REASONS = ['timeout', 'disconnected', 'creator'] as const;
export type TakeoverReason = (typeof TAKEOVER_REASONS)[number];

/** One thing that happened to a table's clocks, in the order it happened. */
export type TimeEvent =
  /** The table started running; `toAct` are the seats to act then. */
  | { kind: 'start'; at: number; toAct: readonly Seat[] }
  /** `seat` acted; `toAct` are the seats to act after it. */
  | { kind: 'action'; at: number; seat: Seat; toAct: readonly Seat[] }
  | { kind: 'takeover'; at: number; seat: Seat; reason: TakeoverReason }
  | { kind: 'returned'; at: number; seat: Seat };

/** Every seat's clock and stand-in as of `since`. */
export interface TimeState {
  profile: TimeProfile;
  /** Which seats are people (bots' seats never have a clock). */
  human: readonly boolean[];
  started: boolean;
  /** Remaining time per seat as of `since` (null for bot seats and tables without a clock). */
  remaining: (number | null)[];
  since: number;
  toAct: Seat[];
  /** Seats played by a bot now, and why. */
  standIns: Map<Seat, TakeoverReason>;
  /** How many actions a bot played for each seat. */
  botMoves: number[];
}

export function initialTime(profile: TimeProfile, human: readonly boolean[]): TimeState {
  return {
    profile,
    human,
    started: false,
    remaining: human.map((h) => (h && profile.bankMs !== null ? profile.bankMs : null)),
    since: 0,
    toAct: [],
    standIns: new Map(),
    botMoves: human.map(() => 0),
  };
}

/** Seats whose clock runs: to act, a person, not played by a bot, and the table has a clock. */
export const runningSeats = (s: TimeState): Seat[] =>
  s.started ? s.toAct.filter((seat) => s.remaining[seat] !== null && !s.standIns.has(seat)) : [];

/** Charges the running seats for the time from `since` to `at` (never below zero). */
function advance(s: TimeState, at: number): void {
  const elapsed = Math.max(0, at - s.since);
  for (const seat of runningSeats(s)) s.remaining[seat] = Math.max(0, s.remaining[seat]! - elapsed);
  s.since = Math.max(s.since, at);
}

/** Applies one event (mutates `s`). */
export function applyTimeEvent(s: TimeState, e: TimeEvent): void {
  if (e.kind === 'start') {
    s.started = true;
    s.since = e.at;
    s.toAct = [...e.toAct];
    return;
  }
  advance(s, e.at);
  switch (e.kind) {
    case 'action': {
      const left = s.remaining[e.seat];
      // The increment (or the turn-based day) belongs to a turn, not to each step of it: a game
      // whose turn is many small actions (Acorn Run: each card, each move, "done", R11) would
      // otherwise grow the clock with every step. The game says when a turn ends through `toAct`:
      // the seat acted and is no longer to act (in a simultaneous choice, its own choice is made).
      const turnPassed = !e.toAct.includes(e.seat);
      if (s.standIns.has(e.seat)) s.botMoves[e.seat] = (s.botMoves[e.seat] ?? 0) + 1;
      else if (turnPassed && left !== null && left !== undefined) {
        s.remaining[e.seat] = s.profile.perMoveMs ?? left + s.profile.incrementMs;
      }
      s.toAct = [...e.toAct];
      return;
    }
    case 'takeover':
      s.standIns.set(e.seat, e.reason);
      if (e.reason === 'timeout' && s.remaining[e.seat] !== null) s.remaining[e.seat] = 0;
      return;
    case 'returned': {
      s.standIns.delete(e.seat);
      const left = s.remaining[e.seat];
      if (left !== null && left !== undefined) s.remaining[e.seat] = Math.max(left, s.profile.returnMs);
      return;
    }
  }
}

/** The seat whose clock runs out first, and when (null when no clock runs). */
export function nextTimeout(s: TimeState): { seat: Seat; at: number } | null {
  let best: { seat: Seat; at: number } | null = null;
  for (const seat of runningSeats(s)) {
    const at = s.since + s.remaining[seat]!;
    if (!best || at < best.at) best = { seat, at };
  }
  return best;
}

/** Remaining time per seat at `now` (the running seats charged up to `now`), without changing `s`. */
export function remainingAt(s: TimeState, now: number): (number | null)[] {
  const running = new Set(runningSeats(s));
  const elapsed = Math.max(0, now - s.since);
  return s.remaining.map((r, seat) => (r === null ? null : running.has(seat) ? Math.max(0, r - elapsed) : r));
}

// ---------------------------------------------------------------- a live table's clocks

/** A live table's clocks: the folded state and the clock that reads the time. */
export interface LiveTime {
  state: TimeState;
  clock: Clock;
}

/** The clocks as a frame carries them. */
export function timeFrame(time: LiveTime | undefined, profile: TimeProfileId, seats: number): TableTime {
  if (!time) {
    return { profile, serverNow: Date.now(), seats: Array.from({ length: seats }, () => ({ remainingMs: null, running: false, standIn: null, botMoves: 0 })) };
  }
  const now = time.clock.now();
  const { state } = time;
  const running = new Set(runningSeats(state));
  const left = remainingAt(state, now);
  return {
    profile,
    serverNow: now,
    seats: left.map((remainingMs, seat) => ({
      remainingMs,
      running: running.has(seat),
      standIn: state.standIns.get(seat) ?? null,
      botMoves: state.botMoves[seat] ?? 0,
    })),
  };
}

/** Seats a bot played for, for the result's mark. */
export const botPlayedOf = (time: LiveTime | undefined): BotPlayed[] =>
  time ? time.state.botMoves.flatMap((moves, seat) => (moves > 0 || time.state.standIns.has(seat) ? [{ seat, moves }] : [])) : [];
