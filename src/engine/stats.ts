/**
 * End-of-game statistics (issue 25): each game folder reads a finished game's public events (the
 * whole sequence, every view's tail read in order, engine/narration.ts) into a table of figures
 * per player, which the web results screen and the terminal show the same way. Only public events
 * are read, so a spectator's sequence gives the same figures as a player's.
 */
import { eventsSince, logEnd, type AnyNarrator } from './narration.js';

export interface StatsTable {
  /** Column headings, after the player's name. */
  columns: string[];
  /** One row per player (Acorn Run: per racer, dummies too), in seat order. */
  rows: { name: string; seat: number | null; cells: string[] }[];
  /** Facts about the whole game, one sentence each ("2 cold snaps."). */
  notes: string[];
}

/**
 * Every event of a game, from a viewer's successive views of it (the replay's frames, first to
 * last): each view's tail is read on from where the previous one ended. `missed` counts events no
 * view held (a gap between two frames longer than a state's tail), which makes the figures partial.
 */
export function allEvents(narrator: AnyNarrator, views: readonly unknown[]): { events: unknown[]; missed: number } {
  const events: unknown[] = [];
  let next = 0;
  let missed = 0;
  for (const view of views) {
    const log = narrator.log(view);
    // An undone step took its events back (engine/match.ts): so does the sequence.
    const end = logEnd(log);
    if (end < next) {
      events.length = Math.max(0, events.length - (next - end));
      next = end;
    }
    const since = eventsSince(log, next);
    missed += since.missed;
    for (const e of since.events) events.push(e);
    next = since.next;
  }
  return { events, missed };
}
