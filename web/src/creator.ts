/**
 * Keys this browser holds beyond its seats (seats.ts): the creator's token of each table it set
 * up (it replaces lost seat links and hands absent seats to bots), and seat links (a table link
 * carrying a seat's token in its #fragment, so it never reaches a server log) that bring a seat
 * to another device.
 */
import { keepSeat, type HeldSeat } from './seats.js';

const creatorKey = (tableId: string): string => `drey:creator:${tableId}`;

export function keepCreatorToken(tableId: string, token: string): void {
  localStorage.setItem(creatorKey(tableId), token);
}

export function creatorToken(tableId: string): string | null {
  try {
    return localStorage.getItem(creatorKey(tableId));
  } catch {
    return null;
  }
}

/** The link that opens `seat` with its token on any device. */
export const seatLink = (tableId: string, held: HeldSeat): string =>
  `${location.origin}/t/${encodeURIComponent(tableId)}#seat=${held.seat + 1}&key=${encodeURIComponent(held.token)}`;

/**
 * A seat link opened in this browser: keeps the seat (replacing what the browser held for this
 * table) and takes the token out of the address bar. Null when the address holds no seat link.
 */
export function takeSeatLink(tableId: string): HeldSeat | null {
  const params = new URLSearchParams(location.hash.slice(1));
  const seat = Number(params.get('seat'));
  const token = params.get('key');
  if (!token || !/^[A-Za-z0-9_-]{22,128}$/.test(token) || !Number.isInteger(seat) || seat < 1) return null;
  const held = { seat: seat - 1, token };
  keepSeat(tableId, held);
  history.replaceState(null, '', location.pathname + location.search);
  return held;
}
