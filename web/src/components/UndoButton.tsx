/**
 * Undo of a misclick (issue 16): shown only while the server says the seat may take its last step
 * back (the frame's `undo`); Ctrl+Z / Cmd+Z does the same.
 */
import { useEffect } from 'react';

export function UndoButton({ step, busy, undo }: { step: number | null; busy: boolean; undo: (step: number) => void }) {
  useEffect(() => {
    if (step === null) return;
    const onKey = (e: KeyboardEvent): void => {
      const target = e.target as HTMLElement | null;
      if (target && (target.tagName === 'INPUT' || target.tagName === 'TEXTAREA')) return;
      if ((e.ctrlKey || e.metaKey) && !e.shiftKey && e.key.toLowerCase() === 'z') {
        e.preventDefault();
        if (!busy) undo(step);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [step, busy, undo]);
  if (step === null) return null;
  return (
    <button type="button" className="btn small undo-btn" disabled={busy} onClick={() => undo(step)} title="Take back your last step (Ctrl+Z)" data-testid="undo">
      ↶ Undo
    </button>
  );
}
