/**
 * The table's menu (issue 25): a disclosure button in the header that opens a small panel with
 * what a player sets once and rarely looks at again — sound and notifications on their turn, their
 * seat link for another device, the creator's tools, and on a phone How to play, Rules, Lobby and
 * the deal — so the cards start near the top of the screen. Escape or a click elsewhere closes it, and focus goes back to the button.
 */
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';

export function TableMenu({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const box = useRef<HTMLDivElement>(null);
  const id = useId();
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent): void => {
      // Escape in the How to play drawer (opened from this menu on a phone) closes the drawer only.
      if (e.key !== 'Escape' || (e.target instanceof Element && e.target.closest('dialog'))) return;
      setOpen(false);
      button.current?.focus();
    };
    const onDown = (e: PointerEvent): void => {
      if (box.current && e.target instanceof Node && !box.current.contains(e.target)) setOpen(false);
    };
    window.addEventListener('keydown', onKey);
    window.addEventListener('pointerdown', onDown);
    return () => {
      window.removeEventListener('keydown', onKey);
      window.removeEventListener('pointerdown', onDown);
    };
  }, [open]);
  return (
    <div className="table-menu" ref={box}>
      <button ref={button} type="button" className="btn small" aria-expanded={open} aria-controls={id} onClick={() => setOpen(!open)} data-testid="table-menu">
        <span aria-hidden="true">☰</span> Menu
      </button>
      <div id={id} className="table-menu-panel panel" hidden={!open} role="group" aria-label="table menu">
        {children}
      </div>
    </div>
  );
}

/** Whether the window is at most `px` wide, following resizes (the pocket layout's tabs). */
export function useNarrow(px = 700): boolean {
  const query = `(max-width: ${px}px)`;
  const [narrow, setNarrow] = useState(() => typeof window !== 'undefined' && window.matchMedia?.(query).matches === true);
  useEffect(() => {
    const m = window.matchMedia?.(query);
    if (!m) return;
    const on = (): void => setNarrow(m.matches);
    on();
    m.addEventListener('change', on);
    return () => m.removeEventListener('change', on);
  }, [query]);
  return narrow;
}
