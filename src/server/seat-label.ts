/**
 * What a seat is called at the table, from what everyone may know of it. The web table, the
 * lobby, the replay viewer and the server's narrated history (narration-history.ts) use this one
 * rule, so a history built on the server names people as the page that watched it live did.
 * Pure and type-only in its imports: the web app loads it.
 */
import type { PublicSeat } from './protocol.js';

export const seatLabel = (s: PublicSeat | undefined, seat: number): string =>
  s === undefined
    ? `Seat ${seat + 1}`
    : s.kind === 'bot'
      ? s.name
      : (s.name ?? (s.reservedFor === undefined ? `Seat ${seat + 1} (open)` : `Seat ${seat + 1} (kept for ${s.reservedFor})`));

export const seatLabels = (seats: readonly PublicSeat[]): string[] => seats.map((s, i) => seatLabel(s, i));
