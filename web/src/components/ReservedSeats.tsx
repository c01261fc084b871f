/**
 * Rematch seats kept for the players of the table before (docs/protocol.md, "Rematch"): the invite
 * link cannot take them, only their player's "Join the rematch" can. The table's creator (who
 * started the rematch and holds its creator token) may open such a seat for anyone.
 */
import { useState } from 'react';
import type { TableFrame } from '../../../src/server/protocol.js';
import { api } from '../api.js';
import { creatorToken } from '../creator.js';

export function ReservedSeats({ frame }: { frame: TableFrame }) {
  const [error, setError] = useState<string | null>(null);
  const kept = frame.seats.flatMap((s, i) => (s.kind === 'human' && s.name === null && s.reservedFor !== undefined ? [{ seat: i, name: s.reservedFor }] : []));
  if (kept.length === 0) return null;
  const creator = creatorToken(frame.tableId);
  const openSeat = async (seat: number): Promise<void> => {
    if (!creator) return;
    const r = await api.openSeat(frame.tableId, seat, creator);
    setError(r.ok ? null : r.error.message);
  };
  return (
    <section className="panel reserved" aria-label="seats kept for the rematch" data-testid="reserved-seats">
      <h2>Kept for the rematch</h2>
      <ul>
        {kept.map(({ seat, name }) => (
          <li key={seat} className="row">
            <span>
              Seat {seat + 1} is kept for {name}, who joins from the last table.
            </span>
            {creator && (
              <button type="button" className="btn small" onClick={() => void openSeat(seat)} data-testid={`open-seat-${seat}`}>
                Open it to anyone
              </button>
            )}
          </li>
        ))}
      </ul>
      {error && <p className="error-text">{error}</p>}
    </section>
  );
}
