/**
 * Keyboard focus stays where the player was after an action. Acting disables the controls for a
 * moment and the next view redraws them, so the browser drops focus to the page body and a
 * keyboard player would have to tab back from the top. This remembers the last focused control
 * inside the table (its `data-focus-key`, else its label) and, once focus has fallen to the body,
 * puts it back on the same control, or on the nearest one still there: the first enabled
 * control in the same region (the hand, the piles), or the first legal action.
 */
import { useEffect, useRef, useState } from 'react';

interface Mark {
  key: string | null;
  label: string | null;
  region: string | null;
}

const REGION = 'section[aria-label], [data-focus-region]';
const ENABLED = 'button:not([disabled]):not([aria-disabled="true"]), a[href], input:not([disabled]), select:not([disabled])';

function markOf(el: HTMLElement): Mark {
  const keyed = el.closest<HTMLElement>('[data-focus-key]');
  const region = el.closest<HTMLElement>(REGION);
  return {
    key: keyed?.dataset.focusKey ?? null,
    label: el.getAttribute('aria-label'),
    region: region ? (region.getAttribute('aria-label') ?? region.dataset.focusRegion ?? null) : null,
  };
}

const lost = (): boolean => document.activeElement === null || document.activeElement === document.body;

/** Finds the control to focus for `mark` under `root`, or null. */
export function focusTarget(root: HTMLElement, mark: Mark): HTMLElement | null {
  const enabled = (el: Element | null): el is HTMLElement => el instanceof HTMLElement && el.matches(ENABLED);
  if (mark.key !== null) {
    const same = root.querySelector(`[data-focus-key="${CSS.escape(mark.key)}"]`);
    if (enabled(same)) return same;
  }
  if (mark.label !== null) {
    const same = root.querySelector(`[aria-label="${CSS.escape(mark.label)}"]`);
    if (enabled(same)) return same;
  }
  if (mark.region !== null) {
    const region = [...root.querySelectorAll<HTMLElement>(REGION)].find((r) => (r.getAttribute('aria-label') ?? r.dataset.focusRegion) === mark.region);
    const first = region?.querySelector(ENABLED) ?? null;
    if (enabled(first)) return first;
  }
  const legal = root.querySelector('[data-action]:not([disabled]), [data-select]:not([disabled])');
  return enabled(legal) ? legal : null;
}

/**
 * Watches the table under the returned ref: `version` changes with every new view or busy state;
 * when focus was inside and has fallen to the body, it goes back where the player was.
 */
export function useKeepFocus<T extends HTMLElement>(version: unknown): (el: T | null) => void {
  // A callback ref: the table's container appears only once the first view has come.
  const [root, setRoot] = useState<T | null>(null);
  const last = useRef<Mark | null>(null);
  useEffect(() => {
    if (!root) return;
    const onFocus = (e: FocusEvent): void => {
      if (e.target instanceof HTMLElement && root.contains(e.target)) last.current = markOf(e.target);
    };
    const onOutside = (e: FocusEvent): void => {
      // Focus moved on purpose to something outside the table: nothing to put back.
      if (e.target instanceof HTMLElement && !root.contains(e.target)) last.current = null;
    };
    root.addEventListener('focusin', onFocus);
    document.addEventListener('focusin', onOutside);
    return () => {
      root.removeEventListener('focusin', onFocus);
      document.removeEventListener('focusin', onOutside);
    };
  }, [root]);
  useEffect(() => {
    const mark = last.current;
    // null: an action is on its way (the controls are disabled); wait for the next view.
    if (version === null || !root || !mark || !lost()) return;
    focusTarget(root, mark)?.focus({ preventScroll: true });
  }, [version, root]);
  return setRoot;
}
