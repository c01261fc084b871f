/**
 * End-of-game statistics per seat (issue 25), read from the game's public events (state.ts
 * LogEvent): cards placed on leaf piles (L6), cards put on your own pile in a cold snap (L7), the
 * cards taken back or discarded for a new one (L6), and every hand's score (L9). Pure: the web
 * results and the terminal share it.
 */
import type { Seat } from '../../engine/game.js';
import type { StatsTable } from '../../engine/stats.js';
import type { View, ViewEvent } from './view.js';

export interface SeatStats {
  seat: Seat;
  /** Cards placed on any leaf pile, cold snaps included. */
  placed: number;
  /** Of those, placed on another player's pile. */
  onOthers: number;
  /** Cards placed on your own pile because of a cold snap (L7). */
  coldSnapCards: number;
  kept: number;
  discarded: number;
  /** The score of each hand played, in order (L9). */
  handScores: number[];
}

export interface LeavesStats {
  seats: SeatStats[];
  /** Cold snaps over the whole game (L7). */
  coldSnaps: number;
  /** Hands that ended because someone emptied their hand, and because the draw pile ran out (L8). */
  emptied: number;
  drawPileOut: number;
}

export function leavesStats(events: readonly ViewEvent[], seats: number): LeavesStats {
  const out: LeavesStats = {
    seats: Array.from({ length: seats }, (_, seat) => ({ seat, placed: 0, onOthers: 0, coldSnapCards: 0, kept: 0, discarded: 0, handScores: [] })),
    coldSnaps: 0,
    emptied: 0,
    drawPileOut: 0,
  };
  // A cold snap's reveal makes every placement until the next reveal a cold-snap placement (L7).
  let cold = false;
  for (const e of events) {
    switch (e.type) {
      case 'deal':
        cold = false;
        break;
      case 'reveal':
        cold = e.coldSnap;
        if (cold) out.coldSnaps++;
        break;
      case 'place': {
        const s = out.seats[e.seat]!;
        s.placed++;
        if (e.pile !== e.seat) s.onOthers++;
        if (cold) s.coldSnapCards++;
        break;
      }
      case 'keep':
        out.seats[e.seat]!.kept++;
        break;
      case 'discard':
        out.seats[e.seat]!.discarded++;
        break;
      case 'hand-end':
        e.scores.forEach((score, seat) => out.seats[seat]?.handScores.push(score));
        if (e.emptied === null) out.drawPileOut++;
        else out.emptied++;
        break;
    }
  }
  return out;
}

export function leavesStatsTable(stats: LeavesStats, names: readonly string[]): StatsTable {
  return {
    columns: ['Cards placed (on others)', 'Cold-snap cards', 'Kept or swapped', 'Score per hand'],
    rows: stats.seats.map((s) => ({
      name: names[s.seat] ?? `Seat ${s.seat + 1}`,
      seat: s.seat,
      cells: [`${s.placed} (${s.onOthers})`, String(s.coldSnapCards), `${s.kept} / ${s.discarded}`, s.handScores.join(' · ') || '—'],
    })),
    notes: [
      `${stats.coldSnaps === 1 ? '1 cold snap' : `${stats.coldSnaps} cold snaps`}.`,
      `${stats.emptied + stats.drawPileOut === 1 ? '1 hand' : `${stats.emptied + stats.drawPileOut} hands`}: ${stats.emptied} ended by an emptied hand, ${stats.drawPileOut} by the draw pile running out.`,
    ],
  };
}

/** The statistics table of a finished game from its public events and last view: the package's and the web's `stats`. */
export const leavesStatsOf = (events: readonly unknown[], view: View, names: readonly string[]): StatsTable =>
  leavesStatsTable(leavesStats(events as readonly ViewEvent[], view.seats), names);
