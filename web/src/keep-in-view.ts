/**
 * Keeps one child of a sideways-scrolling row in the row's view: the phone's seat chips (issue 25),
 * where whoever is to play must be visible. The row is brought to the child when `key` changes
 * (a new seat to play) and is kept there: after every render, when the row or a chip changes size
 * (a tag appears, a font arrives) and when the row scrolls by itself. It stops keeping it once the
 * person scrolls the row themselves (touch, wheel, pointer or keys on it), until the next `key`.
 *
 * Checking on every occasion rather than once per `key` matters: a one-shot scroll at the turn's
 * change was seen, on busy machines, to leave the chip out of view for over a second.
 */
import { useEffect, useLayoutEffect, useRef } from 'react';

/** How far from the row's edge the child is brought, px (its outline shows). */
const MARGIN = 8;

/** Scrolls `row` the least that shows `child` wholly (its start first when it is wider than the row). */
export function scrollChildIntoRow(row: HTMLElement, child: HTMLElement): void {
  const r = row.getBoundingClientRect();
  const c = child.getBoundingClientRect();
  let by = 0;
  if (c.left < r.left) by = c.left - r.left - MARGIN;
  else if (c.right > r.right) by = Math.min(c.right - r.right + MARGIN, c.left - r.left - MARGIN);
  if (Math.abs(by) >= 1) row.scrollLeft += by;
}

/**
 * Keeps the first child of `row` matching `selector` in view while `enabled`; `key` names what is
 * to be shown (its change brings the row to it again, whatever the person did before).
 */
export function useKeepInView(row: HTMLElement | null, selector: string, key: string, enabled: boolean): void {
  const touched = useRef(false);
  const keep = useRef<() => void>(() => undefined);
  keep.current = (): void => {
    if (!row || !enabled || touched.current) return;
    const child = row.querySelector<HTMLElement>(selector);
    if (child) scrollChildIntoRow(row, child);
  };
  // A new thing to show: the person's own scrolling no longer holds the row.
  useLayoutEffect(() => {
    touched.current = false;
  }, [key]);
  // After every render, before the paint: no frame shows the child out of view.
  useLayoutEffect(() => keep.current());
  useEffect(() => {
    if (!row || !enabled) return;
    const mine = (): void => {
      touched.current = true;
    };
    const onScroll = (): void => keep.current();
    const inputs = ['pointerdown', 'wheel', 'touchstart', 'keydown'] as const;
    for (const e of inputs) row.addEventListener(e, mine, { passive: true });
    row.addEventListener('scroll', onScroll, { passive: true });
    const sizes = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(() => keep.current());
    if (sizes) {
      sizes.observe(row);
      for (const child of Array.from(row.children)) sizes.observe(child);
    }
    return () => {
      for (const e of inputs) row.removeEventListener(e, mine);
      row.removeEventListener('scroll', onScroll);
      sizes?.disconnect();
    };
  }, [row, enabled]);
}
