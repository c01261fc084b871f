/**
 * Absent players at the table: the notice that a bot plays a seat (and the button that takes it
 * back), the player's own seat link for another device and the creator's tools (a new link for a
 * lost seat, a bot for an absent one) in the table's menu, and the result's mark of the moves bots
 * played for people.
 */
import { useRef, useState } from 'react';
import type { TableFrame } from '../../../src/server/protocol.js';
import { api } from '../api.js';
import { creatorToken, seatLink } from '../creator.js';
import type { HeldSeat } from '../seats.js';
import { standInReason } from './Clocks.js';

/** Log lines of takeovers and returns seen while the page is open. */
function useAbsenceLog(frame: TableFrame, names: readonly string[]): string[] {
  const seen = useRef<{ tableId: string; standIns: (string | null)[]; lines: string[] } | null>(null);
  const now = frame.time.seats.map((s) => s.standIn);
  if (seen.current?.tableId !== frame.tableId) {
    seen.current = { tableId: frame.tableId, standIns: now, lines: [] };
    frame.time.seats.forEach((s, i) => s.standIn && seen.current!.lines.push(`A bot plays for ${names[i]}: ${standInReason(s)}.`));
    return seen.current.lines;
  }
  const prev = seen.current.standIns;
  const lines = [...seen.current.lines];
  frame.time.seats.forEach((s, i) => {
    if (s.standIn && !prev[i]) lines.push(`A bot took over ${names[i]}’s seat: ${standInReason(s)}.`);
    if (!s.standIn && prev[i]) lines.push(`${names[i]} is back.`);
  });
  seen.current = { tableId: frame.tableId, standIns: now, lines };
  return lines;
}

/**
 * What the table says about absent players: the notice that a bot plays your seat (and the button
 * that takes it back) and who was taken over or came back. Your seat link and the creator's tools
 * live in the table's menu (SeatTools), so they do not push the cards down the screen.
 */
export function AbsencePanel({ frame, held, names }: { frame: TableFrame; held: HeldSeat | null; names: readonly string[] }) {
  const log = useAbsenceLog(frame, names);
  const [message, setMessage] = useState<string | null>(null);
  const mine = frame.you !== null ? frame.time.seats[frame.you] : undefined;
  const back = async (): Promise<void> => {
    if (!held) return;
    const r = await api.back(frame.tableId, held.token);
    setMessage(r.ok ? null : r.error.message);
  };
  if (!(mine?.standIn && held) && log.length === 0 && message === null) return null;
  return (
    <section className="panel absence" aria-label="absent players">
      {mine?.standIn && held && (
        <p className="notice" role="status" data-testid="you-stood-in">
          A bot is playing for you ({standInReason(mine)}).{' '}
          <button type="button" className="btn small primary" onClick={() => void back()} data-testid="take-seat-back">
            Take my seat back
          </button>
        </p>
      )}
      {log.length > 0 && (
        <ul className="absence-log small" data-testid="absence-log">
          {log.map((line, i) => (
            <li key={i}>{line}</li>
          ))}
        </ul>
      )}
      {message && <p className="error-text">{message}</p>}
    </section>
  );
}

/** Whether SeatTools has anything to show for this table and seat. */
export function hasSeatTools(frame: TableFrame, held: HeldSeat | null): boolean {
  const others = frame.seats.some((s, i) => s.kind === 'human' && s.name !== null && i !== frame.you);
  return frame.status !== 'finished' && (held !== null || (creatorToken(frame.tableId) !== null && others));
}

/**
 * The player's own seat link for another device and the creator's tools (a new link for a lost
 * seat, a bot for an absent one), shown in the table's menu.
 */
export function SeatTools({ frame, held, names }: { frame: TableFrame; held: HeldSeat | null; names: readonly string[] }) {
  const creator = creatorToken(frame.tableId);
  const [links, setLinks] = useState<Record<number, string>>({});
  const [message, setMessage] = useState<string | null>(null);
  const running = frame.status === 'running';
  const others = frame.seats.flatMap((s, i) => (s.kind === 'human' && s.name !== null && i !== frame.you ? [i] : []));

  const newLink = async (seat: number): Promise<void> => {
    if (!creator) return;
    const r = await api.newSeatLink(frame.tableId, seat, creator);
    if (!r.ok) return setMessage(r.error.message);
    setLinks((l) => ({ ...l, [seat]: seatLink(frame.tableId, { seat, token: r.value.token }) }));
  };
  const toBot = async (seat: number): Promise<void> => {
    if (!creator) return;
    const r = await api.handToBot(frame.tableId, seat, creator);
    setMessage(r.ok ? null : r.error.message);
  };

  const showCreator = creator !== null && frame.status !== 'finished' && others.length > 0;
  // The seat link is only offered while the game runs.
  const showLink = held !== null && frame.status !== 'finished';
  return (
    <>
      {showLink && (
        <div className="small seat-link-tools" data-testid="seat-link-tools">
          <label htmlFor="seat-link">Your seat link (to play on another device)</label>
          <input id="seat-link" className="link" readOnly value={seatLink(frame.tableId, held)} onFocus={(e) => e.target.select()} data-testid="seat-link" />
          <p className="muted">Anyone with it plays your seat: keep it to yourself.</p>
        </div>
      )}
      {showCreator && (
        <details className="small" data-testid="creator-tools">
          <summary>Creator’s tools</summary>
          <ul>
            {others.map((seat) => {
              const s = frame.seats[seat];
              const away = s?.kind === 'human' && !s.connected;
              return (
                <li key={seat}>
                  {names[seat]}{' '}
                  <button type="button" className="btn small" onClick={() => void newLink(seat)} data-testid={`new-link-${seat}`}>
                    New seat link
                  </button>{' '}
                  {running && away && !frame.time.seats[seat]?.standIn && (
                    <button type="button" className="btn small" onClick={() => void toBot(seat)} data-testid={`hand-to-bot-${seat}`}>
                      Let a bot play until they return
                    </button>
                  )}
                  {links[seat] && <input className="link" readOnly value={links[seat]} aria-label={`new seat link for ${names[seat] ?? ''}`} onFocus={(e) => e.target.select()} />}
                </li>
              );
            })}
          </ul>
          <p className="muted">A new link stops the old one working; send it to the player who lost theirs.</p>
        </details>
      )}
      {message && <p className="error-text">{message}</p>}
    </>
  );
}

/** The result's mark: which seats a bot played for, and for how many moves. */
export function BotPlayedNote({ frame, names }: { frame: TableFrame; names: readonly string[] }) {
  const played = frame.time.seats.flatMap((s, i) => (s.botMoves > 0 ? [`${names[i]} (${s.botMoves} move${s.botMoves === 1 ? '' : 's'})`] : []));
  if (played.length === 0) return null;
  return (
    <p className="muted small bot-played" data-testid="bot-played">
      A bot played for {played.join(', ')} while they were away.
    </p>
  );
}
