/**
 * Seat clocks. The server sends each seat's remaining time with every frame; a running clock
 * counts down here from the moment the frame arrived (the next frame sets it again, so it never
 * drifts). A seat played by a bot while its player is away says so on its chip.
 */
import { useEffect, useRef, useState } from 'react';
import type { SeatTime, TableTime } from '../../../src/server/protocol.js';
import { formatRemaining, TIME_PROFILES } from '../../../src/server/time-profiles.js';

/** The time frame and when it arrived (performance.now()). */
function useArrival(time: TableTime): number {
  const seen = useRef<{ time: TableTime; at: number } | null>(null);
  if (seen.current?.time !== time) seen.current = { time, at: performance.now() };
  return seen.current.at;
}

/** Re-renders every quarter second while any clock runs. */
function useTicker(on: boolean): number {
  const [now, setNow] = useState(() => performance.now());
  useEffect(() => {
    if (!on) return;
    const timer = setInterval(() => setNow(performance.now()), 250);
    return () => clearInterval(timer);
  }, [on]);
  return now;
}

const REASON: Record<NonNullable<SeatTime['standIn']>, string> = {
  timeout: 'their clock ran out',
  disconnected: 'they left the table',
  creator: 'the table’s creator handed the seat over',
};

/** Why a bot plays a seat, in words. */
export const standInReason = (s: SeatTime): string => (s.standIn ? REASON[s.standIn] : '');

/** Remaining time of every seat now, counted down since the frame arrived. */
export function useRemaining(time: TableTime): (number | null)[] {
  const arrived = useArrival(time);
  const now = useTicker(time.seats.some((s) => s.running));
  const elapsed = Math.max(0, now - arrived);
  return time.seats.map((s) => (s.remainingMs === null ? null : s.running ? Math.max(0, s.remainingMs - elapsed) : s.remainingMs));
}

/** What a seat chip shows of its clock and stand-in. */
export function SeatClock({ seat, remaining, name }: { seat: SeatTime | undefined; remaining: number | null | undefined; name: string }) {
  if (!seat) return null;
  return (
    <>
      {remaining !== null && remaining !== undefined && (
        <span className={`tag clock ${seat.running ? 'running' : ''} ${remaining < 30_000 ? 'low' : ''}`} data-testid="clock" title={seat.running ? 'running' : 'stopped'}>
          <svg viewBox="0 0 12 12" width="10" height="10" aria-hidden="true">
            <circle cx="6" cy="6.5" r="4.5" fill="none" stroke="currentColor" strokeWidth="1.4" />
            <path d="M6 4v2.7l1.8 1" fill="none" stroke="currentColor" strokeWidth="1.2" strokeLinecap="round" />
          </svg>{' '}
          {formatRemaining(remaining)}
        </span>
      )}
      {seat.standIn && (
        <span className="tag stand-in" data-testid="stand-in" title={standInReason(seat)}>
          bot playing for {name}
        </span>
      )}
    </>
  );
}

/** The table's time profile in a few words. */
export const profileLabel = (time: TableTime['profile']): string => TIME_PROFILES[time].label;
