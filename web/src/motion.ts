/**
 * Movement on the tables, the FLIP way (First, Last, Invert, Play) with the Web Animations API:
 * every element marked `data-flip-id="<something stable>"` (a card id, a pawn) inside the watched
 * container is remembered where it was drawn; after the next render an element with the same id
 * drawn somewhere else slides from the old place to the new one. So a card a bot played travels
 * from its hand or waiting spot onto the pile or tree it went to, and a player can follow it.
 *
 * Any table can use it: put `data-flip-id` on what moves and call `useFlip(view)` in the component
 * that owns the container. Nothing moves when the player asks for reduced motion
 * (prefers-reduced-motion: reduce).
 *
 * A part of an SVG drawing (Acorn Run's pawns, a `<g>` without a `transform` attribute of its own)
 * is measured in the drawing's own units (getBBox), not on the screen, so a board that zooms or
 * scrolls between two views does not make it jump, and it slides by a translation in those units
 * (a CSS transform on an SVG element is in user units). Give such a part a box that does not change
 * with its state (draw highlight rings always, just unpainted), so only a real move animates.
 */
import { useLayoutEffect, useRef, type RefObject } from 'react';

/** How long a move takes, in milliseconds. */
export const FLIP_MS = 420;

/** True when the player's system asks for less motion. */
export function prefersReducedMotion(): boolean {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

interface Place {
  x: number;
  y: number;
  w: number;
  h: number;
  /** Measured in SVG user units (a part of a drawing), not page pixels. */
  svg: boolean;
}

/** A part of an SVG drawing (not an `<svg>` element itself, which sits in the page like a box). */
const isSvgPart = (el: Element): el is SVGGraphicsElement =>
  typeof SVGGraphicsElement !== 'undefined' && el instanceof SVGGraphicsElement && !(el instanceof SVGSVGElement);

const placeOf = (el: Element): Place => {
  if (isSvgPart(el)) {
    const b = el.getBBox();
    return { x: b.x, y: b.y, w: b.width, h: b.height, svg: true };
  }
  const r = el.getBoundingClientRect();
  return { x: r.left + window.scrollX, y: r.top + window.scrollY, w: r.width, h: r.height, svg: false };
};

/** The marked elements under `root`, by id (the first one with an id wins). */
function marked(root: HTMLElement): Map<string, HTMLElement | SVGElement> {
  const out = new Map<string, HTMLElement | SVGElement>();
  root.querySelectorAll<HTMLElement | SVGElement>('[data-flip-id]').forEach((el) => {
    const id = el.dataset.flipId;
    if (id && !out.has(id)) out.set(id, el);
  });
  return out;
}

/**
 * Animates what moved between two renders of the container. Returns how many elements it set
 * moving and their ids (tests and debugging read the running count from the container's
 * `data-flip-moves`, and the ids of the latest view that moved anything from `data-flip-moved`).
 */
export function flipMoves(before: ReadonlyMap<string, Place>, root: HTMLElement, ms = FLIP_MS): { after: Map<string, Place>; moved: number; ids: string[] } {
  const after = new Map<string, Place>();
  const ids: string[] = [];
  let moved = 0;
  const reduce = prefersReducedMotion();
  for (const [id, el] of marked(root)) {
    const now = placeOf(el);
    after.set(id, now);
    const was = before.get(id);
    if (!was || was.svg !== now.svg || reduce || typeof el.animate !== 'function') continue;
    const dx = was.x - now.x;
    const dy = was.y - now.y;
    if (Math.abs(dx) < 2 && Math.abs(dy) < 2) continue;
    if (now.svg) {
      // A pawn keeps its size: only its place changes, in the drawing's units.
      el.animate([{ transform: `translate(${dx}px, ${dy}px)` }, { transform: 'translate(0px, 0px)' }], { duration: ms, easing: 'cubic-bezier(.2,.7,.3,1)' });
      moved++;
      ids.push(id);
      continue;
    }
    const sx = now.w > 0 ? was.w / now.w : 1;
    const sy = now.h > 0 ? was.h / now.h : 1;
    el.animate(
      [
        { transformOrigin: 'top left', transform: `translate(${dx}px, ${dy}px) scale(${sx}, ${sy})` },
        { transformOrigin: 'top left', transform: 'none' },
      ],
      { duration: ms, easing: 'cubic-bezier(.2,.7,.3,1)' },
    );
    moved++;
    ids.push(id);
  }
  return { after, moved, ids };
}

/**
 * Watches `ref`'s container: after each render whose `key` changed (a new view), what moved
 * slides from its old place. Returns the ref to attach.
 */
export function useFlip<T extends HTMLElement>(key: unknown): RefObject<T | null> {
  const ref = useRef<T | null>(null);
  const last = useRef<Map<string, Place>>(new Map());
  const lastKey = useRef<unknown>(undefined);
  useLayoutEffect(() => {
    const root = ref.current;
    if (!root) return;
    if (lastKey.current === key) {
      // The same view drawn again (a selection, a hover): just remember where things are now.
      last.current = flipMoves(new Map(), root).after;
      return;
    }
    lastKey.current = key;
    const { after, moved, ids } = flipMoves(last.current, root);
    last.current = after;
    root.dataset.flipMoves = String(moved + Number(root.dataset.flipMoves ?? 0));
    if (ids.length > 0) root.dataset.flipMoved = ids.join(' ');
  });
  return ref;
}
