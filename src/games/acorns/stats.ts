/**
 * End-of-game statistics per seat (issue 25), read from the game's public events (state.ts
 * LogEntry): trees planted, trees claimed and their acorns (A7–A9), and the fights: trees won
 * from another player (claimed a tree someone else planted) and trees lost (a tree you planted
 * claimed by someone else). In the partner game (A12) a partner's tree is the team's own: taking
 * it is no fight won, and it is no tree lost. Pure: the web results and the terminal share it.
 */
import type { Seat } from '../../engine/game.js';
import type { StatsTable } from '../../engine/stats.js';
import type { LogEvent } from './state.js';
import type { AcornsView } from './view.js';

export interface SeatStats {
  seat: Seat;
  planted: number;
  claimed: number;
  acorns: number;
  /** Trees claimed that another side planted. */
  won: number;
  /** Trees this seat planted that another side claimed. */
  lost: number;
  foxes: number;
  turtles: number;
}

/** The figures of every seat; `teams` are the partner game's sides (A12), null when everyone plays alone. */
export function acornsStats(events: readonly LogEvent[], seats: number, teams: readonly (readonly Seat[])[] | null): SeatStats[] {
  const side = (seat: Seat): number => (teams ? teams.findIndex((t) => t.includes(seat)) : seat);
  const stats: SeatStats[] = Array.from({ length: seats }, (_, seat) => ({ seat, planted: 0, claimed: 0, acorns: 0, won: 0, lost: 0, foxes: 0, turtles: 0 }));
  for (const e of events) {
    switch (e.kind) {
      case 'plant':
        stats[e.seat]!.planted++;
        break;
      case 'fox':
        stats[e.seat]!.foxes++;
        break;
      case 'turtle':
        stats[e.seat]!.turtles++;
        break;
      case 'claim': {
        const s = stats[e.seat]!;
        s.claimed++;
        s.acorns += e.acorns;
        if (side(e.owner) !== side(e.seat)) {
          s.won++;
          stats[e.owner]!.lost++;
        }
        break;
      }
      default:
        break;
    }
  }
  return stats;
}

export function acornsStatsTable(stats: readonly SeatStats[], names: readonly string[]): StatsTable {
  return {
    columns: ['Trees planted', 'Trees claimed (acorns)', 'Won in fights', 'Lost in fights', 'Foxes and turtle'],
    rows: stats.map((s) => ({
      name: names[s.seat] ?? `Seat ${s.seat + 1}`,
      seat: s.seat,
      cells: [String(s.planted), `${s.claimed} (${s.acorns})`, String(s.won), String(s.lost), String(s.foxes + s.turtles)],
    })),
    notes: [],
  };
}

/** The statistics table of a finished game from its public events and last view: the package's and the web's `stats`. */
export const acornsStatsOf = (events: readonly unknown[], view: AcornsView, names: readonly string[]): StatsTable =>
  acornsStatsTable(acornsStats(events as readonly LogEvent[], view.seats, view.teams), names);
