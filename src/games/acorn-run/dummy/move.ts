/**
 * Dummy movement (R14, rulebook "Dummy actions"): the path each instruction takes, and ending it
 * on the last space of that path a pawn may end on. Dummies step up, down and forward, never
 * backwards, and never across a foliage gap (they jump it, see jump.ts).
 */
import type { RunTables } from '../tables.js';
import { space } from '../board.js';
import type { DummyMove } from '../content/dummy-schema.js';
import { COLORS, type Color } from '../content/schema.js';
import { arrive, canEndOn, forwardPath } from '../pawns.js';
import type { State } from '../state.js';

/** Spaces where a dummy's movement ends and it jumps: a tree's jump-off, or the near edge of a foliage gap. */
export const isJumpSpace = (T: RunTables, id: number): boolean => space(T, id).kind === 'jumpoff' || space(T, id).foliage !== null;
/** The end of a tree's lanes: its jump-off spaces, or on the Great Oak the finish line. */
const isTreeEnd = (T: RunTables, id: number): boolean => space(T, id).kind === 'jumpoff' || id === T.board.finish;

/** One step in a direction; forward stops at nothing but the tree's end (gaps have no forward link). */
function step(T: RunTables, id: number, dir: 'up' | 'down' | 'forward'): number | null {
  const s = space(T, id);
  return dir === 'up' ? s.up : dir === 'down' ? s.down : s.forward;
}

/** Sprint: one lane up or down first when the board allows it (skipped otherwise), then forward. */
export function sprintPath(T: RunTables, from: number, shift: 'none' | 'up' | 'down', spaces: number): number[] {
  const path: number[] = [];
  let start = from;
  if (shift !== 'none') {
    const to = step(T, from, shift);
    if (to !== null) {
      path.push(to);
      start = to;
    }
  }
  if (isJumpSpace(T, start) && path.length > 0) return path;
  return [...path, ...forwardPath(T, start, spaces)];
}

/** Lanes of a color, and how far lane `lane` is from the nearest of them. */
const laneDistance = (lane: number, color: Color): number => {
  const c = COLORS.indexOf(color);
  return Math.min(Math.abs(lane - 2 * c), Math.abs(lane - (2 * c + 1)));
};

/**
 * The alternative action: toward the nearest lane of `color`, one lane per space (a forward step
 * where the board has no link up or down here), then forward, `spaces` spaces in all.
 */
export function alternativePath(T: RunTables, from: number, color: Color, spaces: number): number[] {
  const path: number[] = [];
  let cur = from;
  for (let i = 0; i < spaces; i++) {
    const s = space(T, cur);
    if (s.lane === null || isJumpSpace(T, cur) || cur === T.board.finish) break;
    let next: number | null = null;
    if (laneDistance(s.lane, color) > 0) {
      const c = COLORS.indexOf(color);
      next = step(T, cur, s.lane < 2 * c ? 'up' : 'down');
    }
    next ??= s.forward;
    if (next === null) break;
    path.push(next);
    cur = next;
    if (isTreeEnd(T, cur)) break;
  }
  return path;
}

/** Every simple path of up to `max` steps (up, down, forward) from `from`; a path stops at the tree's end. */
function paths(T: RunTables, from: number, max: number): number[][] {
  const out: number[][] = [];
  const walk = (path: number[]): void => {
    const cur = path.length === 0 ? from : path[path.length - 1]!;
    if (path.length > 0) out.push(path);
    if (path.length === max || isTreeEnd(T, cur) || (path.length > 0 && isJumpSpace(T, cur))) return;
    for (const dir of ['forward', 'up', 'down'] as const) {
      const next = step(T, cur, dir);
      if (next !== null && next !== from && !path.includes(next)) walk([...path, next]);
    }
  };
  walk([]);
  return out;
}

/**
 * The shortest path to every space within `max` steps (up, down, forward: never backwards). Of
 * equally short paths the most forward one is kept (R17): paths(T) tries forward before up and
 * down, so the first one found steps forward as early as it can.
 */
function shortestPaths(T: RunTables, from: number, max: number): number[][] {
  const best = new Map<number, number[]>();
  for (const p of paths(T, from, max)) {
    const end = p[p.length - 1]!;
    const known = best.get(end);
    if (!known || p.length < known.length) best.set(end, p);
  }
  return [...best.values()];
}

/**
 * Fetch an acorn: the tree's jump zone (or the finish) when max steps reach it; else, of the
 * acorns whose shortest path is min..max steps long (R17: a nearer acorn is never fetched by a
 * detour), the one farthest forward, a tie going to the lane toward the alternative's color,
 * reached by that shortest path; else the alternative action. Returns the path to take.
 */
export function fetchPath(T: RunTables, state: State, racer: number, from: number, move: Extract<DummyMove, { kind: 'fetch' }>): number[] {
  const all = shortestPaths(T, from, move.max);
  const toEnd = all.filter((p) => isTreeEnd(T, p[p.length - 1]!)).sort((a, b) => a.length - b.length);
  if (toEnd.length > 0) return toEnd[0]!;
  const acorns = all.filter((p) => {
    const end = p[p.length - 1]!;
    return p.length >= move.min && state.boardAcorns[end]! > 0 && canEndOn(T, state, end, racer);
  });
  if (acorns.length > 0) {
    const key = (p: number[]): [number, number] => {
      const s = space(T, p[p.length - 1]!);
      return [s.col ?? 0, -laneDistance(s.lane ?? 0, move.alt)];
    };
    acorns.sort((a, b) => {
      const [ca, la] = key(a);
      const [cb, lb] = key(b);
      return cb - ca || lb - la || a[a.length - 1]! - b[b.length - 1]!;
    });
    return acorns[0]!;
  }
  return alternativePath(T, from, move.alt, move.max);
}

/** The path a movement instruction takes from `from`. */
export function movePath(T: RunTables, state: State, racer: number, from: number, move: DummyMove): number[] {
  return move.kind === 'sprint' ? sprintPath(T, from, move.shift, move.spaces) : fetchPath(T, state, racer, from, move);
}

/**
 * Ends the movement on the path's last space a pawn may end on (R8: one before an occupied
 * space, and so on back); collects the acorn there. Returns the acorns collected, or null when
 * the dummy could not move at all.
 */
export function settle(T: RunTables, state: State, racer: number, path: readonly number[]): { to: number; acorns: number } | null {
  const r = state.racers[racer]!;
  for (let i = path.length - 1; i >= 0; i--) {
    const to = path[i]!;
    if (!canEndOn(T, state, to, racer)) continue;
    const before = r.acorns;
    arrive(T, state, racer, to, i === 0 ? r.pos! : path[i - 1]!);
    return { to, acorns: r.acorns - before };
  }
  return null;
}
