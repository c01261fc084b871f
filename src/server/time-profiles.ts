/**
 * The time profiles a table may be created with (pure data: the web app's new-table form and
 * table page read the same labels). clocks.ts runs them; docs/web.md and the README describe them.
 */
export const TIME_PROFILE_IDS = ['none', 'realtime', 'relaxed', 'turn-based'] as const;
export type TimeProfileId = (typeof TIME_PROFILE_IDS)[number];

export interface TimeProfile {
  id: TimeProfileId;
  label: string;
  /** A seat's time at the start (null: no clock). */
  bankMs: number | null;
  /** Fischer increment: added to a seat's time when its turn passes (it acted and is no longer to act). */
  incrementMs: number;
  /** Turn-based: a seat's time is set back to this when its turn passes (instead of an increment). */
  perMoveMs: number | null;
  /** A disconnected player is replaced by a bot after this long (null: being away is normal). */
  graceMs: number | null;
  /** A player who comes back has at least this much time (so the bot does not take over again at once). */
  returnMs: number;
}

const MIN = 60_000;
const HOUR = 60 * MIN;

export const TIME_PROFILES: Readonly<Record<TimeProfileId, TimeProfile>> = {
  none: { id: 'none', label: 'No clock', bankMs: null, incrementMs: 0, perMoveMs: null, graceMs: null, returnMs: 0 },
  realtime: { id: 'realtime', label: 'Real time: 5 min + 5 s a turn', bankMs: 5 * MIN, incrementMs: 5_000, perMoveMs: null, graceMs: 2 * MIN, returnMs: MIN },
  relaxed: { id: 'relaxed', label: 'Relaxed: 20 min + 30 s a turn', bankMs: 20 * MIN, incrementMs: 30_000, perMoveMs: null, graceMs: 5 * MIN, returnMs: 5 * MIN },
  'turn-based': { id: 'turn-based', label: 'Turn-based: a day a turn', bankMs: 24 * HOUR, incrementMs: 0, perMoveMs: 24 * HOUR, graceMs: null, returnMs: 24 * HOUR },
};

/**
 * The default when the creator picks none: a practice table (at most one human seat) has no
 * clock, since nobody waits for anybody; a table of several people is relaxed.
 */
export const defaultProfile = (humanSeats: number): TimeProfileId => (humanSeats <= 1 ? 'none' : 'relaxed');

/** "4:05", "1:02:03", "23 h" — a remaining time as a clock face shows it. */
export function formatRemaining(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  if (h >= 10) return `${h} h`;
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')}` : `${m}:${String(s).padStart(2, '0')}`;
}
