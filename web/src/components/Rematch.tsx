/**
 * Rematch (issue 16), on a finished table's results: one click starts a new table with the same
 * seats, bots and options (a new seed); once someone has, the others read "Ann wants a rematch —
 * join" and joining takes the same seat there with a new token.
 */
import { useState } from 'react';
import type { RematchAck, RematchEvent } from '../../../src/server/protocol.js';
import { navigate, tableLink } from '../router.js';
import { keepSeat } from '../seats.js';
import { keepCreatorToken } from '../creator.js';

export function Rematch({ link, seated, rematch }: { link: RematchEvent['rematch'] | null; seated: boolean; rematch: () => Promise<RematchAck> }) {
  const [busy, setBusy] = useState(false);
  const go = async (): Promise<void> => {
    setBusy(true);
    const r = await rematch();
    setBusy(false);
    if (!r.ok) return;
    keepSeat(r.tableId, { seat: r.seat, token: r.token });
    // Whoever started the rematch is its creator, as with a new table (creator.ts).
    if (r.creator) keepCreatorToken(r.tableId, r.creator.token);
    navigate(tableLink(r.tableId));
  };
  if (!seated) {
    return link ? (
      <p className="panel rematch" data-testid="rematch">
        {link.by} started a rematch: <a href={tableLink(link.tableId)} onClick={(e) => (e.preventDefault(), navigate(tableLink(link.tableId)))}>watch it</a>
      </p>
    ) : null;
  }
  return (
    <section className="panel rematch row" aria-label="rematch" data-testid="rematch">
      {link ? <span>{link.by} wants a rematch.</span> : <span>Play again with the same seats?</span>}
      <button type="button" className="btn primary" disabled={busy} onClick={() => void go()} data-testid="rematch-button">
        {link ? 'Join the rematch' : 'Rematch'}
      </button>
    </section>
  );
}
