/**
 * The Acorn Run race board in SVG, drawn from the board content: every tree with its six lanes in
 * three colour zones (R1), the jump-off spaces between trees (R5), acorns lying on spaces (R8),
 * the finish at the Great Oak, and every racer's pawn. Spaces a jump may land on are buttons.
 */
import { useEffect, useRef } from 'react';
import { BOARD, type Space } from '../../../../src/games/acorn-run/board.js';
import type { Action } from '../../../../src/games/acorn-run/actions.js';
import { spaceWords } from '../../../../src/games/acorn-run/narrate.js';
import type { AcornRunView } from '../../../../src/games/acorn-run/view.js';

export const ZONE_FILL = { green: '#4f9a3a', yellow: '#dcae1d', red: '#c8452f' } as const;
export const PAWN_FILL: Record<string, string> = {
  red: '#d8342a', blue: '#2f6fd0', green: '#2f9a4a', pink: '#e46aa8', yellow: '#f1c40f', brown: '#8a5a2b',
};

const COL = 12;
const LANE = 26;
const GAP = 26;
const TOP = 14;

/** Where each tree starts, left to right. */
const treeX: number[] = [];
let x = 16;
for (const t of BOARD.trees) {
  treeX.push(x);
  x += t.width * COL + GAP;
}
const WIDTH = x + 10;
const HEIGHT = TOP + LANE * 6 + 30;

export function spacePoint(s: Space): { x: number; y: number } {
  if (s.kind === 'finish') {
    const last = BOARD.trees.length - 1;
    return { x: treeX[last]! + BOARD.trees[last]!.width * COL + 6, y: TOP + LANE * 3 };
  }
  if (s.kind === 'jumpoff') {
    const zone = s.zone === 'green' ? 0 : s.zone === 'yellow' ? 1 : 2;
    return { x: treeX[s.tree]! + BOARD.trees[s.tree]!.width * COL + GAP / 2 - 4, y: TOP + LANE * (5 - zone * 2) };
  }
  return { x: treeX[s.tree]! + (s.col ?? 0) * COL + COL / 2, y: TOP + LANE * (5 - (s.lane ?? 0)) + LANE / 2 };
}

export function RaceBoard({ view, legal, act, busy, names }: {
  view: AcornRunView;
  legal: readonly Action[];
  act: (a: Action) => void;
  busy: boolean;
  names: (racer: number) => string;
}) {
  // On a narrow screen the board scrolls: keep the racer whose turn it is in sight.
  const wrap = useRef<HTMLDivElement>(null);
  const focusPos = view.racers[view.turn.racer]?.pos ?? null;
  useEffect(() => {
    const el = wrap.current;
    if (!el || focusPos === null || el.scrollWidth <= el.clientWidth) return;
    const at = (spacePoint(BOARD.spaces[focusPos]!).x / WIDTH) * el.scrollWidth;
    el.scrollLeft = Math.max(0, at - el.clientWidth / 2);
  }, [focusPos]);
  const acorns = new Map(view.boardAcorns.map((a) => [a.space, a.count]));
  const lands = new Map<number, Action>();
  for (const a of legal) if (a.type === 'land') lands.set(a.to, a);
  const pawnsAt = new Map<number, number[]>();
  for (const r of view.racers) if (r.pos !== null) pawnsAt.set(r.pos, [...(pawnsAt.get(r.pos) ?? []), r.racer]);
  return (
    <div className="ar-board-wrap" ref={wrap}>
      <svg className="ar-board" viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label="race board">
        {BOARD.trees.map((t, i) => (
          <g key={i}>
            {(['green', 'yellow', 'red'] as const).map((zone, z) => (
              <rect key={zone} x={treeX[i]! - 4} y={TOP + LANE * (4 - z * 2)} width={t.width * COL + 8} height={LANE * 2} fill={ZONE_FILL[zone]} opacity="0.18" rx="6" />
            ))}
            <rect x={treeX[i]! + (t.width * COL) / 2 - 5} y={TOP + LANE * 6} width="10" height="12" fill="#7a4e2a" />
            <text x={treeX[i]! + (t.width * COL) / 2} y={HEIGHT - 4} textAnchor="middle" fontSize="9" fill="#f3e2c4">
              {t.name}
            </text>
          </g>
        ))}
        {BOARD.spaces.map((s) => {
          if (s.forward === null) return null;
          const a = spacePoint(s);
          const b = spacePoint(BOARD.spaces[s.forward]!);
          if (s.kind === 'jumpoff') return null;
          return <line key={`f${s.id}`} x1={a.x} y1={a.y} x2={b.x} y2={b.y} stroke="#f3e2c4" strokeOpacity="0.35" strokeWidth="1.5" />;
        })}
        {BOARD.spaces.map((s) => {
          if (!s.foliage) return null;
          const a = spacePoint(s);
          const b = spacePoint(BOARD.spaces[s.foliage.to]!);
          return <line key={`l${s.id}`} x1={a.x} y1={a.y} x2={b.x} y2={b.y} stroke="#2d5a1c" strokeWidth="5" strokeOpacity="0.7" strokeDasharray="2 2" />;
        })}
        {BOARD.spaces.map((s) => {
          const p = spacePoint(s);
          const r = s.kind === 'finish' ? 9 : s.kind === 'jumpoff' ? 6 : s.kind === 'go' ? 5 : 4;
          const fill = s.kind === 'finish' ? '#ffe08a' : s.kind === 'jumpoff' ? '#fff4d6' : s.zone ? ZONE_FILL[s.zone] : '#ccc';
          const land = lands.get(s.id);
          return (
            <g key={s.id}>
              <circle cx={p.x} cy={p.y} r={r} fill={fill} stroke="#2b1a0c" strokeWidth="0.8" />
              {s.line !== null && <circle cx={p.x} cy={p.y} r={1.4} fill="#fff" />}
              {(acorns.get(s.id) ?? 0) > 0 && <ellipse cx={p.x} cy={p.y - 1} rx="2.6" ry="3.2" fill="#8a5a2b" stroke="#fff6e0" strokeWidth="0.6" />}
              {land && (
                <circle
                  cx={p.x}
                  cy={p.y}
                  r={r + 5}
                  className="ar-target"
                  role="button"
                  tabIndex={0}
                  aria-label={`land on ${spaceWords(s.id)}`}
                  data-action={JSON.stringify(land)}
                  onClick={() => !busy && act(land)}
                  onKeyDown={(e) => (e.key === 'Enter' || e.key === ' ') && !busy && act(land)}
                />
              )}
            </g>
          );
        })}
        {[...pawnsAt].map(([pos, racers]) => {
          const p = spacePoint(BOARD.spaces[pos]!);
          return racers.map((r, i) => {
            const racer = view.racers[r]!;
            return (
              <g key={r} transform={`translate(${p.x + i * 5 - (racers.length - 1) * 2.5} ${p.y - 9 - i * 2})`}>
                <title>{names(r)}</title>
                <path d="M0 -8 C4 -8 5 -4 3 -2 L5 6 L-5 6 L-3 -2 C-5 -4 -4 -8 0 -8 Z" fill={PAWN_FILL[racer.pawn] ?? '#999'} stroke={r === view.turn.racer ? '#fff' : '#2b1a0c'} strokeWidth={r === view.turn.racer ? 1.6 : 0.8} />
              </g>
            );
          });
        })}
      </svg>
    </div>
  );
}
