/**
 * "Since your last move" (issue 25): what happened at the table after your last action, kept per
 * table and seat in this browser (localStorage), so a player who comes back to a table, or whose
 * turn comes round again, sees at once what the others did: a bar over the table says how many
 * things happened and can list them (on a phone the log is a tab away), and the same lines are
 * marked in the log. Dismissing it, or acting, marks everything as seen.
 *
 * The pieces that changed are marked on the table itself too (racers that moved, market cards
 * replaced, trees planted or claimed, piles that grew): each game's module says what its pieces
 * are (`pieces`, a signature per piece read from the view), the table kept here is the one the
 * player last saw with nothing to catch up on, and the difference goes to the game's Table, which
 * draws a SinceMark ("new", "moved" …, words as well as an outline) on each changed piece.
 *
 * Lines are counted from the start of the game (the narrated history's dropped lines plus those
 * it holds), so the count survives reloads and a history that lets old lines go. Which of them
 * are news is read from the seat each line says acted (web/src/since.ts), never from its words.
 */
import { useCallback, useEffect, useMemo, useState } from 'react';

const storeKey = (tableId: string, seat: number): string => `drey:seen:${tableId}:${seat}`;

function readMark(tableId: string, seat: number): number | null {
  try {
    const v = localStorage.getItem(storeKey(tableId, seat));
    return v === null ? null : Number(v);
  } catch {
    return null;
  }
}

function writeMark(tableId: string, seat: number, told: number): void {
  try {
    localStorage.setItem(storeKey(tableId, seat), String(told));
  } catch {
    // A browser that keeps nothing still shows the bar for this visit.
  }
}

/**
 * The seen mark of `seat` at `tableId` (null for a spectator): `mark` is the number of lines seen;
 * `seen()` marks all `told` lines seen (dismissing, and acting: what you do next follows what you saw).
 */
export function useSinceLastMove(tableId: string, seat: number | null, told: number): { mark: number | null; seen: () => void } {
  const [mark, setMark] = useState<number | null>(() => (seat === null ? null : readMark(tableId, seat)));
  const set = useCallback(
    (n: number) => {
      if (seat === null) return;
      writeMark(tableId, seat, n);
      setMark(n);
    },
    [tableId, seat],
  );
  useEffect(() => {
    setMark(seat === null ? null : readMark(tableId, seat));
  }, [tableId, seat]);
  // A first visit has nothing to catch up on: everything so far counts as seen.
  // (Read from the store, not `mark`: the seat becomes known with the first frame, in the same
  // render as the mark is read for it.)
  useEffect(() => {
    if (seat !== null && readMark(tableId, seat) === null && told > 0) set(told);
  }, [tableId, seat, told, set]);
  return { mark, seen: () => set(told) };
}

const piecesKey = (tableId: string, seat: number): string => `drey:seen-pieces:${tableId}:${seat}`;

function readPieces(tableId: string, seat: number): Record<string, string> | null {
  try {
    const v = localStorage.getItem(piecesKey(tableId, seat));
    return v === null ? null : (JSON.parse(v) as Record<string, string>);
  } catch {
    return null;
  }
}

const NOTHING: ReadonlySet<string> = new Set();

/**
 * The pieces (the module's `pieces` of the current view) that changed since the player last had
 * nothing to catch up on. While `quiet` (no news from the others since the seen mark: the player
 * has just acted, dismissed the bar, or arrived for the first time) what is on the table is what
 * they have seen, and it is kept (in this browser, so coming back marks what changed while away);
 * once the others bring news the kept table stays, and the pieces that differ from it are returned.
 */
export function useChangedPieces(tableId: string, seat: number | null, pieces: Record<string, string> | null, quiet: boolean): ReadonlySet<string> {
  const [seen, setSeen] = useState<Record<string, string> | null>(() => (seat === null ? null : readPieces(tableId, seat)));
  useEffect(() => {
    setSeen(seat === null ? null : readPieces(tableId, seat));
  }, [tableId, seat]);
  const now = pieces === null ? null : JSON.stringify(pieces);
  useEffect(() => {
    if (seat === null || pieces === null || now === null || !quiet) return;
    try {
      localStorage.setItem(piecesKey(tableId, seat), now);
    } catch {
      // A browser that keeps nothing still marks what changed during this visit.
    }
    setSeen(pieces);
  }, [tableId, seat, now, quiet]); // eslint-disable-line react-hooks/exhaustive-deps
  return useMemo(() => {
    if (quiet || seen === null || pieces === null) return NOTHING;
    const changed = new Set<string>();
    for (const [key, sig] of Object.entries(pieces)) if (seen[key] !== sig) changed.add(key);
    return changed;
  }, [seen, now, quiet]); // eslint-disable-line react-hooks/exhaustive-deps
}

/**
 * The mark on a changed piece: a word ("new", "moved", "grew") in an outlined tag, never colour
 * alone, and for a screen reader the whole of it ("moved since your last move").
 */
export function SinceMark({ word = 'new' }: { word?: string }) {
  return (
    <span className="since-new" data-testid="since-new">
      {word}
      <span className="sr-only"> since your last move</span>
    </span>
  );
}

/**
 * The bar. Once the game is over (`over`) it says the news led to the end, so a finished table does
 * not read as if play went on from your last move.
 */
export function SinceLastMove({ lines, marked = 0, over = false, onDismiss }: { lines: readonly string[]; marked?: number; over?: boolean; onDismiss: () => void }) {
  const [open, setOpen] = useState(false);
  if (lines.length === 0) return null;
  return (
    <section className="since-bar" aria-label="since your last move" data-testid="since">
      <div className="since-head">
        <strong>{over ? 'Since your last move, to the end of the game:' : 'Since your last move:'}</strong> {lines.length === 1 ? '1 thing happened' : `${lines.length} things happened`}
        {marked > 0 && <span className="since-count"> ({marked} marked on the table)</span>}
        <button type="button" className="btn small" aria-expanded={open} onClick={() => setOpen(!open)} data-testid="since-toggle">
          {open ? 'Hide' : 'Show'}
        </button>
        <button type="button" className="btn small" onClick={onDismiss} data-testid="since-dismiss">
          Got it
        </button>
      </div>
      {open && (
        <ol className="since-lines">
          {lines.map((l, i) => (
            <li key={i}>{l}</li>
          ))}
        </ol>
      )}
    </section>
  );
}
