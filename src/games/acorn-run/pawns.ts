/**
 * Pawns on the board: where a pawn may end a move (R8), single-space moves, and arriving on a
 * space (collecting its acorns, or crossing the finish line).
 */
import type { RunTables } from './tables.js';
import { space } from './board.js';
import type { Direction } from './content/schema.js';
import type { State } from './state.js';

/**
 * R8: a turn may end on an empty space, or on a jump-off space (or the finish) whatever is there.
 * During the turn pawns never block (R8, amended): a single move may stop on a taken space, and
 * only the end of the turn is checked (see canEndTurn in turn.ts). Dummies, whose movement is the
 * whole of their turn, stop short of a taken space (rulebook "Dummy actions").
 */
export function canEndOn(T: RunTables, state: State, to: number, mover: number): boolean {
  const kind = space(T, to).kind;
  if (kind === 'jumpoff' || kind === 'finish') return true;
  // A loop, not some(): every legal-action list asks whether the turn may end here.
  const racers = state.racers;
  for (let i = 0; i < racers.length; i++) if (i !== mover && racers[i]!.pos === to) return false;
  return true;
}

/** The space one step away in `dir` (free moves, "oops"); never across a foliage gap. */
export function stepTarget(T: RunTables, from: number, dir: Direction): number | null {
  const s = space(T, from);
  switch (dir) {
    case 'up':
      return s.up;
    case 'down':
      return s.down;
    case 'forward':
      return s.forward;
  }
}

/** A single-space move in `dir`: possible wherever the board has a space there (R8: even a taken one). */
export function canStep(T: RunTables, state: State, racer: number, dir: Direction): boolean {
  const pos = state.racers[racer]!.pos;
  if (pos === null) return false;
  return stepTarget(T, pos, dir) !== null;
}

/**
 * Ends a move on `to`, coming from `from`. R8: the acorns there are collected, except ones this
 * racer dropped this turn ("oops"). Crossing the finish line records the lane color; the turn
 * then ends once the action that moved the pawn is complete (see rules.ts). Returns the acorns collected.
 */
export function arrive(T: RunTables, state: State, racer: number, to: number, from: number): number {
  const r = state.racers[racer]!;
  r.pos = to;
  if (to === T.board.finish) {
    r.finishLane = space(T, from).zone;
    return 0;
  }
  const acorns = state.boardAcorns[to]!;
  if (acorns > 0 && !state.turn.dropped.includes(to)) {
    r.acorns += acorns;
    state.boardAcorns[to] = 0;
    return acorns;
  }
  return 0;
}

/**
 * The path of a sprint of `n` spaces forward from `from` (R3): it stops early at a jump-off space,
 * a foliage gap or the finish line. Returns the spaces entered, in order.
 */
export function forwardPath(T: RunTables, from: number, n: number): number[] {
  const path: number[] = [];
  let cur = from;
  for (let i = 0; i < n; i++) {
    const next = space(T, cur).forward;
    if (next === null) break;
    path.push(next);
    cur = next;
    const kind = space(T, next).kind;
    if (kind === 'jumpoff' || kind === 'finish') break;
  }
  return path;
}
