/**
 * "Since your last move" (issue 25): what happened at the table after your last action, kept per
 * table and seat in this browser (localStorage), so a player who comes back to a table, or whose
 * turn comes round again, sees at once what the others did: a bar over the table says how many
 * things happened and can list them (on a phone the log is a tab away), and the same lines are
 * marked in the log. Dismissing it, or acting, marks everything as seen.
 *
 * Lines are counted from the start of the game (the narrated history's dropped lines plus those
 * it holds), so the count survives reloads and a history that lets old lines go. Which of them
 * are news is read from the seat each line says acted (web/src/since.ts), never from its words.
 */
import { useCallback, useEffect, useState } from 'react';

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

export function SinceLastMove({ lines, onDismiss }: { lines: readonly string[]; onDismiss: () => void }) {
  const [open, setOpen] = useState(false);
  if (lines.length === 0) return null;
  return (
    <section className="since-bar" aria-label="since your last move" data-testid="since">
      <div className="since-head">
        <strong>Since your last move:</strong> {lines.length === 1 ? '1 thing happened' : `${lines.length} things happened`}
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
