/**
 * Acorn Run's board drawing (web/src/games/acorn-run/Board.tsx, issue 25): pawn names never cover
 * another pawn or another name — three racers on one space, racers on neighbouring spaces and in
 * neighbouring lanes — and the Go! labels fit left of the start spaces.
 */
import { describe, expect, it } from 'vitest';
import { BUILTIN_TABLES } from '../src/games/acorn-run/tables.js';
import type { AcornRunView } from '../src/games/acorn-run/view.js';

interface Place {
  x: number;
  y: number;
  dx: number;
  dy: number;
}
// Loaded by a computed path so the node tests' type check does not follow it into the web's .tsx
// (checked under web/tsconfig.json).
const BOARD_MODULE = '../web/src/games/acorn-run/Board.js';
const { pawnPlaces, labelWidth, spacePoint } = (await import(BOARD_MODULE)) as {
  pawnPlaces: (board: typeof BUILTIN_TABLES.board, view: AcornRunView, names: (r: number) => string) => Map<number, Place>;
  labelWidth: (name: string) => number;
  spacePoint: (board: typeof BUILTIN_TABLES.board, s: (typeof BUILTIN_TABLES.board.spaces)[number]) => { x: number; y: number };
};

const board = BUILTIN_TABLES.board;
const at = (name: string): number => board.byName.get(name)!;
const NAMES = ['Twinkle', 'Bloom', 'Hazelnut', 'Pip', 'Acorn', 'Bramble'];

/** A view with just what the board reads of it: where each racer stands. */
function viewAt(positions: (number | null)[]): AcornRunView {
  return { racers: positions.map((pos, racer) => ({ racer, pos, place: null, finishLane: null })) } as unknown as AcornRunView;
}

type Box = { l: number; r: number; t: number; b: number };
const meet = (a: Box, b: Box): boolean => a.l < b.r && b.l < a.r && a.t < b.b && b.t < a.b;

/** Every name label that covers another label or another pawn's body, as "A over B". */
function clashes(places: Map<number, Place>): string[] {
  const label = (r: number, p: Place): Box => {
    const w = labelWidth(NAMES[r]!);
    return { l: p.x + p.dx - w / 2, r: p.x + p.dx + w / 2, t: p.y + p.dy - 9, b: p.y + p.dy + 7 };
  };
  const body = (p: Place): Box => ({ l: p.x - 11, r: p.x + 11, t: p.y - 15, b: p.y + 13 });
  const out: string[] = [];
  for (const [a, pa] of places) {
    for (const [b, pb] of places) {
      if (a === b) continue;
      if (a < b && meet(label(a, pa), label(b, pb))) out.push(`${NAMES[a]}'s name over ${NAMES[b]}'s name`);
      if (meet(label(a, pa), body(pb))) out.push(`${NAMES[a]}'s name over ${NAMES[b]}'s pawn`);
    }
  }
  return out;
}

describe('pawn names on the Acorn Run board', () => {
  it.each([
    ['three racers on one space', ['t1.g1.2', 't1.g1.2', 't1.g1.2']],
    ['racers on neighbouring spaces of one lane', ['t1.g1.2', 't1.g1.3', 't1.g1.4']],
    ['racers in neighbouring lanes and spaces', ['t1.g1.2', 't1.g2.2', 't1.g1.3', 't1.g2.3']],
    ['six racers at the start, one a lane', ['t0.g1.0', 't0.g2.0', 't0.y1.0', 't0.y2.0', 't0.r1.0', 't0.r2.0']],
    ['two racers on one space, two beside them in the lane above', ['t1.g1.2', 't1.g1.2', 't1.g2.2', 't1.g2.3']],
  ])('cover no other name or pawn: %s', (_, names) => {
    const places = pawnPlaces(board, viewAt(names.map(at)), (r) => NAMES[r]!);
    expect(places.size).toBe(names.length);
    expect(clashes(places)).toEqual([]);
  });

  it('leave room left of the start spaces for "Go!"', () => {
    // The label is drawn right-aligned 22 units left of the space's centre, about 22 units wide.
    for (const s of board.spaces.filter((sp) => sp.kind === 'go')) expect(spacePoint(board, s).x - 22 - 24).toBeGreaterThanOrEqual(0);
  });
});
