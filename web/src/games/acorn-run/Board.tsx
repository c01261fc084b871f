/**
 * The Acorn Run race board in SVG, drawn from the board content so a player reads it at a glance:
 * every tree with its six lanes in three colour zones (R1), spaces, acorns and numbered acorn
 * spaces (R8), horizontal lines (R4), the jump-off spaces between trees (R5), foliage gaps with
 * the number of cards they need (R6), the Go! spaces and the finish, and every racer's pawn in its
 * colour with its name. It zooms and pans (buttons, dragging, scrolling) and follows the pawn
 * that moves. The table passes `targets`: spaces a click acts on (a move's end, a landing space).
 */
import { useCallback, useEffect, useLayoutEffect, useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';
import type { Board, Space } from '../../../../src/games/acorn-run/board.js';
import { useRunTables } from './tables.js';
import type { AcornRunView } from '../../../../src/games/acorn-run/view.js';

export const ZONE_FILL = { green: '#3f8f2f', yellow: '#d9a514', red: '#c8452f' } as const;
const ZONE_LIGHT = { green: '#cfe8c0', yellow: '#f7e6a6', red: '#f3c3b8' } as const;
/** Pawn colours (R14: humans red and blue; dummies green, pink, yellow, brown). */
export const PAWN_FILL: Record<string, string> = {
  red: '#e0281c', blue: '#1f63d6', green: '#1f9e46', pink: '#e455a6', yellow: '#f3c300', brown: '#7a4a1e',
};

/** The pawn's outline (a squirrel's head and body), centred on 0,0. */
export const PAWN_PATH = 'M0 -17 C10 -17 14 -8 11 0 C15 6 11 15 0 15 C-11 15 -15 6 -11 0 C-14 -8 -10 -17 0 -17 Z';

const COL = 22;
const LANE = 46;
const GAP = 78;
const TOP = 44;
/** Room left of the first tree for the "Go!" labels (drawn left of the start spaces, they were cut to "o!" at 24). */
const LEFT = 52;

/** Where the trees, lanes and finish line of one board are drawn (computed once per board). */
export interface BoardLayout {
  /** Where each tree starts, left to right. */
  treeX: readonly number[];
  finishX: number;
  width: number;
  height: number;
}

const layouts = new WeakMap<Board, BoardLayout>();

export function layoutOf(board: Board): BoardLayout {
  let l = layouts.get(board);
  if (l === undefined) {
    const treeX: number[] = [];
    let x = LEFT;
    for (const t of board.trees) {
      treeX.push(x);
      x += t.width * COL + GAP;
    }
    const finishX = x - GAP + 34;
    l = { treeX, finishX, width: finishX + 60, height: TOP + LANE * 6 + 34 };
    layouts.set(board, l);
  }
  return l;
}

const laneY = (lane: number): number => TOP + LANE * (5 - lane) + LANE / 2;
const treeRight = (board: Board, t: number): number => layoutOf(board).treeX[t]! + board.trees[t]!.width * COL;

export function spacePoint(board: Board, s: Space): { x: number; y: number } {
  const { treeX, finishX } = layoutOf(board);
  if (s.kind === 'finish') return { x: finishX, y: TOP + LANE * 3 };
  if (s.kind === 'jumpoff') {
    const z = s.zone === 'green' ? 0 : s.zone === 'yellow' ? 1 : 2;
    return { x: treeRight(board, s.tree) + GAP / 2 - 6, y: (laneY(2 * z) + laneY(2 * z + 1)) / 2 };
  }
  return { x: treeX[s.tree]! + (s.col ?? 0) * COL + COL / 2, y: laneY(s.lane ?? 0) };
}

const ZONE_INDEX = { green: 0, yellow: 1, red: 2 } as const;

/** Where a pawn is drawn, and how far above (negative) or below its centre its name is drawn. */
export interface PawnPlace {
  x: number;
  y: number;
  /** The name label's offset from the pawn's centre: above or below (dy ±30), beside it (dx), or a step further out (dy ±52). */
  dx: number;
  dy: number;
}

/** How wide a pawn's name label is drawn (the Pawn component's frame). */
export const labelWidth = (name: string): number => Math.max(34, name.length * 6.4 + 12);

/**
 * Where each pawn stands: on its space, several on one space side by side (stacked on a jump-off),
 * and a racer who crossed the line (its position is gone from the view, R12) on the finish line in
 * the colour zone it crossed from, in order of arrival, so the board still shows who got home.
 */
export function pawnPlaces(board: Board, view: AcornRunView, names: (racer: number) => string = () => ''): Map<number, PawnPlace> {
  const FINISH_X = layoutOf(board).finishX;
  const out = new Map<number, PawnPlace>();
  const at = new Map<number, number[]>();
  for (const r of view.racers) if (r.pos !== null) at.set(r.pos, [...(at.get(r.pos) ?? []), r.racer]);
  for (const [pos, racers] of at) {
    const p = spacePoint(board, board.spaces[pos]!);
    const jump = board.spaces[pos]!.kind === 'jumpoff';
    racers.forEach((r, i) => {
      out.set(r, {
        x: p.x + (jump ? 0 : i * 14 - (racers.length - 1) * 7),
        y: p.y + (jump ? (i - (racers.length - 1) / 2) * 30 : 0),
        // Stacked on a jump-off, the lower pawns carry their names below; side by side, every other one.
        dx: 0,
        dy: (jump ? i > (racers.length - 1) / 2 : i % 2 === 1) ? 30 : -30,
      });
    });
  }
  const home = view.racers.filter((r) => r.pos === null && r.place !== null).sort((a, b) => a.place! - b.place!);
  const byZone = new Map<string, number[]>();
  for (const r of home) byZone.set(r.finishLane ?? 'none', [...(byZone.get(r.finishLane ?? 'none') ?? []), r.racer]);
  for (const [zone, racers] of byZone) {
    const y = zone === 'none' ? TOP + LANE * 3 : (laneY(2 * ZONE_INDEX[zone as keyof typeof ZONE_INDEX]) + laneY(2 * ZONE_INDEX[zone as keyof typeof ZONE_INDEX] + 1)) / 2;
    racers.forEach((r, i) => out.set(r, { x: FINISH_X + i * 14 - (racers.length - 1) * 7, y: y + (i - (racers.length - 1) / 2) * 8, dx: 0, dy: i % 2 === 1 ? 30 : -30 }));
  }
  return placeNames(out, (r) => labelWidth(names(r)));
}

/**
 * Names go where they cover no other pawn and no name already placed (issue 25: names of pawns on
 * neighbouring spaces, or three on one space, overlapped): each pawn, left to right, takes the
 * first free place of its preferred side, the other side, right or left of it, then a step further
 * out above or below; when none is free, the place that covers least.
 */
function placeNames(places: Map<number, PawnPlace>, widthOf: (racer: number) => number): Map<number, PawnPlace> {
  type Box = { l: number; r: number; t: number; b: number };
  const bodies = [...places.values()].map((p) => ({ p, box: { l: p.x - 14, r: p.x + 14, t: p.y - 17, b: p.y + 15 } }));
  const labels: Box[] = [];
  const order = [...places].sort(([, a], [, b]) => a.x - b.x || a.y - b.y);
  for (const [r, p] of order) {
    const w = widthOf(r);
    const at = ([dx, dy]: readonly [number, number]): Box => ({ l: p.x + dx - w / 2, r: p.x + dx + w / 2, t: p.y + dy - 9, b: p.y + dy + 7 });
    const side = 17 + w / 2;
    const tries: (readonly [number, number])[] = [[0, p.dy], [0, -p.dy], [side, 0], [-side, 0], [0, p.dy * (52 / 30)], [0, -p.dy * (52 / 30)]];
    const cover = (place: readonly [number, number]): number => {
      const box = at(place);
      const area = (o: Box): number => Math.max(0, Math.min(o.r, box.r) - Math.max(o.l, box.l)) * Math.max(0, Math.min(o.b, box.b) - Math.max(o.t, box.t));
      return labels.reduce((n, l) => n + area(l), 0) + bodies.reduce((n, o) => n + (o.p === p ? 0 : area(o.box)), 0);
    };
    const best = tries.find((t) => cover(t) === 0) ?? tries.reduce((a, b) => (cover(b) < cover(a) ? b : a));
    [p.dx, p.dy] = best;
    labels.push(at(best));
  }
  return places;
}

/** A space the player can click: where a move ends, where a jump lands. */
export interface BoardTarget {
  space: number;
  /** What clicking does, in words (the accessible name). */
  label: string;
  /** A short tag drawn beside the space ("sprint 3", "upper lane"). */
  tag: string;
  /** The spaces the pawn passes, drawn as a dotted trail. */
  path?: readonly number[];
  /** The action this click sends first, as JSON (tests find targets by it). */
  action: string;
  onPick: () => void;
}

/** A squirrel pawn: a round head-and-body drop with an initial, outlined for any background. */
function Pawn({ racer, x: px, y: py, dx, dy, fill, initial, name, turn, moved }: { racer: number; x: number; y: number; dx: number; dy: number; fill: string; initial: string; name: string; turn: boolean; moved: boolean }) {
  const w = labelWidth(name);
  // The outer group carries no transform of its own, so the motion module can slide it from the
  // pawn's last place (web/src/motion.ts); the turn ring is always drawn (unpainted when it is not
  // this racer's turn), and so is a frame for the name above or below, so the pawn's box changes
  // only when the pawn moves.
  return (
    <g data-flip-id={`pawn-${racer}`}>
    <g transform={`translate(${px} ${py})`} className={`run-pawn ${turn ? 'turn' : ''}`}>
      <title>{moved ? `${name}: moved since your last move` : name}</title>
      <circle r="21" className={turn ? 'run-pawn-turn' : 'run-pawn-ring-off'} />
      {/* Since your last move (issue 25): a dashed ring and a star, a shape as well as a colour. */}
      {moved && (
        <g className="run-pawn-moved" data-testid="since-new">
          <circle r="27" />
          <text x="20" y="-16" textAnchor="middle" aria-hidden="true">✱</text>
        </g>
      )}
      {/* Unpainted: spans both places the name may take, so the pawn's box stays the same. */}
      <rect x={-w - 17} y="-61" width={2 * w + 34} height="120" fill="none" />
      <path d={PAWN_PATH} fill={fill} stroke="#fff" strokeWidth="3" />
      <path d="M9 -12 C16 -22 24 -10 17 -2" fill="none" stroke={fill} strokeWidth="5" strokeLinecap="round" />
      <text y="5" textAnchor="middle" className="run-pawn-initial">{initial}</text>
      <g transform={`translate(${dx} ${dy})`}>
        <rect x={-w / 2} y="-9" width={w} height="16" rx="8" fill="#2b1a0c" opacity="0.85" />
        <text y="3" textAnchor="middle" className="run-pawn-name">{name}</text>
      </g>
    </g>
    </g>
  );
}

export function RaceBoard({ view, targets, names, follow, moved = () => false }: {
  view: AcornRunView;
  targets: readonly BoardTarget[];
  names: (racer: number) => string;
  /** Whether a racer moved since your last move (its pawn is marked, SinceLastMove.tsx). */
  moved?: (racer: number) => boolean;
  /** The racer whose pawn the board keeps in sight. */
  follow: number;
}) {
  const T = useRunTables();
  const board = T.board;
  const { treeX, finishX: FINISH_X, width: BOARD_WIDTH, height: BOARD_HEIGHT } = layoutOf(board);
  const wrap = useRef<HTMLDivElement>(null);
  const [scale, setScale] = useState<number | null>(null);
  // Whether the scale is the fitted one (not a zoom the player chose): only that one follows the window.
  const fitted = useRef(true);
  // The fitted scale shows about two trees across the board's width; on a wide screen no more than
  // the height left under the board for your hand, so board, hand and market fit one screen (issue 25).
  const fit = useCallback((): number | null => {
    const el = wrap.current;
    if (!el) return null;
    let first = Math.min(1.1, Math.max(0.72, el.clientWidth / 760));
    if (!window.matchMedia?.('(max-width: 700px)').matches) {
      const hand = el.closest('.run-table')?.querySelector('.run-hand');
      const room = window.innerHeight - el.getBoundingClientRect().top - window.scrollY - (hand ? hand.getBoundingClientRect().height + 10 : 0) - 24;
      first = Math.min(first, Math.max(0.55, room / BOARD_HEIGHT));
    }
    return first;
  }, [BOARD_HEIGHT]);
  useLayoutEffect(() => {
    if (scale !== null) return;
    const first = fit();
    if (first !== null) setScale(first);
  }, [scale, fit]);
  // A window made smaller or larger fits the board again (unless the player zoomed it themselves),
  // so the hand does not drop below the fold after a resize (issue 25).
  useEffect(() => {
    let frame = 0;
    const onResize = (): void => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        if (!fitted.current) return;
        const next = fit();
        if (next !== null) setScale((s) => (s !== null && Math.abs(s - next) < 0.005 ? s : next));
      });
    };
    window.addEventListener('resize', onResize);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('resize', onResize);
    };
  }, [fit]);
  const s = scale ?? 1;
  const places = pawnPlaces(board, view, names);
  const focusPos = view.racers[follow]?.pos ?? null;
  const focusX = places.get(follow)?.x ?? null;
  const centre = useCallback(
    (smooth: boolean) => {
      const el = wrap.current;
      if (!el || focusX === null) return;
      const reduce = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
      el.scrollTo({ left: Math.max(0, focusX * s - el.clientWidth / 2), behavior: smooth && !reduce ? 'smooth' : 'auto' });
    },
    [focusX, s],
  );
  useEffect(() => centre(true), [centre]);

  // Drag to pan with a mouse (touch screens scroll natively).
  const drag = useRef<{ x: number; left: number; moved: boolean } | null>(null);
  const onPointerDown = (e: ReactPointerEvent<HTMLDivElement>): void => {
    if (e.pointerType !== 'mouse' || !wrap.current) return;
    drag.current = { x: e.clientX, left: wrap.current.scrollLeft, moved: false };
  };
  const onPointerMove = (e: ReactPointerEvent<HTMLDivElement>): void => {
    const d = drag.current;
    if (!d || !wrap.current) return;
    if (Math.abs(e.clientX - d.x) > 4) d.moved = true;
    if (d.moved) wrap.current.scrollLeft = d.left - (e.clientX - d.x);
  };
  const endDrag = (): void => {
    drag.current = null;
  };
  const zoom = (factor: number | 'fit'): void => {
    const el = wrap.current;
    if (!el) return;
    fitted.current = false;
    setScale(factor === 'fit' ? el.clientWidth / BOARD_WIDTH : Math.min(1.6, Math.max(el.clientWidth / BOARD_WIDTH, s * factor)));
  };

  const acorns = new Map(view.boardAcorns.map((a) => [a.space, a.count]));
  const from = focusPos !== null ? spacePoint(board, T.board.spaces[focusPos]!) : null;

  return (
    <section className="run-board" aria-label="race board">
      <div className="run-zoom" role="group" aria-label="zoom the board">
        <button type="button" className="btn small" onClick={() => zoom(1 / 1.25)} aria-label="zoom out">−</button>
        <button type="button" className="btn small" onClick={() => zoom(1.25)} aria-label="zoom in">+</button>
        <button type="button" className="btn small" onClick={() => zoom('fit')}>Whole course</button>
        <button type="button" className="btn small" onClick={() => centre(true)}>Find {names(follow)}</button>
      </div>
      <div className="run-board-wrap" ref={wrap} tabIndex={0} role="region" aria-label="the board (scroll or drag to pan)" onPointerDown={onPointerDown} onPointerMove={onPointerMove} onPointerUp={endDrag} onPointerLeave={endDrag}>
        <svg className="run-board-svg" viewBox={`0 0 ${BOARD_WIDTH} ${BOARD_HEIGHT}`} width={BOARD_WIDTH * s} height={BOARD_HEIGHT * s} role="group" aria-label="the race track, from the Go! Beech to the Great Oak">
          {T.board.trees.map((t, i) => (
            <g key={i} aria-hidden="true">
              <rect x={treeX[i]! - 10} y={TOP - 6} width={t.width * COL + 20} height={LANE * 6 + 12} rx="18" fill="#5a3a1c" opacity="0.55" />
              {(['green', 'yellow', 'red'] as const).map((zone, z) => (
                <g key={zone}>
                  <rect x={treeX[i]! - 4} y={TOP + LANE * (4 - z * 2) + 2} width={t.width * COL + 8} height={LANE * 2 - 4} rx="12" fill={ZONE_LIGHT[zone]} opacity="0.3" />
                  {[2 * z, 2 * z + 1].map((lane) => (
                    <line key={lane} x1={treeX[i]!} x2={treeRight(board, i)} y1={laneY(lane)} y2={laneY(lane)} stroke={ZONE_FILL[zone]} strokeWidth="9" strokeLinecap="round" opacity="0.75" />
                  ))}
                </g>
              ))}
              <text x={treeX[i]! + (t.width * COL) / 2} y={TOP - 14} textAnchor="middle" className="run-tree-name">
                {t.name}
              </text>
            </g>
          ))}
          {T.board.spaces.map((sp) => {
            if (sp.line === null) return null;
            const a = spacePoint(board, sp);
            const b = spacePoint(board, T.board.spaces[sp.line]!);
            return (
              <g key={`h${sp.id}`} aria-hidden="true">
                <line x1={a.x} y1={a.y - 4} x2={b.x} y2={b.y - 4} stroke="#fff6dc" strokeWidth="3" />
                <line x1={a.x} y1={a.y + 4} x2={b.x} y2={b.y + 4} stroke="#fff6dc" strokeWidth="3" />
              </g>
            );
          })}
          {T.board.spaces.map((sp) => {
            if (!sp.foliage) return null;
            const a = spacePoint(board, sp);
            const b = spacePoint(board, T.board.spaces[sp.foliage.to]!);
            const mx = (a.x + b.x) / 2;
            return (
              <g key={`g${sp.id}`} className="run-gap">
                <title>{`Foliage gap: jump across with a combo of exactly ${sp.foliage.cards} cards`}</title>
                <ellipse cx={mx} cy={a.y} rx={(b.x - a.x) / 2 - 8} ry="17" fill="#1f5a16" stroke="#bfe3a0" strokeWidth="2" strokeDasharray="5 3" />
                <text x={mx} y={a.y + 5} textAnchor="middle" className="run-gap-text">
                  {`gap ${sp.foliage.cards}`}
                </text>
              </g>
            );
          })}
          {T.board.trees.map((t, i) =>
            t.jumpoffs.map((j) => {
              const sp = T.board.spaces[j]!;
              const p = spacePoint(board, sp);
              return (
                <g key={`j${j}`} className="run-jumpoff">
                  <title>{`Jump-off (${sp.zone}): jump to the ${sp.zone} lanes of the next tree`}</title>
                  <rect x={p.x - 17} y={p.y - LANE + 8} width="34" height={LANE * 2 - 16} rx="14" fill={ZONE_LIGHT[sp.zone!]} stroke={ZONE_FILL[sp.zone!]} strokeWidth="4" />
                  <text x={p.x} y={p.y + 4} textAnchor="middle" className="run-jump-text" transform={`rotate(-90 ${p.x} ${p.y})`}>
                    JUMP
                  </text>
                  <path d={`M${p.x + 20} ${p.y} l12 0 m-5 -5 l5 5 l-5 5`} stroke="#fff6dc" strokeWidth="3" fill="none" />
                </g>
              );
            }),
          )}
          <g className="run-finish">
            <title>The finish line at the Great Oak</title>
            <rect x={FINISH_X - 16} y={TOP} width="32" height={LANE * 6} rx="8" fill="url(#run-check)" stroke="#2b1a0c" strokeWidth="2" />
            <text x={FINISH_X} y={TOP - 14} textAnchor="middle" className="run-tree-name">
              FINISH
            </text>
          </g>
          <defs>
            <pattern id="run-check" width="16" height="16" patternUnits="userSpaceOnUse">
              <rect width="16" height="16" fill="#fff" />
              <rect width="8" height="8" fill="#222" />
              <rect x="8" y="8" width="8" height="8" fill="#222" />
            </pattern>
          </defs>
          {T.board.spaces.map((sp) => {
            if (sp.kind === 'jumpoff' || sp.kind === 'finish') return null;
            const p = spacePoint(board, sp);
            const here = acorns.get(sp.id) ?? 0;
            return (
              <g key={sp.id} aria-hidden="true">
                <circle cx={p.x} cy={p.y} r="12" fill="#fffaf0" stroke={ZONE_FILL[sp.zone!]} strokeWidth="4" />
                {sp.kind === 'go' && (
                  <text x={p.x - 22} y={p.y + 4} textAnchor="end" className="run-go">
                    Go!
                  </text>
                )}
                {here > 0 && (
                  <g transform={`translate(${p.x} ${p.y})`}>
                    <ellipse cy="2" rx="6" ry="7" fill="#9b5f26" />
                    <path d="M-7 -2 C-7 -9 7 -9 7 -2 Z" fill="#5a3410" />
                  </g>
                )}
                {sp.acornMin !== null && sp.acornMin >= 2 && (
                  <g>
                    <circle cx={p.x + 11} cy={p.y - 11} r="7" fill={here > 0 ? '#5a3410' : '#8d7a66'} />
                    <text x={p.x + 11} y={p.y - 7.5} textAnchor="middle" className="run-acorn-min">
                      {sp.acornMin}
                    </text>
                  </g>
                )}
              </g>
            );
          })}
          {from &&
            targets.map((t) =>
              t.path && t.path.length > 0 ? (
                <polyline
                  key={`p${t.space}-${t.action}`}
                  aria-hidden="true"
                  points={[from, ...t.path.map((id) => spacePoint(board, T.board.spaces[id]!))].map((q) => `${q.x},${q.y}`).join(' ')}
                  className="run-trail"
                />
              ) : null,
            )}
          {[...places].map(([r, p]) => {
            const racer = view.racers[r]!;
            const name = names(r);
            return <Pawn key={r} racer={r} x={p.x} y={p.y} dx={p.dx} dy={p.dy} fill={PAWN_FILL[racer.pawn] ?? '#999'} initial={name.slice(0, 1).toUpperCase()} name={name} turn={r === view.turn.racer && !view.over} moved={moved(r)} />;
          })}
          {targets.map((t) => {
            const p = spacePoint(board, T.board.spaces[t.space]!);
            const w = t.tag.length * 6.6 + 14;
            // A tag that would leave the board's right edge sits left of its space instead.
            const tagX = p.x + 22 + w > BOARD_WIDTH ? p.x - 22 - w : p.x + 22;
            return (
              <g
                key={`t${t.space}-${t.action}`}
                className="run-target"
                role="button"
                tabIndex={0}
                aria-label={`${t.tag}: ${t.label}`}
                data-action={t.action}
                data-space={t.space}
                onClick={t.onPick}
                onKeyDown={(e) => {
                  if (e.key === 'Enter' || e.key === ' ') {
                    e.preventDefault();
                    t.onPick();
                  }
                }}
              >
                <circle cx={p.x} cy={p.y} r="20" className="run-target-ring" />
                <g transform={`translate(${tagX} ${p.y})`}>
                  <rect x="0" y="-9" width={w} height="18" rx="9" className="run-target-tag" />
                  <text x="7" y="4" className="run-target-text">{t.tag}</text>
                </g>
              </g>
            );
          })}
        </svg>
      </div>
    </section>
  );
}
